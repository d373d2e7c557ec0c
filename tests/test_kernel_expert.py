"""The expert bot: the kernel's seat and the Python ExpertBot choose alike, it never reads a
hidden card, and it plays as a strong player would in positions whose answer is plain.

Budgets are tiny (a few playouts a move): what is pinned is the bot's logic and its
information, not its strength, which docs/bots.md measures.
"""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from escoba_spec.engine import HandState, play_match, run_hand
from escoba_spec.engine.bots import GreedyBot
from escoba_spec.engine.expert import ExpertBot, kernel_position
from escoba_spec.engine.kernel import bot_code
from escoba_spec.engine.observation import Observation
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.setup import SetupError, make_bot, make_setup

from .conftest import RULES
from .kernel_support import assert_same_hand, engines

BUDGET = 12


def _variant(name):
    return load_variant(RULES / f"{name}.yaml")


def _python_bots(kernel, names, seed):
    bots = []
    for seat, name in enumerate(names):
        stream = Stream(seat_seed(seed, 1 + seat))
        bots.append(ExpertBot(rng=stream, budget=BUDGET, kernel=kernel) if name.startswith("expert")
                    else GreedyBot(rng=stream))
    return bots


# escopa: a leftover check; cirulla: claims, jokers, events, declarations; open-table: open hands;
# scopone: four seats in two teams; pisti: a stack, cards face down, the stock's bottom card shown
@pytest.mark.parametrize("name", ["escoba-de-15", "scopa", "escopa", "cirulla", "open-table", "scopone", "pisti"])
def test_the_kernels_expert_seat_and_the_python_expert_play_the_same_hands(name):
    variant = _variant(name)
    kernel, interp = engines(variant)
    lay = variant.players.layouts[0]
    names = [f"expert:{BUDGET}" if seat % 2 == 0 else "greedy" for seat in range(lay.players)]
    rng = random.Random(name)
    for i in range(3):
        deck = list(range(kernel.cards.size))
        rng.shuffle(deck)
        seed = rng.getrandbits(64)
        mine = kernel.play_hand(deck, names, seed, team_size=lay.team_size, dealer=i)
        state = HandState.deal(interp, deck, players=lay.players, team_size=lay.team_size, dealer=i % lay.players,
                               rng=Stream(seat_seed(seed, 0)))
        run_hand(state, _python_bots(kernel, names, seed))
        assert_same_hand(mine, state, (name, deck, seed))


@pytest.mark.parametrize("name", ["escoba-de-15"])
def test_an_expert_match_in_the_kernel_is_the_python_experts_match(name):
    """Whole matches: the expert also reads where the match stands (scores, the hand's number)."""
    variant = _variant(name)
    kernel, interp = engines(variant)
    names = [f"expert:{BUDGET}", "greedy"]
    seeds = [11, 12]
    batch = kernel.play_matches(seeds, names)
    for m, seed in enumerate(seeds):
        match = play_match(interp, _python_bots(kernel, names, seed), seed, rng=Stream(seat_seed(seed, 0)))
        assert batch.winner[m] == match.winner
        assert batch.hands[m] == match.hands_played
        assert [batch.exact(x) for x in batch.scores[m]] == match.scores


def _position(interp, seed, plays):
    """A hand dealt from `seed` and played on by greedy bots for `plays` plays (fewer if it ends)."""
    state = HandState.deal(interp, seed=seed, players=2, rng=Stream(seat_seed(seed, 0)))
    greedy = [GreedyBot(rng=Stream(seat_seed(seed, 1 + s))) for s in range(2)]
    views = [Observation(state, s) for s in range(2)]
    for _ in range(plays):
        if state.over:
            break
        seat = state.to_play
        state.apply(greedy[seat].choose(views[seat], state.legal_moves()))
    return state


def _hidden_permuted(state, seat, rng, *, open_hands):
    """The same position with the cards `seat` cannot see dealt otherwise: the stock's order and,
    unless hands are open, the other hands (each keeping its size)."""
    other = copy.copy(state)
    other.hands = list(state.hands)
    stock = list(state.stock[state.stock_pos:])
    hidden = [s for s in range(state.n) if s != seat and not open_hands]
    cards = [c for s in hidden for c in range(state.cards.size) if state.hands[s] >> c & 1] + stock
    rng.shuffle(cards)
    for s in hidden:
        size = state.hands[s].bit_count()
        other.hands[s] = sum(1 << c for c in cards[:size])
        cards = cards[size:]
    other.stock = list(state.stock[:state.stock_pos]) + cards
    other._legal = None
    return other


def _kernel_choice(kernel, state, seed):
    """The kernel's expert_move as the kernel's own hand loop calls it: every hand as it is, the
    stock in its order, the cards set aside (its seat's hand loop holds them all)."""
    seat = state.to_play
    moves = state.legal_moves()
    module = kernel.module
    work = np.zeros((module.WORK_ROWS, module.MAX_MOVES), dtype=np.int64)
    wmask = np.zeros((4, module.MAX_MOVES), dtype=np.int64)
    args = kernel_position(kernel, Observation(state, seat), moves, work, wmask)
    args["hands"] = np.array(state.hands, dtype=np.int64)
    args["deck"] = np.array(state.stock if len(state.stock) == state.cards.size
                            else [0] * (state.cards.size - len(state.stock)) + list(state.stock), dtype=np.int64)
    args["at"][module.AT_SET_ASIDE] = state.set_aside
    args["bots"][seat] = bot_code(f"expert:{2 * BUDGET}")
    args["streams"][1 + seat] = Stream(seed).state
    return moves[int(module.expert_move(*args.values(), *kernel.stages("EXPERT_STAGES")))]


def _choice(kernel, state, seed):
    seat = state.to_play
    bot = ExpertBot(rng=Stream(seed), budget=2 * BUDGET, kernel=kernel)
    return bot.choose(Observation(state, seat), state.legal_moves())


@pytest.mark.parametrize("name", ["escoba-de-15", "open-table"])
@given(seed=st.integers(0, 2**32), plays=st.integers(0, 30), shuffle=st.randoms(use_true_random=False))
@settings(max_examples=15, deadline=None)
def test_the_expert_chooses_the_same_whatever_the_cards_it_cannot_see(name, seed, plays, shuffle):
    variant = _variant(name)
    kernel, interp = engines(variant)
    state = _position(interp, seed, plays)
    if state.over:
        return
    seat = state.to_play
    assume(len(state.legal_moves()) > 1)
    other = _hidden_permuted(state, seat, shuffle, open_hands=variant.visibility.open_hands)
    assert other.legal_moves() == state.legal_moves()
    assert _kernel_choice(kernel, other, seed) == _kernel_choice(kernel, state, seed)
    assert _choice(kernel, other, seed) == _choice(kernel, state, seed) == _kernel_choice(kernel, state, seed)


def _unseen_permuted(state, seat, rng):
    """The same position with every card `seat` cannot see dealt otherwise: the other hands (each
    keeping its size), the stock but its shown bottom card, the cards face down where they lie or in
    another side's pile. Face-down cards are put back where they were (lying, or that pile)."""
    other = copy.copy(state)
    other.hands, other.piles = list(state.hands), list(state.piles)
    cards = state.cards
    side = seat % state.sides
    taken = state.hidden & ~state.piles[side]  # face-down cards in another side's pile: unseen
    bottom = state.params.bottom_shown and state.stock_pos < len(state.stock)
    stock = list(state.stock[state.stock_pos:len(state.stock) - bottom])
    pool = [c for s in range(state.n) if s != seat for c in cards.indices(state.hands[s])] + stock
    pool += cards.indices(state.down) + cards.indices(taken)
    rng.shuffle(pool)
    for s in range(state.n):
        if s != seat:
            size = state.hands[s].bit_count()
            other.hands[s] = sum(1 << c for c in pool[:size])
            pool = pool[size:]
    other.stock = list(state.stock[:state.stock_pos]) + pool[:len(stock)] + list(state.stock[len(state.stock) - bottom:])
    pool = pool[len(stock):]
    other.down = sum(1 << c for c in pool[:state.down.bit_count()])
    fresh = sum(1 << c for c in pool[state.down.bit_count():])
    other.hidden = state.hidden & ~taken | fresh
    other.piles = [p & ~taken | (fresh if p & taken else 0) for p in state.piles]
    other._legal = None
    return other


def _kernel_choice_with_face_down(kernel, state, seed):
    """_kernel_choice with the face-down cards as the kernel's own hand loop holds them: which they
    are and where (lying, or the side whose pile took them)."""
    seat = state.to_play
    module = kernel.module
    moves = state.legal_moves()
    work = np.zeros((module.WORK_ROWS, module.MAX_MOVES), dtype=np.int64)
    wmask = np.zeros((4, module.MAX_MOVES), dtype=np.int64)
    args = kernel_position(kernel, Observation(state, seat), moves, work, wmask)
    args["hands"] = np.array(state.hands, dtype=np.int64)
    args["piles"] = np.array(state.piles, dtype=np.int64)
    args["deck"] = np.array([0] * (state.cards.size - len(state.stock)) + list(state.stock), dtype=np.int64)
    args["at"][module.AT_SET_ASIDE] = state.set_aside
    taker = next((s for s, p in enumerate(state.piles) if p & state.hidden), -1)
    args["at"][module.AT_DOWN] = state.down | state.hidden
    args["at"][module.AT_DOWN_AT] = taker
    args["bots"][seat] = bot_code(f"expert:{2 * BUDGET}")
    args["streams"][1 + seat] = Stream(seed).state
    return moves[int(module.expert_move(*args.values(), *kernel.stages("EXPERT_STAGES")))]


@given(seed=st.integers(0, 2**32), plays=st.integers(0, 30), shuffle=st.randoms(use_true_random=False))
@settings(max_examples=15, deadline=None)
def test_the_expert_chooses_the_same_whatever_the_face_down_cards_and_the_stock_are(seed, plays, shuffle):
    """Pişti: the face-down cards, lying or in the other side's pile, are as unseen as the other
    hands and the stock (its shown bottom card apart); the expert's choice is the same whatever they
    are, in the Python bot and in the kernel's own seat, which holds the true cards."""
    variant = _variant("pisti")
    kernel, interp = engines(variant)
    state = _position(interp, seed, plays)
    if state.over:
        return
    seat = state.to_play
    assume(len(state.legal_moves()) > 1)
    other = _unseen_permuted(state, seat, shuffle)
    assert other.legal_moves() == state.legal_moves()
    assert Observation(other, seat).piles == Observation(state, seat).piles
    mine = _kernel_choice_with_face_down(kernel, state, seed)
    assert _kernel_choice_with_face_down(kernel, other, seed) == mine
    assert _choice(kernel, other, seed) == _choice(kernel, state, seed) == mine


def test_the_honesty_check_sees_a_leak_when_the_face_down_cards_are_read():
    """The control: an expert that is handed the face-down cards as if they were its side's own
    (the kernel then reads them) chooses otherwise for some deal of them, so the test above could
    see a leak."""
    variant = _variant("pisti")
    kernel, interp = engines(variant)
    module = kernel.module
    differs = False
    for seed in range(40):
        state = _position(interp, seed, 9)
        if state.over or len(state.legal_moves()) < 2 or not (state.down or state.hidden):
            continue
        seat = state.to_play
        choices = set()
        for k in range(6):
            other = _unseen_permuted(state, seat, random.Random(k))
            moves = other.legal_moves()
            work = np.zeros((module.WORK_ROWS, module.MAX_MOVES), dtype=np.int64)
            wmask = np.zeros((4, module.MAX_MOVES), dtype=np.int64)
            args = kernel_position(kernel, Observation(other, seat), moves, work, wmask)
            args["at"][module.AT_DOWN] = other.down | other.hidden
            args["at"][module.AT_DOWN_AT] = seat % other.sides  # as if its side had taken them: read
            args["piles"][seat % other.sides] |= other.down | other.hidden
            args["bots"][seat] = bot_code(f"expert:{4 * BUDGET}")
            args["streams"][1 + seat] = Stream(seed).state
            choices.add(moves[int(module.expert_move(*args.values(), *kernel.stages("EXPERT_STAGES")))])
        if len(choices) > 1:
            differs = True
            break
    assert differs


@pytest.mark.parametrize(("opponent", "safe"), [(["Rc", "1e"], "4c"), (["Cc", "1e"], "3c")])
def test_with_open_hands_the_expert_trails_the_card_the_opponents_hand_cannot_sweep(opponent, safe):
    """open-table (Escoba de 15, hands face up), the stock empty: 2o on the table, 3c and 4c in
    hand, neither captures. Trailing 3c leaves 5, which a rey (10) makes up to 15; trailing 4c
    leaves 6, which a caballo (9) does: the expert reads the opponent's open hand and trails the
    card it cannot sweep."""
    variant = _variant("open-table")
    kernel, interp = engines(variant)
    cards = kernel.cards
    state = HandState.setup(interp, [cards.mask_of(["3c", "4c"]), cards.mask_of(opponent)], cards.mask_of(["2o"]),
                            to_play=0)
    card, capture, _, _ = _choice(kernel, state, 5)
    assert (cards.text(card), capture) == (safe, 0)


def test_the_expert_takes_the_sweep_on_offer():
    variant = _variant("escoba-de-15")
    kernel, interp = engines(variant)
    cards = kernel.cards
    # two cards each, the stock empty: 7o takes 5c + 3e, the whole table (15), an escoba; 1b
    # only trails
    state = HandState.setup(interp, [cards.mask_of(["7o", "1b"]), cards.mask_of(["4c", "2e"])],
                            cards.mask_of(["5c", "3e"]), to_play=0)
    card, capture, _, _ = _choice(kernel, state, 3)
    assert (card, capture) == (cards.parse("7o"), cards.mask_of(["5c", "3e"]))


def test_bot_names_carry_the_experts_budget():
    assert bot_code("expert:250") == 3 | 250 << 8
    assert bot_code("montecarlo:250") == 4 | 250 << 8
    assert bot_code("greedy") == 1
    with pytest.raises(ValueError, match="only the expert and montecarlo bots take a budget"):
        bot_code("greedy:5")
    for bad in ("expert:0", "expert:many", "expert:", "expert:1000001", "expert:1099511627776"):
        with pytest.raises(SetupError, match="whole number of playouts"):
            make_bot(bad, 1, 0, _variant("scopa"))
    with pytest.raises(SetupError, match="no bot named 'wizard'"):
        make_setup(_variant("scopa"), players=2, seed=1, bots="wizard")
    bot = make_bot("expert:77", 1, 0, _variant("scopa"))
    assert bot.budget == 77 and bot._code == bot_code("expert:77")
    flat = make_bot("montecarlo:77", 1, 0, _variant("scopa"))
    assert flat.budget == 77 and flat._code == bot_code("montecarlo:77")


def test_the_expert_needs_the_variants_kernel():
    with pytest.raises(SetupError, match="needs the variant"):
        make_bot("expert", 1, 0)


# escoba-de-15 and scopa: the expert tests above compile both kernels' expert entry point anyway
@pytest.mark.parametrize("name", ["escoba-de-15", "scopa"])
def test_the_entry_point_that_plays_the_expert_plays_every_other_bot_as_the_plain_one(name):
    """An analysis plays its random and greedy runs on the expert's entry point (with_expert) to
    compile one: in every mode it must play those bots exactly as the plain one does."""
    variant = _variant(name)
    kernel, _ = engines(variant)
    lay = variant.players.layouts[0]
    bots = [("random", "greedy", "heuristic")[seat % 3] for seat in range(lay.players)]
    plain = kernel.play_matches(range(30), bots, team_size=lay.team_size)
    twin = kernel.play_matches(range(30), bots, team_size=lay.team_size, with_expert=True)
    for field in ("winner", "hands", "scores", "sweeps", "points", "last_points", "led", "deficit"):
        assert np.array_equal(getattr(plain, field), getattr(twin, field)), field
    assert kernel.play_hands(4, 20, bots, team_size=lay.team_size) == kernel.play_hands(
        4, 20, bots, team_size=lay.team_size, with_expert=True)
    deck = list(range(kernel.cards.size))
    assert kernel.play_hand(deck, bots, 9, team_size=lay.team_size) == kernel.play_hand(
        deck, bots, 9, team_size=lay.team_size, with_expert=True)


def test_an_expert_seat_on_the_plain_entry_point_is_an_error_not_a_silent_fast_bot(monkeypatch):
    """The plain entry point is compiled without the expert's search: the kernel module's own
    `play` answers an expert seat with its status, never with some other bot's move."""
    from escoba_spec.engine import EngineError

    kernel, _ = engines(_variant("escoba-de-15"))
    monkeypatch.setattr(kernel, "_entry", lambda codes, with_expert: kernel.module.play)
    with pytest.raises(EngineError, match="compiled without the expert"):
        kernel.play_hand(list(range(kernel.cards.size)), ["expert:3", "greedy"], 1)


def test_the_expert_names_a_declared_matta_alike_in_the_kernel_and_in_python():
    """Cirulla: hands dealt a matta whose declaration is worth as much as an ace or a two (7c, 3b, 4d)
    or as any rank up to six (7c, 1b, 2s), the expert to name it: the kernel's expert seat
    and the Python expert play the same hands, naming the same."""
    from .engine_fixtures import deck_order

    kernel, interp = engines(_variant("cirulla"))
    names = [f"expert:{BUDGET}", "greedy"]
    namings = 0
    for i, hand in enumerate((["7c", "3b", "4d"], ["7c", "1b", "2s"], ["7c", "2b", "3d"])):
        deck = deck_order(interp.cards, [hand, ["Cs", "Cd", "Fb"]], ["Rb", "Rs", "Cb", "5c"], dealer=1)
        rng = random.Random(i)
        rest = deck[10:]
        rng.shuffle(rest)
        deck[10:] = rest
        seed = rng.getrandbits(64)
        mine = kernel.play_hand(deck, names, seed, dealer=1)
        state = HandState.deal(interp, deck, players=2, dealer=1, rng=Stream(seat_seed(seed, 0)))
        namings += bool(state.naming[0])
        run_hand(state, _python_bots(kernel, names, seed))
        assert_same_hand(mine, state, ("cirulla", deck, seed))
    assert namings == 3  # each hand had its matta to name, by the expert
