"""The expert reads nothing hidden, in the shipped games: handed a position with the true cards it
cannot see (as the kernel's own seat holds them) and the same position with those cards dealt
again at random (the other hands keeping their sizes, the stock, the cards face down), it makes
the same choice, position after position. The control: with open hands, where the other hands
are its to see, the same check finds choices that change, so the check can see a leak."""

from __future__ import annotations

import copy
import os
import random

import pytest

from escoba_spec.engine import HandState
from escoba_spec.engine.bots import GreedyBot
from escoba_spec.engine.observation import Observation
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.compiler.kernel import unsupported
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .kernel_support import engines
from .test_kernel_expert import _kernel_choice_with_face_down, _unseen_permuted

FILES = {p.stem: p for p in sorted([*RULES.glob("*.yaml"), *(RULES / "house").glob("*.yaml")])}
#: the games checked in every run: those whose expert the other tests compile anyway (a leftover check;
#: claims, jokers, events, declarations; partnerships; a stack, cards face down, the stock's bottom
#: card shown): calling the expert compiles it, some 10 s a game on a fresh cache, which for every
#: shipped game would take CI past its time. ESCOBA_SPEC_HONESTY_GAMES=all checks every shipped game
#: (by hand: docs/bots.md gives the run), ESCOBA_SPEC_HONESTY_POSITIONS more positions a game
#: than the 200 of a run (100 in CI's profile, for its time)
EVERY_RUN = ("escoba-de-15", "scopa", "escopa", "cirulla", "scopone", "pisti")
GAMES = sorted(FILES) if os.environ.get("ESCOBA_SPEC_HONESTY_GAMES") == "all" else EVERY_RUN
POSITIONS = int(os.environ.get("ESCOBA_SPEC_HONESTY_POSITIONS",
                               "100" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "200"))


def _positions(variant, interp, count):
    """`count` positions of the variant's first layout, hands played on by greedy bots, in each a
    seat with two moves or more to choose among (a bid apart: the expert bids without a search)."""
    lay = variant.players.layouts[0]
    found = []
    seed = 0
    while len(found) < count:
        state = HandState.deal(interp, seed=seed, players=lay.players, team_size=lay.team_size,
                               dealer=seed % lay.players, rng=Stream(seat_seed(seed, 0)))
        bots = [GreedyBot(rng=Stream(seat_seed(seed, 1 + s))) for s in range(lay.players)]
        while not state.over and len(found) < count:
            seat = state.to_play
            moves = state.legal_moves()
            if len(moves) > 1 and moves[0][0] >= 0:
                found.append((copy.deepcopy(state), seed))
            state.apply(bots[seat].choose(Observation(state, seat), moves))
        seed += 1
    return found


def _changed_choices(name, count):
    """Of `count` positions of game `name`: how many choices change when the cards its seat cannot
    see are dealt again, and how many positions were checked."""
    variant = load_variant(FILES[name])
    kernel, interp = engines(variant)
    rng = random.Random(7)
    changed = 0
    positions = _positions(variant, interp, count)
    for state, seed in positions:
        seat = state.to_play
        other = _unseen_permuted(state, seat, rng)
        assert other.legal_moves() == state.legal_moves()
        if _kernel_choice_with_face_down(kernel, other, seed) != _kernel_choice_with_face_down(kernel, state, seed):
            changed += 1
    return changed, len(positions)


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.skip(
    reason=f"the kernel, and so the expert, does not play {', '.join(unsupported(load_variant(FILES[n])))} yet"))
    if unsupported(load_variant(FILES[n])) else n for n in GAMES])
def test_the_expert_chooses_alike_whatever_the_cards_it_cannot_see_are(name):
    if load_variant(FILES[name]).visibility.open_hands:
        pytest.skip("open hands: every hand is the expert's to see (the control below)")
    changed, checked = _changed_choices(name, POSITIONS)
    assert (changed, checked) == (0, POSITIONS)


def test_the_control_with_open_hands_sees_the_choices_change():
    changed, checked = _changed_choices("open-table", 300)
    assert changed > 0 and checked == 300
