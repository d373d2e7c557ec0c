"""A run's statistics as text for the terminal and JSON for machines (the plots: `charts`)."""

from __future__ import annotations

from ..text import counted, json_text


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
    names = summary.get("rule_names", {})
    labels = {rule: f"{names.get(rule, rule)} ({rule})" if names.get(rule, rule) != rule else rule
              for rule in summary["points_per_hand"]}
    width = max([24, *map(len, labels.values())])
    for rule, per in summary["points_per_hand"].items():
        lines.append(f"    {labels[rule]:{width}} " + "  ".join(f"{p['mean']:.3f}" for p in per))
    lines.append("  sweeps per hand (per side): " + "  ".join(f"{p['mean']:.3f}" for p in summary["sweeps_per_hand"]))
    declared = summary.get("declared_sweeps_per_hand", {})
    if declared:  # sweeps scored by declarations, apart from the sweeps of play (they are in the line above)
        play = [p["mean"] - sum(per[s]["mean"] for per in declared.values())
                for s, p in enumerate(summary["sweeps_per_hand"])]
        lines.append("    of which by play:         " + "  ".join(f"{v:.3f}" for v in play))
        for d, per in declared.items():
            label = f"{names[d]} ({d})" if names.get(d, d) != d else d
            lines.append(f"    of which declared, {label}: " + "  ".join(f"{p['mean']:.3f}" for p in per))
    h = summary["hands_per_match"]
    lines.append(f"  hands per match: mean {h['mean']:.2f}, median {h['median']}")
    lw, cb = summary["leader_wins"], summary["comebacks"]
    if lw["rate"] is not None:
        lines.append(f"  leader after a hand (but the last) goes on to win: {lw['rate']:.3f}  "
                     f"[{lw['ci95'][0]:.3f}, {lw['ci95'][1]:.3f}] of {lw['hands']} hand-ends")
    lines.append(f"  won from behind: {cb['rate']:.3f}  [{cb['ci95'][0]:.3f}, {cb['ci95'][1]:.3f}], "
                 f"largest deficit overcome {cb['largest']}")
    # shares of the matches: one may be decided by several rules, or by none (see docs/simulate.md)
    lines.append("  decided by (share of matches; several rules may decide one, none: no single rule did): "
                 + ", ".join(f"{k} {v:.3f}" for k, v in summary["decided_by"].items()))
    if timing:
        lines.append(f"  throughput: {timing['hands_per_s']:.0f} hands/s, {timing['matches_per_s']:.1f} matches/s "
                     f"({timing['seconds']:.2f} s, {counted(timing['jobs'], 'job')})")
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
    c = diff["comebacks"]
    lines.append(f"  won from behind: {c['a']:.3f} -> {c['b']:.3f}  p={c['p']:.3g} {star(c)}")
    return "\n".join(lines)


def dumps(obj) -> str:
    """A summary as written to summary.json and printed by --format json."""
    return json_text(obj, indent=2, sort_keys=False) + "\n"
