"""Seep's bid (deal.bid) wherever a move is written, read, seen or refused: the text form
`bid:11`, the observation every seat has of it, the reasons an illegal bid (or a play while
bidding, or the bidder's first play ignoring the bid) is refused, and the Game API."""

from __future__ import annotations

import random

import pytest

from escoba_spec.engine import HandState, IllegalMove, Move, Observation, format_move, parse_move, shuffled_deck
from escoba_spec.engine.game import Game
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.moves import BID
from escoba_spec.language.validate import load_variant

from .conftest import ROOT

SEEP = ROOT / "rules" / "seep.yaml"


@pytest.fixture(scope="module")
def seep():
    return Interpreter(load_variant(SEEP))


def _dealt(rs) -> HandState:
    """Deal 1 of two players: seat 1 bids on 10d 10h Qs Jc, four cards face down on the table."""
    return HandState.deal(rs, shuffled_deck(rs.cards.size, random.Random(1)), players=2, dealer=0,
                          rng=random.Random(2))


def test_a_bid_is_written_bid_colon_value_and_read_back(seep):
    cards = seep.cards
    assert format_move(Move(BID, 0, 0, 11), cards) == "bid:11"
    for text in ("bid:11", "BID: 11", "bid 11"):
        assert parse_move(text, cards) == Move(BID, 0, 0, 11)
    for bad in ("bid", "bid:", "bid:jack", "bid:0", "bid:-3"):
        with pytest.raises(ValueError, match="a bid names the value bid after 'bid:'"):
            parse_move(bad, cards)
    assert parse_move("Jc", cards) == Move(cards.parse("Jc"))  # a card is still a card


def test_every_seat_sees_the_bid_and_the_face_down_table_until_it_is_turned_up(seep):
    state = _dealt(seep)
    views = [Observation(state, seat) for seat in range(2)]
    assert [format_move(m, seep.cards) for m in state.legal_moves()] == ["bid:10", "bid:11", "bid:12"]
    assert [(v.bidding, v.bid, v.bidder, v.face_down, v.table) for v in views] == [(True, 0, -1, 4, 0)] * 2
    play = state.apply(parse_move("bid:11", seep.cards))
    assert (play.card, play.build) == (BID, 11) and state.history == []
    assert [(v.bidding, v.bid, v.bidder, v.face_down) for v in views] == [(False, 11, 1, 0)] * 2
    assert views[0].table.bit_count() == 4  # turned up right after the bid


def test_a_bid_out_of_the_list_or_a_play_while_bidding_is_refused_with_the_values_to_bid(seep):
    state = _dealt(seep)
    cards = seep.cards
    assert state.explain_illegal(parse_move("bid:9", cards)) == [
        "seat 1 cannot bid 9: a bid is the value of a card they hold among those deal.bid.cards allows "
        "(10, 11, 12)"]
    assert state.explain_illegal(parse_move("Jc", cards)) == [
        "seat 1 bids first, before any play (deal.bid): bid one of 10, 11, 12, e.g. bid:10"]
    assert state.explain_illegal(parse_move("bid:12", cards)) == []
    state.apply(parse_move("bid:11", cards))
    assert state.explain_illegal(parse_move("bid:12", cards)) == [
        "there is no bid to make now: the bid (deal.bid) is made once, before the first play; seat 1 bid 11"]


def test_the_bidders_first_play_that_ignores_the_bid_is_refused_saying_what_it_binds(seep):
    state = _dealt(seep)
    cards = seep.cards
    state.apply(parse_move("bid:11", cards))
    assert [format_move(m, cards) for m in state.legal_moves()] == ["Jc"]
    bound = ("seat 1 bid 11, so its first play builds 11 or plays a card of value 11 "
             "(deal.bid.first_play: bid-value)")
    for card in ("10d", "10h", "Qs"):
        assert state.explain_illegal(parse_move(card, cards)) == [bound]
    assert state.explain_illegal(parse_move("Jc", cards)) == []
    assert "is not in the hand of seat 1" in state.explain_illegal(parse_move("Jd", cards))[0]
    state.apply(parse_move("Jc", cards))  # the bid binds that play only
    assert all(not state._ignores_bid(m) for m in state.legal_moves())


def test_the_game_api_plays_a_bid_as_text_or_as_a_move_and_refuses_a_bad_one(seep):
    game = Game(load_variant(SEEP), players=2, seed=1)
    game.new_hand()
    assert game.legal_moves() == ["bid:10", "bid:11", "bid:12"]
    with pytest.raises(IllegalMove, match=r"seat 1 cannot bid 9: .* \(legal: bid:10, bid:11, bid:12\)"):
        game.play(Move(BID, 0, 0, 9))
    with pytest.raises(IllegalMove, match="a bid names the value bid"):
        game.play("bid:queen")
    played = game.play("bid:12")
    assert (played.seat, played.move, played.card, played.captured, played.bid, played.face_down) == (
        1, "bid:12", "", (), 12, 0)
    assert game.history == []  # a bid is no play of the hand's history
    assert game.legal_moves() == ["Qs+Qd"]
    assert game.play("Qs+Qd").bid == 0


def test_a_bid_in_a_variant_without_one_is_refused_as_such():
    game = Game(load_variant(ROOT / "rules" / "escoba-de-15.yaml"), players=2, seed=1)
    game.new_hand()
    with pytest.raises(IllegalMove, match=r"this variant has no bid \(deal.bid\): a move plays a card"):
        game.play("bid:7")
    with pytest.raises(IllegalMove, match="not in the deck"):
        game.play(Move(BID))  # a bid of nothing is no move at all
