"""The reference opponent of the expert's benchmark (bench/reference_pimc.py): its own model of
Scopa and Escoba de 15 offers exactly the moves the engine does, it plays whole matches through
the bots' API, and it reads nothing its seat cannot see."""

from __future__ import annotations

import copy
import random

import pytest

from bench import reference_pimc as ref
from escoba_spec.engine import HandState, play_match
from escoba_spec.engine.bots import GreedyBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.observation import Observation
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.validate import load_variant

from .conftest import RULES

GAMES = ("scopa", "escoba-de-15")


def _positions(interp, count):
    """`count` positions of two-player hands played on by greedy bots, each with its seat to play."""
    found = []
    seed = 0
    while len(found) < count:
        state = HandState.deal(interp, seed=seed, players=2, rng=Stream(seat_seed(seed, 0)))
        greedy = [GreedyBot(rng=Stream(seat_seed(seed, 1 + s))) for s in range(2)]
        while not state.over and len(found) < count:
            found.append(copy.deepcopy(state))
            seat = state.to_play
            state.apply(greedy[seat].choose(Observation(state, seat), state.legal_moves()))
        seed += 1
    return found


@pytest.mark.parametrize("name", GAMES)
def test_the_references_model_offers_the_engines_moves(name):
    variant = load_variant(RULES / f"{name}.yaml")
    model = ref.Model(variant)
    for state in _positions(Interpreter(variant), 400):
        engine = sorted((m.card, m.capture) for m in state.legal_moves())
        assert sorted(model.moves(state.hands[state.to_play], state.table)) == engine


@pytest.mark.parametrize("name", GAMES)
def test_the_reference_plays_whole_matches_the_same_from_the_same_seed(name):
    variant = load_variant(RULES / f"{name}.yaml")
    interp = Interpreter(variant)
    model = ref.Model(variant)

    def match():
        bots = [ref.PimcBot(model, 5, worlds=3, depth=3), GreedyBot(rng=Stream(seat_seed(5, 2)))]
        return play_match(interp, bots, 5, rng=Stream(seat_seed(5, 0)))

    one, two = match(), match()
    assert one.winner in (0, 1) and one.hands_played > 0
    assert (one.winner, one.scores, one.hands_played) == (two.winner, two.scores, two.hands_played)


def test_the_reference_chooses_the_same_whatever_the_cards_it_cannot_see():
    """Its worlds come from its observation only: the other hand and the stock dealt otherwise
    leave every choice as it was."""
    variant = load_variant(RULES / "scopa.yaml")
    model = ref.Model(variant)
    rng = random.Random(3)
    checked = 0
    for state in _positions(Interpreter(variant), 120):
        moves = state.legal_moves()
        if len(moves) < 2:
            continue
        seat = state.to_play
        other = copy.deepcopy(state)
        pool = [c for c in range(state.cards.size) if state.hands[1 - seat] >> c & 1] + list(
            state.stock[state.stock_pos:])
        rng.shuffle(pool)
        size = state.hands[1 - seat].bit_count()
        other.hands[1 - seat] = sum(1 << c for c in pool[:size])
        other.stock = list(state.stock[:state.stock_pos]) + pool[size:]
        other._legal = None
        assert other.legal_moves() == moves
        mine = ref.PimcBot(model, 9, worlds=4, depth=4).choose(Observation(state, seat), moves)
        assert ref.PimcBot(model, 9, worlds=4, depth=4).choose(Observation(other, seat), moves) == mine
        checked += 1
    assert checked > 50
