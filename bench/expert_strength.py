"""The bots' strength, match against match (run by hand; docs/bots.md reports its figures).

Every pairing of two bots plays `--matches` matches in each seating (seeds 0.. for one,
the same seeds for the other), whole in the kernel, and reports the first bot's match win
rate over both with its 95% Wilson interval, and the time taken.

    python bench/expert_strength.py --only escoba-de-15,scopa --matches 150
    python bench/expert_strength.py --only escoba-de-15 --pairs expert:50/heuristic,expert:800/heuristic
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from escoba_spec.compiler.kernels import load_kernel  # noqa: E402
from escoba_spec.language.validate import load_variant  # noqa: E402
from escoba_spec.tools.simulate.stats import wilson  # noqa: E402

PAIRS = ("expert/heuristic", "expert/greedy", "expert/random", "heuristic/greedy", "heuristic/random",
         "greedy/random")


def pairing(kernel, first: str, second: str, matches: int, team_size: int, players: int) -> dict:
    """`first` against `second`, `matches` in each seating: first's wins, and the time."""
    sides = players // team_size

    def seats(a, b):
        return [a if seat % sides == 0 else b for seat in range(players)]

    start = time.perf_counter()
    one = kernel.play_matches(range(matches), seats(first, second), team_size=team_size)
    two = kernel.play_matches(range(matches), seats(second, first), team_size=team_size)
    seconds = time.perf_counter() - start
    wins = int((one.winner == 0).sum() + (two.winner == 1).sum())
    n = 2 * matches
    lo, hi = wilson(wins, n)
    hands = int(one.hands.sum() + two.hands.sum())
    return {"first": first, "second": second, "matches": n, "wins": wins, "rate": wins / n, "ci95": [lo, hi],
            "hands": hands, "seconds": seconds}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="escoba-de-15,scopa", help="comma-separated rule file ids")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated FIRST/SECOND bot names")
    parser.add_argument("--matches", type=int, default=150, help="matches in each seating (default 150)")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    rows = []
    for name in args.only.split(","):
        variant = load_variant(ROOT / "rules" / f"{name}.yaml")
        kernel = load_kernel(variant)
        lay = variant.players.layouts[0]
        kernel.play_matches([0], ["expert:2"] + ["greedy"] * (lay.players - 1), team_size=lay.team_size)  # compile
        for pair in args.pairs.split(","):
            first, second = pair.split("/")
            row = {"variant": name, **pairing(kernel, first, second, args.matches, lay.team_size, lay.players)}
            rows.append(row)
            lo, hi = row["ci95"]
            print(f"| {name} | {first} | {second} | {row['matches']} | {row['rate']:.1%} | {lo:.1%}–{hi:.1%} | "
                  f"{row['seconds']:.0f} s |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
