"""A run's statistics as text for the terminal and JSON for machines (the plots: `charts`)."""

from __future__ import annotations

from ..text import counted, json_text
from .stats import games_csv


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


def p_text(p: float) -> str:
    """A p-value as a reader takes it: two significant digits, and below 0.0001 as "<0.0001"
    (never p=0, which no finite run shows)."""
    return "<0.0001" if p < 0.0001 else f"{p:.2g}"


def render_compare_text(diff: dict, a: str = "A", b: str = "B") -> str:
    """The differences B - A as a table: a row a statistic (a row a side for what each side has),
    the two runs' values, the difference, its p-value and a star where it is significant at 5%."""
    rows: list[tuple[str, str, str, str, str]] = []

    def row(label: str, d: dict, digits: int = 3, sign: str = "") -> None:
        change = round(d["b"] - d["a"], digits) or 0.0  # never -0.000
        rows.append((label, f"{d['a']:{sign}.{digits}f}", f"{d['b']:{sign}.{digits}f}",
                     f"{change:+.{digits}f}", p_text(d["p"]) + (" *" if d["significant"] else "")))

    # two sides: side 1's rate is 1 - side 0's, the same test: one row, not the same number twice
    for w in diff["win_rate"][:1] if len(diff["win_rate"]) == 2 else diff["win_rate"]:
        row(f"win rate, side {w['side']}", w)
    row("first player edge", diff["first_player_edge"], sign="+")
    for rule, per in diff["points_per_hand"].items():
        rows.append((f"points per hand, {rule}", "", "", "", ""))
        for side, d in enumerate(per):
            row(f"  side {side}", d)
    if diff.get("sweeps_per_hand"):
        rows.append(("sweeps per hand", "", "", "", ""))
        for side, d in enumerate(diff["sweeps_per_hand"]):
            row(f"  side {side}", d)
    row("hands per match", diff["hands_per_match"], 2)
    row("won from behind", diff["comebacks"])
    width = max(len(r[0]) for r in rows)
    lines = [f"differences: A = {a}, B = {b} (* significant at 5%)",
             f"  {'':{width}}  {'A':>7}  {'B':>7}  {'B - A':>7}  p"]
    for label, va, vb, d, p in rows:
        lines.append(f"  {label:{width}}  {va:>7}  {vb:>7}  {d:>7}  {p}".rstrip())
    for key, name in (("only_in_a", "A"), ("only_in_b", "B")):
        if diff[key]:
            lines.append(f"  rules only in {name}: {', '.join(diff[key])}")
    return "\n".join(lines)


def dumps(obj) -> str:
    """A summary as written to summary.json and printed by --format json."""
    return json_text(obj, indent=2, sort_keys=False) + "\n"


def run_label(path: object, options: dict[str, str]) -> str:
    """A run as the differences name it: its rule file as it was named, and the options chosen
    (`rules/escoba-de-15.yaml target=31`)."""
    return str(path) + "".join(f" {key}={value}" for key, value in options.items())


def results_files(summaries: list[dict], comparison: dict | None, timings: list[dict], records: list[list],
                  pngs: dict | None, sides: int) -> dict[str, bytes]:
    """What `simulate --out DIR` writes, by name (the studio's zip holds the same): summary.json
    (with two runs, their a, b and the comparison), timing.json, games.csv, games-compare.csv for
    B, and the plots (`pngs`; None without matplotlib)."""
    two = len(summaries) == 2
    full = {"a": summaries[0], "b": summaries[1], "comparison": comparison} if two else summaries[0]
    files = {"summary.json": dumps(full).encode(),
             "timing.json": dumps({"a": timings[0], "b": timings[1]} if two else timings[0]).encode(),
             "games.csv": games_csv(records[0], sides).encode()}
    if two:
        files["games-compare.csv"] = games_csv(records[1], sides).encode()
    files.update(pngs or {})
    return files
