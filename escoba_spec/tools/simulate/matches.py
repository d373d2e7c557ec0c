"""The matches of a run: each seeded by its index alone, played here or in worker processes.

Match i is played by `engine.play_match` with the seed `match_seed(root, i)`,
its bots seeded with `tools.setup.bot_seed(match seed, seat)`, so every
record is the same whatever the number of jobs or the executor.
"""

from __future__ import annotations

import collections
import hashlib
import math
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

from ...engine import play_match
from ..setup import BOTS, bot_seed, make_ruleset


def match_seed(root: int, index: int) -> int:
    """Match `index`'s seed: fixed by the root seed and the index alone."""
    digest = hashlib.sha256(f"escoba-spec simulate {root} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Context:
    """What a process needs to play matches: the ruleset and the seating."""

    def __init__(self, path: str, options: dict[str, str], players: int, team_size: int,
                 bot_names: list[str], variant=None):
        if variant is None:
            from ...language.validate import load_variant

            variant = load_variant(Path(path), options)
        self.variant = variant
        self.ruleset = make_ruleset(variant)
        self.players = players
        self.team_size = team_size
        self.bot_names = bot_names
        self.points_rules = list(self.ruleset.params.points_rules)
        named = (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)
        #: each points rule's name as the rule file gives it (the plots' labels)
        self.rule_names = {r.id: r.name for r in named if r.id in self.points_rules}

    def play(self, root: int, index: int) -> dict:
        seed = match_seed(root, index)
        bots = [BOTS[name](bot_seed(seed, seat)) for seat, name in enumerate(self.bot_names)]
        match = play_match(self.ruleset, bots, seed, team_size=self.team_size)
        return match_record(match, seed, self.points_rules)


#: Contexts a worker process has built, by (path, options, players, team size,
#: bots): the rule file is validated and compiled once per process, not per chunk.
_CONTEXTS: dict[tuple, Context] = {}


def _run_chunk(spec: tuple, root: int, indices: list[int]) -> list[dict]:
    """Play a chunk of matches in a worker (a process of the pool, or a Dask worker)."""
    ctx = _CONTEXTS.get(spec)
    if ctx is None:
        path, options, players, team_size, bot_names = spec
        ctx = _CONTEXTS[spec] = Context(path, dict(options), players, team_size, list(bot_names))
    return [ctx.play(root, i) for i in indices]


def match_record(match, seed: int, rules: list[str]) -> dict:
    """Plain data about one finished match (picklable, JSON-able)."""
    sides = match.sides
    pts = {r: [0] * sides for r in rules}
    pts_sq = {r: [0] * sides for r in rules}
    sweeps = [0] * sides
    sweeps_sq = [0] * sides
    for res in match.results:
        for side in range(sides):
            p = res.score.points[side]
            for r in rules:
                v = _number(p.get(r, 0))
                pts[r][side] += v
                pts_sq[r][side] += v * v
            s = res.sweeps[side]
            sweeps[side] += s
            sweeps_sq[side] += s * s
    return {
        "seed": seed,
        "winner": match.winner,
        "hands": match.hands_played,
        "scores": [_number(score) for score in match.scores],
        "sweeps": sweeps,
        "sweeps_sq": sweeps_sq,
        "points": pts,
        "points_sq": pts_sq,
        "decided_by": deciding_rules(match, rules),
    }


def _number(points):
    """Statistics work in floats: a share of a split point (a Fraction) becomes 0.5."""
    return float(points) if isinstance(points, Fraction) else points


def deciding_rules(match, rules: list[str]) -> list[str]:
    """The rules that decided the match (see the module docstring)."""
    last = match.results[-1]
    effects = sorted({rule for _, rule, _ in last.score.effects})
    if effects:
        return effects
    target = match.ruleset.params.match_target
    alive = [s for s in range(match.sides) if s not in match.eliminated]
    out = []
    for r in rules:
        removed = [match.scores[s] - last.score.points[s].get(r, 0) for s in range(match.sides)]
        reached = [s for s in alive if removed[s] >= target]
        winner = None
        if reached:
            top = max(removed[s] for s in reached)
            leaders = [s for s in reached if removed[s] == top]
            winner = leaders[0] if len(leaders) == 1 else None
        if winner != match.winner:
            out.append(r)
    return out


def run_matches(ctx: Context, path: str, options: dict[str, str], root: int, games: int, jobs: int,
                progress=None, executor: Executor | None = None) -> list[dict]:
    """Every match's record, in match order.

    In this process when `jobs` is 1 and no executor is given; otherwise in
    chunks through `executor` (any `concurrent.futures.Executor`, e.g. a Dask
    client's) or a process pool of `jobs` workers. Each match's seed depends
    on the root seed and its index only, so the records are the same either way."""
    if jobs <= 1 and executor is None:
        records = []
        for i in range(games):
            records.append(ctx.play(root, i))
            if progress:
                progress(i + 1)
        return records
    spec = (path, tuple(sorted(options.items())), ctx.players, ctx.team_size, tuple(ctx.bot_names))
    # workers forked from this process find the context ready (no second validation
    # and compilation each); spawned or remote workers build their own once
    _CONTEXTS.setdefault(spec, ctx)
    # small chunks (a fraction of a second each): the last ones finish close together
    size = max(1, min(50, math.ceil(games / (max(jobs, 1) * 16))))
    starts = iter(range(0, games, size))
    records: list[dict] = []
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=jobs)
    # a bounded window of chunks in flight, taken in order: `map` would submit every chunk
    # of a huge run at once
    pending: collections.deque = collections.deque()
    try:
        while True:
            while len(pending) < 4 * max(jobs, 1) and (start := next(starts, None)) is not None:
                pending.append(pool.submit(_run_chunk, spec, root, list(range(start, min(games, start + size)))))
            if not pending:
                break
            records.extend(pending.popleft().result())
            if progress:
                progress(len(records))
    finally:
        for future in pending:
            future.cancel()
        if executor is None:
            pool.shutdown()
    return records


def play_matches(ctx: Context, path: str, options: dict[str, str], root: int, games: int, jobs: int = 1,
                 progress=None, executor: Executor | None = None) -> tuple[list[dict], dict]:
    """Entry point: every match's record, in match order, and the run's timing
    (throughput, which varies run to run, kept apart from the records)."""
    start = time.perf_counter()
    records = run_matches(ctx, path, options, root, games, jobs, progress, executor)
    seconds = time.perf_counter() - start
    hands = sum(r["hands"] for r in records)
    timing = {"variant": ctx.variant.id, "jobs": jobs, "seconds": round(seconds, 4),
              "matches_per_s": round(len(records) / seconds, 2) if seconds else None,
              "hands_per_s": round(hands / seconds, 2) if seconds else None}
    return records, timing
