"""The kernel against the interpreter: the same deal and the same streams give the same game.

Every shipped variant the kernel plays, every layout it allows: the kernel's
whole hand (`Kernel.play_hand`) and the interpreter's (`HandState.deal` +
`run_hand`, bots drawing from `engine.stream` streams) must agree on every
play (seat, card, capture, sweeps), every pile, sweep count and capture
count, the leftovers, and every rule's points and effects; whole matches
(`Kernel.play_matches` against `play_match`) on the winner, the number of
hands, the scores and the last hand's points. Decks, seeds, dealers and
bots come from hypothesis; each example plays a batch of hands so that the
CI profile plays well over 1,000 hands per variant and layout.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import HandState, play_match, run_hand
from escoba_spec.engine.bots import GreedyBot, HeuristicBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.cards import CardSet
from escoba_spec.language.validate import load_variant

from .conftest import RULES

FILES = sorted([*RULES.glob("*.yaml"), *(RULES / "house").glob("*.yaml")])
_VARIANTS = {path.stem: load_variant(path) for path in FILES}
KERNEL_VARIANTS = sorted(name for name, v in _VARIANTS.items() if not unsupported(v))
CASES = [(name, lay.players, lay.team_size) for name in KERNEL_VARIANTS
         for lay in _VARIANTS[name].players.layouts]
HANDS_PER_EXAMPLE = 20  # x 60 examples (CI profile) = 1,200 hands per variant and layout
BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot}


def _engines(name):
    variant = _VARIANTS[name]
    return load_kernel(variant), Interpreter(variant)


def _kernel_bots(name, names):
    """The bots as the kernel can seat them: its heuristic bot neither holds jokers nor claims yet
    (Kernel.bot_codes refuses it there), so greedy takes its seat in those variants."""
    variant = _VARIANTS[name]
    if CardSet(variant.deck).joker_mask or variant.capture.missed_capture_claim:
        return ["greedy" if b == "heuristic" else b for b in names]
    return list(names)


def _bots(names, seed):
    return [BOT_CLASSES[b](rng=Stream(seat_seed(seed, 1 + seat))) for seat, b in enumerate(names)]


def test_the_kernel_plays_most_shipped_variants():
    """Which variants run on the kernel is a fact worth pinning: a regression would silently
    send a variant back to the slow engines."""
    assert KERNEL_VARIANTS == [
        "cicera", "comodines", "escoba-31-ties-all", "escoba-6-teams-of-3", "escoba-brasileira", "escoba-de-15", "escoba-francesa", "escopa",
        "escopa-no-leftover-check", "escova-de-31", "open-table", "scopa", "scopa-a-perdere", "scopa-dassi", "scopa-napola",
        "scopone",
    ]


@pytest.mark.parametrize(("name", "players", "team_size"), CASES)
@given(root=st.integers(0, 2**64 - 1), bots=st.lists(st.sampled_from(sorted(BOT_CLASSES)), min_size=6, max_size=6),
       dealer=st.integers(0, 5))
@settings(deadline=None, max_examples=50)  # x 20 hands: 1,000 hands per variant and layout
def test_a_kernel_hand_is_the_interpreters_hand(name, players, team_size, root, bots, dealer):
    kernel, interp = _engines(name)
    names = _kernel_bots(name, bots[:players])
    size = kernel.cards.size
    rng = random.Random(root)
    for i in range(HANDS_PER_EXAMPLE):
        deck = list(range(size))
        rng.shuffle(deck)
        seed = rng.getrandbits(64)
        mine = kernel.play_hand(deck, names, seed, team_size=team_size, dealer=dealer + i)
        state = HandState.deal(interp, deck, players=players, team_size=team_size, dealer=(dealer + i) % players,
                               rng=Stream(seat_seed(seed, 0)))
        theirs = run_hand(state, _bots(names, seed))
        assert mine.history == tuple(state.history), (name, deck, seed)
        assert mine.redeals == state.redeals
        for field in ("piles", "sweeps", "captures", "leftovers", "leftovers_side", "leftover_total", "leftover_listed"):
            assert getattr(mine.result, field) == getattr(theirs, field), (field, name, deck, seed)
        assert mine.result.score == theirs.score, (name, deck, seed)


@pytest.mark.parametrize(("name", "players", "team_size"), CASES)
@given(seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=3),
       bot=st.sampled_from(sorted(BOT_CLASSES)))
@settings(deadline=None, max_examples=10)
def test_a_kernel_match_is_the_interpreters_match(name, players, team_size, seeds, bot):
    kernel, interp = _engines(name)
    names = _kernel_bots(name, [bot] * players)
    batch = kernel.play_matches(seeds, names, team_size=team_size)
    for m, seed in enumerate(seeds):
        match = play_match(interp, _bots(names, seed), seed, team_size=team_size, rng=Stream(seat_seed(seed, 0)))
        assert batch.winner[m] == match.winner, (name, seed)
        assert batch.hands[m] == match.hands_played
        assert [batch.exact(x) for x in batch.scores[m]] == match.scores
        last = match.results[-1].score.points
        for r, rule in enumerate(kernel.points_rules):
            assert [batch.exact(x) for x in batch.last_points[m, r]] == [last[s][rule] for s in range(len(last))]
        totals = [sum(res.sweeps[s] for res in match.results) for s in range(match.sides)]
        assert list(batch.sweeps[m, 0]) == totals


@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_simulate_gives_the_same_records_and_summary_on_the_kernel_and_the_interpreter(name):
    """The kernel's batch records (decided_by worked out over the whole batch with numpy) against
    the interpreter's, match by match, for every layout's first table and both kernel bots."""
    from escoba_spec.tools.simulate import Context, play_matches, summarize

    path = str(next(p for p in FILES if p.stem == name))
    lay = _VARIANTS[name].players.layouts[-1]
    bots = ["heuristic", "greedy", "random"] * 2
    runs = {}
    for engine in ("kernel", "interpreted"):
        ctx = Context(path, {}, lay.players, lay.team_size, _kernel_bots(name, bots[:lay.players]),
                      variant=_VARIANTS[name], engine=engine)
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
    code, _, err = run("diff", "rules/cirulla.yaml", "rules/escoba-de-15.yaml", "--engine", "kernel")
    assert code == 2 and "the kernel does not play declarations of cirulla yet" in err
