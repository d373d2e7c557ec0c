"""Stage 4, the deal's declarations: `declarations` -> `ir.Declarations`, with their checks.

A declaration is a condition on a player's hand as dealt (the "hand" scope:
hand, table, round, and the side's and the match's names), checked after each
round of the deal or the first only; `keep` says whether every declaration
that holds scores or only the best; `wild` names a card of the deck counted,
in declarations, as whichever card helps its holder most; `wild_opening`
makes it wild on the opening table too, `wild_captures` a joker in play,
`wild_as_declared` the card a declaration read it as, in play. Ids
are shared with the scoring rules and the events (a hand's points are
reported per id).
"""

from __future__ import annotations

from . import ir
from .cards import CardSet
from .events import check_no_carry
from .expr.check import compile_card
from .expr.env import Env
from .expr.nodes import constant
from .prose import prose


def build_declarations(b, cards: CardSet | None, ids: set[str]) -> ir.Declarations:
    """Entry point for `declarations`: the conditions on a dealt hand, their check, keep and wild
    card; `ids` are the scoring rules' and events' (a declaration's id is its own)."""
    spec = b.section("declarations")
    if not spec:
        return ir.Declarations()
    env = Env.from_cardset(cards, b.section("scoring").get("ties", "none")) if cards is not None else None
    wild, wild_text = -1, str(spec.get("wild", ""))
    if wild_text and env is not None:
        wild = _card_index(b, "declarations.wild", wild_text, env)
    rules = []
    for i, item in enumerate(x for x in (spec.get("rules") or []) if isinstance(x, dict)):
        path = f"declarations.rules[{i}]"
        did = str(item["id"])
        if did in ids:
            b.error(f"{path}.id", "duplicate-id", f"the declaration id '{did}' is also a scoring rule's or an event's id",
                    "a hand's points are reported per id: give the declaration its own id")
        when_text = str(item.get("when", "false"))
        points_raw = item.get("points", 1)
        when = b.compile_expression(f"{path}.when", when_text, "bool", env, scope="hand")
        points = b.compile_expression(f"{path}.points", str(points_raw), "num", env,
                                      literal=not isinstance(points_raw, str), scope="hand")
        fixed = constant(points) if points is not None else None
        if fixed is not None and fixed < 0:
            b.error(f"{path}.points", "negative-points", f"the declaration '{did}' gives {fixed} points; a declaration "
                    "gives 0 or more", "to take points away, award the opponents")
        check_no_carry(b, path, when, points, "a declaration")
        if item.get("effect") == "win-match" and "points" in item:
            b.error(f"{path}.points", "points-unused", f"the declaration '{did}' wins the match, so its points never count",
                    "remove points, or use effect: points or sweeps", severity="warning")
        pos = b.r.pos(path)
        name, names = prose(item.get("name"), did)
        rules.append(ir.Declaration(did, name, when, points, item.get("effect", "points"), when_text,
                                    str(points_raw), ir.Origin(pos.file, pos.line, pos.column, path), b.sources(item, path),
                                    names))
    wild_captures = bool(spec.get("wild_captures", False))
    wild_opening = bool(spec.get("wild_opening", False))
    if not rules and not (wild_text and (wild_captures or wild_opening)):  # a wild card elsewhere is not idle
        b.error("declarations", "declarations-without-rules", "declarations says how hands are declared but lists no "
                "declaration", "add declarations.rules, or remove declarations", severity="warning")
    if wild_captures and not wild_text:
        b.error("declarations.wild_captures", "wild-captures-without-wild", "wild_captures makes the wild card a joker "
                "in play, but declarations names no wild card", "add declarations.wild: <card>, e.g. 7 of coppe")
    if wild_opening and not wild_text:
        b.error("declarations.wild_opening", "wild-opening-without-wild", "wild_opening makes the wild card wild on the "
                "opening table, but declarations names no wild card", "add declarations.wild: <card>, e.g. 7 of coppe")
    as_declared = bool(spec.get("wild_as_declared", False))
    if as_declared:
        _check_as_declared(b, wild_text, wild_captures, rules)
    return ir.Declarations(tuple(rules), spec.get("check", "every-round"), spec.get("keep", "all"), wild, wild_text,
                           b.sources(spec, "declarations"), wild_captures, bool(spec.get("show", False)),
                           wild_opening, as_declared)


def _check_as_declared(b, wild_text: str, wild_captures: bool, rules: list) -> None:
    """wild_as_declared needs a wild card that declarations read, and one that is not a joker in
    play already; with no declaration it is idle (a warning where the file says it)."""
    path = "declarations.wild_as_declared"
    if not wild_text:
        b.error(path, "as-declared-without-wild", "wild_as_declared plays the wild card as the card it was declared "
                "as, but declarations names no wild card", "add declarations.wild: <card>, e.g. 7 of coppe")
    elif wild_captures:
        b.error(path, "as-declared-with-wild-captures", "wild_as_declared plays the wild card as one declared "
                "card, but wild_captures makes it a joker in play, standing for any value",
                "keep one of the two: wild_captures (a joker in play) or wild_as_declared (the declared card)")
    elif not rules and b.r.origins.get(path, b.r.file) == b.r.file:  # inherited, with the declarations dropped: idle
        b.error(path, "as-declared-without-rules", "wild_as_declared plays the wild card as the card a declaration "
                "read it as, but no declaration reads it", "add declarations.rules, or remove wild_as_declared",
                severity="warning")


def declared_wild(b, deck: ir.Deck) -> int:
    """The card that plays as declared (declarations.wild_as_declared), read before the rules
    that see its readings (Deck.named); -1: none. A wrong wild card is said by build_declarations."""
    spec = b.section("declarations")
    if not (spec.get("wild_as_declared") is True and spec.get("wild") and not spec.get("wild_captures")):
        return -1
    node, _ = compile_card(str(spec["wild"]), Env.from_cardset(CardSet(deck)))
    return node if isinstance(node, int) else -1


def _card_index(b, path: str, text: str, env: Env) -> int:
    """The card a card literal (`7 of coppe`) names, or -1 with a located error."""
    node, problems = compile_card(text, env)
    if node is None:
        b.in_scalar(path, text, problems)
        if not problems:
            b.error(path, "expr-card", f"'{text}' is not a card", "write a card as RANK of SUIT, e.g. 7 of coppe")
        return -1
    return node
