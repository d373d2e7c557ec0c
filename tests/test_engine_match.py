"""The match: target, both past it, a tie at the top, match effects, the
dealer's rotation both ways, the hand limit, determinism."""

from dataclasses import replace

import pytest

from escoba_spec.engine import (
    HandScore,
    MatchState,
    MatchTooLong,
    play_match,
)
from escoba_spec.engine.bots import GreedyBot, RandomBot
from tests.engine_fixtures import (
    ReferenceRules,
    escoba_de_15,
    finished_hand,
    ruleset,
    variant_with,
)

hand = finished_hand


@pytest.fixture(scope="module")
def rs():
    return ruleset(escoba_de_15())


def test_first_to_reach_the_target_wins(rs):
    match = MatchState(rs, 2)
    assert match.record(hand(20, 5)) is None
    assert match.record(hand(1, 3)) == 0 and match.over and match.scores == [21, 8]


def test_both_past_the_target_the_higher_wins(rs):
    match = MatchState(rs, 2)
    match.record(hand(19, 20))
    assert match.record(hand(4, 2)) == 0  # 23 against 22


def test_a_tie_at_the_top_plays_another_hand(rs):
    match = MatchState(rs, 2)
    match.record(hand(20, 20))
    assert match.record(hand(2, 2)) is None and not match.over
    assert match.record(hand(0, 1)) == 1


def test_three_sides_only_the_top_matters(rs):
    rs3 = ruleset(escoba_de_15(layouts=((3, 1),)))
    match = MatchState(rs3, 3)
    match.record(hand(20, 20, 10))
    assert match.record(hand(3, 2, 5)) == 0  # 23, 22, 15
    match2 = MatchState(rs3, 3)
    match2.record(hand(20, 20, 10))
    assert match2.record(hand(3, 3, 5)) is None  # 23, 23, 15: the top is tied


def test_lose_match_with_two_sides_the_other_wins(rs):
    match = MatchState(rs, 2)
    assert match.record(hand(5, 0, effects=[(1, "no-trick", "lose-match")])) == 0


def test_lose_match_with_three_sides_eliminates(rs):
    rs3 = ruleset(escoba_de_15(layouts=((3, 1),)))
    match = MatchState(rs3, 3)
    assert match.record(hand(1, 1, 1, effects=[(0, "no-trick", "lose-match")])) is None
    assert match.eliminated == {0}
    assert match.record(hand(30, 0, 0)) is None  # side 0 is out: its points win nothing
    assert match.record(hand(0, 21, 0)) == 1


def test_win_match_wins_outright(rs):
    match = MatchState(rs, 2)
    assert match.record(hand(0, 0, effects=[(1, "all-oros", "win-match")])) == 1


@pytest.mark.parametrize("rotation, dealers", [("next", [0, 1, 2, 0]), ("previous", [0, 2, 1, 0])])
def test_dealer_rotation(rotation, dealers):
    v = variant_with(escoba_de_15(layouts=((3, 1),)), deal={"dealer_rotation": rotation})
    match = MatchState(ruleset(v), 3)
    seen = [match.dealer]
    for _ in range(3):
        match.record(hand(0, 0, 0))
        seen.append(match.dealer)
    assert seen == dealers


def test_dealer_rotates_in_play(rs):
    match = play_match(rs, [GreedyBot(1), GreedyBot(2)], seed=3, dealer=1)
    assert match.dealer == (1 + match.hands_played) % 2


class Pointless(ReferenceRules):
    def score_hand(self, piles, sweeps, captures):
        return HandScore(tuple({"nothing": 0} for _ in piles))


def test_a_match_that_never_ends_is_an_error():
    rs = Pointless(escoba_de_15())
    assert rs.params.max_hands == 500
    rs.params = replace(rs.params, max_hands=3)
    with pytest.raises(MatchTooLong, match="3 hands"):
        play_match(rs, [RandomBot(1), RandomBot(2)], seed=1)


def test_matches_are_deterministic(rs):
    a = play_match(rs, [GreedyBot(1), RandomBot(2)], seed=11)
    b = play_match(rs, [GreedyBot(1), RandomBot(2)], seed=11)
    assert a.scores == b.scores and a.hands_played == b.hands_played and a.winner == b.winner
    assert max(a.scores) >= 21 and a.scores[a.winner] == max(a.scores)
    assert a.scores == [sum(r.totals[s] for r in a.results) for s in range(2)]


def test_team_match(rs):
    v = escoba_de_15(layouts=((4, 2),))
    match = play_match(ruleset(v), [GreedyBot(i) for i in range(4)], seed=2, team_size=2)
    assert len(match.scores) == 2 and match.over


def test_match_effects_come_from_the_scoring_rules():
    from tests.engine_fixtures import play, position

    v = escoba_de_15(extra_rules=[("no-trick", "No trick loses", "captures == 0", "0", "lose-match")])
    rs = ruleset(v)
    assert "no-trick" not in rs.params.points_rules
    state = position(rs, [["7o"], ["1c"]], ["Sb"])
    play(state, "7o+Sb")
    play(state, "1c")
    assert state.result.score.effects == ((1, "no-trick", "lose-match"),)
    assert "no-trick" not in state.result.score.points[0]
    match = MatchState(rs, 2)
    assert match.record(state.result) == 0


def test_the_sole_leader_after_each_hand_but_the_last_is_counted(rs):
    match = MatchState(rs, 2)
    match.record(hand(5, 3))  # 5-3: side 0 leads, side 1 two behind
    match.record(hand(0, 2))  # 5-5: level, nobody leads
    match.record(hand(1, 6))  # 6-11: side 1 leads, side 0 five behind
    assert match.record(hand(15, 0)) == 0  # 21-11: the last hand counts in neither
    assert match.led == [1, 1]
    assert match.deficit == [5, 2]


def test_with_goal_avoid_the_lowest_leads_and_sides_out_are_not_counted():
    rs = ruleset(variant_with(escoba_de_15(layouts=((3, 1),)), match={"goal": "avoid"}))
    match = MatchState(rs, 3)
    match.record(hand(4, 1, 9))  # side 1 lowest: it leads; side 2 is eight behind
    assert match.led == [0, 1, 0] and match.deficit == [3, 0, 8]
    match.record(hand(18, 1, 0))  # side 0 at 22 is out; of sides 1 and 2, 2-9: side 1 leads
    assert match.eliminated == {0}
    assert match.led == [0, 2, 0] and match.deficit == [3, 0, 8]


def test_with_goal_lead_a_side_wins_once_it_leads_every_other_by_the_target():
    """Seep's baazi: the match ends when one side is the target ahead of every other, however
    high the scores (issue 37 item 7)."""
    rs = ruleset(variant_with(escoba_de_15(layouts=((3, 1),)), match={"goal": "lead", "target": 10}))
    match = MatchState(rs, 3)
    assert match.record(hand(12, 3, 0)) is None  # 12 leads 3 by 9: not yet
    assert match.record(hand(8, 0, 14)) is None  # 20 against 14: past 10, but six ahead
    assert match.led == [2, 0, 0]
    assert match.record(hand(10, 0, 0)) == 0  # 30 against 14 and 3: sixteen ahead of the best other


def test_goal_lead_is_said_in_the_rulebook_and_refuses_an_at_once_check(validate_text, tmp_path_factory):
    from escoba_spec.tools.rulebook import render_rulebook

    from .engine_fixtures import house_variants, rulebook_leaks

    variant = house_variants(tmp_path_factory, "lead", {"lead": "id: lead\nextends: scopa\nmatch:\n  goal: lead\n"
                                                                "  target: 6\noptions:\n  target: {drop: true}\n"})["lead"]
    assert rulebook_leaks(variant) == {}
    english = render_rulebook(variant, "en", "md")
    assert "A side that leads every other side by 6 points or more at the end of a hand wins the match." in english
    assert "The first side to lead every other side by 6 points at the end of a hand wins the match." in english
    bad, problems = validate_text("id: lead-at-once\nextends: scopa\nmatch:\n  goal: lead\n  check: at-once\n",
                                  name="lead-at-once.yaml")
    found = [p for p in problems if p.code == "lead-at-once"]
    assert bad is None and found and (found[0].line, found[0].column) == (5, 10) and found[0].hint


def test_with_goal_avoid_and_first_out_the_first_side_at_the_target_ends_the_match():
    """Three sides avoiding 21: the match ends the first time a side reaches it, the lowest
    total winning (issue 37 item 7); sides level at the lowest play on."""
    rs = ruleset(variant_with(escoba_de_15(layouts=((3, 1),)), match={"goal": "avoid", "avoid_ends": "first-out"}))
    match = MatchState(rs, 3)
    assert match.record(hand(22, 5, 5)) is None  # side 0 is at the target; 5-5 level at the lowest: play on
    assert match.record(hand(0, 1, 3)) == 1  # 22, 6, 8: side 1 lowest
    last_left = MatchState(ruleset(variant_with(escoba_de_15(layouts=((3, 1),)), match={"goal": "avoid"})), 3)
    assert last_left.record(hand(22, 5, 5)) is None and last_left.eliminated == {0}
    assert last_left.record(hand(0, 1, 3)) is None  # 6 and 8: both still in, the match goes on


def test_avoid_first_out_is_said_in_the_rulebook(tmp_path_factory):
    from escoba_spec.tools.rulebook import render_rulebook

    from .engine_fixtures import house_variants, rulebook_leaks

    text = ("id: first-out\nextends: scopa-a-perdere\nplayers:\n  layouts:\n    - {players: 3}\n"
            "match:\n  avoid_ends: first-out\n")
    variant = house_variants(tmp_path_factory, "first-out", {"first-out": text})["first-out"]
    assert rulebook_leaks(variant) == {}
    english = render_rulebook(variant, "en", "md")
    assert "The match ends as soon as a side reaches 21 points, and the side with the lowest total wins it" in english
    # the differences from Scopa a perdere say what the base said instead
    assert "instead of “A side that reaches 21 points is out of the match" in english
