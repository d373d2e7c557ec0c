"""Basra (rules/basra.yaml): the captures, basras and scores its sources state, in both engines.

Cards are French: `7d` the seven of diamonds, `Qh` the queen of hearts. The
sources: P Parlett's Penguin Book of Card Games, JW Jawaker's rules, CA
catsatcards.com, FA the USC folklore archive, E1 mostafaazab30798/Estimation's
tests (basra_rules_test.dart), W English Wikipedia.
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState, MatchState
from escoba_spec.engine.records import HandResult
from escoba_spec.language.expr.env import MatchFacts
from escoba_spec.language.validate import load_variant, validate_file, validate_option_values

from .conftest import RULES
from .engine_fixtures import both_engines, play, rulebook_leaks
from .engine_fixtures import captures_text as options

PATH = RULES / "basra.yaml"
IDS = ["interpreted", "kernel"]


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()
IN_THE_STOCK = engines(buried="in-the-stock")
EQUAL_GROUPS = engines(**{"seven-basra": "equal-groups"})


def _position(rs, mine, theirs, table, stock=("9d", "10c")):
    cards = rs.cards
    return HandState.setup(rs, [cards.mask_of(mine), cards.mask_of(theirs)], cards.mask_of(table),
                           [cards.parse(c) for c in stock], dealer=1)


def _events(state) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in state.events:
        out[e.id] = out.get(e.id, 0) + e.points
    return out


def test_the_file_cites_its_sources_and_validates_cleanly_with_every_option():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []
    assert validate_option_values(PATH, variant, problems) == []


def test_the_rulebook_says_every_rule_in_every_language():
    assert rulebook_leaks(load_variant(PATH)) == {}


# ------------------------------------------------------------------ captures


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_fa_a_six_takes_the_six_and_the_four_and_two_together(rs):
    """FA: "If the middle has cards with numbers 2, 3, 4, and 6, and a player places down a 6, they
    can take their card back along with the 6, 4, and 2"."""
    assert options(rs, "6s", ["2c", "3d", "4h", "6c"]) == ["2c+4h+6c"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_e1_pairing_summing_and_both_at_once(rs):
    """E1: "Same-rank capture ignores suit" (5h on 5c, 2s takes 5c); "Numeric sum capture" (7s on 3h,
    4c); "Combined same-rank + sum capture" (5h on 5c, As, 4s takes all three)."""
    assert options(rs, "5h", ["5c", "2s"]) == ["5c"]
    assert options(rs, "7s", ["3h", "4c"]) == ["3h+4c"]
    assert options(rs, "5h", ["5c", "As", "4s"]) == ["4s+5c+As"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_queens_and_kings_only_pair_and_the_courts_are_in_no_sum(rs):
    """P: "Kings and Queens have no numerical value, and can capture or be captured only by pairing";
    E1: "Sum ignores J, Q and K" (5s on Jh Qh Kh Ac 4c takes Ac 4c), "Q captures Q only"."""
    assert options(rs, "5s", ["Jh", "Qh", "Kh", "Ac", "4c"]) == ["4c+Ac"]
    assert options(rs, "Qs", ["Qh", "2c", "3c"]) == ["Qh"]
    assert options(rs, "Qs", ["2c", "3c"]) == []


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_jack_and_the_seven_of_diamonds_take_the_whole_floor_other_sevens_do_not(rs):
    """P: "A Jack sweeps all the cards from the floor ... So does 7♦"; E1: "7♦ sweeps table; other 7s
    do not" (on Kh, Qc)."""
    assert options(rs, "Jd", ["Kh", "Qc", "5s"]) == ["5s+Kh+Qc"]
    assert options(rs, "7d", ["Kh", "Qc"]) == ["Kh+Qc"]
    assert options(rs, "7s", ["Kh", "Qc"]) == []


# ------------------------------------------------------------------ the basra


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_fa_a_triple_basra_clears_the_floor_for_10(rs):
    """FA: "An example of a triple Basra is if a player places down a 9 when the middle has numbers
    3, 4, 5, 6 and 9"; JW: "The player scores a 10 point bonus"."""
    state = _position(rs, ["9s", "2d"], ["8c", "Kd"], ["3c", "4d", "5h", "6c", "9h"])
    play(state, "9s+3c+4d+5h+6c+9h")
    assert state.table == 0 and _events(state) == {"basra": 10}


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_jack_clearing_the_floor_is_no_basra(rs):
    """P: "A Jack sweeps all the cards from the floor, but this does not count as a basra"."""
    state = _position(rs, ["Js", "2d"], ["8c", "Kd"], ["3c", "Qh"])
    play(state, "Js+3c+Qh")
    assert state.table == 0 and _events(state) == {}


@pytest.mark.parametrize(("rs", "floor", "basra"), [
    *((rs, ["3h", "4c"], True) for rs in BOTH),
    *((rs, ["5h", "6c"], False) for rs in BOTH),
    *((rs, ["2h", "Kc"], False) for rs in BOTH),
    *((rs, ["Qh"], False) for rs in BOTH),
], ids=[f"{e}-{case}" for case in ("numerals-7", "numerals-11", "with-a-king", "a-queen") for e in IDS])
def test_p_the_seven_of_diamonds_is_a_basra_only_on_numerals_of_10_or_less(rs, floor, basra):
    """P: "this can count as a basra, but only if the floor cards are all numerals, and their combined
    values do not exceed 10"; E1: "Valid 7♦ condition awards Basra" (3h 4c), "7♦ with total > 10 does
    not" (5h 6c), "7♦ with K does not", "7♦ full-table clear ... does not award" (Qh)."""
    state = _position(rs, ["7d", "2d"], ["8c", "Kd"], floor)
    play(state, "7d+" + "+".join(floor))
    assert _events(state) == ({"basra-seven": 10} if basra else {})


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_ca_a_jack_on_an_empty_floor_stays_there(rs):
    """CA: "If there are no other cards in the center layout, the Jack is simply left in the center"."""
    state = _position(rs, ["Js", "2d"], ["8c", "Kd"], [])
    play(state, "Js")
    assert state.table == rs.cards.mask_of(["Js"]) and _events(state) == {}


# ------------------------------------------------------------------ the deal


def _deck(rs, first):
    cards = rs.cards
    named = [cards.parse(t) for t in first]
    return named + [c for c in range(cards.size) if c not in named]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_jack_or_the_seven_of_diamonds_on_the_floor_goes_under_the_stock(rs):
    """P: "If the floor cards include any Jacks or 7♦, put these at the bottom of the stock (they will
    eventually go to the dealer) and deal replacements"."""
    hands = ["2c", "3c", "4c", "5c", "2h", "3h", "4h", "5h"]
    state = HandState.deal(rs, _deck(rs, [*hands, "Jd", "6s", "7d", "8s"]), players=2, dealer=1)
    cards = rs.cards
    assert not state.table & cards.mask_of(["Jd", "7d"]) and state.table.bit_count() == 4
    assert [cards.text(c) for c in state.stock[-2:]] == ["Jd", "7d"]


@pytest.mark.parametrize("rs", IN_THE_STOCK, ids=IDS)
def test_pagat_with_the_option_they_are_buried_in_the_stock(rs):
    """pagat: "the dealer buries these cards in the undealt pack and replaces them"."""
    hands = ["2c", "3c", "4c", "5c", "2h", "3h", "4h", "5h"]
    state = HandState.deal(rs, _deck(rs, [*hands, "Jd", "6s", "8s", "9s"]), players=2, dealer=1)
    cards = rs.cards
    left = state.stock[state.stock_pos:]
    assert "Jd" not in cards.texts(state.table) and cards.parse("Jd") in left
    assert left.index(cards.parse("Jd")) not in (0, len(left) - 1)


# ------------------------------------------------------------------ scoring


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_e1_every_card_point_and_a_majority(rs):
    """E1: "27+ cards = +30"; "J = +1 each, A = +1 each ... 10♦ = +3"; P: "2 for 2♣"."""
    cards = rs.cards
    mine = cards.mask_of(["Js", "Jh", "As", "Ah", "Ac", "2c", "10d"])
    rest = cards.full_mask & ~mine
    plain = [c for c in cards.indices(rest) if 3 <= cards.cards[c].rank <= 9]  # no card that scores
    extra = sum(1 << c for c in plain[:20])
    score = rs.score_hand([mine | extra, rest & ~extra], [0, 0], [0, 0])
    assert score.points[0] == {"most-cards": 30, "jacks": 2, "aces": 3, "two-of-clubs": 2, "ten-of-diamonds": 3}


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_e1_a_26_all_tie_carries_30_then_60_to_the_next_majority(rs):
    """E1: "Carry-over 30 after first 26-26 tie, 60 after second, then awarded to majority winner";
    W: "the initial 30 points are held in abeyance and added to the 30 points of the next round"."""
    cards = rs.cards
    half = sum(1 << c for c in range(0, 52, 2))
    even = [half, cards.full_mask & ~half]
    first = rs.score_hand(even, [0, 0], [0, 0], MatchFacts((0, 0), 0, 1))
    assert (first.points[0]["most-cards"], first.points[1]["most-cards"], first.carried) == (0, 0, (30,))
    second = rs.score_hand(even, [0, 0], [0, 0], MatchFacts((0, 0), 0, 2, (), first.carried))
    assert second.carried == (60,)
    more = [half | 1 << 1, cards.full_mask & ~half & ~(1 << 1)]
    third = rs.score_hand(more, [0, 0], [0, 0], MatchFacts((0, 0), 0, 3, (), second.carried))
    assert (third.points[0]["most-cards"], third.carried) == (90, (0,))


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_the_match_carries_what_a_tie_leaves_from_hand_to_hand(rs):
    """MatchState hands the carried points to the next hand and forgets them once scored."""
    match = MatchState(rs, 2)
    score = rs.score_hand([sum(1 << c for c in range(0, 52, 2)), sum(1 << c for c in range(1, 52, 2))],
                          [0, 0], [0, 0], match.facts())
    match.record(HandResult(score, (0, 0), (0, 0), (0, 0), 0, None, 0, None))
    assert match.facts().carried == (30,)


@pytest.mark.parametrize(("rs", "floor", "basra"), [
    *((rs, ["Ah", "2c", "7s", "8h"], True) for rs in EQUAL_GROUPS),
    *((rs, ["3h", "4c"], False) for rs in EQUAL_GROUPS),
    *((rs, ["5h", "5c"], True) for rs in EQUAL_GROUPS),
    *((rs, ["5h", "5c", "Kd"], False) for rs in EQUAL_GROUPS),
], ids=[f"{e}-{case}" for case in ("a-2-7-8", "three-and-four", "two-fives", "with-a-king") for e in IDS])
def test_w_with_the_jordanian_reading_the_floor_must_split_into_equal_groups_below_10(rs, floor, basra):
    """English Wikipedia's Bastra (the Jordanian reading): "The cards on the floor can be divided into
    two or more groups which score an equal number of points, less than 10. For example, capturing
    A-2-7-8 with the diamond 7 would be a basra, because (1+8)=(2+7)=9"; a floor of 3 and 4 (7, one
    group) is no basra here, though Parlett's 10-or-less makes it one."""
    state = _position(rs, ["7d", "2d"], ["8c", "Kh"], floor)
    play(state, "7d+" + "+".join(floor))
    assert _events(state) == ({"basra-seven": 10} if basra else {})


def test_the_jordanian_reading_plays_natively_as_the_interpreter_plays_it():
    """The option's event calls equal_groups in the kernel (engine.native's copy of the search):
    hands and matches played natively are the interpreter's."""
    from .kernel_support import assert_same_matches, play_same_hands
    from .kernel_support import engines as kernel_and_interpreter

    kernel, interp = kernel_and_interpreter(load_variant(PATH, {"seven-basra": "equal-groups"}), native=True)
    for root in range(4):
        play_same_hands(kernel, interp, 1000 + root, ["random", "greedy"], count=20)
    assert_same_matches(kernel, interp, [1, 2], ["greedy", "greedy"])
