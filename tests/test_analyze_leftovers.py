"""The leftover check's reachability (language/leftovers.py): the bound that excludes
totals, the witness hands that reach them (replayed on the engine), and the
warning `validate` gives for a reachable total a list misses."""

from __future__ import annotations

from pathlib import Path

import pytest

from escoba_spec.engine import Move
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.state import HandState
from escoba_spec.language.cards import CardSet
from escoba_spec.language.leftovers import _admissible_sets, leftover_reach
from escoba_spec.language.validate import validate_file

ROOT = Path(__file__).resolve().parents[1]


def _escopa():
    variant, problems = validate_file(ROOT / "rules" / "escopa.yaml")
    assert variant is not None
    return variant, problems


def _replay(variant, players, team_size, witness):
    """Play a witness hand on the interpreter, every play checked legal; its result."""
    state = HandState.deal(Interpreter(variant), witness.deck, players=players, team_size=team_size, dealer=0)
    for seat, card, capture in witness.plays:
        assert state.to_play == seat
        moves = [m for m in state.legal_moves() if m[0] == card and m[1] == capture]
        assert moves, f"play {card} taking {capture:b} is not legal here"
        state.apply(moves[0])
    assert state.over
    return state.result


def test_validate_warns_that_escopa_leaves_70_at_the_totals_line():
    _, problems = _escopa()
    found = [p for p in problems if p.code == "leftover-total-unlisted"]
    assert len(found) == 1
    warning = found[0]
    assert warning.severity == "warning"
    assert (warning.line, warning.column) == (78, 13)  # `totals: [10, 25, 40, 55]`
    assert "70" in warning.message and "3 players" in warning.message and "add 70" in warning.hint


def test_every_witness_is_a_legal_hand_on_the_engine_leaving_its_total():
    variant, _ = _escopa()
    reach = leftover_reach(CardSet(variant.deck), variant.players, variant.deal, variant.capture,
                           variant.end_of_deal.check, every_total=True)
    assert any(70 in lay.reached for lay in reach.layouts if lay.players == 3)
    for lay in reach.layouts:
        for total, witness in lay.reached.items():
            result = _replay(variant, lay.players, lay.team_size, witness)
            assert result.leftover_total == total
            assert result.leftovers == witness.leftovers


def test_the_engine_plays_a_70_hand_as_no_mistake():
    """A witness that leaves 70 with three players: the hand ends, is scored by its
    rules alone, and the total is recorded as unlisted, never raised as an error."""
    variant, _ = _escopa()
    reach = leftover_reach(CardSet(variant.deck), variant.players, variant.deal, variant.capture,
                           variant.end_of_deal.check)
    three = next(lay for lay in reach.layouts if lay.players == 3)
    result = _replay(variant, 3, 1, three.reached[70])
    assert result.leftover_total == 70
    assert result.leftover_listed is False
    rules = {r.id for r in variant.scoring.rules}
    for side_points in result.score.points:
        assert set(side_points) <= rules  # no penalty, nothing but the scoring rules


def test_a_last_round_set_up_by_hand_leaves_the_eight_courts():
    """Built by hand: three players hold eight courts and a queen; the table holds a six.
    The queen takes the six (9 + 6 = 15), and no court can capture another (no two courts
    make 15, three make 30 only as three kings), so every court is trailed: 70 is left."""
    variant, _ = _escopa()
    cards = CardSet(variant.deck)
    hands = [cards.mask_of(["Qc", "Js", "Jh"]), cards.mask_of(["Jd", "Jc", "Qs"]), cards.mask_of(["Qh", "Ks", "Kh"])]
    state = HandState.setup(Interpreter(variant), hands, table=cards.mask_of(["6c"]), dealer=2, to_play=0)
    queen_takes_six = Move(cards.parse("Qc"), cards.mask_of(["6c"]))
    assert queen_takes_six in state.legal_moves()
    state.apply(queen_takes_six)
    while not state.over:
        moves = state.legal_moves()
        assert all(m[1] == 0 for m in moves)  # nothing to capture: every court is trailed
        state.apply(moves[0])
    assert state.result.leftover_total == 70 and state.result.leftover_listed is False


def test_the_bound_excludes_85_for_escopa_and_counts_a_small_deck_by_hand():
    variant, _ = _escopa()
    reach = leftover_reach(CardSet(variant.deck), variant.players, variant.deal, variant.capture,
                           variant.end_of_deal.check)
    for lay in reach.layouts:
        assert 85 not in lay.possible and 70 in lay.possible
        assert max(lay.possible) == 100  # eleven courts: three jacks, four queens, four kings
    # values 5, 5, 10 and target 15, no opening cards: {5, 10} makes 15, so a leftover set
    # holds the 10 only without a 5: the admissible totals are 0, 5, 10 (5+5) and 10 (the 10)
    best, sets = _admissible_sets((5, 5, 10), (15,), 0, 0, 5)
    assert best == 10 and sorted(sets) == [0, 5, 10]
    assert {5: 2} in sets[10] and {10: 1} in sets[10]


@pytest.mark.parametrize("name", ["escoba-de-15.yaml", "scopa.yaml"])
def test_a_variant_without_a_check_gets_no_leftover_warning(name):
    _, problems = validate_file(ROOT / "rules" / name)
    assert not [p for p in problems if p.code == "leftover-total-unlisted"]


def test_a_finding_read_back_from_the_cache_is_the_one_worked_out(tmp_path, monkeypatch):
    """validate keeps the witness search's finding in the user's cache (it takes seconds); what
    a later run reads back must be what the search found, witnesses included."""
    from escoba_spec.language import leftovers

    variant, _ = _escopa()
    args = (CardSet(variant.deck), variant.players, variant.deal, variant.capture, variant.end_of_deal.check)
    monkeypatch.setenv("ESCOBA_SPEC_CACHE", str(tmp_path))
    leftovers._reach.cache_clear()
    worked_out = leftover_reach(*args)
    assert len(list((tmp_path / "leftovers").glob("*.json"))) == 1
    leftovers._reach.cache_clear()
    monkeypatch.setattr(leftovers, "_work_out", lambda *a: pytest.fail("the cached finding was not used"))
    read_back = leftover_reach(*args)
    assert read_back == worked_out and read_back.missed() == {70: ("2 players", "3 players", "4 players in teams of 2")}
    leftovers._reach.cache_clear()
