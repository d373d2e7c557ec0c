"""Cassino (rules/cassino.yaml): the positions pagat works out, builds above all.

P is pagat's Casino page as the abartnof/cassino research notes quote it
(research/02-pagat-and-modern-rules.md, A.3), D Dick's American Card Player
(1866) as research/03 quotes it. Suits are not given by the sources; the ones
here are any. Every position is also handed to the kernel, as the expert hands it one: it must
list the interpreter's legal moves in the same order, and each play must leave it the same table
and builds.
"""

from __future__ import annotations

import pytest

from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import parse_move
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant, validate_file

from .conftest import RULES
from .engine_fixtures import play, position
from .kernel_support import kernel_builds, kernel_turn

PATH = RULES / "cassino.yaml"
RS = Interpreter(load_variant(PATH))
OTHERS = Interpreter(load_variant(PATH, {"raise-own": "others"}))
#: each interpreter's kernel, run as plain Python (the code numba compiles; test_kernel_parity plays it natively)
KERNELS = {id(RS): load_kernel(load_variant(PATH), native=False),
           id(OTHERS): load_kernel(load_variant(PATH, {"raise-own": "others"}), native=False)}


def _legal(state):
    """The interpreter's legal moves, the kernel listing the same in the same order."""
    moves = state.legal_moves()
    assert kernel_turn(KERNELS[id(state.rs)], state) == moves
    return moves


def _offers(state, text: str) -> bool:
    return parse_move(text, state.cards) in _legal(state)


def _play(state, text: str):
    """`play`, the kernel playing the same move from the same position to the same table and builds."""
    kernel = KERNELS[id(state.rs)]
    at = kernel_turn(kernel, state, parse_move(text, state.cards))
    played = play(state, text)
    if at is not None:  # the hand goes on
        module = kernel.module
        assert (at[module.AT_TABLE], at[module.AT_SEAT]) == (state.table, state.to_play)
        assert kernel_builds(kernel, at) == sorted(tuple(b) for b in state.builds)
    return played


def _built(rs, hands, table, builds, **kwargs):
    """A position with builds: each (cards as text, value, the seat that changed it last)."""
    cards = rs.cards
    laid = [c for cards_, _, _ in builds for c in cards_]
    return position(rs, hands, [*table, *laid], builds=[(cards.mask_of(b), v, s) for b, v, s in builds], **kwargs)


def test_the_file_cites_its_sources_and_validates_cleanly():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []


def test_p_a_court_takes_one_court_of_its_rank_not_both():
    """P: two queens on the table, a queen played captures one, "but not both"."""
    state = position(RS, [["Qh", "2c"], ["3c", "4c"]], ["Qd", "Qs"])
    assert _offers(state, "Qh+Qd") and _offers(state, "Qh+Qs") and not _offers(state, "Qh+Qd+Qs")


def test_p_an_eight_takes_several_sets_but_each_card_once():
    """P: with A 2 3 5 6 8 on the table an eight "could capture 8 6 2 5 3 or 8 5 2 A, but not all six"."""
    state = position(RS, [["8h", "Kc"], ["3c", "4c"]], ["Ad", "2d", "3d", "5d", "6d", "8d"])
    assert _offers(state, "8h+8d+6d+2d+5d+3d") and _offers(state, "8h+8d+5d+2d+Ad")
    assert not _offers(state, "8h+Ad+2d+3d+5d+6d+8d")


def test_p_a_three_on_a_five_builds_eight_for_a_player_holding_an_eight():
    """P: holding 3 and 8 with a 5 on the table, a player "may put the 3 on the 5 and announce building 8"."""
    state = position(RS, [["3h", "8c"], ["2c", "4c"]], ["5d"])
    assert _offers(state, "3h+5d:8")
    _play(state, "3h+5d:8")
    assert [(state.cards.texts(b.cards), b.value, b.changer) for b in state.builds] == [(["5d", "3h"], 8, 0)]
    assert state.table == state.cards.mask_of(["3h", "5d"]) and state.to_play == 1


def test_p_one_three_captures_builds_six_or_builds_three_but_not_four_or_five():
    """P: A and 2 on the table, holding two 3s and a 6: a 3 may capture A+2, build 6, or make a
    multiple build of 3; not build 4 or 5, since the player holds neither."""
    state = position(RS, [["3h", "3c", "6s"], ["2c", "4c", "Kc"]], ["Ad", "2d"])
    moves = {m for m in _legal(state) if m.card == state.cards.parse("3h")}
    texts = sorted(m.text(state.cards) for m in moves)
    assert {"3h+Ad+2d", "3h+Ad+2d:6", "3h+Ad+2d:3"} <= set(texts)
    assert not any(t.endswith((":4", ":5")) for t in texts)


def test_p_a_two_makes_a_five_card_multiple_seven_build():
    """P: table 3, 4, 5, 7; holding 2 and 7: the 2 makes a multiple 7-build of 5+2, 3+4 and 7."""
    state = position(RS, [["2h", "7c"], ["Jc", "Kc"]], ["3d", "4d", "5d", "7d"])
    assert _offers(state, "2h+3d+4d+5d+7d:7")
    _play(state, "2h+3d+4d+5d+7d:7")
    (build,) = state.builds
    assert build.value == 7 and not state._single(build)  # three sets: it can never change value


def test_p_a_build_and_a_loose_set_of_its_value_are_taken_together():
    """P: a build of 9 of yours, a 5 on the table, and the player before you plays a 4: "you can capture
    the 4 and the 5 at the same time that you take in your build"."""
    state = _built(RS, [["9h", "Kc"], ["Jc", "Qc"]], ["5d", "4s"], [(["6c", "3d"], 9, 0)])
    assert _offers(state, "9h+6c+3d+5d+4s") and _offers(state, "9h+6c+3d")
    taken = _play(state, "9h+6c+3d+5d+4s")
    assert state.table == 0 and not state.builds and taken.capture == state.cards.mask_of(["6c", "3d", "5d", "4s"])


def test_p_a_build_is_never_part_of_a_sum():
    """P: "You cannot play a 9 to take the build of 7 plus the 2 - the build can only be captured with a 7"."""
    state = _built(RS, [["9h", "7s", "Kc"], ["Jc", "Qc", "Kd"]], ["2d"], [(["4c", "3d"], 7, 1)])
    assert not any(m.capture & state.built for m in _legal(state) if m.card == state.cards.parse("9h"))
    assert _offers(state, "7s+4c+3d")


def test_p_two_fives_are_building_ten_or_building_five_and_the_call_fixes_the_taker():
    """P: two 5s are announced "building 10" (single) or "building 5" (multiple); the number fixes the taker."""
    state = position(RS, [["5h", "5c", "10s"], ["5s", "10c", "Kc"]], ["5d"])
    assert _offers(state, "5h+5d:10") and _offers(state, "5h+5d:5")
    _play(state, "5h+5d:10")
    assert _offers(state, "10c+5h+5d") and not any(m.capture & state.built for m in _legal(state)
                                                     if m.card == state.cards.parse("5s"))


def test_p_example_a_a_single_build_is_raised_twice():
    """P, example A: two 3s announced as 6; a player holding 2 and 8 adds the 2, "building 8"; the next,
    holding A and 9, adds the A, "building 9"."""
    state = _built(RS, [["2h", "8c"], ["Ad", "9s"], ["Kc", "Qc"]], [], [(["3c", "3d"], 6, 2)], dealer=2)
    _play(state, "2h+3c+3d:8")
    assert [(b.value, b.changer) for b in state.builds] == [(8, 0)]
    _play(state, "Ad+2h+3c+3d:9")
    assert [(b.value, b.changer) for b in state.builds] == [(9, 1)]


def test_p_example_b_no_table_card_may_change_a_single_builds_value():
    """P, example B: table A, 2, 4 with A + 4 built to 5; holding 3, 8, 10: the 3 may build 8 on it, but
    may not take in the loose 2 to make 10."""
    state = _built(RS, [["3h", "8c", "10s"], ["Jc", "Qc", "Kc"]], ["2d"], [(["Ac", "4d"], 5, 1)])
    assert _offers(state, "3h+Ac+4d:8")
    assert not _offers(state, "3h+Ac+2d+4d:10")


def test_p_example_c_a_raise_takes_in_a_loose_card_of_the_new_value_and_is_multiple():
    """P, example C: 3 + 4 built to 7 and a separate 9; holding 2 and 9, play the 2 on the 7-build and take in
    the 9: "building nine", a multiple build now."""
    state = _built(RS, [["2h", "9c"], ["Jc", "Qc"]], ["9d"], [(["3c", "4d"], 7, 1)])
    assert _offers(state, "2h+3c+4d+9d:9")
    _play(state, "2h+3c+4d+9d:9")
    (build,) = state.builds
    assert build.value == 9 and not state._single(build)


def test_p_the_player_who_changed_a_build_last_may_not_trail_nor_play_its_last_card_of_that_value():
    """P: with a build "which you created or added to yourself" standing, "you are not allowed simply to
    trail", and not "to play so as to leave yourself with no card equal to the value of this build"."""
    state = _built(RS, [["8h", "Kc", "2s"], ["Jc", "Qc", "Kd"]], ["Jd"], [(["5d", "3c"], 8, 0)])
    moves = [m.text(state.cards) for m in _legal(state)]
    assert "Kc" not in moves and "2s" not in moves and "8h" not in moves  # no trail, the 8 kept
    assert "8h+5d+3c" in moves  # its 8 takes the build
    other = _built(RS, [["Jc", "Qc", "Kd"], ["8h", "Kc", "2s"]], ["Jd"], [(["5d", "3c"], 8, 1)])
    assert "Kd" in [m.text(other.cards) for m in _legal(other)]  # another player's build: trail freely


def test_d_the_option_others_forbids_raising_ones_own_build():
    """D (1866): A plays a 2 on a 7, making it 9; "Can A play his ace and make it ten? Answer. He cannot"."""
    state = _built(OTHERS, [["Ah", "9c", "10c"], ["Jc", "Qc", "Kd"]], [], [(["7d", "2d"], 9, 0)])
    assert not _offers(state, "Ah+7d+2d:10")
    assert _offers(_built(RS, [["Ah", "9c", "10c"], ["Jc", "Qc", "Kd"]], [], [(["7d", "2d"], 9, 0)]), "Ah+7d+2d:10")


@pytest.mark.parametrize("players, team_size", [(2, 1), (3, 1), (4, 2)])
def test_a_whole_hand_leaves_no_build_standing_and_every_card_in_one_place(players, team_size):
    """The duties make every build's maker take it in the end: no hand ends with one on the table."""
    from escoba_spec.engine import HandState
    from escoba_spec.engine.bots import GreedyBot, HeuristicBot, RandomBot
    from escoba_spec.engine.observation import Observation

    built = 0
    for seed in range(20):
        state = HandState.deal(RS, seed=seed, players=players, team_size=team_size)
        bots = [(RandomBot, GreedyBot, HeuristicBot)[(seed + s) % 3](seed + s) for s in range(players)]
        while not state.over:
            move = bots[state.to_play].choose(Observation(state, state.to_play), state.legal_moves())
            built += bool(move.build)
            state.apply(move)
            state.check_invariants()
        assert not state.builds and sum(p.bit_count() for p in state.result.piles) + state.set_aside.bit_count() == 52
    assert built  # the bots do build


@pytest.mark.parametrize("extra, codes", [
    ("capture:\n  builds: {lowest: 9, highest: 5}\n", ["build-values-empty"]),
    ("capture:\n  builds: {lowest: 11, highest: 13}\n", ["build-values-unheld"]),
    ("capture:\n  builds: {raise: none, raise_own: false}\n", ["raise-field-unused"]),
    ("capture:\n  obligation: none\n  missed_capture_claim: true\n  builds: {}\n", ["builds-with-claims"]),
    ("deck:\n  jokers: {count: 2, values: [1, 2]}\ncapture:\n  builds: {}\n", ["builds-with-choices"]),
    ("capture:\n  builds: {duties: [no-trail, sometimes]}\n", ["bad-value"]),
])
def test_a_build_rule_with_no_meaning_is_a_located_error(validate_text, extra, codes):
    """Values no build can announce or no card can take, a raise field with no raise, builds beside claims
    of missed captures or cards of a chosen value: each said where it is, with a hint."""
    _, problems = validate_text(f"id: b\nextends: cassino\n{extra}", name="b.yaml")
    got = [p.code for p in problems]
    assert all(code in got for code in codes), got
    assert all(p.line > 0 and p.hint for p in problems if p.code in codes)


def test_a_stack_table_has_no_builds(validate_text):
    _, problems = validate_text("id: b\nextends: pisti\ncapture:\n  builds: {}\n", name="b.yaml")
    assert "stack-needs-spread" in [p.code for p in problems]


def test_a_leftover_check_with_builds_is_a_located_error(validate_text):
    """A build is taken by a card of its value whatever the French Escoba's 15 adds up to: its check cannot hold."""
    _, problems = validate_text("id: b\nextends: escoba-francesa\ncapture:\n  builds: {}\n", name="b.yaml")
    (problem,) = [p for p in problems if p.code == "checksum-with-builds"]
    assert problem.severity == "error" and problem.line > 0 and problem.hint


def test_a_position_with_more_moves_than_the_engines_list_is_said_not_searched_for_ever():
    """Twenty loose small cards: an 8 takes them in more groups at once than the engines list
    (MOST_MOVES), so the interpreter stops with TooManyMoves, as the kernel's status does, where its
    search once ran for minutes (a house rule's wide tables: Scopa a perdere with builds)."""
    from escoba_spec.engine.errors import TooManyMoves
    from escoba_spec.engine.kernel import TOO_MANY_MOVES, status_error

    table = [f"{r}{s}" for s in "dhs" for r in ["A", "2", "3", "4", "5", "6", "7"]][:20]
    state = position(RS, [["8c", "10h"], ["9c", "2c"]], table)
    with pytest.raises(TooManyMoves, match="more legal moves than the engines list"):
        state.legal_moves()
    assert isinstance(status_error(TOO_MANY_MOVES), TooManyMoves)
