"""Without numba (a Python it does not support yet), a kernel's same source runs as plain Python.

Each check runs in a fresh interpreter in which `import numba` fails, with a
kernel cache of its own (so no machine code from a numba process is used).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .conftest import ROOT

_HIDE = "import sys; sys.modules['numba'] = None\n"

_HANDS = _HIDE + """
import json, random
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import HandState, run_hand
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.native import NATIVE
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.validate import load_variant

out = {"native": NATIVE, "same": []}
for name in ("escoba-de-15", "scopa", "escopa"):
    variant = load_variant(f"rules/{name}.yaml")
    kernel, interp = load_kernel(variant), Interpreter(variant)
    rng = random.Random(5)
    for i in range(6):
        deck = list(range(kernel.cards.size))
        rng.shuffle(deck)
        names = ["random", "greedy"]
        mine = kernel.play_hand(deck, names, i, dealer=i)
        state = HandState.deal(interp, deck, players=2, dealer=i % 2, rng=Stream(seat_seed(i, 0)))
        bots = [RandomBot(rng=Stream(seat_seed(i, 1))), GreedyBot(rng=Stream(seat_seed(i, 2)))]
        theirs = run_hand(state, bots)
        out["same"].append(mine.history == tuple(state.history) and mine.result.score == theirs.score
                           and mine.result.piles == theirs.piles)
print(json.dumps(out))
"""


def _run(code: str, tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "ESCOBA_SPEC_CACHE": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=600)


def test_without_numba_a_kernel_plays_the_interpreters_hands_as_plain_python(tmp_path):
    proc = _run(_HANDS, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["native"] is False
    assert out["same"] == [True] * 18


def test_without_numba_simulate_says_so_in_one_line_and_gives_the_same_summary(tmp_path):
    cli = _HIDE + "from escoba_spec.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    args = ["simulate", "rules/escoba-de-15.yaml", "--games", "6", "--seed", "3", "--format", "json"]
    plain = _run(cli, tmp_path, *args)
    assert plain.returncode == 0, plain.stderr
    assert plain.stderr.count("\n") == 1 and "numba is not installed" in plain.stderr
    oracle = _run(cli, tmp_path, *args, "--engine", "interpreted")
    assert oracle.returncode == 0 and oracle.stderr == ""
    mine, theirs = json.loads(plain.stdout), json.loads(oracle.stdout)
    mine.pop("timing", None), theirs.pop("timing", None)
    assert mine == theirs
