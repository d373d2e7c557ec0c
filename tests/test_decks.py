"""Decks: the Italian 52-card preset, and ranks with no capture value (Cicera's courts)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.cards import CardSet, preset_ranks

from .engine_fixtures import kernel_rules, moves_text, position
from .test_capture_kinds import BOTS, _record, options

COURTS = """\
id: courts
extends: scopa
name: Scopa with 52 cards, courts by rank
deck:
  preset: italian-52
  scoring_suit: spade
  values: {fante: null, cavallo: null, re: null}
options:
  deck: {drop: true}
capture:
  kinds:
    - {id: courts, take: equal-rank, cards: rank >= fante}
    - {id: match, take: equal-value}
    - {id: sum, take: sum}
  priority:
    - {rule: prefer, kinds: [match]}
  obligation: none
"""


def test_the_italian_52_preset_is_ace_to_ten_and_three_courts():
    ranks = preset_ranks("italian-52")
    assert [r.name for r in ranks] == ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                       "fante", "cavallo", "re"]
    assert [r.number for r in ranks] == list(range(1, 14)) and [r.value for r in ranks] == list(range(1, 14))
    assert [r.primiera for r in ranks][:7] == [16, 12, 13, 14, 15, 18, 21]
    from escoba_spec.language import ir
    from escoba_spec.language.cards import preset_suits

    cards = CardSet(ir.Deck("italian-52", preset_suits("italian-52"), ranks, "denari", ir.Jokers(0, (), 0)))
    assert cards.size == 52 and cards.parse("10s") == cards.parse("10S") and cards.text(cards.parse("Rb")) == "Rb"


def test_cards_with_no_value_capture_and_are_captured_by_rank_only(validate_text):
    variant, problems = validate_text(COURTS, name="courts.yaml")
    assert variant is not None, [p.format() for p in problems]
    assert [r.name for r in variant.deck.ranks if not r.valued] == ["fante", "cavallo", "re"]
    for rs in (Interpreter(variant), kernel_rules(variant)):
        assert rs.cards.valueless_mask.bit_count() == 12
        assert options(rs, "Fd", ["Fc", "5s", "6b"]) == ["Fc"]  # a fante takes a fante, never 5 + 6
        assert options(rs, "10d", ["Fc", "Cs"]) == []  # the courts are in no sum
        assert options(rs, "10d", ["Fc", "4s", "6b"]) == ["4s+6b"]
        state = position(rs, [["Rd", "3s"], ["2c"]], ["Rc", "3b"], stock=["4b", "4c"])
        assert sorted(moves_text(state)) == ["3s", "3s+3b", "Rd", "Rd+Rc"]


@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_both_engines_play_the_52_card_deck_alike(validate_text, seed, data):
    variant, _ = validate_text(COURTS, name="courts.yaml")
    names = [data.draw(st.sampled_from(sorted(BOTS))) for _ in range(2)]
    kernel = kernel_rules(variant)
    assert _record(kernel, names, seed, 1) == _record(Interpreter(variant), names, seed, 1)


@pytest.mark.parametrize("deck, code", [
    ("  preset: italian-52\n  values: {fante: null}\noptions:\n  deck: {drop: true}\n", "valueless-never-captures"),
    ("  preset: italian-52\n  primiera: {fante: null}\noptions:\n  deck: {drop: true}\n", "wrong-type"),
])
def test_a_deck_that_cannot_play_is_a_located_error(validate_text, deck, code):
    variant, problems = validate_text(f"id: d\nextends: scopa\ndeck:\n{deck}", name="d.yaml")
    assert variant is None
    assert [p.code for p in problems if p.severity == "error"] == [code]
    (problem,) = [p for p in problems if p.code == code]
    assert (problem.file, problem.line) == ("d.yaml", 5)
    assert problem.hint or code == "wrong-type"  # the schema's: 'must be an integer, found null'
