"""Seep (rules/seep.yaml): the staged deal, the bid and the opening play its sources describe.

GN is Game_Night's rules summary of pagat's Seep, CSH-2P cardsharpers' two-player text, BHOOS
bhoos.com, CRP cardrulesplus.com (docs/research/cassino-and-seep.md, S5-S13, S33, S-D8). The
houses themselves (9 to 13, one per value, loose cards taken in, shared owners, a maximal capture)
are pinned in both engines by tests/test_builds_houses.py on the same builds rule. The kernel deals
the stages and takes the bid as the interpreter does: the bidder's opening play is handed to it as
the expert hands it a position, and whole hands and matches of both deal orders are played on both
(test_kernel_parity plays the file's default natively too).
"""

from __future__ import annotations

import random

import pytest

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import HandState, format_move, parse_move
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.moves import Move
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import as_moves, house_variants, moves_text, play, position
from .kernel_support import assert_same_matches, kernel_turn, play_same_hands

PATH = RULES / "seep.yaml"
RS = Interpreter(load_variant(PATH))
FOUR_EACH = Interpreter(load_variant(PATH, {"deal-order": "four-each-first"}))
FULL_SWEEP = Interpreter(load_variant(PATH, {"opening-sweep": "full"}))
#: each interpreter's kernel, run as plain Python (the code numba compiles)
KERNELS = {id(rs): load_kernel(rs.variant, native=False) for rs in (RS, FOUR_EACH, FULL_SWEEP)}


def _deck(rs, texts: list[str]) -> list[int]:
    """A deck order beginning with these cards, every other card after them in index order."""
    cards = rs.cards
    order = [cards.parse(t) for t in texts]
    assert len(set(order)) == len(order)
    return order + [c for c in range(cards.size) if c not in set(order)]


def _deal(rs, texts, players=4, **kwargs) -> HandState:
    return HandState.deal(rs, _deck(rs, texts), players=players, team_size=2 if players == 4 else 1, dealer=0,
                          **kwargs)


def _hand(state, seat) -> list[str]:
    return state.cards.texts(state.hands[seat])


def _bid(state, value: int) -> None:
    move = Move(-1, 0, 0, value)
    assert move in state.legal_moves(), state.legal_moves()
    state.apply(move)


#: the bidder's four (the dealer's right: seat 1 with dealer 0, play counter-clockwise), then the floor
OPENING = ["Jh", "4c", "9d", "2s", "3c", "8d", "Kd", "5h"]


def test_gn_the_bidder_gets_four_and_four_lie_face_down_before_the_bid():
    """GN, S10: "Dealer gives 4 cards to the player on his right (the bidder) and places 4 cards face down on
    the floor"; the others have nothing yet, and the bidder is to bid."""
    state = _deal(RS, OPENING)
    assert state.bidding and state.to_play == 1
    assert sorted(_hand(state, 1)) == sorted(["Jh", "4c", "9d", "2s"])
    assert [state.hands[s] for s in (0, 2, 3)] == [0, 0, 0]
    assert state.table == 0 and state.down == state.cards.mask_of(["3c", "8d", "Kd", "5h"])


def test_gn_the_bid_is_a_value_from_9_to_13_the_bidder_holds_once_each():
    """GN, S11: the bidder "must bid 9-13 matching the capture value of a card in hand" (a 9 and a jack here:
    9 and 11; the 4 and the 2 cannot be bid on)."""
    state = _deal(RS, ["Jh", "Jc", "9d", "2s", *OPENING[4:]])
    assert [m.build for m in state.legal_moves()] == [9, 11]
    assert all(m.card == -1 and not m.capture for m in state.legal_moves())


def test_gn_csh_a_bidder_without_a_card_above_8_is_dealt_again():
    """GN, S11 and CSH-2P: "If the opponent does not have any card bigger than 8, he/she returns the cards.
    The pack of cards is reshuffled and cut and the deal is repeated"."""
    state = _deal(RS, ["2h", "4c", "7d", "2s", *OPENING[4:]], rng=random.Random(5))
    assert state.redeals >= 1
    assert state.hands[1] & RS.params.bid_cards
    assert state.bidding


def test_gn_after_the_bid_the_floor_is_turned_up_and_the_opening_play_is_bound_to_it():
    """GN, S12: the bidder's first play creates a house of the bid value, plays a card of the bid value to take
    cards, or throws one loose "only if nothing can be captured with it". Bid 11 holding J 4 9 2 over a floor
    of 3 8 K 5: every move builds 11 or plays the jack, and the jack, which can take 3+8, is not thrown."""
    state = _deal(RS, OPENING)
    _bid(state, 11)
    assert state.table == state.cards.mask_of(["3c", "8d", "Kd", "5h"]) and not state.down
    moves = state.legal_moves()
    assert moves and all(m.build == 11 or (not m.build and state.cards.text(m.card) == "Jh") for m in moves)
    assert set(moves) == as_moves(state, ["Jh+3c+8d"])  # and the jack, which can take 3+8, is not thrown


def test_gn_a_house_of_the_bid_value_is_an_opening_play():
    """GN, S12(a): "create a house of the bid value (played card + floor card(s) summing to the bid - the played
    card itself need not equal the bid)": the 2 on the floor's 9, building 11 with the jack kept."""
    state = _deal(RS, ["Jh", "2c", "4d", "Qs", "9s", "3d", "Kd", "5h"])
    _bid(state, 11)
    assert as_moves(state, ["2c+9s:11"]) <= set(state.legal_moves())
    assert not any(m.build not in (0, 11) for m in state.legal_moves())
    assert not any(m.build == 0 and state.cards.text(m.card) != "Jh" for m in state.legal_moves())


def test_gn_bhoos_after_the_opening_play_the_rest_is_dealt_in_fours_from_the_bidder():
    """GN, S13: "Then the dealer deals the rest counter-clockwise in packets of four starting with the bidder:
    bidder ends with 11 in hand (12 dealt), everyone else 12"; BHOOS: "the bidder gets 8 cards, while the
    other player gets 12 cards each"."""
    state = _deal(RS, OPENING)
    _bid(state, 11)
    play(state, "Jh+3c+8d")
    deck = state.deck
    packets = [deck[i:i + 4] for i in range(8, 52, 4)]
    order = [1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0]  # the bidder's two packets, the others' three
    for seat in range(4):
        mine = [c for packet, s in zip(packets, order) if s == seat for c in packet]
        assert state.hands[seat] & sum(1 << c for c in mine) == sum(1 << c for c in mine)
    assert [state.hands[s].bit_count() for s in range(4)] == [12, 11, 12, 12]
    assert state.to_play == 2  # play goes on counter-clockwise from the bidder


def test_csh_two_players_the_dealer_completes_to_twelve_and_deals_twelve_each_again():
    """CSH-2P: "the dealer completes the deal so that he/she gets a total of 12 cards and the opponent gets
    another 8 cards ... When each player has played 12 cards, the dealer deals again, in a group of four"."""
    state = _deal(RS, OPENING, players=2)
    _bid(state, 11)
    play(state, "Jh+3c+8d")
    assert [state.hands[s].bit_count() for s in range(2)] == [12, 11]
    rng = random.Random(1)
    while state.rounds == 1:
        state.apply(rng.choice(state.legal_moves()))
    assert [state.hands[s].bit_count() for s in range(2)] == [12, 12] and state.to_play == 1
    while not state.over:
        state.apply(rng.choice(state.legal_moves()))
    assert len(state.history) == 48  # 52 cards less the four of the floor


def test_crp_the_other_order_deals_four_each_before_the_bid():
    """CRP (S-D8): "Deal 4 cards to the player on the dealer's right, 4 face-down in the centre as the floor,
    then 4 to each of the other three players"; the rest after the opening play."""
    state = _deal(FOUR_EACH, OPENING)
    assert state.bidding and [state.hands[s].bit_count() for s in range(4)] == [4, 4, 4, 4]
    _bid(state, 11)
    play(state, "Jh+3c+8d")
    assert [state.hands[s].bit_count() for s in range(4)] == [12, 11, 12, 12]


def test_pagat_a_sweep_on_the_opening_play_is_25_and_50_with_the_option():
    """Pagat (S6): "a sweep made on the very first play is worth only 25 points"; baazi-mvp and the
    PrabhavGupta24 rules count it 50."""
    for rs, worth in ((RS, 25), (FULL_SWEEP, 50)):
        state = _deal(rs, ["Jh", "4c", "9d", "2s", "3c", "8d", "5c", "6c"])
        _bid(state, 11)
        play(state, "Jh+3c+8d+5c+6c")  # 3+8 and 5+6: every set of 11 at once, the table cleared
        assert state.sweeps[1 % state.sides] == worth


def test_pagat_the_cards_are_worth_100_a_deal_besides_sweeps():
    """Pagat (S5): spades their capture value, the other aces 1, the ten of diamonds 6: "The total scoring
    value of all the cards in the pack is 100 points"."""
    for seed in range(6):
        for players in (2, 4):
            state = HandState.deal(RS, seed=seed, players=players, team_size=2 if players == 4 else 1)
            rng = random.Random(seed)
            while not state.over:
                state.apply(rng.choice(state.legal_moves()))
            points = state.result.score.points
            assert sum(sum(v for k, v in side.items() if k != "sweeps") for side in points) == 100
            assert [side["sweeps"] for side in points] == list(state.sweeps)


def test_the_kernel_plays_seep_whole():
    assert unsupported(RS.variant) == [] and unsupported(FOUR_EACH.variant) == []


def test_the_kernel_lists_the_bound_opening_play_and_deals_the_rest_after_it():
    """At the bidder's opening play (the stages paused for it) the kernel lists the interpreter's moves,
    and after the play it has dealt the rest as the interpreter has: the same hands and seat to play."""
    for rs in (RS, FOUR_EACH):
        state = _deal(rs, ["Jh", "2c", "4d", "Qs", "9s", "3d", "Kd", "5h"])
        _bid(state, 11)
        kernel = KERNELS[id(rs)]
        assert kernel_turn(kernel, state) == state.legal_moves()
        move = state.legal_moves()[0]
        at = kernel_turn(kernel, state, move)
        state.apply(move)
        module = kernel.module
        assert (at[module.AT_TABLE], at[module.AT_SEAT], at[module.AT_POS]) == (state.table, state.to_play,
                                                                               state.stock_pos)


@pytest.mark.parametrize("rs", [RS, FOUR_EACH, FULL_SWEEP], ids=["default", "four-each-first", "full-sweep"])
@pytest.mark.parametrize("names,team", [(["random"] * 4, 2), (["greedy", "heuristic", "greedy", "heuristic"], 2),
                                        (["random", "greedy"], 1), (["heuristic", "random"], 1)],
                         ids=["random-4", "bots-4", "random-greedy-2", "heuristic-random-2"])
def test_both_engines_play_the_same_hands_and_matches(rs, names, team):
    """Every play, bid and redeal alike from the same decks and streams (kernel_support's checks)."""
    kernel = KERNELS[id(rs)]
    play_same_hands(kernel, rs, 11, names, team_size=team, count=4)
    assert_same_matches(kernel, rs, [5, 6], names, team_size=team)


@pytest.mark.parametrize("stages,code", [
    ("[bid, {deal: first-player, cards: 4}, {deal: table}, turn-up, {play: 1}, {deal: each}]", "bid-before-cards"),
    ("[{deal: first-player, cards: 4}, {deal: table}, bid, turn-up, {play: 2}, {deal: each}]", "stage-play-without-card"),
    ("[{deal: first-player, cards: 4}, {deal: table}, bid, turn-up, {play: 1}]", "stages-leave-hands-short"),
    ("[{deal: first-player, cards: 4}, bid, turn-up, {deal: table}, {play: 1}, {deal: each}]", "turn-up-nothing"),
    ("[{deal: first-player, cards: 4}, {deal: table}, {play: 1}, bid, turn-up, {deal: each}]", "bid-after-play"),
    ("[{deal: first-player, cards: 14}, {deal: table}, bid, turn-up, {play: 1}, {deal: each}]", "stage-deals-too-many"),
    ("[{deal: first-player, cards: 4}, bid, {play: 1}, {deal: each}]", "stages-without-table"),
])
def test_a_stage_list_that_cannot_be_dealt_is_a_located_error(validate_text, stages, code):
    _, problems = validate_text(f"id: s\nextends: seep\ndeal:\n  stages: {stages}\n", name="s.yaml")
    found = [p for p in problems if p.code == code]
    assert found and all(p.line > 0 and p.hint for p in found), [(p.code, p.message) for p in problems]


def test_a_bid_with_no_stage_and_a_staged_deal_with_an_opening_rule_are_errors(validate_text):
    text = ("id: s\nextends: seep\ndeal:\n  stages: [{deal: first-player, cards: 4}, {deal: table}, turn-up, "
            "{play: 1}, {deal: each}]\n  opening: {trigger: contains-capture, action: set-aside, targets: [13]}\n")
    _, problems = validate_text(text, name="s.yaml")
    codes = {p.code for p in problems}
    assert {"bid-without-stage", "stages-cannot-combine"} <= codes, codes


BID_BONUS = ("id: bid-bonus\nextends: seep\nscoring:\n  rules:\n    - id: bid-made\n      name: Bid made\n"
             "      award: bidder and bid == 13\n      points: 5\n      sources: [{note: the bid's names}]\n")


def test_scoring_sees_the_bid_and_the_bidders_side(tmp_path_factory):
    """`bid` (the value bid, 0 in a hand without one) and `bidder` (the side that bid) in a scoring rule:
    5 to the bidder's side exactly when it bid 13."""
    rs = Interpreter(house_variants(tmp_path_factory, "bid-names", {"bid-bonus": BID_BONUS})["bid-bonus"])
    seen = set()
    for seed in range(10):
        state = HandState.deal(rs, seed=seed, players=4, team_size=2)
        rng = random.Random(seed)
        while not state.over:
            state.apply(rng.choice(state.legal_moves()))
        expected = [5 if side == state.bidder % 2 and state.bid == 13 else 0 for side in range(2)]
        assert [side["bid-made"] for side in state.result.score.points] == expected
        seen.add(state.bid == 13)
    assert seen == {True, False}


def test_naming_the_bid_where_none_is_made_is_an_error(validate_text):
    text = BID_BONUS.replace("extends: seep", "extends: escoba-de-15").replace("id: bid-bonus", "id: no-bid")
    _, problems = validate_text(text, name="no-bid.yaml")
    found = [p for p in problems if p.code == "bid-never-made"]
    assert found and found[0].line == 5 and found[0].hint


# ----------------------------------------------- the houses, on Seep's own file, in both engines


def _house_position(hands, table, builds=(), **kwargs):
    """A position of Seep's file with houses: each (cards as text, value, the seat that changed it last)."""
    cards = RS.cards
    laid = [c for b, *_ in builds for c in b]
    return position(RS, hands, [*table, *laid], builds=[(cards.mask_of(b), *rest) for b, *rest in builds], **kwargs)


def _both(state) -> list[str]:
    """The legal moves as texts, the kernel listing the same in the same order."""
    assert kernel_turn(KERNELS[id(RS)], state) == state.legal_moves()
    return moves_text(state)


def moves_text_of(state, texts: list[str]) -> list[str]:
    """Moves given as text, written as the engine writes them (its card order)."""
    return [format_move(parse_move(t, state.cards), state.cards) for t in texts]


def _has(state, text: str) -> bool:
    return parse_move(text, state.cards) in state.legal_moves()


def test_csh_a_house_of_9_is_broken_to_a_value_its_breaker_holds():
    """CSH-2P: "if there is a breakable or uncemented house of 9 on the floor, a next player can add a card of
    1, 2, 3 or 4 to make it a house of 10, 11, 12 or 13. For this the player must have a card of the capture
    value of the house so created" (E-S7): holding a queen and no 10, jack or king, only 12."""
    state = _house_position([["Ah", "3h", "4h", "Qc"], ["2c", "5c", "6c", "7c"]], [], [(["4d", "5d"], 9, 1)])
    _both(state)
    assert _has(state, "3h+4d+5d:12")
    assert {m.build for m in state.legal_moves()} == {0, 12}


def test_gn_a_nine_on_a_loose_nine_cements_and_a_house_takes_in_the_loose_cards_of_its_value():
    """GN (S18): "9 on a loose 9 = cemented 9-house"; a 4 on a 5 beside a loose 9 takes the 9 in too."""
    state = _house_position([["9h", "4h", "9c"], ["2c", "3c", "6c"]], ["9s", "5d"])
    _both(state)
    assert _has(state, "9h+9s:9") and _has(state, "4h+5d+9s:9") and not _has(state, "4h+5d:9")


def test_gn_a_jack_takes_every_group_it_can_and_never_a_house_in_a_sum():
    """GN (E-S1, E-S2, S25, S26): J over 2 3 5 6 takes 2+3+6 or 5+6; J over a loose J, 2, 9 and K takes the J
    and 2+9 together; a house of 9 is taken by a 9 only, whole, with every loose group of 9."""
    state = _house_position([["Jh", "Kh"], ["2h", "3h"]], ["2c", "3c", "5c", "6c"])
    jack = [m for m in _both(state) if m.startswith("Jh") and ":" not in m]  # its captures (it may build 13 too)
    assert sorted(jack) == sorted(moves_text_of(state, ["Jh+2c+3c+6c", "Jh+5c+6c"]))
    state = _house_position([["Jh", "Kh"], ["2h", "3h"]], ["Jc", "2c", "9d", "Kc"])
    assert [m for m in _both(state) if m.startswith("Jh") and ":" not in m] == moves_text_of(state, ["Jh+2c+9d+Jc"])
    state = _house_position([["9h", "2h", "Kh"], ["2c", "3c", "6c"]], ["4s", "5s"], [(["3d", "6d"], 9, 1)])
    _both(state)
    assert _has(state, "9h+3d+6d+4s+5s") and not _has(state, "9h+3d+6d") and not _has(state, "9h")


def test_gn_an_opponent_who_cements_is_a_second_owner_and_an_owner_keeps_a_card_of_its_value():
    """GN (S20, S21): an opponent who cements becomes a second owner, a partner does not; "An owner must keep
    a card of the house's value in hand until the house is picked up or broken"."""
    hands = [["2h", "3h", "4h"], ["9c", "9d", "5s"], ["9s", "9h", "7c"], ["4c", "6s", "8s"]]
    state = _house_position(hands, [], [(["4d", "5d"], 9, 0)], dealer=0, team_size=2)  # seat 1 plays first
    _both(state)
    play(state, "9c+4d+5d:9")
    assert [[s for s in range(4) if b.owners >> s & 1] for b in state.builds] == [[0, 1]]
    _both(state)
    play(state, "9s+4d+5d+9c:9")  # the partner adds another 9: no owner more
    assert [[s for s in range(4) if b.owners >> s & 1] for b in state.builds] == [[0, 1]]
    state = _house_position([["2h", "Jh", "9h", "Kc"], ["2c", "Jc", "3s", "4s"]], ["10d"], [(["4d", "5d"], 9, 0)])
    assert not _has(state, "2h+4d+5d:11")  # never one's own
    assert [m for m in _both(state) if m.startswith("9h")] == moves_text_of(state, ["9h+4d+5d"])  # its last 9 takes it
