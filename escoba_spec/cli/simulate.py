"""`escoba-spec simulate`: many bot matches of a variant: win rates, points per rule, match length.

The matches and their statistics are `tools.simulate`; this command reads the
arguments, shows a progress bar on a terminal, writes the outputs (`--out`:
summary.json, timing.json, games.csv and the plots, all or none) and prints
the summary.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import Executor
from pathlib import Path

from ..engine.names import DEFAULT_BUDGET
from ..tools.files import check_writable
from ..tools.seats import BOT_NAMES, ENGINES, bot_names, seating
from ..tools.text import printable
from .common import UsageError, chosen_seed, existing, load_or_report, parse_options, rule_file_or_id

#: the most matches one run plays: each keeps a record (games.csv, the statistics), a few
#: hundred bytes, so ten million is a few GB at most
MAX_GAMES = 10_000_000


def register(sub) -> None:
    parser = sub.add_parser("simulate", help="many bot matches of a variant: win rates, points per rule, match length")
    parser.add_argument("path", metavar="PATH", help="the rule file (YAML)")
    parser.add_argument("--games", type=int, required=True, metavar="N", help="number of matches")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="root seed of every match (default: one chosen at random and printed on stderr, so "
                             "the run can be repeated)")
    parser.add_argument("--players", type=int, metavar="K",
                        help="number of seats (default: the variant's first layout)")
    parser.add_argument("--team-size", type=int, metavar="T",
                        help="players per side (default: the one the variant's layout gives)")
    parser.add_argument("--bots", default="greedy", metavar="NAME[,NAME...]",
                        help=f"bot per seat ({', '.join(BOT_NAMES)}); one name plays every seat (default: greedy); "
                             f"expert:N gives the expert N playouts a decision (default {DEFAULT_BUDGET})")
    parser.add_argument("--engine", choices=ENGINES, default="kernel",
                        help="kernel (default: the variant's numba kernel; the interpreter where the kernel does "
                             "not play the variant, and a line says so) or interpreted: the same matches, slower")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default: 1)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the matches on the Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786 (the dask extra)")
    parser.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    parser.add_argument("--out", metavar="DIR", help="write summary.json, timing.json, games.csv and plots here")
    parser.add_argument("--compare", metavar="B",
                        help="a second rule file, or a variant's id as extends: names one (escopa): the same "
                             "statistics side by side, with their differences")
    parser.add_argument("--option-b", action="append", metavar="ID=VALUE",
                        help="choose an option of B only, over --option (repeatable); without --compare, B is "
                             "the rule file itself: --option-b target=31 compares 21 with 31")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="stdout summary format (default: text)")
    parser.set_defaults(func=run)


def dask_executor(address: str) -> Executor:
    """A `concurrent.futures.Executor` on the Dask cluster at `address` (the `dask` extra)."""
    try:
        from distributed import Client
    except ImportError as exc:
        raise UsageError("--scheduler needs Dask: pip install 'escoba-spec[dask]'") from exc
    try:
        client = Client(address, timeout="5s")
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    return client.get_executor()


class Progress:
    """A progress bar of the matches on stderr, with their rate and the time left (rich's:
    it redraws in place, fits the terminal's width and keeps NO_COLOR); made only when
    stderr is a terminal. Called with the number of matches done; closed at the total."""

    def __init__(self, total: int, label: str, stream=sys.stderr):
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar

        from ..tools.terminal import console

        self.total = total
        self.bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("{task.fields[rate]}"),
                       TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                       console=console(stream), transient=False)
        self.task = self.bar.add_task(printable(label), total=total, rate="")
        self.bar.start()

    def __call__(self, done: int) -> None:
        speed = self.bar.tasks[0].speed
        self.bar.update(self.task, completed=done, rate=f"{speed:.0f} matches/s" if speed else "")
        if done >= self.total:
            self.close()

    def close(self) -> None:
        self.bar.stop()


def _context(variant, path: Path, options, args):
    """The matches' context: the table checked against the variant, the bots named."""
    from ..tools.simulate import Context

    players = args.players
    if players is None:
        players = variant.players.layouts[0].players
    team_size = seating(variant, players, args.team_size)
    ctx = Context(str(path), options, players, team_size, bot_names(args.bots, players), variant=variant,
                  engine=args.engine)
    if ctx.note:
        print(printable(f"escoba-spec: {variant.id}: {ctx.note}"), file=sys.stderr)
    elif ctx.engine == "kernel":
        from ..engine.native import NATIVE, engine_note

        if not NATIVE:
            print(f"escoba-spec: {engine_note()}", file=sys.stderr)
    return ctx


def _simulate(ctx, path: Path, options, args, executor: Executor | None) -> tuple[list[dict], dict]:
    from ..tools.simulate import play_matches

    progress = Progress(args.games, ctx.variant.id) if sys.stderr.isatty() else None
    try:
        return play_matches(ctx, str(path), options, args.seed, args.games, args.jobs, progress, executor)
    finally:
        if progress is not None:
            progress.close()  # also when a match fails: the terminal gets its cursor back


def run(args: argparse.Namespace) -> int:
    """Run `escoba-spec simulate`; usage errors raise UsageError (exit 2)."""
    from ..engine import EngineError
    from ..tools.files import write_all
    from ..tools.simulate import (
        compare,
        dumps,
        plots,
        render_compare_text,
        render_text,
        results_files,
        run_label,
        summarize,
    )

    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    if args.games > MAX_GAMES:
        raise UsageError(f"--games is at most {MAX_GAMES:,} (a run keeps a row per match for games.csv and its "
                         f"statistics), not {args.games:,}: run several seeds and compare them")
    cores = os.cpu_count() or 1
    if args.jobs > cores and not args.scheduler:
        print(f"escoba-spec: --jobs {args.jobs} capped at {cores}, the cores of this machine "
              "(more workers would only take turns)", file=sys.stderr)
        args.jobs = cores
    out_dir = Path(args.out) if args.out else None
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"--out {printable(str(out_dir))} is a file, not a folder")
    if out_dir is not None and (problem := check_writable(out_dir)):
        raise UsageError(f"--out {printable(str(out_dir))}: {printable(problem)} (checked before any match is played)")
    path = existing([args.path])[0]
    other = rule_file_or_id(args.compare, path) if args.compare else path if args.option_b else None
    named_b = args.compare or str(path)  # B as the command line names it (a variant's id, or a path)
    options = parse_options(args.option)
    options_b = {**options, **parse_options(args.option_b)}
    variant = load_or_report(path, options, "nothing simulated", args.format)
    if variant is None:
        return 1
    ctx = _context(variant, path, options, args)
    args.seed = chosen_seed(args.seed)
    ctx_b = None
    if other is not None:
        variant_b = load_or_report(other, options_b, "nothing simulated", args.format)
        if variant_b is None:
            return 1
        ctx_b = _context(variant_b, other, options_b, args)
        if ctx_b.players // ctx_b.team_size != ctx.players // ctx.team_size:
            raise UsageError("--compare needs both variants played by the same number of sides")
    executor = dask_executor(args.scheduler) if args.scheduler else None
    try:
        records, timing = _simulate(ctx, path, options, args, executor)
        records_b, timing_b = _simulate(ctx_b, other, options_b, args, executor) if ctx_b else (None, None)
    except EngineError as exc:
        print(printable(f"escoba-spec: a match could not be played: {exc}"), file=sys.stderr)
        return 1
    summary = summarize(records, ctx, str(path), args.seed)
    summary_b = summarize(records_b, ctx_b, named_b, args.seed) if ctx_b else None
    diff = compare(summary, summary_b) if summary_b else None
    if summary_b:
        full = {"a": summary, "b": summary_b, "comparison": diff}
        timing_out: dict = {"a": timing, "b": timing_b}
    else:
        full, timing_out = summary, timing
    if out_dir is not None:
        pngs = plots(summary, summary_b)
        if pngs is None:
            print("escoba-spec: matplotlib is not installed: no plots (pip install 'escoba-spec[plots]')",
                  file=sys.stderr)
        runs = 2 if summary_b else 1
        files = results_files([summary, summary_b][:runs], diff, [timing, timing_b][:runs],
                              [records, records_b][:runs], pngs, ctx.players // ctx.team_size)
        try:
            write_all(out_dir, files)
        except OSError as exc:
            raise UsageError(f"cannot write into {printable(str(out_dir))}: {exc.strerror or exc}; nothing written") \
                from exc
    if args.format == "json":
        sys.stdout.write(dumps({"summary": full, "timing": timing_out}))
    else:
        # the paths (and whatever else of a rule file shows) are printed escaped, never obeyed
        print(printable(render_text(summary, timing)))
        if summary_b:
            print(printable(render_text(summary_b, timing_b)))
            print(printable(render_compare_text(diff, run_label(path, options), run_label(named_b, options_b))))
    return 0
