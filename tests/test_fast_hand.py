"""The compiled modules' specialised hand loop (`Rules.play_hand`) against the
generic engine (`HandState.deal` + `run_hand`) with the *same* RuleSet.

The loop is an optimisation of the engine, not of the rules, so it must be
invisible: the same legal moves in the same order, the same bot calls (hence
the same random numbers), the same observations, the same finished state.
Each structural rule the template branches on is played here at least once:
every opening trigger and action, every obligation, both stock remainders,
match and sum captures with one target or two, sweep weights, 2 to 6 seats.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.codegen import generate, module_name
from escoba_spec.compiler.modules import load_ruleset_from_source
from escoba_spec.engine import (
    EngineError,
    HandState,
    play_match,
    playout,
    run_hand,
    shuffled_deck,
)
from escoba_spec.engine.bots import GreedyBot, HeuristicBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language import ir
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import escoba_de_15, scopa, variant_with, with_opening

SEEDS = st.integers(0, 2**32 - 1)
BOTS = {"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot}


def _structural_variants() -> dict[str, ir.Variant]:
    """One variant per branch of the template's hand loop."""
    esc = escoba_de_15(layouts=((2, 1), (3, 1), (4, 2), (6, 3)))
    sco = scopa()
    v = {
        "escoba-set-aside": esc,
        "escoba-redeal": with_opening(esc, action="redeal"),
        "escoba-opening-capture-by-first-player": with_opening(esc, action="capture", taker="first-player", sweeps=True),
        "escoba-opening-play-on": with_opening(esc, action="play-on"),
        "escoba-total-trigger-with-partition": with_opening(
            esc, trigger="total", multiples=(1, 2), partition=True, action="capture", taker="dealer", sweeps=True),
        "escoba-no-obligation": variant_with(esc, capture={"obligation": "none"}),
        "escoba-any-card": variant_with(esc, capture={"obligation": "any-card"}),
        "escopa-15-or-30-weighted": variant_with(
            esc, capture={"targets": (15, 30), "obligation": "any-card"},
            sweeps={"weight_by_target": True, "not_on_last_play": True}),
        "escoba-single-card-first": variant_with(esc, capture={"single_card_first": True}),
        # 003 to the letter: the seat before the dealer leads, the dealer plays second
        "escoba-before-dealer": variant_with(esc, deal={"first_player": "before-dealer"}),
        "escoba-before-dealer-round-dealer-next": variant_with(
            esc, deal={"first_player": "before-dealer", "round_dealer": "next"}),
        # 004: the deal passes on after every round, so each round has another leader
        "escopa-round-dealer-next": variant_with(
            esc, capture={"targets": (15, 30)}, deal={"round_dealer": "next"}),
        "escoba-round-dealer-next-remainder": variant_with(
            esc, deal={"round_dealer": "next", "hand_size": 4, "table_cards": 2, "stock_remainder": "to-table"}),
        "escopa-single-card-first": variant_with(esc, capture={"targets": (15, 30), "single_card_first": True}),
        "escoba-no-sweeps": variant_with(esc, sweeps={"enabled": False}),
        # 4 hand cards, 2 on the table: 40 - 2 = 38 leaves a remainder for most seat counts
        "escoba-remainder-to-table": variant_with(esc, deal={"hand_size": 4, "table_cards": 2, "stock_remainder": "to-table"}),
        "escoba-remainder-set-aside": variant_with(esc, deal={"hand_size": 4, "table_cards": 2, "stock_remainder": "set-aside"}),
        "escoba-no-table-cards": variant_with(esc, deal={"table_cards": 0, "hand_size": 4, "stock_remainder": "to-table"}),
        "scopa": sco,
        "scopa-no-obligation-four-players": variant_with(
            sco, capture={"obligation": "none"}, players={"layouts": (ir.Layout(2), ir.Layout(4, 2))}),
        "scopa-sum-of-two-cards-first": variant_with(sco, capture={"single_card_first": False}),
    }
    return v


STRUCTURAL = _structural_variants()
FILES = sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))
FROM_FILES = {p.stem: load_variant(p) for p in FILES}


def _compiled(variant: ir.Variant):
    return load_ruleset_from_source(generate(variant), module_name(variant.id) + "_fast_test")


COMPILED = {name: _compiled(v) for name, v in {**STRUCTURAL, **FROM_FILES}.items()}
WITH_LOOP = sorted(name for name, rs in COMPILED.items() if hasattr(rs, "play_hand"))


class Watching:
    """Wraps a bot; writes down everything its Observation shows at each call."""

    def __init__(self, bot, log: list):
        self.bot, self.log = bot, log

    def choose(self, obs, moves):
        self.log.append((obs.seat, obs.to_play, obs.hand, obs.hands, obs.hand_sizes, obs.table, obs.piles,
                         obs.sweeps, obs.captures, obs.history, obs.stock_count, obs.last_play, tuple(moves)))
        return self.bot.choose(obs, moves)


def _snapshot(s: HandState) -> tuple:
    return (s.result, tuple(s.history), s.opening, s.set_aside, tuple(s.hands), s.table, s.piles, s.sweeps,
            s.captures, s.stock_pos, s.to_play, s.deck, s.last_capturer, s.in_hands, s.over, s.claimable,
            s.rounds, s.legal_moves())


def _both(rs, deck, kind, seed, players, team_size, dealer):
    """(generic snapshot, generic log), (fast snapshot, fast log) of one hand."""
    out = []
    for fast in (False, True):
        log: list = []
        bots = [Watching(BOTS[kind](seed + seat), log) for seat in range(players)]
        if fast:
            state = rs.play_hand(deck, bots, team_size, dealer, random.Random(seed))
        else:
            state = HandState.deal(rs, deck, players=players, team_size=team_size, dealer=dealer, rng=random.Random(seed))
            run_hand(state, bots)
        state.check_invariants()
        out.append((_snapshot(state), log))
    return out


@pytest.mark.parametrize("name", WITH_LOOP)
@given(seed=SEEDS, data=st.data())
def test_the_specialised_hand_loop_plays_exactly_like_the_generic_engine(name, seed, data):
    rs = COMPILED[name]
    players, team_size = data.draw(st.sampled_from(rs.params.layouts))
    kind = data.draw(st.sampled_from(sorted(BOTS)))
    dealer = data.draw(st.integers(0, players - 1))
    deck = shuffled_deck(rs.cards.size, random.Random(seed))
    (generic, log_generic), (fast, log_fast) = _both(rs, deck, kind, seed, players, team_size, dealer)
    assert log_fast == log_generic  # same observations and the same moves offered, call by call
    assert fast == generic


def test_every_structural_variant_but_jokers_and_claims_has_the_loop():
    assert set(STRUCTURAL) <= set(WITH_LOOP)
    assert "comodines" not in WITH_LOOP  # jokers: the generic loop
    claims = _compiled(variant_with(escoba_de_15(), capture={"missed_capture_claim": True}))
    assert not hasattr(claims, "play_hand")
    assert playout(claims, 3, [RandomBot(1), RandomBot(2)]).totals  # and it still plays


def test_the_branches_under_test_really_happen():
    """The structural variants are only worth testing if their rare branches fire."""
    seen = {name: set() for name in STRUCTURAL}
    for name in STRUCTURAL:
        rs = COMPILED[name]
        for seed in range(200):
            players, team_size = rs.params.layouts[seed % len(rs.params.layouts)]
            state = rs.play_hand(shuffled_deck(rs.cards.size, random.Random(seed)),
                                 [RandomBot(seed + s) for s in range(players)], team_size, seed % players,
                                 random.Random(seed))
            if state.opening is not None:
                seen[name].add(("opening", state.opening.action, state.opening.redeals > 0))
            if any(p.sweeps > 1 for p in state.history):
                seen[name].add("weighted sweep")
            if state.set_aside and state.opening is None:
                seen[name].add("remainder set aside")
    assert ("opening", "set-aside", False) in seen["escoba-set-aside"]
    assert ("opening", "capture", False) in seen["escoba-opening-capture-by-first-player"]
    assert ("opening", "play-on", False) in seen["escoba-opening-play-on"]
    assert ("opening", "capture", False) in seen["escoba-total-trigger-with-partition"]
    assert "weighted sweep" in seen["escopa-15-or-30-weighted"]
    assert "remainder set aside" in seen["escoba-remainder-set-aside"]
    # a redeal leaves no Opening behind: it shows as a deck that is not the one given
    rs = COMPILED["escoba-redeal"]
    redealt = sum(rs.play_hand(d, [RandomBot(1), RandomBot(2)], 1, 0, random.Random(s)).deck != tuple(d)
                  for s, d in ((s, shuffled_deck(40, random.Random(s))) for s in range(60)))
    assert redealt > 0


@pytest.mark.parametrize("name", ["escoba-de-15", "scopa", "escopa", "escoba-6-teams-of-3"])
def test_whole_matches_with_the_loop_equal_matches_without_it(name):
    rs = COMPILED[name]

    class WithoutLoop:  # the same RuleSet, minus play_hand: play_match takes the generic loop
        id, cards, params = rs.id, rs.cards, rs.params
        capture_options, sweep_weight = rs.capture_options, rs.sweep_weight
        opening_multiple, score_hand = rs.opening_multiple, rs.score_hand

    players, team_size = rs.params.layouts[-1]
    for seed in range(3):
        a = play_match(rs, [GreedyBot(seed + s) for s in range(players)], seed, team_size=team_size)
        b = play_match(WithoutLoop(), [GreedyBot(seed + s) for s in range(players)], seed, team_size=team_size)
        assert (a.results, a.scores, a.winner) == (b.results, b.scores, b.winner)


def test_a_stock_that_cannot_fill_a_round_is_the_same_error_with_the_loop():
    rs = COMPILED["escoba-de-15"]  # stock_remainder none: five players leave 6 cards over
    deck = shuffled_deck(40, random.Random(1))
    with pytest.raises(EngineError, match="6 stock cards cannot fill a round") as generic:
        run_hand(HandState.deal(rs, deck, players=5), [RandomBot(s) for s in range(5)])
    with pytest.raises(EngineError, match="6 stock cards cannot fill a round") as fast:
        rs.play_hand(deck, [RandomBot(s) for s in range(5)])
    assert str(fast.value) == str(generic.value)


def test_playout_still_checks_a_given_deck_and_the_seats():
    rs = COMPILED["escoba-de-15"]
    with pytest.raises(ValueError, match="each of the 40 cards exactly once"):
        playout(rs, [0] * 40, [RandomBot(1), RandomBot(2)])
    with pytest.raises(ValueError, match="each of the 40 cards exactly once"):
        playout(rs, list(range(39)), [RandomBot(1), RandomBot(2)])
    with pytest.raises(ValueError, match="cannot form teams"):
        playout(rs, list(range(40)), [RandomBot(1), RandomBot(2), RandomBot(3)], team_size=2)


def test_a_playout_by_seed_is_the_same_hand_compiled_and_interpreted():
    variant = FROM_FILES["escoba-de-15"]
    compiled, interpreted = COMPILED["escoba-de-15"], Interpreter(variant)
    for seed in range(20):
        a = playout(compiled, seed, [RandomBot(1), RandomBot(2)])
        b = playout(interpreted, seed, [RandomBot(1), RandomBot(2)])
        assert a == b


@given(size=st.integers(1, 80), seed=SEEDS)
def test_shuffled_deck_draws_exactly_what_random_shuffle_draws(size, seed):
    mine, theirs = random.Random(seed), random.Random(seed)
    expected = list(range(size))
    theirs.shuffle(expected)
    assert shuffled_deck(size, mine) == expected
    assert mine.getstate() == theirs.getstate()  # and leaves the generator where shuffle leaves it


def test_a_random_subclass_keeps_its_own_shuffle():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    assert shuffled_deck(5, Reversing(1)) == [4, 3, 2, 1, 0]


def test_hoisted_scoring_gives_the_interpreters_scores():
    """`most` lists are computed once per hand in compiled modules; the scores must not move."""
    rng = random.Random(7)
    for name in ("escoba-de-15", "scopa", "escopa", "escoba-31-ties-all", "escoba-6-teams-of-3"):
        variant = FROM_FILES[name]
        compiled, interpreted = COMPILED[name], Interpreter(variant)
        sides = variant.players.layouts[0].sides
        for _ in range(200):
            owner = [rng.randrange(sides + 1) for _ in range(compiled.cards.size)]  # sides: nobody's
            piles = [sum(1 << c for c, o in enumerate(owner) if o == s) for s in range(sides)]
            sweeps = [rng.randrange(4) for _ in range(sides)]
            captures = [rng.randrange(12) for _ in range(sides)]
            assert compiled.score_hand(piles, sweeps, captures) == interpreted.score_hand(piles, sweeps, captures)
