"""The scoring expression language: parsing, checking, evaluation, compilation to Python."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.expressions import to_python
from escoba_spec.language.cards import CardSet, no_jokers, preset_ranks, preset_suits
from escoba_spec.language.expr import runtime as exprrt
from escoba_spec.language.expr.check import check, compile_expression
from escoba_spec.language.expr.env import Env, ScoreContext
from escoba_spec.language.expr.evaluate import evaluate
from escoba_spec.language.expr.nodes import (
    BinOp,
    Bool,
    BoolOp,
    Call,
    CardLit,
    Compare,
    IfElse,
    Name,
    Neg,
    Node,
    Not,
    Num,
    Problem,
)
from escoba_spec.language.expr.parse import MAX_DEPTH, parse
from escoba_spec.language.ir import Deck, Jokers
from escoba_spec.language.validate import load_variant

from .conftest import RULES


def make_env(preset: str = "spanish-40", jokers: int = 0, ties: str = "none") -> Env:
    suits = preset_suits(preset)
    joker_spec = Jokers(count=jokers, values=(1, 2, 3), primiera=0) if jokers else no_jokers()
    deck = Deck(preset, suits, preset_ranks(preset), suits[0].name, joker_spec)
    return Env.from_cardset(CardSet(deck), ties)


SPANISH = make_env()
ITALIAN = make_env("italian-40")
FRENCH = make_env("french-40")
JOKERS = make_env(jokers=2)


def mask(env: Env, *texts: str) -> int:
    return env.cards.mask_of(texts)


def shape(node: Node) -> str:
    """A fully parenthesised rendering, to test how text was grouped."""
    if isinstance(node, (Num, Bool)):
        return str(node.value).lower()
    if isinstance(node, Name):
        return node.name
    if isinstance(node, CardLit):
        return f"[{node.rank} of {node.suit}]"
    if isinstance(node, (BinOp, Compare, BoolOp)):
        return f"({shape(node.left)} {node.op} {shape(node.right)})"
    if isinstance(node, Not):
        return f"(not {shape(node.operand)})"
    if isinstance(node, Neg):
        return f"(-{shape(node.operand)})"
    if isinstance(node, IfElse):
        return f"({shape(node.then)} if {shape(node.condition)} else {shape(node.otherwise)})"
    if isinstance(node, Call):
        parts = [shape(a) for a in node.args] + [f"{k.name}: {shape(k.value)}" for k in node.keywords]
        return f"{node.function}({', '.join(parts)})"
    raise AssertionError(node)


def run_python(code: str, side: int, piles, sweeps, captures):
    """Evaluate generated code with nothing but its documented free names (not even builtins)."""
    scope = {"__builtins__": {}, "rt": exprrt, "side": side, "piles": piles, "sweeps": sweeps, "captures": captures}
    return eval(code, scope)  # generated from a checked tree: ints only


def compiled(text: str, expected: str = "bool", env: Env = SPANISH) -> Node:
    node, problems = compile_expression(text, expected, env)
    assert problems == [], problems
    assert node is not None
    return node


def value(text: str, piles, side: int = 0, sweeps=None, captures=None, env: Env = SPANISH):
    """evaluate() and the generated Python agree on `text` (a boolean or a number), and give this value."""
    sweeps = sweeps if sweeps is not None else [0] * len(piles)
    captures = captures if captures is not None else [0] * len(piles)
    node = compile_expression(text, "bool", env)[0] or compiled(text, "num", env)
    interpreted = evaluate(node, ScoreContext(side, piles, sweeps, captures, env))
    generated = run_python(to_python(node, env), side, piles, sweeps, captures)
    assert interpreted == generated and type(interpreted) is type(generated)
    return interpreted


def problems_of(text: str, expected: str = "bool", env: Env = SPANISH) -> list[Problem]:
    node, problems = compile_expression(text, expected, env)
    assert node is None and problems
    return problems


def located(text: str, expected: str = "bool", env: Env = SPANISH) -> list[tuple[int, int, str]]:
    return [(p.line, p.column, p.code) for p in problems_of(text, expected, env)]


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    "text, grouped",
    [
        ("1 + 2 * 3", "(1 + (2 * 3))"),
        ("1 - 2 - 3", "((1 - 2) - 3)"),
        ("7 // 2 % 3 * 4", "(((7 // 2) % 3) * 4)"),
        ("-1 * 2", "((-1) * 2)"),
        ("- -x", "(-(-x))"),
        ("a + b < c * d", "((a + b) < (c * d))"),
        ("not a == b", "(not (a == b))"),
        ("not a and b or c", "(((not a) and b) or c)"),
        ("a or b and c", "(a or (b and c))"),
        ("1 if a or b else 2", "(1 if (a or b) else 2)"),
        ("1 if a else 2 if b else 3", "(1 if a else (2 if b else 3))"),
        ("(1 + 2) * 3", "((1 + 2) * 3)"),
        ("true and false", "(true and false)"),
        ("7 of oros", "[7 of oros]"),
        ("has(pile, rey of oros)", "has(pile, [rey of oros])"),
        ("most(x, ties: all, eligible: y > 1)", "most(x, ties: all, eligible: (y > 1))"),
        ("f()", "f()"),
        ("iffy + orange + notes", "((iffy + orange) + notes)"),
    ],
)
def test_precedence(text, grouped):
    node, problems = parse(text)
    assert problems == []
    assert shape(node) == grouped


def test_positions_are_one_based_and_multiline():
    node, _ = parse("most(\n  count(pile),\n  ties: all)")
    assert (node.line, node.column) == (1, 1)
    assert (node.args[0].line, node.args[0].column) == (2, 3)
    assert (node.keywords[0].line, node.keywords[0].column) == (3, 3)


def test_card_literal_keeps_suit_position():
    node, _ = parse("has(pile, 7 of oros)")
    card = node.args[1]
    assert (card.line, card.column, card.suit_line, card.suit_column) == (1, 11, 1, 16)


# --------------------------------------------------------------------------- every function


def test_variables():
    piles = [mask(SPANISH, "1o", "2o"), mask(SPANISH, "3c")]
    assert value("count(pile)", piles, 0) == 2
    assert value("sweeps", piles, 1, sweeps=[3, 4]) == 4
    assert value("captures == 0", piles, 1, captures=[2, 0]) is True
    assert value("count(deck)", piles) == 40
    assert value("count(deck)", [0, 0], env=JOKERS) == 42


def test_count_and_filter_with_predicates():
    pile = mask(SPANISH, "1o", "7o", "Ro", "7c", "Se", "6b")
    assert value("count(pile, suit == oros)", [pile]) == 3
    assert value("count(pile, suit == oros and rank >= 6)", [pile]) == 2
    assert value("count(pile, rank == 7)", [pile]) == 2
    assert value("count(pile, rank == seven or rank == rey)", [pile]) == 3
    assert value("count(pile, rank > caballo)", [pile]) == 1
    assert value("count(pile, value % 2 == 0 and not (suit != espadas))", [pile]) == 1
    assert value("count(filter(pile, suit == oros), rank < 7)", [pile]) == 1
    assert value("filter(pile, rank == 7) == filter(deck, rank == 7)", [pile]) is False
    assert value("count(pile, true)", [pile]) == 6


def test_joker_field_and_card_values():
    jokers = JOKERS.cards.joker_mask
    pile = mask(JOKERS, "1o", "Rc") | jokers
    assert value("count(pile, joker)", [pile], env=JOKERS) == 2
    assert value("count(pile, not joker)", [pile], env=JOKERS) == 2
    assert value("count(pile, suit != oros)", [pile], env=JOKERS) == 3
    assert value("sum(pile)", [pile], env=JOKERS) == 11
    assert value("sum(deck)", [0], env=SPANISH) == SPANISH.cards.total_value


def test_has():
    pile = mask(SPANISH, "7o", "Rc")
    assert value("has(pile, 7 of oros)", [pile]) is True
    assert value("has(pile, seven of copas)", [pile]) is False
    assert value("has(pile, rey of copas)", [pile]) is True
    assert value("has(pile, ace of denari)", [mask(ITALIAN, "1d")], env=ITALIAN) is True


def test_primiera_suits_straight():
    pile = mask(SPANISH, "7o", "6o", "1c", "Rc", "5e")
    assert value("primiera(pile)", [pile]) == 21 + 16 + 15
    assert value("suits(pile)", [pile]) == 3
    assert value("suits(pile) == 4", [pile | mask(SPANISH, "Sb")]) is True
    assert value("primiera(pile)", [0]) == 0
    run = mask(ITALIAN, "1d", "2d", "3d", "4d", "6d", "1c")
    assert value("straight(filter(pile, suit == denari))", [run], env=ITALIAN) == 4
    assert value("straight(pile)", [mask(ITALIAN, "2d")], env=ITALIAN) == 0
    assert value("primiera(pile)", [JOKERS.cards.joker_mask], env=JOKERS) == 0


def _primiera_by_loop(cards: int, table) -> int:
    """The definition: per suit present, the value of its best card."""
    return sum(next(points for points, group in groups if cards & group)
               for suit_mask, groups in table if cards & suit_mask)


@given(cards=st.integers(0, 2**44 - 1), deck=st.sampled_from(["spanish", "italian", "jokers", "interleaved"]))
def test_primiera_by_lookup_is_primiera_by_definition(cards, deck):
    """`rt.primiera` looks each suit's bits up in a table built once; suits that are
    not consecutive bits take the loop. Both must be the definition."""
    if deck == "interleaved":  # suit s holds cards s, s + 4, s + 8, ...: no lookup possible
        table = tuple((sum(1 << (s + 4 * r) for r in range(10)),
                       tuple((21 - r, 1 << (s + 4 * r)) for r in range(10))) for s in range(4))
    else:
        table = {"spanish": SPANISH, "italian": ITALIAN, "jokers": JOKERS}[deck].primiera_table
        cards &= (1 << len({"spanish": SPANISH, "italian": ITALIAN, "jokers": JOKERS}[deck].cards.cards)) - 1
    assert exprrt.primiera(cards, table) == _primiera_by_loop(cards, table)


def test_min_max_arithmetic():
    assert value("min(3, 1, 2)", [0]) == 1
    assert value("max(-3, 1)", [0]) == 1
    assert value("-7 // 2", [0]) == -4
    assert value("-7 % 3", [0]) == 2
    assert value("7 // (1 + 1)", [0]) == 3
    assert value("2 if 1 < 2 else 3", [0]) == 2


def test_most_breaks_ties_by_policy():
    a, b = mask(SPANISH, "1o", "2o"), mask(SPANISH, "3c", "4c")
    piles = [a, b, mask(SPANISH, "5e")]
    assert value("most(count(pile))", piles, 0) is False
    assert value("most(count(pile), ties: all)", piles, 0) is True
    assert value("most(count(pile), ties: all)", piles, 2) is False
    assert value("most(count(pile))", piles, 0, env=make_env(ties="all")) is True
    assert value("most(count(pile), ties: none)", piles, 0, env=make_env(ties="all")) is False
    assert value("most(count(pile))", [a | b, a, b], 0) is True


def test_most_eligible():
    # setenta: side 0 has the higher primiera but lacks a suit, so side 1 wins it
    piles = [mask(SPANISH, "7o", "7c", "7e"), mask(SPANISH, "1o", "2c", "2e", "2b")]
    rule = "most(primiera(pile), eligible: suits(pile) == 4)"
    assert value(rule, piles, 0) is False
    assert value(rule, piles, 1) is True
    assert value("most(count(pile), eligible: false)", piles, 1) is False


def test_all_any_bind_the_other_side():
    piles = [mask(SPANISH, *[f"{rank}o" for rank in "1234567SCR"], "1c"), mask(SPANISH, "1e"), mask(SPANISH, "2e")]
    assert value("2 if all(opponents, count(pile) < 10) else 1", piles, 0) == 2
    assert value("2 if all(opponents, count(pile) < 10) else 1", piles, 1) == 1
    assert value("any(others, count(pile) > 10)", piles, 1) is True
    assert value("any(others, count(pile) > 10)", piles, 0) is False
    assert value("all(opponents, most(count(pile)))", piles, 0) is False


def test_rules_the_seeds_need_type_check():
    for text, expected, env in [
        ("most(count(pile))", "bool", SPANISH),
        ("most(count(pile, suit == oros))", "bool", SPANISH),
        ("has(pile, 7 of oros)", "bool", SPANISH),
        ("most(primiera(pile), eligible: suits(pile) == 4)", "bool", SPANISH),
        ("most(count(pile, rank == 7), ties: all)", "bool", SPANISH),
        ("count(pile, rank == 7) == 4", "bool", SPANISH),
        ("count(pile, suit == oros) == 10", "bool", SPANISH),
        ("most(count(pile))", "bool", FRENCH),
        ("2 if all(opponents, count(pile) < 10) else 1", "num", SPANISH),
        ("all(opponents, count(pile) < 10)", "bool", SPANISH),
        ("captures == 0", "bool", SPANISH),
        ("straight(filter(pile, suit == denari)) >= 3", "bool", ITALIAN),
        ("straight(filter(pile, suit == denari))", "num", ITALIAN),
        ("has(pile, 7 of denari)", "bool", ITALIAN),
        ("straight(filter(pile, suit == diamonds))", "num", FRENCH),
        ("has(pile, 7 of diamonds)", "bool", FRENCH),
        ("sweeps > 0", "bool", SPANISH),
        ("sweeps", "num", SPANISH),
        ("1", "num", SPANISH),
    ]:
        compiled(text, expected, env)


def test_check_reports_without_resolving():
    node, _ = parse("count(pile, suit == oros) > 3")
    assert check(node, "bool", SPANISH) == []
    assert [p.code for p in check(node, "num", SPANISH)] == ["expr-type"]


def test_checking_a_resolved_tree_again_changes_nothing():
    for text in [
        "most(count(pile, suit == oros), ties: all)",
        "has(pile, rey of oros)",
        "count(pile, rank == seven) > 1",
    ]:
        node = compiled(text)
        assert check(node, "bool", SPANISH) == []
        assert compile_expression(text, "bool", SPANISH)[0] == node


def test_unchecked_tree_is_refused():
    node, _ = parse("count(pile, suit == oros)")
    with pytest.raises(ValueError):
        evaluate(node, ScoreContext(0, [0], [0], [0], SPANISH))


def test_generated_code_holds_only_ints():
    node = compiled("most(primiera(pile), eligible: has(pile, 7 of oros) and sum(pile) > 3)")
    tree = ast.parse(to_python(node, SPANISH), mode="eval")
    constants = {type(n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    assert constants <= {int, bool, type(None)}
    assert "oros" not in to_python(node, SPANISH)


# --------------------------------------------------------------------------- problems


@pytest.mark.parametrize(
    "text, expected, where",
    [
        ("count(pile", "num", [(1, 11, "expr-syntax")]),
        ("count(pile)   ", "bool", [(1, 1, "expr-type")]),
        ("1 + * 2", "num", [(1, 5, "expr-syntax")]),
        ("a == b == c", "bool", [(1, 8, "expr-syntax")]),
        ("most(\n  count(pile)\n  x)", "bool", [(3, 3, "expr-syntax")]),
        ("count(pile) / 2", "num", [(1, 13, "expr-syntax")]),
        ("", "num", [(1, 1, "expr-syntax")]),
        (
            "count(piles) + cuont(pile) + rank",
            "num",
            [(1, 7, "expr-unknown-name"), (1, 16, "expr-unknown-function"), (1, 30, "expr-unknown-name")],
        ),
        ("1 + true", "num", [(1, 5, "expr-type")]),
        ("count(pile)", "bool", [(1, 1, "expr-type")]),
        ("most(count(pile) > 2)", "bool", [(1, 6, "expr-type")]),
        ("count(pile, suit == 7)", "num", [(1, 21, "expr-type")]),
        ("count(pile, count(pile) > 1)", "num", [(1, 19, "expr-type")]),
        ("count(pile, most(count(pile)))", "num", [(1, 13, "expr-type")]),
        ("1 if true else false", "num", [(1, 16, "expr-type")]),
        ("count(pile, suit == oros, 3)", "num", [(1, 27, "expr-arguments")]),
        ("min(1)", "num", [(1, 1, "expr-arguments")]),
        ("most(count(pile), ties: some)", "bool", [(1, 25, "expr-arguments")]),
        ("most(count(pile), tie: all)", "bool", [(1, 19, "expr-arguments")]),
        ("count(pile, ties: all)", "num", [(1, 13, "expr-arguments")]),
        ("most(1, ties: all, 2)", "bool", [(1, 20, "expr-arguments")]),
        ("has(pile, 7 of oro)", "bool", [(1, 16, "expr-card")]),
        ("has(pile, 11 of oros)", "bool", [(1, 11, "expr-card")]),
        ("has(pile, sota of denari)", "bool", [(1, 19, "expr-card")]),
        ("count(pile, rank == 11)", "num", [(1, 21, "expr-card")]),
        ("count(pile) // 0", "num", [(1, 16, "expr-division-by-zero")]),
        ("count(pile) % sweeps", "num", [(1, 15, "expr-division-by-zero")]),
        ("count(pile) // (2 - 2)", "num", [(1, 17, "expr-division-by-zero")]),
        ("(" * 65 + "1" + ")" * 65, "num", [(1, 65, "expr-depth")]),
        ("x" * 2001, "num", [(1, 2001, "expr-too-long")]),
        ("1 +\n" * 600 + "1", "num", [(501, 1, "expr-too-long")]),
    ],
    ids=lambda v: repr(v)[:40] if isinstance(v, str) else None,
)
def test_problem_locations(text, expected, where):
    assert located(text, expected) == where


def test_every_problem_is_collected():
    codes = [p.code for p in problems_of("most(cuont(pile)) and has(pile, 7 of oro) and sweeps // 0 > rank")]
    assert codes == ["expr-unknown-function", "expr-card", "expr-division-by-zero", "expr-unknown-name"]


def test_syntax_error_comes_alone_and_says_what_was_expected():
    (problem,) = problems_of("cuont(pile) +")
    assert problem.code == "expr-syntax"
    assert problem.message == "expected an expression, found end of input"
    (problem,) = problems_of("(count(pile) > 1")
    assert "')'" in problem.message
    (problem,) = problems_of("a < b < c")
    assert "chained" in problem.hint
    (problem,) = problems_of("most(count(pile), ties=all)")
    assert "colon" in problem.hint


@pytest.mark.parametrize(
    "text, hint",
    [
        ("count(piles)", "did you mean 'pile'?"),
        ("count(pile, suit == oro)", "did you mean 'oros'?"),
        ("cuont(pile)", "did you mean 'count'?"),
        ("most(count(pile), eligable: true)", "did you mean 'eligible'?"),
        ("most(count(pile), ties: al)", "did you mean 'all'?"),
        ("has(pile, 7 of oro)", "did you mean 'oros'?"),
        ("has(pile, reyy of oros)", "did you mean 'rey'?"),
        ("count(pile, rnak == 7)", "did you mean 'rank'?"),
        ("sweep > 0", "did you mean 'sweeps'?"),
        ("True", "did you mean 'true'?"),
    ],
)
def test_did_you_mean(text, hint):
    assert any(p.hint == hint for p in problems_of(text, "bool"))


def test_card_field_outside_a_predicate_explains_itself():
    (problem,) = problems_of("rank == 7")
    assert problem.code == "expr-unknown-name"
    assert "count/filter predicates" in problem.hint


def test_type_messages_name_the_operand():
    (problem,) = problems_of("1 + (2 > 1)", "num")
    assert problem.message == "expected a number as the right operand of '+', found a boolean"
    (problem,) = problems_of("count(opponents)", "num")
    assert "first argument of count()" in problem.message


# --------------------------------------------------------------------------- depth and length limits


@pytest.mark.parametrize(
    "text, column",
    [
        ("(" * 10_000 + "1" + ")" * 10_000, 65),
        ("(" * 10_000, 65),
        ("not " * 10_000 + "true", 4 * 64 + 1),
        ("-" * 10_000 + "1", 65),
        ("count(" * 10_000 + "pile" + ")" * 10_000, 6 * 64 + 1),
        ("(" * 900 + "1" + ")" * 900, 65),
        ("not " * 400 + "true", 4 * 64 + 1),
        ("-" * 1500 + "1", 65),
        ("count(" * 300 + "pile" + ")" * 300, 6 * 64 + 1),
    ],
    ids=lambda v: repr(v)[:40] if isinstance(v, str) else None,
)
def test_depth_bombs_are_located_without_recursion(text, column):
    for expected in ("num", "bool"):
        node, problems = compile_expression(text, expected, SPANISH)
        assert node is None
        depth = [p for p in problems if p.code == "expr-depth"]
        assert [(p.line, p.column) for p in depth] == [(1, column)]


def test_long_flat_chain_is_a_depth_problem_not_a_crash():
    node, problems = compile_expression(" + ".join(["1"] * 450), "num", SPANISH)
    assert node is None and [p.code for p in problems] == ["expr-depth"]


def test_limits_are_inclusive():
    assert value("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH, [0]) == 1
    assert value("not " * MAX_DEPTH + "true", [0]) is True
    padded = "1" + " " * 1998 + "1"
    assert located(padded, "num") == [(1, 2000, "expr-syntax")]


def test_deepest_nesting_still_compiles_to_python():
    """The deepest legal expressions, of the kinds that emit the most brackets, are valid Python."""
    has_chain = "has(" + "filter(" * 62 + "pile" + ", rank > 1)" * 62 + ", 7 of oros)"
    neg_chain = "-" * 63 + "(1)"
    most_chain = "(" * 58 + "most(1 if all(others, most(sweeps)) else 0)" + ")" * 58
    piles = [mask(SPANISH, "7o", "7c"), mask(SPANISH, "1o")]
    assert value(has_chain, piles) is True
    assert value(neg_chain, piles) == -1
    assert value(most_chain, piles, sweeps=[1, 2]) is True


def test_side_binding_functions_nest_at_most_three_deep():
    legal = "most(1 if any(others, most(sweeps)) else 0)"
    assert value(legal, [0, 0, 0], sweeps=[0, 2, 1]) is False
    assert located("all(others, " + legal + ")") == [(1, 35, "expr-depth")]


# --------------------------------------------------------------------------- runtime helpers


def test_most_helper():
    assert exprrt.most([3, 2], None, 0, False) is True
    assert exprrt.most([3, 3], None, 0, False) is False
    assert exprrt.most([3, 3], None, 0, True) is True
    assert exprrt.most([3, 5], [True, False], 0, False) is True
    assert exprrt.most([5, 3], [False, True], 0, True) is False
    assert exprrt.most([1], None, 0, False) is True


@given(values=st.lists(st.integers(0, 4), min_size=1, max_size=6), ties_all=st.booleans(), data=st.data())
def test_most_of_every_side_is_most_with_every_side_eligible(values, ties_all, data):
    """`most` without eligibility takes a shortcut (max and count); it must say what
    the side-by-side comparison says."""
    side = data.draw(st.integers(0, len(values) - 1))
    mine = values[side]
    expected = all(v < mine or (v == mine and ties_all) for other, v in enumerate(values) if other != side)
    assert exprrt.most(values, None, side, ties_all) is expected
    assert exprrt.most(values, [True] * len(values), side, ties_all) is expected


# --------------------------------------------------------------------------- properties

SUITS = list(JOKERS.suits)
RANK_NAMES = list(JOKERS.ranks)
COMPARISONS = ["==", "!=", "<", "<=", ">", ">="]


@st.composite
def cards_expr(draw, depth: int) -> str:
    choice = draw(st.integers(0, 3 if depth else 1))
    if choice == 0:
        return "pile"
    if choice == 1:
        return "deck"
    if choice == 2:
        return f"filter({draw(cards_expr(depth - 1))}, {draw(pred_expr(depth - 1))})"
    return f"({draw(cards_expr(depth - 1))} if {draw(bool_expr(depth - 1))} else {draw(cards_expr(depth - 1))})"


@st.composite
def pred_expr(draw, depth: int) -> str:
    choice = draw(st.integers(0, 6 if depth else 3))
    op = draw(st.sampled_from(COMPARISONS))
    if choice == 0:
        return f"suit {draw(st.sampled_from(['==', '!=']))} {draw(st.sampled_from(SUITS))}"
    if choice == 1:
        rank = draw(st.one_of(st.integers(1, 10).map(str), st.sampled_from(RANK_NAMES)))
        return f"rank {op} {rank}"
    if choice == 2:
        return f"value {op} {draw(st.integers(0, 11))}"
    if choice == 3:
        return draw(st.sampled_from(["joker", "not joker", "true", "value % 2 == 1"]))
    if choice == 6:
        return f"(not {draw(pred_expr(depth - 1))})"
    connective = "and" if choice == 4 else "or"
    return f"({draw(pred_expr(depth - 1))} {connective} {draw(pred_expr(depth - 1))})"


@st.composite
def num_expr(draw, depth: int) -> str:
    choice = draw(st.integers(0, 13 if depth else 2))
    if choice == 0:
        return str(draw(st.integers(-5, 20)))
    if choice == 1:
        return draw(st.sampled_from(["sweeps", "captures", "count(pile)", "sum(pile)", "primiera(pile)"]))
    if choice == 2:
        return draw(st.sampled_from(["suits(pile)", "straight(pile)", "count(deck)"]))
    if choice <= 5:
        function = ["sum", "primiera", "suits", "straight"][draw(st.integers(0, 3))]
        return f"{function}({draw(cards_expr(depth - 1))})"
    if choice == 6:
        return f"count({draw(cards_expr(depth - 1))}, {draw(pred_expr(depth - 1))})"
    if choice == 7:
        op = draw(st.sampled_from(["+", "-", "*"]))
        return f"({draw(num_expr(depth - 1))} {op} {draw(num_expr(depth - 1))})"
    if choice == 8:
        op = draw(st.sampled_from(["//", "%"]))
        divisor = draw(st.integers(-7, 7).filter(bool))
        return f"({draw(num_expr(depth - 1))} {op} {divisor})"
    if choice == 9:
        return f"(-{draw(num_expr(depth - 1))})"
    if choice == 10:
        args = draw(st.lists(num_expr(depth - 1), min_size=2, max_size=3))
        return f"{draw(st.sampled_from(['min', 'max']))}({', '.join(args)})"
    if choice == 11:
        return f"({draw(num_expr(depth - 1))} if {draw(bool_expr(depth - 1))} else {draw(num_expr(depth - 1))})"
    return f"count({draw(cards_expr(depth - 1))})"


@st.composite
def bool_expr(draw, depth: int) -> str:
    choice = draw(st.integers(0, 9 if depth else 1))
    if choice == 0:
        return draw(st.sampled_from(["true", "false", "sweeps > 0", "captures == 0"]))
    if choice == 1:
        rank = draw(st.sampled_from(RANK_NAMES))
        return f"has(pile, {rank} of {draw(st.sampled_from(SUITS))})"
    if choice == 2:
        op = draw(st.sampled_from(COMPARISONS))
        return f"({draw(num_expr(depth - 1))} {op} {draw(num_expr(depth - 1))})"
    if choice == 3:
        return f"(not {draw(bool_expr(depth - 1))})"
    if choice == 4:
        op = draw(st.sampled_from(["and", "or"]))
        return f"({draw(bool_expr(depth - 1))} {op} {draw(bool_expr(depth - 1))})"
    if choice == 5:
        keywords = ""
        if draw(st.booleans()):
            keywords += f", ties: {draw(st.sampled_from(['none', 'all']))}"
        if draw(st.booleans()):
            keywords += f", eligible: {draw(bool_expr(depth - 1))}"
        return f"most({draw(num_expr(depth - 1))}{keywords})"
    if choice == 6:
        function = draw(st.sampled_from(["all", "any"]))
        sides = draw(st.sampled_from(["opponents", "others"]))
        return f"{function}({sides}, {draw(bool_expr(depth - 1))})"
    if choice == 7:
        return f"has({draw(cards_expr(depth - 1))}, {draw(st.integers(1, 10))} of {draw(st.sampled_from(SUITS))})"
    if choice == 8:
        return f"({draw(cards_expr(depth - 1))} {draw(st.sampled_from(['==', '!=']))} {draw(cards_expr(depth - 1))})"
    return f"({draw(bool_expr(depth - 1))} if {draw(bool_expr(depth - 1))} else {draw(bool_expr(depth - 1))})"


@st.composite
def game_state(draw, env: Env):
    sides = draw(st.integers(2, 4))
    piles = draw(st.lists(st.integers(0, env.cards.full_mask), min_size=sides, max_size=sides))
    sweeps = draw(st.lists(st.integers(0, 6), min_size=sides, max_size=sides))
    captures = draw(st.lists(st.integers(0, 12), min_size=sides, max_size=sides))
    return piles, sweeps, captures


@given(
    st.one_of(num_expr(3).map(lambda t: (t, "num")), bool_expr(3).map(lambda t: (t, "bool"))),
    game_state(JOKERS),
    st.sampled_from(["none", "all"]),
)
def test_evaluate_agrees_with_generated_python(case, state, ties):
    text, expected = case
    env = make_env(jokers=2, ties=ties) if ties == "all" else JOKERS
    node = compiled(text, expected, env)
    code = to_python(node, env)
    piles, sweeps, captures = state
    for side in range(len(piles)):
        interpreted = evaluate(node, ScoreContext(side, piles, sweeps, captures, env))
        generated = run_python(code, side, piles, sweeps, captures)
        assert interpreted == generated
        assert type(interpreted) is type(generated) is (bool if expected == "bool" else int)


TOKENS = [
    "(",
    ")",
    ",",
    ":",
    "+",
    "-",
    "*",
    "//",
    "%",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "and",
    "or",
    "not",
    "if",
    "else",
    "of",
    "true",
    "false",
    "0",
    "1",
    "7",
    "11",
    "pile",
    "deck",
    "sweeps",
    "captures",
    "opponents",
    "others",
    "suit",
    "rank",
    "value",
    "joker",
    "oros",
    "rey",
    "seven",
    "count",
    "filter",
    "sum",
    "has",
    "primiera",
    "suits",
    "straight",
    "most",
    "all",
    "any",
    "min",
    "max",
    "ties",
    "eligible",
    "none",
    "x",
    "/",
    "=",
    "!",
    "\n",
]


@given(st.one_of(st.text(max_size=120), st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join)))
def test_any_text_gives_problems_not_exceptions(text):
    for expected in ("num", "bool"):
        node, problems = compile_expression(text, expected, SPANISH)
        assert all(isinstance(p, Problem) and p.line >= 1 and p.column >= 1 for p in problems)
        assert (node is None) == bool(problems)
        if node is not None:
            piles = [mask(SPANISH, "7o", "1c"), mask(SPANISH, "Re")]
            interpreted = evaluate(node, ScoreContext(0, piles, [1, 0], [2, 3], SPANISH))
            assert interpreted == run_python(to_python(node, SPANISH), 0, piles, [1, 0], [2, 3])


@pytest.mark.parametrize("env, suit", [(SPANISH, "oros"), (ITALIAN, "denari"), (FRENCH, "diamonds")])
@pytest.mark.parametrize("template", [
    "most(count(pile, suit == {s}))",
    "has(pile, 7 of {s})",
    "count(pile, suit == {s} and rank >= 6) == 10",
    "straight(filter(pile, {s} == suit)) >= 3",
])
def test_scoring_suit_is_the_decks_own_suit(env, suit, template):
    """`scoring_suit` resolves to the deck's scoring suit, so the resolved tree, the
    generated Python and the value are those of the rule written with the suit's name."""
    named, problems_named = compile_expression(template.format(s=suit), "bool", env)
    generic, problems_generic = compile_expression(template.format(s="scoring_suit"), "bool", env)
    assert problems_named == problems_generic == []
    assert to_python(generic, env) == to_python(named, env)
    scoring = env.suits[suit]
    piles = [sum(1 << env.card_index[(scoring, rank)] for rank in (1, 2, 3, 7)), 0]
    ctx = ScoreContext(0, piles, [0, 0], [1, 0], env)
    assert evaluate(generic, ctx) == evaluate(named, ctx)


def test_a_misspelt_scoring_suit_gets_a_hint():
    _, problems = compile_expression("has(pile, 7 of scoring_suits)", "bool", SPANISH)
    assert [(p.code, p.hint) for p in problems] == [("expr-card", "did you mean 'scoring_suit'?")]
    _, problems = compile_expression("count(pile, suit == scoring_suite) > 1", "bool", SPANISH)
    assert [(p.code, p.hint) for p in problems] == [("expr-unknown-name", "did you mean 'scoring_suit'?")]


@given(st.integers(0, 60), st.integers(1, 6))
def test_a_shared_rule_gives_each_side_an_exact_share(points, sides):
    share = exprrt.share(points, sides)
    assert share * sides == points
    assert type(share) is int or share.denominator > 1  # whole shares stay ints


def test_equal_groups_splits_a_set_into_groups_of_one_total_below_the_bound():
    """Wikipedia's Bastra, the Jordanian reading: "capturing A-2-7-8 with the diamond 7 would be a
    basra, because (1+8)=(2+7)=9"; the kernel's copy (engine.native) answers as the runtime
    over 3,000 random sets of a 40-card deck."""
    import random

    import numpy as np

    from escoba_spec.engine import native
    from escoba_spec.language.expr import runtime as rt

    values = [v for v in range(1, 11) for _ in range(4)]  # card i is worth values[i]
    groups = tuple((v, sum(1 << i for i, x in enumerate(values) if x == v)) for v in range(1, 11))

    def cards(*worth):
        out = 0
        for w in worth:
            out |= 1 << next(i for i, x in enumerate(values) if x == w and not out >> i & 1)
        return out

    assert rt.equal_groups(cards(1, 2, 7, 8), 10, groups)
    assert not rt.equal_groups(cards(1, 2, 7, 8), 9, groups)  # 9 is not below 9
    assert rt.equal_groups(cards(3, 3, 3), 4, groups) and not rt.equal_groups(cards(3), 10, groups)
    assert not rt.equal_groups(cards(1, 2, 7, 9), 10, groups)
    assert rt.equal_groups((1 << 40) - 1, 11, groups)  # the whole deck: 22 groups of 10
    assert not rt.equal_groups(cards(5, 5), 10, (groups[4][:1] + (0,),))  # a card in no value group
    value_array = np.array([v for v, _ in groups], dtype=np.int64)
    masks = np.array([m for _, m in groups], dtype=np.int64)
    rng = random.Random(2)
    for _ in range(3000):
        chosen = 0
        for i in rng.sample(range(40), rng.randint(0, 14)):
            chosen |= 1 << i
        below = rng.randint(2, 11)
        assert bool(native.equal_groups(chosen, below, value_array, masks)) == rt.equal_groups(chosen, below, groups)


@pytest.mark.parametrize("bound", ["1", "12", "count(pile)"])
def test_equal_groups_wants_a_whole_bound_from_2_to_11(bound):
    node, problems = compile_expression(f"equal_groups(pile, {bound})", "bool", SPANISH)
    assert node is None and problems[0].code == "expr-bound" and problems[0].hint


@pytest.mark.parametrize("text, code", [
    ("count(pile) * 1000000 * 1000000 * 1000000", "expr-overflow"),  # past 2**62 on the way
    ("score * 1000000 * 1000000", "expr-overflow"),
    ("(count(pile) * 1000000 * 1000000 * 1000000) // 1000000", "expr-overflow"),  # the product overflows first
    ("count(pile) * 1000000 * 1000000", None),  # 2.6e14 at most: exact in both engines
    ("max(sweeps, score) * 1000000", None),
])
def test_a_number_expression_that_can_pass_64_bits_is_an_error(text, code):
    """Issue 36, class 6: the kernel counts in 64 bits, the interpreter exactly; what can pass
    2**62 is refused at its first character, so the engines agree by construction."""
    env = Env.from_cardset(CardSet(load_variant(RULES / "scopa.yaml").deck), "none")
    _, problems = compile_expression(text, "num", env)
    assert [p.code for p in problems] == ([code] if code else []), [p.message for p in problems]
    if code:
        assert (problems[0].line, problems[0].column) == (1, 1)
