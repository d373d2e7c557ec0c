"""Tablić (rules/tablic.yaml): the captures, tablas and scores its sources state, in both engines.

Cards are French: `Ah` the ace of hearts, `10d` the ten of diamonds. The
sources: P pagat.com (John McLeod), S1 askarte.com, I1 DavorPenzar/tablic's
README (Croatian), I8 robertsabo0/Tablic's MozeNositiTest.java (its cases print
no answer: the expected ones are worked out under P's rules).
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState
from escoba_spec.language.validate import load_variant, validate_file, validate_option_values

from .conftest import RULES
from .engine_fixtures import both_engines, play, rulebook_leaks
from .engine_fixtures import captures_text as options

PATH = RULES / "tablic.yaml"
IDS = ["interpreted", "kernel"]


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()
COUNTED = engines(**{"last-tabla": "counted"})
LAST_CAPTURER = engines(leftovers="last-capturer")


def _sets(*groups: list[str]) -> list[str]:
    """Captures written as their sources write them, in the form `options` gives."""
    return sorted("+".join(sorted(g)) for g in groups)


def _position(rs, mine, theirs, table, stock=(), dealer=1):
    cards = rs.cards
    return HandState.setup(rs, [cards.mask_of(mine), cards.mask_of(theirs)], cards.mask_of(table),
                           [cards.parse(c) for c in stock], dealer=dealer)


def test_the_file_cites_its_sources_and_validates_cleanly_with_every_option():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []
    assert validate_option_values(PATH, variant, problems) == []


def test_the_rulebook_says_every_rule_in_every_language():
    assert rulebook_leaks(load_variant(PATH)) == {}


def test_the_ace_counts_1_or_11_and_the_courts_12_13_14():
    """P: "king=14, queen=13, jack=12, ace=1 or 11 at the choice of the player"."""
    ranks = {r.name: r.capture_values for r in load_variant(PATH).deck.ranks}
    assert (ranks["ace"], ranks["jack"], ranks["queen"], ranks["king"], ranks["seven"]) == ((1, 11), (12,), (13,), (14,), (7,))


# ------------------------------------------------------------------ captures

#: P's example table: "the cards on the table are A, 3, 6, 7, 8, Q"
TABLE = ["Ac", "3d", "6h", "7s", "8c", "Qd"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_six_takes_only_the_six(rs):
    """P: "If you play a 6, you can only capture the 6"."""
    assert options(rs, "6s", TABLE) == ["6h"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_nine_takes_ace_and_eight_with_three_and_six(rs):
    """P: "If you play a 9 you can capture (A+8) + (3+6)" - or either group alone."""
    assert options(rs, "9s", TABLE) == _sets(["Ac", "8c"], ["3d", "6h"], ["Ac", "8c", "3d", "6h"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_ten_takes_seven_and_three(rs):
    """P: "If you play a 10 you can capture 7+3". The example names one capture; the ace counted as 1
    makes another, A+3+6, and the two share the 3, so neither goes with the other."""
    assert options(rs, "10s", TABLE) == _sets(["3d", "7s"], ["Ac", "3d", "6h"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_king_takes_its_three_ways_counting_the_ace_as_1_or_11(rs):
    """P: "If you play a King (14) you could capture A+6+7, or (A+Q) + (6+8), or (A+3) + (6+8)
    (counting the Ace as 11)": those are the largest captures; each group alone is one too."""
    found = options(rs, "Ks", TABLE)
    largest = _sets(["Ac", "6h", "7s"], ["Ac", "Qd", "6h", "8c"], ["Ac", "3d", "6h", "8c"])
    assert found == sorted(set(largest) | set(_sets(["Ac", "Qd"], ["6h", "8c"], ["Ac", "3d"])))


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_five_captures_nothing(rs):
    """P: "If you play a 5 it captures nothing and remains face up on the table"."""
    assert options(rs, "5s", TABLE) == []
    state = _position(rs, ["5s", "2h"], ["9c", "Kh"], TABLE)
    play(state, "5s")
    assert sorted(rs.cards.texts(state.table)) == sorted(TABLE + ["5s"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_no_card_is_in_two_groups(rs):
    """P: "with 2, 3, 4, 7 on the table, a 9 can capture 2+3+4 or 2+7 but not both these sets at once,
    since the 2 can only belong to one of them"."""
    assert options(rs, "9s", ["2c", "3d", "4h", "7s"]) == _sets(["2c", "3d", "4h"], ["2c", "7s"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_capturing_is_never_compulsory(rs):
    """P: "you are not obliged to capture everything that you can ... or nothing at all": a ten may be
    laid beside the partner's ten."""
    state = _position(rs, ["10s", "2h"], ["9c", "Kh"], ["10c", "4d"])
    assert "10s" in [state.cards.text(m.card) for m in state.legal_moves() if not m.capture]
    play(state, "10s")
    assert sorted(state.cards.texts(state.table)) == ["10c", "10s", "4d"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_s1_a_six_pairs_then_a_king_takes_king_and_four_ten_for_a_tabla(rs):
    """S1: "na talonu se nalazi 4, 10, K, 6 ... baca 6 i nosi te dve 6-ce ... Na talonu ostaje 4, 10, K
    ... baca K i nosi sa talona K i 4-ku i 10 ... Kad igrač pokupi sve karte sa talona ... tabla"."""
    state = _position(rs, ["6s", "2h"], ["Kh", "9c"], ["4c", "10d", "Ks", "6d"], dealer=1)
    play(state, "6s+6d")
    assert sorted(state.cards.texts(state.table)) == ["10d", "4c", "Ks"]
    play(state, "Kh+Ks+4c+10d")
    assert state.table == 0 and state.sweeps == [0, 1]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_a_jack_takes_five_groups_of_twelve_at_once(rs):
    """I1: the jack of diamonds takes J; 2+10; 2+3+7; A+3+3+5 (1+3+3+5); A+A (1+11) - "nijedne dvije
    ... ne sadrže nijednu istu kartu": all thirteen cards at once."""
    groups = [["Jc"], ["2s", "10c"], ["2d", "3d", "7h"], ["As", "3h", "3s", "5c"], ["Ah", "Ac"]]
    table = [c for g in groups for c in g]
    found = options(rs, "Jd", table)
    assert "+".join(sorted(table)) in found and _sets(*groups)[0] in found


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_a_played_ace_takes_an_ace_or_groups_of_eleven(rs):
    """I1: the ace of spades takes the ace of hearts (1 = 1 or 11 = 11); A+10 (1+10); A+A+9 (1+1+9);
    A+A+A+8 (1+1+1+8)."""
    assert "Ah" in options(rs, "As", ["Ah", "5c"])
    assert "10c+Ah" in options(rs, "As", ["Ah", "10c"])
    assert "9s+Ad+Ah" in options(rs, "As", ["Ah", "Ad", "9s"])
    assert "8h+Ac+Ad+Ah" in options(rs, "As", ["Ah", "Ad", "Ac", "8h"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_a_seven_takes_three_four_four_only_with_two_threes(rs):
    """I1: a 7 cannot take 3h, 4d, 4c ("herc 3 sudjeluje u oba zbroja"), but can take 3h, 3s, 4d, 4c."""
    assert "3h+4c+4d" not in options(rs, "7s", ["3h", "4d", "4c"])
    assert "3h+3s+4c+4d" in options(rs, "7c", ["3h", "3s", "4d", "4c"])


@pytest.mark.parametrize(("rs", "played", "table", "takes"), [
    (rs, *case) for rs in BOTH for case in (
        ("Ad", ["Ah"], True), ("Kd", ["Ah"], False), ("7d", ["7h"], True), ("5d", ["2h", "3h"], True),
        ("Jd", ["Ah", "Ac"], True), ("5d", ["2h", "Ah", "Ac", "As"], True), ("8d", ["2h", "3h", "Ah", "Ac", "As"], True),
        ("Ad", ["10h", "Ah"], True), ("Kd", ["Qh", "Ah"], True), ("9d", ["2h", "3h", "Ah", "Ac", "As"], False),
        ("Ad", ["10h", "Ah", "Kh"], False), ("Kd", ["Qh", "Ah", "2h"], False),
    )], ids=[f"{e}-case{i}" for e in IDS for i in range(1, 13)])
def test_i8_whether_a_card_takes_the_whole_listed_set(rs, played, table, takes):
    """I8's twelve cases (MozeNositiTest.java): whether the played card may take every listed card."""
    assert ("+".join(sorted(table)) in options(rs, played, table)) is takes


# ------------------------------------------------------------------ tablas and the end of the hand


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_clearing_the_table_with_the_hands_last_card_is_no_tabla(rs):
    """P: "It is not possible for the dealer's team to score a tabla with this final card"."""
    state = _position(rs, ["9s"], ["2h"], ["4c", "3d"], dealer=0)
    play(state, "2h")
    play(state, "9s+4c+3d+2h")
    assert state.over and state.sweeps == [0, 0]


@pytest.mark.parametrize("rs", COUNTED, ids=IDS)
def test_i1_with_the_option_every_capture_that_empties_the_table_is_a_tabla(rs):
    """I1 (engine.py, __provjeriTablu): "Ako je nakon igracevog poteza stol prazan, dodaj mu tablu"."""
    state = _position(rs, ["9s"], ["2h"], ["4c", "3d"], dealer=0)
    play(state, "2h")
    play(state, "9s+4c+3d+2h")
    assert state.over and state.sweeps == [1, 0]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_the_cards_left_at_the_end_go_to_the_dealers_side(rs):
    """P: "all cards remaining on the table are taken by the dealer's team" - though the other side
    captured last."""
    state = _position(rs, ["5s"], ["9h"], ["4c", "Qd"], dealer=1)
    play(state, "5s")
    play(state, "9h+4c+5s")
    assert state.over and state.result.leftovers_side == 1 and state.piles[1] & rs.cards.mask_of(["Qd"])


@pytest.mark.parametrize("rs", LAST_CAPTURER, ids=IDS)
def test_s3_with_the_option_they_go_to_whoever_captured_last(rs):
    """S3: "ako ima karata koje su ostale na talonu nosi ih onaj igrač koji je poslednji nešto nosio"."""
    state = _position(rs, ["9s"], ["5h"], ["4c", "5d", "Qd"], dealer=1)
    play(state, "9s+4c+5d")
    play(state, "5h")
    assert state.over and state.result.leftovers_side == 0
    assert state.piles[0] & rs.cards.mask_of(["Qd", "5h"]) == rs.cards.mask_of(["Qd", "5h"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_the_shown_bottom_card_is_the_dealers_last(rs):
    """P: the cut's bottom card, shown to everyone, "will become the bottom card of the deck, and will
    be received by the dealer in the final phase of the deal"."""
    cards = rs.cards
    deck = list(range(cards.size))
    state = HandState.deal(rs, deck, players=2, dealer=1)
    assert state.stock[-1] == deck[-1]
    last_deal = False
    while not state.over:
        if state.stock_pos == len(state.stock) and not last_deal:  # the last round just dealt
            assert state.hands[1] >> deck[-1] & 1
            last_deal = True
        state.apply(state.legal_moves()[0])
    assert last_deal


# ------------------------------------------------------------------ scoring


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_the_cards_score_22_and_most_cards_3(rs):
    """P: "Each Ace, King, Queen or Jack: 1 point / 10 of diamonds: 2 points / Other tens: 1 point /
    2 of clubs: 1 point / The player or team with most cards: 3 points / That makes a total of 25"."""
    cards = rs.cards
    every = cards.full_mask
    mine = sum(1 << c for c in range(0, 52, 2)) | 1 << 1  # 27 cards
    score = rs.score_hand([mine, every & ~mine], [0, 0], [0, 0])
    assert sum(sum(side.values()) for side in score.points) == 25
    alone = rs.score_hand([every, 0], [2, 0], [0, 0])
    assert alone.points[0] == {"honours": 16, "tens": 3, "ten-of-diamonds": 2, "two-of-clubs": 1, "most-cards": 3,
                               "tablas": 2}


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_p_a_tie_for_most_cards_scores_nobody(rs):
    """P: "If there is a tie for most cards, no one gets the 3 points"."""
    half = sum(1 << c for c in range(0, 52, 2))
    score = rs.score_hand([half, rs.cards.full_mask & ~half], [0, 0], [0, 0])
    assert "most-cards" not in score.points[0] | score.points[1] or \
        score.points[0].get("most-cards", 0) == score.points[1].get("most-cards", 0) == 0
