"""Scoring expressions: parse, type-check, evaluate and compile to Python.

Designers write award/points rules as small expressions (docs/contract.md,
"Expression language"). The pipeline is:

* `parse` turns text into a tree of frozen nodes, or syntax/limit Problems.
  Limits are enforced before anything recursive runs, so hostile input (ten
  thousand nested parentheses) gets a located `expr-depth` instead of a crash;
* `check` type-checks a tree against a deck (`Env`) and `compile_expression`
  also returns the resolved tree: names of suits/ranks carry their number,
  card literals their index, and every card predicate (the second argument of
  `count`/`filter`) is reduced over the deck to a constant bit `Mask`;
* `evaluate` interprets a resolved tree, `to_python` emits one equivalent
  Python expression for generated modules. Both use `exprrt` for the real work.

Problems are never raised: every function returns them, positioned 1-based
relative to the expression text.
"""

from __future__ import annotations

import dataclasses
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import get_args

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.visitors import Transformer_NonRecursive, v_args

from . import exprrt as rt
from . import ir
from .cards import Card, CardSet
from .errors import did_you_mean

MAX_LENGTH = 2000
MAX_DEPTH = 64
#: most/all/any evaluate their inside once per side, so nesting them multiplies
#: the work by the number of sides at each level: they may nest this deep.
MAX_SIDE_NESTING = 3

NUM, BOOL, CARDS, CARD, SIDES, SUIT, RANK, PRED = "num", "bool", "cards", "card", "sides", "suit", "rank", "pred"

_DESCRIPTIONS = {
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


# --------------------------------------------------------------------------- environment

_VARIABLES = {"pile": CARDS, "sweeps": NUM, "captures": NUM, "opponents": SIDES, "others": SIDES, "deck": CARDS}
_PER_SIDE_VARIABLES = frozenset({"pile", "sweeps", "captures", "opponents", "others"})
#: how most() treats sides tied for the top (the IR's TiePolicy): nobody wins it
#: (none), every tied side does (all), or every tied side does and the rule's
#: points are shared between them (split, 000's "ties split the point")
TIE_POLICIES: tuple[str, ...] = get_args(ir.TiePolicy)

#: the name of the deck's scoring suit (oros, diamonds, denari), so that a rule
#: written once holds for every deck option of a variant
SCORING_SUIT = "scoring_suit"
_FIELDS = {"suit": SUIT, "rank": RANK, "value": NUM, "joker": BOOL}


class Env:
    """What names exist for one deck, and the deck tables the runtime helpers need."""

    def __init__(self, cards: CardSet, default_ties: str):
        if default_ties not in TIE_POLICIES:
            raise ValueError(f"default_ties must be one of {', '.join(TIE_POLICIES)}, not {default_ties!r}")
        deck = cards.deck
        self.cards = cards
        self.default_ties = default_ties
        self.suits = {suit.name: index for index, suit in enumerate(deck.suits)}
        self.scoring_suit = deck.scoring_suit  # what the name `scoring_suit` stands for
        self.ranks = {rank.name: rank.number for rank in deck.ranks}
        self.rank_numbers = sorted(rank.number for rank in deck.ranks)
        self.card_index = {(c.suit, c.rank): c.index for c in cards.cards if not c.joker}
        self.suit_masks = cards.suit_masks
        self.rank_masks = tuple(
            sum(1 << c.index for c in cards.cards if c.rank == number and not c.joker)
            for number in range(1, max(self.rank_numbers, default=0) + 1)
        )
        values = sorted({c.value for c in cards.cards if not c.joker and c.value})
        self.value_groups = tuple(
            (value, sum(1 << c.index for c in cards.cards if c.value == value and not c.joker)) for value in values
        )
        self.primiera_table = tuple(
            (suit_mask, self._primiera_groups(suit)) for suit, suit_mask in enumerate(self.suit_masks) if suit_mask
        )

    @classmethod
    def from_cardset(cls, cards: CardSet, default_ties: str = "none") -> Env:
        return cls(cards, default_ties)

    def _primiera_groups(self, suit: int) -> tuple[tuple[int, int], ...]:
        points = sorted({c.primiera for c in self.cards.cards if c.suit == suit}, reverse=True)
        return tuple(
            (p, sum(1 << c.index for c in self.cards.cards if c.suit == suit and c.primiera == p)) for p in points
        )

    def names(self, in_predicate: bool) -> list[str]:
        """Every name a did-you-mean hint may suggest."""
        names = [*_VARIABLES, *self.suits, SCORING_SUIT, *self.ranks, "true", "false"]
        if in_predicate:
            names += _FIELDS
        return names


@dataclass
class ScoreContext:
    """The end-of-hand state one side is scored in."""

    side: int
    piles: list[int]
    sweeps: list[int]
    captures: list[int]
    env: Env


# --------------------------------------------------------------------------- parsing


@cache
def _parser() -> Lark:
    return Lark.open(
        str(Path(__file__).parent / "grammar" / "scoring.lark"),
        parser="lalr",
        lexer="basic",
        propagate_positions=True,
        maybe_placeholders=True,
    )


def parse(text: str) -> tuple[Node | None, list[Problem]]:
    """The tree of `text`, or the Problems that stop it being one (a syntax error comes alone)."""
    if len(text) > MAX_LENGTH:
        line, column = _position(text, MAX_LENGTH)
        problems = [
            Problem(
                line,
                column,
                "expr-too-long",
                f"the expression is {len(text)} characters long; the limit is {MAX_LENGTH}",
                "move parts of it into separate scoring rules",
            )
        ]
        deep = _scan_depth(text)
        return None, problems + ([deep] if deep else [])
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        return None, [_syntax_problem(text, error)]
    deep = _tree_depth(tree)
    if deep:
        return None, [deep]
    builder = _Builder()
    node = builder.transform(tree)
    if builder.problems:
        return None, builder.problems
    return node, []


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _depth_problem(line: int, column: int) -> Problem:
    return Problem(
        line,
        column,
        "expr-depth",
        f"the expression nests more than {MAX_DEPTH} levels deep",
        "split it into simpler expressions or drop redundant parentheses",
    )


_LEAVES = frozenset({"num", "name", "true", "false", "card"})
_WRAPPERS = frozenset({"arguments", "keyword"})


def _tree_depth(tree: Tree) -> Problem | None:
    """The first node nested deeper than MAX_DEPTH, found without recursion.

    Every operator, call and pair of parentheses is a level; literals and names
    are not, nor are the argument-list wrappers.
    """
    deepest: tuple[int, int] | None = None
    stack = [(tree, 0)]
    while stack:
        node, level = stack.pop()
        if node.data not in _WRAPPERS and node.data not in _LEAVES:
            level += 1
            if level > MAX_DEPTH:
                here = (node.meta.line, node.meta.column)
                deepest = here if deepest is None else min(deepest, here)
                continue
        stack.extend((child, level) for child in node.children if isinstance(child, Tree))
    return _depth_problem(*deepest) if deepest else None


_TOKEN = re.compile(r"\s+|[A-Za-z_]\w*|\d+|//|==|!=|<=|>=|.", re.DOTALL)
_PREFIX_RESET = frozenset({"and", "or", "if", "else", "of"})


def _scan_depth(text: str) -> Problem | None:
    """A depth bomb in text too long to be worth parsing, found by scanning tokens.

    Counts open parentheses plus pending prefix `not`/`-`: a lower bound of the
    tree depth, and the same location `_tree_depth` gives for runs of them
    (a call's level starts at its function name).
    """
    pending = [0]  # prefix operators not yet closed, per open parenthesis
    level = 0
    after_operand = False
    name_start = -1  # where the previous token started, if it was a name
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token.isspace():
            continue
        start, previous_name, name_start = match.start(), name_start, -1
        if token == "(" or token == "not" or (token == "-" and not after_operand):
            level += 1
            if level > MAX_DEPTH:
                at = previous_name if token == "(" and previous_name >= 0 else start
                return _depth_problem(*_position(text, at))
            if token == "(":
                pending.append(0)
            else:
                pending[-1] += 1
            after_operand = False
        elif token == ")":
            if len(pending) > 1:
                level -= 1 + pending.pop()
            after_operand = True
        elif (token[0].isalnum() or token[0] == "_") and token not in _PREFIX_RESET:
            after_operand = True
            if not token[0].isdigit():
                name_start = start
        else:
            level -= pending[-1]
            pending[-1] = 0
            after_operand = False
    return None


_STARTS = ("INT", "NAME", "LPAR", "MINUS", "NOT", "TRUE", "FALSE")
_OPERATORS = ("PLUS", "STAR", "PERCENT", "LESSTHAN", "MORETHAN", "AND", "OR", "IF")
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">="})
_CHARACTER_HINTS = {
    "/": "integer division is written //",
    "=": "compare with ==; keyword arguments use a colon, e.g. ties: all",
    "&": "write and",
    "|": "write or",
    "!": "write not, or != to compare",
}


def _syntax_problem(text: str, error: UnexpectedInput) -> Problem:
    """An `expr-syntax` Problem saying what was expected where."""
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream]
        return Problem(
            error.line, error.column, "expr-syntax", f"unexpected character {char!r}", _CHARACTER_HINTS.get(char, "")
        )
    at_end = isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END")
    expected = _describe_expected(set(getattr(error, "accepts", None) or getattr(error, "expected", ())))
    hint = ""
    if at_end:
        line, column = _position(text, len(text.rstrip()))
        found = "end of input"
    else:
        token = error.token
        line, column = token.line, token.column
        found = f"'{token}'"
        if str(token) in _COMPARISONS:
            hint = "comparisons cannot be chained: write a < b and b < c"
    return Problem(line, column, "expr-syntax", f"expected {expected}, found {found}", hint)


def _describe_expected(terminals: set[str]) -> str:
    """Lark terminal names as words: closing tokens first, expression starters and operators summarised."""
    by_name = {t.name: t for t in _parser().terminals}

    def word(name: str) -> str:
        return {"$END": "end of input", "NAME": "a name", "INT": "a number"}.get(
            name
        ) or f"'{by_name[name].pattern.value}'"

    words = [word(name) for name in ("RPAR", "COMMA", "ELSE") if name in terminals]
    terminals -= {"RPAR", "COMMA", "ELSE"}
    if {"INT", "NAME", "LPAR"} <= terminals:
        terminals -= set(_STARTS)
        words.append("an expression")
    if len(terminals & set(_OPERATORS)) > 1:
        terminals = {t for t in terminals if t not in _OPERATORS and not t.startswith("__ANON") and t != "MINUS"}
        words.append("an operator")
    words += sorted(word(name) for name in terminals if name in by_name or name in ("$END", "NAME", "INT"))
    if len(words) <= 1:
        return words[0] if words else "something else"
    return ", ".join(words[:-1]) + " or " + words[-1]


_ARITHMETIC_RULES = {"add": "+", "sub": "-", "mul": "*", "floordiv": "//", "mod": "%"}
_COMPARISON_RULES = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _at(meta) -> tuple[int, int]:
    return meta.line, meta.column


@v_args(meta=True)
class _Builder(Transformer_NonRecursive):
    """Lark tree -> nodes, bottom-up without recursion."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[Problem] = []

    def num(self, meta, children):
        return Num(*_at(meta), int(children[0]))

    def true(self, meta, children):
        return Bool(*_at(meta), True)

    def false(self, meta, children):
        return Bool(*_at(meta), False)

    def name(self, meta, children):
        return Name(*_at(meta), str(children[0]))

    def card(self, meta, children):
        rank, suit = children
        return CardLit(*_at(meta), str(rank), str(suit), suit.line, suit.column)

    def paren(self, meta, children):
        return children[0]

    def arguments(self, meta, children):
        return children

    def keyword(self, meta, children):
        return Keyword(*_at(meta), str(children[0]), children[1])

    def call(self, meta, children):
        name, arguments = children
        args: list[Node] = []
        keywords: list[Keyword] = []
        for argument in arguments or ():
            if isinstance(argument, Keyword):
                keywords.append(argument)
            elif keywords:
                self.problems.append(
                    Problem(
                        argument.line, argument.column, "expr-arguments", "positional argument after a keyword argument"
                    )
                )
            else:
                args.append(argument)
        return Call(*_at(meta), str(name), tuple(args), tuple(keywords))

    def ifelse(self, meta, children):
        return IfElse(*_at(meta), *children)

    def or_(self, meta, children):
        return BoolOp(*_at(meta), "or", *children)

    def and_(self, meta, children):
        return BoolOp(*_at(meta), "and", *children)

    def not_(self, meta, children):
        return Not(*_at(meta), children[0])

    def neg(self, meta, children):
        return Neg(*_at(meta), children[0])

    def __default__(self, data, children, meta):
        """The binary operator rules (add, eq, ...), named after their operator."""
        if data in _ARITHMETIC_RULES:
            return BinOp(*_at(meta), _ARITHMETIC_RULES[data], *children)
        return Compare(*_at(meta), _COMPARISON_RULES[data], *children)


# --------------------------------------------------------------------------- checking


@dataclass(frozen=True)
class _Signature:
    params: tuple[str, ...]  # kind of each positional parameter; PRED is checked per card
    required: int
    variadic: bool = False  # the last parameter repeats
    result: str = NUM
    keywords: tuple[str, ...] = ()
    per_side: bool = False  # depends on the scored side: not allowed in a card predicate

    def kind(self, index: int) -> str | None:
        if index < len(self.params):
            return self.params[index]
        return self.params[-1] if self.variadic else None

    def arity(self) -> str:
        if self.variadic:
            return f"at least {self.required} arguments"
        if self.required == len(self.params):
            return f"{self.required} argument" + ("s" if self.required != 1 else "")
        return f"{self.required} or {len(self.params)} arguments"


_SIGNATURES = {
    "count": _Signature((CARDS, PRED), 1),
    "filter": _Signature((CARDS, PRED), 2, result=CARDS),
    "sum": _Signature((CARDS,), 1),
    "has": _Signature((CARDS, CARD), 2, result=BOOL),
    "primiera": _Signature((CARDS,), 1),
    "suits": _Signature((CARDS,), 1),
    "straight": _Signature((CARDS,), 1),
    "most": _Signature((NUM,), 1, result=BOOL, keywords=("ties", "eligible"), per_side=True),
    "all": _Signature((SIDES, BOOL), 2, result=BOOL, per_side=True),
    "any": _Signature((SIDES, BOOL), 2, result=BOOL, per_side=True),
    "min": _Signature((NUM, NUM), 2, variadic=True),
    "max": _Signature((NUM, NUM), 2, variadic=True),
}

_ORDINALS = ("first", "second", "third", "fourth", "fifth")
_EQUATABLE = frozenset({NUM, BOOL, CARDS, SUIT, RANK})
_ORDERED = frozenset({NUM, RANK})
_BRANCHES = frozenset({NUM, BOOL, CARDS, SUIT, RANK})
_PREDICATE_HINT = "a card predicate says which cards count, e.g. count(pile, suit == oros and rank >= 6)"


def check(node: Node, expected: str, env: Env) -> list[Problem]:
    """Every type, name and argument problem of `node` as a `expected` ("num"/"bool") expression."""
    return _resolve(node, expected, env)[1]


def compile_expression(text: str, expected: str, env: Env) -> tuple[Node | None, list[Problem]]:
    """Parse and check `text`; the resolved tree, or None with the problems."""
    node, problems = parse(text)
    if node is None:
        return None, problems
    resolved, problems, unresolved = _resolve(node, expected, env)
    # a `scoring_suit` the deck cannot resolve leaves no tree and no problem of its own:
    # the deck's check (unknown-suit at deck.scoring_suit) says what is wrong
    return (None if problems or unresolved else resolved), problems


def _resolve(node: Node, expected: str, env: Env) -> tuple[Node, list[Problem], int]:
    if expected not in (NUM, BOOL):
        raise ValueError(f"expected must be 'num' or 'bool', not {expected!r}")
    checker = _Checker(env)
    resolved, found = checker.visit(node, False)
    if found is not None and found != expected:
        hint = (
            "make it a condition, e.g. count(pile) > 20"
            if expected == BOOL and found == NUM
            else "turn a condition into a number with 1 if CONDITION else 0"
            if expected == NUM and found == BOOL
            else ""
        )
        checker.problem(node, "expr-type", f"expected {_DESCRIPTIONS[expected]}, found {_DESCRIPTIONS[found]}", hint)
    return resolved, sorted(checker.problems, key=lambda p: (p.line, p.column)), checker.unresolved


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


def may_be_negative(node: Node) -> bool:
    """Whether a number expression can come out below zero. Every name and call
    of the language is a count, a value or a sum of them (never negative), so
    only a minus, or an operation on something that may be negative, can."""
    fixed = constant(node)
    if fixed is not None:
        return fixed < 0
    if isinstance(node, Neg):
        return True
    if isinstance(node, BinOp):
        return node.op == "-" or may_be_negative(node.left) or may_be_negative(node.right)
    if isinstance(node, IfElse):
        return may_be_negative(node.then) or may_be_negative(node.otherwise)
    return False


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
        return _ARITHMETIC[node.op](left, right)
    return None


_ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": operator.floordiv,
    "%": operator.mod,
}
_COMPARE: dict[str, Callable[[object, object], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


class _Checker:
    """Type-checks a tree and builds its resolved copy; `in_predicate` marks card-predicate scope.

    `visit` returns (resolved node, type), the type None once a problem was
    reported for the node so that its parents do not repeat it.
    """

    def __init__(self, env: Env):
        self.env = env
        self.problems: list[Problem] = []
        self.side_nesting = 0  # most/all/any calls around the node being checked
        self.unresolved = 0  # names left unresolved because another stage reports why (scoring_suit)

    def problem(self, at: Node, code: str, message: str, hint: str = "", line: int = 0, column: int = 0) -> None:
        self.problems.append(Problem(line or at.line, column or at.column, code, message, hint))

    def scoring_suit(self) -> str | None:
        """The deck's suit that the name `scoring_suit` resolves to, so that every later
        stage sees `oros` or `diamonds`; None (counted as unresolved) when
        deck.scoring_suit names no suit of the deck, which is reported there (unknown-suit)."""
        if self.env.scoring_suit in self.env.suits:
            return self.env.scoring_suit
        self.unresolved += 1
        return None

    def visit(self, node: Node, in_predicate: bool) -> tuple[Node, str | None]:
        return getattr(self, "_" + type(node).__name__)(node, in_predicate)

    def expect(self, node: Node, in_predicate: bool, want: str, what: str) -> Node:
        resolved, found = self.visit(node, in_predicate)
        if found is not None and found != want:
            self.problem(node, "expr-type", f"expected {_DESCRIPTIONS[want]} as {what}, found {_DESCRIPTIONS[found]}")
        return resolved

    def _Num(self, node: Num, in_predicate: bool):
        return node, NUM

    def _Bool(self, node: Bool, in_predicate: bool):
        return node, BOOL

    def _Name(self, node: Name, in_predicate: bool):
        name, env = node.name, self.env
        if name in _VARIABLES:
            if in_predicate and name in _PER_SIDE_VARIABLES:
                self.problem(
                    node,
                    "expr-type",
                    f"a card predicate cannot use '{name}': it may only use the card's fields "
                    "(suit, rank, value, joker) and constants",
                    _PREDICATE_HINT,
                )
                return node, None
            return node, _VARIABLES[name]
        if name in _FIELDS:
            if in_predicate:
                return node, _FIELDS[name]
            self.problem(
                node,
                "expr-unknown-name",
                f"'{name}' is a card field",
                "the card fields suit, rank, value and joker only exist inside count/filter predicates, "
                "e.g. count(pile, rank == 7)",
            )
            return node, None
        if name == SCORING_SUIT:
            suit = self.scoring_suit()
            if suit is None:
                return node, None
            return dataclasses.replace(node, name=suit, value=env.suits[suit]), SUIT
        if name in env.suits:
            return dataclasses.replace(node, value=env.suits[name]), SUIT
        if name in env.ranks:
            return dataclasses.replace(node, value=env.ranks[name]), RANK
        if name in _SIGNATURES:
            self.problem(node, "expr-unknown-name", f"'{name}' is a function", f"call it: {name}(...)")
            return node, None
        self.problem(node, "expr-unknown-name", f"unknown name '{name}'", did_you_mean(name, env.names(in_predicate)))
        return node, None

    def _CardLit(self, node: CardLit, in_predicate: bool):
        env = self.env
        if node.suit == SCORING_SUIT:  # `7 of scoring_suit`
            suit = self.scoring_suit()
            if suit is None:
                return node, None
            node = dataclasses.replace(node, suit=suit)
        number = int(node.rank) if node.rank.isdigit() else env.ranks.get(node.rank)
        if number not in env.rank_numbers:
            hint = (
                f"ranks are numbered {env.rank_numbers[0]}..{env.rank_numbers[-1]}"
                if node.rank.isdigit() and env.rank_numbers
                else did_you_mean(node.rank, env.ranks)
            )
            self.problem(node, "expr-card", f"the deck has no rank '{node.rank}'", hint)
        suit = env.suits.get(node.suit)
        if suit is None:
            self.problem(
                node,
                "expr-card",
                f"the deck has no suit '{node.suit}'",
                did_you_mean(node.suit, [*env.suits, SCORING_SUIT]),
                node.suit_line,
                node.suit_column,
            )
        if suit is None or number not in env.rank_numbers:
            return node, None
        return dataclasses.replace(node, index=env.card_index[(suit, number)]), CARD

    def _Neg(self, node: Neg, in_predicate: bool):
        return dataclasses.replace(
            node, operand=self.expect(node.operand, in_predicate, NUM, "the operand of '-'")
        ), NUM

    def _Not(self, node: Not, in_predicate: bool):
        operand = self.expect(node.operand, in_predicate, BOOL, "the operand of 'not'")
        return dataclasses.replace(node, operand=operand), BOOL

    def _BinOp(self, node: BinOp, in_predicate: bool):
        left = self.expect(node.left, in_predicate, NUM, f"the left operand of '{node.op}'")
        right = self.expect(node.right, in_predicate, NUM, f"the right operand of '{node.op}'")
        if node.op in ("//", "%") and not constant(node.right):
            self.problem(
                node.right,
                "expr-division-by-zero",
                f"the divisor of '{node.op}' must be a non-zero integer constant",
                f"e.g. count(pile) {node.op} 2",
            )
        return dataclasses.replace(node, left=left, right=right), NUM

    def _BoolOp(self, node: BoolOp, in_predicate: bool):
        left = self.expect(node.left, in_predicate, BOOL, f"the left operand of '{node.op}'")
        right = self.expect(node.right, in_predicate, BOOL, f"the right operand of '{node.op}'")
        return dataclasses.replace(node, left=left, right=right), BOOL

    def _Compare(self, node: Compare, in_predicate: bool):
        left, left_type = self.visit(node.left, in_predicate)
        right, right_type = self.visit(node.right, in_predicate)
        resolved = dataclasses.replace(node, left=left, right=right)
        if left_type is None or right_type is None:
            return resolved, BOOL
        op = node.op
        allowed = _EQUATABLE if op in ("==", "!=") else _ORDERED
        if left_type not in allowed or right_type not in allowed:
            bad, bad_type = (node.left, left_type) if left_type not in allowed else (node.right, right_type)
            what = "numbers, booleans, sets of cards, suits or ranks" if op in ("==", "!=") else "numbers or ranks"
            self.problem(bad, "expr-type", f"'{op}' compares {what}, found {_DESCRIPTIONS[bad_type]}")
        elif left_type != right_type and {left_type, right_type} != {RANK, NUM}:
            hint = f"suits are written by name: {', '.join(self.env.suits)}" if SUIT in (left_type, right_type) else ""
            self.problem(
                node.right,
                "expr-type",
                f"cannot compare {_DESCRIPTIONS[left_type]} with {_DESCRIPTIONS[right_type]} using '{op}'",
                hint,
            )
        elif op in ("==", "!=") and RANK in (left_type, right_type):
            self._check_rank_number(node.left if left_type == NUM else node.right)
        return resolved, BOOL

    def _check_rank_number(self, node: Node) -> None:
        """`rank == 11` can never hold: say so rather than silently score nothing."""
        if isinstance(node, Num) and node.value not in self.env.rank_numbers:
            numbers = self.env.rank_numbers
            self.problem(
                node,
                "expr-card",
                f"the deck has no rank {node.value}",
                f"ranks are numbered {numbers[0]}..{numbers[-1]}",
            )

    def _IfElse(self, node: IfElse, in_predicate: bool):
        condition = self.expect(node.condition, in_predicate, BOOL, "the condition of 'if'")
        then, then_type = self.visit(node.then, in_predicate)
        otherwise, otherwise_type = self.visit(node.otherwise, in_predicate)
        resolved = dataclasses.replace(node, then=then, condition=condition, otherwise=otherwise)
        for branch, found in ((node.then, then_type), (node.otherwise, otherwise_type)):
            if found is not None and found not in _BRANCHES:
                self.problem(
                    branch,
                    "expr-type",
                    "'if ... else' chooses between numbers, booleans, sets of cards, suits or ranks, "
                    f"found {_DESCRIPTIONS[found]}",
                )
                return resolved, None
        if then_type is None or otherwise_type is None:
            return resolved, then_type or otherwise_type
        if then_type != otherwise_type:
            self.problem(
                node.otherwise,
                "expr-type",
                f"both branches of 'if ... else' must have the same type: "
                f"{_DESCRIPTIONS[then_type]} before 'if', {_DESCRIPTIONS[otherwise_type]} after 'else'",
            )
            return resolved, None
        return resolved, then_type

    def _Call(self, node: Call, in_predicate: bool):
        name = node.function
        signature = _SIGNATURES.get(name)
        if signature is None:
            if name in _VARIABLES or name in _FIELDS:
                self.problem(
                    node, "expr-unknown-function", f"'{name}' is not a function", f"write {name} without parentheses"
                )
            else:
                self.problem(
                    node, "expr-unknown-function", f"unknown function '{name}'", did_you_mean(name, _SIGNATURES)
                )
            return node, None
        if signature.per_side and in_predicate:
            self.problem(
                node,
                "expr-type",
                f"{name}() depends on the side being scored and cannot be used in a card predicate",
                _PREDICATE_HINT,
            )
            return node, None
        if signature.per_side and self.side_nesting == MAX_SIDE_NESTING:
            self.problem(
                node,
                "expr-depth",
                f"most(), all() and any() nest more than {MAX_SIDE_NESTING} deep",
                "each of them evaluates its inside once per side: simplify the rule",
            )
            return node, None
        self.side_nesting += signature.per_side
        resolved = self._arguments(node, signature, in_predicate)
        self.side_nesting -= signature.per_side
        return resolved, signature.result

    def _arguments(self, node: Call, signature: _Signature, in_predicate: bool) -> Call:
        """The call with its arguments checked against `signature`."""
        name = node.function
        count = len(node.args)
        if count < signature.required or (count > len(signature.params) and not signature.variadic):
            at = node.args[len(signature.params)] if count > len(signature.params) else node
            self.problem(at, "expr-arguments", f"{name}() takes {signature.arity()}, found {count}")
        args = []
        for index, arg in enumerate(node.args):
            kind = signature.kind(index)
            what = (
                f"the {_ORDINALS[index]} argument of {name}()"
                if index < len(_ORDINALS)
                else f"argument {index + 1} of {name}()"
            )
            if kind is None:
                args.append(arg)
            elif kind == PRED:
                args.append(self.predicate(arg, what))
            else:
                args.append(self.expect(arg, in_predicate, kind, what))
        keywords, ties = self.keywords(node, signature, in_predicate)
        return dataclasses.replace(node, args=tuple(args), keywords=keywords, ties=ties)

    def keywords(self, node: Call, signature: _Signature, in_predicate: bool) -> tuple[tuple[Keyword, ...], str]:
        """The checked keyword arguments, and the tie policy they set (most() only)."""
        ties = self.env.default_ties if node.function == "most" else ""
        kept = []
        seen = set()
        for keyword in node.keywords:
            if keyword.name not in signature.keywords:
                hint = (
                    did_you_mean(keyword.name, signature.keywords)
                    if signature.keywords
                    else f"{node.function}() takes no keyword arguments"
                )
                self.problem(
                    keyword, "expr-arguments", f"{node.function}() has no keyword argument '{keyword.name}'", hint
                )
            elif keyword.name in seen:
                self.problem(keyword, "expr-arguments", f"keyword argument '{keyword.name}' given twice")
            elif keyword.name == "ties":
                value = keyword.value
                if isinstance(value, Name) and value.name in TIE_POLICIES:
                    ties = value.name
                else:
                    hint = did_you_mean(value.name, TIE_POLICIES) if isinstance(value, Name) else ""
                    self.problem(value, "expr-arguments", f"ties: must be {', '.join(TIE_POLICIES)}", hint)
                kept.append(keyword)
            else:
                what = f"the {keyword.name}: argument of {node.function}()"
                kept.append(dataclasses.replace(keyword, value=self.expect(keyword.value, in_predicate, BOOL, what)))
            seen.add(keyword.name)
        return tuple(kept), ties

    def predicate(self, node: Node, what: str) -> Node:
        """Check a card predicate and reduce it over the deck to a constant Mask."""
        if isinstance(node, Mask):  # already reduced: the tree is being checked again
            return node
        before, unresolved = len(self.problems), self.unresolved
        resolved, found = self.visit(node, True)
        if found is not None and found != BOOL:
            self.problem(
                node,
                "expr-type",
                f"expected a card predicate (true or false for each card) as {what}, found {_DESCRIPTIONS[found]}",
                _PREDICATE_HINT,
            )
        if len(self.problems) > before or found is None or self.unresolved > unresolved:
            return resolved
        context = ScoreContext(0, [], [], [], self.env)
        mask = 0
        for card in self.env.cards.cards:
            if _eval(resolved, 0, context, card):
                mask |= 1 << card.index
        return Mask(node.line, node.column, mask)


# --------------------------------------------------------------------------- evaluation


def evaluate(node: Node, ctx: ScoreContext) -> int | bool:
    """The value of a resolved tree (from `compile_expression`) for `ctx.side`."""
    return _eval(node, ctx.side, ctx, None)


def _unchecked(node: Node):
    raise ValueError(f"{type(node).__name__} at {node.line}:{node.column} is not resolved: use compile_expression()")


def _card_field(name: str, card: Card) -> int | bool:
    if name == "suit":
        return card.suit
    if name == "rank":
        return card.rank
    if name == "value":
        return card.value
    return card.joker


def _eval(node: Node, side: int, ctx: ScoreContext, card: Card | None) -> int | bool:
    """`node` for `side`; `card` is the card a predicate is being reduced for."""
    kind = type(node)
    if kind is Num or kind is Bool:
        return node.value
    if kind is Name:
        name = node.name
        if node.value is not None:
            return node.value
        if name == "pile":
            return ctx.piles[side]
        if name == "sweeps":
            return ctx.sweeps[side]
        if name == "captures":
            return ctx.captures[side]
        if name == "deck":
            return ctx.env.cards.full_mask
        if card is not None and name in _FIELDS:
            return _card_field(name, card)
        return _unchecked(node)
    if kind is BinOp:
        return _ARITHMETIC[node.op](_eval(node.left, side, ctx, card), _eval(node.right, side, ctx, card))
    if kind is Compare:
        return _COMPARE[node.op](_eval(node.left, side, ctx, card), _eval(node.right, side, ctx, card))
    if kind is BoolOp:
        if node.op == "and":
            return _eval(node.left, side, ctx, card) and _eval(node.right, side, ctx, card)
        return _eval(node.left, side, ctx, card) or _eval(node.right, side, ctx, card)
    if kind is Not:
        return not _eval(node.operand, side, ctx, card)
    if kind is Neg:
        return -_eval(node.operand, side, ctx, card)
    if kind is IfElse:
        branch = node.then if _eval(node.condition, side, ctx, card) else node.otherwise
        return _eval(branch, side, ctx, card)
    if kind is Call:
        return _CALLS[node.function](node, side, ctx, card)
    return _unchecked(node)


def _mask(node: Node) -> int:
    return node.mask if isinstance(node, Mask) else _unchecked(node)


def _eval_count(node: Call, side: int, ctx: ScoreContext, card: Card | None) -> int:
    cards = _eval(node.args[0], side, ctx, card)
    if len(node.args) == 2:
        cards &= _mask(node.args[1])
    return cards.bit_count()


def _eval_has(node: Call, side: int, ctx: ScoreContext, card: Card | None) -> bool:
    index = node.args[1].index
    if index < 0:
        _unchecked(node.args[1])
    return (_eval(node.args[0], side, ctx, card) >> index) & 1 == 1


def _eval_most(node: Call, side: int, ctx: ScoreContext, card: Card | None) -> bool:
    every_side = rt.sides(ctx.piles)
    values = [_eval(node.args[0], s, ctx, card) for s in every_side]
    condition = node.keyword("eligible")
    eligible = None if condition is None else [_eval(condition, s, ctx, card) for s in every_side]
    return rt.most(values, eligible, side, node.ties != "none")  # all and split: every tied side


def _cards_helper(helper: Callable, table: Callable[[Env], object]) -> Callable:
    return lambda node, side, ctx, card: helper(_eval(node.args[0], side, ctx, card), table(ctx.env))


def _over_others(helper: Callable) -> Callable:
    return lambda node, side, ctx, card: helper(
        _eval(node.args[1], other, ctx, card) for other in rt.others(side, ctx.piles)
    )


def _over_args(helper: Callable) -> Callable:
    return lambda node, side, ctx, card: helper(*(_eval(arg, side, ctx, card) for arg in node.args))


_CALLS: dict[str, Callable[[Call, int, ScoreContext, Card | None], int | bool]] = {
    "count": _eval_count,
    "filter": lambda node, side, ctx, card: _eval(node.args[0], side, ctx, card) & _mask(node.args[1]),
    "sum": _cards_helper(rt.card_sum, lambda env: env.value_groups),
    "has": _eval_has,
    "primiera": _cards_helper(rt.primiera, lambda env: env.primiera_table),
    "suits": _cards_helper(rt.suits, lambda env: env.suit_masks),
    "straight": _cards_helper(rt.straight, lambda env: env.rank_masks),
    "most": _eval_most,
    "all": _over_others(rt.every),
    "any": _over_others(rt.some),
    "min": _over_args(rt.least),
    "max": _over_args(rt.greatest),
}


# --------------------------------------------------------------------------- compilation to Python


def to_python(node: Node, env: Env, hoisted: dict[str, str] | None = None) -> str:
    """One Python expression computing `evaluate(node, ...)` for a resolved tree.

    Its free names are `side`, `piles`, `sweeps`, `captures` and `rt` (the
    module `escoba_spec.exprrt`); deck tables are emitted as int literals and no
    text of the expression is copied into it. Values for another side (inside
    most/all/any) come from comprehensions that rebind `side`, so evaluate it
    inside a function (or with every name in one globals dict).

    With `hoisted`, the per-side value lists of `most` (which do not depend on
    the side being scored) are not inlined: each distinct list goes into
    `hoisted` (source -> name `_h<n>`) and the expression refers to the name,
    so a scoring function computes it once per hand instead of once per side
    and rule. The caller assigns the names first, in insertion order.
    """
    return _Emitter(env, hoisted).emit(node)


class _Emitter:
    def __init__(self, env: Env, hoisted: dict[str, str] | None = None):
        self.env = env
        self.hoisted = hoisted

    def _per_side(self, node: Node) -> str:
        """`[value for side in rt.sides(piles)]`, or its hoisted name."""
        if self.hoisted is None:
            return f"[{self.emit(node)} for side in rt.sides(piles)]"
        source = f"[{self.emit(node)} for side in range(len(piles))]"  # once a hand: no call to rt.sides
        name = self.hoisted.get(source)
        if name is None:
            name = self.hoisted[source] = f"_h{len(self.hoisted)}"
        return name

    def emit(self, node: Node) -> str:
        kind = type(node)
        if kind is Num or kind is Bool:
            return repr(node.value)
        if kind is Name:
            if node.value is not None:
                return repr(node.value)
            if node.name in ("pile", "sweeps", "captures"):
                return f"{'piles' if node.name == 'pile' else node.name}[side]"
            if node.name == "deck":
                return repr(self.env.cards.full_mask)
            return _unchecked(node)
        if kind is BinOp or kind is Compare or kind is BoolOp:
            return f"({self.emit(node.left)} {node.op} {self.emit(node.right)})"
        if kind is Not:
            return f"(not {self.emit(node.operand)})"
        if kind is Neg:
            return f"(-{self.emit(node.operand)})"
        if kind is IfElse:
            return f"({self.emit(node.then)} if {self.emit(node.condition)} else {self.emit(node.otherwise)})"
        if kind is Call:
            return getattr(self, "_" + node.function)(node)
        return _unchecked(node)

    def _count(self, node: Call) -> str:
        cards = self.emit(node.args[0])
        if len(node.args) == 2:
            return f"({cards} & {_mask(node.args[1])!r}).bit_count()"
        return f"({cards}).bit_count()"

    def _filter(self, node: Call) -> str:
        return f"({self.emit(node.args[0])} & {_mask(node.args[1])!r})"

    def _has(self, node: Call) -> str:
        index = node.args[1].index
        if index < 0:
            _unchecked(node.args[1])
        return f"(({self.emit(node.args[0])} >> {index!r}) & 1 == 1)"

    def _sum(self, node: Call) -> str:
        return f"rt.card_sum({self.emit(node.args[0])}, {self.env.value_groups!r})"

    def _primiera(self, node: Call) -> str:
        return f"rt.primiera({self.emit(node.args[0])}, {self.env.primiera_table!r})"

    def _suits(self, node: Call) -> str:
        return f"rt.suits({self.emit(node.args[0])}, {self.env.suit_masks!r})"

    def _straight(self, node: Call) -> str:
        return f"rt.straight({self.emit(node.args[0])}, {self.env.rank_masks!r})"

    def _most(self, node: Call) -> str:
        values = self._per_side(node.args[0])
        condition = node.keyword("eligible")
        eligible = "None" if condition is None else self._per_side(condition)
        return f"rt.most({values}, {eligible}, side, {node.ties != 'none'!r})"

    def _all(self, node: Call) -> str:
        return f"rt.every({self.emit(node.args[1])} for side in rt.others(side, piles))"

    def _any(self, node: Call) -> str:
        return f"rt.some({self.emit(node.args[1])} for side in rt.others(side, piles))"

    def _min(self, node: Call) -> str:
        return f"rt.least({', '.join(self.emit(arg) for arg in node.args)})"

    def _max(self, node: Call) -> str:
        return f"rt.greatest({', '.join(self.emit(arg) for arg in node.args)})"
