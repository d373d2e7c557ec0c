"""A run's statistics as text for the terminal, JSON for machines, and PNG plots."""

from __future__ import annotations

import io

from ..text import json_text


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


def dumps(obj) -> str:
    """A summary as written to summary.json and printed by --format json."""
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
