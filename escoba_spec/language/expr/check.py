"""Stage two of an expression: type-check a tree against a deck and resolve it.

`compile_expression` parses and checks; the resolved tree it returns has
names of suits and ranks carrying their number, card literals their index,
and every card predicate (the second argument of `count`/`filter`) reduced
over the deck to a constant bit `Mask`. Problems are never raised: they are
returned, positioned 1-based relative to the expression text.
"""

from __future__ import annotations

import dataclasses

from ..diagnostics import did_you_mean
from .env import (
    FIELDS,
    HAND_VARIABLES,
    MATCH_VARIABLES,
    PER_SIDE_VARIABLES,
    PLAY_VARIABLES,
    SCOPE_VARIABLES,
    SCORING_SUIT,
    SIGNATURES,
    PILE_VARIABLES,
    STACK_VARIABLES,
    EQUAL_GROUPS_BELOW,
    STEP_FUNCTIONS,
    TIE_POLICIES,
    VARIABLES,
    Env,
    ScoreContext,
    Signature,
)
from .bounds import overflow
from .evaluate import eval_node
from .nodes import (
    BOOL,
    CARD,
    CARDS,
    DESCRIPTIONS,
    MAX_NUMBER,
    NUM,
    PRED,
    RANK,
    SUIT,
    BinOp,
    Bool,
    BoolOp,
    Call,
    CardLit,
    Compare,
    IfElse,
    Keyword,
    Mask,
    Name,
    Neg,
    Node,
    Not,
    Num,
    Problem,
    constant,
)
from .parse import parse
from .scopes import no_sides, out_of_scope

#: most/all/any evaluate their inside once per side, so nesting them multiplies
#: the work by the number of sides at each level: they may nest this deep.
MAX_SIDE_NESTING = 3


#: every variable of every scope, by name
KNOWN_VARIABLES = {**VARIABLES, **MATCH_VARIABLES, **PLAY_VARIABLES, **HAND_VARIABLES, **STACK_VARIABLES,
                   **PILE_VARIABLES}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")
_EQUATABLE = frozenset({NUM, BOOL, CARDS, SUIT, RANK})
_ORDERED = frozenset({NUM, RANK})
_BRANCHES = frozenset({NUM, BOOL, CARDS, SUIT, RANK})
_PREDICATE_HINT = "a card predicate says which cards count, e.g. count(pile, suit == oros and rank >= 6)"


def check(node: Node, expected: str, env: Env) -> list[Problem]:
    """Every type, name and argument problem of `node` as a `expected` ("num"/"bool") expression."""
    return _resolve(node, expected, env)[1]


def compile_expression(text: str, expected: str, env: Env, scope: str = "side") -> tuple[Node | None, list[Problem]]:
    """Parse and check `text` (in `scope`: "side", a side at the end of a hand; "play", a play;
    "table", the opening table of a deal; ...); the resolved tree, or None with the problems."""
    node, problems = parse(text)
    if node is None:
        return None, problems
    resolved, problems, unresolved = _resolve(node, expected, env, scope)
    if not problems and (too_large := overflow(resolved)) is not None:  # a value past 64 bits (expr.bounds)
        problems = [too_large]
    # a `scoring_suit` the deck cannot resolve leaves no tree and no problem of its own:
    # the deck's check (unknown-suit at deck.scoring_suit) says what is wrong
    return (None if problems or unresolved else resolved), problems


def compile_predicate(text: str, env: Env, what: str = "the cards") -> tuple[int | None, list[Problem]]:
    """Parse a card predicate (`rank == ace`, `value <= 7 and suit == oros`) and reduce
    it over the deck: the mask of the cards it holds for, or None with the problems."""
    node, problems = parse(text)
    if node is None:
        return None, problems
    checker = _Checker(env)
    reduced = checker.predicate(node, what)
    problems = sorted(checker.problems, key=lambda p: (p.line, p.column))
    if problems or checker.unresolved or not isinstance(reduced, Mask):
        return None, problems
    return reduced.mask, []


def compile_card(text: str, env: Env) -> tuple[int | None, list[Problem]]:
    """A card literal (`7 of coppe`, `rey of oros`): the index of the card, or None with the problems."""
    node, problems = parse(text)
    if node is None:
        return None, problems
    if not isinstance(node, CardLit):
        return None, [Problem(node.line, node.column, "expr-card", "expected a card, as RANK of SUIT",
                              "e.g. 7 of coppe, rey of oros")]
    checker = _Checker(env)
    resolved, found = checker.visit(node, False)
    if checker.problems or found is None:
        return None, checker.problems
    return resolved.index, []


def _resolve(node: Node, expected: str, env: Env, scope: str = "side") -> tuple[Node, list[Problem], int]:
    if expected not in (NUM, BOOL):
        raise ValueError(f"expected must be 'num' or 'bool', not {expected!r}")
    checker = _Checker(env, scope)
    resolved, found = checker.visit(node, False)
    if found is not None and found != expected:
        hint = (
            "make it a condition, e.g. count(pile) > 20"
            if expected == BOOL and found == NUM
            else "turn a condition into a number with 1 if CONDITION else 0"
            if expected == NUM and found == BOOL
            else ""
        )
        checker.problem(node, "expr-type", f"expected {DESCRIPTIONS[expected]}, found {DESCRIPTIONS[found]}", hint)
    return resolved, sorted(checker.problems, key=lambda p: (p.line, p.column)), checker.unresolved



class _Checker:
    """Type-checks a tree and builds its resolved copy; `in_predicate` marks card-predicate scope.

    `visit` returns (resolved node, type), the type None once a problem was
    reported for the node so that its parents do not repeat it.
    """

    def __init__(self, env: Env, scope: str = "side"):
        self.env = env
        self.scope = scope  # side: scoring a side; table: a condition on the opening table
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
            self.problem(node, "expr-type", f"expected {DESCRIPTIONS[want]} as {what}, found {DESCRIPTIONS[found]}")
        return resolved

    def _Num(self, node: Num, in_predicate: bool):
        if node.value > MAX_NUMBER:
            self.problem(node, "expr-number-too-large",
                         f"the number {str(node.value)[:12]}{'...' if len(str(node.value)) > 12 else ''} "
                         f"({len(str(node.value))} digits) is larger than {MAX_NUMBER:,}, the largest an expression "
                         "may write", "no card game scores that many points: write a number a game can reach")
        return node, NUM

    def _Bool(self, node: Bool, in_predicate: bool):
        return node, BOOL

    def _Name(self, node: Name, in_predicate: bool):
        name, env = node.name, self.env
        in_scope = SCOPE_VARIABLES[self.scope]
        if not in_predicate and name in in_scope:
            return node, in_scope[name]
        if name in KNOWN_VARIABLES and not in_predicate:
            self.problem(node, "expr-unknown-name", *out_of_scope(name, self.scope))
            return node, None
        if name in KNOWN_VARIABLES:
            if name in PER_SIDE_VARIABLES:
                self.problem(
                    node,
                    "expr-type",
                    f"a card predicate cannot use '{name}': it may only use the card's fields "
                    "(suit, rank, value, joker) and constants",
                    _PREDICATE_HINT,
                )
                return node, None
            return node, KNOWN_VARIABLES[name]
        if name in FIELDS:
            if in_predicate:
                return node, FIELDS[name]
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
        if name in SIGNATURES:
            self.problem(node, "expr-unknown-name", f"'{name}' is a function", f"call it: {name}(...)")
            return node, None
        self.problem(node, "expr-unknown-name", f"unknown name '{name}'", did_you_mean(name, env.names(in_predicate, self.scope)))
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
            self.problem(bad, "expr-type", f"'{op}' compares {what}, found {DESCRIPTIONS[bad_type]}")
        elif left_type != right_type and {left_type, right_type} != {RANK, NUM}:
            hint = f"suits are written by name: {', '.join(self.env.suits)}" if SUIT in (left_type, right_type) else ""
            self.problem(
                node.right,
                "expr-type",
                f"cannot compare {DESCRIPTIONS[left_type]} with {DESCRIPTIONS[right_type]} using '{op}'",
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
                    f"found {DESCRIPTIONS[found]}",
                )
                return resolved, None
        if then_type is None or otherwise_type is None:
            return resolved, then_type or otherwise_type
        if then_type != otherwise_type:
            self.problem(
                node.otherwise,
                "expr-type",
                f"both branches of 'if ... else' must have the same type: "
                f"{DESCRIPTIONS[then_type]} before 'if', {DESCRIPTIONS[otherwise_type]} after 'else'",
            )
            return resolved, None
        return resolved, then_type

    def _Call(self, node: Call, in_predicate: bool):
        name = node.function
        signature = SIGNATURES.get(name)
        if signature is None:
            if name in VARIABLES or name in FIELDS:
                self.problem(
                    node, "expr-unknown-function", f"'{name}' is not a function", f"write {name} without parentheses"
                )
            else:
                self.problem(
                    node, "expr-unknown-function", f"unknown function '{name}'", did_you_mean(name, SIGNATURES)
                )
            return node, None
        if signature.per_side and (sideless := no_sides(name, self.scope)) is not None:
            self.problem(node, "expr-type", *sideless)
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

    def _arguments(self, node: Call, signature: Signature, in_predicate: bool) -> Call:
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
        if name in STEP_FUNCTIONS and len(node.args) == 2 and not (constant(node.args[1]) or 0) > 0:
            self.problem(node.args[1], "expr-step", f"the step of {name}() must be a positive integer constant",
                         f"e.g. {name}(count(pile), 2): to the multiple of 2 {'at or above' if name == 'round_up' else 'at or below'}")
        if name == "equal_groups" and len(node.args) == 2 and not 2 <= (constant(node.args[1]) or 0) <= EQUAL_GROUPS_BELOW:
            self.problem(node.args[1], "expr-bound", f"the bound of equal_groups() must be a whole number from 2 to "
                         f"{EQUAL_GROUPS_BELOW}", "e.g. equal_groups(taken, 10): groups of one total below 10")
        keywords, ties = self.keywords(node, signature, in_predicate)
        return dataclasses.replace(node, args=tuple(args), keywords=keywords, ties=ties)

    def keywords(self, node: Call, signature: Signature, in_predicate: bool) -> tuple[tuple[Keyword, ...], str]:
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
                f"expected a card predicate (true or false for each card) as {what}, found {DESCRIPTIONS[found]}",
                _PREDICATE_HINT,
            )
        if len(self.problems) > before or found is None or self.unresolved > unresolved:
            return resolved
        context = ScoreContext(0, [], [], [], self.env)
        mask = 0
        for card in self.env.cards.cards:
            if eval_node(resolved, 0, context, card):
                mask |= 1 << card.index
        return Mask(node.line, node.column, mask)
