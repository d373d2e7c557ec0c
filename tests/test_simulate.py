"""`escoba-spec simulate`: determinism across --jobs, the output files, the
statistics' consistency, usage errors and --compare."""

from __future__ import annotations

import csv
import json
import math
import os

import pytest

from escoba_spec.cli import main
from escoba_spec.tools.simulate import match_seed, two_proportion, welch, wilson
from escoba_spec.tools.simulate.report import p_text

from .conftest import ROOT, RULES

ESCOBA = str(ROOT / "rules" / "escoba-de-15.yaml")
ESCOPA = str(ROOT / "rules" / "escopa.yaml")
GAMES = 40
#: one worker under pytest-xdist: `runs` (the module's 40 matches, twice) is made once, not on each worker
pytestmark = pytest.mark.xdist_group("simulate")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The same 40 matches with --jobs 1 and --jobs 2."""
    out = {}
    for jobs in (1, 2):
        d = tmp_path_factory.mktemp(f"jobs{jobs}")
        assert main(["simulate", ESCOBA, "--games", str(GAMES), "--seed", "7", "--jobs", str(jobs),
                     "--out", str(d), "--format", "json"]) == 0
        out[jobs] = d
    return out


def test_same_bytes_for_every_jobs(runs):
    for name in ("summary.json", "games.csv"):
        assert (runs[1] / name).read_bytes() == (runs[2] / name).read_bytes(), name


def test_output_files_exist_and_parse(runs):
    d = runs[1]
    summary = json.loads((d / "summary.json").read_text())
    timing = json.loads((d / "timing.json").read_text())
    assert summary["games"] == GAMES and summary["variant"] == "escoba-de-15"
    assert timing["matches_per_s"] > 0 and timing["hands_per_s"] > 0
    rows = list(csv.DictReader((d / "games.csv").open()))
    assert len(rows) == GAMES
    assert [int(r["seed"]) for r in rows] == [match_seed(7, i) for i in range(GAMES)]
    pytest.importorskip("matplotlib")
    for png in ("points-per-hand.png", "match-length.png", "win-rate.png"):
        assert (d / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_intervals_contain_estimates(runs):
    s = json.loads((runs[1] / "summary.json").read_text())
    for w in s["win_rate"]:
        assert w["ci95"][0] <= w["rate"] <= w["ci95"][1]
    e = s["first_player_edge"]
    assert e["ci95"][0] <= e["edge"] <= e["ci95"][1]
    for per in list(s["points_per_hand"].values()) + [s["sweeps_per_hand"], [s["hands_per_match"]]]:
        for m in per:
            assert m["ci95"][0] <= m["mean"] <= m["ci95"][1]


def test_totals_match_games_csv(runs):
    s = json.loads((runs[1] / "summary.json").read_text())
    rows = list(csv.DictReader((runs[1] / "games.csv").open()))
    hands = sum(int(r["hands"]) for r in rows)
    assert s["hands"] == hands
    assert sum(s["hands_per_match"]["distribution"].values()) == GAMES
    assert math.isclose(s["hands_per_match"]["mean"], hands / GAMES, abs_tol=1e-6)
    for w in s["win_rate"]:
        assert w["wins"] == sum(1 for r in rows if r["winner"] == str(w["side"]))
        side = w["side"]
        sweeps = sum(int(r[f"sweeps_{side}"]) for r in rows)
        assert math.isclose(s["sweeps_per_hand"][side]["mean"], sweeps / hands, abs_tol=1e-6)
        # every point of the final scores comes from some rule in some hand
        points = sum(per[side]["mean"] for per in s["points_per_hand"].values()) * hands
        assert math.isclose(points, sum(int(r[f"score_{side}"]) for r in rows), abs_tol=1e-3)
    assert sum(w["wins"] for w in s["win_rate"]) == GAMES


def test_text_output(capsys):
    assert main(["simulate", ESCOBA, "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr()
    assert "escoba-de-15" in out.out and "side 0" in out.out
    assert out.err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    "argv",
    [
        ["--games", "0", "--seed", "1"],
        ["--games", "2", "--seed", "1", "--jobs", "0"],
        ["--games", "2", "--seed", "1", "--players", "9"],
        ["--games", "2", "--seed", "1", "--bots", "nobody"],
        ["--games", "2", "--seed", "1", "--option", "nonsense"],
        ["--games", "2", "--seed", "1", "--compare", "no/such/file.yaml"],
    ],
)
def test_usage_errors_exit_2(argv, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["simulate", ESCOBA, *argv, "--out", str(out)]) == 2
    assert "error" in capsys.readouterr().err
    assert not out.exists()


def test_missing_file_exits_2(tmp_path):
    assert main(["simulate", str(tmp_path / "nope.yaml"), "--games", "2", "--seed", "1"]) == 2


def test_invalid_rule_file_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: broken\nname: Broken\n")
    out = tmp_path / "out"
    assert main(["simulate", str(bad), "--games", "2", "--seed", "1", "--out", str(out)]) == 1
    assert "not a valid rule file" in capsys.readouterr().err
    assert not out.exists()


def test_compare(tmp_path, capsys):
    out = tmp_path / "cmp"
    assert main(["simulate", ESCOBA, "--compare", ESCOPA, "--games", "30", "--seed", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "differences" in text
    s = json.loads((out / "summary.json").read_text())
    assert s["a"]["variant"] == "escoba-de-15" and s["b"]["variant"] == "escopa"
    c = s["comparison"]
    assert len(c["win_rate"]) == 2 and all(0 <= w["p"] <= 1 for w in c["win_rate"])
    assert 0 <= c["hands_per_match"]["p"] <= 1
    assert "most-cards" in c["points_per_hand"]
    assert (out / "games-compare.csv").exists()


def test_option_b_compares_a_rule_file_with_itself_under_other_options(capsys):
    """Issue 41: simulate compared two files only; `--option-b`, as diff has it, compares a
    file with itself, B's options over --option."""
    assert main(["simulate", ESCOBA, "--option-b", "target=31", "--games", "40", "--seed", "3",
                 "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)["summary"]
    assert out["a"]["variant"] == out["b"]["variant"] == "escoba-de-15"
    assert out["b"]["hands_per_match"]["mean"] > out["a"]["hands_per_match"]["mean"]  # to 31, not 21
    assert main(["simulate", ESCOBA, "--option-b", "target=31", "--games", "40", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert f"differences: A = {ESCOBA}, B = {ESCOBA} target=31 (* significant at 5%)" in text


def test_compare_takes_a_variant_id_as_extends_does(capsys):
    assert main(["simulate", ESCOBA, "--compare", "escopa", "--games", "20", "--seed", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["b"]["variant"] == "escopa"
    assert main(["simulate", ESCOBA, "--compare", "escopo", "--games", "2", "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert "no such file, nor a variant with the id 'escopo'" in err and "did you mean 'escopa'?" in err


def test_the_differences_are_a_table_with_a_header_per_side_rows_and_readable_p_values(capsys):
    assert main(["simulate", ESCOBA, "--compare", ESCOPA, "--games", "200", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    table = text[text.index("differences: "):].splitlines()
    assert table[0] == f"differences: A = {ESCOBA}, B = {ESCOPA} (* significant at 5%)"
    assert table[1].split() == ["A", "B", "B", "-", "A", "p"]
    assert any(line.split()[:2] == ["side", "0"] for line in table) and "p=" not in text
    assert [line.split(",")[0].strip() for line in table if "win rate" in line] == ["win rate"]  # two sides: one row
    hands = next(line for line in table if line.lstrip().startswith("hands per match"))
    assert hands.endswith("<0.0001 *")  # Escopa's matches are shorter: never "p=0"
    assert p_text(0.0) == "<0.0001" and p_text(0.0508) == "0.051" and p_text(1.0) == "1"
    assert "-0.000" not in text


def test_statistics_helpers():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and math.isclose(lo + hi, 1.0)
    assert wilson(0, 10)[0] == 0.0
    t = two_proportion(50, 100, 50, 100)
    assert t["p"] == 1.0 and not t["significant"]
    assert two_proportion(20, 100, 60, 100)["significant"]
    a = {"mean": 1.0, "sd": 1.0, "n": 10}
    b = {"mean": 1.2, "sd": 1.0, "n": 10}
    w = welch(a, b)
    # scipy.stats.ttest_ind_from_stats(1, 1, 10, 1.2, 1, 10, equal_var=False): p = 0.660056
    assert math.isclose(w["p"], 0.660056, abs_tol=1e-6) and math.isclose(w["df"], 18.0)


def test_welch_uses_the_t_distribution_where_few_matches_make_the_normal_one_wrong():
    """Three matches a side, means 0 and 2, sd 1: Student's t with 4 degrees of freedom
    gives p = 0.0704 (not significant); the normal curve would give 0.0143."""
    w = welch({"mean": 0.0, "sd": 1.0, "n": 3}, {"mean": 2.0, "sd": 1.0, "n": 3})
    assert math.isclose(w["df"], 4.0) and math.isclose(w["p"], 0.070484, abs_tol=1e-6)
    assert not w["significant"]


def test_heuristic_bot_plays_every_rule_file():
    from escoba_spec.engine import play_match
    from escoba_spec.language.validate import load_variant
    from escoba_spec.tools.setup import make_bot, make_ruleset

    for path in sorted((ROOT / "rules").rglob("*.yaml")):
        variant = load_variant(path, {})
        lay = variant.players.layouts[0]
        rs = make_ruleset(variant)
        bots = [make_bot("heuristic", 1, s) for s in range(lay.players)]
        first = play_match(rs, bots, 1, team_size=lay.team_size)
        again = play_match(rs, [make_bot("heuristic", 1, s) for s in range(lay.players)], 1, team_size=lay.team_size)
        assert first.winner is not None and first.scores == again.scores, path


def test_heuristic_bot_beats_greedy(tmp_path):
    out = tmp_path / "h"
    assert main(["simulate", ESCOBA, "--games", "150", "--seed", "5", "--bots", "greedy,heuristic",
                 "--out", str(out), "--format", "json"]) == 0
    s = json.loads((out / "summary.json").read_text())
    assert s["win_rate"][1]["ci95"][0] > 0.5


def test_a_local_dask_cluster_gives_the_same_results(runs, tmp_path):
    """--scheduler runs the matches on a Dask cluster, with the same records as --jobs 1."""
    distributed = pytest.importorskip("distributed", reason="the dask extra (pip install '.[dask]') is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        out = tmp_path / "dask"
        assert main(["simulate", ESCOBA, "--games", str(GAMES), "--seed", "7", "--scheduler", cluster.scheduler_address,
                     "--out", str(out)]) == 0
    for name in ("summary.json", "games.csv"):
        assert (out / name).read_bytes() == (runs[1] / name).read_bytes(), name


def test_an_unreachable_scheduler_is_a_usage_error(capsys):
    pytest.importorskip("distributed", reason="the dask extra (pip install '.[dask]') is not installed")
    assert main(["simulate", ESCOBA, "--games", "2", "--seed", "1", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


@pytest.mark.parametrize("reading, seat", [("after-dealer", 1), ("before-dealer", 2)])
def test_the_first_player_edge_is_measured_for_the_seat_that_really_leads(reading, seat, tmp_path):
    rules = str(RULES / "escoba-francesa.yaml")
    assert main(["simulate", rules, "--games", "4", "--seed", "2", "--players", "3", "--option",
                 f"first-player={reading}", "--out", str(tmp_path), "--format", "json"]) == 0
    edge = json.loads((tmp_path / "summary.json").read_text())["first_player_edge"]
    assert (edge["seat"], edge["side"]) == (seat, seat)


def test_points_scored_in_play_and_declared_are_counted_per_rule(tmp_path, capsys):
    """Cuarenta's caída and limpia (events) and ronda (a declaration) stand beside its cartón."""
    out = tmp_path / "cuarenta"
    assert main(["simulate", str(RULES / "cuarenta.yaml"), "--games", "20", "--seed", "3", "--out", str(out),
                 "--format", "json"]) == 0
    per_hand = json.loads(capsys.readouterr().out)["summary"]["points_per_hand"]
    assert list(per_hand) == ["carton", "dos-por-dar", "caida", "limpia", "ronda"]  # rules, events, declarations
    assert all(per_hand["caida"][side]["mean"] > 0 for side in (0, 1))


def test_the_progress_bar_counts_matches_and_closes_at_the_total():
    """simulate's bar on a terminal (rich): the count, the rate and the time left, drawn on
    the stream it is given, and stopped once every match is done."""
    import io

    from escoba_spec.cli.simulate import Progress

    stream = io.StringIO()
    stream.isatty = lambda: True  # a terminal, as rich asks
    bar = Progress(4, "escoba-de-15\x1b[2J", stream)
    for done in range(1, 5):
        bar(done)
    text = stream.getvalue()
    assert "4/4" in text and "escoba-de-15" in text
    assert "\x1b[2J" not in text  # a name's escape is shown, not obeyed
    assert bar.bar.finished


def test_a_match_of_games_csv_replays_with_play_and_its_seed(tmp_path):
    """docs/simulate.md: the seed in games.csv, given to play with the same bots, replays that match."""
    import csv
    import json
    import subprocess
    import sys

    rules = str(ROOT / "rules" / "escoba-de-15.yaml")
    subprocess.run([sys.executable, "-m", "escoba_spec", "simulate", rules, "--games", "2", "--seed", "1",
                    "--out", str(tmp_path)], check=True, capture_output=True, cwd=ROOT)
    for row in csv.DictReader((tmp_path / "games.csv").open(encoding="utf-8")):
        played = subprocess.run([sys.executable, "-m", "escoba_spec", "play", rules, "--seed", row["seed"],
                                 "--format", "json"], check=True, capture_output=True, text=True, cwd=ROOT)
        record = json.loads(played.stdout)
        assert str(record["winner"]) == row["winner"]
        assert [record["totals"][s] for s in ("0", "1")] == [int(row["score_0"]), int(row["score_1"])]


def test_a_parallel_run_keeps_a_bounded_number_of_chunks_in_flight():
    """Issue 21, class 9: `map` submitted every chunk of a run at once (a billion matches:
    twenty million futures before the first result); now a window of them, in order."""
    from concurrent.futures import Executor, Future

    from escoba_spec.tools.simulate import Context, run_matches

    class Counting(Executor):
        def __init__(self):
            self.in_flight, self.most, self.futures = 0, 0, []

        def submit(self, fn, *args):
            future = Future()
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
            future.set_result(fn(*args))
            original = future.result

            def result(timeout=None):
                self.in_flight -= 1
                return original()

            future.result = result
            return future

    path = str(ROOT / "rules" / "scopa.yaml")
    ctx = Context(path, {}, 2, 1, ["random", "random"])
    pool = Counting()
    records = run_matches(ctx, path, {}, 3, 400, 2, executor=pool)
    assert [r["seed"] for r in records] == [r["seed"] for r in run_matches(ctx, path, {}, 3, 400, 1)]
    assert pool.most <= 8  # 4 chunks a worker, whatever the number of matches


def test_simulate_bounds_the_games_and_caps_the_workers(capsys):
    from escoba_spec.cli import main
    from escoba_spec.cli.simulate import MAX_GAMES

    path = str(ROOT / "rules" / "scopa.yaml")
    assert main(["simulate", path, "--games", str(MAX_GAMES + 1), "--seed", "1"]) == 2
    assert "--games is at most" in capsys.readouterr().err
    assert main(["simulate", path, "--games", "4", "--seed", "1", "--jobs", "1000", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "--jobs 1000 capped at" in captured.err
    assert json.loads(captured.out)["timing"]["jobs"] <= (os.cpu_count() or 1)


def test_diff_makes_its_deal_seeds_as_it_plays():
    from escoba_spec.tools.diff.lockstep import deal_seeds

    seeds = deal_seeds(7, 10**12)  # a list of that size could not be built
    assert next(seeds) == next(deal_seeds(7, 1)) and not isinstance(seeds, list)


def test_decisiveness_counts_the_leaders_who_went_on_to_win_and_the_comebacks():
    from escoba_spec.tools.simulate.stats import leads_and_comebacks

    records = [
        {"winner": 0, "led": [3, 0], "deficit": [0, 4]},  # led throughout, won
        {"winner": 1, "led": [2, 1], "deficit": [1, 6]},  # won from six behind
        {"winner": 1, "led": [0, 0], "deficit": [0, 0.5]},  # a split point behind, won
    ]
    out = leads_and_comebacks(records)
    assert out["leader_wins"]["hands"] == 6 and out["leader_wins"]["wins"] == 4
    assert out["leader_wins"]["rate"] == round(4 / 6, 6)
    lo, hi = out["leader_wins"]["ci95"]
    assert lo < 4 / 6 < hi
    assert out["comebacks"]["count"] == 2 and out["comebacks"]["matches"] == 3
    assert out["comebacks"]["largest"] == 6 and out["comebacks"]["mean_deficit"] == 3.25
