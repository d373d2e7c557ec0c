"""Stage 4, what the scoring can reach: an award no hand can meet, and a match no side can win.

A condition is read with the deck's numbers (a side captures at most the whole deck, the
cards of a predicate are so many, a card is one): `count(pile) > 100` with 40 cards never
holds. A rule whose award never holds never scores (a warning at the award); when nothing in
the file can score or end the match, no side ever reaches the target and no match ends (an
error at match.target: play would stop after its limit of hands). When every rule that can
score holds for every side and gives a fixed number, the sides are level after every hand and
a level match plays on: an error too. A declaration that wins the match and that every side
makes on every one of many seeded deals ties every hand before it is played (an error at its
condition). What cannot be decided so is left alone: the commands end such a match with a
message.
"""

from __future__ import annotations

import random
from math import inf

from . import ir
from .cards import CardSet
from .derive import table_deal
from .expr.env import NO_MATCH, Env, PlayFacts, ScoreContext
from .expr.evaluate import evaluate
from .expr.nodes import BinOp, Bool, BoolOp, Call, Compare, IfElse, Mask, Name, Neg, Node, Not, Num

NEVER, ALWAYS, MAYBE = "never", "always", "maybe"
#: the names that stand for one card at most
_ONE = {"played", "previous", "top_before", "top", "pile_top"}
#: the numbers that are never below 0
_COUNTS = {"sweeps", "captures", "score", "opponent_score", "hand_number", "round", "bid"}
#: the seeded deals a winning declaration is tried on (as deal.redeal's conditions are)
DECLARATION_SAMPLES = 200


def check_reach(b, cards: CardSet | None, scoring: ir.Scoring, declarations: ir.Declarations, match: ir.Match) -> None:
    """Entry point: warn at each award that never holds; an error when nothing can score or end a match."""
    if cards is None:
        return
    live = False
    for i, rule in enumerate(scoring.rules):
        holds = truth(rule.award, cards)
        if holds == NEVER:
            b.error(f"scoring.rules[{i}].award", "award-never-holds",
                    f"no hand can meet the award of '{rule.id}' with this deck ({cards.size} cards), so it never scores",
                    "compare with what a side can capture, e.g. count(pile) > 20", severity="warning")
        live = live or (holds != NEVER and (rule.effect != "points" or number_range(rule.points, cards)[1] > 0))
    for item in (*scoring.events, *declarations.rules):
        live = live or (truth(item.when, cards) != NEVER
                        and (item.effect != "points" or number_range(item.points, cards)[1] > 0))
    if not live and not any(p.code == "unreachable-match-target" for p in b.problems):  # said already, plainer
        where = b.blamed("match.target", "scoring.rules", "scoring.events", "declarations.rules", "scoring")
        b.error(where, "match-cannot-end",
                f"no scoring rule, event or declaration can give a side a point, so no side reaches {match.target} "
                "and no match ends", "give a rule an award a hand can meet")
    elif live:
        _check_level(b, cards, scoring, declarations)


def _check_level(b, cards: CardSet, scoring: ir.Scoring, declarations: ir.Declarations) -> None:
    """Every rule that can score holds for every side with a fixed number (or wins for all):
    the sides are level after every hand, and a level match plays another hand."""
    level = []
    for i, rule in enumerate(scoring.rules):
        holds = truth(rule.award, cards)
        if holds == NEVER:
            continue
        if holds != ALWAYS or (rule.effect == "points" and len(set(number_range(rule.points, cards))) > 1):
            return  # a rule that can tell the sides apart
        level.append(f"scoring.rules[{i}].award")
    if not level or any(truth(item.when, cards) != NEVER for item in (*scoring.events, *declarations.rules)):
        return
    b.error(b.blamed(level[0], *level[1:]), "match-always-level",
            "every rule that can score holds for every side and gives the same points, so the sides are level after "
            "every hand; a level match plays another hand, and no match ends",
            "add a rule that tells the sides apart, e.g. most(count(pile))")


def check_declared_every_hand(b, cards: CardSet | None, players: ir.Players, deal: ir.Deal,
                              declarations: ir.Declarations) -> None:
    """A declaration that wins the match, made by every side on every one of many seeded deals:
    every side wins at once, level, before the hand is played, hand after hand."""
    if cards is None:
        return
    env = Env.from_cardset(cards)
    for i, rule in enumerate(declarations.rules):
        if rule.effect != "win-match":
            continue
        if all(_every_side_makes(rule, cards, env, layout, deal) for layout in players.layouts):
            b.error(f"declarations.rules[{i}].when", "declared-every-hand",
                    f"every side made '{rule.id}' on every one of {DECLARATION_SAMPLES} dealt hands, so every side "
                    "wins at once before the hand is played; the sides are level, and no match ends",
                    "say a hand only some players are dealt, e.g. same_rank(hand) == 4")


def _every_side_makes(rule: ir.Declaration, cards: CardSet, env: Env, layout: ir.Layout, deal: ir.Deal) -> bool:
    """Whether every side had a seat whose dealt hand made the declaration, in every seeded deal."""
    hand_size, table_cards = table_deal(deal, layout, cards.size)
    sides = layout.players // layout.team_size
    if hand_size < 1 or table_cards + hand_size * layout.players > cards.size:
        return False  # a deal that cannot be dealt is said elsewhere
    rng = random.Random(f"{rule.when_text}/{layout.players}")  # the same samples, run after run
    zero = [0] * sides
    for _ in range(DECLARATION_SAMPLES):
        dealt = rng.sample(range(cards.size), table_cards + hand_size * layout.players)
        table = sum(1 << c for c in dealt[:table_cards])
        made = [False] * sides
        for seat in range(layout.players):
            hand = sum(1 << c for c in dealt[table_cards + seat * hand_size:table_cards + (seat + 1) * hand_size])
            facts = PlayFacts(0, 0, table, 0, -1, False, 1)
            ctx = ScoreContext(seat % sides, zero, zero, zero, env, table, NO_MATCH, facts, hand)
            made[seat % sides] = made[seat % sides] or bool(evaluate(rule.when, ctx))
        if not all(made):
            return False
    return True


def truth(node: Node, cards: CardSet) -> str:
    """Whether a condition never holds, always holds, or may (as far as the deck's numbers tell)."""
    if isinstance(node, Bool):
        return ALWAYS if node.value else NEVER
    if isinstance(node, Not):
        inner = truth(node.operand, cards)
        return {NEVER: ALWAYS, ALWAYS: NEVER}.get(inner, MAYBE)
    if isinstance(node, BoolOp):
        left, right = truth(node.left, cards), truth(node.right, cards)
        if node.op == "and":
            return NEVER if NEVER in (left, right) else ALWAYS if left == right == ALWAYS else MAYBE
        return ALWAYS if ALWAYS in (left, right) else NEVER if left == right == NEVER else MAYBE
    if isinstance(node, Compare):
        (a, b), (c, d) = number_range(node.left, cards), number_range(node.right, cards)
        holds = {"<": (b < c, a >= d), "<=": (b <= c, a > d), ">": (a > d, b <= c), ">=": (a >= d, b < c),
                 "==": (a == b == c == d, b < c or a > d), "!=": (b < c or a > d, a == b == c == d)}[node.op]
        return ALWAYS if holds[0] else NEVER if holds[1] else MAYBE
    return MAYBE


def shape(node) -> tuple:
    """A node as what it computes, without where it was written: two `count(pile)` in a rule's
    award and its points have the same shape."""
    if isinstance(node, Node):
        return (type(node).__name__, *(shape(v) for k, v in node.__dict__.items() if k not in ("line", "column")))
    if isinstance(node, tuple):
        return tuple(shape(item) for item in node)
    return node


def number_range(node: Node, cards: CardSet, names: dict | None = None) -> tuple[float, float]:
    """The least and most a number expression can be (−inf, inf where the deck does not tell).
    `names`: what the caller knows of some names (a side's sweeps in one hand, say), by name,
    or of some expressions, by their `shape` (a count an award holds to 20 or more)."""
    key = shape(node) if names and not isinstance(node, Name) else None
    if key in (names or {}):  # what the caller knows, within what the deck allows
        natural = number_range(node, cards, {k: v for k, v in names.items() if k != key})
        return max(names[key][0], natural[0]), min(names[key][1], natural[1])
    if isinstance(node, Num):
        return node.value, node.value
    if isinstance(node, Name):
        if node.value is not None:
            return node.value, node.value
        if names and node.name in names:
            return names[node.name]
        return (0, inf) if node.name in _COUNTS else (-inf, inf)
    if isinstance(node, Neg):
        low, high = number_range(node.operand, cards, names)
        return -high, -low
    if isinstance(node, BinOp) and node.op in "+-*":
        (a, b), (c, d) = number_range(node.left, cards, names), number_range(node.right, cards, names)
        if node.op == "+":
            return a + c, b + d
        if node.op == "-":
            return a - d, b - c
        ends = [x * y for x in (a, b) for y in (c, d) if not ({x, y} & {inf, -inf} and 0 in (x, y))]
        return (min(ends), max(ends)) if len(ends) == 4 else (-inf, inf)
    if isinstance(node, IfElse):
        (a, b), (c, d) = number_range(node.then, cards, names), number_range(node.otherwise, cards, names)
        return min(a, c), max(b, d)
    if isinstance(node, Call) and node.function == "count":
        most = _size(node.args[0], cards)
        if len(node.args) == 2 and isinstance(node.args[1], Mask):
            most = min(most, node.args[1].mask.bit_count())
        return 0, most
    if isinstance(node, Call) and node.function == "sum" and not cards.choice_mask:  # jokers: any value
        return 0, sum(v for v in cards.values if v > 0)
    if isinstance(node, Call) and node.function in ("same_rank", "same_suit", "suits", "straight"):
        return 0, _size(node.args[0], cards)
    if isinstance(node, Call) and node.function == "primiera":  # the best card of each suit, added
        best = {}
        for card in cards.cards[:cards.size]:
            if not card.joker:
                best[card.suit] = max(best.get(card.suit, 0), card.primiera)
        return 0, sum(best.values())
    if isinstance(node, Call) and node.function in ("min", "max"):
        ranges = [number_range(arg, cards, names) for arg in node.args]
        pick = min if node.function == "min" else max
        return pick(r[0] for r in ranges), pick(r[1] for r in ranges)
    if isinstance(node, Call) and node.function in ("round_up", "round_down") and isinstance(node.args[1], Num):
        step = node.args[1].value  # a positive constant (STEP_FUNCTIONS)
        low, high = number_range(node.args[0], cards, names)
        if node.function == "round_up":
            return -(-low // step) * step, -(-high // step) * step
        return low // step * step, high // step * step
    if isinstance(node, BinOp) and node.op == "//" and isinstance(node.right, Num) and node.right.value > 0:
        low, high = number_range(node.left, cards, names)
        return low // node.right.value, high // node.right.value
    return -inf, inf


def held_ranges(condition: Node, cards: CardSet, names: dict | None = None) -> dict:
    """What a condition's comparisons of an expression with a constant, joined by `and`, say of
    that expression while the condition holds: its range, keyed as number_range's `names` are (a
    name by itself, any other expression by its shape). `count(pile) >= 20 and score < 38` holds
    the count to 20 or more and the score to 37 or less."""
    out: dict = {}
    stack = [condition]
    while stack:
        node = stack.pop()
        if isinstance(node, BoolOp) and node.op == "and":
            stack += [node.left, node.right]
            continue
        if not (isinstance(node, Compare) and node.op in _NARROW):
            continue
        subject, op, bound = node.left, node.op, node.right
        if isinstance(subject, Num):  # 20 <= count(pile)
            subject, op, bound = node.right, _FLIP[node.op], node.left
        if not isinstance(bound, Num) or isinstance(subject, Num):
            continue
        key = subject.name if isinstance(subject, Name) and subject.value is None else shape(subject)
        low, high = out.get(key) or number_range(subject, cards, names)
        out[key] = _NARROW[op](low, high, bound.value)
    return out


#: what `x OP c` says of x's range (integers: < c is at most c - 1), and `c OP x` as `x OP' c`
_NARROW = {">=": lambda lo, hi, c: (max(lo, c), hi), ">": lambda lo, hi, c: (max(lo, c + 1), hi),
           "<=": lambda lo, hi, c: (lo, min(hi, c)), "<": lambda lo, hi, c: (lo, min(hi, c - 1)),
           "==": lambda lo, hi, c: (max(lo, c), min(hi, c))}
_FLIP = {">=": "<=", ">": "<", "<=": ">=", "<": ">", "==": "=="}


def _size(node: Node, cards: CardSet) -> int:
    """The most cards a card-set expression can hold."""
    if isinstance(node, Name):
        return 1 if node.name in _ONE else cards.size
    if isinstance(node, Call) and node.function == "filter" and isinstance(node.args[1], Mask):
        return min(_size(node.args[0], cards), node.args[1].mask.bit_count())
    if isinstance(node, Call) and node.function == "common":
        return min(_size(node.args[0], cards), _size(node.args[1], cards))
    if isinstance(node, Call) and node.function == "union":
        return min(cards.size, _size(node.args[0], cards) + _size(node.args[1], cards))
    return cards.size
