"""Seep's houses as `capture.builds` says them: one build per value (`per_value: one`), loose cards
of a build's value taken in (`absorb`) and owners on both sides (`owners: shared`), in both engines.

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
    owners: {owners}
    duties: [keep-card]
"""


@pytest.fixture(scope="module")
def engines(tmp_path_factory):
    """(interpreter, kernel) per (per_value, absorb), and per owners under "owners" and "last"."""
    folder = tmp_path_factory.mktemp("houses")
    out = {}
    for per_value, absorb, owners in (("any", "false", "last"), ("one", "false", "last"), ("one", "true", "last"),
                                      ("one", "true", "shared")):
        path = folder / f"houses-{per_value}-{absorb}-{owners}.yaml"
        path.write_text(HOUSES.replace("{per_value}", per_value).replace("{absorb}", absorb)
                        .replace("{owners}", owners), encoding="utf-8")
        variant = load_variant(path)
        pair = (Interpreter(variant), load_kernel(variant, native=False))
        out[owners if owners == "shared" else (per_value, absorb == "true")] = pair
    out["last"] = out["one", True]
    path = folder / "houses-maximal.yaml"  # Seep's compulsory, maximal capture
    path.write_text(HOUSES.replace("{per_value}", "one").replace("{absorb}", "true").replace("{owners}", "shared")
                    .replace("    - {id: courts, drop: true}\n", "    - {id: courts, drop: true}\n"
                             "    - {id: sum, take: sum, sets: maximal}\n  obligation: played-card\n"), encoding="utf-8")
    variant = load_variant(path)
    out["maximal"] = (Interpreter(variant), load_kernel(variant, native=False))
    return out


def _state(pair, hands, table, builds=(), **kwargs):
    """A position with builds: each (cards as text, value, the seat that changed it last[, owners])."""
    rs, _ = pair
    cards = rs.cards
    laid = [c for b, *_ in builds for c in b]
    return position(rs, hands, [*table, *laid], builds=[(cards.mask_of(b), *rest) for b, *rest in builds], **kwargs)


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
    ((cards, value, changer, _),) = state.builds
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


def _capturing(book: str) -> str:
    """The rulebook's section on capturing (the differences from Cassino, elsewhere, quote its words)."""
    return book.split("\n## Capturing\n")[1].split("\n## ")[0]


def _owners(state) -> list[list[int]]:
    return [[s for s in range(state.n) if b.owners >> s & 1] for b in state.builds]


def test_gn_an_opponent_who_cements_a_house_is_its_second_owner_a_partner_is_not(engines):
    """GN (S20, S21): "an opponent who cements/adds becomes a second owner (both teams may own one house)
    ... A partner who adds to their partner's house does not become an owner"; TWEE: "Cemented houses can
    have multiple owners. This happens when the house is cemented by an opponent of the original owner."
    Seats 0 and 2 are partners against 1 and 3; seat 0 built the 9."""
    for name, after_opponent, after_partner in (("shared", [[0, 1]], [[0, 1]]), ("last", [[1]], [[2]])):
        pair = engines[name]
        hands = [["2h", "3h", "4h"], ["9c", "9d", "5s"], ["9s", "9h", "7c"], ["4c", "6s", "8s"]]
        state = _state(pair, hands, [], [(["4d", "5d"], 9, 0)], dealer=0, team_size=2)  # seat 1 plays first
        _play(pair, state, "9c+4d+5d:9")  # the opponent cements it with a 9
        assert _owners(state) == after_opponent
        _play(pair, state, "9s+4d+5d+9c:9")  # the partner adds another 9: no owner more (shared)
        assert _owners(state) == after_partner


def test_gn_a_player_who_breaks_a_house_is_its_only_owner_and_an_owner_keeps_its_value(engines):
    """GN (S20, S24): "a break transfers ownership to the breaker (the previous owner's obligation ends)";
    "An owner must keep a card of the house's value in hand until the house is picked up or broken";
    breaking is "never your own"."""
    pair = engines["shared"]
    hands = [["2h", "Jh", "9h", "9c"], ["2c", "Jc", "3s", "4s"], ["Ac", "5h", "6h", "8h"], ["2s", "7s", "6c", "8c"]]
    state = _state(pair, hands, ["10d"], [(["4d", "5d"], 9, 0)], dealer=3, team_size=2)  # seat 0's house
    moves = _legal(pair, state)
    assert "2h+4d+5d:11" not in moves  # never one's own
    assert "9h" in moves and "9c" in moves  # a trail of one 9 keeps the other
    _play(pair, state, "9h")
    assert "2c+4d+5d:11" in _legal(pair, state)  # an opponent holding a jack breaks it
    _play(pair, state, "2c+4d+5d:11")
    assert _owners(state) == [[1]]  # the breaker alone: seat 0 may now play its last 9
    _play(pair, state, "Ac")
    _play(pair, state, "2s")
    assert "9c" in _legal(pair, state)


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


def test_shared_owners_with_nothing_to_bear_is_a_located_warning(validate_text):
    text = "id: b\nextends: cassino\ncapture:\n  builds: {owners: shared, duties: []}\n"
    _, problems = validate_text(text, name="b.yaml")
    (problem,) = [p for p in problems if p.code == "owners-unused"]
    assert problem.severity == "warning" and problem.line == 4 and problem.hint


def test_the_rulebook_says_who_owns_a_shared_build_and_binds_its_owners(engines):
    from escoba_spec.tools.rulebook import render_rulebook

    from .engine_fixtures import rulebook_leaks

    variant = engines["shared"][0].variant
    assert rulebook_leaks(variant) == {}
    book = render_rulebook(variant, "en", "md")
    assert "becomes its only owner" in book and "While a build you own lies on the table" in book
    assert "you were the last to make or change" not in _capturing(book)  # only where it differs from Cassino
    assert "dont vous êtes propriétaire" in render_rulebook(variant, "fr", "md")


def _captures(pair, card, table):
    """The captures of `card` on `table` in both engines (their step functions), as sorted texts."""
    from .engine_fixtures import captures_text

    mine = captures_text(pair[1].ruleset(), card, table)
    assert captures_text(pair[0], card, table) == mine
    return mine


def test_gn_a_jack_over_2_3_5_6_takes_2_3_6_or_5_6_and_nothing_less(engines):
    """GN (E-S1, pagat as cited): "J over floor 2,3,5,6 gives exactly two legal choices - 2+3+6 or 5+6 - the
    remainder stays": the two groups share the 6, so neither leaves the other to take."""
    assert _captures(engines["maximal"], "Jh", ["2c", "3c", "5c", "6c"]) == ["2c+3c+6c", "5c+6c"]


def test_gn_a_jack_must_take_the_loose_jack_and_a_set_making_11_together(engines):
    """GN (E-S2, S26): "the J *must* take 2+9 and the loose J, leaving only the K"; with sets: many it
    could take either alone."""
    assert _captures(engines["maximal"], "Jh", ["Jc", "2c", "9d", "Kc"]) == ["2c+9d+Jc"]
    assert _captures(engines["shared"], "Jh", ["Jc", "2c", "9d", "Kc"]) == ["2c+9d", "2c+9d+Jc", "Jc"]


def test_gn_a_card_takes_every_house_of_its_value_with_the_loose_groups(engines):
    """GN (S25, S26): "All matching items must be taken together: every house of the played value plus
    loose cards/sets"; and it may not be trailed while it could take them (S16)."""
    pair = engines["maximal"]
    state = _state(pair, [["9h", "2h", "Kh"], ["2c", "3c", "6c"]], ["4s", "5s"], [(["3d", "6d"], 9, 1)])
    moves = _legal(pair, state)
    assert "9h+3d+6d+4s+5s" in moves and "9h+3d+6d" not in moves and "9h+4s+5s" not in moves
    assert "9h" not in moves


def test_the_rulebook_says_a_capture_takes_every_group_and_house_it_can(engines):
    from escoba_spec.tools.rulebook import render_rulebook

    from .engine_fixtures import rulebook_leaks

    variant = engines["maximal"][0].variant
    assert rulebook_leaks(variant) == {}
    rules = _capturing(render_rulebook(variant, "en", "md"))
    assert "as many as can be: a capture may not leave a group it could have taken as well" in rules
    assert "takes with it every build and every loose group of the same value it can" in rules
    assert "aucune carte n'étant dans deux, et autant que possible" in render_rulebook(variant, "fr", "md")
