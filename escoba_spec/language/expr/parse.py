"""Stage one of an expression: text -> tree, or the Problems that stop it being one.

Limits are enforced before anything recursive runs, so hostile input (ten
thousand nested parentheses) gets a located `expr-depth` instead of a crash:
an over-long text is scanned token by token (`_scan_depth`), a parsed one is
measured without recursion (`_tree_depth`), and the Lark tree becomes nodes
bottom-up without recursion (`_Builder`). The grammar is `scoring.lark`.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from lark import (
    Lark,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.visitors import Transformer_NonRecursive, v_args

from .nodes import (
    BinOp,
    Bool,
    BoolOp,
    Call,
    CardLit,
    Compare,
    IfElse,
    Keyword,
    Name,
    Neg,
    Node,
    Not,
    Num,
    Problem,
)

MAX_LENGTH = 2000
MAX_DEPTH = 64


@cache
def _parser() -> Lark:
    return Lark.open(
        str(Path(__file__).parent / "scoring.lark"),
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
