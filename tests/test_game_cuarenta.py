"""Cuarenta (rules/cuarenta.yaml): the positions its sources state, in both engines.

Cards are French: `4d` the four of diamonds, `Jc` the jack of clubs. The
sources: SG Saga Tevé, CJ Carrie and Jonathan, LU ai-cuarenta.luchis.dev,
GP GanglyPuma22/Cuarenta (after pagat), Q1/Q2 the Wikipedia summaries, LW
Latin America Wanderer's hand, P pagat's deal.
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState, MatchState
from escoba_spec.language.expr.env import MatchFacts
from escoba_spec.language.validate import load_variant, validate_file

from .conftest import RULES
from .engine_fixtures import (
    both_engines,
    deck_order,
    finished_hand,
    play,
    position,
    rulebook_leaks,
)
from .engine_fixtures import captures_text as options

PATH = RULES / "cuarenta.yaml"


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()
ONE = engines(**{"caida-y-limpia": "one"})
IDS = ["interpreted", "kernel"]


def _two(rs, mine, theirs, table, scores=(0, 0)):
    """Seat 0 holds `mine` and plays first; seat 1 holds `theirs`; the match stands at `scores`."""
    state = position(rs, [mine, theirs], table)
    state.match = MatchFacts(tuple(scores), 1, 2)
    return state


def test_the_file_cites_its_sources_and_validates_cleanly():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_sg_a_three_on_a_three_also_takes_the_four_and_the_five(rs):
    """SG: "3 on 3 and takes 4 and 5"."""
    assert options(rs, "3d", ["3c", "4s", "5h", "7c"]) == ["3c+4s+5h"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_sg_a_five_takes_two_and_three_or_four_and_ace(rs):
    """SG: "with a 5 it takes 2 and 3 or 4 and A"."""
    assert options(rs, "5d", ["2c", "3s", "4h", "Ac"]) == ["2c+3s", "4h+Ac"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_lu_after_a_sum_the_run_goes_on_from_the_played_rank(rs):
    """LU: a 4 on A and 3 takes A + 3; with a 5 there too, the 5 as well."""
    assert options(rs, "4d", ["Ac", "3s"]) == ["3s+Ac"]
    assert options(rs, "4d", ["Ac", "3s", "5h"]) == ["3s+5h+Ac"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_the_jack_follows_the_seven_and_courts_never_add(rs):
    """GP: J Q K follow 7 in a run and capture only by rank (no sums with courts)."""
    assert options(rs, "6d", ["6c", "7s", "Jh", "Kc"]) == ["6c+7s+Jh"]
    assert options(rs, "Jd", ["Jc", "Qs", "4h", "4c"]) == ["Jc+Qs"]
    assert options(rs, "Kd", ["3c", "7s"]) == []


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_cj_taking_the_card_just_played_with_the_same_card_is_a_caida_of_2(rs):
    """CJ: "If the next player has the same card, they play it and earn 2 points for Caida"."""
    state = _two(rs, ["4d", "Kd"], ["4c", "Kc"], ["2s"])
    play(state, "4d")
    play(state, "4c+4d")
    assert [(e.side, e.id, e.points) for e in state.events] == [(1, "caida", 2)]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_gp_taking_the_card_just_played_by_a_sum_or_a_run_is_no_caida(rs):
    """GP: "Addition and sequence do not count as caída"."""
    by_sum = _two(rs, ["2d", "Kd"], ["5c", "Kc"], ["3s", "Qh"])
    play(by_sum, "2d")
    play(by_sum, "5c+2d+3s")
    by_run = _two(rs, ["4d", "Kd"], ["3c", "Kc"], ["3s", "Qh"])
    play(by_run, "4d")
    play(by_run, "3c+3s+4d")
    assert by_sum.events == [] and by_run.events == []


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_sg_clearing_the_table_is_a_limpia_of_2(rs):
    """SG: "If you clean the table (leaves no cards on the table) you take 2 points"."""
    state = _two(rs, ["5d", "Kd"], ["4c", "Kc"], ["2s", "3h"])
    play(state, "5d+2s+3h")
    assert [(e.side, e.id, e.points) for e in state.events] == [(0, "limpia", 2)]


def test_a_caida_that_clears_the_table_scores_4_or_with_the_quito_rules_2():
    """Q2: "under the official Quito rules, only one of these events can be scored. In the Cuenca rules
    variation, both events are scored for a total of 4 points"."""
    for (cuenca, quito) in zip(BOTH, ONE):
        totals = []
        for rs in (cuenca, quito):
            state = _two(rs, ["4d", "Kd"], ["4c", "Kc"], [])
            play(state, "4d")
            play(state, "4c+4d")
            totals.append(sum(state.event_points[1].values()))
        assert totals == [4, 2]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_lu_at_38_a_caida_reaches_40_and_wins_at_once(rs):
    """LU: "If one player is at 38 and scores 2 with a valid caida, that player reaches 40 and wins the
    game immediately"."""
    state = _two(rs, ["4d", "Kd"], ["4c", "Kc"], ["2s"], scores=(10, 38))
    play(state, "4d")
    play(state, "4c+4d")
    assert state.over and state.result.stopped
    match = MatchState(rs, 2, scores=[10, 38], hands_played=1)
    assert match.record(state.result) is None  # the chica is won; the mesa is two
    assert match.games == [0, 1] and match.game_ends == [(2, 1, (10, 40))]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_gp_a_team_on_38_cannot_collect_limpia_but_on_36_caida_y_limpia_wins(rs):
    """GP: "A team on 38 cannot collect limpia. A team on 36 can still win with caída y limpia." """
    at_38 = _two(rs, ["5d", "Kd"], ["4c", "Kc"], ["2s", "3h"], scores=(38, 0))
    play(at_38, "5d+2s+3h")
    assert at_38.events == [] and not at_38.over
    at_36 = _two(rs, ["4d", "Kd"], ["4c", "Kc"], [], scores=(0, 36))
    play(at_36, "4d")
    play(at_36, "4c+4d")
    assert [e.id for e in at_36.events] == ["caida", "limpia"] and at_36.over
    assert MatchState(rs, 2, scores=[0, 36]).record(at_36.result) == 1  # 40 to 0: the chica with zapatería


def _carton(rs, mine: int, theirs: int, dealer_side: int = 1):
    """The end-of-hand points of a side with `mine` cards against one with `theirs`."""
    cards = list(range(rs.cards.size))
    piles = [sum(1 << c for c in cards[:mine]), sum(1 << c for c in cards[mine:mine + theirs])]
    score = rs.score_hand(piles, [0, 0], [1, 1], MatchFacts((0, 0), dealer_side, 1))
    return [dict(p) for p in score.points]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_q1_the_carton_is_6_for_20_cards_and_rises_to_the_next_even_number(rs):
    """Q1: "20 cards worth 6 points ... rounded to the next even number ... 21 cards are worth 8 points,
    while 23 or 24 cards are worth 10 points"."""
    got = {n: _carton(rs, n, 40 - n)[0]["carton"] for n in (20, 21, 22, 23, 24, 25, 30)}
    assert got == {20: 0, 21: 8, 22: 8, 23: 10, 24: 10, 25: 12, 30: 16}  # 20 against 20: see the next test
    assert _carton(rs, 20, 16)[0]["carton"] == 6


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_lw_23_cards_score_10_and_17_nothing(rs):
    """LW: the side with 23 cards counts "Nineteen ... six, seven, eight, nine. Perro" (10); the 17 score nothing."""
    points = _carton(rs, 23, 17)
    assert (points[0]["carton"], points[1]["carton"]) == (10, 0)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_q1_at_20_cards_each_the_non_dealing_side_scores_2(rs):
    """Q1: "If both teams collect 20 cards, the non-dealing team scores 2 points"."""
    points = _carton(rs, 20, 20, dealer_side=1)
    assert [sum(p.values()) for p in points] == [2, 0]
    assert points[0]["dos-por-dar"] == 2


def _dealt(rs, hands, later=()):
    return HandState.deal(rs, deck_order(rs.cards, hands, dealer=1, later=later), players=2, dealer=1)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_a_ronda_dealt_scores_4_or_with_the_option_2(rs):
    """CJ: "'Tengo ronda' ... 4 points"; SG: "dos por guapa/o ... 2 points"."""
    hands = [["5d", "5c", "5s", "Ah", "Kd"], ["2d", "3c", "6s", "7h", "Jd"]]
    state = _dealt(rs, hands)
    assert [(d.seat, d.id, d.points) for d in state.declared] == [(0, "ronda", 4)]
    two = engines(ronda="2")[BOTH.index(rs)]
    assert [d.points for d in _dealt(two, hands).declared] == [2]


@pytest.mark.parametrize("choice, points", [("2", ("caida", 2)), ("10", ("caida-en-ronda", 10)),
                                            ("4", ("caida-en-ronda", 4))])
def test_a_caida_on_a_card_of_the_opponents_ronda_scores_as_the_option_says(choice, points):
    """DDroid: "10 points ... if the player takes a fall round opponent"; Qeeebo: "4 points for ... caida en
    ronda"; GanglyPuma22 (after pagat) leaves "the remembered ronda-caída +10 bonus" out: 2 as any caída.
    An event sees the hands the sides declared (the name declared)."""
    hands = [["5d", "5c", "5s", "Ah", "Kd"], ["5h", "Kc", "2s", "3c", "6s"]]
    for rs in engines(**{"caida-en-ronda": choice}):
        state = _dealt(rs, hands)
        assert [(d.seat, d.id) for d in state.declared] == [(0, "ronda")]
        play(state, "5d")
        play(state, "5h+5d")
        # the table was empty, so each caída here is a limpia too (2 more, as the default caida-y-limpia)
        assert sorted((e.side, e.id, e.points) for e in state.events) == sorted([(1, *points), (1, "limpia", 2)]), rs
        play(state, "Kd")
        play(state, "Kc+Kd")  # a caída on a card that is no ronda's: 2
        assert sorted((e.id, e.points) for e in state.events[2:]) == [("caida", 2), ("limpia", 2)], rs


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_four_of_a_kind_dealt_wins_the_game_at_once(rs):
    """ecuador.com: "four of a kind ... they win the game automatically"."""
    state = _dealt(rs, [["2d", "3c", "6s", "7h", "Jd"], ["5d", "5c", "5s", "5h", "Kd"]])
    assert state.over and state.result.score.effects == ((1, "cuarenta-de-mano", "win-match"),)
    match = MatchState(rs, 2, scores=[30, 0])
    assert match.record(state.result) == 1 and match.games == [0, 0]  # the whole game (the mesa), not a chica


@pytest.mark.parametrize("players, team_size, deals", [(2, 1, 4), (4, 2, 2)])
def test_p_two_players_have_four_deals_of_five_and_four_players_two(players, team_size, deals):
    """P: "If there are 4 players ... there will be two deals in all during a hand. If there are 2
    players ... four deals"."""
    rs = BOTH[0]
    state = HandState.deal(rs, seed=3, players=players, team_size=team_size)
    assert state.table == 0 and all(h.bit_count() == 5 for h in state.hands)
    while not state.over:
        state.apply(state.legal_moves()[0])
    assert state.rounds == deals or state.result.stopped


def test_the_rulebooks_leak_nothing():
    assert rulebook_leaks(load_variant(PATH)) == {}



@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_wikipedia_two_chicas_or_one_with_zapateria_win_the_mesa(rs):
    """Wikipedia: "Two chicas or the first chica with zapatería (loss of the chica by scoring less than ten
    points) win the game"."""
    match = MatchState(rs, 2)
    assert match.record(finished_hand(40, 12)) is None  # a chica to side 0; the scores start again
    assert (match.games, match.scores) == ([1, 0], [0, 0])
    assert match.record(finished_hand(12, 40)) is None and match.games == [1, 1]
    assert match.record(finished_hand(40, 20)) == 0
    zapateria = MatchState(rs, 2)
    assert zapateria.record(finished_hand(40, 9)) == 0 and zapateria.games == [1, 0]


def test_the_game_api_records_a_hand_decided_as_it_is_dealt():
    from escoba_spec.api import Game

    game = Game(load_variant(PATH), players=2, seed=1)
    cards = game.cards
    order = deck_order(cards, [["2d", "3c", "6s", "7h", "Jd"], ["5d", "5c", "5s", "5h", "Kd"]], dealer=0)
    game.new_hand(deck=order)
    assert game.hand_over and game.match_over and game.winner == 1 and game.hands_played == 1
