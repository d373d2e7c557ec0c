"""`escoba-spec diff`: what one variant changes against another, and where play parts.

A designer's question — "what does my house rule actually change?" — has two
answers, and this module gives both:

* the *stated* differences: the two resolved IRs compared field by field
  (scoring rules by id, options by id, ranks by number), each said in words
  with both values and the kinds of effect it can have on play;
* the *observed* divergences: the same seeded deals played by the same
  seeded bots under both variants, walked in lockstep until the first point
  where they part (the dealt position, the legal moves, the chosen move, the
  sweeps of a play, the hand points, the match outcome).

Each divergence is attributed to the stated differences whose effect kinds
can produce it; one that no difference can produce is `unexplained`, which
is what the differential tests (and `diff`'s exit code 1) look for.

Entry point: `diff_variants(a, b, deals, seed, bots) -> DiffReport`.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass

from .engine import (
    Bot,
    HandState,
    MatchState,
    MatchTooLong,
    Move,
    Observation,
    RuleSet,
    format_move,
)
from .engine.bots import GreedyBot, RandomBot
from .language import ir
from .language.cards import CardSet
from .language.expr import nodes
from .report import points_text

# ----------------------------------------------------------------- effect kinds

DEAL = "deal"  # the dealt position (hands, table, opening table, later rounds)
LEGAL = "legal moves"  # which plays are allowed
CAPTURES = "captures"  # what a card may take
SWEEPS = "sweeps"  # what a capture that empties the table scores
POINTS = "hand points"
MATCH = "match end"
SEEN = "what bots see"  # the information a bot chooses from
CHECK = "leftover check"
TABLES = "tables that can play"
NAMES = "card names"

KINDS = (DEAL, LEGAL, CAPTURES, "chosen move", SWEEPS, POINTS, MATCH)
#: the effect kind a stated difference needs to explain each kind of divergence
EXPLAINS = {DEAL: DEAL, LEGAL: LEGAL, CAPTURES: CAPTURES, "chosen move": SEEN, SWEEPS: SWEEPS, POINTS: POINTS,
            MATCH: MATCH}

_PLAY = (DEAL, LEGAL, CAPTURES, SWEEPS, POINTS)
_OPENING = (DEAL, SWEEPS, POINTS)
_SWEEP = (SWEEPS, POINTS)

#: every plain IR field compared by the walk: its words and what it can affect
FIELDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "players.direction": ("direction of play (seats are numbered in playing order)", ()),
    "deal.hand_size": ("cards dealt to each hand", _PLAY),
    "deal.table_cards": ("cards dealt face up to the table", _PLAY),
    "deal.first_player": ("first player", (DEAL,)),
    "deal.dealer_rotation": ("the next dealer", (DEAL,)),
    "deal.round_dealer": ("who deals the later rounds of a hand, and so who leads them", (DEAL,)),
    "deal.stock_remainder": ("stock cards that cannot fill a round", _PLAY),
    "deal.opening.trigger": ("opening table trigger", _OPENING),
    "deal.opening.multiples": ("opening table multiples", _OPENING),
    "deal.opening.partition": ("opening table must split into groups of the target", _OPENING),
    "deal.opening.action": ("opening table action", _OPENING),
    "deal.opening.taker": ("taker of the opening table", _OPENING),
    "deal.opening.sweeps": ("the opening table counts as sweeps", _OPENING),
    "capture.mode": ("capture mode", (LEGAL, CAPTURES, SWEEPS)),
    "capture.targets": ("capture targets", (DEAL, LEGAL, CAPTURES, SWEEPS)),
    "capture.single_card_first": ("a single equal card must be taken before a sum", (LEGAL, CAPTURES)),
    "capture.obligation": ("capture obligation", (LEGAL,)),
    "capture.missed_capture_claim": ("the next player may claim a missed capture", (LEGAL, CAPTURES)),
    "sweeps.enabled": ("sweeps score", _SWEEP),
    "sweeps.weight_by_target": ("a sweep counts once per lowest target it makes", _SWEEP),
    "sweeps.not_on_last_play": ("no sweep on the last play of the hand", _SWEEP),
    "sweeps.not_with_joker": ("no sweep with a joker", _SWEEP),
    "end_of_deal.leftovers_to": ("the leftovers go to", (POINTS,)),
    "end_of_deal.leftovers_sweep": ("taking the leftovers is a sweep", _SWEEP),
    "end_of_deal.check": ("leftover check", (CHECK,)),
    "end_of_deal.check.totals": ("leftover totals checked", (CHECK,)),
    "end_of_deal.check.modulus": ("leftover check modulus", (CHECK,)),
    "end_of_deal.penalty": ("penalty for a wrong leftover total", (POINTS, MATCH)),
    "end_of_deal.penalty.loses_match": ("the side at fault loses the match", (MATCH,)),
    "end_of_deal.penalty.points_to_opponents": ("penalty points to the opponents", (POINTS, MATCH)),
    "end_of_deal.penalty.opponents_add_sweeps": ("the opponents also score the faulty side's sweeps", (POINTS, MATCH)),
    "end_of_deal.penalty.points_lost": ("penalty points lost", (POINTS, MATCH)),
    "end_of_deal.penalty.points_lost_add_sweeps": ("the side at fault also loses its sweeps", (POINTS, MATCH)),
    "match.target": ("match target", (MATCH,)),
    "match.both_past_target": ("several sides past the target", (MATCH,)),
    "match.tie": ("a tie at the top", (MATCH,)),
    "visibility.open_hands": ("every hand played face up", (SEEN,)),
}
_SECTIONS = ("players", "deal", "capture", "sweeps", "end_of_deal", "match", "visibility")
_SKIP = {"sources", "layouts"}  # citations; layouts are compared as a set

# --------------------------------------------------------------------- results


@dataclass(frozen=True)
class Difference:
    """One stated difference between the two resolved variants."""

    field: str  # IR path, e.g. "capture.targets", "scoring.rules.napola"
    text: str  # a sentence with both values
    a: object  # JSON-ready values
    b: object
    effects: tuple[str, ...]  # effect kinds it can have; () = none on play

    def to_json(self) -> dict:
        return {"field": self.field, "text": self.text, "a": self.a, "b": self.b, "effects": list(self.effects)}


@dataclass(frozen=True)
class Divergence:
    """The first point where one deal played differently under the two variants."""

    deal: int  # 1-based
    seed: int  # the deal's seed (deck order, redeals, bots)
    turn: int | None  # 0 = the deal itself, n = the n-th play; None = after the hand
    seat: int | None  # the seat to play
    kind: str  # one of KINDS
    detail: str
    position: dict | None  # the shared position before the divergence
    a: dict  # what variant A allowed or did
    b: dict
    explained_by: tuple[str, ...]  # fields of the differences that can produce it

    @property
    def explained(self) -> bool:
        return bool(self.explained_by)

    def to_json(self) -> dict:
        return {"deal": self.deal, "seed": self.seed, "turn": self.turn, "seat": self.seat, "kind": self.kind,
                "detail": self.detail, "position": self.position, "a": self.a, "b": self.b,
                "explained_by": list(self.explained_by), "explained": self.explained}


@dataclass
class DiffReport:
    a: str  # variant ids (suffixed " (A)" / " (B)" when equal)
    b: str
    files: tuple[str, str]
    differences: list[Difference]
    deals: int
    seed: int
    bots: tuple[str, ...]
    players: int | None  # None when no table layout is common to both
    team_size: int | None
    comparable: bool  # the decks hold the same cards, so deals are compared card by card
    notes: list[str] = field(default_factory=list)
    diverged: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    first_divergence: Divergence | None = None
    unexplained: list[Divergence] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return 1 if self.unexplained else 0

    def to_json(self) -> dict:
        return {
            "variants": {"a": {"id": self.a, "file": self.files[0]}, "b": {"id": self.b, "file": self.files[1]}},
            "differences": [d.to_json() for d in self.differences],
            "deals": self.deals,
            "seed": self.seed,
            "bots": list(self.bots),
            "players": self.players,
            "team_size": self.team_size,
            "comparable": self.comparable,
            "notes": self.notes,
            "diverged": self.diverged,
            "kinds": self.kinds,
            "first_divergence": self.first_divergence.to_json() if self.first_divergence else None,
            "unexplained": [d.to_json() for d in self.unexplained],
        }


# ------------------------------------------------------------- entry function

BotSpec = str | Callable[[int], Bot]
BOTS: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "random": RandomBot}


def diff_variants(
    a: ir.Variant,
    b: ir.Variant,
    deals: int = 200,
    seed: int = 0,
    bots: Sequence[BotSpec] | None = None,
    *,
    rulesets: tuple[RuleSet, RuleSet] | None = None,
) -> DiffReport:
    """The stated differences of `a` and `b`, and `deals` seeded deals played
    under both by `bots` (names from BOTS or factories `seed -> Bot`, one per
    seat; default: greedy bots at the first table both allow). `rulesets`
    plays other RuleSets than the interpreters (e.g. a compiled module against
    the interpreter of the same variant, where any divergence is unexplained).
    Raises ValueError when the bots do not fit a table both variants allow."""
    names = (a.id, b.id) if a.id != b.id else (f"{a.id} (A)", f"{b.id} (B)")
    differences = variant_differences(a, b, names)
    layout = _layout(a, b, len(bots) if bots else None)
    if bots is None and layout is not None:
        bots = ["greedy"] * layout.players
    bot_names = tuple(s if isinstance(s, str) else getattr(s, "__name__", "bot") for s in bots or ())
    makers = [_bot_maker(s) for s in bots or ()]
    if rulesets is None:
        from .engine.interpreter import Interpreter

        rulesets = (Interpreter(a), Interpreter(b))
    comparable = _same_cards(rulesets[0].cards, rulesets[1].cards)
    report = DiffReport(names[0], names[1], (a.file, b.file), differences, deals if layout else 0, seed, bot_names,
                        layout.players if layout else None, layout.team_size if layout else None, comparable)
    if layout is None:
        report.notes.append("no table layout is allowed by both variants: no deal was played")
        return report
    if not comparable:
        report.notes.append(f"the decks are not the same cards ({rulesets[0].cards.size} in {names[0]}, "
                            f"{rulesets[1].cards.size} in {names[1]}): deals cannot be compared card by card; "
                            "each deal is played with the same seed under both")
    elif a.deck.preset != b.deck.preset:
        ca, cb = rulesets[0].cards, rulesets[1].cards
        report.notes.append(f"cards are matched by position: {ca.text(0)} {ca.text(1)} ... {ca.text(ca.size - 1)} "
                            f"in {names[0]} are {cb.text(0)} {cb.text(1)} ... {cb.text(cb.size - 1)} in {names[1]}")
    _Lockstep(report, rulesets, names, makers, layout, differences).run()
    return report


def _bot_maker(spec: BotSpec) -> Callable[[int], Bot]:
    if callable(spec):
        return spec
    if spec not in BOTS:
        raise ValueError(f"unknown bot '{spec}' (bots: {', '.join(sorted(BOTS))})")
    return BOTS[spec]


def _layout(a: ir.Variant, b: ir.Variant, players: int | None) -> ir.Layout | None:
    """The first table of `a` that `b` allows too (with `players` seats if given)."""
    common = [lay for lay in a.players.layouts if lay in b.players.layouts]
    if players is None:
        return common[0] if common else None
    for lay in common:
        if lay.players == players:
            return lay
    raise ValueError(f"{players} bots: {players} players is not a table both variants allow "
                     f"({a.id}: {_layouts_text(a.players.layouts)}; {b.id}: {_layouts_text(b.players.layouts)})")


def _same_cards(ca: CardSet, cb: CardSet) -> bool:
    """The same cards in the same places (names aside): deals compare card by card."""
    return [(c.suit, c.rank, c.joker) for c in ca.cards] == [(c.suit, c.rank, c.joker) for c in cb.cards]


# ---------------------------------------------------------- stated differences


def variant_differences(a: ir.Variant, b: ir.Variant, names: tuple[str, str] | None = None) -> list[Difference]:
    """The semantic differences of two resolved variants, in IR order. Names,
    descriptions, citations and file positions are not rules and are skipped."""
    names = names or (a.id, b.id)
    out: list[Difference] = []

    def add(path: str, label: str, va: object, vb: object, effects: tuple[str, ...]) -> None:
        text = f"{label}: {_words(va)} in {names[0]}, {_words(vb)} in {names[1]}"
        out.append(Difference(path, text, _jsonable(va), _jsonable(vb), effects))

    _deck_differences(a.deck, b.deck, add)
    if set(a.players.layouts) != set(b.players.layouts):
        add("players.layouts", "tables", _Layouts(a.players.layouts), _Layouts(b.players.layouts), (TABLES,))
    for section in _SECTIONS:  # in IR order, scoring between end_of_deal and match
        if section == "match":
            _scoring_differences(a.scoring, b.scoring, names, out, add)
        _walk(section, getattr(a, section), getattr(b, section), add)
    _option_differences(a.options, b.options, names, out, add)
    return out


def _walk(path: str, va: object, vb: object, add) -> None:
    """Compare two values of one IR path, recursing into nested dataclasses."""
    if is_dataclass(va) and is_dataclass(vb):
        for f in fields(va):
            if f.name not in _SKIP:
                _walk(f"{path}.{f.name}", getattr(va, f.name), getattr(vb, f.name), add)
    elif va != vb:
        label, effects = FIELDS.get(path, (path, _PLAY))
        add(path, label, va, vb, effects)


def _deck_differences(da: ir.Deck, db: ir.Deck, add) -> None:
    if da.preset != db.preset:
        add("deck.preset", "deck", da.preset, db.preset, (NAMES,))
    for ra, rb in zip(da.ranks, db.ranks):
        rank = ra.name if ra.name == rb.name else f"{ra.number} ({ra.name} / {rb.name})"
        if ra.value != rb.value:
            add(f"deck.ranks.{ra.number}.value", f"capture value of {rank}", ra.value, rb.value, (*_PLAY, SEEN))
        if ra.primiera != rb.primiera:
            add(f"deck.ranks.{ra.number}.primiera", f"primiera value of {rank}", ra.primiera, rb.primiera, (POINTS,))
    # oros and diamonds are the same suit of two position-matched decks: only the name differs
    if _suit_index(da) != _suit_index(db) or (da.preset == db.preset and da.scoring_suit != db.scoring_suit):
        add("deck.scoring_suit", "scoring suit", da.scoring_suit, db.scoring_suit, (POINTS, SEEN))
    ja, jb = da.jokers, db.jokers
    if ja.count != jb.count:
        add("deck.jokers.count", "jokers in the deck", ja.count, jb.count, _PLAY)
    if ja.count and jb.count and ja.values != jb.values:
        add("deck.jokers.values", "values a joker may stand for", ja.values, jb.values, (DEAL, LEGAL, CAPTURES, SWEEPS))
    if ja.count and jb.count and ja.primiera != jb.primiera:
        add("deck.jokers.primiera", "primiera value of a joker", ja.primiera, jb.primiera, (POINTS,))


def _suit_index(deck: ir.Deck) -> int:
    names = [s.name for s in deck.suits]
    return names.index(deck.scoring_suit) if deck.scoring_suit in names else -1


def _scoring_differences(sa: ir.Scoring, sb: ir.Scoring, names, out: list[Difference], add) -> None:
    if sa.ties != sb.ties:
        add("scoring.ties", "ties for a majority score for", _Ties(sa.ties), _Ties(sb.ties), (POINTS,))
    ra = {r.id: r for r in sa.rules}
    rb = {r.id: r for r in sb.rules}
    renamed = _renamed([r for r in sa.rules if r.id not in rb], [r for r in sb.rules if r.id not in ra])
    for rid in [*ra, *(i for i in rb if i not in ra)]:
        x, y = ra.get(rid), rb.get(rid)
        if rid in renamed.values():
            continue
        if rid in renamed:
            text = f"scoring rule {rid} in {names[0]} is {renamed[rid]} in {names[1]} (same award and points)"
            out.append(Difference(f"scoring.rules.{rid}", text, rid, renamed[rid], ()))
            continue
        if x is None or y is None:
            rule, where = (x or y), names[0] if x else names[1]
            text = f"scoring rule {rid} ({rule.name}) only in {where}: {_rule_words(rule)}"
            value = {"award": rule.award_text, "points": rule.points_text, "effect": rule.effect}
            out.append(Difference(f"scoring.rules.{rid}", text, value if x else None, value if y else None,
                                  _rule_effects(rule)))
            continue
        effects = tuple(dict.fromkeys(_rule_effects(x) + _rule_effects(y)))
        if _shape(x.award) != _shape(y.award):
            add(f"scoring.rules.{rid}.award", f"award of scoring rule {rid}", x.award_text, y.award_text, effects)
        if x.effect == y.effect == "points" and _shape(x.points) != _shape(y.points):
            add(f"scoring.rules.{rid}.points", f"points of scoring rule {rid}", x.points_text, y.points_text, effects)
        if x.effect != y.effect:
            add(f"scoring.rules.{rid}.effect", f"effect of scoring rule {rid}", x.effect, y.effect, effects)


def _renamed(only_a: list[ir.ScoringRule], only_b: list[ir.ScoringRule]) -> dict[str, str]:
    """Rules that differ only by id: A's id -> B's id."""
    def key(rule: ir.ScoringRule) -> tuple:
        return _shape(rule.award), _shape(rule.points) if rule.effect == "points" else None, rule.effect

    free = list(only_b)
    pairs = {}
    for x in only_a:
        y = next((y for y in free if key(y) == key(x)), None)
        if y is not None:
            free.remove(y)
            pairs[x.id] = y.id
    return pairs


def _rule_effects(rule: ir.ScoringRule) -> tuple[str, ...]:
    return (POINTS,) if rule.effect == "points" else (MATCH,)


def _rule_words(rule: ir.ScoringRule) -> str:
    if rule.effect == "points":
        return f"award {rule.award_text}, points {rule.points_text}"
    return f"award {rule.award_text}, effect {rule.effect}"


def _shape(node: object) -> object:
    """An expression tree without its text positions, constants by resolved value,
    so `suit == oros` and `suit == diamonds` of two position-matched decks agree."""
    if isinstance(node, nodes.CardLit):
        return ("card", node.index)
    if isinstance(node, nodes.Name) and node.value is not None:
        return ("num", node.value)
    if isinstance(node, nodes.Num):
        return ("num", node.value)
    if isinstance(node, nodes.Node):
        skip = {"line", "column", "suit_line", "suit_column", "ties"}  # ties: resolved from scoring.ties
        return (type(node).__name__, *(_shape(getattr(node, f.name)) for f in fields(node) if f.name not in skip))
    if isinstance(node, tuple):
        return tuple(_shape(n) for n in node)
    return node


def _option_differences(oa, ob, names, out: list[Difference], add) -> None:
    """Options only offer choices; the chosen value is already compared in its field."""
    xa = {o.id: o for o in oa}
    xb = {o.id: o for o in ob}
    for oid in [*xa, *(i for i in xb if i not in xa)]:
        x, y = xa.get(oid), xb.get(oid)
        if x is None or y is None:
            where = names[0] if x else names[1]
            option = x or y
            text = f"option {oid} ({', '.join(option.choices)}) offered only in {where}"
            out.append(Difference(f"options.{oid}", text, list(x.choices) if x else None,
                                  list(y.choices) if y else None, ()))
            continue
        if x.choices != y.choices:
            add(f"options.{oid}.choices", f"choices of option {oid}", x.choices, y.choices, ())
        if (x.chosen or x.default) != (y.chosen or y.default):
            add(f"options.{oid}.chosen", f"option {oid} chosen", x.chosen or x.default, y.chosen or y.default, ())


@dataclass(frozen=True)
class _Layouts:
    layouts: tuple[ir.Layout, ...]


@dataclass(frozen=True)
class _Ties:
    policy: str


def _layouts_text(layouts) -> str:
    """E.g. "2, 3 or 4 players (4 in teams of 2)"."""
    counts = [str(lay.players) for lay in layouts]
    text = (", ".join(counts[:-1]) + " or " if len(counts) > 1 else "") + counts[-1] + " players"
    teams = [f"{lay.players} in teams of {lay.team_size}" for lay in layouts if lay.team_size > 1]
    return text + (f" ({', '.join(teams)})" if teams else "")


def _words(value: object) -> str:
    """A value as a designer reads it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "[" + ", ".join(_words(v) for v in value) + "]"
    if isinstance(value, _Layouts):
        return _layouts_text(value.layouts)
    if isinstance(value, _Ties):
        return {"all": "every tied side", "split": "the tied sides, sharing the points"}.get(value.policy, "nobody")
    if isinstance(value, ir.LeftoverCheck):
        return f"totals {_words(value.totals)} (modulo {value.modulus})"
    if isinstance(value, ir.Penalty):
        parts = []
        if value.loses_match:
            parts.append("loses the match")
        if value.points_to_opponents or value.opponents_add_sweeps:
            extra = " plus its sweeps" if value.opponents_add_sweeps else ""
            parts.append(f"{value.points_to_opponents} points{extra} to the opponents")
        if value.points_lost or value.points_lost_add_sweeps:
            extra = " plus its sweeps" if value.points_lost_add_sweeps else ""
            parts.append(f"loses {value.points_lost} points{extra}")
        return "the side at fault " + ", ".join(parts) if parts else "nothing"
    return str(value)


def _jsonable(value: object) -> object:
    if isinstance(value, _Layouts):
        return [[lay.players, lay.team_size] for lay in value.layouts]
    if isinstance(value, _Ties):
        return value.policy
    if is_dataclass(value):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value) if f.name != "sources"}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value


# ----------------------------------------------------------------- playing


def deal_seeds(seed: int, deals: int) -> list[int]:
    """One seed per deal, derived from the run's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(deals)]


def bot_seed(deal_seed: int, seat: int) -> int:
    """The same seed for a seat's bot in both runs of a deal."""
    return deal_seed * 16 + seat


class _Lockstep:
    """Plays every deal under both variants side by side and records where they part."""

    def __init__(self, report: DiffReport, rulesets, names, makers, layout: ir.Layout, differences):
        self.report = report
        self.rs = rulesets
        self.names = names
        self.makers = makers
        self.n = layout.players
        self.team_size = layout.team_size
        self.differences = differences
        self.steps = tuple(1 if rs.params.dealer_rotation == "next" else -1 for rs in rulesets)

    def run(self) -> None:
        report = self.report
        kinds: dict[str, int] = {}
        matches = self._new_matches()
        carried: list[str] = []  # what explains the divergences of the current matches
        for index, deal_seed in enumerate(deal_seeds(report.seed, report.deals)):
            states = [HandState.deal(rs, seed=deal_seed, players=self.n, team_size=self.team_size,
                                     dealer=(index * step) % self.n) for rs, step in zip(self.rs, self.steps)]
            found = self._play(index + 1, deal_seed, states)
            if found is None:
                found = self._compare_scores(index + 1, deal_seed, states)
            ends = [self._record(m, s.result) for m, s in zip(matches, states)]
            if found is None and ends[0] != ends[1]:
                found = self._match_end(index + 1, deal_seed, matches, carried)
            if found is not None:
                kinds[found.kind] = kinds.get(found.kind, 0) + 1
                report.diverged += 1
                report.first_divergence = report.first_divergence or found
                carried.extend(f for f in found.explained_by if f not in carried)
                if not found.explained:
                    report.unexplained.append(found)
            if ends[0][0] or ends[1][0]:
                matches, carried = self._new_matches(), []
        report.kinds = {k: kinds[k] for k in KINDS if k in kinds}

    def _new_matches(self) -> list[MatchState]:
        return [MatchState(rs, self.n, self.team_size) for rs in self.rs]

    @staticmethod
    def _record(match: MatchState, result) -> tuple[bool, int | None]:
        """Add a hand to a running match: (ended, winning side)."""
        try:
            match.record(result)
        except MatchTooLong:
            return True, None
        return match.over, match.winner

    # -- one deal, play by play

    def _play(self, deal: int, deal_seed: int, states: list[HandState]) -> Divergence | None:
        """Play the deal to its end under both; the first point where they part."""
        bots = [[make(bot_seed(deal_seed, seat)) for seat, make in enumerate(self.makers)] for _ in states]
        views = [[Observation(s, seat) for seat in range(self.n)] for s in states]
        found = None
        if not self.report.comparable:
            found = self._divergence(deal, deal_seed, 0, None, DEAL, "the decks are not the same cards", None,
                                     [_position(s) for s in states])
        elif _snapshot(states[0]) != _snapshot(states[1]):
            found = self._divergence(deal, deal_seed, 0, None, DEAL, "the deals differ", None,
                                     [{**_position(s), "opening": _opening(s)} for s in states])
        turn = 0
        while found is None and not states[0].over:
            turn += 1
            sa, sb = states
            seat = sa.to_play
            la, lb = sa.legal_moves(), sb.legal_moves()
            if la != lb:
                kind = CAPTURES if _captures(la) != _captures(lb) else LEGAL
                found = self._divergence(deal, deal_seed, turn, seat, kind, f"the {kind} of seat {seat} differ",
                                         _position(sa), [_allowed(s, mine, other) for s, mine, other in
                                                         ((sa, la, lb), (sb, lb, la))])
                break
            before = _position(sa)
            moves = [bots[i][seat].choose(views[i][seat], la) for i in range(2)]
            plays = [s.apply(m) for s, m in zip(states, moves)]
            if moves[0] != moves[1]:
                found = self._divergence(deal, deal_seed, turn, seat, "chosen move", f"seat {seat}'s bot chose "
                                         "differently from the same legal moves", before,
                                         [{"played": format_move(m, s.cards)} for s, m in zip(states, moves)])
            elif plays[0].sweeps != plays[1].sweeps:
                found = self._divergence(deal, deal_seed, turn, seat, SWEEPS, "the same play scored different "
                                         "sweeps", before, [{"played": format_move(moves[0], s.cards),
                                                             "sweeps": p.sweeps} for s, p in zip(states, plays)])
            elif _snapshot(sa) != _snapshot(sb):
                kind = DEAL if (sa.stock_pos, sa.hands, sa.over) != (sb.stock_pos, sb.hands, sb.over) else (
                    LEGAL if sa.claimable != sb.claimable else CAPTURES)
                found = self._divergence(deal, deal_seed, turn, seat, kind, "the same play led to different "
                                         "positions", before, [_position(s) for s in states])
        for state, seat_bots, seat_views in zip(states, bots, views):  # each plays on alone
            while not state.over:
                seat = state.to_play
                state.apply(seat_bots[seat].choose(seat_views[seat], state.legal_moves()))
        return found

    def _compare_scores(self, deal: int, deal_seed: int, states: list[HandState]) -> Divergence | None:
        """Identical play: do the hand points (per-side totals) or the match effects differ?"""
        ra, rb = states[0].result, states[1].result
        if ra.totals != rb.totals:
            return self._divergence(deal, deal_seed, None, None, POINTS, "identical play scored differently", None,
                                    [{"points": _points(r.score), "totals": list(r.totals)} for r in (ra, rb)])
        if ra.score.effects != rb.score.effects:
            return self._divergence(deal, deal_seed, None, None, MATCH, "identical play awarded different match "
                                    "effects", None, [{"effects": [list(e) for e in r.score.effects]}
                                                      for r in (ra, rb)])
        return None

    def _match_end(self, deal: int, deal_seed: int, matches: list[MatchState], carried: list[str]):
        """The hands agree but the match outcome after this deal does not."""
        words = [f"ends, side {m.winner} wins" if m.winner is not None else ("ends" if m.over else "goes on")
                 for m in matches]
        detail = f"after this deal the match {words[0]} in {self.names[0]} and {words[1]} in {self.names[1]}"
        return self._divergence(deal, deal_seed, None, None, MATCH, detail, None,
                                [{"scores": list(m.scores), "winner": m.winner, "target": m.ruleset.params.match_target}
                                 for m in matches], carried if matches[0].scores != matches[1].scores else ())

    def _divergence(self, deal, deal_seed, turn, seat, kind, detail, position, sides, also=()) -> Divergence:
        need = EXPLAINS[kind]
        explained = [d.field for d in self.differences if need in d.effects]
        explained += [f for f in also if f not in explained]
        return Divergence(deal, deal_seed, turn, seat, kind, detail, position, sides[0], sides[1], tuple(explained))


def _snapshot(s: HandState) -> tuple:
    return (s.to_play, tuple(s.hands), s.table, tuple(s.piles), tuple(s.sweeps), tuple(s.captures), s.set_aside,
            s.stock_pos, len(s.stock), s.over, s.claimable, s.last_capturer)


def _captures(moves: list[Move]) -> list[Move]:
    return [m for m in moves if m.capture or m.claim]


def _points(score) -> list[dict[str, int]]:
    """Per side, the rules that gave points (a rule that gave nothing is no difference)."""
    return [{rid: pts for rid, pts in side.items() if pts} for side in score.points]


def _position(s: HandState) -> dict:
    cards = s.cards
    return {
        "dealer": s.dealer,
        "to_play": s.to_play,
        "hands": [cards.texts(h) for h in s.hands],
        "table": cards.texts(s.table),
        "stock": len(s.stock) - s.stock_pos,
        "plays": [format_move(Move(p.card, p.capture, p.claim), cards) for p in s.history],
    }


def _opening(s: HandState) -> str:
    o = s.opening
    if o is None:
        return "no opening rule applied"
    taker = f" by seat {o.taker}" if o.taker >= 0 else ""
    return f"opening table {' '.join(s.cards.texts(o.cards))} (multiple {o.multiple}): {o.action}{taker}"


def _allowed(state: HandState, mine: list[Move], other: list[Move]) -> dict:
    cards = state.cards
    theirs = set(other)
    return {"allows": [format_move(m, cards) for m in mine],
            "only_here": [format_move(m, cards) for m in mine if m not in theirs]}


# ------------------------------------------------------------------- text form


def render_text(report: DiffReport) -> str:
    """The report as a designer reads it."""
    out = [f"{report.a} ({report.files[0]}) vs {report.b} ({report.files[1]})", ""]
    out.append(f"Differences ({len(report.differences)}):" if report.differences else "Differences: none")
    for i, d in enumerate(report.differences, 1):
        out.append(f"  {i}. {d.text}")
        out.append(f"     can change: {', '.join(d.effects) if d.effects else 'nothing in play'}")
    out.append("")
    if report.players is None:
        out += [f"note: {n}" for n in report.notes]
        return "\n".join(out) + "\n"
    teams = f" in teams of {report.team_size}" if report.team_size and report.team_size > 1 else ""
    out.append(f"Play: {report.deals} deals, seed {report.seed}, {report.players} players{teams}, "
               f"bots {', '.join(report.bots)}")
    out += [f"  note: {n}" for n in report.notes]
    kinds = ", ".join(f"{k} {n}" for k, n in report.kinds.items())
    out.append(f"  diverged: {report.diverged} of {report.deals} deals" + (f" ({kinds})" if kinds else ""))
    first = report.first_divergence
    out.append("")
    if first is None:
        out.append("First divergence: none")
    else:
        out.append("First divergence:")
        out += _divergence_lines(first, report, "  ")
    out.append("")
    if not report.unexplained:
        out.append("Unexplained divergences: none")
    else:
        out.append(f"Unexplained divergences ({len(report.unexplained)}):")
        for d in report.unexplained[:10]:
            out += _divergence_lines(d, report, "  ")
        if len(report.unexplained) > 10:
            out.append(f"  ... and {len(report.unexplained) - 10} more (--format json lists them all)")
    return "\n".join(out) + "\n"


def _divergence_lines(d: Divergence, report: DiffReport, pad: str) -> list[str]:
    when = "at the deal" if d.turn == 0 else (f"play {d.turn}, seat {d.seat}" if d.turn else "after the hand")
    lines = [f"{pad}deal {d.deal} (seed {d.seed}), {when}: {d.kind} — {d.detail}"]
    if d.position is not None:
        lines += _position_lines(d.position, pad + "  ")
    for name, side in ((report.a, d.a), (report.b, d.b)):
        if "allows" in side:
            lines.append(f"{pad}  {name} allows: {' '.join(side['allows']) or 'nothing'}")
            if side["only_here"]:
                lines.append(f"{pad}    only in {name}: {' '.join(side['only_here'])}")
        elif "played" in side:
            extra = f", scoring {side['sweeps']} sweep(s)" if "sweeps" in side else ""
            lines.append(f"{pad}  {name} played {side['played']}{extra}")
        elif "points" in side:
            lines.append(f"{pad}  {name}: " + "; ".join(
                f"side {i} {points_text(total)} "
                f"({', '.join(f'{r} {points_text(p)}' for r, p in pts.items()) or 'nothing'})"
                for i, (pts, total) in enumerate(zip(side["points"], side["totals"]))))
        elif "scores" in side:
            winner = f"side {side['winner']} wins" if side["winner"] is not None else "no winner yet"
            scores = "[" + ", ".join(points_text(s) for s in side["scores"]) + "]"
            lines.append(f"{pad}  {name}: scores {scores} (target {side['target']}), {winner}")
        elif "effects" in side:
            lines.append(f"{pad}  {name}: effects {side['effects'] or 'none'}")
        else:
            lines.append(f"{pad}  {name}:")
            lines += _position_lines(side, pad + "    ")
    if d.explained:
        lines.append(f"{pad}  explained by: {', '.join(d.explained_by)}")
    else:
        lines.append(f"{pad}  UNEXPLAINED: no stated difference can change the {d.kind}")
    return lines


def _position_lines(p: dict, pad: str) -> list[str]:
    lines = [f"{pad}dealer seat {p['dealer']}, seat {p['to_play']} to play, {p['stock']} cards in the stock"]
    if "opening" in p:
        lines.append(f"{pad}{p['opening']}")
    lines.append(f"{pad}table: {' '.join(p['table']) or '(empty)'}")
    for seat, hand in enumerate(p["hands"]):
        lines.append(f"{pad}hand of seat {seat}: {' '.join(hand) or '(empty)'}")
    if p["plays"]:
        lines.append(f"{pad}plays so far: {', '.join(p['plays'])}")
    return lines


# ------------------------------------------------------------------------- CLI


def add_diff_arguments(parser: argparse.ArgumentParser) -> None:
    """The `diff` subcommand's arguments."""
    parser.add_argument("a", metavar="A", help="a rule file (YAML)")
    parser.add_argument("b", metavar="B", help="the rule file to compare it with")
    parser.add_argument("--deals", type=int, default=200, help="seeded deals played under both (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="the seed the deals derive from (default: 0)")
    parser.add_argument("--bots", nargs="+", metavar="BOT",
                        help=f"one bot per seat, {' or '.join(sorted(BOTS))} (e.g. --bots greedy random; "
                             "default: greedy at the first table both variants allow)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    parser.set_defaults(func=cmd_diff)


def cmd_diff(args: argparse.Namespace) -> int:
    """Exit 0 when every divergence is explained, 1 when one is not (or a rule file is wrong)."""
    from .cli import UsageError, _existing
    from .language.resolve import Resolver
    from .language.validate import validate_file
    from .report import render

    paths = _existing([args.a, args.b])
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, not {args.deals}")
    bots = [name.strip() for item in args.bots or () for name in item.split(",") if name.strip()] or None
    for name in bots or ():
        if name not in BOTS:
            raise UsageError(f"unknown bot '{name}' (bots: {', '.join(sorted(BOTS))})")
    resolver = Resolver()
    variants, problems = [], []
    for path in paths:
        variant, diags = validate_file(path, resolver=resolver)
        variants.append(variant)
        problems += [d for d in diags if d.severity == "error"]
    if problems or None in variants:
        print(render(problems, "text"))
        return 1
    try:
        report = diff_variants(variants[0], variants[1], args.deals, args.seed, bots)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        from .report import json_text

        sys.stdout.write(json_text(report.to_json(), indent=2) + "\n")
    else:
        from .report import printable

        sys.stdout.write(printable(render_text(report)))  # names come from the rule files: no escape sequences
    return report.exit_code


__all__ = ["BOTS", "DiffReport", "Difference", "Divergence", "add_diff_arguments", "cmd_diff", "diff_variants",
           "render_text", "variant_differences"]
