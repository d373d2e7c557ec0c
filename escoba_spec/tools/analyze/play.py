"""The report's measured sections, played on tools/simulate (its kernel engine by
default, its seeds, `--jobs` and executors): one run of matches per bot under
self-play, and two for each pairing of a bot with every weaker one (the skill
ladder: once in each seating), and the expert's skill trace against greedy.

Every run's seed is derived from the analysis's seed and the run's name, so a
run is the same whatever else the analysis plays. The expert's runs are played
in rounds, a match each a round, until each has its matches or the rounds have
taken the time they are given (`--expert-time`): a run's matches are the first
N of its seed whatever cut them, so the analysis is the same for a seed and the
same N (always so with no time limit).
"""

from __future__ import annotations

import hashlib
import time

from ...engine.names import DEFAULT_BUDGET, split_bot_name
from ...tools.setup import BOTS, seating
from ...processes import process_pool
from ..simulate import Context, play_matches, summarize
from ..simulate.matches import run_chunk, worker_spec
from ..simulate.stats import wilson
from .hands import HAND_BOT, hands_of, play_hands

#: the bots the report measures, in order of strength; "expert" joins when engine.bots has it
MEASURED_BOTS = tuple(b for b in ("random", "greedy", "heuristic", "expert") if b in BOTS)
#: matches per run at --budget 1
MATCHES_PER_BUDGET = 400
#: the expert's playouts per decision in the report's runs: the default expert's (docs/bots.md), so
#: that the skill measured is the expert's a player meets; its skill trace (against greedy in
#: both seatings) adds budget/8 and budget/3
EXPERT_BUDGET = DEFAULT_BUDGET
#: the most matches of a run where an expert sits, at --budget 1 (at least MIN_MATCHES): an expert
#: decision is thousands of playouts, so the default (--budget 50) plays at most 20 a run, fewer
#: where EXPERT_SECONDS cuts them (docs/analyze.md)
EXPERT_MATCHES_PER_BUDGET = 0.4
#: the fewest matches of any run the expert does not sit in, and the most an expert's run plays
#: at --budget 50
MIN_MATCHES = 20
#: the seconds the expert's runs may take, together, for one file (0: no limit): a round plays
#: one more match of each, and no round starts that would end past this; the first is always
#: played. Two minutes of a whole report on two cores for every shipped game (docs/analyze.md)
EXPERT_SECONDS = 75.0


def trace_budgets(expert_budget: int) -> tuple[int, ...]:
    """The skill trace's budgets, ascending, the report's own last: 5, 13, 40 for 40."""
    return tuple(sorted({max(1, expert_budget // 8), max(1, expert_budget // 3), expert_budget}))


def run_seed(root: int, name: str) -> int:
    digest = hashlib.sha256(f"escoba-spec analyze {root} {name}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _seated(bot: str, expert_budget: int) -> str:
    """A measured bot's name as a run seats it: the expert with the report's budget."""
    return f"expert:{expert_budget}" if bot == "expert" else bot


def pairings() -> list[tuple[str, str]]:
    """The skill ladder's pairings, (stronger, weaker): each measured bot against every weaker one,
    strongest first."""
    return [(strong, weak) for i, strong in reversed(list(enumerate(MEASURED_BOTS)))
            for weak in reversed(MEASURED_BOTS[:i])]


def pair_run(strong: str, weak: str, seating: str) -> str:
    """The name of a pairing's run: seating "a" seats the stronger bot on side 0, "b" on side 1."""
    return f"pair-{strong}-{weak}-{seating}"


def runs_of(budget: float, expert_budget: int = EXPERT_BUDGET) -> list[tuple[str, list[str] | None]]:
    """The runs an analysis plays: (name, bots per side pattern)."""
    runs = [(bot, [_seated(bot, expert_budget)]) for bot in MEASURED_BOTS]
    for strong, weak in pairings():
        a, b = _seated(strong, expert_budget), _seated(weak, expert_budget)
        runs += [(pair_run(strong, weak, "a"), [a, b]), (pair_run(strong, weak, "b"), [b, a])]
    if MEASURED_BOTS[-1] == "expert":
        for b in trace_budgets(expert_budget)[:-1]:  # the last is skill-a and skill-b
            runs += [(f"trace-{b}-a", [f"expert:{b}", "greedy"]), (f"trace-{b}-b", ["greedy", f"expert:{b}"])]
    return runs


def seats_expert(pattern: list[str]) -> bool:
    """Whether an expert (of any budget) sits in a run's pattern of bots."""
    return any(split_bot_name(bot)[0] == "expert" for bot in pattern)


def games_of(pattern: list[str], budget: float) -> int:
    """The matches of a run: fewer where an expert sits, its decisions being thousands of playouts."""
    if seats_expert(pattern):
        return max(MIN_MATCHES, int(EXPERT_MATCHES_PER_BUDGET * budget))
    return max(MIN_MATCHES, int(MATCHES_PER_BUDGET * budget))


def measure(variant, path: str, options: dict[str, str], root: int, budget: float, jobs: int = 1,
            executor=None, progress=None, expert_budget: int = EXPERT_BUDGET,
            expert_seconds: float = EXPERT_SECONDS, expert_most: int | None = None) -> dict:
    """Entry point: every run's summary and records-derived statistics, JSON-ready. The expert's
    runs play at most `expert_most` matches each (default: by `budget`), fewer where their
    rounds reach `expert_seconds` (0: no limit)."""
    players = variant.players.layouts[0].players
    team_size = seating(variant, players, None)
    sides = players // team_size
    runs = runs_of(budget, expert_budget)
    most = games_of(["expert"], budget) if expert_most is None else expert_most
    out: dict = {"games_per_run": games_of(["greedy"], budget), "expert_budget": expert_budget, "players": players,
                 "team_size": team_size, "runs": {}, "notes": [], "records": {}}
    with_expert = any(seats_expert(pattern) for _, pattern in runs)
    contexts, seeds = {}, {}
    for name, pattern in runs:
        bots = [pattern[seat % sides % len(pattern)] for seat in range(players)]
        # every run on the kernel's entry point that plays the expert: the expert's runs need it,
        # and the others then compile nothing more (a kernel's compile is seconds)
        ctx = contexts[name] = Context(path, options, players, team_size, bots, variant=variant, with_expert=with_expert)
        seeds[name] = run_seed(root, name)
        if ctx.note and ctx.note not in out["notes"]:
            out["notes"].append(ctx.note)
    done = 0
    for name, pattern in runs:
        if seats_expert(pattern):
            continue
        games = games_of(pattern, budget)
        records, _timing = play_matches(contexts[name], path, options, seeds[name], games, jobs,
                                        lambda n, base=done: progress(base + n) if progress else None, executor)
        done += games
        out["runs"][name] = _summary(records, contexts[name], path, seeds[name])
    expert = [name for name, pattern in runs if seats_expert(pattern)]
    out["contexts"] = {name: contexts[name] for name in expert}
    out["seeds"] = seeds
    if expert:  # their records kept: a second file side by side may cut them to its matches (trim)
        out["records"] = _rounds(out["contexts"], seeds, path, options, most, expert_seconds, jobs, executor,
                                 lambda n, base=done: progress(base + n) if progress else None)
    out["expert_games_per_run"] = min((len(out["records"][n]) for n in expert), default=0)
    out["expert_most"] = most
    _summarize_expert(out, path)
    out["runs"] = {name: out["runs"][name] for name, _ in runs}  # in the runs' order
    done += len(expert) * most
    out.update(_hands(variant, path, options, players, team_size, run_seed(root, "hands"), hands_of(budget),
                      with_expert, lambda n, base=done: progress(base + n) if progress else None))
    return out


def _summary(records: list[dict], ctx, path: str, seed: int) -> dict:
    summary = summarize(records, ctx, path, seed)
    summary["engine"] = ctx.engine
    summary["never_fires"] = _never_fires(records, ctx.points_rules, summary["games"])
    return summary


def _summarize_expert(measured: dict, path: str) -> None:
    """The expert's runs' summaries from their records."""
    for name, records in measured["records"].items():
        measured["runs"][name] = _summary(records, measured["contexts"][name], path, measured["seeds"][name])


def trim(measured: dict, games: int, path: str) -> None:
    """The expert's runs cut to their first `games` matches (two files side by side rest on as many)."""
    if games >= measured["expert_games_per_run"]:
        return
    measured["records"] = {name: records[:games] for name, records in measured["records"].items()}
    measured["expert_games_per_run"] = games
    _summarize_expert(measured, path)


#: the end of _rounds' matches to play (None there is a match to wait for first)
_END = object()


def _timed_chunk(spec: tuple, root: int, indices: list[int]) -> tuple[float, object]:
    """A chunk of a run's matches in a worker (simulate's `run_chunk`), and the seconds it took there."""
    start = time.perf_counter()
    answer = run_chunk(spec, root, indices)
    return time.perf_counter() - start, answer


def _rounds(contexts: dict, seeds: dict, path: str, options: dict, most: int, seconds: float, jobs: int, executor,
            progress) -> dict[str, list[dict]]:
    """The expert's runs, round by round a match of each, on `jobs` workers (or `executor`) kept
    busy across rounds (a match's answer taken as it comes: one run's match can last as long as
    all the others'), until each has `most`, or another round would end past `seconds` (0: no
    limit) as the matches played so far say: each run's next as long as its longest so far, and
    no round begun before each run has played one. A round begun is played whole: every run has
    as many."""
    names = list(contexts)
    raw: dict[tuple[str, int], object] = {}
    took_s: dict[str, list[float]] = {name: [] for name in names}
    pool, specs, workers = None, {}, 1  # in this process, one match at a time
    if executor is not None or jobs > 1:
        specs = {name: worker_spec(ctx, path, options) for name, ctx in contexts.items()}
        pool, workers = executor if executor is not None else process_pool(jobs), max(1, jobs)
    began = time.perf_counter()
    rounds = 0

    def cost(name: str) -> float:
        """A run's next match, as long as its longest so far (an expert's matches vary twofold and more)."""
        return max(took_s[name])

    def another() -> bool | None:
        """Whether another round starts: the first always; the next where the matches begun and not
        played yet, and this round's, end within `seconds` on the workers at each run's cost so far;
        None (not yet) while a run has no match played to tell its cost."""
        if rounds >= most:
            return False
        if rounds == 0 or not seconds:
            return True
        if not all(took_s.values()):
            return None
        waiting = sum(cost(name) * (rounds - len(took_s[name])) for name in names)
        ahead = sum(cost(name) for name in names)
        return time.perf_counter() - began + (waiting + ahead) / workers <= seconds

    def slots():
        """(run, match index) in play order, a round at a time while another() says so; None while
        it cannot say yet (a match to wait for)."""
        nonlocal rounds
        while (start := another()) is not False:
            if start is None:
                yield None
                continue
            rounds += 1
            for name in names:
                yield name, rounds - 1

    def took(key, answer) -> None:
        seconds_taken, raw[key] = answer
        took_s[key[0]].append(seconds_taken)
        if progress:
            progress(len(raw))

    feed = slots()
    pending: list = []
    try:
        if pool is None:  # in this process: every match begun is played before another() asks
            for name, index in feed:
                start = time.perf_counter()
                answer = contexts[name].play_raw(seeds[name], [index])
                took((name, index), (time.perf_counter() - start, answer))
        else:
            while True:
                while len(pending) < 2 * workers and (slot := next(feed, _END)) not in (None, _END):
                    name, index = slot
                    pending.append((slot, pool.submit(_timed_chunk, specs[name], seeds[name], [index])))
                if not pending:
                    break
                ready = [item for item in pending if item[1].done()]
                if not ready:
                    time.sleep(0.01)
                    continue
                for item in ready:
                    pending.remove(item)
                    took(item[0], item[1].result())
    finally:
        for _slot, future in pending:
            future.cancel()
        if pool is not None and executor is None:
            pool.shutdown(cancel_futures=True)
    return {name: [record for index in range(rounds) for record in contexts[name].records(raw[(name, index)])]
            for name in names}


def rule_kinds(variant) -> dict[str, str]:
    """Every rule that scores points, by id: "rule" (a scoring rule), "event" or "declaration"."""
    return {**{d.id: "declaration" for d in variant.declarations.rules}, **{e.id: "event" for e in variant.scoring.events},
            **{r.id: "rule" for r in variant.scoring.rules}}


def _hands(variant, path, options, players, team_size, seed, count, with_expert, tick) -> dict:
    """The per-hand run (hands.py): its records, and what its section needs of the variant."""
    ctx = Context(path, options, players, team_size, [HAND_BOT] * players, variant=variant, with_expert=with_expert)
    if ctx.kernel is None:  # every variant `analyze` takes plays on the kernel (its expert does): a guard
        return {"hand_records": None}
    kinds = rule_kinds(variant)
    names = {r: ctx.rule_names.get(r, r) for r in ctx.kernel.points_rules}
    return {"hand_records": play_hands(ctx.kernel, players, team_size, seed, count, tick),
            "hand_rules": {"names": names, "kinds": {r: kinds.get(r, "rule") for r in names}},
            "first_player": variant.deal.first_player, "fewest": variant.match.goal == "avoid"}


def total_matches(budget: float, expert_budget: int = EXPERT_BUDGET) -> int:
    """The units of an analysis's progress: its matches, and the hands of its per-hand run."""
    return sum(games_of(pattern, budget) for _, pattern in runs_of(budget, expert_budget)) + hands_of(budget)


def _never_fires(records: list[dict], rules: list[str], n: int) -> dict:
    """Per points rule: the share of matches in which it scored nothing for any side."""
    out = {}
    for rule in rules:
        quiet = sum(1 for r in records if not any(r["points"][rule]))
        lo, hi = wilson(quiet, n)
        out[rule] = {"rate": round(quiet / n, 6), "ci95": [round(lo, 6), round(hi, 6)]}
    return out
