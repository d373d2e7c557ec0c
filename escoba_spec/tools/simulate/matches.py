"""The matches of a run: each seeded by its index alone, played here or in worker processes.

Match i is played with the seed `match_seed(root, i)`: its decks from the
stream `tools.setup.deal_stream(match seed)`, each seat's bot from
`bot_stream(match seed, seat)` (the kernel's streams, so every engine plays
the same match), and every record is the same whatever the number of jobs
or the executor.
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
from ...engine.protocol import Params, whole
from ..setup import deal_stream, make_bot, make_ruleset


def match_seed(root: int, index: int) -> int:
    """Match `index`'s seed: fixed by the root seed and the index alone."""
    digest = hashlib.sha256(f"escoba-spec simulate {root} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Context:
    """What a process needs to play matches: the engine and the seating.

    `engine` is `kernel` (the default: the variant's kernel, where it plays the variant's
    rules and the bots, else the compiled module, and `note` says why), `compiled` or
    `interpreted`; every engine plays the same matches from the same seeds."""

    def __init__(self, path: str, options: dict[str, str], players: int, team_size: int,
                 bot_names: list[str], variant=None, engine: str = "kernel"):
        if variant is None:
            from ...language.validate import load_variant

            variant = load_variant(Path(path), options)
        self.variant = variant
        self.players = players
        self.team_size = team_size
        self.bot_names = bot_names
        self.kernel, self.note = (kernel_for(variant, bot_names) if engine == "kernel" else (None, None))
        self.engine = "kernel" if self.kernel is not None else ("compiled" if engine == "kernel" else engine)
        self.ruleset = None if self.kernel is not None else make_ruleset(variant, self.engine)
        self.params = Params.from_variant(variant)
        self.points_rules = list(self.params.points_rules)
        named = (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)
        #: each points rule's name as the rule file gives it (the plots' labels)
        self.rule_names = {r.id: r.name for r in named if r.id in self.points_rules}

    def play(self, root: int, index: int) -> dict:
        return self.play_chunk(root, [index])[0]

    def play_chunk(self, root: int, indices: list[int]) -> list[dict]:
        """The records of matches `indices`, in order."""
        seeds = [match_seed(root, i) for i in indices]
        if self.kernel is not None:
            batch = self.kernel.play_matches(seeds, self.bot_names, team_size=self.team_size)
            return [kernel_record(batch, m, self.kernel, self.params.match_target) for m in range(len(seeds))]
        records = []
        for seed in seeds:
            bots = [make_bot(name, seed, seat) for seat, name in enumerate(self.bot_names)]
            match = play_match(self.ruleset, bots, seed, team_size=self.team_size, rng=deal_stream(seed))
            records.append(match_record(match, seed, self.points_rules))
        return records


#: Contexts a worker process has built, by (path, options, players, team size,
#: bots): the rule file is validated and compiled once per process, not per chunk.
_CONTEXTS: dict[tuple, Context] = {}


def _run_chunk(spec: tuple, root: int, indices: list[int]) -> list[dict]:
    """Play a chunk of matches in a worker (a process of the pool, or a Dask worker)."""
    ctx = _CONTEXTS.get(spec)
    if ctx is None:
        path, options, players, team_size, bot_names, engine = spec
        ctx = _CONTEXTS[spec] = Context(path, dict(options), players, team_size, list(bot_names), engine=engine)
    return ctx.play_chunk(root, indices)


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
                v = p.get(r, 0)  # exact (a split tie's Fraction too): the sums are made floats once, below
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
        "points": {r: [_number(whole(v)) for v in vs] for r, vs in pts.items()},
        "points_sq": {r: [_number(whole(v)) for v in vs] for r, vs in pts_sq.items()},
        "decided_by": deciding_rules(match, rules),
    }


def _number(points):
    """Statistics work in floats: a share of a split point (a Fraction) becomes 0.5."""
    return float(points) if isinstance(points, Fraction) else points


def deciding_rules(match, rules: list[str]) -> list[str]:
    """The rules that decided the match (see the module docstring)."""
    last = match.results[-1]
    return decided_by(sorted({rule for _, rule, _ in last.score.effects}), last.score.points, match.scores,
                      match.winner, match.eliminated, match.ruleset.params.match_target, rules)


def decided_by(effects: list[str], last_points, scores, winner, eliminated, target: int, rules: list[str]) -> list[str]:
    """`deciding_rules` from plain data: the effect rules of the last hand, its points per side
    (a dict by rule each), the final scores, the winner, the sides eliminated, the target."""
    if effects:
        return effects
    sides = len(scores)
    alive = [s for s in range(sides) if s not in eliminated]
    out = []
    for r in rules:
        removed = [scores[s] - last_points[s].get(r, 0) for s in range(sides)]
        reached = [s for s in alive if removed[s] >= target]
        who = None
        if reached:
            top = max(removed[s] for s in reached)
            leaders = [s for s in reached if removed[s] == top]
            who = leaders[0] if len(leaders) == 1 else None
        if who != winner:
            out.append(r)
    return out


def kernel_record(batch, m: int, kernel, target: int) -> dict:
    """`match_record` of match `m` of a kernel's batch."""
    rules = list(kernel.points_rules)
    sides = batch.scores.shape[1]
    exact = batch.exact  # the kernel's points are scaled (a split tie): back to the interpreter's ints and Fractions
    scores = [exact(x) for x in batch.scores[m]]
    winner = int(batch.winner[m])
    eliminated = {s for s in range(sides) if int(batch.eliminated[m]) >> s & 1}
    last = [{r: exact(batch.last_points[m, i, s]) for i, r in enumerate(rules)} for s in range(sides)]
    effects = sorted({r for i, r in enumerate(kernel.effect_rules) for s in range(sides) if batch.last_effects[m, i, s]})
    return {
        "seed": int(batch.seeds[m]),
        "winner": winner,
        "hands": int(batch.hands[m]),
        "scores": [_number(score) for score in scores],
        "sweeps": [int(x) for x in batch.sweeps[m, 0]],
        "sweeps_sq": [int(x) for x in batch.sweeps[m, 1]],
        "points": {r: [_number(exact(x)) for x in batch.points[m, 0, i]] for i, r in enumerate(rules)},
        "points_sq": {r: [_number(exact(x, 2)) for x in batch.points[m, 1, i]] for i, r in enumerate(rules)},
        "decided_by": decided_by(effects, last, scores, winner, eliminated, target, rules),
    }


def kernel_for(variant, bot_names: list[str]):
    """(the variant's kernel, None), or (None, why the kernel cannot play these matches)."""
    from ...compiler.kernel import unsupported
    from ...engine.kernel import KERNEL_BOTS

    reasons = unsupported(variant)
    others = sorted({b for b in bot_names if b not in KERNEL_BOTS})
    if others:
        reasons.append(f"the {' and '.join(others)} bot{'s' if len(others) > 1 else ''}")
    if reasons:
        return None, f"the kernel does not play {', '.join(reasons)} yet: the compiled engine plays these matches"
    from ...compiler.kernels import load_kernel

    kernel = load_kernel(variant)
    kernel.warm()  # numba loads (or compiles) the machine code now, before the run's clock starts
    return kernel, None


def run_matches(ctx: Context, path: str, options: dict[str, str], root: int, games: int, jobs: int,
                progress=None, executor: Executor | None = None) -> list[dict]:
    """Every match's record, in match order.

    In this process when `jobs` is 1 and no executor is given; otherwise in
    chunks through `executor` (any `concurrent.futures.Executor`, e.g. a Dask
    client's) or a process pool of `jobs` workers. Each match's seed depends
    on the root seed and its index only, so the records are the same either way."""
    # a chunk is a fraction of a second of play: a kernel's matches are a hundred times faster
    per_chunk = 2000 if ctx.kernel is not None else 50
    if jobs <= 1 and executor is None:
        records = []
        step = per_chunk if ctx.kernel is not None else 1
        for start in range(0, games, step):
            records.extend(ctx.play_chunk(root, list(range(start, min(games, start + step)))))
            if progress:
                progress(len(records))
        return records
    spec = (path, tuple(sorted(options.items())), ctx.players, ctx.team_size, tuple(ctx.bot_names), ctx.engine)
    # workers forked from this process find the context ready (no second validation
    # and compilation each); spawned or remote workers build their own once
    _CONTEXTS.setdefault(spec, ctx)
    # small chunks (a fraction of a second each): the last ones finish close together
    size = max(1, min(per_chunk, math.ceil(games / (max(jobs, 1) * 16))))
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
    timing = {"variant": ctx.variant.id, "engine": ctx.engine, "jobs": jobs, "seconds": round(seconds, 4),
              "matches_per_s": round(len(records) / seconds, 2) if seconds else None,
              "hands_per_s": round(hands / seconds, 2) if seconds else None}
    return records, timing
