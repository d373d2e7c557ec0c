"""Random playouts under many variants, checking the engine's invariants at
every step: every card in exactly one place, cards conserved, legal moves
well formed, sweeps only on an emptied table, the leftover checksum, and
hand points equal to the sum of their categories."""

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.engine import HandState, Observation
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.language import ir
from tests.engine_fixtures import (
    escoba_de_15,
    ruleset,
    scopa,
    variant_with,
    with_opening,
)

ROOT = Path(__file__).resolve().parent.parent


def _variants():
    base = escoba_de_15()
    jokers = escoba_de_15(jokers=ir.Jokers(2, tuple(range(1, 11)), 0))
    escopa = with_opening(
        variant_with(
            base,
            capture={"targets": (15, 30)},
            sweeps={"weight_by_target": True},
            end_of_deal=ir.EndOfDeal("last-capturer", False, ir.LeftoverCheck((10, 25, 40, 55), 15), None),
        ),
        trigger="total", multiples=(1, 2), action="capture", taker="dealer", sweeps=True,
    )  # fmt: skip
    return {
        "escoba-de-15": (base, 2, 1),
        "escoba-3": (escoba_de_15(layouts=((3, 1),)), 3, 1),
        "escoba-teams-2": (escoba_de_15(layouts=((4, 2),)), 4, 2),
        "escoba-teams-3": (escoba_de_15(layouts=((6, 3),)), 6, 3),
        "scopa": (scopa(), 2, 1),
        "escopa": (escopa, 2, 1),
        "comodines": (
            variant_with(jokers, sweeps={"not_with_joker": True}, deal={"stock_remainder": "to-table"}), 2, 1),
        "jokers-aside": (variant_with(jokers, deal={"stock_remainder": "set-aside"}), 2, 1),
        "redeal": (with_opening(base, action="redeal"), 2, 1),
        "first-player-takes": (
            with_opening(base, trigger="total", multiples=(1, 2), partition=True, action="capture",
                         taker="first-player", sweeps=True), 3, 1),
        "any-card": (variant_with(base, capture={"obligation": "any-card"}), 2, 1),
        "claims": (variant_with(base, capture={"obligation": "none", "missed_capture_claim": True}), 2, 1),
        "open-hands": (variant_with(base, visibility=ir.Visibility(True), deal={"dealer_rotation": "previous"}), 2, 1),
    }  # fmt: skip


VARIANTS = _variants()
RULESETS = {name: ruleset(v) for name, (v, _, _) in VARIANTS.items()}


def play_checked(name: str, seed: int, greedy: bool) -> None:
    variant, players, team_size = VARIANTS[name]
    rs = RULESETS[name]
    cards = rs.cards
    rng = random.Random(seed)
    state = HandState.deal(rs, seed=seed, players=players, team_size=team_size, dealer=seed % players, rng=rng)
    bots = [GreedyBot(seed + i) if greedy else RandomBot(seed + i) for i in range(players)]
    views = [Observation(state, s) for s in range(players)]
    while not state.over:
        state.check_invariants()
        seat = state.to_play
        hand, table = state.hands[seat], state.table
        moves = state.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        for card, capture, claim, _ in moves:
            assert hand >> card & 1 and claim & table == claim and capture & table == capture
            assert not capture & claim
        view = views[seat]
        assert view.hand == hand and view.table == table
        assert all(h is None for s, h in enumerate(view.hands) if s != seat) != variant.visibility.open_hands
        sweeps_before = list(state.sweeps)
        move = bots[seat].choose(view, moves)
        play = state.apply(move)
        if play.sweeps:  # only a capture that took the whole table
            assert play.capture and not table & ~(play.capture | play.claim)
        assert sum(state.sweeps) - sum(sweeps_before) == play.sweeps
    state.check_invariants()
    result = state.result
    assert state.table == 0 and state.stock_pos == len(state.stock)
    assert sum(p.bit_count() for p in result.piles) + state.set_aside.bit_count() == cards.size
    for side, points in enumerate(result.score.points):
        assert list(points) == list(rs.params.points_rules)
        assert result.totals[side] == sum(points.values())
    if rs.params.leftover_modulus:
        m = rs.params.leftover_modulus
        aside = sum(cards.values[c] for c in cards.indices(state.set_aside & ~result.leftovers))
        assert (result.leftover_total - cards.total_value + aside) % m == 0


@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32 - 1), greedy=st.booleans())
def test_random_playouts_keep_the_invariants(name, seed, greedy):
    play_checked(name, seed, greedy)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_plays_many_hands(name):
    for seed in range(15):
        play_checked(name, seed, seed % 2 == 0)


SHIPPED = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rules").rglob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED)
def test_every_shipped_variant_plays_in_every_layout(path):
    from escoba_spec.api import Game
    from escoba_spec.language.validate import load_variant

    variant = load_variant(ROOT / path)
    for layout in variant.players.layouts:
        game = Game(variant, players=layout.players, team_size=layout.team_size, seed=7)
        winner = game.play_match([GreedyBot(i) if i % 2 else RandomBot(i) for i in range(layout.players)])
        assert winner is not None
        outright = any(effect != "points" for _, _, effect in game.match.results[-1].score.effects)
        if variant.match.goal == "avoid" and variant.match.avoid_ends == "first-out":
            # the first side out ends the match: the lowest total wins, unless a rule won it outright
            assert outright or game.scores[winner] == min(game.scores) and max(game.scores) >= variant.match.target
        elif variant.match.goal == "avoid":  # the last side left, every other out at the target
            assert winner not in game.match.eliminated and len(game.match.eliminated) == len(game.scores) - 1
        else:  # the highest at the end of the last game, unless a rule won the match outright
            assert outright or game.scores[winner] == max(game.scores)


@pytest.mark.parametrize("make", [escoba_de_15, scopa])
def test_interpreter_scoring_agrees_with_a_plain_python_reference(make):
    from escoba_spec.engine.interpreter import Interpreter
    from tests.engine_fixtures import ReferenceRules

    variant = make()
    interpreted, reference = Interpreter(variant), ReferenceRules(variant)
    for seed in range(60):
        bots = [GreedyBot(seed), RandomBot(seed)]
        a = HandState.deal(interpreted, seed=seed)
        b = HandState.deal(reference, seed=seed)
        while not a.over:
            move = bots[a.to_play].choose(Observation(a, a.to_play), a.legal_moves())
            a.apply(move)
            b.apply(move)
        assert a.result == b.result
