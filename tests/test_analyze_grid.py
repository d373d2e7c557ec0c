"""`analyze FILE --option-grid`: every value of each option played on the same seeds, each
against the default value with its test, and the values best by skill, length and balance only
where the matches show it. Small budgets (100 matches a run): the effects pinned are large."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from escoba_spec.language.validate import load_variant
from escoba_spec.tools.analyze import analyze, grid_total, render
from escoba_spec.tools.analyze.grid import option_grid

ROOT = Path(__file__).resolve().parents[1]
SCOPA = ROOT / "rules" / "scopa.yaml"
pytestmark = pytest.mark.xdist_group("analyze-grid")


@pytest.fixture(scope="module")
def scopa_grid() -> dict:
    """The grid alone (grid.option_grid, as analyze calls it), without the report it joins."""
    return {"option_grid": option_grid(load_variant(SCOPA), str(SCOPA), {}, ["deck", "target"], 4, 0.5)}


def test_every_value_of_each_option_named_is_played_the_default_marked(scopa_grid):
    grid = scopa_grid["option_grid"]
    assert grid["games_per_run"] == 100
    assert [(o["id"], [r["value"] for r in o["rows"]]) for o in grid["options"]] == [
        ("deck", ["italian-40", "french-40"]), ("target", ["11", "21"])]
    for option in grid["options"]:
        default, other = option["rows"]
        assert default["default"] and not other["default"] and default["versus_default"] is None
        assert set(other["versus_default"]) == {"first_player", "skill", "hands", "comebacks"}
        for row in option["rows"]:
            assert row["note"] is None and row["skill"]["n"] == 200  # both seatings
            assert row["skill"]["count"] + row["luck"]["count"] <= row["skill"]["n"]


def test_a_value_that_only_renames_the_cards_plays_the_same_matches(scopa_grid):
    """The French pack is the Italian deck under other names: on the same seeds, the same matches."""
    italian, french = scopa_grid["option_grid"]["options"][0]["rows"]
    for figure in ("first_player", "hands", "comebacks", "skill", "luck"):
        assert italian[figure] == french[figure]
    assert french["versus_default"]["skill"]["p"] == 1.0
    best = scopa_grid["option_grid"]["options"][0]["best"]
    assert not any(b["clear"] for b in best.values())  # nothing to choose between them


def test_a_higher_target_makes_longer_matches_and_the_grid_says_so(scopa_grid):
    target = scopa_grid["option_grid"]["options"][1]
    eleven, twenty_one = target["rows"]
    assert twenty_one["hands"]["mean"] > eleven["hands"]["mean"] + 2
    assert twenty_one["versus_default"]["hands"]["significant"]
    assert target["best"]["shortest"] == {"value": "11", "label": "11", "default": True, "clear": True}


def test_the_report_gives_a_table_an_option_and_names_the_best_value_in_its_language():
    """The whole command's analysis, at the smallest budget, with the grid of one option."""
    analysis = analyze([(load_variant(SCOPA), "rules/scopa.yaml")], {}, seed=4, budget=0.05, expert_budget=2,
                       option_grid=["target"])
    md = render(analysis, "en")["report.md"].decode()
    assert "## Options side by side" in md and "Shortest: 11 (default)." in md
    html = render(analysis, "es")["report.html"].decode()
    assert html.count('<table class="grid"') == 1 and "Opciones lado a lado" in html and "Más corta: 11" in html


def test_the_progress_counts_the_grid_matches():
    assert grid_total(load_variant(SCOPA), ["deck", "target"], 0.5) == 4 * 3 * 100


@pytest.mark.parametrize("args,message", [
    (["rules/scopa.yaml", "rules/escopa.yaml", "--option-grid"], "plays the options of one rule file"),
    (["rules/scopa.yaml", "--option-grid", "primiera"], "no option 'primiera' (did you mean 'primiera-suits'?)"),
])
def test_a_grid_it_cannot_play_is_a_usage_error_before_any_match(args, message, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "escoba_spec", "analyze", *args, "--out", str(tmp_path / "r")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2 and message in proc.stderr
    assert not (tmp_path / "r").exists()
