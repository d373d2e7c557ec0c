"""The rules' bounds on a side's points in a hand (tools/analyze/limits.py) and how the
report words them: exact where a played hand reached a bound, between bound and seen where
none did, open where the rules set none."""

from __future__ import annotations

from escoba_spec.language.cards import CardSet
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.analyze.limits import against_play, hand_limits
from escoba_spec.tools.analyze.report import limits_text
from escoba_spec.tools.analyze.words import words

from .conftest import RULES


def _limits(name: str, players: int = 2, team_size: int = 1) -> dict:
    return hand_limits(load_variant(RULES / f"{name}.yaml"), players, team_size)


def test_scopas_bound_is_its_four_points_and_a_scopa_on_every_play_of_a_side():
    limits = _limits("scopa")
    assert (limits["least"], limits["most"], limits["plays"]) == (0, 4 + 18, 18)


def test_a_side_of_two_plays_both_seats_cards():
    assert _limits("scopone", 4, 2)["plays"] == 20  # 40 cards, none on the table: 10 a seat


def test_cassinos_eleven_points_are_its_most_with_no_sweeps_scored():
    limits = _limits("cassino")
    assert (limits["least"], limits["most"]) == (0, 11) and not limits["unbounded"]


def test_points_carried_over_from_a_tie_leave_the_most_unbounded_and_say_why():
    limits = _limits("basra")
    assert limits["most"] is None and limits["least"] == 0
    assert any("carried over" in why for why in limits["unbounded"])


def test_a_rounded_count_is_bounded_through_its_rounding_and_read_as_its_award_holds():
    limits = _limits("cuarenta")  # carton: round_up(count(pile) - 14, 2), awarded from 20 cards: 6 or more
    assert limits["least"] == 0 and limits["most"] is not None


def test_an_awards_comparisons_narrow_the_names_its_points_read():
    from escoba_spec.tools.analyze.limits import _award

    variant = load_variant(RULES / "cuarenta.yaml", {"card-points": "capped-at-30"})
    carton = next(r for r in variant.scoring.rules if r.id == "carton")
    cards = CardSet(variant.deck)
    # min(round_up(count(pile) - 14, 2), 30 - score) with score < 30 and count(pile) >= 20: 1 to 26
    assert _award(carton.award, carton.points, cards, {}) == (0, 26)


def test_an_end_a_played_hand_reached_is_exact_and_the_other_lies_between():
    w = words("en")
    hands = {"hands": 400, "side_points": {"least": 0.0, "most": 9.0}}
    found = against_play({"least": 0.0, "most": 22.0, "plays": 18, "unbounded": []}, hands)
    assert found["least_exact"] and not found["most_exact"]
    text = " ".join(limits_text(found, w))
    assert "from 0 to 22" in text and "The fewest, 0, is exact" in text
    assert "The true most lies from 9 (seen) to 22 (the rules)" in text


def test_both_ends_reached_are_both_exact():
    found = against_play({"least": 0.0, "most": 11.0, "plays": 24, "unbounded": []},
                         {"hands": 40, "side_points": {"least": 0.0, "most": 11.0}})
    text = " ".join(limits_text(found, words("en")))
    assert "The fewest, 0, is exact" in text and "The most, 11, is exact" in text


def test_an_end_without_a_bound_says_only_what_was_seen_and_why():
    found = against_play({"least": 0.0, "most": None, "plays": 24, "unbounded": ["most-cards: points carried over"]},
                         {"hands": 40, "side_points": {"least": 0.0, "most": 79.0}})
    text = " ".join(limits_text(found, words("en")))
    assert "at least 0 points in a hand; they set no most" in text
    assert "The most seen is 79; a hand may score more" in text and "most-cards: points carried over" in text
    for lang in ("es", "pt", "it", "fr"):
        assert "79" in " ".join(limits_text(found, words(lang)))


def test_an_event_scored_instead_of_another_counts_once_a_play_not_both():
    limits = _limits("pisti")  # a pişti 10, a pişti of jacks 20 instead: 20 a play at most, 24 plays
    assert limits["most"] == 3 + 2 + 4 + 4 + 3 + 24 * 20


def test_a_sweep_weighed_by_its_target_counts_at_most_the_largest_target_over_the_least():
    from escoba_spec.tools.analyze.limits import _sweeps

    variant = load_variant(RULES / "escopa.yaml")  # targets 15 and 30: a 30-sweep counts 2
    # and the dealer's opening table, 15 or 30, counts one or two sweeps
    assert _sweeps(variant, CardSet(variant.deck), 18, 0, []) == 18 * 2 + 2
