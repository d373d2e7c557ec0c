"""Scopa d'Assi / Asso piglia tutto (rules/scopa-dassi.yaml): its sources' positions, in both engines.

Cards are Italian: `1d` the ace of denari, `Fc` the fante of coppe, `Cs` the
cavallo of spade, `Rb` the re of bastoni. PlayAural, Scopone_RL and Board Game
Arena are the code sources of rules/scopa-dassi.yaml; the others are rule pages.
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState
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

PATH = RULES / "scopa-dassi.yaml"
IDS = ["interpreted", "kernel"]


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()


def _two(rs, hand, table, other=("Rb",), **kwargs):
    """Seat 0 (the first player) to play from `hand` on `table`, seat 1 holding `other`."""
    return position(rs, [list(hand), list(other)], table, stock=["4d", "4c", "4s", "4b", "Rc", "Rs"], **kwargs)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_playaural_the_ace_takes_the_whole_table_but_only_the_ace_when_one_lies_there(rs):
    """PlayAural test_asso_piglia_tutto_sweep: on 5, 2, 3 the ace has one capture, all three cards;
    test_asso_piglia_tutto_with_ace: on an ace and a 2 it takes only the ace (lotoflaughs: "prende solo
    l'Asso e non fa scopa")."""
    assert options(rs, "1d", ["5c", "2s", "3b"]) == ["5c+2s+3b"]
    assert options(rs, "1d", ["1c", "2s"]) == ["1c"]
    state = _two(rs, ["1d"], ["1c", "2s"])
    assert moves_text(state) == ["1d+1c"] and play(state, "1d+1c").sweeps == 0


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_scopone_rl_the_aces_sweep_is_no_scopa_but_a_lone_ace_taken_is(rs):
    """Scopone_RL test_ap_take_all_demotes_scopa_when_disabled: the ace of denari taking 2s and 3b is a
    capture, not a scopa; test_ap_single_ace_capture_counts_scopa_when_only_one_card_on_table: taking the
    only card, an ace, with an ace is a scopa (Al Quinto Piano: "se sul tavolo di gioco vi è solo un Asso,
    il giocatore fa scopa")."""
    assert play(_two(rs, ["1d", "6c"], ["2s", "3b"]), "1d+2s+3b").sweeps == 0
    assert play(_two(rs, ["1d", "6c"], ["1s"]), "1d+1s").sweeps == 1


def test_the_option_ace_sweep_makes_the_aces_sweep_a_scopa():
    for rs in engines(**{"ace-sweep": "scopa"}):
        assert play(_two(rs, ["1d", "6c"], ["2s", "3b"]), "1d+2s+3b").sweeps == 1


def test_scopone_rl_an_ace_on_an_empty_table_kept_as_a_scopa():
    """Scopone_RL test_forced_ace_capture_on_empty_table_counts_scopa: with the ace's sweep a scopa and the
    ace not laid, an ace played to an empty table counts as a scopa. Laid (Board Game Arena), it stays."""
    for rs in engines(**{"ace-sweep": "scopa", "ace-on-empty-table": "keep"}):
        state = _two(rs, ["1d", "6c"], [])
        assert play(state, "1d").sweeps == 1 and state.table == 0 and state.piles[0] == rs.cards.mask_of(["1d"])
    for rs in BOTH:
        state = _two(rs, ["1d", "6c"], [])
        assert play(state, "1d").sweeps == 0 and state.table == rs.cards.mask_of(["1d"])


def test_bga_simplified_the_ace_takes_the_whole_table_even_onto_an_ace():
    for rs in engines(**{"ace-on-ace": "whole-table"}):
        assert options(rs, "1d", ["1c", "2s"]) == ["1c+2s"]
        assert moves_text(_two(rs, ["1d"], ["1c", "2s"])) == ["1d+1c+2s"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_the_captures_of_scopa_an_equal_card_first_and_a_free_choice_of_sums(rs):
    """Scopone_RL test_direct_capture_blocks_sum_actions: 6d on 6c, 1s, 5b takes the 6 only and may not be
    laid; PlayAural test_rank_match_preferred: a 5 on 5, 2, 3 takes the 5 only; GameAccount: "if on the table
    there is a 2, 5, 7 and 4 and the player holds a 9, he may capture either the 5 and 4 or the 7 and 2"."""
    assert moves_text(_two(rs, ["6d"], ["6c", "1s", "5b"])) == ["6d+6c"]
    assert options(rs, "5d", ["5c", "2s", "3b"]) == ["5c"]
    assert options(rs, "Cd", ["2c", "5s", "7b", "4d"]) == ["2c+7b", "4d+5s"]


def test_the_fewest_cards_option():
    """it.wikipedia's Scopa rules (copied by polanoid.net): on an ace, a three, a four, a five and a fante
    a cavallo takes the ace and the fante, or the four and the five, not the ace, the three and the five."""
    table = ["1d", "3c", "4s", "5b", "Fd"]
    assert options(BOTH[0], "Cc", table) == ["1d+3c+5b", "1d+Fd", "4s+5b"]
    for rs in engines(sums="fewest-cards"):
        assert options(rs, "Cc", table) == ["1d+Fd", "4s+5b"]
        assert options(rs, "1c", ["2s", "3b"]) == ["2s+3b"]  # the ace still takes all


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_scopone_rl_and_jmpcav_scores(rs):
    cards = rs.cards

    def score(a, b, sweeps=(0, 0)):
        return rs.score_hand([cards.mask_of(a), cards.mask_of(b)], list(sweeps), [1, 1])

    # Scopone_RL test_scoring_awards_each_category: team 0 takes the four points of the cards
    points = score(["7d", "7c", "7s", "7b", "6d", "3s"], ["1d", "4b"]).points
    assert [points[0][r] for r in ("most-cards", "most-denari", "settebello", "primiera")] == [1, 1, 1, 1]
    assert sum(points[1].values()) == 0
    # test_compute_final_score_breakdown_ties_and_scope_only: every majority tied, team 1's scopa only
    assert score(["7c", "6s"], ["7b", "6c"], (0, 1)).totals() == (0, 1)
    # PlayAural test_napola_scoring: ace, 2, 3, 4 of coins make 4 points of napola
    assert score(["1d", "2d", "3d", "4d"], ["5c"]).points[0]["napola"] == 4
    assert score(["1d", "2d", "4d"], ["3d"]).points[0]["napola"] == 0
    # jmpcav: "un umiliante 31-0 (4 di mazzo, 10 di napola e 17 scope)"; all ten denari win the match
    whole = score(cards.texts(cards.full_mask), [], (17, 0))
    assert whole.totals() == (31, 0) and whole.points[0]["napola"] == 10
    assert whole.effects == ((0, "napoleone", "win-match"),)


def test_theinfolist_a_primiera_of_76():
    """"If one team captures the seven of cups and coins, the six of clubs and the ace of swords, that
    team's prime is (21 + 21 + 18 + 16) = 76"."""
    cards = BOTH[0].cards
    env = Env.from_cardset(cards, "none")
    node, _ = compile_expression("primiera(pile)", "num", env)
    assert evaluate(node, ScoreContext(0, [cards.mask_of(["7c", "7d", "6b", "1s"])], [0], [0], env)) == 76


def test_the_regola_del_vile_forbids_the_first_player_to_lead_an_ace():
    """GiochiStars: "il primo giocatore non può calare un Asso come prima carta"."""
    for rs in engines(**{"regola-del-vile": "no-ace-lead"}):
        cards = rs.cards
        order = deck_order(cards, [["Rd", "Rc", "Rs"], ["1d", "5c", "6s"]], ["2b", "3b", "4b", "Cb"])
        state = HandState.deal(rs, order, players=2)
        assert state.to_play == 1 and {m.split("+")[0] for m in moves_text(state)} == {"5c", "6s"}
    for rs in BOTH:
        state = HandState.deal(rs, order, players=2)
        assert "1d+2b+3b+4b+Cb" in moves_text(state)


def test_the_regola_del_vile_at_four_only_binds_the_four_player_table():
    """GiochiStars keeps the regola del vile for four-player games: a layout's own first_lead."""
    for rs in engines(**{"regola-del-vile": "at-four"}):
        aces = rs.cards.mask_of(["1d", "1c", "1s", "1b"])
        seeds = [s for s in range(40) if HandState.deal(rs, seed=s, players=4, team_size=2).hands[0] & aces]
        four = HandState.deal(rs, seed=seeds[0], players=4, team_size=2)
        led = {m.split("+")[0] for m in moves_text(four)}
        assert led and not any(card.startswith("1") for card in led), rs
        order = deck_order(rs.cards, [["Rd", "Rc", "Rs"], ["1d", "5c", "6s"]], ["2b", "3b", "4b", "Cb"])
        two = HandState.deal(rs, order, players=2)
        assert "1d+2b+3b+4b+Cb" in moves_text(two)


def test_the_deals_at_two_and_four_and_the_three_kings():
    """GiochiStars, Lottomatica: three each and four on the table at two, ten each at four; at two, three
    kings among the four table cards void the deal."""
    for rs in BOTH:
        two = HandState.deal(rs, seed=3, players=2)
        assert [h.bit_count() for h in two.hands] == [3, 3] and two.table.bit_count() == 4
        four = HandState.deal(rs, seed=3, players=4, team_size=2)
        assert [h.bit_count() for h in four.hands] == [10] * 4 and four.table == 0
        kings = deck_order(rs.cards, [["1d", "2d", "3d"], ["1c", "2c", "3c"]], ["Rd", "Rc", "Rs", "4b"])
        assert HandState.deal(rs, kings, players=2).redeals == 1
    for choice, deal in (("nine-and-four", (9, 4)), ("three-and-four", (3, 4))):
        for rs in engines(**{"four-player-deal": choice}):
            four = HandState.deal(rs, seed=3, players=4, team_size=2)
            assert (four.hands[0].bit_count(), four.table.bit_count()) == deal


def test_scopa_dassi_renders_in_every_language_with_every_option():
    from escoba_spec.tools.rulebook import render_rulebook

    for chosen in ({}, {"ace-sweep": "scopa"}, {"ace-on-ace": "whole-table"}, {"ace-on-empty-table": "keep"},
                   {"regola-del-vile": "no-ace-lead"}, {"regola-del-vile": "at-four"},
                   {"four-player-deal": "three-and-four"},
                   {"sums": "fewest-cards"}, {"napola": "not-played"}, {"target": "31"}):
        variant = load_variant(PATH, chosen)
        assert not rulebook_leaks(variant), chosen
    text = render_rulebook(load_variant(PATH), "en", "md")
    assert "- With aces: take every card on the table, but not while a card of the same rank lies on the " \
           "table. Clearing the table this way is not a scopa." in text
