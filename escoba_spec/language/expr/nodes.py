"""The expression language's trees: types, nodes, and what a tree says of itself.

Every node is a frozen dataclass that keeps where it starts in the expression
text (1-based, relative to the text), so that every later stage can point back
at the YAML. `parse` builds these trees, `check` resolves them (names carry
their number, card literals their index, card predicates become a `Mask`),
and the evaluator and the Python emitter read the resolved trees.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass

NUM, BOOL, CARDS, CARD, SIDES, SUIT, RANK, PRED = "num", "bool", "cards", "card", "sides", "suit", "rank", "pred"

#: the largest number an expression may write: far above any count, value or target
MAX_NUMBER = 1_000_000

DESCRIPTIONS = {
    NUM: "a number",
    BOOL: "a boolean",
    CARDS: "a set of cards",
    CARD: "a card",
    SIDES: "a collection of sides",
    SUIT: "a suit",
    RANK: "a rank",
    PRED: "a card predicate",
}


@dataclass(frozen=True)
class Problem:
    """One error in an expression; line and column are 1-based within its text."""

    line: int
    column: int
    code: str
    message: str
    hint: str = ""


# --------------------------------------------------------------------------- nodes


@dataclass(frozen=True)
class Node:
    """Every node keeps where it starts in the expression text."""

    line: int
    column: int


@dataclass(frozen=True)
class Num(Node):
    value: int


@dataclass(frozen=True)
class Bool(Node):
    value: bool


@dataclass(frozen=True)
class Name(Node):
    name: str
    value: int | None = None  # resolved: suit index or rank number of a constant


@dataclass(frozen=True)
class CardLit(Node):
    """`RANK of SUIT`; the node starts at RANK."""

    rank: str  # as written: "7" or "rey"
    suit: str
    suit_line: int
    suit_column: int
    index: int = -1  # resolved: the card's index in the CardSet


@dataclass(frozen=True)
class Keyword(Node):
    name: str
    value: Node


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple[Node, ...]
    keywords: tuple[Keyword, ...] = ()
    ties: str = ""  # resolved for most(): "none" or "all"

    def keyword(self, name: str) -> Node | None:
        for keyword in self.keywords:
            if keyword.name == name:
                return keyword.value
        return None


@dataclass(frozen=True)
class BinOp(Node):
    op: str  # + - * // %
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    op: str  # == != < <= > >=
    left: Node
    right: Node


@dataclass(frozen=True)
class BoolOp(Node):
    op: str  # and, or
    left: Node
    right: Node


@dataclass(frozen=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True)
class Neg(Node):
    operand: Node


@dataclass(frozen=True)
class IfElse(Node):
    """`then if condition else otherwise`; the node starts at `then`."""

    then: Node
    condition: Node
    otherwise: Node


@dataclass(frozen=True)
class Mask(Node):
    """A card predicate reduced over the deck: the cards it holds for (only in resolved trees)."""

    mask: int


def unresolved(node: Node):
    """Raise: `node` should have been resolved by `check.compile_expression`."""
    raise ValueError(f"{type(node).__name__} at {node.line}:{node.column} is not resolved: use compile_expression()")


def mask_of(node: Node) -> int:
    """The cards of a card predicate reduced over the deck (a resolved tree's `Mask`)."""
    return node.mask if isinstance(node, Mask) else unresolved(node)


# --------------------------------------------------------------------------- what a tree says


def children(node: Node) -> Iterator[Node]:
    """The nodes directly below `node` (arguments, keyword values, operands), in order."""
    for value in node.__dict__.values():
        if isinstance(value, Node):
            yield value
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Node):
                    yield item


def shares_points(node: Node) -> bool:
    """Whether an award holds a most() with ties: split, so that the rule's points
    are shared between the sides it is awarded to."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Call) and current.function == "most" and current.ties == "split":
            return True
        stack.extend(children(current))
    return False


def carries_points(node: Node) -> bool:
    """Whether an expression holds a most() with ties: carry, so that a hand in which its rule
    goes to nobody carries the rule's points to the next hand."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Call) and current.function == "most" and current.ties == "carry":
            return True
        stack.extend(children(current))
    return False


def may_be_negative(node: Node) -> bool:
    """Whether a number expression can come out below zero. Every name of the
    language is a count or a score, and count, sum, primiera and the like are
    never negative, so only a minus, or an operation (min, max, round_up,
    round_down, arithmetic) on something that may be negative, can."""
    fixed = constant(node)
    if fixed is not None:
        return fixed < 0
    if isinstance(node, Neg):
        return True
    if isinstance(node, BinOp):
        return node.op == "-" or may_be_negative(node.left) or may_be_negative(node.right)
    if isinstance(node, IfElse):
        return may_be_negative(node.then) or may_be_negative(node.otherwise)
    if isinstance(node, Call) and node.function in ("min", "max", "round_up", "round_down"):
        return any(may_be_negative(arg) for arg in node.args)  # as negative as what they are given
    return False


def may_be_large(node: Node) -> bool:
    """Whether a number expression can grow past any bound: literals are at most
    `MAX_NUMBER` and every name counts cards, sweeps or points, so only a product can."""
    if isinstance(node, BinOp) and node.op == "*" and constant(node) is None:
        return True
    return any(may_be_large(child) for child in children(node))


def needs_bounds(node: Node) -> bool:
    """Whether the points an expression gives must go through `runtime.points`, which holds
    them between 0 and `MAX_POINTS` (both engines, so that they score alike)."""
    return may_be_negative(node) or may_be_large(node)


def constant(node: Node) -> int | None:
    """The value of an integer expression made only of literals (`-5`, `2 * 3`), else None."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Neg):
        value = constant(node.operand)
        return None if value is None else -value
    if isinstance(node, BinOp):
        left, right = constant(node.left), constant(node.right)
        if left is None or right is None or (node.op in ("//", "%") and right == 0):
            return None
        return ARITHMETIC[node.op](left, right)
    return None


ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": operator.floordiv,
    "%": operator.mod,
}
COMPARE: dict[str, Callable[[object, object], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
