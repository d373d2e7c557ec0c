"""The kernel's part of the benchmark (bench/run.py --sections kernel): playouts, compile, simulate.

* playout: random-playout hands per second of each rule file's kernel
  (`Kernel.play_hands`: deal, play and score whole hands inside the kernel,
  the smallest layout) beside the interpreter's (`engine.playout` over the
  same number of seeded deals, random bots on the same kind of stream), one
  core each, the kernel warmed up (compiled or loaded) first.
* compile: a kernel's cold compile (a fresh process, an empty kernel cache)
  and warm load (a fresh process, the cache filled), wall seconds from the
  child's own clock: import of escoba_spec, load_kernel, and a first hand
  and match (which is when numba compiles or loads the machine code). The
  cold compile as it runs by default (a second process for the largest stage
  where there is a second core: engine.stages.prepare) and in one process
  (ESCOBA_SPEC_COMPILE_JOBS=1).
* simulate: `escoba-spec simulate rules/escoba-de-15.yaml --bots greedy
  --engine kernel` with as many matches as make about 1,000,000 hands,
  --jobs 1 and 2: wall seconds, hands/s, peak RSS.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from escoba_spec.compiler.kernel import unsupported  # noqa: E402
from escoba_spec.compiler.kernels import load_kernel  # noqa: E402
from escoba_spec.engine import playout  # noqa: E402
from escoba_spec.engine.bots import RandomBot  # noqa: E402
from escoba_spec.engine.interpreter import Interpreter  # noqa: E402
from escoba_spec.engine.stream import Stream  # noqa: E402
from escoba_spec.language.validate import load_variant  # noqa: E402

SIM_FILE = "rules/escoba-de-15.yaml"
SIM_HANDS = 1_000_000


def _stats(values):
    ordered = sorted(values)
    return {"median": ordered[len(ordered) // 2], "min": ordered[0], "max": ordered[-1], "runs": len(values)}


def bench_kernel_playout(files, hands: int, repeat: int, log) -> dict:
    out = {}
    for vid, path in files:
        variant = load_variant(path)
        reasons = unsupported(variant)
        if reasons:
            out[vid] = {"kernel": None, "why": reasons}
            log(f"kernel   {vid:26} not in the kernel yet: {', '.join(reasons)}")
            continue
        layout = min(variant.players.layouts, key=lambda lay: (lay.players, lay.team_size))
        bots = ["random"] * layout.players
        kernel = load_kernel(variant)
        kernel.play_hands(0, 200, bots, team_size=layout.team_size)  # compile or load, and warm up
        count = max(20_000, hands * 40)
        interp = Interpreter(variant)
        rates = {"kernel": [], "interpreted": []}
        for run in range(repeat):
            t0 = time.perf_counter()
            kernel.play_hands(run + 1, count, bots, team_size=layout.team_size)
            rates["kernel"].append(count / (time.perf_counter() - t0))
            players = [RandomBot(rng=Stream(1000 + seat)) for seat in range(layout.players)]
            t0 = time.perf_counter()
            for seed in range(hands):
                playout(interp, seed, players, team_size=layout.team_size)
            rates["interpreted"].append(hands / (time.perf_counter() - t0))
        k, i = _stats(rates["kernel"]), _stats(rates["interpreted"])
        out[vid] = {"file": str(path.relative_to(ROOT)), "players": layout.players, "team_size": layout.team_size,
                    "kernel_hands": count, "interpreted_hands": hands, "kernel": k, "interpreted": i,
                    "ratio": k["median"] / i["median"]}
        log(f"kernel   {vid:26} kernel {k['median']:10,.0f}  interpreted {i['median']:8,.0f} hands/s  "
            f"ratio {out[vid]['ratio']:.0f}x")
    return out


_CHILD = """
import json, sys, time
t0 = time.perf_counter()
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.language.validate import load_variant
t1 = time.perf_counter()
variant = load_variant(sys.argv[1])
lay = min(variant.players.layouts, key=lambda l: (l.players, l.team_size))
t2 = time.perf_counter()
kernel = load_kernel(variant)
kernel.play_hands(0, 1, ["random"] * lay.players, team_size=lay.team_size)
kernel.play_matches([0], ["greedy"] * lay.players, team_size=lay.team_size)
kernel.play_hand(list(range(kernel.cards.size)), ["random"] * lay.players, 0, team_size=lay.team_size)
t3 = time.perf_counter()
print(json.dumps({"imports_s": t1 - t0, "validate_s": t2 - t1, "kernel_s": t3 - t2}))
"""


def bench_kernel_compile(vids: list[str], repeat: int, log) -> dict:
    out = {}
    for vid in vids:
        path = next(p for p in [ROOT / "rules" / f"{vid}.yaml", ROOT / "rules" / "house" / f"{vid}.yaml"] if p.exists())
        cold, warm, one = [], [], []
        for _ in range(repeat):
            for buckets, jobs in (((cold, warm), None), ((one,), "1")):
                with tempfile.TemporaryDirectory(prefix="escoba-bench-kernel-") as cache:
                    env = {**os.environ, "ESCOBA_SPEC_CACHE": cache}
                    env.pop("ESCOBA_SPEC_COMPILE_JOBS", None)
                    if jobs:
                        env["ESCOBA_SPEC_COMPILE_JOBS"] = jobs
                    for bucket in buckets:
                        proc = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True,
                                              text=True, cwd=ROOT, env=env, check=True)
                        bucket.append(json.loads(proc.stdout))
        out[vid] = {"cold_s": _stats([r["kernel_s"] for r in cold]), "warm_s": _stats([r["kernel_s"] for r in warm]),
                    "cold_one_process_s": _stats([r["kernel_s"] for r in one]),
                    "imports_s": _stats([r["imports_s"] for r in warm])}
        log(f"kernel   {vid:26} cold compile {out[vid]['cold_s']['median']:.2f} s "
            f"({out[vid]['cold_one_process_s']['median']:.2f} s in one process), warm load "
            f"{out[vid]['warm_s']['median']:.3f} s (+{out[vid]['imports_s']['median']:.2f} s imports)")
    return out


def _simulate(games: int, jobs: int, out: Path) -> dict:
    cmd = [sys.executable, "-m", "escoba_spec", "simulate", SIM_FILE, "--games", str(games), "--seed", "1",
           "--bots", "greedy", "--engine", "kernel", "--jobs", str(jobs), "--out", str(out)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    timing = json.loads((out / "timing.json").read_text())
    hands = json.loads((out / "summary.json").read_text())["hands"]
    return {"wall_s": wall, "hands": hands, "timing": timing, "maxrss_kib": usage.ru_maxrss,
            "wall_hands_per_s": hands / wall}


def bench_kernel_simulate(repeat: int, log) -> dict:
    with tempfile.TemporaryDirectory(prefix="escoba-bench-ksim-") as tmp:
        pilot = _simulate(2000, 1, Path(tmp) / "pilot")  # also compiles or loads the kernel
        games = math.ceil(SIM_HANDS / (pilot["hands"] / 2000))
        runs: dict[int, list[dict]] = {1: [], 2: []}
        for i in range(repeat):
            for jobs in (1, 2):
                r = _simulate(games, jobs, Path(tmp) / f"j{jobs}-{i}")
                runs[jobs].append(r)
                log(f"kernel   simulate {games:,} matches ({r['hands']:,} hands), --jobs {jobs}: {r['wall_s']:.2f} s wall")
    result = {"file": SIM_FILE, "games": games, "bots": "greedy"}
    for jobs, rs in runs.items():
        result[f"jobs{jobs}"] = {"wall_s": _stats([r["wall_s"] for r in rs]), "hands": rs[0]["hands"],
                                 "seconds_in_timing_json": _stats([r["timing"]["seconds"] for r in rs]),
                                 "wall_hands_per_s": _stats([r["wall_hands_per_s"] for r in rs]),
                                 "maxrss_kib": max(r["maxrss_kib"] for r in rs)}
    return result
