"""Stage 4, play: `scoring.events` -> `ir.PlayEvent`s, with their checks.

An event scores the moment a play happens: its `when` is an expression in the
play scope (the card played, the cards taken, the play before, the table
before and after, the match), its `kinds` name the capture kinds that must
have made the capture, and `instead_of` the events it replaces when both
happen on one play. Ids are shared with the scoring rules (a hand's points are
reported per id), so an event may not reuse a rule's id.
"""

from __future__ import annotations

from . import ir
from .cards import CardSet
from .derive import kinds_of
from .diagnostics import did_you_mean
from .expr.env import Env
from .expr.nodes import carries_points, constant
from .prose import prose


def play_scope(table: ir.Table, piles: ir.Piles) -> str:
    """The names an event may use (expr.env.SCOPE_VARIABLES): a play's, and a stack's top card,
    and the piles' tops and the pile a play took."""
    return "play" + ("-stack" if table.layout == "stack" else "") + ("-piles" if piles.top == "shown" else "")


def build_events(b, cards: CardSet | None, capture: ir.Capture, rules: tuple[ir.ScoringRule, ...],
                 table: ir.Table = ir.Table(), piles: ir.Piles = ir.Piles()) -> tuple[ir.PlayEvent, ...]:
    """Entry point: the events of `scoring.events`, each checked against the capture kinds in force,
    the scoring rules' ids and the other events; on a stack table they may name its top card, and
    with piles shown the pile a play took whole and each pile's top card."""
    scope = play_scope(table, piles)
    spec = b.section("scoring")
    items = [e for e in (spec.get("events") or []) if isinstance(e, dict)]
    env = Env.from_cardset(cards, spec.get("ties", "none")) if cards is not None else None
    rule_ids = {r.id for r in rules}
    kind_ids = [k.id for k in kinds_of(capture)]
    event_ids = [str(e.get("id")) for e in items]
    events = []
    for i, item in enumerate(items):
        path = f"scoring.events[{i}]"
        eid = str(item["id"])
        if eid in rule_ids:
            b.error(f"{path}.id", "duplicate-id", f"the event id '{eid}' is also a scoring rule's id",
                    "a hand's points are reported per id: give the event its own id")
        when_text = str(item.get("when", "true"))
        points_raw = item.get("points", 1)
        points_text = str(points_raw)
        when = b.compile_expression(f"{path}.when", when_text, "bool", env, scope=scope)
        points = b.compile_expression(f"{path}.points", points_text, "num", env, literal=not isinstance(points_raw, str),
                                      scope=scope)
        fixed = constant(points) if points is not None else None
        if fixed is not None and fixed < 0:
            b.error(f"{path}.points", "negative-points", f"the event '{eid}' gives {fixed} points; an event gives 0 or more",
                    "to take points away, award the opponents")
        check_no_carry(b, path, when, points, "an event")
        kinds = tuple(str(k) for k in item.get("kinds") or ())
        for j, kind in enumerate(kinds):
            if kind not in kind_ids:
                b.error(f"{path}.kinds[{j}]", "unknown-kind", f"no capture kind '{kind}' (the kinds in force: "
                        f"{', '.join(kind_ids)})", did_you_mean(kind, kind_ids) or "name a capture kind's id")
        instead = tuple(str(e) for e in item.get("instead_of") or ())
        for j, other in enumerate(instead):
            if other == eid or other not in event_ids:
                why = "an event cannot replace itself" if other == eid else f"no event '{other}'"
                b.error(f"{path}.instead_of[{j}]", "unknown-event", why,
                        did_you_mean(other, [e for e in event_ids if e != eid]) or "name another event's id")
        if item.get("effect", "points") != "points" and "points" in item:
            what = "wins" if item["effect"] == "win-match" else "loses"
            b.error(f"{path}.points", "points-unused", f"the event '{eid}' {what} the match, so its points never count",
                    "remove points, or use effect: points", severity="warning")
        for j, other in enumerate(instead):
            spec_other = next((e for e in items if str(e.get("id")) == other), {})
            if eid in (spec_other.get("instead_of") or ()) and event_ids.index(other) < i:
                b.error(f"{path}.instead_of[{j}]", "instead-of-cycle", f"'{eid}' and '{other}' each replace the other, "
                        "so on a play where both happen neither scores", "let only one of them replace the other")
        pos = b.r.pos(path)
        name, names = prose(item.get("name"), eid)
        events.append(ir.PlayEvent(
            id=eid, name=name, when=when, points=points, effect=item.get("effect", "points"),
            when_text=when_text, points_text=points_text, origin=ir.Origin(pos.file, pos.line, pos.column, path),
            kinds=kinds, instead_of=instead, sources=b.sources(item, path), names=names,
        ))
    _rings(b, event_ids, [tuple(str(e) for e in item.get("instead_of") or ()) for item in items])
    return tuple(events)


def _rings(b, ids: list[str], instead: list[tuple[str, ...]]) -> None:
    """Three or more events that replace each other in a ring (a replaces b, b replaces c, c
    replaces a): on a play where all happen, none scores. Each ring is said once, at the
    `instead_of` entry of its event listed last that closes it (two that replace each other
    are said where they are read)."""
    index = {eid: i for i, eid in enumerate(ids)}
    edges = [[index[o] for o in others if o in index and o != ids[i]] for i, others in enumerate(instead)]
    found: set[tuple[int, ...]] = set()

    def walk(start: int, path: list[int]) -> None:
        for nxt in edges[path[-1]]:
            if nxt == start and len(path) >= 3:
                found.add(tuple(path))
            elif nxt > start and nxt not in path and len(path) < len(ids):
                walk(start, path + [nxt])

    for start in range(len(ids)):  # each ring once: from its first event in the file
        walk(start, [start])
    for ring in sorted(found):
        last = max(ring)
        following = ring[(ring.index(last) + 1) % len(ring)]
        j = instead[last].index(ids[following])
        names = [f"'{ids[i]}'" for i in ring]
        steps = ", ".join(f"{ids[i]} replaces {ids[ring[(k + 1) % len(ring)]]}" for k, i in enumerate(ring))
        b.error(f"scoring.events[{last}].instead_of[{j}]", "instead-of-cycle",
                f"{', '.join(names[:-1])} and {names[-1]} replace each other in a ring ({steps}), so on a play "
                "where all happen none scores", "break the ring: let one of them replace none of the others")


def check_no_carry(b, path: str, when, points, what: str) -> None:
    """A most() with ties: carry (or a scoring.ties: carry it takes) carries a hand's points over a
    tie to the next hand: only a scoring rule, scored once a hand, has such points."""
    for key, node in (("when", when), ("points", points)):
        if node is not None and carries_points(node):
            b.error(f"{path}.{key}", "carry-outside-scoring",
                    f"most() with ties: carry carries a hand's points to the next hand, and {what} scores during "
                    "the hand", "give this most() ties: none or ties: all (scoring.ties: carry is the default)")


def check_match_events(b, match: ir.Match, events: tuple[ir.PlayEvent, ...], declarations: ir.Declarations) -> None:
    """`match.check: at-once` looks at the target during play: without an event or a declaration
    giving points there is nothing for it to look at."""
    scored = [e for e in (*events, *declarations.rules) if e.effect == "points"]
    if match.check == "at-once" and not scored:
        b.error("match.check", "at-once-without-events",
                "match.check: at-once ends a hand when points scored during play reach the target, "
                "but no event or declaration scores points during play", "add scoring.events, or remove match.check",
                severity="warning")
