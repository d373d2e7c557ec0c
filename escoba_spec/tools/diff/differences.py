"""The stated differences: two resolved variants compared field by field, in IR order.

Scoring rules are compared by id (a rule that differs only by its id is a
rename), options by id, ranks by number; every difference says both values
in words and the kinds of effect it can have on play (`effects.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass

from ...language import ir
from ...language.cards import CardSet
from ...language.derive import kinds_of, table_deal, table_first_lead
from ...language.expr import nodes
from .dealstages import PATHS as STAGED, deal_stage_differences
from .effects import (
    CAPTURES,
    DEAL,
    FIELDS,
    LEGAL,
    MATCH,
    NAMES,
    PLAY,
    POINTS,
    SECTIONS,
    SEEN,
    SKIP,
    SWEEPS,
    TABLES,
)
from .report import Difference


def variant_differences(a: ir.Variant, b: ir.Variant, names: tuple[str, str] | None = None) -> list[Difference]:
    """The semantic differences of two resolved variants, in IR order. Names,
    descriptions, citations and file positions are not rules and are skipped."""
    names = names or (a.id, b.id)
    out: list[Difference] = []

    def add(path: str, label: str, va: object, vb: object, effects: tuple[str, ...]) -> None:
        text = f"{label}: {_words(va)} in {names[0]}, {_words(vb)} in {names[1]}"
        out.append(Difference(path, text, _jsonable(va), _jsonable(vb), effects))

    _deck_differences(a.deck, b.deck, add)
    if {table_key(lay) for lay in a.players.layouts} != {table_key(lay) for lay in b.players.layouts}:
        add("players.layouts", "tables", _Layouts(a.players.layouts), _Layouts(b.players.layouts), (TABLES,))
    # with a table's own first lead in either, the first lead is compared table by table only
    by_table = any(lay.first_lead is not None for lay in (*a.players.layouts, *b.players.layouts))
    _table_deal_differences(a, b, add, by_table)

    def walk_add(path: str, *rest) -> None:
        if not (by_table and path == "deal.first_lead"):
            add(path, *rest)

    for section in SECTIONS:  # in IR order, scoring between end_of_deal and match
        if section == "match":
            _scoring_differences(a.scoring, b.scoring, names, out, add)
            _declaration_differences(a.declarations, b.declarations, names, out, add)
        _walk(section, getattr(a, section), getattr(b, section), walk_add)
    _option_differences(a.options, b.options, names, out, add)
    return out


def table_key(layout: ir.Layout) -> tuple[int, int]:
    """What makes two layouts the same table: its seats and teams (its deal is compared apart)."""
    return layout.players, layout.team_size


def _table_deal_differences(a: ir.Variant, b: ir.Variant, add, by_table: bool) -> None:
    """The deal of each table both allow, where a layout gives its own (the deal's own
    hand_size and table_cards are compared with the deal), and with `by_table` its first lead."""
    size_a, size_b = CardSet(a.deck).size, CardSet(b.deck).size
    theirs = {table_key(lay): lay for lay in b.players.layouts}
    for lay in a.players.layouts:
        other = theirs.get(table_key(lay))
        if other is None:
            continue
        if by_table:  # a table's own first lead in either variant: the cards compared table by table
            (ma, ta), (mb, tb) = table_first_lead(a.deal, lay), table_first_lead(b.deal, other)
            if ma != mb:
                label, effects = FIELDS["deal.first_lead"]
                add(f"players.layouts.{lay.players}.first_lead", f"{label} with {lay.players} players", ta or None,
                    tb or None, effects)
        if (lay.hand_size, lay.table_cards, other.hand_size, other.table_cards) == (None,) * 4:
            continue
        da, db = table_deal(a.deal, lay, size_a), table_deal(b.deal, other, size_b)
        if da != db:
            add(f"players.layouts.{lay.players}.deal", f"the deal with {lay.players} players", _TableDeal(*da),
                _TableDeal(*db), PLAY)


def _walk(path: str, va: object, vb: object, add) -> None:
    """Compare two values of one IR path, recursing into nested dataclasses."""
    if path == "capture":
        _capture_differences(va, vb, add)
    elif path == "deal.redeal":
        ta, tb = (tuple(" ".join(c.text.split()) for c in v) for v in (va, vb))
        if ta != tb:
            add(path, FIELDS[path][0], ta or None, tb or None, FIELDS[path][1])
    elif path == "deal.replace":  # by the cards they name, where and to where
        ta, tb = (tuple((r.cards, r.where, r.to) for r in v) for v in (va, vb))
        if ta != tb:
            said = [tuple(f"{' '.join(r.cards_text.split())} ({r.where}" + (f", to {r.to})" if r.where == "table" else ")")
                          for r in v) for v in (va, vb)]
            add(path, FIELDS[path][0], said[0] or None, said[1] or None, FIELDS[path][1])
    elif path in STAGED:  # deal.stages, deal.packets, deal.bid: in the file's words (dealstages)
        deal_stage_differences(path, va, vb, add)
    elif path == "sweeps.weight_text":  # the weight as the files write it (none: a sweep counts 1)
        ta, tb = (" ".join(t.split()) for t in (va, vb))
        if ta != tb:
            add("sweeps.weight", FIELDS[path][0], ta or None, tb or None, FIELDS[path][1])
    elif is_dataclass(va) and is_dataclass(vb):
        for f in fields(va):
            if f.name not in SKIP:
                _walk(f"{path}.{f.name}", getattr(va, f.name), getattr(vb, f.name), add)
        if path == "deal" and va.first_lead_not != vb.first_lead_not:  # the cards compared, told as the files name them
            label, effects = FIELDS["deal.first_lead"]
            add("deal.first_lead", label, va.first_lead_text or None, vb.first_lead_text or None, effects)
    elif va != vb:
        label, effects = FIELDS.get(path, (path, PLAY))
        add(path, label, va, vb, effects)


#: what a capture kind's fields are called, as a designer reads a difference
_KIND_FIELDS = {"take": "what it takes", "cards_text": "the cards that may use it", "targets": "its targets",
                "sets": "how many groups it takes", "run": "it runs on to the next ranks",
                "unless_rank_on_table": "not while a card of the played rank is on the table",
                "empty_table": "played to an empty table", "sweep": "clearing the table with it is a sweep",
                "from_zone": "where it takes from (the table, or another side's pile)"}
_KIND_EFFECTS = (LEGAL, CAPTURES, SWEEPS, POINTS)


def _capture_differences(ca: ir.Capture, cb: ir.Capture, add) -> None:
    """The capture rule's fields; its kinds by id and its priority as a list. The kinds
    that mode sum / match stand for are not compared again when both variants use those
    words: mode and targets already say it."""
    for f in fields(ca):
        if f.name not in SKIP and f.name not in ("kinds", "priority", "obligation", "obligations", "builds"):
            _walk(f"capture.{f.name}", getattr(ca, f.name), getattr(cb, f.name), add)
    _build_differences(ca.builds, cb.builds, add)
    oa, ob = _obligation(ca), _obligation(cb)
    if oa != ob:
        label, effects = FIELDS["capture.obligation"]
        add("capture.obligation", label, oa, ob, effects)
    legacy = ca.mode != "kinds" and cb.mode != "kinds"
    if not legacy:
        ka = {k.id: k for k in kinds_of(ca)}
        kb = {k.id: k for k in kinds_of(cb)}
        for kid in [*ka, *(i for i in kb if i not in ka)]:
            x, y = ka.get(kid), kb.get(kid)
            if x is None or y is None:
                add(f"capture.kinds.{kid}", f"capture kind {kid}", _Kind(x), _Kind(y), _KIND_EFFECTS)
                continue
            for name, label in _KIND_FIELDS.items():
                vx, vy = getattr(x, name), getattr(y, name)
                if name == "cards_text" and x.cards == y.cards:
                    continue  # the same cards, said another way
                if vx != vy:
                    if name == "cards_text":
                        vx, vy = vx or "every card", vy or "every card"
                    add(f"capture.kinds.{kid}.{name}", f"capture kind {kid}: {label}", vx, vy, _KIND_EFFECTS)
    pa, pb = _steps(ca), _steps(cb)
    if pa != pb:
        add("capture.priority", "capture priority", pa, pb, (LEGAL, CAPTURES))


_BUILD_FIELDS = {"lowest": "the lowest value a build may announce", "highest": "the highest value a build may announce",
                 "hold": "a builder must hold a card of the value", "raise_": "which builds a hand card may raise",
                 "raise_with_table": "loose cards may help a raise", "raise_own": "a player may raise a build they changed last",
                 "duties": "what the player who changed a standing build last may not do",
                 "per_value": "how many builds may announce one value", "absorb": "a build takes in the loose cards of its value",
                 "owners": "who owns a build"}


def _build_differences(ba: ir.Builds | None, bb: ir.Builds | None, add) -> None:
    """Builds, or none; then each field of theirs: each changes what a play may be, and so everything after."""
    if ba is None or bb is None:
        if ba is not bb:
            label, effects = FIELDS["capture.builds"]
            add("capture.builds", label, ba is not None, bb is not None, effects)
        return
    for name, label in _BUILD_FIELDS.items():
        va, vb = getattr(ba, name), getattr(bb, name)
        if va != vb:
            add(f"capture.builds.{name.rstrip('_')}", label, ", ".join(va) or "none" if isinstance(va, tuple) else va,
                ", ".join(vb) or "none" if isinstance(vb, tuple) else vb, (LEGAL, CAPTURES, SWEEPS, POINTS))


def _obligation(capture: ir.Capture) -> str | tuple[str, ...]:
    """The obligation as a file says it: one of the three words, or its steps."""
    if not capture.obligations:
        return capture.obligation
    return tuple(f"{o.of} {o.must}" + (f"({', '.join(o.kinds)})" if o.kinds else "") for o in capture.obligations)


def _steps(capture: ir.Capture) -> tuple[str, ...]:
    return tuple(f"{s.rule}({', '.join(s.kinds)})" if s.kinds else s.rule for s in capture.priority)


@dataclass(frozen=True)
class _Kind:
    kind: ir.CaptureKind | None


def _deck_differences(da: ir.Deck, db: ir.Deck, add) -> None:
    if da.preset != db.preset:
        add("deck.preset", "deck", da.preset, db.preset, (NAMES,))
    if "declared" in (da.preset, db.preset):  # a deck of the file's own: its suits and ranks, by name
        for part in ("suits", "ranks"):
            xa, xb = tuple(x.name for x in getattr(da, part)), tuple(x.name for x in getattr(db, part))
            if xa != xb:
                add(f"deck.{part}", f"{part} of the deck", xa, xb, PLAY if len(xa) != len(xb) else (NAMES,))
    pairs = zip(da.ranks, db.ranks)
    if "declared" in (da.preset, db.preset) and len(da.ranks) != len(db.ranks):
        theirs = {r.name: r for r in db.ranks}  # decks of other ranks: compare the ranks both have, by name
        pairs = [(r, theirs[r.name]) for r in da.ranks if r.name in theirs]
    for ra, rb in pairs:
        rank = ra.name if ra.name == rb.name else f"{ra.number} ({ra.name} / {rb.name})"
        if ra.capture_values != rb.capture_values:
            add(f"deck.ranks.{ra.number}.value", f"capture value of {rank}", _shown_values(ra), _shown_values(rb),
                (*PLAY, SEEN))
        if ra.primiera != rb.primiera:
            add(f"deck.ranks.{ra.number}.primiera", f"primiera value of {rank}", ra.primiera, rb.primiera, (POINTS,))
    # oros and diamonds are the same suit of two position-matched decks: only the name differs
    if _suit_index(da) != _suit_index(db) or (da.preset == db.preset and da.scoring_suit != db.scoring_suit):
        add("deck.scoring_suit", "scoring suit", da.scoring_suit, db.scoring_suit, (POINTS, SEEN))
    ja, jb = da.jokers, db.jokers
    if ja.count != jb.count:
        add("deck.jokers.count", "jokers in the deck", ja.count, jb.count, PLAY)
    if ja.count and jb.count and ja.values != jb.values:
        add("deck.jokers.values", "values a joker may stand for", ja.values, jb.values, (DEAL, LEGAL, CAPTURES, SWEEPS))
    if ja.count and jb.count and ja.primiera != jb.primiera:
        add("deck.jokers.primiera", "primiera value of a joker", ja.primiera, jb.primiera, (POINTS,))


def _shown_values(rank: ir.Rank):
    """A rank's capture value as a file writes it: a number, the list its holder chooses from
    (Tablić's ace: [1, 11]), or 0 for none."""
    values = rank.capture_values
    return list(values) if len(values) > 1 else rank.value


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
        for part in ("award", "points"):
            if part == "points" and not x.effect == y.effect == "points":
                continue
            tx, ty = getattr(x, f"{part}_text"), getattr(y, f"{part}_text")
            if _shape(getattr(x, part)) != _shape(getattr(y, part)):
                # the same words over decks of other cards count other cards
                label = f"{part} of scoring rule {rid}" + (" (the same text over each variant's deck)" if tx == ty else "")
                add(f"scoring.rules.{rid}.{part}", label, tx, ty, effects)
        if x.effect != y.effect:
            add(f"scoring.rules.{rid}.effect", f"effect of scoring rule {rid}", x.effect, y.effect, effects)
    _event_differences(sa.events, sb.events, names, out, add)


def _event_differences(ea, eb, names, out: list[Difference], add) -> None:
    """Events scored during play: each changes the points of a hand, and with them (scored at once,
    or ending the match) the match."""
    _scored_differences("event", "scoring.events", ea, eb, ("effect", "kinds", "instead_of"), (POINTS, MATCH),
                        names, out, add)


def _declaration_differences(da: ir.Declarations, db: ir.Declarations, names, out: list[Difference], add) -> None:
    """Declarations, then how they are made: each changes a hand's points (and sweeps), and with them the match."""
    effects = (SWEEPS, POINTS, MATCH)
    _scored_differences("declaration", "declarations.rules", da.rules, db.rules, ("effect",), effects, names, out, add)
    if da.rules and db.rules:
        for part, label in (("check", "when declarations are made"), ("keep", "which declarations count"),
                            ("wild_text", "the wild card of declarations"),
                            ("wild_captures", "the wild card is wild in captures too"),
                            ("show", "a declared hand is laid face up")):
            if getattr(da, part) != getattr(db, part):
                va, vb = getattr(da, part), getattr(db, part)
                add(f"declarations.{part.removesuffix('_text')}", label, "none" if va == "" else va,
                    "none" if vb == "" else vb, effects)
    if da.rules and db.rules and da.wild_as_declared != db.wild_as_declared:  # the hand as named, and every play
        add("declarations.wild_as_declared", "a declared wild card plays as the card it was declared as",
            da.wild_as_declared, db.wild_as_declared, (DEAL, LEGAL, CAPTURES, *effects))
    if da.wild_opening != db.wild_opening:  # with or without declarations: the opening table's rule
        label, effects = FIELDS["declarations.wild_opening"]
        add("declarations.wild_opening", label, da.wild_opening, db.wild_opening, effects)


def _scored_differences(what: str, path: str, ea, eb, fields: tuple[str, ...], effects: tuple[str, ...],
                        names, out: list[Difference], add) -> None:
    """Events or declarations compared by id: one only in a variant, or its condition, points and
    `fields` where both have it."""
    xa, xb = {e.id: e for e in ea}, {e.id: e for e in eb}
    for eid in [*xa, *(i for i in xb if i not in xa)]:
        x, y = xa.get(eid), xb.get(eid)
        if x is None or y is None:
            entry, where = (x or y), names[0] if x else names[1]
            value = {"when": entry.when_text, "points": entry.points_text,
                     **{f: _jsonable(getattr(entry, f)) for f in fields}}
            told = "" if entry.effect in ("win-match", "lose-match") else f" {entry.points_text}"  # points 2, sweeps 3
            out.append(Difference(f"{path}.{eid}", f"{what} {eid} ({entry.name}) only in {where}: when "
                                  f"{entry.when_text}, {entry.effect}{told}", value if x else None,
                                  value if y else None, effects))
            continue
        for part in ("when", "points"):
            if _shape(getattr(x, part)) != _shape(getattr(y, part)):
                add(f"{path}.{eid}.{part}", f"{part} of {what} {eid}", getattr(x, f"{part}_text"),
                    getattr(y, f"{part}_text"), effects)
        for part in fields:
            if getattr(x, part) != getattr(y, part):
                add(f"{path}.{eid}.{part}", f"{part} of {what} {eid}", getattr(x, part), getattr(y, part), effects)


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
class _TableDeal:
    hand: int
    table: int


@dataclass(frozen=True)
class _Ties:
    policy: str


def layouts_text(layouts) -> str:
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
        return layouts_text(value.layouts)
    if isinstance(value, _TableDeal):
        return f"{value.hand} cards each, {value.table or 'none'} on the table"
    if isinstance(value, _Kind):
        k = value.kind
        if k is None:
            return "none"
        cards = f" with {k.cards_text}" if k.cards_text else ""
        targets = f" {list(k.targets)}" if k.targets else ""
        return f"{k.take}{targets}{cards}"
    if isinstance(value, _Ties):
        return {"all": "every tied side", "split": "the tied sides, sharing the points",
                "carry": "nobody, the points carried to the next hand's winner"}.get(value.policy, "nobody")
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
    if isinstance(value, _Kind):
        return None if value.kind is None else _jsonable(value.kind)
    if isinstance(value, _Layouts):
        return [[lay.players, lay.team_size] for lay in value.layouts]
    if isinstance(value, _Ties):
        return value.policy
    if is_dataclass(value):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value) if f.name != "sources"}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value
