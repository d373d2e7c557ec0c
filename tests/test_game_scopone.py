"""Scopone (rules/scopone.yaml): the positions its sources work out, in both engines.

Cards are Italian: `5d` the five of denari, `Fc` the fante of coppe, `Cs` the
cavallo of spade, `Rb` the re of bastoni. The letters in the test names are
the sources of rules/scopone.yaml (pagat, Club del gioco, Scopone_RL, ...).
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.expr.check import compile_expression
from escoba_spec.language.expr.env import Env, ScoreContext
from escoba_spec.language.expr.evaluate import evaluate
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import (
    both_engines,
    deck_order,
    moves_text,
    play,
    position,
    rulebook_leaks,
)
from .test_capture_kinds import options

PATH = RULES / "scopone.yaml"


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()
FEWEST = engines(sums="fewest-cards")
CLASSICO = engines(deal="nine-and-four")


def _four(rs, hand, table, others=(["Rb"], ["Rc"], ["Rs"])):
    """Seat 0 to play `hand` on `table`; the other three seats hold a card each."""
    return position(rs, [hand, *others], table, team_size=2)


@pytest.mark.parametrize("rs", BOTH, ids=["interpreted", "kernel"])
def test_pagat_an_equal_card_comes_before_a_sum(rs):
    """pagat: "Playing a 5 captures one of the 5s from the table at the player's choice. Playing a Re king
    captures both 5s. Playing a Fante jack captures the one on the table - the player is not allowed to take
    the 5 and the 3 instead." (the table: two 5s, a 3 and a fante)."""
    table = ["5c", "5s", "3b", "Fd"]
    assert options(rs, "5d", table) == ["5c", "5s"]
    assert options(rs, "Rd", table) == ["5c+5s"]
    assert options(rs, "Fc", table) == ["Fd"]
    assert moves_text(_four(rs, ["Fc"], table, (["1d"], ["1c"], ["1s"]))) == ["Fc+Fd"]  # no trail either


@pytest.mark.parametrize("rs", BOTH, ids=["interpreted", "kernel"])
def test_scopone_rl_a_direct_capture_blocks_the_sum_and_the_trail(rs):
    """Scopone_RL test_direct_capture_blocks_sum_actions: 6d on 6c, 1s, 5b takes the 6 only; test
    test_cannot_capture_two_same_rank_cards: a 7 takes one of two 7s, never both."""
    assert moves_text(_four(rs, ["6d"], ["6c", "1s", "5b"], (["1d"], ["1c"], ["2s"]))) == ["6d+6c"]
    assert options(rs, "7d", ["7c", "7s"]) == ["7c", "7s"]


@pytest.mark.parametrize("rs", BOTH, ids=["interpreted", "kernel"])
def test_arcadiaclub_table_6_2_3_4(rs):
    """arcadiaclub: on 6, 2, 3, 4 a 2 takes the 2, a 5 the 2 and 3, a 6 the 6 only, an ace nothing."""
    table = ["6d", "2c", "3s", "4b"]
    assert options(rs, "2d", table) == ["2c"]
    assert options(rs, "5d", table) == ["2c+3s"]
    assert options(rs, "6c", table) == ["6d"]
    assert options(rs, "1d", table) == []


def test_club_del_gioco_the_fewest_cards_when_the_option_says_so():
    """Club del gioco / MagnoJuegos: on ace, three, four, five and fante a cavallo takes the ace and the
    fante or the four and the five, not the ace, the three and the five ("No podrá recoger el As, el 3 y
    el 5"); arcadiaclub: on 6, 2, 3, 4 a cavallo must take the 6 and the 3, not the 4, the 3 and the 2."""
    table = ["1d", "3c", "4s", "5b", "Fd"]
    for rs in BOTH:
        assert options(rs, "Cc", table) == ["1d+3c+5b", "1d+Fd", "4s+5b"]  # free choice
    for rs in FEWEST:
        assert options(rs, "Cc", table) == ["1d+Fd", "4s+5b"]
        assert options(rs, "Cc", ["6d", "2c", "3s", "4b"]) == ["6d+3s"]


def test_scribd_a_nine_makes_eight_and_ace_when_no_nine_is_left():
    """The Scribd spariglio example (nine-card game): on 7, 8 (fante), re and an ace, a cavallo (9) takes
    the fante and the ace, leaving the 7 and the re."""
    for rs in BOTH + FEWEST:
        state = _four(rs, ["Cd"], ["7d", "Fs", "Rb", "1c"], (["2d"], ["2c"], ["2s"]))
        assert moves_text(state) == ["Cd+1c+Fs"]
        play(state, "Cd+1c+Fs")
        assert sorted(rs.cards.texts(state.table)) == ["7d", "Rb"]


@pytest.mark.parametrize("option, sweeps", [("no-scopa", 0), ("scopa", 1)])
def test_scopone_rl_clearing_the_table_with_the_last_card(option, sweeps):
    """pagat: "Taking the last cards from the table at the end of a hand never counts as a sweep";
    Scopone_RL test_scopa_on_last_capture_toggle_with_forced_empty: 3d taking 1s + 2c with the hand's last
    card is a capture, a scopa only with the flag on (the option last-sweep)."""
    for rs in engines(**{"last-sweep": option}):
        state = position(rs, [["3d"], [], [], []], ["1s", "2c"], team_size=2)
        assert play(state, "3d+1s+2c").sweeps == sweeps and state.over


@pytest.mark.parametrize("rs", BOTH, ids=["interpreted", "kernel"])
def test_scopone_rl_and_pyscopone_scores(rs):
    cards = rs.cards

    def score(a, b, sweeps=(0, 0)):
        return rs.score_hand([cards.mask_of(a), cards.mask_of(b)], list(sweeps), [1, 1]).points

    # test_compute_final_score_breakdown_ties_and_scope_only: every majority tied, one scopa
    assert score(["7c", "6s"], ["7b", "6c"], (0, 1)) == (
        {"most-cards": 0, "most-denari": 0, "settebello": 0, "primiera": 0, "scope": 0},
        {"most-cards": 0, "most-denari": 0, "settebello": 0, "primiera": 0, "scope": 1})
    # test_scoring_awards_each_category: four of the four points to team 0
    points = score(["7d", "7c", "7s", "7b", "6d", "3s"], ["1d", "4b"])
    assert points[0] == {"most-cards": 1, "most-denari": 1, "settebello": 1, "primiera": 1, "scope": 0}
    assert sum(points[1].values()) == 0
    # PyScopone test_team_scoring_tie_gives_no_points_for_cards_coins_or_primiera: 20-20 cards, 5-5 coins
    # and equal primiera (74: ace, ace, 7, 7 against 7, 7, ace, ace) score nothing; the settebello still does
    a = [c.text for c in cards.cards if (c.rank <= 5) == (c.suit in (0, 1))]  # low denari and coppe, high spade and bastoni
    b = [c.text for c in cards.cards if c.text not in a]
    assert (len(a), len(b)) == (20, 20)
    assert score(a, b) == ({"most-cards": 0, "most-denari": 0, "settebello": 0, "primiera": 0, "scope": 0},
                           {"most-cards": 0, "most-denari": 0, "settebello": 1, "primiera": 0, "scope": 0})


def test_pyscopone_and_alessio_primiera_values():
    """F.I.G.S. Art. 2: 7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, courts 10. PyScopone:
    [7d, 6d, 1c, 5b, 4s] makes 21 + 16 + 15 + 14 = 66; alessioBertollo/scopone: 7, 6, ace, 5 in four suits
    make 70 and four sevens 84; a primiera short of a suit is out (giocopocomagioco)."""
    variant = load_variant(PATH)
    cards = Interpreter(variant).cards
    env = Env.from_cardset(cards, "none")
    node, _ = compile_expression("primiera(pile)", "num", env)

    def primiera(texts):
        return evaluate(node, ScoreContext(0, [cards.mask_of(texts)], [0], [0], env))

    assert primiera(["7d", "6d", "1c", "5b", "4s"]) == 66
    assert primiera(["7d", "6c", "1s", "5b"]) == 70 and primiera(["7d", "7c", "7s", "7b"]) == 84
    for rs in BOTH:  # 63 in three suits against 72 in four: the four suits win
        points = rs.score_hand([cards.mask_of(["7d", "7c", "7s"]), cards.mask_of(["6d", "6c", "6s", "6b"])],
                               [0, 0], [1, 1]).points
        assert (points[0]["primiera"], points[1]["primiera"]) == (0, 1)


def test_the_ten_card_deal_and_the_classico_deal_with_its_three_kings():
    """Studenti.it, Ludopoli: ten each, none on the table; pagat, F.I.G.S.: nine each and four face up; three
    or four kings on the table void the deal and the same dealer deals again (pagat, Scopone_RL)."""
    for rs in BOTH:
        state = HandState.deal(rs, seed=5, players=4, team_size=2)
        assert [h.bit_count() for h in state.hands] == [10] * 4 and state.table == 0
        assert state.to_play == 1  # the player on the dealer's right (seat 0 deals, play goes counterclockwise)
    for rs in CLASSICO:
        cards = rs.cards
        hands = [["1d", "2d", "3d", "4d", "5d", "6d", "7d", "Fd", "Cd"], ["1c", "2c", "3c", "4c", "5c", "6c", "7c",
                 "Fc", "Cc"], ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "Fs", "Cs"],
                 ["1b", "2b", "3b", "4b", "5b", "6b", "7b", "Fb", "Cb"]]
        kings = deck_order(cards, hands, ["Rd", "Rc", "Rs", "Rb"], dealer=0)
        state = HandState.deal(rs, kings, players=4, team_size=2)
        assert state.redeals == 1 and [h.bit_count() for h in state.hands] == [9] * 4
        assert sum(1 for t in cards.texts(state.table) if t.startswith("R")) < 3
        two = deck_order(cards, [h[:-1] + [k] for h, k in zip(hands, ["Rd", "Rc", "Cs", "Cb"])],
                         ["Rs", "Rb", "Cd", "Cc"], dealer=0)
        kept = HandState.deal(rs, two, players=4, team_size=2)
        assert kept.redeals == 0 and sorted(cards.texts(kept.table)) == ["Cc", "Cd", "Rb", "Rs"]


def test_scopone_renders_in_every_language_with_every_option():
    from escoba_spec.tools.rulebook import render_rulebook

    for chosen in ({}, {"deal": "nine-and-four"}, {"sums": "fewest-cards"}, {"last-sweep": "scopa"},
                   {"target": "21"}):
        variant = load_variant(PATH, chosen or None)
        assert not rulebook_leaks(variant), chosen
    text = render_rulebook(load_variant(PATH, {"deal": "nine-and-four"}), "en", "md")
    assert "If the number of re among the cards on the table is at least 3, the deal is void" in text
