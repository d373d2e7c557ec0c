"""The report's measured sections, played on tools/simulate (its kernel engine by
default, its seeds, `--jobs` and executors): one run of matches per bot under
self-play, and two for each pairing of a bot with every weaker one (the skill
ladder: once in each seating), and the expert's skill trace against greedy.

Every run's seed is derived from the analysis's seed and the run's name, so a
run is the same whatever else the analysis plays, and the whole analysis is
the same for a seed.
"""

from __future__ import annotations

import hashlib

from ...engine.names import DEFAULT_BUDGET, split_bot_name
from ...tools.setup import BOTS, seating
from ..simulate import Context, play_matches, summarize
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
#: the matches of a run where an expert sits, at --budget 1 (at least MIN_MATCHES): an expert
#: decision is thousands of playouts, so the default (--budget 50) plays 20 a run and the whole
#: analysis of a shipped game takes about two minutes on two cores (docs/analyze.md)
EXPERT_MATCHES_PER_BUDGET = 0.4
#: the fewest matches of any run
MIN_MATCHES = 20


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
            executor=None, progress=None, expert_budget: int = EXPERT_BUDGET) -> dict:
    """Entry point: every run's summary and records-derived statistics, JSON-ready."""
    players = variant.players.layouts[0].players
    team_size = seating(variant, players, None)
    sides = players // team_size
    out: dict = {"games_per_run": games_of(["greedy"], budget), "expert_games_per_run": games_of(["expert"], budget),
                 "expert_budget": expert_budget, "players": players, "team_size": team_size, "runs": {}, "notes": []}
    done = 0
    runs = runs_of(budget, expert_budget)
    with_expert = any(seats_expert(pattern) for _, pattern in runs)
    for name, pattern in runs:
        games = games_of(pattern, budget)
        bots = [pattern[seat % sides % len(pattern)] for seat in range(players)]
        # every run on the kernel's entry point that plays the expert: the expert's runs need it,
        # and the others then compile nothing more (a kernel's compile is seconds)
        ctx = Context(path, options, players, team_size, bots, variant=variant, with_expert=with_expert)
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
    out.update(_hands(variant, path, options, players, team_size, run_seed(root, "hands"), hands_of(budget),
                      with_expert, lambda n, base=done: progress(base + n) if progress else None))
    return out


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
