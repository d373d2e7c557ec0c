"""The report's sections from the runs (play.py): seat advantage, skill,
decisiveness, rules; and with two variants the stated differences beside
the measured ones, each with its test (tools/simulate's two-proportion z and
Welch t)."""

from __future__ import annotations

from ..simulate import compare
from ..simulate.stats import two_proportion, wilson
from .play import MEASURED_BOTS, trace_budgets


def seat_advantage(measured: dict) -> dict:
    """Per bot: each side's match win rate (side 0 holds seat 0, the first hand's dealer),
    and the first player's edge over a fair share, with 95% Wilson intervals."""
    out = {}
    for bot in MEASURED_BOTS:
        run = measured["runs"][bot]
        out[bot] = {"sides": run["win_rate"], "first_player": run["first_player_edge"],
                    "dealer": {"side": 0, **{k: v for k, v in run["win_rate"][0].items() if k != "side"}}}
    return out


def _against_greedy(runs: dict, a: str, b: str) -> dict:
    """A bot's match win rate against greedy over both seatings (run a: it holds side 0; b: side 1)."""
    a, b = runs[a], runs[b]
    wins = a["win_rate"][0]["wins"] + b["win_rate"][1]["wins"]
    n = a["games"] + b["games"]
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": round(wins / n, 6), "ci95": [round(lo, 6), round(hi, 6)]}


def skill(measured: dict) -> dict:
    """The best bot against greedy: its match win rate over both seatings; for the expert, the
    skill trace: the same at each of its budgets (playouts per decision), the report's last."""
    best = MEASURED_BOTS[-1]
    runs = measured["runs"]
    out = {"bot": best, "against": "greedy", **_against_greedy(runs, "skill-a", "skill-b"), "trace": None}
    if best == "expert":
        out["trace"] = [{"budget": b, **(_against_greedy(runs, f"trace-{b}-a", f"trace-{b}-b")
                                         if f"trace-{b}-a" in runs else {k: out[k] for k in ("games", "wins", "rate",
                                                                                             "ci95")})}
                        for b in trace_budgets(measured["expert_budget"])]
    return out


def decisiveness(measured: dict) -> dict:
    """Per bot: the match length (hands) distribution, mean and median; how often the sole
    leader after a hand (every hand but a match's last) went on to win; and the comebacks,
    matches won from behind, with the largest and mean deficit overcome."""
    out = {}
    for bot in MEASURED_BOTS:
        run = measured["runs"][bot]
        hands = run["hands_per_match"]
        out[bot] = {**{k: hands[k] for k in ("mean", "ci95", "median", "distribution") if k in hands},
                    "leader_wins": run["leader_wins"], "comebacks": run["comebacks"]}
    return out


def rules(measured: dict) -> dict:
    """Per points rule, under each bot: points per hand per side (mean, sd, 95% interval),
    the share of matches it decided, and the share in which it never scored."""
    out = {}
    for bot in MEASURED_BOTS:
        run = measured["runs"][bot]
        per = {}
        for rule, sides in run["points_per_hand"].items():
            per[rule] = {"name": run["rule_names"].get(rule, rule), "per_hand": sides,
                         "decided": run["decided_by"].get(rule, 0.0), "never_fires": run["never_fires"][rule]}
        out[bot] = per
    return out


def sections(measured: dict) -> dict:
    return {"seat_advantage": seat_advantage(measured), "skill": skill(measured),
            "decisiveness": decisiveness(measured), "rules": rules(measured)}


def differences(a_measured: dict, b_measured: dict, stated: list[dict]) -> dict:
    """Two variants: the stated differences and, per bot, the measured effects with their tests."""
    out = {"stated": stated, "measured": {}}
    for bot in MEASURED_BOTS:
        ra, rb = a_measured["runs"][bot], b_measured["runs"][bot]
        out["measured"][bot] = compare(ra, rb)
    sa, sb = skill(a_measured), skill(b_measured)
    out["skill"] = two_proportion(sa["wins"], sa["games"], sb["wins"], sb["games"])
    return out
