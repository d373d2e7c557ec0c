"""Build and run the hand-written C reference loops (escoba15.c, scopa.c).

Shared by bench/run.py (the `reference` section) and
tests/test_bench_reference.py: find the system's C compiler, compile each
loop into a folder given by the caller, run it and read its JSON line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: rule file id -> (C source, the rule file it plays)
LOOPS = {"escoba-de-15": ("escoba15.c", "rules/escoba-de-15.yaml"), "scopa": ("scopa.c", "rules/scopa.yaml")}
FLAGS = ("-O2",)


def find_compiler() -> str | None:
    """$CC, else cc, else gcc, else clang: the first on PATH (None when there is none)."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def compiler_version(cc: str) -> str:
    """The first line of `cc --version` ("" when it prints nothing: the build says whether it works)."""
    done = subprocess.run([cc, "--version"], capture_output=True, text=True)
    lines = (done.stdout or done.stderr).splitlines()
    return lines[0].strip() if lines else ""


def build(cc: str, vid: str, out_dir: Path, flags: tuple[str, ...] = FLAGS) -> Path:
    """Compile the loop of rule file `vid` into `out_dir`; the executable's path."""
    source = HERE / LOOPS[vid][0]
    exe = Path(out_dir) / source.stem
    subprocess.run([cc, *flags, "-o", str(exe), str(source)], check=True, capture_output=True, text=True)
    return exe


def run(exe: Path, hands: int, seed: int, each: bool = False) -> tuple[dict, list[list[int]]]:
    """Play `hands` hands from `seed`: the program's JSON line, and with `each`
    one row per hand (points of side 0 by rule, of side 1, pile 0, pile 1,
    sweeps 0, sweeps 1)."""
    args = [str(exe), str(hands), str(seed)] + (["--each"] if each else [])
    lines = subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines()
    rows = [[int(x) for x in line.split()] for line in lines[:-1]]
    return json.loads(lines[-1]), rows
