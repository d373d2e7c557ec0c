"""The compiler: deterministic, safe, current, and identical in play to the interpreter.

What `compile` writes is each variant's kernel source; these tests run it as plain
Python (`load_kernel(native=False)`, the code numba compiles, without the compile),
so that every file and every made-up variant is checked in milliseconds;
test_kernel_parity plays the same against numba's machine code."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.cli import main
from escoba_spec.compiler.codegen import UnsafeValue, literal, module_name
from escoba_spec.compiler.kernel import generate_kernel as generate
from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import HandState
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.match import run_hand
from escoba_spec.language.validate import load_variant

from .conftest import ROOT, RULES

FILES = sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))
IDS = [p.stem for p in FILES]
VARIANTS = {p: load_variant(p) for p in FILES}
#: the kernel's step functions of every shipped variant it plays
COMPILED = {p: load_kernel(v, native=False).ruleset() for p, v in VARIANTS.items() if not unsupported(v)}
INTERPRETED = {p: Interpreter(v) for p, v in VARIANTS.items()}
KERNEL_FILES = list(COMPILED)


@pytest.mark.parametrize("path", KERNEL_FILES, ids=[p.stem for p in KERNEL_FILES])
def test_compiling_twice_gives_identical_bytes(path):
    assert generate(load_variant(path)) == generate(load_variant(path))


def test_compiling_from_another_folder_gives_identical_bytes(tmp_path, monkeypatch):
    first = generate(load_variant(RULES / "escoba-de-15.yaml"))
    monkeypatch.chdir(tmp_path)
    again = generate(load_variant(os.path.relpath(RULES / "escoba-de-15.yaml", tmp_path)))
    assert first == again


def test_generated_folder_is_current(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(["compile", *[str(p.relative_to(ROOT)) for p in FILES], "--out", "generated", "--check"])
    assert code == 0, capsys.readouterr().out


def test_check_reports_stale_and_missing_kernel_files(tmp_path, capsys):
    out = tmp_path / "gen"
    rule = str(RULES / "scopa.yaml")
    assert main(["compile", rule, "--out", str(out), "--check"]) == 1
    assert "missing" in capsys.readouterr().out
    assert main(["compile", rule, "--out", str(out)]) == 0
    assert main(["compile", rule, "--out", str(out), "--check"]) == 0
    (out / "scopa.py").write_text((out / "scopa.py").read_text() + "# edited\n")
    assert main(["compile", rule, "--out", str(out), "--check"]) == 1
    assert "stale" in capsys.readouterr().out


def test_nothing_is_written_when_a_file_is_invalid(tmp_path, rules_tree):
    bad = rules_tree / "bad.yaml"
    bad.write_text("id: bad\nextends: escoba-de-15\nmatch: {taget: 3}\n")
    out = tmp_path / "gen"
    assert main(["compile", str(rules_tree / "scopa.yaml"), str(bad), "--out", str(out)]) == 1
    assert not out.exists() or not any(out.iterdir())


def test_literal_refuses_what_is_not_a_plain_value():
    assert literal(("a'\n\"b", 3, True, None)) == "('a\\'\\n\"b', 3, True, None)"
    for bad in (object(), 1.5, b"x", {1, 2}, print):
        with pytest.raises(UnsafeValue):
            literal(bad)


def test_module_names_come_only_from_valid_ids():
    assert module_name("escoba-de-15") == "escoba_de_15"
    for bad in ("import os", "x;y", "../up", "Escoba", "a--b", "\u0131mport"):
        with pytest.raises(UnsafeValue):
            module_name(bad)


def _trace(ruleset, seed: int, players: int, team_size: int, bot_kinds: tuple[str, ...]):
    bots = [(GreedyBot if kind == "greedy" else RandomBot)(seed * 31 + i) for i, kind in enumerate(bot_kinds)]
    state = HandState.deal(ruleset, seed=seed, players=players, team_size=team_size, dealer=seed % players)
    result = run_hand(state, bots)
    return (list(state.history), result)


@given(st.sampled_from(range(len(KERNEL_FILES))), st.integers(0, 2**32 - 1), st.data())
def test_the_kernel_plays_exactly_like_the_interpreter(index, seed, data):
    path = KERNEL_FILES[index]
    layouts = VARIANTS[path].players.layouts
    layout = data.draw(st.sampled_from(layouts))
    kinds = tuple(data.draw(st.sampled_from(["random", "greedy"])) for _ in range(layout.players))
    compiled = _trace(COMPILED[path], seed, layout.players, layout.team_size, kinds)
    interpreted = _trace(INTERPRETED[path], seed, layout.players, layout.team_size, kinds)
    assert compiled == interpreted


BELOW_ZERO = """id: below-zero
extends: escoba-de-15
scoring:
  rules:
    - {id: never-below, award: "true", points: "0 - count(pile)"}
    - {id: fewer-sweeps, award: "true", points: "2 - sweeps"}
"""


def test_points_that_come_out_below_zero_score_zero_in_both_engines(rules_tree):
    path = rules_tree / "house" / "below-zero.yaml"
    path.write_text(BELOW_ZERO)
    variant = load_variant(path)
    compiled, interpreted = load_kernel(variant, native=False).ruleset(), Interpreter(variant)
    awarded = set()
    for seed in range(40):
        scores = []
        for rs in (compiled, interpreted):
            state = HandState.deal(rs, seed=seed, players=2)
            run_hand(state, [RandomBot(seed), RandomBot(seed + 1)])
            scores.append(state.result.score)
        assert scores[0] == scores[1], seed
        for side in scores[0].points:
            assert side["never-below"] == 0 and side["fewer-sweeps"] >= 0
            awarded.add(side["fewer-sweeps"])
    assert awarded >= {1, 2}  # the rule scores when it is positive


def test_a_negative_constant_points_is_refused(validate_text):
    variant, problems = validate_text('id: h\nextends: escoba-de-15\nscoring:\n  rules:\n'
                             '    - {id: minus, award: "sweeps > 0", points: "-5"}\n')
    assert variant is None
    assert [(p.code, p.line, p.column) for p in problems if p.severity == "error"] == [("negative-points", 5, 48)]


def test_split_ties_share_the_points_the_same_in_both_engines():
    """000, if expressly agreed: 'ties split the point'. Tied sides share a rule's
    points exactly (Fractions), whole numbers stay ints, and both engines agree."""
    from fractions import Fraction

    from escoba_spec.engine import play_match

    variant = load_variant(RULES / "escoba-de-15.yaml", {"ties": "split"})
    compiled, interpreted = load_kernel(variant, native=False).ruleset(), Interpreter(variant)
    # a tie in cards (two piles of 20), a tie in oros (5 each), the 7 of oros to side 0
    deck = compiled.cards
    oros = [deck.parse(t) for t in ("1o", "2o", "3o", "4o", "5o", "6o", "7o", "So", "Co", "Ro")]
    rest = [c for c in range(40) if c not in oros]
    piles = [sum(1 << c for c in oros[:5] + rest[:15]), sum(1 << c for c in oros[5:] + rest[15:])]
    for rs in (compiled, interpreted):
        score = rs.score_hand(piles, [0, 0], [1, 1])
        assert score.points[0]["most-cards"] == score.points[1]["most-cards"] == Fraction(1, 2)
        assert score.points[0]["most-oros"] == Fraction(1, 2)
        assert score.points[1]["siete-de-velo"] == 1
        assert score.totals() == (1, 2) and all(type(t) is int for t in score.totals())  # halves add up to ints
    assert compiled.score_hand(piles, [2, 0], [1, 1]) == interpreted.score_hand(piles, [2, 0], [1, 1])
    for seed in range(30):
        matches = [play_match(rs, [GreedyBot(seed), RandomBot(seed + 1)], seed=seed) for rs in (compiled, interpreted)]
        assert matches[0].scores == matches[1].scores and matches[0].winner == matches[1].winner
        assert all(isinstance(s, int) or s.denominator > 1 for s in matches[0].scores)  # 1/2 + 1/2 is the int 1
