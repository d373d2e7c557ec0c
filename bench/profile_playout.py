#!/usr/bin/env python
"""Profile compiled random playouts (run by hand; not part of the test suite).

    python bench/profile_playout.py                      # cProfile, 2-player Escoba de 15, 3000 hands
    python bench/profile_playout.py --file rules/scopa.yaml --hands 5000 --top 30
    python bench/profile_playout.py --engine interpreted
    python bench/profile_playout.py --ruleset-share          # RuleSet vs shared engine, both engines
    python bench/profile_playout.py --no-profile --hands 20000   # plain loop, for py-spy:
    py-spy record --format raw -o /tmp/playout.txt -- python bench/profile_playout.py --no-profile --hands 20000
    python bench/profile_playout.py --collapsed /tmp/playout.txt  # own time per function from py-spy samples

The cProfile table lists functions by own (total) time, with their share of the
profiled run; cProfile adds a per-call overhead, so the shares of small,
often-called functions are overstated: the py-spy samples (no instrumentation)
are the check.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from escoba_spec.compiler.codegen import generate  # noqa: E402
from escoba_spec.compiler.modules import load_ruleset_from_source  # noqa: E402
from escoba_spec.engine import playout  # noqa: E402
from escoba_spec.engine.bots import RandomBot  # noqa: E402
from escoba_spec.engine.interpreter import Interpreter  # noqa: E402
from escoba_spec.language.validate import load_variant  # noqa: E402


def run(ruleset, hands: int, players: int, team_size: int) -> None:
    bots = [RandomBot(1000 + seat) for seat in range(players)]
    for seed in range(hands):
        playout(ruleset, seed, bots, team_size=team_size)


def short(filename: str, line: int, name: str) -> str:
    path = filename
    for marker in ("escoba_spec/", "lib/python3"):
        if marker in filename:
            path = filename[filename.index(marker):]
            break
    return f"{path}:{line}({name})"


def cprofile_table(ruleset, hands, players, team_size, top: int) -> str:
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    run(ruleset, hands, players, team_size)
    prof.disable()
    wall = time.perf_counter() - t0
    st = pstats.Stats(prof)
    total = st.total_tt
    rows = sorted(st.stats.items(), key=lambda kv: kv[1][2], reverse=True)
    out = [f"cProfile: {hands} hands in {wall:.2f} s under the profiler ({hands / wall:.0f} hands/s), "
           f"own time total {total:.2f} s",
           "| # | function | calls | own s | own % | cumulative s | cum % |", "|---:|---|---:|---:|---:|---:|---:|"]
    for i, ((filename, line, name), (cc, nc, tt, ct, _)) in enumerate(rows[:top], 1):
        out.append(f"| {i} | `{short(filename, line, name)}` | {nc} | {tt:.3f} | {100 * tt / total:.1f} "
                   f"| {ct:.3f} | {100 * ct / total:.1f} |")
    return "\n".join(out)


def _frame_name(frame: str, keep_line: bool) -> str:
    """`func (path:line)` -> a short name, with or without the line number."""
    name, _, where = frame.partition(" (")
    where = where.rstrip(")")
    for marker in ("escoba_spec/", "lib/python3"):
        if marker in where:
            where = where[where.index(marker):]
            break
    if not keep_line:
        where = where.rsplit(":", 1)[0]
    return f"{name} ({where})"


def collapsed_table(path: Path, top: int, within: str = "playout (") -> str:
    """Own time per function (and per line) from py-spy's raw (collapsed) output:
    the leaf frame of each stack, counting only the stacks that pass through
    `within` (the playouts, not the imports and set-up)."""
    own: Counter = Counter()
    own_lines: Counter = Counter()
    inclusive: Counter = Counter()
    total = everything = 0
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        stack, _, count = line.rpartition(" ")
        n = int(count)
        everything += n
        frames = stack.split(";")
        if within and not any(within in f for f in frames):
            continue
        total += n
        own[_frame_name(frames[-1], False)] += n
        own_lines[_frame_name(frames[-1], True)] += n
        for f in {_frame_name(f, False) for f in frames}:
            inclusive[f] += n
    out = [f"py-spy: {total} samples in the playouts (of {everything} in the whole process)",
           "| # | function | own samples | own % | inclusive % |", "|---:|---|---:|---:|---:|"]
    for i, (name, n) in enumerate(own.most_common(top), 1):
        out.append(f"| {i} | `{name}` | {n} | {100 * n / total:.1f} | {100 * inclusive[name] / total:.1f} |")
    out += ["", "| # | line | own samples | own % |", "|---:|---|---:|---:|"]
    for i, (name, n) in enumerate(own_lines.most_common(top), 1):
        out.append(f"| {i} | `{name}` | {n} | {100 * n / total:.1f} |")
    return "\n".join(out)


#: what a variant's own code is: the RuleSet methods, and in a compiled module the
#: specialised hand loop (`play_hand`, with its subset helper `_ways`) that replaces the engine's
RULESET_METHODS = ("capture_options", "sweep_weight", "opening_multiple", "score_hand", "play_hand", "_ways")


def ruleset_share(variant, hands: int, players: int, team_size: int) -> str:
    """How much of a playout each engine spends inside the variant's own code (the
    RuleSet methods; for a compiled module with a hand loop, `play_hand` too, so
    its share includes the hand loop itself) and outside it; the ceiling on
    compiled / interpreted that would follow if that code took no time."""
    rows = ["| engine | profiled s | in RuleSet s | RuleSet % | engine (shared) s | " + " | ".join(RULESET_METHODS) + " |",
            "|---|---:|---:|---:|---:|" + "---:|" * len(RULESET_METHODS)]
    found = {}
    for name, rs in (("compiled", load_ruleset_from_source(generate(variant), "profiled")),
                     ("interpreted", Interpreter(variant))):
        run(rs, 200, players, team_size)
        prof = cProfile.Profile()
        prof.enable()
        run(rs, hands, players, team_size)
        prof.disable()
        st = pstats.Stats(prof)
        total = st.total_tt
        per = dict.fromkeys(RULESET_METHODS, 0.0)
        for (filename, _, fname), (_, _, _, ct, _) in st.stats.items():
            if fname in per and ("interpreter" in filename or "generated" in filename):
                per[fname] += ct
        inside = sum(per.values())
        found[name] = (total, inside)
        rows.append(f"| {name} | {total:.2f} | {inside:.3f} | {100 * inside / total:.1f} | {total - inside:.2f} | "
                    + " | ".join(f"{100 * per[m] / total:.1f}%" for m in RULESET_METHODS) + " |")
    (ct, ci), (it, ii) = found["compiled"], found["interpreted"]
    rows.append("")
    rows.append(f"RuleSet calls: compiled {ci:.3f} s vs interpreted {ii:.3f} s ({ii / ci:.2f}x); "
                f"engine outside the RuleSet: {ct - ci:.2f} s vs {it - ii:.2f} s. "
                f"Ceiling on compiled/interpreted with a zero-cost compiled RuleSet and this engine: "
                f"{it / (it - ii):.2f}x (under cProfile).")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", default="rules/escoba-de-15.yaml")
    ap.add_argument("--engine", choices=("compiled", "interpreted"), default="compiled")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--no-profile", action="store_true", help="just play the hands (to run under py-spy)")
    ap.add_argument("--ruleset-share", action="store_true",
                    help="time inside the RuleSet vs the shared engine, compiled and interpreted")
    ap.add_argument("--collapsed", type=Path, help="summarise a py-spy --format raw file instead")
    args = ap.parse_args(argv)
    if args.collapsed:
        print(collapsed_table(args.collapsed, args.top))
        return 0
    variant = load_variant(ROOT / args.file)
    layout = min(variant.players.layouts, key=lambda l: (l.players, l.team_size))
    if args.engine == "compiled":
        ruleset = load_ruleset_from_source(generate(variant), "profiled")
    else:
        ruleset = Interpreter(variant)
    if args.ruleset_share:
        print(f"{variant.id}, {layout.players} players, {args.hands} hands")
        print(ruleset_share(variant, args.hands, layout.players, layout.team_size))
        return 0
    run(ruleset, 200, layout.players, layout.team_size)  # warm-up
    if args.no_profile:
        t0 = time.perf_counter()
        run(ruleset, args.hands, layout.players, layout.team_size)
        wall = time.perf_counter() - t0
        print(f"{args.hands} hands in {wall:.2f} s: {args.hands / wall:.0f} hands/s", file=sys.stderr)
        return 0
    print(f"{variant.id}, {layout.players} players, {args.engine}")
    print(cprofile_table(ruleset, args.hands, layout.players, layout.team_size, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
