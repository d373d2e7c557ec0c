"""The report's per-hand section and its verdict, on hand records and sections written out here:
what each figure counts, where points are good and where they are bad, with two sides and three."""

from __future__ import annotations

from fractions import Fraction

from escoba_spec.tools.analyze.hands import per_hand
from escoba_spec.tools.analyze.sections import verdict


def _hand(dealer, points, sweeps=None, plays=36):
    return {"dealer": dealer, "points": points, "sweeps": sweeps or [0] * len(points), "plays": plays, "stopped": False}


NAMES = {"cards": "Cards", "sweeps": "Sweeps"}


def test_a_side_is_placed_by_where_it_sits_from_the_dealer_and_wins_a_hand_alone_or_not_at_all():
    records = [
        _hand(0, [{"cards": 1, "sweeps": 2}, {"cards": 0, "sweeps": 0}], sweeps=[2, 0]),  # the dealer's side wins
        _hand(1, [{"cards": 1, "sweeps": 0}, {"cards": 0, "sweeps": 0}]),  # side 0 wins: the dealer's + 1
        _hand(0, [{"cards": 0, "sweeps": 1}, {"cards": 1, "sweeps": 0}], sweeps=[1, 0], plays=38),  # a tie
        _hand(1, [{"cards": Fraction(1, 2), "sweeps": 0}, {"cards": Fraction(1, 2), "sweeps": 0}]),  # a tie, shared
    ]
    h = per_hand(records, 2, 1, "after-dealer", NAMES)
    dealer, other = h["places"]
    assert (dealer["deals"], dealer["plays_first"], other["deals"], other["plays_first"]) == (True, False, False, True)
    assert dealer["won"]["count"] == 1 and other["won"]["count"] == 1 and h["undecided"]["count"] == 2
    assert dealer["points"]["mean"] == (3 + 0 + 1 + 0.5) / 4
    assert h["sweep_hands"]["count"] == 2
    assert (h["plays"]["least"], h["plays"]["most"]) == (36, 38)
    assert (h["side_points"]["least"], h["side_points"]["most"]) == (0, 3)
    assert h["side_points"]["distribution"] == {"0": 2, "0.5": 2, "1": 3, "3": 1}
    assert (h["hand_points"]["least"], h["hand_points"]["most"]) == (1, 3)
    cards = h["rules"]["cards"]
    assert (cards["one_side"]["count"], cards["several"]["count"], cards["none"]["count"]) == (3, 1, 0)
    sweeps = h["rules"]["sweeps"]
    assert (sweeps["one_side"]["count"], sweeps["none"]["count"], sweeps["seen"]) == (2, 2, True)


def test_where_points_are_bad_the_side_with_the_fewest_wins_the_hand():
    records = [_hand(0, [{"cards": 3}, {"cards": 1}, {"cards": 2}]), _hand(1, [{"cards": 0}, {"cards": 0}, {"cards": 5}])]
    h = per_hand(records, 3, 1, "after-dealer", {"cards": "Cards"}, fewest=True)
    # hand 1: side 1 (the dealer's + 1) alone has the fewest; hand 2: sides 0 and 1 tie at 0
    assert [p["won"]["count"] for p in h["places"]] == [0, 1, 0] and h["undecided"]["count"] == 1
    assert [p["plays_first"] for p in h["places"]] == [False, True, False]


def test_a_rule_no_hand_scored_is_not_seen_rather_than_never_scoring():
    h = per_hand([_hand(0, [{"cards": 1, "sweeps": 0}, {"cards": 0, "sweeps": 0}])], 2, 1, "after-dealer", NAMES)
    assert h["rules"]["sweeps"]["seen"] is False and h["rules"]["sweeps"]["none"]["count"] == 1


def _sections(skill_rate, skill_ci, edge, edge_ci, dealer_rate, dealer_ci, decided):
    return {
        "skill": {"ladder": [{"strong": "expert", "weak": "greedy", "rate": skill_rate, "ci95": skill_ci, "fair": 0.5,
                              "games": 200}]},
        "seat_advantage": {"heuristic": {"games": 100, "first_player": {"win_rate": 0.5 + edge, "fair_share": 0.5,
                                                                      "edge": edge, "ci95": edge_ci}}},
        "hands": {"bot": "heuristic", "hands": 400, "undecided": {"rate": 0.1},
                  "places": [{"won": {"rate": dealer_rate, "ci95": dealer_ci}}, {"won": {"rate": 0.9 - dealer_rate}}]},
        "rule_ranking": {"rules": [{"name": "Primiera", "decided": {"count": decided, "n": 100, "rate": decided / 100,
                                                                    "ci95": [decided / 100 - 0.08, decided / 100 + 0.08]}},
                                   {"name": "Sweeps", "decided": {"count": 0, "n": 100, "rate": 0.0, "ci95": [0.0, 0.04]}}]},
    }


def test_the_verdict_keeps_the_three_largest_findings_clear_of_no_effect_largest_first():
    out = verdict(_sections(0.8, [0.74, 0.85], 0.1, [0.02, 0.18], 0.5, [0.46, 0.54], 80))
    # Primiera decides 80 % of matches, the average rule 40 %: 40 points over
    assert [f["kind"] for f in out] == ["rule", "skill", "first_player"]
    assert out[0]["effect"] == 0.4 and out[0]["mean"] == 0.4
    assert out[1]["effect"] == 0.3 and out[2]["bounds"] == [0.02, 0.18]
    # the dealer's side won 0.5 of hands against an even 0.45 of the 0.9 someone won: 5 points, left fourth


def test_a_finding_whose_interval_holds_no_effect_is_left_out_whatever_its_size():
    out = verdict(_sections(0.6, [0.45, 0.75], -0.2, [-0.41, 0.01], 0.55, [0.5, 0.6], 0))
    assert [f["kind"] for f in out] == ["dealer_hand"]  # skill straddles 50 %, the edge 0, no rule decided
