"""Seep's houses as `capture.builds` says them: one build per value (`per_value: one`) and loose
cards of a build's value taken in (`absorb`), in both engines.

The variant is Cassino's file with Seep's values (jack 11, queen 12, king 13, every card a sum), its
houses of 9 to 13 and its rules on them; Seep's own file waits on its deal and bid (issue 38). Each
position is handed to the kernel as the expert hands it one: the same legal moves in the same
order, and each play leaves the same table and builds. GN is the Game_Night rules summary of
pagat's Seep, CSH-2P cardsharpers' two-player text, BAAZI hhmtechdevs/baazi-mvp's decision notes
(docs/research/cassino-and-seep.md, S18-S19, E-S7, E-S13).
"""

from __future__ import annotations

import pytest

from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import parse_move
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant

from .engine_fixtures import play, position
from .kernel_support import kernel_builds, kernel_turn

HOUSES = """\
id: houses
extends: cassino
deck:
  values: {jack: 11, queen: 12, king: 13}
capture:
  kinds:
    - {id: courts, drop: true}
  builds:
    lowest: 9
    highest: 13
    raise_own: false
    per_value: {per_value}
    absorb: {absorb}
    duties: [keep-card]
"""


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    """(interpreter, kernel) per (per_value, absorb)."""
    folder = tmp_path_factory.mktemp("houses")
    out = {}
    for per_value in ("any", "one"):
        for absorb in ("false", "true"):
            path = folder / f"houses-{per_value}-{absorb}.yaml"
            path.write_text(HOUSES.replace("{per_value}", per_value).replace("{absorb}", absorb), encoding="utf-8")
            variant = load_variant(path)
            out[per_value, absorb == "true"] = (Interpreter(variant), load_kernel(variant, native=False))
    return out


def _state(pair, hands, table, builds=()):
    rs, _ = pair
    cards = rs.cards
    laid = [c for b, _, _ in builds for c in b]
    return position(rs, hands, [*table, *laid], builds=[(cards.mask_of(b), v, s) for b, v, s in builds])


class _Legal:
    """The legal moves, the kernel listing the same in the same order; `in` takes a move's text in
    any card order."""

    def __init__(self, pair, state):
        self.moves = state.legal_moves()
        assert kernel_turn(pair[1], state) == self.moves
        self.cards = state.cards

    def __contains__(self, text: str) -> bool:
        return parse_move(text, self.cards) in self.moves

    def values(self) -> set[int]:
        return {m.build for m in self.moves}


def _legal(pair, state) -> _Legal:
    return _Legal(pair, state)


def _play(pair, state, text):
    kernel = pair[1]
    at = kernel_turn(kernel, state, parse_move(text, state.cards))
    played = play(state, text)
    if at is not None:
        assert at[kernel.module.AT_TABLE] == state.table
        assert kernel_builds(kernel, at) == sorted(tuple(b) for b in state.builds)
    return played


def test_csh_a_house_of_9_is_broken_to_10_to_13_by_a_player_holding_the_new_value(engines):
    """CSH-2P: "if there is a breakable or uncemented house of 9 on the floor, a next player can add a card
    of 1, 2, 3 or 4 to make it a house of 10, 11, 12 or 13. For this the player must have a card of the
    capture value of the house so created." (E-S7)"""
    pair = engines["one", True]
    state = _state(pair, [["Ah", "3h", "4h", "Qc"], ["2c", "5c", "6c", "7c"]], [], [(["4d", "5d"], 9, 1)])
    moves = _legal(pair, state)
    assert "3h+4d+5d:12" in moves  # holds the queen
    assert moves.values() == {0, 12}  # holds no 10, jack or king


def test_gn_a_second_house_of_a_value_merges_into_the_first(engines):
    """GN (S19): "a second house of the same value cannot exist; plays that would make one merge into a
    cemented house": with a 9-house standing, a 5 on a loose 4 builds 9 only into it."""
    any_, one = engines["any", False], engines["one", False]
    hands, table, builds = [["5h", "9c", "2s"], ["2c", "3c", "6c"]], ["4s"], [(["3d", "6d"], 9, 1)]
    assert "5h+4s:9" in _legal(any_, _state(any_, hands, table, builds))  # two 9-builds side by side
    state = _state(one, hands, table, builds)
    moves = _legal(one, state)
    assert "5h+4s:9" not in moves and "5h+3d+4s+6d:9" in moves
    _play(one, state, "5h+3d+4s+6d:9")
    ((cards, value, changer),) = state.builds
    assert value == 9 and changer == 0 and not state._single(state.builds[0])  # one house, cemented


def test_gn_a_raise_to_a_standing_houses_value_merges_with_it(engines):
    """GN (S24): "If the resulting value matches an existing house ... they combine/auto-cement into a
    pakka house": a 7-house raised by a 2 to 9 beside a 9-house is one cemented 9-house."""
    one = engines["one", False]
    state = _state(one, [["2h", "9c", "Kc"], ["2c", "3c", "6c"]], [], [(["3d", "4d"], 7, 1), (["4s", "5s"], 9, 1)])
    moves = _legal(one, state)
    assert "2h+3d+4d+4s+5s:9" in moves and "2h+3d+4d:9" not in moves


def test_baazi_a_house_takes_in_the_loose_cards_of_its_value(engines):
    """BAAZI (E-S13, after S18): hand 7, 8, J, K, floor 8, 5, 6, Q: a 7 on the 6 builds 13 only with the
    loose 8 and 5 taken in ("BUILD 13 with[6] absorb[8, 5]")."""
    loose, absorb = engines["one", False], engines["one", True]
    hands, table = [["7h", "8h", "Jh", "Kh"], ["2c", "3c", "4c", "5h"]], ["8s", "5c", "6d", "Qs"]
    assert "7h+6d:13" in _legal(loose, _state(loose, hands, table))
    state = _state(absorb, hands, table)
    moves = _legal(absorb, state)
    assert "7h+6d:13" not in moves and "7h+5c+6d+8s:13" in moves
    _play(absorb, state, "7h+5c+6d+8s:13")
    assert state.table & ~state.built == state.cards.mask_of(["Qs"])


def test_gn_a_nine_on_a_loose_nine_is_a_cemented_house_of_9(engines):
    """GN (S18, E-S3): "9 on a loose 9 = cemented 9-house"; with absorb a 4 on a 5 beside a loose 9 takes
    the 9 in as well."""
    pair = engines["one", True]
    state = _state(pair, [["9h", "4h", "9c"], ["2c", "3c", "6c"]], ["9s", "5d"])
    moves = _legal(pair, state)
    assert "9h+9s:9" in moves
    assert "4h+5d+9s:9" in moves and "4h+5d:9" not in moves


def test_a_rule_without_meaning_is_refused_by_the_schema(validate_text):
    _, problems = validate_text("id: b\nextends: cassino\ncapture:\n  builds: {per_value: two}\n", name="b.yaml")
    (problem,) = [p for p in problems if p.code == "bad-value"]
    assert problem.line == 4 and "any, one" in problem.message


def test_the_rulebook_says_both_rules_in_five_languages(engines):
    from escoba_spec.tools.rulebook import render_rulebook

    from .engine_fixtures import rulebook_leaks

    variant = engines["one", True][0].variant
    assert rulebook_leaks(variant) == {}
    book = render_rulebook(variant, "en", "md")
    assert "Only one build of a value may stand" in book and "must take them in" in book
    assert "Une seule construction de chaque valeur" in render_rulebook(variant, "fr", "md")
    plain = render_rulebook(engines["any", False][0].variant, "en", "md")
    assert "Only one build of a value" not in plain and "must take them in" not in plain
