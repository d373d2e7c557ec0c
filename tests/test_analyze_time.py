"""The expert's runs under `--expert-time`: played a round at a time (a match of each run),
no round begun that the matches so far say would end past the limit. A cut run is the first
matches of the same run uncut, every expert run has as many, and the report says how many
and why; two files side by side rest on as many. The clock is a stand-in that moves a second
at each reading, so that what is cut does not hang on the machine's speed."""

from __future__ import annotations

from pathlib import Path

import pytest

from escoba_spec.language.validate import load_variant
from escoba_spec.tools.analyze import analyze, render
from escoba_spec.tools.analyze import play as analyze_play

ROOT = Path(__file__).resolve().parents[1]
SCOPA = ROOT / "rules" / "scopa.yaml"
#: the smallest analysis: 20 matches a run, the expert at 2 playouts a decision
SMALL = {"seed": 6, "budget": 0.05, "expert_budget": 2}


class _Clock:
    """A clock a second further on at each reading: the rounds' pace is one second a reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def _measure(seconds: float, monkeypatch=None):
    variant = load_variant(SCOPA)
    if monkeypatch is not None:
        monkeypatch.setattr(analyze_play, "time", _Clock())
    return analyze_play.measure(variant, "rules/scopa.yaml", {}, SMALL["seed"], SMALL["budget"],
                                expert_budget=SMALL["expert_budget"], expert_seconds=seconds)


@pytest.fixture(scope="module")
def uncut():
    return _measure(0)


def test_a_run_cut_by_the_time_limit_is_the_first_matches_of_the_same_run_uncut(uncut, monkeypatch):
    cut = _measure(60, monkeypatch)
    expert = sorted(cut["records"])  # the expert's runs keep their records (a second file may trim them)
    assert all(analyze_play.seats_expert(cut["contexts"][name].bot_names) for name in expert)
    assert len(expert) == 9  # self-play, three pairings in two seatings, the trace's 1 playout in two
    assert uncut["expert_games_per_run"] == uncut["expert_most"] == 20
    n = cut["expert_games_per_run"]
    assert 1 < n < 20
    for name in expert:
        assert len(cut["records"][name]) == n
        assert cut["records"][name] == uncut["records"][name][:n]
        assert cut["runs"][name]["games"] == n
    fast = set(cut["runs"]) - set(expert)
    assert fast == {"random", "greedy", "heuristic", "pair-heuristic-greedy-a", "pair-heuristic-greedy-b",
                    "pair-heuristic-random-a", "pair-heuristic-random-b", "pair-greedy-random-a", "pair-greedy-random-b"}
    for name in fast:  # the fast bots' runs are never cut
        assert cut["runs"][name] == uncut["runs"][name] and cut["runs"][name]["games"] == 20
    assert list(cut["runs"]) == list(uncut["runs"]) == [name for name, _ in analyze_play.runs_of(0.05, 2)]


def test_a_longer_time_plays_more_rounds(monkeypatch):
    counts = [_measure(seconds, monkeypatch)["expert_games_per_run"] for seconds in (30, 60, 120)]
    assert counts == sorted(counts) and counts[0] < counts[-1]


def test_the_first_round_is_played_whatever_the_limit(monkeypatch):
    assert _measure(0.001, monkeypatch)["expert_games_per_run"] == 1


def test_the_report_says_the_expert_was_cut_short_and_at_how_many_matches(monkeypatch):
    monkeypatch.setattr(analyze_play, "time", _Clock())
    analysis = analyze([(load_variant(SCOPA), "rules/scopa.yaml")], {}, SMALL["seed"], SMALL["budget"],
                       expert_budget=SMALL["expert_budget"], expert_seconds=60)
    n = analysis["expert_games_per_run"]
    assert analysis["expert_time"] == {"seconds": 60, "most": 20, "cut": True}
    assert analysis["variants"][0]["measured"]["skill"]["games"] == 2 * n  # both seatings
    md = render(analysis, "en")["report.md"].decode()
    assert f"The expert's runs stopped at {n} of their 20 matches each: their time (60 s a file, --expert-time) was up" in md
    assert f"si sono fermate a {n} delle loro 20 partite ciascuna" in render(analysis, "it")["report.md"].decode()


def test_two_files_side_by_side_rest_on_as_many_expert_matches(monkeypatch):
    """The second file's expert plays no more than the first's, and the first is trimmed to the second's."""
    monkeypatch.setattr(analyze_play, "time", _Clock())
    escopa = ROOT / "rules" / "escopa.yaml"
    analysis = analyze([(load_variant(SCOPA), "rules/scopa.yaml"), (load_variant(escopa), "rules/escopa.yaml")], {},
                       SMALL["seed"], SMALL["budget"], expert_budget=SMALL["expert_budget"], expert_seconds=60)
    n = analysis["expert_games_per_run"]
    assert 1 <= n < 20
    for v in analysis["variants"]:
        assert v["measured"]["skill"]["games"] == 2 * n
        assert all(p["games"] == 2 * n for p in v["measured"]["skill"]["ladder"] if p["strong"] == "expert")
