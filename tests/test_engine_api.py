"""The Python API: load a rule file, deal, list and play moves as text, read
the state, illegal moves, hand points and the match; and the bots."""

from pathlib import Path

import pytest

from escoba_spec.api import Game, load
from escoba_spec.engine import IllegalMove, Observation, playout
from escoba_spec.engine.bots import GreedyBot, RandomBot, scoring_seven
from tests.engine_fixtures import deck_order, escoba_de_15, ruleset, scopa

ROOT = Path(__file__).resolve().parent.parent


def game_with_deal(**kw) -> Game:
    game = Game(escoba_de_15(), players=2, **kw)
    order = deck_order(game.cards, [["7o", "1c", "Rb"], ["2c", "2e", "3b"]], ["Sb", "4c", "4e", "5b"], dealer=1)
    game.new_hand([game.cards.text(c) for c in order])
    return game


def test_load_a_rule_file_and_play_a_hand():
    game = load(ROOT / "rules" / "escoba-de-15.yaml", players=2, seed=4)
    assert game.players == 2 and game.team_size == 1
    game.new_hand()
    while not game.hand_over:
        game.play(game.legal_moves()[0])
    points = game.hand_points
    assert set(points) == {0, 1}
    assert set(points[0]) == {"most-cards", "most-oros", "siete-de-velo", "setenta", "escobas"}
    assert game.scores == [sum(points[0].values()), sum(points[1].values())]
    assert game.hands_played == 1


def test_load_with_options():
    game = load(ROOT / "rules" / "escoba-de-15.yaml", {"target": "15"})
    assert game.ruleset.params.match_target == 15


def test_a_hand_in_text():
    game = game_with_deal(dealer=1)
    assert game.to_play == 0 and game.dealer == 1
    assert sorted(game.hand(0)) == sorted(["7o", "1c", "Rb"])
    assert game.hands[1] == ["2c", "2e", "3b"] or sorted(game.hands[1]) == sorted(["2c", "2e", "3b"])
    assert sorted(game.table) == sorted(["Sb", "4c", "4e", "5b"])
    assert set(game.legal_moves()) >= {"7o+Sb", "Rb+5b", "1c"}
    played = game.play("7o+Sb")
    assert played.captured == ("Sb",) and played.card == "7o" and played.sweeps == 0 and played.seat == 0
    assert game.piles[0] == ["7o", "Sb"] and game.captures == [1, 0] and game.sweeps == [0, 0]
    assert game.to_play == 1 and game.history == ["0: 7o+Sb"]
    assert game.stock_count == 40 - 10


@pytest.mark.parametrize(
    "move, why",
    [
        ("7o", "7o must capture"),
        ("2c", "not in the hand"),
        ("7o+4c", "cannot capture"),
        ("7o+3e", "not on the table"),
        ("9z", "unknown card"),
        ("[7o+Sb] 1c", "no missed capture"),
    ],
)
def test_an_illegal_move_says_why_and_changes_nothing(move, why):
    game = game_with_deal(dealer=1)
    before = (game.hands, game.table, game.piles, game.to_play, game.history)
    with pytest.raises(IllegalMove, match=why) as info:
        game.play(move)
    assert info.value.legal == game.legal_moves()
    assert (game.hands, game.table, game.piles, game.to_play, game.history) == before


def test_the_match_through_the_api():
    game = Game(escoba_de_15(), players=2, seed=9)
    winner = game.play_match([GreedyBot(1), GreedyBot(2)])
    assert game.match_over and game.winner == winner and game.scores[winner] >= 21
    with pytest.raises(ValueError, match="match is over"):
        game.new_hand()


def test_a_new_hand_needs_the_last_one_finished():
    game = game_with_deal()
    with pytest.raises(ValueError, match="not over"):
        game.new_hand()


def test_layouts_are_checked():
    with pytest.raises(ValueError, match="not played by 5"):
        Game(escoba_de_15(), players=5)
    assert Game(escoba_de_15(), players=4).team_size == 2


def test_observations_hide_other_hands():
    game = game_with_deal()
    obs = game.observation(0)
    assert isinstance(obs, Observation)
    assert obs.hands[1] is None and obs.hands[0] == obs.hand
    assert obs.hand_sizes == (3, 3) and obs.stock_count == 30


def test_bots_are_deterministic_for_a_seed():
    rs = ruleset(escoba_de_15())
    for bot in (RandomBot, GreedyBot):
        a = playout(rs, 5, [bot(1), bot(2)])
        b = playout(rs, 5, [bot(1), bot(2)])
        assert a == b


def test_greedy_prefers_sweeps_then_the_seven_then_more_cards():
    rs = ruleset(escoba_de_15())
    from tests.engine_fixtures import position

    def choice(hand, table):
        state = position(rs, [hand, ["2e", "3e", "4e"][: len(hand)]], table)
        move = GreedyBot(0).choose(Observation(state, 0), state.legal_moves())
        return move.text(rs.cards)

    assert choice(["7o", "6b"], ["Sc", "1c"]) == "6b+1c+Sc"  # a sweep before the 7 of oros
    assert choice(["Sb", "6b"], ["7o", "2c", "3c", "4c"]) == "6b+7o+2c"  # the 7 of oros before more cards
    assert choice(["1b", "Cb"], ["7c", "7e", "Sc", "6c"]) == "1b+7c+7e"  # more cards
    assert choice(["Cb", "1b", "Rb"], ["Rc", "Re"]) == "1b"  # no capture: the lowest card


def test_scoring_seven():
    assert scoring_seven(ruleset(escoba_de_15()).cards) == 1 << 6
    cards = ruleset(scopa()).cards
    assert cards.texts(scoring_seven(cards)) == ["7d"]
