#!/usr/bin/env python
"""Kernel speed of every rule file, for pairing two checkouts (run by hand; not a test).

    python bench/kernel_pair.py [ROOT] > after.jsonl     # ROOT: whose rules/ to play (default: this checkout)
    PYTHONPATH=/path/to/other/checkout python bench/kernel_pair.py /path/to/other/checkout > before.jsonl

One line of JSON: per variant the kernel plays, random-bot hands a second
(`Kernel.play_hands`, 20,000 hands: the hand loop and the scoring) and greedy
matches a second (`Kernel.play_matches`, 1,000 matches: the match loop too),
after a warm-up that compiles or loads the kernel. Run the two checkouts in
turn several times on a quiet machine and compare the medians of the ratios
pair by pair: the machine's drift then cancels. Whichever checkout is
imported (PYTHONPATH) is the one measured.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.language.validate import load_variant

HANDS = 20_000
MATCHES = 1_000


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent
    out = {}
    for path in sorted((root / "rules").glob("*.yaml")) + sorted((root / "rules" / "house").glob("*.yaml")):
        variant = load_variant(path)
        if unsupported(variant):
            continue
        layout = min(variant.players.layouts, key=lambda lay: (lay.players, lay.team_size))
        randoms, greedies = ["random"] * layout.players, ["greedy"] * layout.players
        kernel = load_kernel(variant)
        kernel.play_hands(0, 200, randoms, team_size=layout.team_size)
        kernel.play_matches(list(range(5)), greedies, team_size=layout.team_size)
        start = time.perf_counter()
        kernel.play_hands(1, HANDS, randoms, team_size=layout.team_size)
        hands = HANDS / (time.perf_counter() - start)
        start = time.perf_counter()
        kernel.play_matches(list(range(MATCHES)), greedies, team_size=layout.team_size)
        matches = MATCHES / (time.perf_counter() - start)
        out[variant.id] = {"hands_per_s": round(hands), "matches_per_s": round(matches)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
