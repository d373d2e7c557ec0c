"""The statistics of a run: win rates, the first player's edge, points per rule, match length,
and the tests that compare two runs of the same matches.

Confidence intervals are 95% Wilson intervals for proportions and normal
approximations (mean +- 1.96 standard errors) for means, which a run of
hundreds of hands makes exact enough; two runs are compared with a
two-proportion z-test (win rates) and Welch's t-test (means), whose p-value
comes from scipy's Student t distribution rather than an approximation.
"""

from __future__ import annotations

import csv
import io
import math
import statistics

from ...engine.dealing import first_seat as first_player_seat
from .matches import Context

Z95 = 1.959963984540054


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


def share(k: int, n: int) -> dict:
    """A count of n, its share and the share's 95% Wilson interval."""
    lo, hi = wilson(k, n)
    return {"count": k, "n": n, "rate": _r(k / n) if n else None, "ci95": [_r(lo), _r(hi)]}


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
    # the sums in one pass over the records (a million matches: one walk, not one per rule and side)
    sums = {rule: ([0] * sides, [0] * sides) for rule in rules}
    swept, swept_sq = [0] * sides, [0] * sides
    for r in records:
        for rule, (total, total_sq) in sums.items():
            for s, (v, v_sq) in enumerate(zip(r["points"][rule], r["points_sq"][rule])):
                total[s] += v
                total_sq[s] += v_sq
        for s, (v, v_sq) in enumerate(zip(r["sweeps"], r["sweeps_sq"])):
            swept[s] += v
            swept_sq[s] += v_sq
    points = {rule: [mean_stats(total[s], total_sq[s], total_hands) for s in range(sides)]
              for rule, (total, total_sq) in sums.items()}
    sweeps = [mean_stats(swept[s], swept_sq[s], total_hands) for s in range(sides)]
    # the sweeps a declaration scored (Cirulla's bonuses), apart: they are in `sweeps` too
    declared: dict[str, tuple[list, list]] = {}
    for r in records:
        for d, per in r.get("declared_sweeps", {}).items():
            total, total_sq = declared.setdefault(d, ([0] * sides, [0] * sides))
            for s, (v, v_sq) in enumerate(zip(per, r["declared_sweeps_sq"][d])):
                total[s] += v
                total_sq[s] += v_sq
    declared_sweeps = {d: [mean_stats(total[s], total_sq[s], total_hands) for s in range(sides)]
                       for d, (total, total_sq) in declared.items()}
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
        "name": ctx.variant.name,
        "rule_file": str(path),
        "games": n,
        "seed": root,
        "players": ctx.players,
        "team_size": ctx.team_size,
        "bots": ctx.bot_names,
        "hands": total_hands,
        "win_rate": win_rate,
        "first_player_edge": edge,
        "rule_names": {rule: ctx.rule_names.get(rule, rule) for rule in (*rules, *declared_sweeps)},
        "points_per_hand": points,
        "sweeps_per_hand": sweeps,
        "declared_sweeps_per_hand": declared_sweeps,
        "hands_per_match": hands,
        "decided_by": decided_by,
        **leads_and_comebacks(records),
    }


def leads_and_comebacks(records: list[dict]) -> dict:
    """Decisiveness from the records' `led` and `deficit` (MatchState.note_standing): of the
    hand-ends before a match's last with a sole leader, the share whose leader went on to win
    (hands of one match are not independent: the interval is of the share, not a test); and
    the matches the winner won from behind, with the largest and mean deficit overcome."""
    led = sum(sum(r["led"]) for r in records)
    won = sum(r["led"][r["winner"]] for r in records)
    overcome = [r["deficit"][r["winner"]] for r in records if r["deficit"][r["winner"]] > 0]
    n = len(records)
    lo, hi = wilson(won, led) if led else (0.0, 1.0)
    c_lo, c_hi = wilson(len(overcome), n)
    return {
        "leader_wins": {"hands": led, "wins": won, "rate": _r(won / led) if led else None, "ci95": [_r(lo), _r(hi)]},
        "comebacks": {"matches": n, "count": len(overcome), "rate": _r(len(overcome) / n), "ci95": [_r(c_lo), _r(c_hi)],
                      "largest": max(overcome, default=0),
                      "mean_deficit": _r(sum(overcome) / len(overcome)) if overcome else None},
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
    from scipy import (
        stats,  # imported here: only --compare needs it, and it takes most of a second
    )

    t = (m2 - m1) / se
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1) if n1 > 1 else 0) + (v2 * v2 / (n2 - 1) if n2 > 1 else 0) or 1e-300)
    # the exact tail of Student's t with the Welch-Satterthwaite degrees of freedom
    p = float(stats.ttest_ind_from_stats(m2, s2, n2, m1, s1, n1, equal_var=False).pvalue) if n1 > 1 and n2 > 1 \
        else _norm_p(t)
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
    da, db = a.get("declared_sweeps_per_hand", {}), b.get("declared_sweeps_per_hand", {})
    out["declared_sweeps_per_hand"] = {d: [welch(x, y) for x, y in zip(da[d], db[d])] for d in da if d in db}
    out["hands_per_match"] = welch(a["hands_per_match"], b["hands_per_match"])
    ca, cb = a["comebacks"], b["comebacks"]  # matches are independent; a match's hand-ends are not, so
    out["comebacks"] = two_proportion(ca["count"], ca["matches"], cb["count"], cb["matches"])  # leader_wins untested
    return out
