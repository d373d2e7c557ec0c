"""How large a number expression can grow: a bound on every value it computes, from the names'.

The kernel counts in 64-bit integers and the interpreter in Python's, which never overflow: a
product that passes 2**63 on the way (`count(pile) * 1000000 * 1000000 * 1000000`) wraps in one
engine and not in the other, and the two score one hand apart. Every literal is at most
MAX_NUMBER and every name is bounded (a count by the largest deck, a score by the points a match
can hold), so a bound on each sub-expression follows from its operators; one that can pass LIMIT
is a located error (`expr-overflow`), and the engines agree by construction.
"""

from __future__ import annotations

from .nodes import BinOp, Bool, Call, Compare, IfElse, Name, Neg, Node, Num, Problem, children

#: the largest value any expression may compute on the way: below 2**63 with room to add
LIMIT = 1 << 62
#: what a name can hold at most: a count of cards (a deck of at most 256); sweeps and captures
#: (a play makes one, a declaration of sweeps at most runtime.MAX_POINTS a hand); a score (the
#: match's target plus a hand's points, each rule's at most MAX_POINTS); a hand's number (a match
#: ends within engine.match's limit of hands); a round of the deal
_CARDS = 256
_NAMES = {"sweeps": 10 ** 9, "captures": 10 ** 9, "score": 10 ** 12, "opponent_score": 10 ** 12,
          "hand_number": 10 ** 5, "round": _CARDS, "bid": 1000}
#: a bound on what each function gives, from the bound of its arguments
_CALLS = {
    "count": lambda args: _CARDS,
    "sum": lambda args: _CARDS * 1000,  # a card's capture value is at most 1000 (deck.values)
    "primiera": lambda args: _CARDS * 100,
    "suits": lambda args: _CARDS, "straight": lambda args: _CARDS,
    "same_rank": lambda args: _CARDS, "same_suit": lambda args: _CARDS,
    "min": lambda args: max(args, default=0), "max": lambda args: max(args, default=0),
    "round_up": lambda args: sum(args), "round_down": lambda args: args[0] if args else 0,
}


def overflow(node: Node) -> Problem | None:
    """The outermost sub-expression of `node` that can pass LIMIT, as a problem; None if none can."""
    found: list[Node] = []
    _bound(node, found)
    if not found:
        return None
    at = found[-1]  # the last found is the outermost: children are bounded first
    return Problem(at.line, at.column, "expr-overflow",
                   f"this can reach about {_bound(at, []):.1e}, more than the engines count exactly "
                   f"(64-bit integers, about {LIMIT:.1e}): the kernel and the interpreter would score it apart",
                   "divide before multiplying, or use smaller factors")


def bound(node: Node) -> int:
    """A bound on |value| of a number expression (a sweep's weight is held to one)."""
    return _bound(node, [])


def _bound(node: Node, found: list[Node]) -> int:
    """A bound on |value| of a number node (0 for cards, 1 for a truth value); each node whose
    bound passes LIMIT is appended to `found`, inner ones first."""
    if isinstance(node, Num):
        value = abs(node.value)
    elif isinstance(node, Bool):
        value = 1
    elif isinstance(node, Name):
        value = abs(node.value) if node.value is not None else _NAMES.get(node.name, 0)  # a card set: 0
    elif isinstance(node, Neg):
        value = _bound(node.operand, found)
    elif isinstance(node, BinOp):
        left, right = _bound(node.left, found), _bound(node.right, found)
        value = {"+": left + right, "-": left + right, "*": left * right, "//": left, "%": right}[node.op]
    elif isinstance(node, IfElse):
        _bound(node.condition, found)
        value = max(_bound(node.then, found), _bound(node.otherwise, found))
    elif isinstance(node, Call):
        args = [_bound(arg, found) for arg in node.args]
        for keyword in node.keywords:
            _bound(keyword.value, found)
        value = _CALLS.get(node.function, lambda args: 1)(args)
    else:  # comparisons, and, or, not, card sets: their operands are bounded, their value is small
        for child in children(node):
            _bound(child, found)
        value = 1 if isinstance(node, Compare) else 0
    if value > LIMIT:
        found.append(node)
    return value
