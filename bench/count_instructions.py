"""Machine instructions per random-playout hand, counted by valgrind (run by hand).

Wall-clock figures on a shared machine move by 30 % from one run to the next;
instruction counts do not (the same hands execute the same instructions), so
they are the figure to compare two versions of the engine with. Each count is
the difference between a child that plays `--warm` + `--hands` hands and one
that plays only the `--warm` hands, divided by `--hands`: imports, set-up and
the warm-up (which fills the compiled hand loop's subset cache, as a long
simulation does) cancel out.

    python bench/count_instructions.py                       # escoba-de-15 and scopa, both engines
    python bench/count_instructions.py --only scopa --engines compiled --hands 500
    python bench/count_instructions.py --what floor          # the bare loop: bots, moves, history, no capture rule
    python bench/count_instructions.py --what floor --engines compiled,cython   # the same loop built by Cython
    python bench/count_instructions.py --engines compiled,cython   # the generated module as is, and built by Cython

Needs `valgrind` (Debian: `apt-get install valgrind`); not a project dependency.
The `cython` engine is the generated module, unchanged (no type declarations),
compiled to a C extension by Cython (`pip install cython`; a C compiler and the
Python headers): the measure of what compiling the module's Python to C buys
by itself. Neither is a project dependency; the module is built in a temporary
folder, and the parent checks that it plays the first 100 hands exactly as the
pure-Python module does before counting.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the names the child scripts use: from this checkout's layout, or from the flat
#: layout the package had before it was arranged in stages (a `--root` of an older commit)
IMPORTS = r"""
try:
    from escoba_spec.compiler.codegen import generate, module_name
    from escoba_spec.compiler.modules import load_ruleset_from_source
    from escoba_spec.engine.bots import RandomBot
    from escoba_spec.engine.dealing import shuffled_deck
    from escoba_spec.engine.interpreter import Interpreter
    from escoba_spec.language.validate import load_variant
except ImportError:
    from escoba_spec.bots import RandomBot
    from escoba_spec.build import load_variant
    from escoba_spec.codegen import generate, module_name
    from escoba_spec.compiled import load_ruleset_from_source
    from escoba_spec.engine.state import shuffled_deck
    from escoba_spec.interpreter import Interpreter
from escoba_spec.engine import HandState, Move, Observation, playout
from escoba_spec.engine.moves import Play, tuple_new
"""

#: the bare hand loop (`--what floor`), a module of its own so that Cython can build it too
FLOOR = r"""
import random
""" + IMPORTS + r"""


def floor(path, total):
    # 36 plays of a 2-player hand with no capture rule at all: the bot is asked with an
    # observation and a list of Move tuples, the hand and the history are kept up to date
    rs = Interpreter(load_variant(path))
    trails = [tuple_new(Move, (c, 0, 0)) for c in range(40)]
    plays = [[tuple_new(Play, (s, c, 0, 0, 0)) for c in range(40)] for s in range(2)]
    bots = [RandomBot(1000), RandomBot(1001)]
    for seed in range(total):
        deck = shuffled_deck(40, random.Random(seed))
        state = HandState(rs, 2)
        hands = state.hands = [0, 0]
        history = state.history = []
        record = history.append
        views = [Observation(state, 0), Observation(state, 1)]
        choosers = [bot.choose for bot in bots]
        cards = [sorted(deck[0:3]), sorted(deck[3:6])]
        seat, pos, left, table = 0, 6, 6, 0
        while True:
            state.table = table
            state.to_play = seat
            state.in_hands = left
            moves = []
            add = moves.append
            for card in cards[seat]:
                add(trails[card])
            card, _, _ = choosers[seat](views[seat], moves)
            bit = 1 << card
            hands[seat] ^= bit
            cards[seat].remove(card)
            table |= bit
            record(plays[seat][card])
            left -= 1
            if left:
                seat ^= 1
            elif pos + 6 <= 40:
                cards = [sorted(deck[pos:pos + 3]), sorted(deck[pos + 3:pos + 6])]
                pos, left, seat = pos + 6, 6, 0
            else:
                break
"""

CHILD = r"""
import sys, random
from pathlib import Path
sys.path.insert(0, {root!r})
{imports}
what, path, engine, total = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
built = sys.argv[5] if len(sys.argv) > 5 else ""
FLOOR = {floor!r}


def playouts():
    variant = load_variant(path)
    if engine == "compiled":
        rs = load_ruleset_from_source(generate(variant), module_name(variant.id) + "_counted")
    elif engine == "cython":
        import importlib
        sys.path.insert(0, built)
        rs = importlib.import_module(Path(path).stem.replace("-", "_") + "_cython").RULES
    else:
        rs = Interpreter(variant)
    bots = [RandomBot(1000), RandomBot(1001)]
    for seed in range(total):
        playout(rs, seed, bots)


def floor():
    if engine == "cython":
        import importlib
        sys.path.insert(0, built)
        run = importlib.import_module("floor_cython").floor
    else:
        scope = {{}}
        exec(FLOOR, scope)
        run = scope["floor"]
    run(path, total)


playouts() if what == "playout" else floor()
"""


def count(python: str, args: list[str], root: Path = ROOT) -> int:
    """Instructions executed by one child (valgrind's callgrind total)."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.devnull, python, "-c",
         CHILD.format(root=str(root), floor=FLOOR, imports=IMPORTS), *args],
        capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_hand(python: str, what: str, path: Path, engine: str, warm: int, hands: int, root: Path = ROOT,
             built: str = "") -> int:
    base = count(python, [what, str(path), engine, str(warm), built], root)
    full = count(python, [what, str(path), engine, str(warm + hands), built], root)
    return round((full - base) / hands)


CYTHON_CHECK = r"""
import sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[2])
import importlib
""" + IMPORTS + r"""
variant = load_variant(sys.argv[3])
built = importlib.import_module(sys.argv[4]).RULES
pure = load_ruleset_from_source(generate(variant), "pure")
for rs in (built, pure):
    bots = [RandomBot(1000), RandomBot(1001)]
    rs.played = [repr(playout(rs, seed, bots)) for seed in range(100)]
assert built.played == pure.played, "the Cython build plays differently from the Python module"
assert type(built).play_hand.__class__.__name__ == "cython_function_or_method", "not the compiled module"
"""


def build_cython_floor(python: str, folder: Path) -> str:
    """The floor loop built by Cython in `folder`; returns the folder to import it from."""
    _cythonize(python, folder, "floor_cython", FLOOR)
    return str(folder)


def _cythonize(python: str, folder: Path, name: str, source: str) -> None:
    """Write `source` as `folder/name.py` and build it in place into a C extension."""
    (folder / f"{name}.py").write_text(source, encoding="utf-8")
    subprocess.run([python, "-m", "Cython.Build.Cythonize", "-i", "-3", "-q", f"{name}.py"],
                   cwd=folder, capture_output=True, text=True, check=True)


def build_cython(python: str, path: Path, root: Path, folder: Path) -> str:
    """Generate the variant's module, build it with Cython in `folder`, and check it
    plays like the pure-Python module; returns the folder to import it from."""
    name = path.stem.replace("-", "_") + "_cython"
    source = subprocess.run(
        [python, "-c", f"import sys; sys.path.insert(0, {str(root)!r})\n{IMPORTS}\n"
                       f"print(generate(load_variant({str(path)!r})), end='')"],
        capture_output=True, text=True, check=True).stdout
    _cythonize(python, folder, name, source)
    subprocess.run([python, "-c", CYTHON_CHECK, str(folder), str(root), str(path), name], check=True)
    return str(folder)


def interpreter() -> str:
    """The Python for valgrind to run: this one, by the path it was started by, so that
    a virtual environment's `python` (a link whose place tells Python its environment)
    still sees the environment's packages; only a launcher script, which valgrind cannot
    run (a pyenv shim is a shell script), is replaced by the interpreter it leads to."""
    try:
        with open(sys.executable, "rb") as exe:
            if exe.read(2) != b"#!":
                return sys.executable
    except OSError:
        pass
    return os.path.realpath(sys.executable)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="escoba-de-15,scopa", help="comma-separated rule file ids")
    parser.add_argument("--engines", default="compiled,interpreted")
    parser.add_argument("--what", choices=["playout", "floor"], default="playout")
    parser.add_argument("--hands", type=int, default=200, help="counted hands (default 200)")
    parser.add_argument("--warm", type=int, default=2000, help="hands played before counting (default 2000)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose escoba_spec and rules/ to count (e.g. a `git worktree` of an older commit)")
    args = parser.parse_args(argv)
    unknown = set(args.engines.split(",")) - {"compiled", "interpreted", "cython"}
    if unknown:
        parser.error(f"unknown engine {', '.join(sorted(unknown))} (compiled, interpreted, cython)")
    if "cython" in args.engines.split(",") and importlib.util.find_spec("Cython") is None:
        print("the cython engine needs Cython (pip install cython) and a C compiler", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    python = interpreter()
    print(f"instructions per 2-player hand (callgrind), warm-up {args.warm} hands, counted {args.hands}")
    if args.what == "floor":
        print("| the floor (bot calls, move lists, history; no capture rule) | instructions / hand |")
        print("|---|---:|")
        for engine in [e for e in args.engines.split(",") if e != "interpreted"]:
            with tempfile.TemporaryDirectory(prefix="escoba-cython-") as folder:
                built = build_cython_floor(python, Path(folder)) if engine == "cython" else ""
                n = per_hand(python, "floor", args.root / "rules" / "escoba-de-15.yaml", engine, args.warm,
                             args.hands, args.root, built)
            print(f"| {'Python' if engine == 'compiled' else 'built by Cython'} | {n:,} |", flush=True)
        return 0
    print("| rule file | engine | instructions / hand |")
    print("|---|---|---:|")
    for vid in args.only.split(","):
        path = next((p for p in [args.root / "rules" / f"{vid}.yaml", args.root / "rules" / "house" / f"{vid}.yaml"]
                     if p.exists()), None)
        if path is None:
            print(f"no rule file {vid}", file=sys.stderr)
            return 2
        for engine in args.engines.split(","):
            with tempfile.TemporaryDirectory(prefix="escoba-cython-") as folder:
                built = build_cython(python, path, args.root, Path(folder)) if engine == "cython" else ""
                n = per_hand(python, "playout", path, engine, args.warm, args.hands, args.root, built)
            print(f"| {vid} | {engine} | {n:,} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
