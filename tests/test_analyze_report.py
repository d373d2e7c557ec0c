"""`escoba-spec analyze`: its files, their determinism and shape, its languages, its
errors, and report.html in headless Chromium. Tiny budgets (20 matches a run): these
pin behaviour, not figures."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import needs_plots

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
#: no time limit on the expert's runs (--expert-time 0): every run plays its matches, on any machine
TINY = ["--budget", "0.05", "--expert-budget", "4", "--seed", "3", "--expert-time", "0"]
#: one worker under pytest-xdist: `escoba` (an analysis run as a command, seconds) is made once, not on each worker
pytestmark = pytest.mark.xdist_group("analyze-report")


def _analyze(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "escoba_spec", "analyze", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def escoba(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("escoba") / "report"
    proc = _analyze("rules/escoba-de-15.yaml", "--out", str(out), *TINY)
    assert proc.returncode == 0, proc.stderr
    return out


def test_analyze_writes_the_three_files_and_the_same_json_for_the_same_seed(escoba, tmp_path):
    assert sorted(p.name for p in escoba.iterdir()) == ["analysis.json", "report.html", "report.md"]
    again = tmp_path / "again"
    assert _analyze("rules/escoba-de-15.yaml", "--out", str(again), *TINY).returncode == 0
    assert (again / "analysis.json").read_bytes() == (escoba / "analysis.json").read_bytes()
    assert (again / "report.html").read_bytes() == (escoba / "report.html").read_bytes()


def test_the_json_has_every_section_and_names_the_bots_it_measured(escoba):
    a = json.loads((escoba / "analysis.json").read_text())
    assert a["bots"][:3] == ["random", "greedy", "heuristic"] and a["expert"] is ("expert" in a["bots"])
    (v,) = a["variants"]
    assert set(v["static"]) == {"probes", "rules", "points_per_hand", "limits", "leftovers"}
    assert v["static"]["leftovers"] is None  # Escoba de 15 states no leftover check
    limits = v["static"]["limits"]  # four rules of a point each and a sweep a play, 18 plays a side
    assert (limits["least"], limits["most"]) == (0, 22) and limits["seen_least"] <= limits["seen_most"] <= 22
    m = v["measured"]
    assert set(m) == {"seat_advantage", "skill", "decisiveness", "rules", "hands", "rule_ranking", "verdict"}
    assert a["bots"] == ["random", "greedy", "heuristic", "expert"] and a["expert_budget"] == 4
    for bot in a["bots"]:
        games = a["expert_games_per_run"] if bot == "expert" else a["games_per_run"]
        sides = m["seat_advantage"][bot]["sides"]
        assert sum(s["wins"] for s in sides) <= games
        for s in sides:
            assert s["ci95"][0] <= s["rate"] <= s["ci95"][1]
        d = m["decisiveness"][bot]
        assert sum(d["distribution"].values()) == games
        # every hand but a match's last is a hand-end after which one side led or none did
        assert d["leader_wins"]["wins"] <= d["leader_wins"]["hands"] <= (d["mean"] - 1) * games + 1e-6
        assert d["comebacks"]["matches"] == games and 0 <= d["comebacks"]["count"] < games
    skill = m["skill"]
    assert skill["bot"] == "expert" and skill["games"] == 2 * a["expert_games_per_run"]
    # the skill trace: the expert against greedy at 1 and 4 playouts a decision, the last the skill figure
    assert [t["budget"] for t in skill["trace"]] == [1, 4]
    assert {k: skill["trace"][-1][k] for k in ("games", "wins", "rate")} == {k: skill[k] for k in ("games", "wins", "rate")}
    for t in skill["trace"]:
        assert t["ci95"][0] <= t["rate"] <= t["ci95"][1] and t["games"] == 2 * a["expert_games_per_run"]
    assert set(m["rules"]["heuristic"]) == {"escobas", "most-cards", "most-oros", "setenta", "siete-de-velo"}
    for rule in m["rules"]["heuristic"].values():
        assert 0 <= rule["decided"] <= 1 and 0 <= rule["never_fires"]["rate"] <= 1


def test_the_skill_ladder_pairs_every_bot_with_every_weaker_one_in_both_seatings(escoba):
    a = json.loads((escoba / "analysis.json").read_text())
    (v,) = a["variants"]
    ladder = v["measured"]["skill"]["ladder"]
    bots = a["bots"]
    assert [(p["strong"], p["weak"]) for p in ladder] == [
        (s, w) for i, s in reversed(list(enumerate(bots))) for w in reversed(bots[:i])]
    for p in ladder:
        expert = "expert" in (p["strong"], p["weak"])
        assert p["games"] == 2 * (a["expert_games_per_run"] if expert else a["games_per_run"])
        assert p["wins"] + p["weak_wins"]["wins"] <= p["games"] and p["fair"] == 0.5
        assert p["ci95"][0] <= p["rate"] <= p["ci95"][1]
    head = next(p for p in ladder if (p["strong"], p["weak"]) == ("expert", "greedy"))
    assert {k: v["measured"]["skill"][k] for k in ("games", "wins", "rate")} == {k: head[k] for k in ("games", "wins", "rate")}


def test_the_hand_section_counts_every_hand_once_per_side_and_rule(escoba):
    a = json.loads((escoba / "analysis.json").read_text())
    (v,) = a["variants"]
    h = v["measured"]["hands"]
    n = h["hands"]
    assert n == 40 and h["bot"] == "heuristic"
    # two sides: the dealer's and the first player's, each once; every hand won by one of them or by none
    assert [(p["deals"], p["plays_first"]) for p in h["places"]] == [(True, False), (False, True)]
    assert sum(p["won"]["count"] for p in h["places"]) + h["undecided"]["count"] == n
    assert sum(h["side_points"]["distribution"].values()) == 2 * n
    seen = [float(k) for k in h["side_points"]["distribution"]]
    assert (h["side_points"]["least"], h["side_points"]["most"]) == (min(seen), max(seen))
    assert h["hand_points"]["least"] <= h["hand_points"]["most"]
    assert 36 <= h["plays"]["least"] <= h["plays"]["most"] <= 40  # Escoba de 15: 40 cards, 4 or more on the table
    for rule in h["rules"].values():
        assert rule["one_side"]["count"] + rule["several"]["count"] + rule["none"]["count"] == n
        assert rule["seen"] == (rule["none"]["count"] < n)


def test_the_rules_are_ranked_by_the_matches_they_decided_and_the_verdict_by_effect(escoba):
    a = json.loads((escoba / "analysis.json").read_text())
    (v,) = a["variants"]
    m = v["measured"]
    ranking = m["rule_ranking"]
    assert ranking["bot"] == "heuristic" and ranking["games"] == a["games_per_run"]
    assert ranking["strongest"] == "expert" and ranking["strongest_games"] == a["expert_games_per_run"]
    assert {r["id"] for r in ranking["rules"]} == {"escobas", "most-cards", "most-oros", "setenta", "siete-de-velo"}
    counts = [r["decided"]["count"] for r in ranking["rules"]]
    assert counts == sorted(counts, reverse=True)
    assert all(r["kind"] == "rule" and r["hands"] is not None for r in ranking["rules"])
    verdict = m["verdict"]
    assert len(verdict) <= 3
    assert [abs(f["effect"]) for f in verdict] == sorted((abs(f["effect"]) for f in verdict), reverse=True)
    for f in verdict:  # only findings clear of no effect
        assert f["bounds"][0] > 0 or f["bounds"][1] < 0
    md = (escoba / "report.md").read_text()
    assert md.index("## Verdict") < md.index("### Before play")


def test_two_variants_give_the_stated_differences_beside_the_measured_ones(tmp_path):
    out = tmp_path / "cmp"
    proc = _analyze("rules/escopa.yaml", "rules/house/escopa-no-leftover-check.yaml", "--out", str(out), *TINY,
                    "--format", "json")
    assert proc.returncode == 0, proc.stderr
    a = json.loads(proc.stdout)
    assert a == json.loads((out / "analysis.json").read_text())
    d = a["differences"]
    assert any(s["field"].startswith("end_of_deal") for s in d["stated"])
    assert "p" in d["measured"]["heuristic"]["hands_per_match"]
    # the skill ladder pairing by pairing, and the per-hand figures, A beside B with their tests
    assert [(p["strong"], p["weak"]) for p in d["ladder"]] == [
        (p["strong"], p["weak"]) for p in a["variants"][0]["measured"]["skill"]["ladder"]]
    assert set(d["hands"]) == {"dealer_won", "sweep_hands", "side_points", "plays"}
    assert all(0 <= t["p"] <= 1 for t in [*d["ladder"], *d["hands"].values()])
    md = (out / "report.md").read_text()
    assert f"A: {a['variants'][0]['name']} (`rules/escopa.yaml`) · B: " in md
    escopa = a["variants"][0]["static"]["leftovers"]
    assert "70" in escopa["missed"] and all(r["verified"] for lay in escopa["layouts"] for r in lay["reached"].values())
    assert a["variants"][1]["static"]["leftovers"] is None


@pytest.mark.parametrize("lang,heading", [("es", "Ventaja de posición"), ("pt", "Vantagem de posição"),
                                          ("it", "Vantaggio di posizione"), ("fr", "Avantage de place")])
def test_the_report_speaks_the_language_asked(escoba, lang, heading):
    """The same analysis rendered in each language (the CLI's --lang is checked once, below)."""
    from escoba_spec.tools.analyze import render

    files = render(json.loads((escoba / "analysis.json").read_text()), lang)
    assert heading in files["report.md"].decode() and "Seat advantage" not in files["report.md"].decode()
    assert f'<html lang="{lang}">'.encode() in files["report.html"]


def test_the_command_takes_lang(tmp_path):
    out = tmp_path / "pt"
    assert _analyze("rules/escoba-de-15.yaml", "--out", str(out), *TINY, "--lang", "pt").returncode == 0
    assert "Vantagem de posição" in (out / "report.md").read_text()


def test_a_bad_rule_file_is_reported_at_its_line_and_nothing_is_written(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nextends: escoba-de-15\nmatch:\n  taget: 31\n")
    out = tmp_path / "out"
    proc = _analyze(str(bad), "--out", str(out), *TINY)
    assert proc.returncode == 1
    assert f"{bad}:4:3: error[unknown-key]" in proc.stdout + proc.stderr
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("args", [["rules/nope.yaml"], ["rules/scopa.yaml", "--budget", "0"],
                                  ["rules/scopa.yaml", "--lang", "de"], ["rules/scopa.yaml", "--jobs", "0"],
                                  ["rules/scopa.yaml", "--expert-budget", "0"],
                                  ["rules/scopa.yaml", "--expert-time", "-1"]])
def test_usage_errors_exit_2(args, tmp_path):
    proc = _analyze(*args, "--out", str(tmp_path / "o"))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr


CHECK = """<script>
(function () {
  var figs = document.querySelectorAll('figure svg'), shown = [];
  for (var i = 0; i < figs.length; i++) {
    var r = figs[i].getBoundingClientRect();
    shown.push([figs[i].parentNode.id, Math.round(r.width), Math.round(r.height)]);
  }
  var pre = document.createElement('pre');
  pre.id = 'checked';
  pre.textContent = JSON.stringify({plots: shown, errors: window.__errors || []});
  document.body.appendChild(pre);
})();
</script>"""

CATCH = "<script>window.__errors = []; window.addEventListener('error', function (e) { window.__errors.push(String(e.message)); });</script>"


@pytest.mark.skipif(CHROMIUM is None and os.environ.get("CI") != "true",
                    reason="headless Chromium is not installed (apt-get install -y chromium; .ci/run installs it)")
@needs_plots
def test_report_html_renders_in_chromium_with_every_plot_visible(escoba, tmp_path):
    assert CHROMIUM is not None, "CI must have Chromium"
    html = (escoba / "report.html").read_text()
    page = tmp_path / "page.html"
    page.write_text(html.replace("<head>", "<head>" + CATCH, 1).replace("</body>", CHECK + "</body>"))
    profile = tmp_path / "profile"
    base = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
            f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0"]
    proc = subprocess.run([*base, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    dom = proc.stdout
    checked = json.loads(dom.split('<pre id="checked">')[1].split("</pre>")[0].replace("&quot;", '"'))
    assert checked["errors"] == []
    assert "Uncaught" not in proc.stderr and "CONSOLE" not in proc.stderr.upper().replace("CONSOLE_", "")
    assert [p[0] for p in checked["plots"]] == ["plot-seats", "plot-skill", "plot-lengths", "plot-points-0"]
    assert all(w > 200 and h > 100 for _, w, h in checked["plots"])
    shots = Path(os.environ.get("ANALYZE_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    subprocess.run([*base, f"--screenshot={shots / 'report.png'}", "--window-size=1000,2400",
                    (escoba / "report.html").as_uri()], capture_output=True, text=True, timeout=120)
    assert (shots / "report.png").stat().st_size > 10_000


def test_without_the_plots_extra_analyze_says_so_once_and_the_page_says_where(tmp_path):
    """Issue 41: analyze without matplotlib wrote a report with no plots and said nothing."""
    out = tmp_path / "report"
    code = ("import sys; sys.modules['matplotlib'] = None; sys.modules['matplotlib.figure'] = None\n"
            "from escoba_spec.cli import main\n"
            f"sys.exit(main(['analyze', 'rules/escoba-de-15.yaml', '--out', {str(out)!r}, *{TINY!r}]))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("matplotlib is not installed: the report has no plots (pip install 'escoba-spec[plots]')") == 1
    page = (out / "report.html").read_text()
    assert 'id="no-plots"' in page and "<svg" not in page
