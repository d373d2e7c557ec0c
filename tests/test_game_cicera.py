"""Cicera (rules/cicera.yaml): the positions its sources state, in both engines.

The pack is the 52-card Bresciane: `10s` the ten of spade (swords), `Fc` the
fante of coppe, `Cd` the cavallo of denari, `Rb` the re of bastoni.
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import both_engines, moves_text, play, position, rulebook_leaks
from .test_capture_kinds import options

PATH = RULES / "cicera.yaml"
IDS = ["interpreted", "kernel"]


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_gamerules_a_court_takes_only_a_court_of_its_rank(rs):
    """gamerules.com: "The Jack, Queen, and King have no value ... So a queen can capture another queen,
    but there is no other way for a queen to be captured"; wikipedia: they "may only be taken by the same
    card of another suit"."""
    assert options(rs, "Cd", ["Cc", "5s", "7b"]) == ["Cc"]
    assert options(rs, "Fd", ["Fc", "5s", "6b"]) == ["Fc"]  # never 5 + 6, which would make a fante's 11
    assert options(rs, "Fd", ["Cc", "Rs"]) == []
    assert options(rs, "10d", ["Fc", "Cs", "Rb"]) == []  # a numeral never takes a court
    assert options(rs, "10d", ["Fc", "4s", "6b"]) == ["4s+6b"]
    assert options(rs, "7d", ["7c", "3s", "4b"]) == ["3s+4b", "7c"]  # no source puts the equal card first


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_regoledelgioco_capturing_is_never_compulsory(rs):
    """regoledelgioco.com: the player "non è obbligato a prendere anche nel caso ne abbia la possibilità"."""
    state = position(rs, [["7d", "Rd"], ["2b"], ["3b"], ["4b"]], ["7c"], team_size=2)
    assert moves_text(state) == ["7d+7c", "7d", "Rd"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_the_napula_the_cards_and_the_swords(rs):
    cards = rs.cards
    swords = [f"{r}s" for r in list(range(1, 11)) + ["F", "C", "R"]]

    def score(a, b):
        a_mask = cards.mask_of(a)
        return rs.score_hand([a_mask, cards.full_mask & ~a_mask if b is None else cards.mask_of(b)], [0, 0], [1, 1])

    # regoledelgioco.com: "A-2-3-4-5 e 7 di spade il punteggio totalizzato sarà 5"
    assert score(["1s", "2s", "3s", "4s", "5s", "7s"], ["6s"]).points[0]["napula"] == 5
    # Parlett: "3 for napula, which is the sequence 1-2-3 (A-2-3) if the Four is not held"
    assert score(["1s", "2s", "3s"], ["4s"]).points[0]["napula"] == 3
    assert score(["1s", "2s", "4s"], ["3s"]).points[0]["napula"] == 0
    # wikipedia: at least 27 cards take the 2 points of the cards, at least 7 swords the point of the swords
    most = [c.text for c in cards.cards if c.suit != 2][:27]
    points = score(most, None).points
    assert (points[0]["carte"], points[1]["carte"]) == (2, 0)
    assert (points[0]["spade"], points[1]["spade"]) == (0, 1)  # the other side holds all 13 swords
    assert score(most, None).effects == ((1, "napoleone", "win-match"),)  # all thirteen swords win the match
    # a 26-26 split: one point each (wikipedia), or nothing (Parlett: "unscored if split 26-26")
    half = [c.text for c in cards.cards if c.suit in (0, 1)]
    assert score(half, None).points[0]["carte"] == score(half, None).points[1]["carte"] == 1
    seven = swords[:7] + [t for t in half][:20]
    assert score(seven, None).points[0]["spade"] == 1


def test_the_options_for_a_split_of_the_cards_and_two_points_for_the_swords():
    for rs in engines(**{"cards-tie": "nobody", "swords": "two"}):
        cards = rs.cards
        half = cards.mask_of([c.text for c in cards.cards if c.suit in (0, 1)])
        points = rs.score_hand([half, cards.full_mask & ~half], [0, 0], [1, 1]).points
        assert points[0]["carte"] == points[1]["carte"] == 0 and points[1]["spade"] == 2


def test_twelve_each_and_four_on_the_table_the_whole_pack_at_once():
    """pagat: "Deal a packet of twelve cards face down to each player ..., then four face up to the centre
    of the table"; the player on the dealer's right leads (play goes anticlockwise)."""
    for rs in BOTH:
        state = HandState.deal(rs, seed=8, players=4, team_size=2)
        assert [h.bit_count() for h in state.hands] == [12] * 4 and state.table.bit_count() == 4
        assert state.stock_pos == len(state.stock) == 52 and state.to_play == 1
    for rs in engines(**{"hand-size": "6"}):
        state = HandState.deal(rs, seed=8, players=4, team_size=2)
        assert [h.bit_count() for h in state.hands] == [6] * 4 and state.stock_pos == 28


def test_cicera_renders_in_every_language_with_every_option():
    from escoba_spec.tools.rulebook import render_rulebook

    for chosen in ({}, {"cards-tie": "nobody"}, {"swords": "two"}, {"hand-size": "4"}, {"target": "21"}):
        variant = load_variant(PATH, chosen or None)
        assert not rulebook_leaks(variant), chosen
    text = render_rulebook(load_variant(PATH), "en", "md")
    assert "Fanti, cavalli, and re have no capture value" in text
    assert "Capturing is never compulsory" in text


THANOS = engines(**{"in-play-points": "thanos"})


@pytest.mark.parametrize("rs", THANOS, ids=IDS)
def test_thanos_scores_a_point_at_once_for_each_of_four_plays(rs):
    """Thanos Card Games' Cicera: "one point when you play a card which captures the all table
    cards", "one point if you capture the card just played by the player to the left by playing a
    card of the same rank", "a point for a capture in a single suit", "one point if you play a card
    which captures a set of three or more cards". (Cicera's cards split their point on a tie, so the
    kernel counts in halves: each event's point is scaled as the rules' are.)"""
    from escoba_spec.engine.interpreter import Interpreter

    sweep = position(rs, [["9s", "Rd"], ["4b"], ["3b"], ["5b"]], ["2s", "3s", "4s"], team_size=2)
    play(sweep, "9s+2s+3s+4s")
    assert sorted((e.side, e.id, e.points) for e in sweep.events) == [(0, "one-suit", 1), (0, "table-cleared", 1),
                                                                      (0, "three-cards", 1)]
    back = position(rs, [["7d", "Rd"], ["7c", "Rc"], ["3b"], ["5b"]], ["Fs"], team_size=2)
    play(back, "7d")
    play(back, "7c+7d")
    assert [(e.side, e.id) for e in back.events] == [(1, "card-taken-back")]  # the fante stays: no clear
    plain = position(Interpreter(load_variant(PATH)), [["9s", "Rd"], ["4b"], ["3b"], ["5b"]],
                     ["2s", "3s", "4s"], team_size=2)
    play(plain, "9s+2s+3s+4s")
    assert plain.events == []  # by default the hand is scored at its end only


def test_thanos_matches_are_the_interpreters_on_the_kernel():
    from .kernel_support import assert_same_matches
    from .kernel_support import engines as kernel_and_interpreter

    kernel, interpreter = kernel_and_interpreter(load_variant(PATH, {"in-play-points": "thanos"}))
    assert_same_matches(kernel, interpreter, [1, 2, 3], ["greedy"] * 4, team_size=2)
