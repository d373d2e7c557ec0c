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
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.validate import load_variant

from .conftest import RULES

FILES = sorted([*RULES.glob("*.yaml"), *(RULES / "house").glob("*.yaml")])
_VARIANTS = {path.stem: load_variant(path) for path in FILES}
KERNEL_VARIANTS = sorted(name for name, v in _VARIANTS.items() if not unsupported(v))
CASES = [(name, lay.players, lay.team_size) for name in KERNEL_VARIANTS
         for lay in _VARIANTS[name].players.layouts]
HANDS_PER_EXAMPLE = 20  # x 60 examples (CI profile) = 1,200 hands per variant and layout
BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot}


def _engines(name):
    variant = _VARIANTS[name]
    return load_kernel(variant), Interpreter(variant)


def _bots(names, seed):
    return [BOT_CLASSES[b](rng=Stream(seat_seed(seed, 1 + seat))) for seat, b in enumerate(names)]


def test_the_kernel_plays_most_shipped_variants():
    """Which variants run on the kernel is a fact worth pinning: a regression would silently
    send a variant back to the slow engines."""
    assert KERNEL_VARIANTS == [
        "comodines", "escoba-31-ties-all", "escoba-6-teams-of-3", "escoba-brasileira", "escoba-de-15", "escoba-francesa", "escopa",
        "escopa-no-leftover-check", "escova-de-31", "open-table", "scopa", "scopa-a-perdere", "scopa-napola", "scopone",
    ]


@pytest.mark.parametrize(("name", "players", "team_size"), CASES)
@given(root=st.integers(0, 2**64 - 1), bots=st.lists(st.sampled_from(sorted(BOT_CLASSES)), min_size=6, max_size=6),
       dealer=st.integers(0, 5))
@settings(deadline=None)
def test_a_kernel_hand_is_the_interpreters_hand(name, players, team_size, root, bots, dealer):
    kernel, interp = _engines(name)
    names = bots[:players]
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
    names = [bot] * players
    batch = kernel.play_matches(seeds, names, team_size=team_size)
    for m, seed in enumerate(seeds):
        match = play_match(interp, _bots(names, seed), seed, team_size=team_size, rng=Stream(seat_seed(seed, 0)))
        assert batch.winner[m] == match.winner, (name, seed)
        assert batch.hands[m] == match.hands_played
        assert list(batch.scores[m]) == match.scores
        last = match.results[-1].score.points
        for r, rule in enumerate(kernel.points_rules):
            assert [int(x) for x in batch.last_points[m, r]] == [last[s][rule] for s in range(len(last))]
        totals = [sum(res.sweeps[s] for res in match.results) for s in range(match.sides)]
        assert list(batch.sweeps[m, 0]) == totals
