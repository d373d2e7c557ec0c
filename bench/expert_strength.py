"""The bots' strength, match against match (run by hand; docs/bots.md reports its figures).

Every pairing of two bots plays `--matches` matches in each seating (seeds 0.. for one,
the same seeds for the other), whole in the kernel, and reports the first bot's match win
rate over both with its 95% Wilson interval, and the time taken.

    python bench/expert_strength.py --only escoba-de-15,scopa --matches 150
    python bench/expert_strength.py --only escoba-de-15 --pairs expert:50/heuristic,expert:800/heuristic
    python bench/expert_strength.py --only scopa --time expert,montecarlo:9000

`--time` instead times each named bot's decisions, one by one through the bots' API (an
`Observation` and the legal moves, as every command plays them), over the same positions of
hands played on by the greedy bot (every decision with a choice, the hand through): the
milliseconds a decision, on one core.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from escoba_spec.compiler.kernels import load_kernel  # noqa: E402
from escoba_spec.engine import HandState  # noqa: E402
from escoba_spec.engine.bots import GreedyBot  # noqa: E402
from escoba_spec.engine.observation import Observation  # noqa: E402
from escoba_spec.engine.stream import Stream, seat_seed  # noqa: E402
from escoba_spec.engine.interpreter import Interpreter  # noqa: E402
from escoba_spec.tools.setup import make_bot  # noqa: E402
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


def decision_ms(variant, names: list[str], positions: int) -> dict[str, float]:
    """Each bot's milliseconds a decision over the same `positions` positions (two moves or more)."""
    ruleset = Interpreter(variant)  # its states copy whole (a kernel's hold its module)
    lay = variant.players.layouts[0]
    found = []
    seed = 0
    while len(found) < positions:
        state = HandState.deal(ruleset, seed=seed, players=lay.players, team_size=lay.team_size,
                               rng=Stream(seat_seed(seed, 0)))
        greedy = [GreedyBot(rng=Stream(seat_seed(seed, 1 + s))) for s in range(lay.players)]
        while not state.over and len(found) < positions:
            seat = state.to_play
            moves = state.legal_moves()
            if len(moves) > 1 and moves[0][0] >= 0:  # every decision of the hand, as a match meets them
                found.append((copy.deepcopy(state), seed))
            state.apply(greedy[seat].choose(Observation(state, seat), moves))
        seed += 1
    for name in names:  # each bot's kernel compiled and warm before the clock starts
        state, seed = found[0]
        make_bot(name, seed, state.to_play, variant).choose(Observation(state, state.to_play), state.legal_moves())
    times = {}
    for name in names:
        seconds = 0.0
        for state, seed in found:
            seat = state.to_play
            bot, obs, moves = make_bot(name, seed, seat, variant), Observation(state, seat), state.legal_moves()
            start = time.perf_counter()
            bot.choose(obs, moves)
            seconds += time.perf_counter() - start
        times[name] = 1000 * seconds / len(found)
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="escoba-de-15,scopa", help="comma-separated rule file ids")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated FIRST/SECOND bot names")
    parser.add_argument("--matches", type=int, default=150, help="matches in each seating (default 150)")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    parser.add_argument("--time", metavar="BOTS", help="comma-separated bots to time a decision of, instead")
    parser.add_argument("--positions", type=int, default=300, help="positions --time plays (default 300)")
    args = parser.parse_args(argv)
    rows = []
    if args.time:
        for name in args.only.split(","):
            variant = load_variant(ROOT / "rules" / f"{name}.yaml")
            for bot, ms in decision_ms(variant, args.time.split(","), args.positions).items():
                rows.append({"variant": name, "bot": bot, "positions": args.positions, "ms_a_decision": ms})
                print(f"| {name} | {bot} | {args.positions} | {ms:.2f} ms |", flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
        return 0
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
