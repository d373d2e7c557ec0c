"""Every structural rule, played on the kernel's step functions and on the interpreter:
the same legal moves in the same order, the same bot calls (hence the same random
numbers), the same observations, the same finished state.

Each structural rule the kernel's templates branch on is played here at least once:
every opening trigger and action, every obligation, both stock remainders, match and
sum captures with one target or two, sweep weights, 2 to 6 seats. The kernels run as
plain Python (`load_kernel(native=False)`: the source numba compiles, without the
seconds each compile costs); test_kernel_parity plays the shipped files on machine code.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernels import load_kernel
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
    """One variant per structural branch of the rules."""
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
#: the shipped variants the kernel plays, each compared with the interpreter
FROM_FILES = {p.stem: v for p in FILES if not unsupported(v := load_variant(p))}


ALL = {**STRUCTURAL, **FROM_FILES}
KERNELS = {name: load_kernel(v, native=False).ruleset() for name, v in ALL.items()}
INTERPRETED = {name: Interpreter(v) for name, v in ALL.items()}


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


def _both(name, deck, kind, seed, players, team_size, dealer):
    """(snapshot, log) of one hand on the kernel, then on the interpreter."""
    out = []
    for rs in (KERNELS[name], INTERPRETED[name]):
        log: list = []
        bots = [Watching(BOTS[kind](seed + seat), log) for seat in range(players)]
        state = HandState.deal(rs, deck, players=players, team_size=team_size, dealer=dealer, rng=random.Random(seed))
        run_hand(state, bots)
        state.check_invariants()
        out.append((_snapshot(state), log))
    return out


@pytest.mark.parametrize("name", sorted(ALL))
@given(seed=SEEDS, data=st.data())
def test_every_structural_rule_plays_alike_on_the_kernel_and_the_interpreter(name, seed, data):
    rs = INTERPRETED[name]
    players, team_size = data.draw(st.sampled_from(rs.params.layouts))
    kind = data.draw(st.sampled_from(sorted(BOTS)))
    dealer = data.draw(st.integers(0, players - 1))
    deck = shuffled_deck(rs.cards.size, random.Random(seed))
    (kernel, log_kernel), (interpreted, log_interpreted) = _both(name, deck, kind, seed, players, team_size, dealer)
    assert log_kernel == log_interpreted  # same observations and the same moves offered, call by call
    assert kernel == interpreted


def test_missed_capture_claims_play_alike_on_the_kernel_and_the_interpreter():
    variant = variant_with(escoba_de_15(), capture={"missed_capture_claim": True})
    kernel, interpreted = load_kernel(variant, native=False).ruleset(), Interpreter(variant)
    for seed in range(5):
        a = playout(kernel, seed, [RandomBot(1), RandomBot(2)])
        assert a == playout(interpreted, seed, [RandomBot(1), RandomBot(2)]) and a.totals


#: the rare branch of the rules each of these structural variants is there for
RARE_BRANCHES = {
    "escoba-set-aside": ("opening", "set-aside", False),
    "escoba-opening-capture-by-first-player": ("opening", "capture", False),
    "escoba-opening-play-on": ("opening", "play-on", False),
    "escoba-total-trigger-with-partition": ("opening", "capture", False),
    "escopa-15-or-30-weighted": "weighted sweep",
    "escoba-remainder-set-aside": "remainder set aside",
}


def _branches_taken(state: HandState) -> set:
    """The rare branches a hand played out took."""
    taken: set = set()
    if state.opening is not None:
        taken.add(("opening", state.opening.action, state.opening.redeals > 0))
    if any(p.sweeps > 1 for p in state.history):
        taken.add("weighted sweep")
    if state.set_aside and state.opening is None:
        taken.add("remainder set aside")
    return taken


def test_the_branches_under_test_really_happen():
    """The structural variants are only worth testing if their rare branches fire: each within
    the hands of seeds 0 to 199 (played in that order, up to the first that takes it: every
    structural variant's hands are played, on both engines, by the parity test above)."""
    for name, branch in RARE_BRANCHES.items():
        rs = KERNELS[name]
        for seed in range(200):
            players, team_size = rs.params.layouts[seed % len(rs.params.layouts)]
            state = HandState.deal(rs, shuffled_deck(rs.cards.size, random.Random(seed)), players=players,
                                   team_size=team_size, dealer=seed % players, rng=random.Random(seed))
            run_hand(state, [RandomBot(seed + s) for s in range(players)])
            if branch in _branches_taken(state):
                break
        else:
            pytest.fail(f"{name}: no hand of seeds 0 to 199 took {branch}")
    # a redeal leaves no Opening behind: it shows as a deck that is not the one given
    rs = KERNELS["escoba-redeal"]

    def dealt(deck, seed):
        state = HandState.deal(rs, deck, players=2, rng=random.Random(seed))
        run_hand(state, [RandomBot(1), RandomBot(2)])
        return state.deck

    assert any(dealt(d, s) != tuple(d) for s, d in ((s, shuffled_deck(40, random.Random(s))) for s in range(60)))


@pytest.mark.parametrize("name", ["escoba-de-15", "scopa", "escopa", "escoba-6-teams-of-3"])
def test_whole_matches_on_the_kernel_equal_the_interpreters(name):
    players, team_size = INTERPRETED[name].params.layouts[-1]
    for seed in range(3):
        a, b = (play_match(rs, [GreedyBot(seed + s) for s in range(players)], seed, team_size=team_size)
                for rs in (KERNELS[name], INTERPRETED[name]))
        assert (a.results, a.scores, a.winner) == (b.results, b.scores, b.winner)


def test_a_stock_that_cannot_fill_a_round_is_the_same_error_on_both():
    deck = shuffled_deck(40, random.Random(1))  # stock_remainder none: five players leave 6 cards over
    errors = []
    for rs in (KERNELS["escoba-de-15"], INTERPRETED["escoba-de-15"]):
        with pytest.raises(EngineError, match="6 stock cards cannot fill a round") as raised:
            run_hand(HandState.deal(rs, deck, players=5), [RandomBot(s) for s in range(5)])
        errors.append(str(raised.value))
    assert errors[0] == errors[1]


def test_playout_still_checks_a_given_deck_and_the_seats():
    rs = KERNELS["escoba-de-15"]
    with pytest.raises(ValueError, match="each of the 40 cards exactly once"):
        playout(rs, [0] * 40, [RandomBot(1), RandomBot(2)])
    with pytest.raises(ValueError, match="each of the 40 cards exactly once"):
        playout(rs, list(range(39)), [RandomBot(1), RandomBot(2)])
    with pytest.raises(ValueError, match="cannot form teams"):
        playout(rs, list(range(40)), [RandomBot(1), RandomBot(2), RandomBot(3)], team_size=2)


def test_a_playout_by_seed_is_the_same_hand_on_the_kernel_and_interpreted():
    compiled, interpreted = KERNELS["escoba-de-15"], INTERPRETED["escoba-de-15"]
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


def test_the_kernel_scores_random_piles_as_the_interpreter():
    """The kernel scores any piles as the interpreter does (its `most` counts are mask arithmetic)."""
    rng = random.Random(7)
    for name in ("escoba-de-15", "scopa", "escopa", "escoba-31-ties-all", "escoba-6-teams-of-3"):
        variant = FROM_FILES[name]
        compiled, interpreted = KERNELS[name], INTERPRETED[name]
        sides = variant.players.layouts[0].sides
        for _ in range(200):
            owner = [rng.randrange(sides + 1) for _ in range(compiled.cards.size)]  # sides: nobody's
            piles = [sum(1 << c for c, o in enumerate(owner) if o == s) for s in range(sides)]
            sweeps = [rng.randrange(4) for _ in range(sides)]
            captures = [rng.randrange(12) for _ in range(sides)]
            assert compiled.score_hand(piles, sweeps, captures) == interpreted.score_hand(piles, sweeps, captures)


@pytest.mark.parametrize("award, holds", [
    ("count(pile) > 100", "never"), ("count(pile) >= 40", "maybe"), ("count(pile, rank == 7) > 4", "never"),
    ("count(pile, rank == 7) <= 4", "always"), ("count(common(pile, filter(pile, rank == re))) > 4", "never"),
    ("sum(pile) > 1000", "never"),
    ("not count(pile) > 100 and sweeps >= 0", "always"), ("count(pile) > 100 or sweeps > 0", "maybe"),
    ("count(pile) * 2 - 1 > 79", "never"), ("score > 100", "maybe"),
])
def test_what_an_award_can_reach_is_read_from_the_deck(award, holds):
    """Issue 36, class 5: a condition read with the deck's numbers (40 Italian cards) never holds,
    always holds, or may."""
    from escoba_spec.language.cards import CardSet
    from escoba_spec.language.expr.check import compile_expression
    from escoba_spec.language.expr.env import Env
    from escoba_spec.language.reach import truth
    from escoba_spec.language.validate import load_variant

    cards = CardSet(load_variant(RULES / "scopa.yaml").deck)
    node, problems = compile_expression(award, "bool", Env.from_cardset(cards, "none"))
    assert not problems and truth(node, cards) == holds
