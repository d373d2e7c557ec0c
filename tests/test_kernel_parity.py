"""The kernel against the interpreter: the same deal and the same streams give the same game.

Every shipped variant (the kernel plays them all), every layout it allows: the
kernel's whole hand (`Kernel.play_hand`) and the interpreter's (`HandState.deal`
+ `run_hand`, bots drawing from `engine.stream` streams) are the same hand, and
whole matches (`Kernel.play_matches` against `play_match`) the same match, as
`tests/kernel_support` defines them: every play, declaration, pile, sweep and
point. Decks, seeds, dealers and bots come from hypothesis; each example plays a
batch of hands so that every variant and layout plays 1,000 hands.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.engine import play_match

from .kernel_support import (BOT_CLASSES, KERNEL_VARIANTS, SHIPPED, SHIPPED_FILES, assert_same_matches, engines,
                             play_same_hands)

CASES = [(name, lay.players, lay.team_size) for name in KERNEL_VARIANTS
         for lay in SHIPPED[name].players.layouts]
HANDS_PER_EXAMPLE = 20  # x 50 examples = 1,000 hands per variant and layout


def _engines(name):
    return engines(SHIPPED[name])


def test_the_kernel_plays_every_shipped_variant():
    """Which variants run on the kernel is a fact worth pinning: a regression would silently
    send a variant back to the slow engines."""
    assert KERNEL_VARIANTS == [
        "basra", "cassino", "cicera", "cirulla", "comodines", "cuarenta", "escoba-31-ties-all", "escoba-6-teams-of-3",
        "escoba-brasileira", "escoba-de-15", "escoba-francesa", "escopa", "escopa-no-leftover-check", "escova-de-31",
        "open-table", "pisti", "rubamazzo", "scopa", "scopa-a-non-prendere", "scopa-a-perdere", "scopa-dassi", "scopa-napola", "scopone",
        "seep", "tablic",
    ]
    assert {name: unsupported(v) for name, v in SHIPPED.items() if name not in KERNEL_VARIANTS} == {}


@pytest.mark.parametrize(("name", "players", "team_size"), CASES)
@given(root=st.integers(0, 2**64 - 1), bots=st.lists(st.sampled_from(sorted(BOT_CLASSES)), min_size=6, max_size=6),
       dealer=st.integers(0, 5))
# x 20 hands: 200 hands per variant and layout in CI (a profile of 30), 13,320 by hand (HYPOTHESIS_PROFILE=long)
@settings(deadline=None, max_examples=max(10, settings.default.max_examples // 3))
def test_a_kernel_hand_is_the_interpreters_hand(name, players, team_size, root, bots, dealer):
    kernel, interp = _engines(name)
    names = bots[:players]
    play_same_hands(kernel, interp, root, names, team_size=team_size, dealer=dealer, count=HANDS_PER_EXAMPLE,
                    where=(name,))


@pytest.mark.parametrize(("name", "players", "team_size"), CASES)
@given(seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=3),
       bot=st.sampled_from(sorted(BOT_CLASSES)))
@settings(deadline=None, max_examples=10)
def test_a_kernel_match_is_the_interpreters_match(name, players, team_size, seeds, bot):
    kernel, interp = _engines(name)
    assert_same_matches(kernel, interp, seeds, [bot] * players, team_size=team_size,
                        where=(name,))


@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_simulate_gives_the_same_records_and_summary_on_the_kernel_and_the_interpreter(name):
    """The kernel's batch records (decided_by worked out over the whole batch with numpy) against
    the interpreter's, match by match, for every layout's first table and both kernel bots."""
    from escoba_spec.tools.simulate import Context, play_matches, summarize

    path = str(next(p for p in SHIPPED_FILES if p.stem == name))
    lay = SHIPPED[name].players.layouts[-1]
    bots = ["heuristic", "greedy", "random"] * 2
    runs = {}
    for engine in ("kernel", "interpreted"):
        ctx = Context(path, {}, lay.players, lay.team_size, bots[:lay.players],
                      variant=SHIPPED[name], engine=engine)
        assert ctx.engine == engine
        records, _ = play_matches(ctx, path, {}, 11, 40)
        runs[engine] = (records, summarize(records, ctx, path, 11))
    assert runs["kernel"] == runs["interpreted"]


@pytest.mark.parametrize(("name", "players", "team_size"), CASES)
@given(seed=st.integers(0, 2**64 - 1), bot=st.sampled_from(["random", "greedy", "heuristic"]))
@settings(deadline=None, max_examples=5)
def test_the_engine_on_the_kernels_step_functions_plays_the_interpreters_match(name, players, team_size, seed, bot):
    """KernelRuleSet (the kernel answering the engine's questions one at a time: what play,
    diff and the API use) under HandState, with any Python bot, the heuristic one included."""
    from escoba_spec.tools.setup import deal_stream, make_bot

    kernel, interp = _engines(name)
    matches = [play_match(rs, [make_bot(bot, seed, s) for s in range(players)], seed, team_size=team_size,
                          rng=deal_stream(seed)) for rs in (kernel.ruleset(), interp)]
    mine, theirs = matches
    assert mine.winner == theirs.winner and mine.scores == theirs.scores
    assert [(r.piles, r.sweeps, r.score) for r in mine.results] == [(r.piles, r.sweeps, r.score) for r in theirs.results]


def test_diff_and_play_on_the_kernel_say_what_the_interpreter_says():
    import json
    import subprocess
    import sys

    from .conftest import ROOT

    def run(*args):
        proc = subprocess.run([sys.executable, "-m", "escoba_spec", *args], capture_output=True, text=True, cwd=ROOT)
        return proc.returncode, proc.stdout, proc.stderr

    diff = ["diff", "rules/escoba-de-15.yaml", "rules/escopa.yaml", "--deals", "60", "--format", "json"]
    assert run(*diff, "--engine", "kernel")[:2] == run(*diff)[:2]
    play = ["play", "rules/scopone.yaml", "--players", "4", "--seed", "8", "--format", "json"]
    code, out, _ = run(*play, "--engine", "kernel")
    oracle = json.loads(run(*play, "--engine", "interpreted")[1])
    record = json.loads(out)
    assert code == 0 and record.pop("engine") == "kernel" and oracle.pop("engine") == "interpreted"
    assert record == oracle
    # declarations (cirulla) and events (cuarenta) one question at a time, on the kernel's step functions
    diff = ["diff", "rules/cirulla.yaml", "rules/cuarenta.yaml", "--deals", "20", "--format", "json"]
    assert run(*diff, "--engine", "kernel")[:2] == run(*diff, "--engine", "interpreted")[:2]
    play = ["play", "rules/cuarenta.yaml", "--seed", "5", "--format", "json"]
    code, out, _ = run(*play, "--engine", "kernel")
    oracle = json.loads(run(*play, "--engine", "interpreted")[1])
    record = json.loads(out)
    assert code == 0 and record.pop("engine") == "kernel" and oracle.pop("engine") == "interpreted"
    assert record == oracle
