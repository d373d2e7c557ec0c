"""`analyze`: a balance report of one or more variants.

Stages, one module each: `static` (no play: the rules' bounds on a side's points
in a hand (`limits`), points per hand on probe piles, rules that never or always
score, the leftover check's totals), `play` (the measured runs, on
tools/simulate), `sections` (seat advantage, skill, decisiveness, rules, and
two variants' differences with their tests), `charts` (inline SVG plots),
`report` (analysis.json, report.md, report.html), `words` (the five languages);
`hands` (the per-hand run) and `grid` (`--option-grid`: each option's values side by side).
Entry point: `analyze(...) -> dict`, then `report.render(analysis, lang)`.
"""

from __future__ import annotations

from .grid import grid_total
from .grid import option_grid as grid
from .limits import against_play
from .play import EXPERT_BUDGET, EXPERT_SECONDS, MEASURED_BOTS, games_of, measure, total_matches, trim
from .report import render
from .sections import differences, sections
from .static import static_section

__all__ = ["EXPERT_BUDGET", "EXPERT_SECONDS", "MEASURED_BOTS", "analyze", "grid_total", "render", "total_matches"]


def analyze(variants: list[tuple[object, str]], options: dict[str, str], seed: int, budget: float, jobs: int = 1,
            executor=None, progress=None, expert_budget: int = EXPERT_BUDGET, option_grid: list[str] | None = None,
            expert_seconds: float = EXPERT_SECONDS) -> dict:
    """Entry point: the analysis of `variants` ((variant, path) pairs), JSON-ready and the
    same bytes for the same seed, budget, files and matches of the expert's runs (no timings,
    no absolute paths): those are cut short where they reach `expert_seconds` a file (0: never).
    `option_grid`: the ids of the options of the one variant to play value by value (grid.py)."""
    out = {"seed": seed, "budget": budget, "bots": list(MEASURED_BOTS), "strongest": MEASURED_BOTS[-1],
           "expert": "expert" in MEASURED_BOTS, "variants": [], "differences": None, "option_grid": None}
    measured_runs = []
    done = 0
    for variant, path in variants:
        def tick(n: int, base=done) -> None:
            if progress:
                progress(base + n)

        # a second file's expert plays no more matches than the first's: the two rest on as many
        most = measured_runs[0]["expert_games_per_run"] if measured_runs else None
        measured_runs.append(measure(variant, path, options, seed, budget, jobs, executor, tick, expert_budget,
                                     expert_seconds, most))
        done += total_matches(budget, expert_budget)
    fewest = min(m["expert_games_per_run"] for m in measured_runs)
    for measured, (variant, path) in zip(measured_runs, variants):
        trim(measured, fewest, path)
        engines = sorted({run["engine"] for run in measured["runs"].values()})
        static = static_section(variant, measured["players"], measured["team_size"])
        found = sections(measured)
        static["limits"] = against_play(static["limits"], found.get("hands"))
        out["variants"].append({
            "id": variant.id, "name": variant.name, "file": path,
            "players": measured["players"], "team_size": measured["team_size"],
            "measured_engine": ", ".join(engines), "notes": measured["notes"], "strongest": MEASURED_BOTS[-1],
            "static": static, "measured": found,
        })
        out["games_per_run"] = measured["games_per_run"]
        out["expert_games_per_run"] = measured["expert_games_per_run"]
        out["expert_budget"] = measured["expert_budget"]
        # whether the time limit cut the expert's runs short of the matches the budget gives them
        cap = games_of(["expert"], budget)  # what the budget gives an expert run, time aside
        out["expert_time"] = {"seconds": expert_seconds, "most": cap, "cut": measured["expert_games_per_run"] < cap}
    if option_grid:
        (variant, path), = variants
        out["option_grid"] = grid(variant, path, options, option_grid, seed, budget, jobs, executor,
                                  lambda n: progress(done + n) if progress else None)
    if len(variants) == 2:
        from ..diff import variant_differences

        (va, _), (vb, _) = variants
        stated = [d.to_json() for d in variant_differences(va, vb)]
        out["differences"] = differences(measured_runs[0], measured_runs[1], stated,
                                         out["variants"][0]["measured"], out["variants"][1]["measured"])
    return out
