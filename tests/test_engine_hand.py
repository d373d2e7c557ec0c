"""A hand's structure, one hand-built position each: sweeps and their
exceptions, leftovers, the opening table, dealing and the stock remainder,
teams, the missed-capture claim, the leftover check."""

import random

import pytest

from escoba_spec.engine import EngineError, HandState, playout
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.captures import build_sums
from escoba_spec.language import ir
from tests.engine_fixtures import (
    ReferenceRules,
    deck_order,
    escoba_de_15,
    moves_text,
    play,
    position,
    ruleset,
    scopa,
    variant_with,
    with_opening,
)


def comodines(**sweeps):
    v = escoba_de_15(jokers=ir.Jokers(2, tuple(range(1, 11)), 0))
    return variant_with(v, sweeps={"not_with_joker": True, **sweeps}, deal={"stock_remainder": "to-table"})


# ------------------------------------------------------------------ sweeps


def test_a_capture_that_empties_the_table_is_a_sweep():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["7o", "1c"], ["2c", "2e"]], ["Sb"])
    p = play(state, "7o+Sb")
    assert p.sweeps == 1 and state.sweeps == [1, 0] and state.table == 0
    assert state.captures == [1, 0] and state.last_capturer == 0


def test_a_capture_leaving_cards_is_no_sweep():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["7o", "1c"], ["2c", "2e"]], ["Sb", "4c"])
    assert play(state, "7o+Sb").sweeps == 0


def test_sweeps_disabled():
    rs = ruleset(variant_with(escoba_de_15(), sweeps={"enabled": False}))
    state = position(rs, [["7o", "1c"], ["2c", "2e"]], ["Sb"])
    assert play(state, "7o+Sb").sweeps == 0 and state.sweeps == [0, 0]


def test_no_sweep_on_the_last_play_of_the_hand():
    rs = ruleset(scopa())
    last = position(rs, [["7d"], []], ["7c"], to_play=0)
    assert play(last, "7d+7c").sweeps == 0
    assert last.over and last.result.sweeps == (0, 0)
    not_last = position(rs, [["7d"], ["Ac"]], ["7c"])
    assert play(not_last, "7d+7c").sweeps == 1


def test_the_last_play_sweeps_where_the_variant_allows_it():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["7o"], []], ["Sb"], to_play=0)
    assert play(state, "7o+Sb").sweeps == 1


def test_no_sweep_with_a_joker_played_or_captured():
    rs = ruleset(comodines())
    played = position(rs, [["*1", "1c"], ["2c", "2e"]], ["5c"])
    assert play(played, "*1+5c").sweeps == 0
    captured = position(rs, [["5o", "1c"], ["2c", "2e"]], ["*2"])
    assert play(captured, "5o+*2").sweeps == 0
    plain = position(rs, [["5o", "1c"], ["2c", "2e"]], ["Rc"])
    assert play(plain, "5o+Rc").sweeps == 1


def test_a_30_sweep_counts_two_when_weighted_by_target():
    v = variant_with(escoba_de_15(), capture={"targets": (15, 30)}, sweeps={"weight_by_target": True})
    rs = ruleset(v)
    state = position(rs, [["Ro", "1c"], ["2c", "2e"]], ["Rb", "Rc"])
    assert play(state, "Ro+Rb+Rc").sweeps == 2
    state = position(rs, [["Ro", "1c"], ["2c", "2e"]], ["5c"])
    assert play(state, "Ro+5c").sweeps == 1


# --------------------------------------------------------------- leftovers


def test_leftovers_go_to_the_last_capturer_and_are_no_sweep():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["7o"], ["1c"]], ["Sb", "2c"])
    play(state, "7o+Sb")
    play(state, "1c")
    result = state.result
    assert state.over and result.leftovers == rs.cards.mask_of(["2c", "1c"])
    assert result.leftovers_side == 0
    assert state.piles[0] == rs.cards.mask_of(["7o", "Sb", "2c", "1c"])
    assert result.sweeps == (0, 0) and result.captures == (1, 0)


def test_leftovers_are_set_aside_when_nobody_captured():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["1o"], ["1c"]], ["2c"])
    play(state, "1o")
    play(state, "1c")
    assert state.result.leftovers_side is None
    assert state.set_aside & rs.cards.mask_of(["1o", "1c", "2c"]) == rs.cards.mask_of(["1o", "1c", "2c"])
    assert state.piles == [0, 0]


def escopa():
    """004: sums of 15 or 30, the leftover check 10/25/40/55 (modulus 15)."""
    v = variant_with(
        escoba_de_15(),
        capture={"targets": (15, 30)},
        sweeps={"weight_by_target": True},
        end_of_deal=ir.EndOfDeal("last-capturer", False, ir.LeftoverCheck((10, 25, 40, 55), 15), None),
    )
    return with_opening(v, trigger="total", multiples=(1, 2), action="capture", taker="dealer", sweeps=True)


def test_leftover_check_holds_in_play():
    rs = ruleset(escopa())
    for seed in range(40):
        result = playout(rs, seed, [GreedyBot(seed), RandomBot(seed)])
        assert result.leftover_total % 15 == 10
        assert result.leftover_listed == (result.leftover_total in (10, 25, 40, 55))


class WrongCaptures(ReferenceRules):
    """A broken RuleSet: every card captures any single table card."""

    def capture_options(self, card, table, sums):
        return [1 << c for c in range(self.cards.size) if table >> c & 1]


def test_a_wrong_leftover_total_is_an_engine_error():
    rs = WrongCaptures(escopa())
    with pytest.raises(EngineError, match="leftover total"):
        for seed in range(20):
            playout(rs, seed, [RandomBot(1), RandomBot(2)])


# ------------------------------------------------------------ opening table


def deal(variant, hands, table, dealer=0, rs=None, **kw):
    rs = rs or ruleset(variant)
    order = deck_order(rs.cards, hands, table, dealer=dealer)
    return HandState.deal(rs, order, players=len(hands), dealer=dealer, **kw)


HANDS = [["1o", "2o", "3o"], ["1c", "2c", "3c"]]


def test_opening_never_plays_on():
    v = with_opening(escoba_de_15(), trigger="never")
    state = deal(v, HANDS, ["7o", "Sb", "4c", "4e"])
    assert state.opening is None and state.table.bit_count() == 4


def test_opening_contains_capture_set_aside():
    state = deal(escoba_de_15(), HANDS, ["7o", "Sb", "4c", "4e"])  # 7 + 8 make 15
    cards = state.cards
    assert state.opening.action == "set-aside"
    assert state.table == 0 and state.set_aside == cards.mask_of(["7o", "Sb", "4c", "4e"])
    assert state.sweeps == [0, 0] and state.captures == [0, 0]
    quiet = deal(escoba_de_15(), HANDS, ["1e", "1b", "4c", "4e"])  # nothing makes 15
    assert quiet.opening is None and quiet.table.bit_count() == 4


def test_opening_play_on_leaves_the_table():
    v = with_opening(escoba_de_15(), action="play-on")
    state = deal(v, HANDS, ["7o", "Sb", "4c", "4e"])
    assert state.opening.action == "play-on" and state.table.bit_count() == 4 and not state.set_aside


def test_opening_redeal_deals_again_from_the_match_rng():
    v = with_opening(escoba_de_15(), action="redeal")
    state = deal(v, HANDS, ["7o", "Sb", "4c", "4e"], rng=random.Random(3))
    assert state.opening is None or state.opening.action != "redeal"
    rs = state.rs
    assert rs.opening_multiple(state.table, build_sums(rs.cards.values, state.table)) == 0
    assert state.history == [] and state.hands[0] != state.cards.mask_of(HANDS[0])
    state.check_invariants()


@pytest.mark.parametrize("taker, seat", [("dealer", 0), ("first-player", 1)])
def test_opening_total_captured_with_sweeps(taker, seat):
    v = with_opening(escoba_de_15(), trigger="total", multiples=(1, 2), action="capture", taker=taker, sweeps=True)
    state = deal(v, HANDS, ["7o", "Sb", "5c", "Rb"])  # 30 = two 15s
    assert state.opening.multiple == 2 and state.opening.taker == seat
    assert state.sweeps[seat] == 2 and state.captures[seat] == 1 and state.last_capturer == seat
    assert state.piles[seat] == state.cards.mask_of(["7o", "Sb", "5c", "Rb"]) and state.table == 0
    single = deal(v, HANDS, ["7o", "4c", "3e", "1b"])  # 15
    assert single.opening.multiple == 1 and single.sweeps[seat] == 1


def test_opening_total_without_sweeps():
    v = with_opening(escoba_de_15(), trigger="total", multiples=(1, 2), action="capture", sweeps=False)
    state = deal(v, HANDS, ["7o", "Sb", "5c", "Rb"])
    assert state.sweeps == [0, 0] and state.captures[0] == 1


def test_opening_total_partition():
    loose = with_opening(escoba_de_15(), trigger="total", multiples=(1, 2), action="capture", sweeps=True)
    strict = with_opening(loose, partition=True)
    table = ["Rb", "Rc", "Cb", "1e"]  # 10+10+9+1 = 30 but no two groups of 15
    assert deal(loose, HANDS, table).opening.multiple == 2
    assert deal(strict, HANDS, table).opening is None
    assert deal(strict, HANDS, ["7o", "Sb", "5c", "Rb"]).opening.multiple == 2  # 7+8, 5+10


def test_opening_total_not_a_listed_multiple():
    v = with_opening(escoba_de_15(), trigger="total", multiples=(1,), action="capture")
    assert deal(v, HANDS, ["7o", "Sb", "5c", "Rb"]).opening is None  # 30 is not listed


# ---------------------------------------------------------- dealing, stock


def test_deal_order_first_player_then_table():
    rs = ruleset(escoba_de_15(layouts=((3, 1),)))
    hands = [["1o", "2o", "3o"], ["1c", "2c", "3c"], ["1e", "2e", "3e"]]
    state = deal(None, hands, ["1b", "2b", "4b", "5b"], dealer=1, rs=rs)
    cards = rs.cards
    assert state.first == 2 and state.to_play == 2
    assert [cards.texts(h) for h in state.hands] == hands
    assert state.deck[:3] == tuple(cards.parse(t) for t in hands[2])  # the first player is dealt first
    assert state.table == cards.mask_of(["1b", "2b", "4b", "5b"])


def test_rounds_until_the_stock_is_out():
    rs = ruleset(escoba_de_15())
    state = HandState.deal(rs, seed=1)
    rounds = 1
    while not state.over:
        before = state.stock_pos
        state.apply(state.legal_moves()[0])
        rounds += state.stock_pos != before
    assert rounds == 6 and len(state.history) == 36


def _round_leaders(variant, players: int, dealer: int, team_size: int = 1) -> tuple[list[int], HandState]:
    """The seat that plays first in each round of one hand, and the finished hand."""
    rs = ruleset(variant)
    state = HandState.deal(rs, seed=7, players=players, team_size=team_size, dealer=dealer)
    leaders = [state.to_play]
    while not state.over:
        before = state.stock_pos
        state.apply(state.legal_moves()[0])
        if state.stock_pos != before and not state.over:
            leaders.append(state.to_play)
    return leaders, state


@pytest.mark.parametrize("players, team_size, dealer, expected", [
    (2, 1, 0, [1, 0, 1, 0, 1, 0]),  # 6 rounds: the two players lead in turn
    (3, 1, 1, [2, 0, 1, 2]),  # 4 rounds of 9 cards
    (4, 2, 3, [0, 1, 2]),  # 3 rounds of 12 cards
])
def test_the_deal_passing_on_after_every_round_moves_the_lead(players, team_size, dealer, expected):
    """004: "the deal rotates to the right and the next dealer deals 3 more each";
    dealer going last, the seat after each round's dealer leads that round."""
    layouts = ((2, 1), (3, 1), (4, 2))
    v = variant_with(escoba_de_15(layouts=layouts), deal={"round_dealer": "next"})
    leaders, state = _round_leaders(v, players, dealer, team_size)
    assert leaders == expected and state.rounds == len(expected)
    assert state.dealer == dealer  # the hand's dealer, who deals the next hand on, is unchanged
    same, _ = _round_leaders(escoba_de_15(layouts=layouts), players, dealer, team_size)
    assert same == [(dealer + 1) % players] * len(expected)


@pytest.mark.parametrize("players, team_size, dealer, first", [(2, 1, 0, 1), (3, 1, 0, 2), (4, 2, 1, 0), (6, 3, 0, 5)])
def test_before_dealer_the_seat_before_the_dealer_leads_and_the_dealer_plays_second(players, team_size, dealer, first):
    """003 to the letter: play goes clockwise and "the player on the dealer's right starts"."""
    v = variant_with(escoba_de_15(layouts=((players, team_size),)), deal={"first_player": "before-dealer"})
    state = HandState.deal(ruleset(v), seed=5, players=players, team_size=team_size, dealer=dealer)
    assert state.first == first == (dealer - 1) % players and state.to_play == first
    seats = []
    while len(seats) < players:
        seats.append(state.to_play)
        state.apply(state.legal_moves()[0])
    assert seats == [(first + i) % players for i in range(players)] and seats[1] == dealer
    leaders, _ = _round_leaders(v, players, dealer, team_size)
    assert set(leaders) == {first}


def test_before_dealer_deals_from_the_first_player_and_rotates_with_the_rounds():
    v = variant_with(escoba_de_15(layouts=((3, 1),)), deal={"first_player": "before-dealer", "round_dealer": "next"})
    rs = ruleset(v)
    state = HandState.deal(rs, seed=9, players=3, dealer=0)
    assert state.hands[2] == _mask(state.deck[0:3])  # seat 2, before the dealer, is dealt first
    leaders, _ = _round_leaders(v, 3, 0)
    assert leaders == [2, 0, 1, 2]  # each round's dealer is the seat after its leader
    assert [state.round_dealer(i) for i in range(4)] == [0, 1, 2, 0]


def test_each_round_is_dealt_from_its_leader_on():
    v = variant_with(escoba_de_15(), deal={"round_dealer": "next"})
    rs = ruleset(v)
    state = HandState.deal(rs, seed=3)
    while state.stock_pos == 10:  # the first round and the table: 3 + 3 + 4 cards
        state.apply(state.legal_moves()[0])
    assert state.to_play == 0  # the second round's dealer is seat 1, so seat 0 leads
    assert state.hands[0] == _mask(state.deck[10:13])  # dealt first, from the top of the stock
    assert state.hands[1] == _mask(state.deck[13:16])


def _mask(cards) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


@pytest.mark.parametrize("mode", ["to-table", "set-aside"])
def test_stock_remainder(mode):
    v = comodines()
    v = variant_with(v, deal={"stock_remainder": mode})
    rs = ruleset(v)
    state = HandState.deal(rs, seed=2)  # 42 cards: 4 on the table, 6 rounds of 6, 2 left
    while state.stock_pos < 40:
        state.apply(state.legal_moves()[0])
    assert state.stock_pos == 42
    last_two = state.stock[40:]
    where = state.table if mode == "to-table" else state.set_aside
    assert all(where >> c & 1 for c in last_two)
    while not state.over:
        state.check_invariants()
        state.apply(state.legal_moves()[0])


def test_stock_remainder_none_cannot_deal_short():
    v = variant_with(escoba_de_15(jokers=ir.Jokers(2, tuple(range(1, 11)), 0)), deal={"stock_remainder": "none"})
    with pytest.raises(EngineError):
        state = HandState.deal(ruleset(v), seed=2)
        while not state.over:
            state.apply(state.legal_moves()[0])


# -------------------------------------------------------------------- teams


@pytest.mark.parametrize("players, team_size", [(4, 2), (6, 3)])
def test_teams_share_a_pile(players, team_size):
    v = escoba_de_15(layouts=((players, team_size),))
    rs = ruleset(v)
    state = HandState.deal(rs, seed=5, players=players, team_size=team_size)
    assert state.sides == 2
    while not state.over:
        seat = state.to_play
        before = list(state.piles)
        play_ = state.apply(state.legal_moves()[0])
        if play_.capture and not state.over:  # (the last capture also takes the leftovers)
            side = seat % 2
            assert state.piles[side] & ~before[side] == play_.capture | 1 << play_.card
            assert state.piles[1 - side] == before[1 - side]
    assert len(state.result.score.points) == 2
    assert sum(p.bit_count() for p in state.result.piles) + state.set_aside.bit_count() == 40


# ------------------------------------------------------- missed capture claim


def claim_variant():
    return variant_with(escoba_de_15(), capture={"obligation": "none", "missed_capture_claim": True})


def test_the_next_player_may_claim_a_missed_capture():
    rs = ruleset(claim_variant())
    state = position(rs, [["7o", "1o"], ["4c", "2e"]], ["Sb", "3b"])
    play(state, "7o")  # 7o + Sb made 15: a missed capture
    moves = moves_text(state)
    assert "[7o+Sb] 4c" in moves and "4c" in moves and "[7o+Sb] 2e" in moves
    p = play(state, "[7o+Sb] 2e")
    assert p.claim == rs.cards.mask_of(["7o", "Sb"])
    assert state.piles[1] == rs.cards.mask_of(["7o", "Sb"]) and state.captures == [0, 1]
    assert state.last_capturer == 1 and state.sweeps == [0, 0]
    assert state.table == rs.cards.mask_of(["3b", "2e"])
    assert not any("[" in m for m in moves_text(state))  # the claim lapses


def test_a_claim_lapses_after_the_next_play():
    rs = ruleset(claim_variant())
    state = position(rs, [["7o", "1o"], ["4c", "2e"]], ["Sb", "3b"])
    play(state, "7o")
    play(state, "2e")
    assert not any("[" in m for m in moves_text(state))


def test_no_claim_without_the_rule():
    rs = ruleset(variant_with(escoba_de_15(), capture={"obligation": "none"}))
    state = position(rs, [["7o", "1o"], ["4c", "2e"]], ["Sb", "3b"])
    play(state, "7o")
    assert not any("[" in m for m in moves_text(state))
