"""What the engine needs to know about a variant: `Params` and `RuleSet`.

The engine is generic; everything a variant decides reaches it through one
`RuleSet` object. Two implementations exist side by side: the interpreter
(`escoba_spec.engine.interpreter.Interpreter`, which walks the IR) and a variant's
kernel (`engine.kernel.KernelRuleSet`, on the step functions of the numba module the
compiler writes). Both must give identical answers, so the protocol is deliberately small:

* ``params`` — the structural numbers and switches (hand size, obligation,
  opening action, ...) as plain, repr-safe data, so the compiler can
  write them into a kernel as literals;
* a few behaviours — capture options, sweep weight, the opening-table trigger,
  redeal conditions, hand scoring and the events of a play — where the
  variant's logic lives.

Cards are `int` indices and card sets `int` bit masks (see `escoba_spec.language.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

from ..language import ir
from ..language.cards import CardSet, union
from ..language.derive import kinds_of, steps_of, table_deal
from ..language.expr.env import MATCH_VARIABLES, NO_MATCH, MatchFacts, PlayFacts
from ..language.expr.nodes import Name, children, constant

#: total -> masks of the table's non-joker subsets with that total (the empty
#: subset is listed under 0). Kept up to date incrementally by the engine.
SubsetSums = Mapping[int, Sequence[int]]


class PileView(NamedTuple):
    """The piles a capture kind `from` a pile may take (piles.top: shown): every side's pile and its
    top card (-1: none), the side of the seat to play and the side of the seat after it."""

    piles: tuple[int, ...]
    tops: tuple[int, ...]
    side: int
    next_side: int


@dataclass(frozen=True)
class Kind:
    """One capture kind, as plain data (repr-safe, so the compiler can write it out)."""

    id: str
    take: str  # equal-rank | equal-value | sum | sum-with-played | whole-table
    cards: int  # the played cards that may use it
    targets: tuple[int, ...] = ()
    many: bool = False  # several disjoint sets at once
    every: bool = False  # every set at once, as one capture (sets: all)
    maximal: bool = False  # several disjoint sets, as many as can be taken (sets: maximal; many too)
    run: bool = False
    unless_rank_on_table: bool = False
    keep: bool = False  # whole-table, played to an empty table: kept in the pile
    sweep: bool = True
    from_zone: str = "table"  # or other-piles, next-pile: it takes another side's whole pile by its top card

    @classmethod
    def from_ir(cls, kind) -> "Kind":
        return cls(kind.id, kind.take, kind.cards, tuple(kind.targets), many=kind.sets in ("many", "maximal"),
                   every=kind.sets == "all", maximal=kind.sets == "maximal", run=kind.run, unless_rank_on_table=kind.unless_rank_on_table,
                   keep=kind.empty_table == "keep", sweep=kind.sweep, from_zone=kind.from_zone)


@dataclass(frozen=True)
class Params:
    """The variant's structural rules the engine applies itself.

    Everything here is an int, bool, str or tuple of them so that generated
    code can reproduce it with `repr`."""

    hand_size: int
    table_cards: int
    first_player: str  # "after-dealer" | "before-dealer"
    dealer_rotation: str  # "next" | "previous"
    round_dealer: str  # "same" | "next": with next, round r of a hand is led by the seat r after the first player
    stock_remainder: str  # "none" | "to-table" | "set-aside"
    opening_action: str  # "play-on" | "set-aside" | "redeal" | "capture"
    opening_taker: str  # "dealer" | "first-player"
    opening_sweeps: bool  # the taker of the opening table scores one sweep per multiple
    obligation: str  # "none" | "played-card" | "any-card"
    missed_capture_claim: bool
    leftover_modulus: int  # 0: no leftover check (none in the variant, or a card whose value is a choice)
    leftover_totals: tuple[int, ...]
    match_target: int
    open_hands: bool
    layouts: tuple[tuple[int, int], ...]  # (players, team_size) the variant allows
    points_rules: tuple[str, ...]  # ids of the scoring rules whose effect is points, in order
    sums_limit: int  # the largest table-subset total capture_options ever looks up
    max_hands: int = 500  # a match longer than this is abandoned with an error
    #: the capture kinds, when the variant's capture rule is not one of the seeds' two modes
    #: as they were (empty: mode sum or match, played by their own code); see engine.kinds
    capture_kinds: tuple[Kind, ...] = ()
    builds: ir.Builds | None = None  # capture.builds (engine.builds); None: a play never builds
    capture_priority: tuple[tuple[str, tuple[str, ...]], ...] = ()
    keep_mask: int = 0  # cards kept in the player's pile when played to an empty table
    #: (players, team_size, hand_size, table_cards) of every table, when the tables do not all deal
    #: hand_size and table_cards (a layout's own deal, or the whole deck at once); empty when they do
    layout_deals: tuple[tuple[int, int, int, int], ...] = ()
    deal_order: str = "hands-first"  # or "table-first": the first round lays the table before the hands
    first_lead_not: int = 0  # cards the first player may not lead on the hand's first play (holding others)
    #: (players, mask) of each table with its own first lead (players.layouts[].first_lead); the
    #: other tables have first_lead_not
    layout_first_leads: tuple[tuple[int, int], ...] = ()
    #: the wild card, wild on the opening table (declarations.wild_opening): the opening rule holds
    #: if it holds with it counted as some other card; -1: none
    opening_wild: int = -1
    redeal: bool = False  # the variant has conditions on the opening table that void the deal (RuleSet.redeal_wanted)
    leftovers_to: str = "last-capturer"  # or "dealer" (the dealer's side), or "nobody": set aside
    #: ids of the events scored during play whose effect is points (also at the end of points_rules)
    event_points: tuple[str, ...] = ()
    events: bool = False  # the variant scores events during play (RuleSet.play_events)
    sweep_by_play: bool = False  # sweeps.weight: a sweep's worth is asked of its play (RuleSet.sweep_weight)
    match_goal: str = "reach"  # or "avoid": a side reaching the target is out, the last left wins; or "lead"
    match_avoid_ends: str = "last-left"  # goal avoid: or "first-out", the first side at the target ends the match
    match_check: str = "end-of-hand"  # or "at-once": points scored in play that reach the target end the match
    match_games: int = 1  # games a side must win to win the match (a set); scores start again after each
    match_shutout: int = 0  # a side losing a game with fewer points than this loses the match
    match_names: bool = False  # the scoring rules name the match (score, dealer, ...): score_hand is told it
    #: (id, effect) of each declaration (RuleSet.declaration_values), when and which count, the wild card
    declarations: tuple[tuple[str, str], ...] = ()
    #: the declarations whose effect is sweeps, in the file's order (simulate counts them apart)
    sweep_declarations: tuple[str, ...] = ()
    declare_check: str = "every-round"  # or "first-round"
    declare_keep: str = "all"  # or "best": one declaration per seat and round, the one worth most
    declare_wild: int = -1  # the card counted as any card in declarations; -1: none
    declare_show: bool = False  # a declared hand is laid face up: every seat sees it (Observation.shown)
    stack: bool = False  # the table is a stack: its top card alone is matched, a capture takes all of it
    pile_tops: bool = False  # each side's pile shows its last capturing card on top (piles.top: shown)
    face_down: int = 0  # the first of the opening table's cards lie face down (under a stack, or apart)
    face_down_to: str = "first-capturer"  # or "last-capturer" (with the leftovers) or "nobody" (a spread's)
    bottom_shown: bool = False  # the stock's bottom card lies face up for every seat to see
    replace_bottom: int = 0  # cards that may not be the stock's bottom card (the nearest other above takes it)
    #: (cards, "stock-bottom" | "stock-middle") of each replacement of an opening table card by a stock
    #: card, in order
    replace_table: tuple[tuple[int, str], ...] = ()
    #: cards that may not be a stack's top as dealt: each is covered by the next face-down card turned up
    replace_covered: int = 0
    #: (id, points) of each scoring rule whose tie carries its points to the next hand (ties: carry)
    carry_rules: tuple[tuple[str, int], ...] = ()
    #: (of, must, kinds) of each obligation step (ir.ObligationStep), applied to the legal moves in
    #: order (engine.state); obligation is then "none"
    obligation_steps: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    #: the first round dealt in stages (ir.DealStage: step, to, cards), run by engine.staging; empty: at once
    stages: tuple[tuple[str, str, int], ...] = ()
    packets: int = 0  # cards a seat is dealt at a time in a round; 0: its whole share at once
    bid_cards: int = 0  # the cards whose value the first player may bid (deal.bid)
    bid_binds: bool = False  # the bidder's first play builds the bid value or plays a card of it

    def deal_of(self, players: int, team_size: int) -> tuple[int, int]:
        """(hand size, table cards) of a table of `players` seats in teams of `team_size`."""
        for p, t, hand, table in self.layout_deals:
            if (p, t) == (players, team_size):
                return hand, table
        return self.hand_size, self.table_cards

    @classmethod
    def from_variant(cls, variant) -> "Params":
        """Read the structural rules out of an `ir.Variant`."""
        check = variant.end_of_deal.check
        jokers, joker_values = variant.deck.capture_jokers()
        capture = variant.capture
        played = [v for r in variant.deck.ranks for v in r.capture_values] + list(joker_values)
        kinds = ()
        if _needs_kinds(variant):
            listed = kinds_of(capture)
            kinds = tuple(Kind.from_ir(k) for k in listed)
            limits = [max(k.targets) - min(played) if k.take == "sum-with-played" else max(played)
                      for k in listed if k.take in ("equal-value", "sum", "sum-with-played")]
            limit = max(limits, default=0)
        elif capture.mode == "sum":
            limit = max(capture.targets) - min(played)
        else:
            limit = max(played)
        several = jokers or any(r.other_values for r in variant.deck.ranks)  # a card's value is a choice
        modulus = check.modulus if check is not None and not several else 0
        deal = variant.deal
        size = CardSet(variant.deck).size
        deals = tuple((lay.players, lay.team_size, *table_deal(deal, lay, size)) for lay in variant.players.layouts)
        uniform = deal.hand_size and all(d[2:] == (deal.hand_size, deal.table_cards) for d in deals)
        return cls(
            hand_size=variant.deal.hand_size,
            table_cards=variant.deal.table_cards,
            first_player=variant.deal.first_player,
            dealer_rotation=variant.deal.dealer_rotation,
            round_dealer=variant.deal.round_dealer,
            stock_remainder=variant.deal.stock_remainder,
            opening_action=variant.deal.opening.action,
            opening_taker=variant.deal.opening.taker,
            opening_sweeps=variant.deal.opening.sweeps,
            obligation=variant.capture.obligation,
            missed_capture_claim=variant.capture.missed_capture_claim,
            leftover_modulus=modulus,
            leftover_totals=tuple(check.totals) if check is not None else (),
            match_target=variant.match.target,
            open_hands=variant.visibility.open_hands,
            layouts=tuple((lay.players, lay.team_size) for lay in variant.players.layouts),
            points_rules=tuple(r.id for r in (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)
                               if r.effect == "points"),
            # a build of the highest value looks up sets of it (engine.builds)
            sums_limit=max(limit, variant.capture.builds.highest if variant.capture.builds else 0, 0),
            capture_kinds=kinds,
            builds=variant.capture.builds,
            capture_priority=tuple((s.rule, s.kinds) for s in steps_of(capture)) if kinds else (),
            keep_mask=union(k.cards for k in kinds if k.take == "whole-table" and k.keep),
            layout_deals=() if uniform else deals,
            deal_order=deal.order,
            first_lead_not=deal.first_lead_not,
            opening_wild=variant.declarations.wild if variant.declarations.wild_opening else -1,
            layout_first_leads=tuple((lay.players, lay.first_lead) for lay in variant.players.layouts
                                     if lay.first_lead is not None),
            redeal=bool(deal.redeal),
            leftovers_to=variant.end_of_deal.leftovers_to,
            event_points=tuple(e.id for e in variant.scoring.events if e.effect == "points"),
            events=bool(variant.scoring.events),
            sweep_by_play=variant.sweeps.weight is not None,
            match_goal=variant.match.goal,
            match_check=variant.match.check,
            match_avoid_ends=variant.match.avoid_ends,
            match_games=variant.match.games,
            match_shutout=variant.match.shutout,
            match_names=any(names_match(r.award) or names_match(r.points) for r in variant.scoring.rules),
            declarations=tuple((d.id, d.effect) for d in variant.declarations.rules),
            sweep_declarations=tuple(d.id for d in variant.declarations.rules if d.effect == "sweeps"),
            declare_check=variant.declarations.check,
            declare_keep=variant.declarations.keep,
            declare_wild=variant.declarations.wild,
            declare_show=variant.declarations.show,
            stack=variant.table.layout == "stack",
            pile_tops=variant.piles.top == "shown",
            face_down=deal.face_down,
            face_down_to=deal.face_down_to,
            bottom_shown=deal.bottom_card == "shown",
            replace_bottom=union(r.cards for r in deal.replace if r.where == "bottom"),
            replace_table=tuple((r.cards, r.to) for r in deal.replace if r.where == "table" and r.to != "covered"),
            replace_covered=union(r.cards for r in deal.replace if r.where == "table" and r.to == "covered"),
            carry_rules=tuple((r.id, constant(r.points)) for r in variant.scoring.rules if r.carried),
            obligation_steps=tuple((o.of, o.must, o.kinds) for o in capture.obligations),
            stages=tuple((s.step, s.to, s.cards) for s in deal.stages),
            packets=deal.packets,
            bid_cards=deal.bid.cards if deal.bid else 0,
            bid_binds=bool(deal.bid and deal.bid.first_play == "bid-value"),
        )


def names_match(node) -> bool:
    """Whether an expression tree names where the match stands (score, opponent_score, dealer, hand_number,
    the hand's bid and bidder)."""
    return names_any(node, MATCH_VARIABLES)


def names_any(node, names) -> bool:
    """Whether an expression tree names one of `names` (as variables, not card fields)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Name) and current.name in names and current.value is None:
            return True
        if current is not None:
            stack.extend(children(current))
    return False


def events_name_declared(variant) -> bool:
    """Whether an event names `declared` (the sides' declared hands): the kernel's event function
    is then told them."""
    return any(names_any(e.when, ("declared",)) or names_any(e.points, ("declared",)) for e in variant.scoring.events)


def _needs_kinds(variant) -> bool:
    """Whether the capture rule goes beyond the seeds' modes as their own code plays them:
    listed kinds, a priority beyond single_card_first, cards with no capture value, or an
    event that names the kinds of a capture."""
    capture = variant.capture
    return (capture.mode == "kinds" or bool(capture.priority) or any(not r.valued for r in variant.deck.ranks)
            or any(e.kinds for e in variant.scoring.events)  # an event asks which kinds made a capture
            or any(o.kinds for o in capture.obligations))  # so does an obligation step


@dataclass(frozen=True)
class HandScore:
    """What one hand's scoring gave.

    `points[side]` maps every points rule id (in rule order) to the points that
    side scored for it (0 when not awarded). `effects` lists the match effects
    awarded, as (side, rule id, "win-match" | "lose-match")."""

    points: tuple[dict[str, int], ...]  # a shared rule (ties: split) may give a Fraction
    effects: tuple[tuple[int, str, str], ...] = field(default=())
    #: after the hand, the points each ties: carry rule carries into the next (Params.carry_rules' order)
    carried: tuple[int, ...] = field(default=())

    def totals(self) -> tuple[int, ...]:
        return tuple(whole(sum(p.values())) for p in self.points)


def whole(points):
    """Points as an int whenever they are whole (1/2 + 1/2 is 1): shares of a split
    tie are Fractions, and a score that adds up to a whole number prints as one."""
    return int(points) if getattr(points, "denominator", 1) == 1 else points


@runtime_checkable
class RuleSet(Protocol):
    """Everything variant-specific the engine asks. See the module docstring."""

    id: str  # the variant id
    cards: CardSet
    params: Params

    def capture_options(self, card: int, table: int, sums: SubsetSums, last_play: bool = False,
                        piles: PileView | None = None) -> Sequence[int]:
        """The table subsets (non-empty masks) `card` may capture from `table`, and the piles it
        may take whole.

        `last_play` is passed (true on the hand's last play) only to a RuleSet whose
        params list capture kinds: their `sweep` priority step depends on it; `piles` only
        when a kind takes from a pile (`params.pile_tops`).

        `sums` indexes the table's cards of one capture value by subset total, up to
        `params.sums_limit`; the others are `table & cards.unsummed_mask`. Order does not matter (the
        engine sorts); no duplicates. Empty when the card captures nothing."""
        ...

    def capture_makers(self, card: int, capture: int, table: int, piles: PileView | None = None) -> frozenset[str]:
        """The ids of the capture kinds that make a capture of `capture` (a mask of `table`, or a
        pile of `piles`) with `card`. Asked only when an obligation step names kinds
        (`params.obligation_steps`), so only of a RuleSet whose params list capture kinds."""
        ...

    def sweep_weight(self, card: int, captured: int, last_play: bool, play: PlayFacts | None = None,
                     side: int = 0) -> int:
        """Sweeps scored by a capture of `captured` with `card` that empties the
        table; `last_play` is true on the hand's final play. 0 = no sweep. With
        `params.keep_mask`, a card of it played to an empty table goes to the pile and
        is asked about with `captured` the card itself. With `params.sweep_by_play` (a
        sweeps.weight), `play` is the play that swept (its `taken`: the whole table before
        it) and `side` the side that made it; the weight multiplies what it would be without."""
        ...

    def opening_multiple(self, table: int, sums: SubsetSums) -> int:
        """Whether the opening table triggers the opening rule: 0 if not, else
        the multiple k it makes (1 for a plain contains-capture trigger).
        `sums` is the *complete* subset index of the table's non-joker cards
        (every total, not only up to sums_limit: an opening 15 needs them)."""
        ...

    def redeal_wanted(self, table: int) -> bool:
        """Whether the opening table `table` (a mask) voids the deal: one of the
        variant's `deal.redeal` conditions holds. Asked only when `params.redeal`."""
        ...

    def score_hand(self, piles: Sequence[int], sweeps: Sequence[int], captures: Sequence[int],
                   match: MatchFacts = NO_MATCH) -> HandScore:
        """Score a finished hand. Per side: pile mask (leftovers included),
        weighted sweeps, number of captures; `match`, where the match stands (the
        hand's points scored during play included)."""
        ...

    def declaration_values(self, side: int, hand: int, table: int, play: PlayFacts, piles: Sequence[int],
                           sweeps: Sequence[int], captures: Sequence[int], match: MatchFacts) -> tuple[int | None, ...]:
        """For one hand (a mask, the wild card already counted as some card by the engine), each
        declaration's points when it holds, None when not, in the file's order. `play` carries the
        round of the deal. Asked only when `params.declarations`."""
        ...

    def play_events(self, side: int, piles: Sequence[int], sweeps: Sequence[int], captures: Sequence[int],
                    table: int, play: PlayFacts, match: MatchFacts) -> tuple[tuple[str, int, str], ...]:
        """The events a play scores, as (event id, points, effect), in the file's order:
        those whose kinds made the capture and whose condition holds, less those another
        of them replaces (`instead_of`), and less points events worth 0. `side` played;
        `table` is the table after the play. Asked only when `params.events`."""
        ...
