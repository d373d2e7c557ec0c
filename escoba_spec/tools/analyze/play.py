"""The report's measured sections, played on tools/simulate (its kernel engine by
default, its seeds, `--jobs` and executors): one run of matches per bot under
self-play, and two for skill (the best bot against greedy, once in each seating).

Every run's seed is derived from the analysis's seed and the run's name, so a
run is the same whatever else the analysis plays, and the whole analysis is
the same for a seed.
"""

from __future__ import annotations

import hashlib

from ...tools.setup import BOTS, seating
from ..simulate import Context, play_matches, summarize
from ..simulate.stats import wilson

#: the bots the report measures, in order of strength; "expert" joins when engine.bots has it
MEASURED_BOTS = tuple(b for b in ("random", "greedy", "heuristic", "expert") if b in BOTS)
#: matches per run at --budget 1
MATCHES_PER_BUDGET = 400


def run_seed(root: int, name: str) -> int:
    digest = hashlib.sha256(f"escoba-spec analyze {root} {name}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def runs_of(budget: float) -> list[tuple[str, list[str] | None]]:
    """The runs an analysis plays: (name, bots per side pattern)."""
    best = MEASURED_BOTS[-1]
    runs = [(bot, [bot]) for bot in MEASURED_BOTS]
    runs += [("skill-a", [best, "greedy"]), ("skill-b", ["greedy", best])]
    return runs


def measure(variant, path: str, options: dict[str, str], root: int, budget: float, jobs: int = 1,
            executor=None, progress=None) -> dict:
    """Entry point: every run's summary and records-derived statistics, JSON-ready."""
    games = max(20, int(MATCHES_PER_BUDGET * budget))
    players = variant.players.layouts[0].players
    team_size = seating(variant, players, None)
    sides = players // team_size
    out: dict = {"games_per_run": games, "players": players, "team_size": team_size, "runs": {}, "notes": []}
    done = 0
    for name, pattern in runs_of(budget):
        bots = [pattern[seat % sides % len(pattern)] for seat in range(players)]
        ctx = Context(path, options, players, team_size, bots, variant=variant)
        if ctx.note and ctx.note not in out["notes"]:
            out["notes"].append(ctx.note)
        seed = run_seed(root, name)

        def tick(n: int, base=done) -> None:
            if progress:
                progress(base + n)

        records, _timing = play_matches(ctx, path, options, seed, games, jobs, tick, executor)
        done += games
        summary = summarize(records, ctx, path, seed)
        summary["engine"] = ctx.engine
        summary["never_fires"] = _never_fires(records, ctx.points_rules, summary["games"])
        out["runs"][name] = summary
    return out


def total_matches(budget: float) -> int:
    return max(20, int(MATCHES_PER_BUDGET * budget)) * len(runs_of(budget))


def _never_fires(records: list[dict], rules: list[str], n: int) -> dict:
    """Per points rule: the share of matches in which it scored nothing for any side."""
    out = {}
    for rule in rules:
        quiet = sum(1 for r in records if not any(r["points"][rule]))
        lo, hi = wilson(quiet, n)
        out[rule] = {"rate": round(quiet / n, 6), "ci95": [round(lo, 6), round(hi, 6)]}
    return out
