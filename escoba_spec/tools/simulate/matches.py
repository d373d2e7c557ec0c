"""The matches of a run: each seeded by its index alone, played here or in worker processes.

Match i is played with the seed `match_seed(root, i)`: its decks from the
stream `tools.setup.deal_stream(match seed)`, each seat's bot from
`bot_stream(match seed, seat)` (the kernel's streams, so every engine plays
the same match), and every record is the same whatever the number of jobs
or the executor.
"""

from __future__ import annotations

import collections
import gc
import hashlib
import math
import time
from concurrent.futures import Executor
from fractions import Fraction
from pathlib import Path

from ...engine import play_match
from ...engine.match import points_outcome
from ...engine.protocol import Params, whole
from ...processes import process_pool
from ..setup import deal_stream, engine_used, make_bot, make_ruleset


def match_seed(root: int, index: int) -> int:
    """Match `index`'s seed: fixed by the root seed and the index alone."""
    digest = hashlib.sha256(f"escoba-spec simulate {root} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Context:
    """What a process needs to play matches: the engine and the seating.

    `engine` is `kernel` (the default: whole matches in the variant's kernel where it plays
    the variant's rules and the bots; else hand by hand on its step functions, or on the
    interpreter where the kernel does not play the variant, and `note` says why) or
    `interpreted`; both play the same matches from the same seeds."""

    def __init__(self, path: str, options: dict[str, str], players: int, team_size: int,
                 bot_names: list[str], variant=None, engine: str = "kernel", with_expert: bool = False):
        if variant is None:
            from ...language.validate import load_variant

            variant = load_variant(Path(path), options)
        self.variant = variant
        self.players = players
        self.team_size = team_size
        self.bot_names = bot_names
        #: the kernel's entry point that plays the expert too, whoever sits (Kernel.play_matches):
        #: for a caller whose other runs seat an expert, so that it compiles one of the two
        self.with_expert = with_expert
        self.kernel, self.note = (kernel_for(variant, bot_names, with_expert) if engine == "kernel"
                                  else (None, None))
        self.engine = "kernel" if self.kernel is not None else engine_used(variant, engine)[0]
        self.ruleset = None if self.kernel is not None else make_ruleset(variant, self.engine)
        self.params = Params.from_variant(variant)
        self.points_rules = list(self.params.points_rules)
        named = (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)
        #: each points rule's name as the rule file gives it (the plots' labels)
        self.rule_names = {r.id: r.name for r in named
                           if r.id in self.points_rules or r.id in self.params.sweep_declarations}

    def play(self, root: int, index: int) -> dict:
        return self.play_chunk(root, [index])[0]

    def play_chunk(self, root: int, indices: list[int]) -> list[dict]:
        """The records of matches `indices`, in order."""
        return self.records(self.play_raw(root, indices))

    def records(self, played) -> list[dict]:
        """`play_raw`'s answer as records."""
        if self.kernel is not None:
            return kernel_records(played, self.kernel, self.params.match_target)
        return played

    def play_raw(self, root: int, indices: list[int]):
        """Matches `indices` as a worker sends them back: a kernel's batch of arrays (a few
        buffers to pickle, where a chunk of records is thousands of small objects), or records."""
        seeds = [match_seed(root, i) for i in indices]
        if self.kernel is not None:
            return self.kernel.play_matches(seeds, self.bot_names, team_size=self.team_size,
                                            with_expert=self.with_expert)
        records = []
        for seed in seeds:
            bots = [make_bot(name, seed, seat, self.variant) for seat, name in enumerate(self.bot_names)]
            match = play_match(self.ruleset, bots, seed, team_size=self.team_size, rng=deal_stream(seed))
            records.append(match_record(match, seed, self.points_rules))
        return records


#: Contexts a worker process has built, by (path, options, players, team size,
#: bots): the rule file is validated and compiled once per process, not per chunk.
_CONTEXTS: dict[tuple, Context] = {}


def worker_spec(ctx: Context, path: str, options: dict[str, str]) -> tuple:
    """What a worker builds `ctx` again from (`run_chunk`'s first argument); workers forked from
    this process afterwards find `ctx` ready (no second validation and compilation each)."""
    spec = (path, tuple(sorted(options.items())), ctx.players, ctx.team_size, tuple(ctx.bot_names), ctx.engine,
            ctx.with_expert)
    _CONTEXTS.setdefault(spec, ctx)
    return spec


def run_chunk(spec: tuple, root: int, indices: list[int]):
    """Play a chunk of matches in a worker (a process of the pool, or a Dask worker): what
    `Context.play_raw` gives, turned into records by the parent (`Context.records`)."""
    ctx = _CONTEXTS.get(spec)
    if ctx is None:
        path, options, players, team_size, bot_names, engine, with_expert = spec
        ctx = _CONTEXTS[spec] = Context(path, dict(options), players, team_size, list(bot_names), engine=engine,
                                        with_expert=with_expert)
    return ctx.play_raw(root, indices)


def match_record(match, seed: int, rules: list[str]) -> dict:
    """Plain data about one finished match (picklable, JSON-able)."""
    sides = match.sides
    pts = {r: [0] * sides for r in rules}
    pts_sq = {r: [0] * sides for r in rules}
    sweeps = [0] * sides
    sweeps_sq = [0] * sides
    declared = {d: [0] * sides for d in match.ruleset.params.sweep_declarations}
    declared_sq = {d: [0] * sides for d in declared}
    for res in match.results:
        made = res.declared_sweeps(sides)
        for d in declared:
            for side, v in enumerate(made.get(d, [0] * sides)):
                declared[d][side] += v
                declared_sq[d][side] += v * v
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
        "declared_sweeps": declared,
        "declared_sweeps_sq": declared_sq,
        "points": {r: [_number(whole(v)) for v in vs] for r, vs in pts.items()},
        "points_sq": {r: [_number(whole(v)) for v in vs] for r, vs in pts_sq.items()},
        "decided_by": deciding_rules(match, rules),
        "led": list(match.led),
        "deficit": [_number(d) for d in match.deficit],
    }


def _number(points):
    """Statistics work in floats: a share of a split point (a Fraction) becomes 0.5."""
    return float(points) if isinstance(points, Fraction) else points


def deciding_rules(match, rules: list[str]) -> list[str]:
    """The rules that decided the match: the effects of its last hand, or else each points rule
    without whose last-hand points that hand would not have given the match to its winner."""
    last = match.results[-1]
    params = match.ruleset.params
    return decided_by(sorted({rule for _, rule, _ in last.score.effects}), last.score.points, match.scores,
                      match.winner, match.eliminated, params.match_target, rules,
                      goal=params.match_goal, avoid_ends=params.match_avoid_ends)


def decided_by(effects: list[str], last_points, scores, winner, eliminated, target: int, rules: list[str],
               goal: str = "reach", avoid_ends: str = "last-left") -> list[str]:
    """`deciding_rules` from plain data: the effect rules of the last hand, its points per side
    (a dict by rule each), the final scores, the winner, the sides eliminated, the target, and
    the match's goal: where a side avoids the target, a rule decided the match when without
    its points the loser would not have reached the target (or another side would have)."""
    if effects:
        return effects
    sides = len(scores)
    hand = [sum(last_points[s].values()) for s in range(sides)]
    # the sides still in when the last hand began: with goal avoid, those out before it were at the target already
    alive = [s for s in range(sides) if s not in eliminated or (goal == "avoid" and scores[s] - hand[s] < target)]
    out = []
    for r in rules:
        removed = [scores[s] - last_points[s].get(r, 0) for s in range(sides)]
        if points_outcome(removed, alive, goal, target, avoid_ends)[0] != winner:
            out.append(r)
    return out


def kernel_records(batch, kernel, target: int) -> list[dict]:
    """`match_record` of every match of a kernel's batch (its arrays turned into lists once:
    numpy's element access, a million times, would cost more than the play)."""
    rules = list(kernel.points_rules)
    effect_rules = list(kernel.effect_rules)
    columns = zip(batch.seeds.tolist(), batch.winner.tolist(), batch.hands.tolist(), batch.scores.tolist(),
                  batch.sweeps.tolist(), batch.points.tolist(), batch.deficit.tolist())
    led = batch.led.tolist()
    goal, avoid_ends = kernel.params.match_goal, kernel.params.match_avoid_ends
    decided = _decided_masks(batch, target) if goal == "reach" else _decided_lists(batch, target, goal, avoid_ends)
    fired = batch.last_effects.any(axis=2).tolist()  # [match][effect rule]
    records = []
    if batch.scale != 1:  # a split tie: the interpreter's ints and Fractions, as floats once (match_record)
        columns = ((seed, winner, hands, [_number(batch.exact(x)) for x in scores], sweeps,
                    [[[_number(batch.exact(x, power)) for x in rule] for rule in part] for power, part in
                     zip((1, 2), points)], [_number(batch.exact(x)) for x in deficit])
                   for seed, winner, hands, scores, sweeps, points, deficit in columns)
    declared = list(kernel.sweep_declarations)
    # their columns follow the points' (raw counts of sweeps, never scaled): [match][sum|square][column][side]
    apart = batch.points[:, :, len(rules):len(rules) + len(declared), :].tolist() if declared else None
    for m, (seed, winner, hands, scores, sweeps, points, deficit) in enumerate(columns):
        effects = sorted(r for i, r in enumerate(effect_rules) if fired[m][i])
        records.append({
            "seed": seed,
            "winner": winner,
            "hands": hands,
            "scores": scores,
            "sweeps": sweeps[0],
            "sweeps_sq": sweeps[1],
            "declared_sweeps": {d: apart[m][0][j] for j, d in enumerate(declared)} if declared else {},
            "declared_sweeps_sq": {d: apart[m][1][j] for j, d in enumerate(declared)} if declared else {},
            "points": {r: points[0][i] for i, r in enumerate(rules)},
            "points_sq": {r: points[1][i] for i, r in enumerate(rules)},
            "decided_by": effects or [r for i, r in enumerate(rules) if decided[m][i]],
            "led": led[m],
            "deficit": deficit,
        })
    return records


def _decided_lists(batch, target: int, goal: str, avoid_ends: str) -> list[list[bool]]:
    """`_decided_masks` for a match whose goal is not to reach the target first (avoid, lead),
    match by match through `decided_by` (its points scaled as the kernel keeps them)."""
    scores, last = batch.scores.tolist(), batch.last_points.tolist()  # [match][side], [match][rule][side]
    eliminated, winners = batch.eliminated.tolist(), batch.winner.tolist()
    out = []
    for m, final in enumerate(scores):
        sides, rules = len(final), range(len(last[m]))
        points = [{r: last[m][r][s] for r in rules} for s in range(sides)]
        out_sides = {s for s in range(sides) if eliminated[m] >> s & 1}
        decided = set(decided_by([], points, final, winners[m], out_sides, target * batch.scale, list(rules),
                                 goal=goal, avoid_ends=avoid_ends))
        out.append([r in decided for r in rules])
    return out


def _decided_masks(batch, target: int) -> list[list[bool]]:
    """`decided_by` for every match and points rule of a batch at once, as numpy arrays: whether
    the last hand's points of the rule, taken away, change who wins (see the module docstring)."""
    import numpy as np

    removed = batch.scores[:, None, :] - batch.last_points  # [match, rule, side]
    sides = batch.scores.shape[1]
    alive = ((batch.eliminated[:, None] >> np.arange(sides)[None, :]) & 1) == 0  # [match, side]
    reached = alive[:, None, :] & (removed >= target * batch.scale)  # the kernel's points are scaled
    low = np.iinfo(np.int64).min
    top = np.where(reached, removed, low).max(axis=2, keepdims=True)
    leaders = reached & (removed == top)
    alone = leaders.sum(axis=2) == 1
    who = np.where(alone, leaders.argmax(axis=2), -1)
    return (who != batch.winner[:, None]).tolist()


def kernel_for(variant, bot_names: list[str], with_expert: bool = False):
    """(the variant's kernel, None), or (None, why the kernel cannot play these matches)."""
    from ...compiler.kernel import unsupported
    from ...engine.kernel import KERNEL_BOTS
    from ...engine.names import split_bot_name

    reasons = unsupported(variant)
    others = sorted({b for b in bot_names if split_bot_name(b)[0] not in KERNEL_BOTS})
    if others:
        reasons.append(f"the {' and '.join(others)} bot{'s' if len(others) > 1 else ''}")
    if reasons:
        return None, f"the kernel does not play {', '.join(reasons)} yet: the interpreter plays these matches (slower)"
    from ...compiler.kernels import load_kernel

    kernel = load_kernel(variant)
    kernel.warm(bot_names, with_expert=with_expert)  # numba loads (or compiles) the machine code now, before the run's clock starts
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
        size = 1
        while len(records) < games:
            start = len(records)
            began = time.perf_counter()
            records.extend(ctx.play_chunk(root, list(range(start, min(games, start + size)))))
            if progress:
                progress(len(records))
            size = _next_size(size, time.perf_counter() - began, per_chunk)
        return records
    # spawned or remote workers build their own context once
    spec = worker_spec(ctx, path, options)
    # small chunks (a fraction of a second each): the last ones finish close together
    size = max(1, min(per_chunk, math.ceil(games / (max(jobs, 1) * 16))))
    starts = iter(range(0, games, size))
    records: list[dict] = []
    pool = executor if executor is not None else process_pool(jobs)
    # a bounded window of chunks in flight, taken in order: `map` would submit every chunk
    # of a huge run at once
    pending: collections.deque = collections.deque()
    try:
        while True:
            while len(pending) < 4 * max(jobs, 1) and (start := next(starts, None)) is not None:
                pending.append(pool.submit(run_chunk, spec, root, list(range(start, min(games, start + size)))))
            if not pending:
                break
            records.extend(ctx.records(pending.popleft().result()))
            if progress:
                progress(len(records))
    finally:
        for future in pending:
            future.cancel()
        if executor is None:
            pool.shutdown()
    return records


#: how long one chunk of matches played in this process lasts, about: its progress is told after
#: it, and a caller stops the run there (the studio's Cancel), so a chunk must be short whatever
#: the bots (an expert's match is a thousand greedy ones); a kernel's compiled call holds the GIL,
#: so while it plays no other thread of the process (the studio's server) runs either
CHUNK_SECONDS = 0.1


def _next_size(size: int, seconds: float, most: int) -> int:
    """The next chunk's matches: as many as last time's pace plays in CHUNK_SECONDS, growing at
    most twofold a chunk (from one match: the first may compile the kernel), at most `most`."""
    fit = int(size * CHUNK_SECONDS / seconds) if seconds > 0 else 2 * size
    return max(1, min(2 * size, most, fit))


def play_matches(ctx: Context, path: str, options: dict[str, str], root: int, games: int, jobs: int = 1,
                 progress=None, executor: Executor | None = None) -> tuple[list[dict], dict]:
    """Entry point: every match's record, in match order, and the run's timing
    (throughput, which varies run to run, kept apart from the records)."""
    start = time.perf_counter()
    # the records are a few million plain lists and dicts, none in a cycle: the collector would
    # walk all of them again and again as they pile up (a third of a kernel run's time)
    collecting = gc.isenabled()
    gc.disable()
    try:
        records = run_matches(ctx, path, options, root, games, jobs, progress, executor)
    finally:
        if collecting:
            gc.enable()
    seconds = time.perf_counter() - start
    hands = sum(r["hands"] for r in records)
    timing = {"variant": ctx.variant.id, "engine": ctx.engine, "jobs": jobs, "seconds": round(seconds, 4),
              "matches_per_s": round(len(records) / seconds, 2) if seconds else None,
              "hands_per_s": round(hands / seconds, 2) if seconds else None}
    return records, timing
