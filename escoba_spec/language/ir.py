"""The intermediate representation of one resolved variant.

Frozen dataclasses with no behaviour: `build.build_variant` produces them from
validated YAML, and everything downstream (compiler, interpreter, engine,
rulebook, diff) reads only these. Every rule keeps the YAML position it came
from (`Origin`) so generated code and diagnostics can point back at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Direction = Literal["clockwise", "counterclockwise"]
CaptureMode = Literal["sum", "match"]
Obligation = Literal["none", "played-card", "any-card"]
OpeningTrigger = Literal["never", "contains-capture", "total"]
OpeningAction = Literal["play-on", "set-aside", "redeal", "capture"]
Taker = Literal["dealer", "first-player"]
StockRemainder = Literal["none", "to-table", "set-aside"]
TiePolicy = Literal["none", "all", "split"]
#: the kinds of citation, each named by the field that says what is cited
SOURCE_KINDS = ("seed", "url", "book", "repository")
Effect = Literal["points", "win-match", "lose-match"]


@dataclass(frozen=True)
class Origin:
    """Where a piece of the variant was written: file, 1-based line and column, JSON path."""

    file: str
    line: int
    column: int
    path: str


@dataclass(frozen=True)
class Source:
    """A citation: a seed text and its section, a web page, a book, or a repository file.

    Exactly one of `seed`, `url`, `book` and `repository` is set (the builder
    checks it); the other fields say where in it."""

    seed: str = ""  # a seed text's file name (with section)
    section: str = ""  # the heading the rule follows, in a seed text or a page
    url: str = ""
    title: str = ""  # of the page
    book: str = ""
    author: str = ""
    pages: str = ""
    repository: str = ""  # its address, or owner/name (with path)
    path: str = ""
    commit: str = ""

    @property
    def kind(self) -> str:
        """seed, url, book or repository."""
        return next(k for k in SOURCE_KINDS if getattr(self, k))


@dataclass(frozen=True)
class Suit:
    symbol: str  # one lowercase letter used in the card text form, e.g. "o" for oros
    name: str  # identifier used in expressions, e.g. "oros"


@dataclass(frozen=True)
class Rank:
    symbol: str  # text form, e.g. "7", "S" (sota)
    name: str  # identifier, e.g. "seven", "sota"
    number: int  # 1..10, the rank's position (figures are 8, 9, 10 in deck order)
    value: int  # capture value
    primiera: int  # value in the setenta / primiera count


@dataclass(frozen=True)
class Jokers:
    count: int  # 0 when the deck has none
    values: tuple[int, ...]  # the capture values a joker may stand for
    primiera: int  # a joker's primiera value (it has no suit, so it never completes one)


@dataclass(frozen=True)
class Deck:
    preset: str  # spanish-40 | italian-40 | french-40
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    scoring_suit: str  # suit name
    jokers: Jokers
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Layout:
    """One allowed table: `players` seats forming players // team_size sides.

    Seats are numbered in playing order; seat s belongs to side s % sides, so
    partners sit alternately (opposite each other at four)."""

    players: int
    team_size: int = 1

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


@dataclass(frozen=True)
class Deal:
    hand_size: int
    table_cards: int  # face up on the table at the first deal of a hand only
    first_player: Literal["after-dealer", "before-dealer"]
    dealer_rotation: Literal["next", "previous"]  # after each hand
    round_dealer: Literal["same", "next"]  # who deals the later rounds of a hand (004: the deal rotates)
    stock_remainder: StockRemainder  # cards that do not fill a whole round of deals
    opening: OpeningTable
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Capture:
    mode: CaptureMode  # sum: played card + subset == a target; match: subset sums to played value
    targets: tuple[int, ...]  # for mode sum, e.g. (15,) or (15, 30)
    single_card_first: bool  # for mode match: a single equal card must be taken before a sum
    obligation: Obligation
    missed_capture_claim: bool  # 003: the next player may take a capture the previous one missed
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Sweeps:
    enabled: bool
    weight_by_target: bool  # a sweep counts total // min(targets) (a 30-sweep counts 2)
    not_on_last_play: bool  # the last play of the hand never sweeps (002)
    not_with_joker: bool  # a capture that uses a joker never sweeps (Comodines)
    sources: tuple[Source, ...] = ()


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
    leftovers_to: Literal["last-capturer"]
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


@dataclass(frozen=True)
class Scoring:
    ties: TiePolicy  # default tie policy of most()
    rules: tuple[ScoringRule, ...]


@dataclass(frozen=True)
class Match:
    target: int
    both_past_target: Literal["higher-wins"]
    tie: Literal["another-hand"]
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Visibility:
    open_hands: bool  # every hand face up: each seat observes every hand
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Option:
    """A choice the variant's text offers; `chosen` is the one in force."""

    id: str
    description: str
    choices: tuple[str, ...]
    default: str
    chosen: str
    sources: tuple[Source, ...] = ()


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
