"""Pişti (rules/pisti.yaml): the positions and scores its sources state, in both engines.

Cards are French: `10d` the ten of diamonds, `Js` the jack of spades. The
sources: PG pagat.com (John McLeod, through its gambiter.com copy), UB the
Ultimate Book of Card Games, LO Lödige, IS iskambilci.com, I1
cemvural00/pisti-rl-framework's tests, I3 crainbf/pisti's doctest, I4
umuterturk/pisti's tests.
"""

from __future__ import annotations

import random

import pytest

from escoba_spec.engine import HandState, Observation
from escoba_spec.language.validate import load_variant, validate_file, validate_option_values

from .conftest import RULES
from .engine_fixtures import both_engines, moves_text, play, rulebook_leaks

PATH = RULES / "pisti.yaml"
IDS = ["interpreted", "kernel"]


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()
LAST_COUNTED = engines(**{"last-play": "counted"})
JACK_TEN = engines(**{"jack-pisti": "ten"})
ANY_JACK = engines(**{"jack-pisti": "any-jack"})
UNDER_STOCK = engines(**{"starting-jack": "under-stock"})


def _stack(rs, mine, theirs, stack, face_down=(), stock=("2h", "3h")):
    """Seat 0 holds `mine` and plays first; seat 1 holds `theirs`; the stack bottom to top,
    `face_down` under it; `stock` still to deal."""
    cards = rs.cards
    return HandState.setup(rs, [cards.mask_of(mine), cards.mask_of(theirs)], stack=[cards.parse(c) for c in stack],
                           face_down=cards.mask_of(face_down), stock=[cards.parse(c) for c in stock], dealer=1)


def _scored(state) -> dict[str, int]:
    """The points each event scored in the hand so far, by id (side 0 and 1 added up)."""
    out: dict[str, int] = {}
    for event in state.events:
        out[event.id] = out.get(event.id, 0) + event.points
    return out


def test_the_file_cites_its_sources_and_validates_cleanly_with_every_option():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []
    assert validate_option_values(PATH, variant, problems) == []


def test_the_rulebook_says_every_rule_in_every_language():
    assert rulebook_leaks(load_variant(PATH)) == {}


# ------------------------------------------------------------------ what a play captures


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_ub_a_card_of_the_top_cards_rank_takes_the_whole_pile(rs):
    """UB: "You capture the pile by playing a card matching the rank of the topmost discard (7
    captures 7, queen captures queen, etc.)"; eightygames: "If the rank of the top card is the same
    as the card played, the player captures the whole pile" - it is not laid on the pile instead."""
    state = _stack(rs, ["7s", "Qs"], ["4c"], ["2c", "9d", "7h"])
    assert moves_text(state) == ["7s+9d+7h+2c", "Qs"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_ub_any_jack_takes_the_pile_whatever_its_top_card(rs):
    """UB: "Playing any jack captures the entire pile, regardless of the topmost discard's rank";
    eightygames: "Jacks are wild and always capture the pile"."""
    state = _stack(rs, ["Js"], ["4c"], ["2c", "9d", "7h"])
    assert moves_text(state) == ["Js+9d+7h+2c"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_only_the_top_card_is_matched(rs):
    """PG: "Cards are played to a central pile, which can be captured by matching the previous card
    played": a card under the top one is no match."""
    state = _stack(rs, ["2s"], ["4c"], ["2c", "9d"])
    assert moves_text(state) == ["2s"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_a_jack_on_an_empty_table_captures_nothing_and_a_trail_becomes_the_top(rs):
    """I1: "Jack does not capture an empty table"; eightygames: "If the player did not capture the
    card played becomes the new top card"."""
    state = _stack(rs, ["Js", "5d"], ["4c", "5c"], [])
    assert moves_text(state) == ["5d", "Js"]
    play(state, "Js")
    assert [rs.cards.text(c) for c in state.stack] == ["Js"] and state.piles == [0, 0]
    play(state, "4c")
    assert [rs.cards.text(c) for c in state.stack] == ["Js", "4c"]


# ------------------------------------------------------------------ the pişti


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_is_a_lone_card_taken_by_its_own_rank_is_a_pisti_of_10(rs):
    """IS: "If there is a single card played, and the next player plays the same rank card, that
    is called pishti"; UB: "A pisti, worth 10 bonus points"."""
    state = _stack(rs, ["8h", "3d"], ["8s", "Kc"], [])
    play(state, "8h")
    play(state, "8s+8h")
    assert _scored(state) == {"pisti": 10} and [e.side for e in state.events] == [1]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_the_first_capture_takes_the_face_down_cards_and_is_no_pisti(rs):
    """I1 test_rank_match_capture_and_points: 5s on the face-up 5h captures "1 table card + played
    card + 3 hidden center", 5 cards; "No pişti: hidden center cards were under the pile"."""
    state = _stack(rs, ["5s", "6s"], ["6h", "7h"], ["5h"], face_down=["2s", "3s", "4s"])
    play(state, "5s+5h")
    assert state.piles[0].bit_count() == 5 and _scored(state) == {}
    assert state.down == 0 and state.hidden == rs.cards.mask_of(["2s", "3s", "4s"])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_a_jack_taking_a_lone_card_of_another_rank_is_no_pisti(rs):
    """I1 test_jack_captures_but_no_pisti_on_single_nonjack: J takes a lone 6h, no pişti."""
    state = _stack(rs, ["2d", "Js"], ["6h", "9c"], [])
    play(state, "2d")
    play(state, "6h")  # no capture: the 6 goes on the 2, a pile of two
    play(state, "Js+6h+2d")
    assert _scored(state) == {}
    state = _stack(rs, ["Js", "9d"], ["6h", "9c"], [], stock=())
    play(state, "9d")
    play(state, "9c+9d")  # a pişti for side 1
    play(state, "Js")  # on the empty table
    play(state, "6h")  # no: a 6 on the jack
    assert _scored(state) == {"pisti": 10}


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i1_a_jack_on_a_lone_jack_is_a_pisti_of_20_instead_of_10(rs):
    """I1 test_double_pisti_jack_on_jack: J♥ alone on the table, J♠ takes it for 20; UB: "When a jack
    captures a lone jack, the pisti bonus is doubled to 20"."""
    state = _stack(rs, ["Js", "3d"], ["Jh", "9c"], ["Jc"])
    play(state, "Js+Jc")
    assert _scored(state) == {"jack-pisti": 20}


@pytest.mark.parametrize("rs", JACK_TEN, ids=IDS)
def test_with_the_option_a_pisti_of_jacks_is_worth_10_like_any(rs):
    """ErdemAkz/Pisti_against_AI: "Pisti will count as 10 points everytime"."""
    state = _stack(rs, ["Js", "3d"], ["Jh", "9c"], ["Jc"])
    play(state, "Js+Jc")
    assert _scored(state) == {"pisti": 10}


@pytest.mark.parametrize("rs", ANY_JACK, ids=IDS)
def test_with_the_option_any_jack_taking_a_lone_card_is_a_pisti_of_20(rs):
    """selinkirca.github.io: "Yerde tek kart varken eşleşme ya da J ile almak pişti sayılır"."""
    state = _stack(rs, ["Js", "3d"], ["Jh", "9c"], ["6c"])
    play(state, "Js+6c")
    assert _scored(state) == {"jack-pisti": 20}


@pytest.mark.parametrize(("rs", "points"), [*zip(BOTH, [{}, {}]), *zip(LAST_COUNTED, [{"pisti": 10}] * 2)],
                         ids=[f"{e}-{o}" for o in ("default", "counted") for e in IDS])
def test_ub_no_pisti_on_the_very_last_card_played_unless_the_option_counts_it(rs, points):
    """UB: "You may score a pisti at any point in the game except on the very first and very last
    cards played"; the engines of I1 and I3 count it there."""
    state = _stack(rs, ["8s"], ["8h"], [], stock=())
    play(state, "8s")
    play(state, "8h+8s")
    assert state.over and _scored(state) == points


# ------------------------------------------------------------------ the deal


def _deck(rs, texts) -> list[int]:
    """A deck order: the cards named first, in order, then every other card in index order."""
    cards = rs.cards
    named = [cards.parse(t) for t in texts]
    return named + [c for c in range(cards.size) if c not in named]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_pg_four_cards_to_the_centre_three_face_down_one_up_the_bottom_card_seen_by_all(rs):
    """PG: "deals the top four cards face down to the centre of the table, and then a packet of four
    cards to each player ... The dealer turns one card of the four ... face up, to start the discard
    pile"; "the bottom card ... is placed face up ... so that its value can be seen by all"."""
    order = _deck(rs, ["2c", "3c", "4c", "5c", "6d", "7d", "8d", "9d", "6h", "7h", "8h", "9h"])
    state = HandState.deal(rs, order, players=2, dealer=1)
    cards = rs.cards
    assert [cards.text(c) for c in state.stack] == ["5c"] and state.down == cards.mask_of(["2c", "3c", "4c"])
    assert cards.texts(state.hands[0]) == ["6d", "7d", "8d", "9d"]
    for seat in (0, 1):
        seen = Observation(state, seat)
        assert seen.table == cards.mask_of(["5c"]) and seen.face_down == 3
        assert cards.text(seen.stock_bottom) == cards.text(order[-1])


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_pg_a_jack_turned_up_is_covered_by_the_next_card_turned_up(rs):
    """PG: "If it is a jack, further cards are turned up until one is found that is not a jack"."""
    order = _deck(rs, ["2c", "3c", "Jh", "Jd"])
    state = HandState.deal(rs, order, players=2, dealer=1)
    cards = rs.cards
    assert [cards.text(c) for c in state.stack] == ["Jd", "Jh", "3c"]
    assert state.down == cards.mask_of(["2c"]) and state.redeals == 0


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_pg_four_jacks_in_the_centre_are_dealt_again(rs):
    """PG: "In the unlikely event that all four of the centre cards were jacks, there would have to
    be a redeal"."""
    order = _deck(rs, ["Jc", "Jh", "Js", "Jd"])
    state = HandState.deal(rs, order, players=2, dealer=1, rng=random.Random(5))
    assert state.redeals >= 1 and state.stack and not rs.cards.cards[state.stack[-1]].rank == 11


@pytest.mark.parametrize("rs", UNDER_STOCK, ids=IDS)
def test_lo_with_the_option_a_jack_turned_up_goes_under_the_stock(rs):
    """LO: "If the starting card is a jack, it goes to the bottom of the pile (the player dealing
    thus receives this card in the last round)"."""
    order = _deck(rs, ["2c", "3c", "4c", "Jd"])
    state = HandState.deal(rs, order, players=2, dealer=1)
    cards = rs.cards
    assert cards.text(state.stock[-1]) == "Jd" and state.down == cards.mask_of(["2c", "3c", "4c"])
    assert len(state.stack) == 1 and cards.text(state.stack[0]) != "Jd"


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_pg_the_stocks_bottom_card_is_never_a_jack(rs):
    """PG: "If this card is a jack, the cutter looks at the next card and continues until a card is
    reached that is not a jack, and places that card where it will be the bottom card"."""
    cards = rs.cards
    order = _deck(rs, [])
    for jack in ("Jc", "Jd"):  # the two last cards jacks: the 10 of spades above them comes down
        order.remove(cards.parse(jack))
        order.append(cards.parse(jack))
    above = order[-3]
    state = HandState.deal(rs, order, players=2, dealer=1)
    assert state.stock[-1] == above and [cards.text(c) for c in state.stock[-3:-1]] == ["Jc", "Jd"]


# ------------------------------------------------------------------ what a seat sees


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_the_face_down_cards_are_seen_by_the_side_that_took_them_and_by_nobody_else(rs):
    """UB: "you may look at the kitty cards (the opposing team may not)"; LO: the first taker "is the
    only player who is allowed to look at these cards"."""
    state = _stack(rs, ["5s", "6s"], ["6h", "7h"], ["5h"], face_down=["2s", "3s", "4s"])
    hidden = rs.cards.mask_of(["2s", "3s", "4s"])
    for seat in (0, 1):
        seen = Observation(state, seat)
        assert not any(p & hidden for p in seen.piles) and not seen.table & hidden
    play(state, "5s+5h")
    mine, theirs = Observation(state, 0), Observation(state, 1)
    assert mine.piles[0] & hidden == hidden and mine.hidden == (0, 0)
    assert not theirs.piles[0] & hidden and theirs.hidden == (3, 0)
    assert all(not (p.capture | p.claim) & hidden for p in theirs.history)


# ------------------------------------------------------------------ the score of a hand

#: I3's doctest piles, decoded by its deck.py (hearts, clubs, diamonds, spades; 2 to ace)
I3_SIDE_0 = "6h Qc 7c 10c 8h 4h 10d 7d 7h Qh Jd 8d Jh 3d 8c 5c 5h Jc 8s 9s 2c 6s".split()
I3_SIDE_1 = ("6c 3s 4c Qd Ad Qs Kh 4s 2s Js 5s 10s Ks Ah 9h 5d 7s As 2h 3h 10h 3c 9c Kc Ac 2d 4d 6d 9d "
             "Kd").split()


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i3_a_hand_of_two_pisti_against_one_scores_28_to_18(rs):
    """I3: score(p1_pile, p2_pile, p1_pisti=2, p2_pisti=1) == (28, 18): 10d 3 + 2c 2 + three jacks
    and two pişti against Js 1 + four aces + the majority and one pişti."""
    cards = rs.cards
    piles = [cards.mask_of(I3_SIDE_0), cards.mask_of(I3_SIDE_1)]
    score = rs.score_hand(piles, [0, 0], [0, 0])
    assert score.totals() == (8, 8)
    assert tuple(t + 10 * p for t, p in zip(score.totals(), (2, 1))) == (28, 18)


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i3_every_card_to_one_side_scores_16_and_a_26_all_split_13_in_all(rs):
    """I3: score([], range(52), 0, 0) == (0, 16); a 26/26 split scores 13 in all (no majority)."""
    full = rs.cards.full_mask
    assert rs.score_hand([0, full], [0, 0], [0, 0]).totals() == (0, 16)
    half = sum(1 << c for c in range(0, 52, 2))
    assert sum(rs.score_hand([half, full & ~half], [0, 0], [0, 0]).totals()) == 13


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i4_partners_pool_their_piles(rs):
    """I4 engine2v2.test: seat 0 A♠ with a pişti, seat 2 A♥; seat 1 J♥, seat 3 2♣: "Biz: 2 aces (2) +
    pişti (10) = 12; Onlar: J (1) + 2♣ (2) = 3" (the piles pooled by side; the majority apart)."""
    cards = rs.cards
    score = rs.score_hand([cards.mask_of(["As", "Ah"]), cards.mask_of(["Jh", "2c"])], [0, 0], [0, 0])
    assert score.points[0]["aces"] == 2 and score.points[1]["jacks"] + score.points[1]["two-of-clubs"] == 3


def test_a_house_rule_with_an_empty_instead_of_scores_both_pistis(validate_text):
    """`instead_of: []` removes the list Pişti's jack pişti inherits: a jack on a lone jack scores
    the pişti of jacks and the plain pişti, in both engines."""
    variant, problems = validate_text("id: pisti-both\nextends: pisti\nscoring:\n  events:\n"
                                      "    - {id: jack-pisti, instead_of: []}\n", name="pisti-both.yaml")
    assert variant is not None, [p.format() for p in problems]
    for rs in both_engines(variant):
        state = _stack(rs, ["Js", "3d"], ["Jh", "9c"], ["Jc"])
        play(state, "Js+Jc")
        assert _scored(state) == {"pisti": 10, "jack-pisti": 20}
