"""`escoba-spec analyze`: a balance report of one or more variants (tools/analyze):
analysis.json, report.md and report.html in --out, all or none."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..tools.files import check_writable
from ..tools.text import printable
from .common import UsageError, chosen_seed, existing, load_or_report, parse_options

LANGUAGES = ("en", "es", "pt", "it", "fr")


def register(sub) -> None:
    from ..engine.names import DEFAULT_BUDGET

    p = sub.add_parser("analyze", help="a balance report: seat advantage, skill, decisiveness, rules, static checks")
    p.add_argument("paths", nargs="+", metavar="PATH", help="rule files (YAML); two or more are set side by side")
    p.add_argument("--out", required=True, metavar="DIR", help="write analysis.json, report.md and report.html here")
    p.add_argument("--seed", type=int, metavar="S", help="root seed (default: chosen at random and printed)")
    p.add_argument("--budget", type=float, default=50.0, metavar="B",
                   help="precision for time: 400 x B matches a run of the fast bots, 0.4 x B (at least 20) a run "
                        "with the expert (fewer where --expert-time cuts them), 40 x B independent hands "
                        "(default: 50)")
    p.add_argument("--expert-budget", type=int, default=None, metavar="N",
                   help="the expert's playouts per decision in its runs; its skill trace climbs to it "
                        f"(default: the expert's own, {DEFAULT_BUDGET})")
    p.add_argument("--expert-time", type=float, default=None, metavar="S",
                   help="the seconds the expert's matches may take per file, played a match of each run a round "
                        "(default: 75; 0: no limit, every run its matches and the same report for a seed)")
    p.add_argument("--option-grid", nargs="?", const="", default=None, metavar="IDS",
                   help="also play every value of each option (or of the comma-separated option ids given) "
                        "side by side: skill, length, balance per value, against the default value")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the report's language (default: en)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default: 1)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run the matches on the Dask cluster at ADDRESS")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="stdout format (default: text)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import EngineError
    from ..tools.analyze import analyze, render, total_matches
    from ..tools.analyze.charts import plots_available
    from ..tools.analyze.report import dumps
    from ..tools.files import write_all
    from .simulate import Progress, dask_executor

    if not 0 < args.budget <= 1000:
        raise UsageError(f"--budget must be above 0 and at most 1000, not {args.budget}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    from ..tools.analyze import EXPERT_BUDGET

    expert_budget = EXPERT_BUDGET if args.expert_budget is None else args.expert_budget
    if not 1 <= expert_budget <= 100_000:
        raise UsageError(f"--expert-budget must be from 1 to 100000 playouts, not {expert_budget}")
    from ..tools.analyze import EXPERT_SECONDS

    expert_seconds = EXPERT_SECONDS if args.expert_time is None else args.expert_time
    if not 0 <= expert_seconds <= 86_400:
        raise UsageError(f"--expert-time must be from 0 (no limit) to 86400 seconds, not {args.expert_time:g}")
    args.jobs = min(args.jobs, os.cpu_count() or 1) if not args.scheduler else args.jobs
    out_dir = Path(args.out)
    if problem := check_writable(out_dir):
        raise UsageError(f"--out {printable(str(out_dir))}: {printable(problem)} (checked before any match is played)")
    paths = existing(args.paths)
    options = parse_options(args.option)
    variants = []
    for path in paths:
        variant = load_or_report(path, options, "nothing analysed", args.format)
        if variant is None:
            return 1
        variants.append((variant, str(path)))
    from ..tools.setup import check_expert

    for variant, _ in variants:  # the report's strongest bot plays on the kernel: said before any match is played
        check_expert(variant)
    if len({v.players.layouts[0].players // (v.players.layouts[0].team_size or 1) for v, _ in variants}) > 1:
        raise UsageError("the variants analysed side by side must seat the same number of sides at their first table")
    grid_ids = _grid_ids(args.option_grid, variants)
    args.seed = chosen_seed(args.seed)
    executor = dask_executor(args.scheduler) if args.scheduler else None
    total = total_matches(args.budget, expert_budget) * len(variants)
    if grid_ids:
        from ..tools.analyze import grid_total

        total += grid_total(variants[0][0], grid_ids, args.budget)
    progress = Progress(total, "analyze") if sys.stderr.isatty() else None
    try:
        analysis = analyze(variants, options, args.seed, args.budget, args.jobs, executor, progress, expert_budget,
                           grid_ids, expert_seconds)
    except EngineError as exc:
        print(printable(f"escoba-spec: a match could not be played: {exc}"), file=sys.stderr)
        return 1
    finally:
        if progress is not None:
            progress.close()
    files = render(analysis, args.lang)
    if not plots_available():  # said once, as simulate says it; the page says it too
        print("escoba-spec: matplotlib is not installed: the report has no plots (pip install 'escoba-spec[plots]')",
              file=sys.stderr)
    try:
        write_all(out_dir, files)
    except OSError as exc:
        raise UsageError(f"cannot write into {printable(str(out_dir))}: {exc.strerror or exc}; nothing written") from exc
    if args.format == "json":
        sys.stdout.write(dumps(analysis))
    else:
        for v in analysis["variants"]:
            missed = (v["static"]["leftovers"] or {}).get("missed")
            line = f"{v['id']}: skill {v['measured']['skill']['rate']:.1%} ({v['measured']['skill']['bot']} vs greedy)"
            if missed:
                line += f"; leftover totals the list misses: {', '.join(missed)}"
            print(printable(line))
        cut = analysis.get("expert_time") or {}
        if cut.get("cut"):
            print(f"the expert's runs: {analysis['expert_games_per_run']} of their {cut['most']} matches each, cut at "
                  f"--expert-time {cut['seconds']:g} (--expert-time 0 plays them all)")
        print(printable(f"wrote {', '.join(files)} to {out_dir}"))
    return 0


def _grid_ids(text: str | None, variants: list) -> list[str] | None:
    """--option-grid's option ids (all the variant's options when none are named), checked before any
    match is played; None without --option-grid."""
    if text is None:
        return None
    if len(variants) != 1:
        raise UsageError("--option-grid plays the options of one rule file; two files are set side by side already")
    from ..language.diagnostics import did_you_mean

    offered = [o.id for o in variants[0][0].options]
    if not offered:
        raise UsageError(f"--option-grid: {printable(variants[0][1])} offers no options")
    ids = [i.strip() for i in text.split(",") if i.strip()] or offered
    for i in ids:
        if i not in offered:
            hint = did_you_mean(i, offered) or "its options: " + ", ".join(offered)
            raise UsageError(f"--option-grid: the variant has no option {printable(i)!r} ({printable(hint)})")
    return ids
