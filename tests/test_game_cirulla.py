"""Cirulla (rules/cirulla.yaml): the positions its sources work out, in both engines.

Cards are Italian: `7c` the seven of coppe (the matta), `Fs` the fante of
spade, `Rd` the re of denari. P is pagat's Cirulla page (its play, bonuses
and scoring), GS giancarlosacchi/ciapachinze's tests, B belinde/cirulla's.
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState, format_move, parse_move
from escoba_spec.language.expr.env import MatchFacts
from escoba_spec.language.validate import load_variant, validate_file

from .conftest import RULES
from .engine_fixtures import both_engines, deck_order, play, position, rulebook_leaks
from .engine_fixtures import captures_text as options

PATH = RULES / "cirulla.yaml"
BOTH = both_engines(load_variant(PATH))
FEWEST = both_engines(load_variant(PATH, {"captures": "fewest-cards"}))
IDS = ["interpreted", "kernel"]


def test_the_file_cites_its_sources_and_validates_cleanly():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_queen_may_take_the_queen_five_and_four_six_and_three_or_the_six_for_15(rs):
    """P: table Q, 6, 5, 4, 3 and a Queen played: "the player may take Q, or 5+4, or 6+3, or the 6"."""
    assert options(rs, "Cd", ["Cc", "6s", "5b", "4d", "3c"]) == ["3c+6s", "4d+5b", "6s", "Cc"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_an_ace_on_a_table_holding_an_ace_takes_it_alone_or_makes_15(rs):
    """P: with an ace on the table an ace captures "the Ace alone" or by 15: on A, 3, 4, 6, 7 it may take
    3+4+7, A+3+4+6 or the ace (P's list; A+6+7 makes 15 with it too)."""
    got = options(rs, "1d", ["1c", "3s", "4b", "6d", "7s"])
    assert {"3s+4b+7s", "1c+3s+4b+6d", "1c"} <= set(got)
    assert set(got) == {"3s+4b+7s", "1c+3s+4b+6d", "1c", "1c+6d+7s"}


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_gs_an_ace_sweeps_a_table_without_an_ace_and_it_is_a_scopa(rs):
    """GS: an ace on K, 3 sweeps; on 8, 4, A only the ace; on K, 4, A the ace or K + 4."""
    assert options(rs, "1d", ["Rc", "3s"]) == ["3s+Rc"]
    assert options(rs, "1d", ["Fc", "4s", "1b"]) == ["1b"]
    assert options(rs, "1d", ["Rc", "4s", "1b"]) == ["1b", "4s+Rc"]
    state = position(rs, [["1d", "2d"], ["Rs", "Rb"]], ["Rc", "3s"])
    assert play(state, "1d+3s+Rc").sweeps == 1


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_b_an_ace_making_15_with_a_table_ace_sweeps(rs):
    """B (ace_catch_with_15_and_ace): table 1, 10, 3 and an ace played: 1 + 10 + 3 + 1 = 15, a scopa."""
    state = position(rs, [["1d", "2d"], ["Rs", "Rb"]], ["1c", "Rc", "3s"])
    assert "1c+3s+Rc" in options(rs, "1d", ["1c", "Rc", "3s"])
    assert play(state, "1d+1c+Rc+3s").sweeps == 1


@pytest.mark.parametrize("rs", FEWEST, ids=IDS)
def test_regoledelgioco_fewest_cards_first_but_a_15_is_always_allowed(rs):
    """regoledelgioco: with a 7 and 3, 5, 6, 7 on the table the simple capture takes only the 7, "è possibile
    però raccogliere il 3 e il 5 attraverso la presa da 15"."""
    assert options(rs, "7d", ["3c", "5s", "6b", "7c"]) == ["3c+5s", "7c"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_the_last_card_of_the_hand_never_scores_a_scopa(rs):
    state = position(rs, [["2d"], ["3b"]], ["Rc"], dealer=0, to_play=1)
    play(state, "3b")
    assert play(state, "2d+3b+Rc").sweeps == 0  # the hand's last play clears the table: 2 + 3 + re (10) = 15


def _dealt(rs, hands, table=("Rb", "Rs", "Cb", "5c"), later=()):
    return HandState.deal(rs, deck_order(rs.cards, hands, list(table), dealer=1, later=later), players=2, dealer=1)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_bonuses_with_the_matta_counted_as_whichever_card_helps(rs):
    """P: "♥7, ♣3, ♦4 scores 3 scope (the matta as a 2 or an ace); ♠Q ♦Q ♥7 scores 10 (the matta as a Q)"
    (with Latin cards the matta is the seven of coppe)."""
    state = _dealt(rs, [["7c", "3b", "4d"], ["Cs", "Cd", "2b"]])
    assert [(d.seat, d.id, d.points) for d in state.declared] == [(0, "low-hand", 3)]
    state = _dealt(rs, [["Cs", "Cd", "7c"], ["3s", "4s", "6s"]])
    assert [(d.seat, d.id, d.points) for d in state.declared] == [(0, "three-of-a-kind", 10)]
    assert state.sweeps == [10, 0]  # the bonuses are scope


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_two_two_two_scores_only_the_ten(rs):
    """P: "2-2-2 - only the 10 scope bonus is awarded"."""
    state = _dealt(rs, [["2d", "2c", "2s"], ["Cs", "Cd", "Fb"]])
    assert [(d.id, d.points) for d in state.declared] == [("three-of-a-kind", 10)]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_gs_hands_of_ten_or_more_declare_nothing(rs):
    """GS: S3, C3, D4 (10) scores nothing; S9, C3, H7 (the matta as an ace still makes 13) nothing."""
    assert _dealt(rs, [["3s", "3c", "4d"], ["Cs", "Rd", "Fb"]]).declared == []
    assert _dealt(rs, [["Cs", "3c", "7c"], ["Rc", "Rd", "Fb"]]).declared == []


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_bonuses_are_declared_at_every_stage_of_the_hand(rs):
    later = [[["2d", "2c", "2s"], ["Rc", "Rd", "Fb"]]]
    state = _dealt(rs, [["3s", "3c", "4d"], ["Cs", "Cd", "Fs"]], later=later)
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    assert [(d.round, d.seat, d.id) for d in state.declared] == [(2, 0, "three-of-a-kind")]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_an_opening_table_of_15_gives_the_dealer_a_scopa_and_of_30_two(rs):
    """P: A, 2, 4, J (= 15) and 5, 6, Q, K (= 30)."""
    fifteen = _dealt(rs, [["3s", "6c", "Rd"], ["Cs", "Cd", "Fs"]], table=("1d", "2b", "4b", "Fb"))
    thirty = _dealt(rs, [["3s", "6c", "Rd"], ["Cs", "Cd", "Fs"]], table=("5b", "6b", "Cb", "Rb"))
    assert (fifteen.opening.taker, fifteen.sweeps, fifteen.table) == (1, [0, 1], 0)
    assert (thirty.opening.multiple, thirty.sweeps) == (2, [0, 2])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_the_matta_is_wild_on_the_opening_table(rs):
    """P: "♣4, ♥7, ♣3, ♦6 on the table at the start can be captured by the dealer for a bonus of one
    scopa (using the wild ♥7 as a 2 to make 15)"; as a 6 it makes 30 of 5, Q, K (two scope); a table
    no value of it brings to 15 or 30 stays."""
    hands = [["3s", "6c", "Rd"], ["Cs", "Cd", "Fs"]]
    fifteen = _dealt(rs, hands, table=("4b", "7c", "3b", "6d"))
    assert (fifteen.opening.taker, fifteen.opening.multiple, fifteen.sweeps, fifteen.table) == (1, 1, [0, 1], 0)
    assert fifteen.piles[1] == rs.cards.mask_of(["4b", "7c", "3b", "6d"])  # the matta is taken as itself
    thirty = _dealt(rs, hands, table=("7c", "5b", "Cb", "Rb"))
    assert (thirty.opening.multiple, thirty.sweeps) == (2, [0, 2])
    stays = _dealt(rs, hands, table=("7c", "5b", "5d", "6b"))
    assert stays.opening is None and stays.table == rs.cards.mask_of(["7c", "5b", "5d", "6b"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_table_with_two_aces_is_dealt_again(rs):
    assert rs.redeal_wanted(rs.cards.mask_of(["1d", "1c", "5s", "Rb"]))
    assert not rs.redeal_wanted(rs.cards.mask_of(["1d", "3c", "5s", "Rb"]))


def _points(rs, pile: list[str]):
    cards = rs.cards
    return rs.score_hand([cards.mask_of(pile), 0], [0, 0], [1, 0], MatchFacts((0, 0), 1, 1)).points[0]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_la_piccola_counts_the_denari_in_sequence_from_the_ace_up_to_six(rs):
    """P: "A+2+3+4 scores 4 points"; GS: D1, D2, D3, D5, D6 scores 3 (the run breaks at the 4); the whole suit
    scores la piccola 6 and la grande 5."""
    assert _points(rs, ["1d", "2d", "3d", "4d"])["piccola"] == 4
    assert _points(rs, ["1d", "2d", "3d", "5d", "6d"])["piccola"] == 3
    assert _points(rs, ["1d", "2d"])["piccola"] == 0
    every = _points(rs, ["1d", "2d", "3d", "4d", "5d", "6d", "7d", "Fd", "Cd", "Rd"])
    assert (every["piccola"], every["grande"]) == (6, 5)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_all_ten_denari_win_the_game(rs):
    cards = rs.cards
    pile = cards.mask_of(["1d", "2d", "3d", "4d", "5d", "6d", "7d", "Fd", "Cd", "Rd"])
    assert rs.score_hand([pile, 0], [0, 0], [1, 0]).effects == ((0, "cappotto", "win-match"),)


def test_the_rulebooks_leak_nothing():
    assert rulebook_leaks(load_variant(PATH)) == {}
    assert rulebook_leaks(load_variant(PATH, {"deck": "french-40"})) == {}


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_declared_hand_lies_face_up_for_every_seat_to_see(rs):
    """P: the player knocks and places the three cards face up; "the cards stay exposed and are played from there"."""
    from escoba_spec.engine import Observation

    state = _dealt(rs, [["4d", "4c", "4s"], ["1c", "6c", "Fb"]])
    other = Observation(state, 1)
    assert other.hands[0] is None and other.shown[0] == rs.cards.mask_of(["4d", "4c", "4s"]) and other.shown[1] == 0
    assert [d.id for d in other.declared] == ["three-of-a-kind"]
    state.apply(state.legal_moves()[0])  # seat 0 plays one of them: two stay face up
    assert other.shown[0].bit_count() == 2


def test_cuarenta_announces_a_ronda_without_showing_it():
    from escoba_spec.engine import Observation

    rs = both_engines(load_variant(RULES / "cuarenta.yaml"))[0]
    order = deck_order(rs.cards, [["5d", "5c", "5s", "Ah", "Kd"], ["2d", "3c", "6s", "7h", "Jd"]], dealer=1)
    state = HandState.deal(rs, order, players=2, dealer=1)
    assert state.declared and Observation(state, 1).shown == (0, 0)


def test_simulate_counts_the_bonuses_apart_from_the_scope_of_play(capsys):
    """Issue 39: the bonuses (3 scope for nine or less, 10 for three of a kind) were folded into
    "each scopa"; simulate now keeps what each declaration scored apart, alike on both engines."""
    from escoba_spec.cli import main
    from escoba_spec.tools.simulate.matches import Context

    records = {engine: Context(str(PATH), {}, 2, 1, ["greedy", "heuristic"], engine=engine).play_chunk(5, list(range(20)))
               for engine in ("interpreted", "kernel")}
    assert records["interpreted"] == records["kernel"]
    low = three = 0
    for r in records["kernel"]:
        made = r["declared_sweeps"]
        assert set(made) == {"low-hand", "three-of-a-kind"}
        for side in range(2):
            assert made["low-hand"][side] % 3 == 0 and made["three-of-a-kind"][side] % 10 == 0
            assert made["low-hand"][side] + made["three-of-a-kind"][side] <= r["sweeps"][side]
            low, three = low + made["low-hand"][side], three + made["three-of-a-kind"][side]
    assert low > 0 and three > 0
    assert main(["simulate", str(PATH), "--games", "20", "--seed", "5", "--bots", "greedy,heuristic"]) == 0
    out = capsys.readouterr().out
    assert "of which by play:" in out and "of which declared, Nine or less (low-hand):" in out


def _texts(state) -> list[str]:
    return [format_move(m, state.cards) for m in state.legal_moves()]


def _offers(state, text: str) -> bool:
    return parse_move(text, state.cards) in state.legal_moves()


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_matta_declared_as_a_two_or_an_ace_is_named_by_its_holder_and_plays_as_that(rs):
    """P: "♥7, ♣3, ♦4 scores 3 scope, declaring the ♥7 as either a 2 or an Ace. (It would be declared
    as a 2 if the table cards were for example Ace, 5, 7, so as to capture all three cards by making
    15)"; "it retains its value of 2 for the purpose of capture"."""
    state = _dealt(rs, [["7c", "3b", "4d"], ["Cs", "Cd", "2b"]], table=("1s", "5b", "7s", "Rd"))
    assert state.to_play == 0 and _texts(state) == ["7c=1", "7c=2"]  # the two readings worth 3 scope
    assert play(state, "7c=2").capture == 0 and state.to_play == 0 and not state.history  # a naming, no play
    assert state.hands[0] == rs.cards.mask_of(["7c=2", "3b", "4d"])
    assert _offers(state, "7c=2+1s+5b+7s")  # 2 + 1 + 5 + 7 = 15
    assert not _offers(state, "7c=2+5b")  # as a 2 it no longer makes 7 + 5 + ... : 2 + 5 is no capture
    taken = play(state, "7c=2+1s+5b+7s")
    assert state.piles[0] == rs.cards.mask_of(["7c", "1s", "5b", "7s"])  # in the pile, the seven itself
    assert taken.capture == rs.cards.mask_of(["1s", "5b", "7s"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_matta_declared_as_a_queen_plays_as_one_at_once(rs):
    """P: "♠Q, ♦Q, ♥7 would score the same, declaring the ♥7 as a Queen (capture value 9)": one
    reading is worth the ten scope, so there is nothing to name; it takes a cavallo as a cavallo."""
    state = _dealt(rs, [["Cs", "Cd", "7c"], ["3s", "4s", "6s"]], table=("Cb", "2b", "2d", "5c"))
    assert [(d.seat, d.id, d.points) for d in state.declared] == [(0, "three-of-a-kind", 10)]
    assert state.hands[0] == rs.cards.mask_of(["Cs", "Cd", "7c=C"])
    assert _offers(state, "7c=C+Cb") and not _offers(state, "7c=C+2b+5c")  # 9 takes the 9, not 2 + 5


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_matta_named_an_ace_sweeps_a_table_without_an_ace(rs):
    """P: "if it is named as an Ace it can be played to capture all the cards from the table if they do
    not include another Ace": the matta with two aces is three of a kind as an ace only."""
    state = _dealt(rs, [["7c", "1b", "1d"], ["3s", "4s", "6s"]], table=("Cb", "2b", "Rd", "5c"))
    assert state.hands[0] == rs.cards.mask_of(["7c=1", "1b", "1d"])
    assert _offers(state, "7c=1+2b+5c+Cb+Rd") and not _offers(state, "7c=1+5c+Cb")  # the ace's sweep first
    swept = play(state, "7c=1+2b+5c+Cb+Rd")
    assert swept.sweeps == 1 and state.table == 0
    assert state.piles[0] == rs.cards.mask_of(["7c", "2b", "5c", "Cb", "Rd"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_matta_trailed_as_a_two_is_taken_as_a_two_and_scores_as_the_seven(rs):
    """P: "if it is named as a 2 and played to the table, it retains its value of 2 for the purpose of
    capture"; in scoring "however it was used it just counts as the seven"."""
    state = _dealt(rs, [["7c", "3b", "4d"], ["2s", "Cd", "Fb"]], table=("Rb", "Rs", "Cb", "6c"))
    play(state, "7c=2")
    play(state, "7c=2")  # trailed: it lies on the table as a 2
    assert state.table >> rs.cards.parse("7c=2") & 1
    assert _offers(state, "2s+7c=2") and not _offers(state, "Cd+6c+7c=2")  # a 2 takes it; 9 is not 6 + 7
    play(state, "2s+7c=2")
    assert state.piles[1] == rs.cards.mask_of(["2s", "7c"])


@pytest.mark.parametrize("rs", [both_engines(load_variant(PATH, {"matta": "ordinary"}))[0]], ids=["interpreted"])
def test_with_the_matta_ordinary_a_declared_hand_keeps_its_seven(rs):
    state = _dealt(rs, [["7c", "3b", "4d"], ["Cs", "Cd", "2b"]])
    assert [(d.seat, d.id, d.points) for d in state.declared] == [(0, "low-hand", 3)]
    assert state.hands[0] == rs.cards.mask_of(["7c", "3b", "4d"]) and "7c" in _texts(state)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_an_illegal_play_before_naming_says_to_name_first(rs):
    state = _dealt(rs, [["7c", "3b", "4d"], ["Cs", "Cd", "2b"]])
    reasons = state.explain_illegal(parse_move("3b", rs.cards))
    assert reasons and "names the rank 7c plays as first" in reasons[0] and "7c=1, 7c=2" in reasons[0]
