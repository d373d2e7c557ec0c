"""A run's plots: points per hand (a panel per scoring rule, each on its own scale, so a
rule worth many points does not flatten the others), match length and win rate by side.

Every figure is titled with the variant's name, the number of games and the seed, and
names rules as the rule file does. A rule file's text is drawn literally: its control
characters escaped (`tools.text.without_controls`) and its `$` never read as the start
of matplotlib's mathtext (a name such as `$5 or $10` would otherwise be set as maths, or
fail to draw).
"""

from __future__ import annotations

import io
import math
import textwrap

from ..text import without_controls

#: the PNG files of a run, in the order they are drawn
NAMES = ("points-per-hand.png", "match-length.png", "win-rate.png")


def literal(text: object) -> str:
    """Text from a rule file as matplotlib must draw it: shown, never obeyed nor set as maths."""
    return without_controls(str(text)).replace("$", r"\$")


def run_title(summary: dict, compare_summary: dict | None = None) -> str:
    """`Escoba de 15: 200 games, seed 1` (both variants' names when two runs are compared)."""
    runs = [summary] + ([compare_summary] if compare_summary else [])
    names = " vs ".join(f"{tag}{_name(s)}" for tag, s in zip(_tags(runs), runs))
    games = {s["games"] for s in runs}
    seeds = {s["seed"] for s in runs}
    if len(games) == 1 and len(seeds) == 1:
        each = " each" if len(runs) > 1 else ""
        return f"{names}: {summary['games']} games{each}, seed {summary['seed']}"
    return f"{names}: " + "; ".join(f"{tag}{s['games']} games, seed {s['seed']}" for tag, s in zip(_tags(runs), runs))


def _name(summary: dict) -> str:
    return literal(summary.get("name") or summary["variant"])


def _tags(runs: list[dict]) -> list[str]:
    return ["A: ", "B: "] if len(runs) > 1 else [""]


def _labels(runs: list[dict]) -> list[str]:
    return [f"{tag}{_name(s)}" for tag, s in zip(_tags(runs), runs)]


def rule_label(runs: list[dict], rule: str) -> str:
    """A rule's name as its rule file gives it (the first run's, when both have it), wrapped to a panel."""
    name = next((s["rule_names"][rule] for s in runs if rule in s.get("rule_names", {})), rule)
    return "\n".join(textwrap.wrap(literal(name), 28, break_long_words=False, break_on_hyphens=False)) or literal(rule)


def figures(summary: dict, compare_summary: dict | None = None) -> dict:
    """The figures (PNG name -> matplotlib `Figure`), drawn but not saved: tests read their text."""
    from matplotlib.figure import Figure

    runs = [summary] + ([compare_summary] if compare_summary else [])
    title = run_title(summary, compare_summary)
    return {
        NAMES[0]: _points(Figure, runs, title),
        NAMES[1]: _lengths(Figure, runs, title),
        NAMES[2]: _win_rates(Figure, runs, title),
    }


def plots(summary: dict, compare_summary: dict | None = None) -> dict[str, bytes] | None:
    """PNG files (name -> bytes); None when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        return None
    out = {}
    for name, fig in figures(summary, compare_summary).items():
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        out[name] = buf.getvalue()
    return out


def _offsets(count: int, width: float) -> list[float]:
    return [(j - (count - 1) / 2) * width for j in range(count)]


def _mean_text(mean: float) -> str:
    """A mean as a panel shows it: two decimals, three below 0.1 (a rare rule's points)."""
    return f"{mean:.2f}" if abs(mean) >= 0.1 or mean == 0 else f"{mean:.3f}"


def _points(Figure, runs: list[dict], title: str):
    """A panel per rule, each with its own scale: bars per side (and run), 95% intervals."""
    rules = list(dict.fromkeys(r for s in runs for r in s["points_per_hand"]))
    sides = max(len(s["win_rate"]) for s in runs)
    cols = min(len(rules), 3) or 1
    rows = max(1, math.ceil(len(rules) / cols))
    fig = Figure(figsize=(3.4 * cols, 2.7 * rows + 0.8), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False).flatten()
    labels = _labels(runs)
    for k, (ax, rule) in enumerate(zip(axes, rules)):
        present = [j for j, s in enumerate(runs) if rule in s["points_per_hand"]]
        width = 0.8 / len(present)
        for j, offset in zip(present, _offsets(len(present), width)):
            per = runs[j]["points_per_hand"][rule]
            means = [p["mean"] for p in per]
            err = [[m - p["ci95"][0] for m, p in zip(means, per)], [p["ci95"][1] - m for m, p in zip(means, per)]]
            xs = [x + offset for x in range(len(per))]
            ax.bar(xs, means, width, yerr=err, capsize=3, color=f"C{j}", label=labels[j])
            for x, m, p in zip(xs, means, per):  # the mean, above its interval
                ax.annotate(_mean_text(m), (x, max(m, p["ci95"][1])), xytext=(0, 2), textcoords="offset points",
                            ha="center", va="bottom", fontsize=7)
        missing = [labels[j].split(":")[0] for j in range(len(runs)) if j not in present]
        ax.set_title(rule_label(runs, rule) + (f"\n(not in {', '.join(missing)})" if missing else ""), fontsize=9)
        ax.set_xticks(range(sides), [f"side {s}" for s in range(sides)], fontsize=8)
        ax.tick_params(axis="y", labelsize=8)
        ax.margins(y=0.18)
        if k % cols == 0:
            ax.set_ylabel("points per hand", fontsize=8)
    for ax in axes[len(rules):]:
        fig.delaxes(ax)
    if len(runs) > 1:
        from matplotlib.patches import Patch

        fig.legend(handles=[Patch(color=f"C{j}", label=label) for j, label in enumerate(labels)],
                   loc="outside lower center", ncols=len(runs), fontsize=8)
    fig.suptitle(f"Points per hand by scoring rule (95% intervals)\n{title}", fontsize=11)
    return fig


def _lengths(Figure, runs: list[dict], title: str):
    fig = Figure(figsize=(7, 4.2), layout="constrained")
    ax = fig.subplots()
    width = 0.8 / len(runs)
    for j, (s, offset, label) in enumerate(zip(runs, _offsets(len(runs), width), _labels(runs))):
        dist = {int(k): v for k, v in s["hands_per_match"]["distribution"].items()}
        xs = sorted(dist)
        ax.bar([x + offset for x in xs], [dist[x] / s["games"] for x in xs], width, color=f"C{j}",
               label=f"{label} (mean {s['hands_per_match']['mean']:.2f})")
    ax.set_xlabel("hands per match")
    ax.set_ylabel("fraction of matches")
    ax.legend(fontsize=8)
    fig.suptitle(f"Match length\n{title}", fontsize=11)
    return fig


def _win_rates(Figure, runs: list[dict], title: str):
    fig = Figure(figsize=(7, 4.2), layout="constrained")
    ax = fig.subplots()
    width = 0.8 / len(runs)
    for j, (s, offset, label) in enumerate(zip(runs, _offsets(len(runs), width), _labels(runs))):
        rates = [w["rate"] for w in s["win_rate"]]
        err = [[w["rate"] - w["ci95"][0] for w in s["win_rate"]], [w["ci95"][1] - w["rate"] for w in s["win_rate"]]]
        bars = ax.bar([i + offset for i in range(len(rates))], rates, width, yerr=err, capsize=4, color=f"C{j}",
                      label=label)
        ax.bar_label(bars, fmt="%.3f", fontsize=8, label_type="center", color="white")
    first = runs[0]["win_rate"]
    ax.axhline(1 / len(first), color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(len(first)), [f"side {w['side']}\nseats {','.join(map(str, w['seats']))}" for w in first])
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    fig.suptitle(f"Win rate by side\n{title}", fontsize=11)
    return fig
