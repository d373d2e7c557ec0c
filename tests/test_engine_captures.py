"""Capture rules, one hand-built position each: sums, targets, jokers,
matching, obligations, one subset per turn, the move text form."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.engine import Move, format_move, parse_move
from escoba_spec.engine.captures import build_sums
from escoba_spec.language import ir
from tests.engine_fixtures import (
    escoba_de_15,
    moves_text,
    position,
    ruleset,
    scopa,
    texts,
    variant_with,
)


def options(rs, card: str, table: list[str]) -> list[str]:
    cards = rs.cards
    mask = cards.mask_of(table)
    sums = build_sums(cards.values, mask & ~cards.joker_mask)
    return sorted(texts(cards, rs.capture_options(cards.parse(card), mask, sums)))


def comodines():
    return variant_with(escoba_de_15(jokers=ir.Jokers(2, tuple(range(1, 11)), 0)), sweeps={"not_with_joker": True})


def test_sum_to_15_with_the_played_card():
    rs = ruleset(escoba_de_15())
    table = ["5c", "3e", "2b", "Rb"]
    assert options(rs, "7o", table) == ["5c+3e"]
    assert options(rs, "5o", table) == ["5c+3e+2b", "Rb"]
    assert options(rs, "1o", table) == []


def test_targets_15_or_30():
    rs = ruleset(variant_with(escoba_de_15(), capture={"targets": (15, 30)}))
    assert options(rs, "Ro", ["Rb", "Rc", "5c"]) == ["5c", "Rc+Rb"]
    rs15 = ruleset(escoba_de_15())
    assert options(rs15, "Ro", ["Rb", "Rc", "5c"]) == ["5c"]


def test_played_joker_stands_for_any_value():
    rs = ruleset(comodines())
    assert options(rs, "*1", ["5c"]) == ["5c"]  # the joker is a 10
    assert options(rs, "*1", ["Rc", "Rb"]) == ["Rb", "Rc"]  # a 5 with either king, never both (25)


def test_table_jokers_each_take_their_own_value():
    rs = ruleset(comodines())
    assert options(rs, "3c", ["7o", "*1"]) == ["7o+*1"]  # the joker is a 5; alone it would need 12
    assert options(rs, "5c", ["*1", "*2"]) == ["*1", "*1+*2", "*2"]
    assert options(rs, "1c", ["*1", "*2"]) == ["*1+*2"]  # 14 needs two jokers (e.g. 7 + 7)


def test_matching_takes_a_single_equal_card_first():
    rs = ruleset(scopa())
    assert options(rs, "7d", ["3h", "4h", "7c"]) == ["7c"]
    assert options(rs, "7d", ["3h", "4h", "Qd"]) == ["3h+4h"]
    free = ruleset(variant_with(scopa(), capture={"single_card_first": False}))
    assert options(free, "7d", ["3h", "4h", "7c"]) == ["3h+4h", "7c"]


@pytest.mark.parametrize(
    "obligation, expected",
    [
        ("none", ["1c", "7o+Sb", "7o"]),
        ("played-card", ["1c", "7o+Sb"]),
        ("any-card", ["7o+Sb"]),
    ],
)
def test_obligations(obligation, expected):
    rs = ruleset(variant_with(escoba_de_15(), capture={"obligation": obligation}))
    state = position(rs, [["7o", "1c"], ["2c", "2e"]], ["Sb"])
    assert sorted(moves_text(state)) == sorted(expected)


def test_played_card_obligation_binds_only_the_card_played():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["7o", "1c"], ["2c", "2e"]], ["Sb"])
    assert "1c" in moves_text(state)  # trailing another card is fine
    assert "7o" not in moves_text(state)  # but the 7 that captures must capture
    assert state.explain_illegal(parse_move("7o", rs.cards)) == ["7o must capture (it captures: Sb)"]


def test_one_subset_per_turn():
    rs = ruleset(escoba_de_15())
    state = position(rs, [["5o"], ["1c"]], ["Rb", "Rc", "5c", "5e"])
    assert sorted(moves_text(state)) == ["5o+5c+5e", "5o+Rb", "5o+Rc"]
    reasons = state.explain_illegal(parse_move("5o+Rb+Rc", rs.cards))
    assert reasons and "cannot capture" in reasons[0]


def test_move_text_round_trip():
    cards = ruleset(escoba_de_15()).cards
    for text in ["7o", "7o+2b+5e", "[3c+7o+5e] 4c", "[3c+7o+5e] 4c+Rb"]:
        move = parse_move(text, cards)
        assert parse_move(format_move(move, cards), cards) == move
    assert parse_move("7o+2b+5e", cards) == Move(cards.parse("7o"), cards.mask_of(["2b", "5e"]))
    assert format_move(parse_move("7o + 2b + 5e", cards), cards) == "7o+5e+2b"  # deck order
    for bad in ["", "7x", "7o+7o", "7o+2b+2b", "[7o 4c", "7o++2b"]:
        with pytest.raises(ValueError):
            parse_move(bad, cards)


# ------------------------------------------------------------ cards of several values

_CHOICES = st.lists(st.lists(st.integers(1, 12), min_size=1, max_size=4, unique=True), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(choices=_CHOICES, data=st.data())
def test_the_totals_of_cards_of_several_values_are_every_pick_of_one_value_each(choices, data):
    """Worked out sum by sum (a 12-card table of 7 values each took 196 s by every product of
    the choices, issue 36 class 7), the totals are still those of every pick."""
    from itertools import product

    from escoba_spec.engine.captures import ChoiceTotals

    mask = data.draw(st.integers(1, (1 << len(choices)) - 1))
    picked = [choices[c] for c in range(len(choices)) if mask >> c & 1]
    assert ChoiceTotals(choices).totals(mask) == tuple(sorted({sum(p) for p in product(*picked)}))


@settings(max_examples=200, deadline=None)
@given(fixed=st.lists(st.integers(1, 10), max_size=4), chosen=_CHOICES, target=st.integers(5, 20),
       partition=st.booleans())
def test_an_opening_total_with_cards_of_several_values_is_found_as_by_every_pick(fixed, chosen, target, partition):
    from itertools import product

    from escoba_spec.engine.captures import splits_into, total_multiple

    values = fixed + [0] * len(chosen)
    choices = [(v,) for v in fixed] + chosen
    table = (1 << len(values)) - 1
    choice_mask = table & ~((1 << len(fixed)) - 1)
    found = total_multiple(values, table, choice_mask, choices, target, [1, 2, 3], partition)
    expected = 0
    for k in (3, 2, 1):
        if any(sum(fixed) + sum(p) == k * target and (not partition or splits_into(fixed + list(p), target))
               for p in product(*chosen)):
            expected = k
            break
    assert found == expected
