"""Hypothesis: scoring expressions mutated token by token from the grammar's vocabulary.

Seeds are the award and points expressions of the shipped rule files. A
mutation inserts, deletes, replaces or swaps tokens drawn from the grammar
(its keywords and operators, read from scoring.lark), the language's names
(functions, variables, card fields, every preset's suits and ranks), numbers,
and hostile text (Python syntax, quotes, look-alike letters, control
characters). Properties:

* `compile_expression` never raises: it returns a tree and no problem, or
  problems located inside the text;
* a tree it accepts evaluates without error, and the Python the compiler
  emits for it (`to_python`) gives the same value, for random end-of-hand
  states;
* in a rule file, the same expression gives a valid variant or located
  diagnostics, never an exception.
"""

from __future__ import annotations

import random
import re

import yaml
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.expressions import to_python
from escoba_spec.language.cards import CardSet
from escoba_spec.language.expr import runtime as exprrt
from escoba_spec.language.expr.check import compile_expression
from escoba_spec.language.expr.env import NO_MATCH, Env, ScoreContext
from escoba_spec.language.expr.evaluate import evaluate
from escoba_spec.language.expr.parse import _TOKEN, MAX_LENGTH
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .fuzz_support import assert_answer

SHIPPED = sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))


def _seeds() -> list[str]:
    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("award", "points") and isinstance(value, (str, int)):
                    found.add(str(value))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in SHIPPED:
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return sorted(found)


SEEDS = _seeds()
GRAMMAR = (RULES.parent / "escoba_spec" / "language" / "expr" / "scoring.lark").read_text(encoding="utf-8")
LITERALS = sorted(set(re.findall(r'"([^"\s]{1,6})"', GRAMMAR)))  # keywords and operators of the grammar
DECKS = ("escoba-de-15", "scopa", "comodines", "escoba-francesa")  # Spanish, Italian, with jokers, French
VARIANTS = {name: load_variant(RULES / f"{name}.yaml") for name in DECKS}
ENVS = {name: Env.from_cardset(CardSet(v.deck), v.scoring.ties) for name, v in VARIANTS.items()}
NAMES = sorted({
    "count", "filter", "sum", "has", "primiera", "suits", "straight", "most", "all", "any", "min", "max",
    "pile", "sweeps", "captures", "opponents", "others", "deck", "suit", "rank", "value", "joker", "ties",
    "eligible", "none",
    *(s for env in ENVS.values() for s in env.suits), *(r for env in ENVS.values() for r in env.ranks),
})
NUMBERS = ["0", "1", "2", "3", "7", "10", "11", "15", "21", "-1", "99999999999999999999", "0" * 30 + "1"]
HOSTILE = ["__import__", "'os'", '"', "'", "\\", "\n", "\t", "#", ";", "lambda", ".", "__class__", "=", "/", "**",
           "ｍｏｓｔ", "ｃｏｕｎｔ", "ﬁ", "\u200f", "\u2028", "\x00", "\x1b", "[", "]", "{", "}", "@", "`"]
VOCABULARY = LITERALS + NAMES + NUMBERS + HOSTILE + [" ", " of "]


def tokens(text: str) -> list[str]:
    return [m.group() for m in _TOKEN.finditer(text)]


@st.composite
def mutated(draw) -> str:
    parts = tokens(draw(st.sampled_from(SEEDS)))
    word = st.sampled_from(VOCABULARY)
    for _ in range(draw(st.integers(1, 5))):
        if not parts:
            parts = [draw(word)]
        i = draw(st.integers(0, len(parts) - 1))
        action = draw(st.sampled_from(["insert", "delete", "replace", "swap", "duplicate", "wrap", "truncate"]))
        if action == "insert":
            parts.insert(i, draw(word))
        elif action == "delete":
            del parts[i]
        elif action == "replace":
            parts[i] = draw(word)
        elif action == "swap":
            j = draw(st.integers(0, len(parts) - 1))
            parts[i], parts[j] = parts[j], parts[i]
        elif action == "duplicate":
            j = draw(st.integers(i, len(parts)))
            parts[j:j] = parts[i:j]
        elif action == "wrap":
            j = draw(st.integers(i, len(parts)))
            parts[i:j] = ["(", *parts[i:j], ")"]
        else:
            parts = parts[:i]
    return "".join(parts)[: MAX_LENGTH + 50]


def _inside(text: str, line: int, column: int) -> bool:
    lines = text.split("\n")
    return 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1


def _state(seed: int, env: Env) -> tuple[int, list[int], list[int], list[int]]:
    rng = random.Random(seed)
    sides = rng.randint(2, 4)
    full = env.cards.full_mask
    piles = [rng.getrandbits(env.cards.size) & full for _ in range(sides)]
    return rng.randrange(sides), piles, [rng.randint(0, 5) for _ in piles], [rng.randint(0, 12) for _ in piles]


@given(mutated(), st.sampled_from(sorted(ENVS)), st.sampled_from(["bool", "num"]), st.integers(0, 2**32))
def test_mutated_expressions_compile_or_are_located(text, deck, kind, seed):
    env = ENVS[deck]
    node, problems = compile_expression(text, kind, env)
    if node is None:
        assert problems
        for p in problems:
            assert re.fullmatch(r"expr-[a-z-]+", p.code), p
            assert _inside(text, p.line, p.column), (p, text)
        return
    assert not problems
    side, piles, sweeps, captures = _state(seed, env)
    value = evaluate(node, ScoreContext(side, piles, sweeps, captures, env))
    assert isinstance(value, bool) if kind == "bool" else (isinstance(value, int) and not isinstance(value, bool))
    code = to_python(node, env)
    emitted = eval(code, {"__builtins__": {}, "rt": exprrt, "side": side, "piles": piles, "sweeps": sweeps,
                          "captures": captures, "match": NO_MATCH})  # a scoring rule may name the match (score)
    assert emitted == value, (text, code)


@given(mutated())
def test_mutated_expressions_in_a_rule_file_never_raise(validate_text, expression):
    data = {"id": "fuzz-expression", "extends": "escoba-de-15",
            "scoring": {"rules": [{"id": "fuzzed", "award": expression or "x", "points": "sweeps"}]}}
    text = yaml.safe_dump(data, allow_unicode=True, width=10_000)
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)


@given(st.lists(st.sampled_from(VOCABULARY), max_size=40).map("".join), st.sampled_from(["bool", "num"]))
def test_token_soup_never_raises(text, kind):
    node, problems = compile_expression(text, kind, ENVS["escoba-de-15"])
    assert (node is None) == bool(problems)
    assert all(_inside(text, p.line, p.column) for p in problems), (problems, text)
