"""`escoba-spec simulate`: many bot matches of a variant, and their statistics.

Match i of a run is played by `engine.play_match` with the seed
`match_seed(root, i)` (sha256 of the root seed and i), its bots seeded with
`play.bot_seed(match seed, seat)`; so each match, and therefore every
statistic, is the same whatever `--jobs` is. With `--jobs J > 1` the matches
run in a `ProcessPoolExecutor` in chunks of match indices; each worker
process rebuilds the ruleset once from the rule file path and the options.
Results are gathered in match order.

Outputs (`--out DIR`, every file written to a temporary name and renamed, and
only once every match has been played and every file rendered):

- `summary.json`: deterministic statistics (byte-identical for any --jobs);
- `timing.json`: throughput (hands/s, matches/s), which varies run to run;
- `games.csv`: one row per match;
- PNG plots when matplotlib is installed (optional: without it the plots are
  skipped with a note on stderr and everything else is written).

Deciding rule of a match (`decided_by` in summary.json): let S be the final
scores per side and W the winner. If the match ended by a win-match or
lose-match effect in the last hand, the rule(s) awarding that effect decided
it. Otherwise, for each points rule r, let S' = S minus the points every side
scored for r in the *last hand* only; r decided the match when, under S', the
match would not have ended with W as winner (no side at or above the target,
or a tie at the top among those that reached it, or another side highest).
A match may be decided by several rules (each counted) or by none (the
winner would have won anyway): `decided_by` gives the fraction of matches
each rule decided, and `none` the fraction no single rule decided.

Confidence intervals are 95% Wilson intervals for proportions and normal
approximations (mean +- 1.96 standard errors) for means. `--compare B` runs
the same matches (same seeds) under rule file B and tests the differences:
a two-proportion z-test for win rates, Welch's t-test (normal approximation of
the t distribution for its p-value when the degrees of freedom are large,
otherwise a numerical integration of the t density) for means.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import math
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

from .cli import UsageError, _existing, _parse_options, load_or_report
from .engine.dealing import first_seat as first_player_seat
from .report import json_text, printable
from .tools.files import write_all

Z95 = 1.959963984540054


# ------------------------------------------------------------------ arguments


def bot_registry() -> dict:
    """The bots simulate can seat: the same as play's."""
    from .play import BOTS

    return dict(BOTS)


def parse_bots(text: str, players: int) -> list[str]:
    registry = bot_registry()
    names = [b.strip() for b in text.split(",")]
    for name in names:
        if name not in registry:
            raise UsageError(f"no bot named '{name}' (bots: {', '.join(registry)})")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} seats: give one name or {players}")
    return names


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    BOTS = bot_registry()
    parser.add_argument("path", metavar="PATH", help="the rule file (YAML)")
    parser.add_argument("--games", type=int, required=True, metavar="N", help="number of matches")
    parser.add_argument("--seed", type=int, required=True, metavar="S", help="root seed of every match")
    parser.add_argument("--players", type=int, metavar="K",
                        help="number of seats (default: the variant's first layout)")
    parser.add_argument("--team-size", type=int, metavar="T",
                        help="players per side (default: the one the variant's layout gives)")
    parser.add_argument("--bots", default="greedy", metavar="NAME[,NAME...]",
                        help=f"bot per seat ({', '.join(BOTS)}); one name plays every seat (default: greedy)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default: 1)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the matches on the Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786 (the dask extra)")
    parser.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    parser.add_argument("--out", metavar="DIR", help="write summary.json, timing.json, games.csv and plots here")
    parser.add_argument("--compare", metavar="B", help="a second rule file: the same statistics side by side")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="stdout summary format (default: text)")
    parser.set_defaults(func=cmd_simulate)


# ---------------------------------------------------------------- the matches


def match_seed(root: int, index: int) -> int:
    """Match `index`'s seed: fixed by the root seed and the index alone."""
    digest = hashlib.sha256(f"escoba-spec simulate {root} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Context:
    """What a process needs to play matches: the ruleset and the seating."""

    def __init__(self, path: str, options: dict[str, str], players: int, team_size: int,
                 bot_names: list[str], variant=None):
        from .play import make_ruleset

        if variant is None:
            from .language.validate import load_variant

            variant = load_variant(Path(path), options)
        self.variant = variant
        self.ruleset = make_ruleset(variant)
        self.players = players
        self.team_size = team_size
        self.bot_names = bot_names
        self.bots = bot_registry()
        self.points_rules = list(self.ruleset.params.points_rules)

    def play(self, root: int, index: int) -> dict:
        from .engine import play_match
        from .play import bot_seed

        BOTS = self.bots
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
    chunks = [list(range(a, min(games, a + size))) for a in range(0, games, size)]
    records: list[dict] = []
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=jobs)
    try:
        for chunk in pool.map(_run_chunk, [spec] * len(chunks), [root] * len(chunks), chunks):
            records.extend(chunk)
            if progress:
                progress(len(records))
    finally:
        if executor is None:
            pool.shutdown()
    return records


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
    """A one-line progress bar on stderr (only made when stderr is a terminal)."""

    def __init__(self, total: int, label: str, stream=sys.stderr):
        self.total, self.label, self.stream = total, label, stream
        self.start = time.perf_counter()
        self.last = -1

    def __call__(self, done: int) -> None:
        pct = int(100 * done / self.total)
        if pct == self.last and done != self.total:
            return
        self.last = pct
        width = 30
        fill = width * done // self.total
        rate = done / max(1e-9, time.perf_counter() - self.start)
        self.stream.write(f"\r{self.label} [{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} "
                          f"{rate:.0f} matches/s")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


# ------------------------------------------------------------------ statistics


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _r(x: float) -> float:
    return round(x, 6)


def mean_stats(total: float, total_sq: float, n: int) -> dict:
    """Mean, sample standard deviation, n and 95% CI from a sum and sum of squares."""
    mean = total / n if n else 0.0
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    se = math.sqrt(var / n) if n else 0.0
    return {"mean": _r(mean), "sd": _r(math.sqrt(var)), "n": n,
            "ci95": [_r(mean - Z95 * se), _r(mean + Z95 * se)]}


def summarize(records: list[dict], ctx: Context, path: str, root: int) -> dict:
    """The deterministic statistics of a run (no timings)."""
    n = len(records)
    sides = ctx.players // ctx.team_size
    rules = ctx.points_rules
    total_hands = sum(r["hands"] for r in records)
    wins = [sum(1 for r in records if r["winner"] == s) for s in range(sides)]
    win_rate = []
    for s in range(sides):
        lo, hi = wilson(wins[s], n)
        win_rate.append({"side": s, "seats": [x for x in range(ctx.players) if x % sides == s],
                         "wins": wins[s], "rate": _r(wins[s] / n), "ci95": [_r(lo), _r(hi)]})
    # play_match deals the first hand with dealer 0; the variant says who plays first
    first_seat = first_player_seat(ctx.variant.deal.first_player, 0, ctx.players)
    first_side = first_seat % sides
    k = wins[first_side]
    lo, hi = wilson(k, n)
    fair = 1 / sides
    edge = {"seat": first_seat, "side": first_side, "fair_share": _r(fair), "win_rate": _r(k / n),
            "edge": _r(k / n - fair), "ci95": [_r(lo - fair), _r(hi - fair)]}
    points = {}
    for rule in rules:
        points[rule] = [
            mean_stats(sum(r["points"][rule][s] for r in records),
                       sum(r["points_sq"][rule][s] for r in records), total_hands)
            for s in range(sides)
        ]
    sweeps = [mean_stats(sum(r["sweeps"][s] for r in records), sum(r["sweeps_sq"][s] for r in records),
                         total_hands) for s in range(sides)]
    lengths = [r["hands"] for r in records]
    dist: dict[int, int] = {}
    for h in lengths:
        dist[h] = dist.get(h, 0) + 1
    hands = mean_stats(sum(lengths), sum(h * h for h in lengths), n)
    hands["median"] = statistics.median(lengths)
    hands["distribution"] = {str(h): dist[h] for h in sorted(dist)}
    decided: dict[str, int] = {}
    none = 0
    for r in records:
        if not r["decided_by"]:
            none += 1
        for rule in r["decided_by"]:
            decided[rule] = decided.get(rule, 0) + 1
    decided_by = {rule: _r(decided[rule] / n) for rule in sorted(decided, key=lambda x: (-decided[x], x))}
    decided_by["none"] = _r(none / n)
    return {
        "variant": ctx.variant.id,
        "rule_file": str(path),
        "games": n,
        "seed": root,
        "players": ctx.players,
        "team_size": ctx.team_size,
        "bots": ctx.bot_names,
        "hands": total_hands,
        "win_rate": win_rate,
        "first_player_edge": edge,
        "points_per_hand": points,
        "sweeps_per_hand": sweeps,
        "hands_per_match": hands,
        "decided_by": decided_by,
    }


def games_csv(records: list[dict], sides: int) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["match", "seed", "winner", "hands"] + [f"score_{s}" for s in range(sides)]
               + [f"sweeps_{s}" for s in range(sides)] + ["decided_by"])
    for i, r in enumerate(records):
        w.writerow([i, r["seed"], "" if r["winner"] is None else r["winner"], r["hands"]]
                   + r["scores"] + r["sweeps"] + [" ".join(r["decided_by"])])
    return buf.getvalue()


# ------------------------------------------------------------------- compare


def _norm_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def _t_p(t: float, df: float) -> float:
    """Two-sided p-value of Student's t with `df` degrees of freedom."""
    if not math.isfinite(df) or df > 200:
        return _norm_p(t)
    # P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2); integrate the density instead (Simpson)
    t = abs(t)
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)  # noqa: E731
    steps = 2000
    h = t / steps
    s = f(0) + f(t) + sum((4 if i % 2 else 2) * f(i * h) for i in range(1, steps))
    return max(0.0, min(1.0, 1 - 2 * s * h / 3))


def two_proportion(k1: int, n1: int, k2: int, n2: int) -> dict:
    p1, p2 = k1 / n1, k2 / n2
    pool = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    z = (p2 - p1) / se if se else 0.0
    p = _norm_p(z) if se else 1.0
    return {"a": _r(p1), "b": _r(p2), "diff": _r(p2 - p1), "z": _r(z), "p": _r(p), "significant": p < 0.05}


def welch(a: dict, b: dict) -> dict:
    m1, s1, n1 = a["mean"], a["sd"], a["n"]
    m2, s2, n2 = b["mean"], b["sd"], b["n"]
    v1, v2 = s1 * s1 / n1 if n1 else 0.0, s2 * s2 / n2 if n2 else 0.0
    se = math.sqrt(v1 + v2)
    if se == 0:
        return {"a": m1, "b": m2, "diff": _r(m2 - m1), "t": 0.0, "df": None, "p": 1.0 if m1 == m2 else 0.0,
                "significant": m1 != m2}
    t = (m2 - m1) / se
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1) if n1 > 1 else 0) + (v2 * v2 / (n2 - 1) if n2 > 1 else 0) or 1e-300)
    p = _t_p(t, df)
    return {"a": m1, "b": m2, "diff": _r(m2 - m1), "t": _r(t), "df": _r(df), "p": _r(p), "significant": p < 0.05}


def compare(a: dict, b: dict) -> dict:
    """Differences B - A of the statistics both runs share, with their tests."""
    out: dict = {"win_rate": [], "points_per_hand": {}, "sweeps_per_hand": []}
    for wa, wb in zip(a["win_rate"], b["win_rate"]):
        out["win_rate"].append({"side": wa["side"], **two_proportion(wa["wins"], a["games"], wb["wins"], b["games"])})
    ea, eb = a["first_player_edge"], b["first_player_edge"]
    fpe = two_proportion(a["win_rate"][ea["side"]]["wins"], a["games"], b["win_rate"][eb["side"]]["wins"], b["games"])
    out["first_player_edge"] = {**fpe, "a": ea["edge"], "b": eb["edge"]}
    for rule in a["points_per_hand"]:
        if rule in b["points_per_hand"]:
            out["points_per_hand"][rule] = [welch(x, y) for x, y in zip(a["points_per_hand"][rule],
                                                                        b["points_per_hand"][rule])]
    out["only_in_a"] = [r for r in a["points_per_hand"] if r not in b["points_per_hand"]]
    out["only_in_b"] = [r for r in b["points_per_hand"] if r not in a["points_per_hand"]]
    out["sweeps_per_hand"] = [welch(x, y) for x, y in zip(a["sweeps_per_hand"], b["sweeps_per_hand"])]
    out["hands_per_match"] = welch(a["hands_per_match"], b["hands_per_match"])
    return out


# --------------------------------------------------------------------- output


def render_text(summary: dict, timing: dict | None = None) -> str:
    lines = [f"{summary['variant']} ({summary['rule_file']}): {summary['games']} matches, "
             f"{summary['hands']} hands, seed {summary['seed']}, {summary['players']} players, "
             f"bots {','.join(summary['bots'])}"]
    for w in summary["win_rate"]:
        lo, hi = w["ci95"]
        lines.append(f"  side {w['side']} (seats {','.join(map(str, w['seats']))}): "
                     f"wins {w['rate']:.3f}  [{lo:.3f}, {hi:.3f}]")
    e = summary["first_player_edge"]
    lines.append(f"  first player (seat {e['seat']}) edge: {e['edge']:+.3f}  [{e['ci95'][0]:+.3f}, {e['ci95'][1]:+.3f}]")
    lines.append("  points per hand by rule (per side):")
    for rule, per in summary["points_per_hand"].items():
        lines.append(f"    {rule:24} " + "  ".join(f"{p['mean']:.3f}" for p in per))
    lines.append("  sweeps per hand (per side): " + "  ".join(f"{p['mean']:.3f}" for p in summary["sweeps_per_hand"]))
    h = summary["hands_per_match"]
    lines.append(f"  hands per match: mean {h['mean']:.2f}, median {h['median']}")
    lines.append("  decided by: " + ", ".join(f"{k} {v:.3f}" for k, v in summary["decided_by"].items()))
    if timing:
        lines.append(f"  throughput: {timing['hands_per_s']:.0f} hands/s, {timing['matches_per_s']:.1f} matches/s "
                     f"({timing['seconds']:.2f} s, {timing['jobs']} job(s))")
    return "\n".join(lines)


def render_compare_text(diff: dict) -> str:
    def star(d):
        return "*" if d["significant"] else " "

    lines = ["differences (B - A; * = significant at 5%):"]
    for w in diff["win_rate"]:
        lines.append(f"  win rate side {w['side']}: {w['a']:.3f} -> {w['b']:.3f}  {w['diff']:+.3f}  p={w['p']:.3g} {star(w)}")
    e = diff["first_player_edge"]
    lines.append(f"  first player edge: {e['a']:+.3f} -> {e['b']:+.3f}  p={e['p']:.3g} {star(e)}")
    for rule, per in diff["points_per_hand"].items():
        lines.append(f"  {rule:24} " + "  ".join(f"{d['a']:.3f}->{d['b']:.3f} p={d['p']:.3g}{star(d)}" for d in per))
    for key in ("only_in_a", "only_in_b"):
        if diff[key]:
            lines.append(f"  rules {key.replace('_', ' ')}: {', '.join(diff[key])}")
    h = diff["hands_per_match"]
    lines.append(f"  hands per match: {h['a']:.2f} -> {h['b']:.2f}  p={h['p']:.3g} {star(h)}")
    return "\n".join(lines)


def _dumps(obj) -> str:
    return json_text(obj, indent=2, sort_keys=False) + "\n"


def plots(summary: dict, compare_summary: dict | None = None) -> dict[str, bytes] | None:
    """PNG files (name -> bytes); None when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    runs = [summary] + ([compare_summary] if compare_summary else [])
    out = {}

    def save(fig, name):
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        out[name] = buf.getvalue()

    # points per category per hand
    fig, ax = plt.subplots(figsize=(9, 4.5))
    rules = list(dict.fromkeys(r for s in runs for r in s["points_per_hand"]))
    bars = [(s["variant"], side) for s in runs for side in range(len(s["win_rate"]))]
    width = 0.8 / len(bars)
    for j, (s, (name, side)) in enumerate(zip([s for s in runs for _ in s["win_rate"]], bars)):
        means = [s["points_per_hand"][r][side]["mean"] if r in s["points_per_hand"] else 0 for r in rules]
        err = [[m - s["points_per_hand"][r][side]["ci95"][0] if r in s["points_per_hand"] else 0
                for r, m in zip(rules, means)]]
        ax.bar([i + (j - (len(bars) - 1) / 2) * width for i in range(len(rules))], means, width,
               yerr=err[0], capsize=2, label=f"{name} side {side}")
    ax.set_xticks(range(len(rules)), rules, rotation=30, ha="right")
    ax.set_ylabel("points per hand")
    ax.set_title("Points per hand by scoring rule")
    ax.legend(fontsize=8)
    save(fig, "points-per-hand.png")

    # match length histogram
    fig, ax = plt.subplots(figsize=(7, 4))
    for s in runs:
        dist = {int(k): v for k, v in s["hands_per_match"]["distribution"].items()}
        xs = sorted(dist)
        ax.bar(xs, [dist[x] / s["games"] for x in xs], alpha=0.6 if compare_summary else 0.9,
               label=f"{s['variant']} (mean {s['hands_per_match']['mean']:.2f})")
    ax.set_xlabel("hands per match")
    ax.set_ylabel("fraction of matches")
    ax.set_title("Match length")
    ax.legend(fontsize=8)
    save(fig, "match-length.png")

    # win rate by side
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(runs)
    for j, s in enumerate(runs):
        rates = [w["rate"] for w in s["win_rate"]]
        err = [[w["rate"] - w["ci95"][0] for w in s["win_rate"]], [w["ci95"][1] - w["rate"] for w in s["win_rate"]]]
        xs = [i + (j - (len(runs) - 1) / 2) * width for i in range(len(rates))]
        ax.bar(xs, rates, width, yerr=err, capsize=4, label=s["variant"])
    n_sides = len(summary["win_rate"])
    ax.axhline(1 / n_sides, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(n_sides), [f"side {w['side']}\nseats {','.join(map(str, w['seats']))}"
                                   for w in summary["win_rate"]])
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title("Win rate by side")
    ax.legend(fontsize=8)
    save(fig, "win-rate.png")
    return out


# -------------------------------------------------------------------- command


def _load(path: Path, options: dict[str, str]):
    """The variant, or None after printing its diagnostics (exit 1)."""
    return load_or_report(path, options, "nothing simulated")


def _context(variant, path: Path, options, args) -> Context:
    from .play import make_setup

    players = args.players
    if players is None:
        players = variant.players.layouts[0].players
    # make_setup checks the layout (and builds the ruleset: Context reuses its way, make_ruleset)
    setup = make_setup(variant, players=players, seed=args.seed, team_size=args.team_size, bots="random")
    names = parse_bots(args.bots, players)
    ctx = Context(str(path), options, players, setup.team_size, names, variant=variant)
    return ctx


def _simulate(ctx: Context, path: Path, options, args) -> tuple[list[dict], dict]:
    progress = Progress(args.games, ctx.variant.id) if sys.stderr.isatty() else None
    start = time.perf_counter()
    executor = dask_executor(args.scheduler) if getattr(args, "scheduler", None) else None
    records = run_matches(ctx, str(path), options, args.seed, args.games, args.jobs, progress, executor)
    seconds = time.perf_counter() - start
    hands = sum(r["hands"] for r in records)
    timing = {"variant": ctx.variant.id, "jobs": args.jobs, "seconds": round(seconds, 4),
              "matches_per_s": round(len(records) / seconds, 2) if seconds else None,
              "hands_per_s": round(hands / seconds, 2) if seconds else None}
    return records, timing


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run `escoba-spec simulate`; usage errors raise cli.UsageError (exit 2)."""
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    out_dir = Path(args.out) if args.out else None
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"--out {out_dir} is a file, not a folder")
    path = _existing([args.path])[0]
    other = _existing([args.compare])[0] if args.compare else None
    options = _parse_options(args.option)
    from .engine import EngineError

    variant = _load(path, options)
    if variant is None:
        return 1
    ctx = _context(variant, path, options, args)
    ctx_b = None
    if other is not None:
        variant_b = _load(other, options)
        if variant_b is None:
            return 1
        ctx_b = _context(variant_b, other, options, args)
        if ctx_b.players // ctx_b.team_size != ctx.players // ctx.team_size:
            raise UsageError("--compare needs both variants played by the same number of sides")
    try:
        records, timing = _simulate(ctx, path, options, args)
        records_b, timing_b = _simulate(ctx_b, other, options, args) if ctx_b else (None, None)
    except EngineError as exc:
        print(printable(f"escoba-spec: a match could not be played: {exc}"), file=sys.stderr)
        return 1
    summary = summarize(records, ctx, str(path), args.seed)
    summary_b = summarize(records_b, ctx_b, str(other), args.seed) if ctx_b else None
    diff = compare(summary, summary_b) if summary_b else None
    if summary_b:
        full = {"a": summary, "b": summary_b, "comparison": diff}
        timing_out: dict = {"a": timing, "b": timing_b}
    else:
        full, timing_out = summary, timing
    if out_dir is not None:
        sides = ctx.players // ctx.team_size
        files = {
            "summary.json": _dumps(full).encode(),
            "timing.json": _dumps(timing_out).encode(),
            "games.csv": games_csv(records, sides).encode(),
        }
        if records_b is not None:
            files["games-compare.csv"] = games_csv(records_b, sides).encode()
        pngs = plots(summary, summary_b)
        if pngs is None:
            print("escoba-spec: matplotlib is not installed: no plots (pip install 'escoba-spec[plots]')",
                  file=sys.stderr)
        else:
            files.update({k: v for k, v in pngs.items()})
        write_all(out_dir, files)
    if args.format == "json":
        sys.stdout.write(_dumps({"summary": full, "timing": timing_out}))
    else:
        # the paths (and whatever else of a rule file shows) are printed escaped, never obeyed
        print(printable(render_text(summary, timing)))
        if summary_b:
            print(printable(render_text(summary_b, timing_b)))
            print(printable(render_compare_text(diff)))
    return 0
