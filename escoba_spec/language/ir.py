"""The intermediate representation of one resolved variant.

Frozen dataclasses with no behaviour: `build.build_variant` produces them from
validated YAML, and everything downstream (compiler, interpreter, engine,
rulebook, diff) reads only these. Every rule keeps the YAML position it came
from (`Origin`) so generated code and diagnostics can point back at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .ir_source import Origin, Source  # noqa: F401 (named as ir.Origin, ir.Source)
from .ir_values import (  # noqa: F401 (each is a field's type, named as ir.<Name>)
    SOURCE_KINDS, AvoidEnds, BottomCard, CaptureMode, DealOrder, DeclarationCheck, DeclarationEffect, DeclarationKeep, Direction,
    Effect, EmptyTable, FaceDownTo, Goal, KindFrom, MatchCheck, Obligation, ObligationMust, ObligationScope,
    OpeningAction, OpeningTrigger, PileTop, PriorityRule, ReplaceTo, ReplaceWhere, Sets, StockRemainder, TableLayout,
    Take, Taker, TiePolicy,
)


#: a text of the file's author in the languages it was given in: (language code, text), in
#: the file's order. Empty when it was given as one text; the plain field beside it holds
#: that text, or else the first form given (what the tools show).
Forms = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Suit:
    symbol: str  # one lowercase letter used in the card text form, e.g. "o" for oros
    name: str  # identifier used in expressions, e.g. "oros"
    words: tuple[tuple[str, str], ...] = ()  # a declared deck's: (language, word) for the rulebook


@dataclass(frozen=True)
class Rank:
    symbol: str  # text form, e.g. "7", "S" (sota)
    name: str  # identifier, e.g. "seven", "sota"
    number: int  # the rank's position, 1 up (the 40-card decks' figures are 8, 9, 10 in deck order)
    value: int  # capture value (0 when valued is false)
    primiera: int  # value in the setenta / primiera count
    valued: bool = True  # false: no capture value (Cicera's courts): in no sum, captures and is captured by rank only
    #: a declared deck's: (language, singular, plural, gender m|f|n) for the rulebook
    words: tuple[tuple[str, str, str, str], ...] = ()
    #: capture values the holder may choose instead of `value`, card by card and play by play
    #: (Tablić's ace: value 1, other_values (11,)); `value` is the first the file lists
    other_values: tuple[int, ...] = ()

    @property
    def capture_values(self) -> tuple[int, ...]:
        """Every capture value the rank may count (none when it has none)."""
        return (self.value, *self.other_values) if self.valued else ()


@dataclass(frozen=True)
class Jokers:
    count: int  # 0 when the deck has none
    values: tuple[int, ...]  # the capture values a joker may stand for
    primiera: int  # a joker's primiera value (it has no suit, so it never completes one)


@dataclass(frozen=True)
class Deck:
    preset: str  # spanish-40 | italian-40 | french-40 | italian-52 | french-52, or "declared": the file's own suits and ranks
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    scoring_suit: str  # suit name
    jokers: Jokers
    sources: tuple[Source, ...] = ()
    wild: int = -1  # a card of the deck that is wild in captures too (declarations.wild_captures); -1: none
    #: a card of the deck that plays as the card it was declared as (declarations.wild_as_declared):
    #: CardSet gives it a reading per rank, cards past the deck's; -1: none
    named: int = -1

    def capture_jokers(self) -> tuple[int, tuple[int, ...]]:
        """How many cards stand for a capture value of their holder's choosing, and which values:
        the jokers, and the deck's wild card when it is wild in captures (standing for what a
        joker stands for, or with no jokers for every capture value of the deck)."""
        count = self.jokers.count + (self.wild >= 0)
        if self.jokers.count:
            return count, tuple(self.jokers.values)
        if self.wild >= 0:
            return count, tuple(sorted({v for r in self.ranks for v in r.capture_values}))
        return 0, ()


@dataclass(frozen=True)
class Layout:
    """One allowed table: `players` seats forming players // team_size sides.

    Seats are numbered in playing order; seat s belongs to side s % sides, so
    partners sit alternately (opposite each other at four). `hand_size` and
    `table_cards` are this table's own deal when it has one (None: the deal's), and
    `first_lead` its own cards the first player may not lead (None: the deal's)."""

    players: int
    team_size: int = 1
    hand_size: int | None = None  # 0: the whole deck in one round
    table_cards: int | None = None
    first_lead: int | None = None  # a card mask, as Deal.first_lead_not
    first_lead_text: str = ""

    @property
    def sides(self) -> int:
        return self.players // self.team_size


@dataclass(frozen=True)
class Players:
    layouts: tuple[Layout, ...]
    direction: Direction
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class OpeningTable:
    """What happens when the first table cards already make a capture."""

    trigger: OpeningTrigger  # never; some subset captures; the total is a multiple listed
    multiples: tuple[int, ...]  # for trigger total: k such that total == k * target counts
    partition: bool  # for trigger total: the cards must split into k groups of target
    action: OpeningAction
    taker: Taker  # who takes the cards when action is capture
    sweeps: bool  # the taken cards count as sweeps, one per multiple
    sources: tuple[Source, ...] = ()
    targets: tuple[int, ...] = ()  # the totals it measures the table against (empty: the capture's)

    def targets_of(self, capture: "Capture") -> tuple[int, ...]:
        """The totals in force: its own, or the capture's."""
        return self.targets or capture.targets


@dataclass(frozen=True)
class RedealCondition:
    """An expression over the opening table (`table`, `deck`): when it holds, the deal is void."""

    text: str
    node: object  # the resolved expression tree (bool)
    origin: Origin


@dataclass(frozen=True)
class Replacement:
    """Dealt cards of a kind (`cards`, a mask) that may not lie where they were dealt (`where`): a
    face-up card of the opening table goes back into the stock (`to`) and the next stock card takes
    its place; the stock's bottom card is swapped for the nearest card above it that may lie there."""

    cards: int
    cards_text: str  # the card predicate the file gave
    where: ReplaceWhere
    to: ReplaceTo = "stock-bottom"
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class DealStage:
    """One step of a hand's first round dealt in stages (deal.stages): cards to the first player
    (`deal: first-player`, `cards` of them), the table cards (`deal: table`), every seat up to
    `cards` dealt this round or else the round's hand size (`deal: each`, in packets), the first player's bid, the face-down table cards
    turned up, or `cards` plays before the rest is dealt (`play`)."""

    step: Literal["deal", "bid", "turn-up", "play"]
    to: Literal["first-player", "table", "each", ""] = ""
    cards: int = 0  # deal to first-player: how many; each: up to how many (0: the hand size); play: how many plays


@dataclass(frozen=True)
class Bid:
    """The first player's bid, made on the cards dealt to them so far (a `bid` stage): a value of
    one of their cards that `cards` names; a deal in which they hold none is dealt again. With
    `first_play: bid-value` their first play builds that value or plays a card of it."""

    cards: int  # the cards whose value may be bid
    cards_text: str
    first_play: Literal["free", "bid-value"] = "free"
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Table:
    """How the table's cards lie: a spread, or a stack whose top card alone is matched."""

    layout: TableLayout = "spread"
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Piles:
    """How each side keeps its captures: face down and unordered (hidden), or in one pile whose last
    capturing card lies face up on top (shown), seen by every seat; a capture kind `from` a pile
    takes another side's whole pile by its top card (Rubamazzo)."""

    top: PileTop = "hidden"
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Deal:
    hand_size: int  # cards each per round; 0: the whole deck in one round (a layout may give its own)
    table_cards: int  # on the table at the first deal of a hand only (face up, but the first face_down)
    first_player: Literal["after-dealer", "before-dealer"]
    dealer_rotation: Literal["next", "previous"]  # after each hand
    round_dealer: Literal["same", "next"]  # who deals the later rounds of a hand (004: the deal rotates)
    stock_remainder: StockRemainder  # cards that do not fill a whole round of deals
    opening: OpeningTable
    sources: tuple[Source, ...] = ()
    order: DealOrder = "hands-first"
    first_lead_not: int = 0  # cards the first player may not lead on a hand's first play (when holding others)
    first_lead_text: str = ""  # the card predicate that says which
    redeal: tuple[RedealCondition, ...] = ()
    face_down: int = 0  # the first of the table cards dealt lie face down (under a stack; apart on a spread)
    face_down_to: FaceDownTo = "first-capturer"  # who takes them from a spread (a stack's go with its first capture)
    bottom_card: BottomCard = "hidden"
    replace: tuple[Replacement, ...] = ()
    stages: tuple[DealStage, ...] = ()  # the first round dealt in stages; empty: as `order` says
    packets: int = 0  # cards a seat is dealt at a time in a round; 0: its whole share at once
    bid: Bid | None = None


#: the `cards` mask of a capture kind open to every card
EVERY_CARD = -1


@dataclass(frozen=True)
class CaptureKind:
    """One way a played card captures. Several kinds may be open to one play."""

    id: str
    take: Take
    cards: int  # mask of the cards that may capture this way when played; EVERY_CARD (-1) for every card
    cards_text: str  # the card predicate the file gave for them ("" when every card may)
    targets: tuple[int, ...] = ()  # sum-with-played: the totals the played card and the set make
    sets: Sets = "one"
    run: bool = False  # then also the next higher ranks, in sequence from the played card's, while on the table
    unless_rank_on_table: bool = False  # whole-table: not while a card of the played card's rank is on the table
    empty_table: EmptyTable = "lay"  # whole-table: what becomes of the card played to an empty table
    sweep: bool = True  # clearing the table this way is a sweep
    sources: tuple[Source, ...] = ()
    #: where it takes from: the table, or a whole pile of another side (`take` then looks at the pile's
    #: top card: equal-rank, equal-value; whole-table takes the pile whatever its top)
    from_zone: KindFrom = "table"


@dataclass(frozen=True)
class PriorityStep:
    """A rule over the captures of one played card, applied in the file's order:
    prefer (a capture of one of `kinds`, when there is one, excludes the others),
    always (captures of `kinds` survive every other step), one-card-first (a
    capture of one card excludes captures of more), fewest-cards, most-cards,
    sweep (a capture that clears the table excludes the others, except on the
    hand's last play). The rules but always, given `kinds`, look only at the captures
    those kinds make (one-card-first with kinds [match]: a single card matched)."""

    rule: PriorityRule
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class ObligationStep:
    """A rule that makes some captures compulsory, applied over the moves of the seat to play:
    when the played card (`of` played-card) or any card of the hand (any-card) can make a
    capture of one of `kinds` (every kind when empty) or, with `must` sweep, one that clears
    the table (not on the hand's last play), the moves that make none go: that card's other
    moves, or every other move of the hand."""

    of: ObligationScope
    must: ObligationMust = "capture"
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Builds:
    """A hand card laid on loose table cards as one unit of an announced value (capture.builds)."""

    lowest: int  # the values a build may announce, lowest to highest
    highest: int
    hold: bool  # the builder must still hold a card of the value it announces
    raise_: str  # none | single: a hand card raises a build of one set to a new value
    raise_with_table: bool  # loose cards may help a raise (pagat's variation)
    raise_own: bool  # the seat that changed a build last may raise it again
    duties: tuple[str, ...]  # no-trail, keep-card: what the seat that changed a standing build last may not do
    sources: tuple[Source, ...] = ()
    per_value: str = "any"  # any | one: a build of a value that stands takes in any other made of it (Seep)
    absorb: bool = False  # a build move leaves no loose card or set of its value: it takes them in (Seep)
    owners: str = "last"  # last: the seat that changed it last owns it; shared: every side that added to it (Seep)


@dataclass(frozen=True)
class Capture:
    mode: CaptureMode  # sum: played card + subset == a target; match: subset sums to played value; kinds: listed
    targets: tuple[int, ...]  # the totals of the sum-with-played kinds, e.g. (15,) or (15, 30)
    single_card_first: bool  # a capture of one card must be taken before a sum (the priority step one-card-first)
    obligation: Obligation
    missed_capture_claim: bool  # 003: the next player may take a capture the previous one missed
    sources: tuple[Source, ...] = ()
    kinds: tuple[CaptureKind, ...] = ()  # mode kinds: the kinds listed (sum and match stand for theirs: capture.kinds_of)
    priority: tuple[PriorityStep, ...] = ()  # the steps the file gives (single_card_first is its own field)
    #: the file's obligation as a list of steps (obligation is then none: a player may trail unless a step
    #: says otherwise); empty for the three words
    obligations: tuple[ObligationStep, ...] = ()
    builds: Builds | None = None  # capture.builds: none, unless the file says how builds are made


@dataclass(frozen=True)
class Sweeps:
    enabled: bool
    weight_by_target: bool  # a sweep counts total // min(targets) (a 30-sweep counts 2)
    not_on_last_play: bool  # the last play of the hand never sweeps (002)
    not_with_joker: bool  # a capture that uses a joker never sweeps (Comodines)
    sources: tuple[Source, ...] = ()
    #: sweeps.weight: what each sweep adds to the count, times its target multiple (None: 1)
    weight: object = None  # expr.Node (number) in the sweep scope
    weight_text: str = ""


@dataclass(frozen=True)
class LeftoverCheck:
    totals: tuple[int, ...]  # the leftover totals the text lists, e.g. (10, 25, 40, 55)
    modulus: int  # the invariant behind them: leftover == deck_total (mod modulus)
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Penalty:
    """What a side found at fault (a wrong leftover total) suffers."""

    loses_match: bool
    points_to_opponents: int
    opponents_add_sweeps: bool
    points_lost: int
    points_lost_add_sweeps: bool
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class EndOfDeal:
    leftovers_to: Literal["last-capturer", "dealer", "nobody"]  # dealer: the hand's dealer's side (Tablić)
    leftovers_sweep: bool  # always False in the seeds: taking leftovers is never a sweep
    check: LeftoverCheck | None
    penalty: Penalty | None
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class ScoringRule:
    id: str
    name: str
    award: object  # expr.Node (boolean), evaluated once per side
    points: object  # expr.Node (number)
    effect: Effect
    award_text: str
    points_text: str
    origin: Origin
    sources: tuple[Source, ...] = ()
    shared: bool = False  # the award has a most() with ties: split: its points are shared by the sides awarded
    #: the award has a most() with ties: carry: a hand in which no side scores it adds its points (a
    #: constant) to the next hand's, and the side that next scores it has them all
    carried: bool = False
    names: Forms = ()  # the name in each language given (name is the plain or first one)


@dataclass(frozen=True)
class PlayEvent:
    """Points (or the match) scored the moment a play happens, when `when` holds over it.

    With `kinds`, the play must be a capture that one of those capture kinds makes (a
    capture counts as made by every kind that offers it). An event that fires together
    with one it names in `instead_of` replaces it on that play (no stacking)."""

    id: str
    name: str
    when: object  # expr.Node (boolean) in the play scope
    points: object  # expr.Node (number)
    effect: Effect
    when_text: str
    points_text: str
    origin: Origin
    kinds: tuple[str, ...] = ()
    instead_of: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    names: Forms = ()  # the name in each language given (name is the plain or first one)


@dataclass(frozen=True)
class Scoring:
    ties: TiePolicy  # default tie policy of most()
    rules: tuple[ScoringRule, ...]
    events: tuple[PlayEvent, ...] = ()  # scored during play, in the file's order




@dataclass(frozen=True)
class Declaration:
    """A condition on a player's dealt hand (and the table), scored as soon as the round is dealt."""

    id: str
    name: str
    when: object  # expr.Node (boolean) in the hand scope
    points: object  # expr.Node (number)
    effect: DeclarationEffect
    when_text: str
    points_text: str
    origin: Origin
    sources: tuple[Source, ...] = ()
    names: Forms = ()  # the name in each language given (name is the plain or first one)


@dataclass(frozen=True)
class Declarations:
    """The declarations of a variant and how they are made. `wild` is a card of the deck
    counted, in declarations, as whichever card helps its holder most (and, with
    wild_opening, on the opening table, with wild_captures, in play)."""

    rules: tuple[Declaration, ...] = ()
    check: DeclarationCheck = "every-round"
    keep: DeclarationKeep = "all"
    wild: int = -1  # card index; -1: no wild card
    wild_text: str = ""
    sources: tuple[Source, ...] = ()
    wild_captures: bool = False  # the wild card stands for any capture value in play too (Deck.wild)
    show: bool = False  # a player who declares lays the hand face up and plays it from there
    wild_opening: bool = False  # the wild card is wild on the opening table too (deal.opening)
    #: a hand declared with the wild card standing for another rank plays it as that rank until
    #: it is captured (pagat's Cirulla: it "keeps that capture value during the play")
    wild_as_declared: bool = False




@dataclass(frozen=True)
class Match:
    target: int
    both_past_target: Literal["higher-wins"]
    tie: Literal["another-hand"]
    sources: tuple[Source, ...] = ()
    goal: Goal = "reach"
    check: MatchCheck = "end-of-hand"
    games: int = 1  # a set: the first side to win this many games (each to the target) wins it
    shutout: int = 0  # a side that loses a game with fewer points than this loses the set at once (0: never)
    avoid_ends: AvoidEnds = "last-left"  # goal avoid: elimination to the last side, or the first side out ends it


@dataclass(frozen=True)
class Visibility:
    open_hands: bool  # every hand face up: each seat observes every hand
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Option:
    """A choice the variant's text offers; `chosen` is the one in force.

    `label` names the option for people (empty: its id is shown), `value_labels` names
    some of its choices: (choice, its label, the label's forms)."""

    id: str
    description: str
    choices: tuple[str, ...]
    default: str
    chosen: str
    sources: tuple[Source, ...] = ()
    descriptions: Forms = ()
    label: str = ""
    labels: Forms = ()
    value_labels: tuple[tuple[str, str, Forms], ...] = ()


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    description: str
    file: str
    sha256: str  # of the rule file and every file it extends, in order
    extends: tuple[str, ...]  # the chain of bases, nearest first
    deck: Deck
    players: Players
    deal: Deal
    capture: Capture
    sweeps: Sweeps
    end_of_deal: EndOfDeal
    scoring: Scoring
    match: Match
    visibility: Visibility
    options: tuple[Option, ...] = field(default=())
    declarations: Declarations = field(default=Declarations())
    table: Table = field(default=Table())
    piles: Piles = field(default=Piles())
    names: Forms = ()  # the name in each language given (name is the plain or first one)
    descriptions: Forms = ()  # likewise for the description
