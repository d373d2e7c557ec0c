#!/usr/bin/env python
"""Benchmark harness of escoba-spec (run by hand; not part of the test suite).

    python bench/run.py                          # everything, table on stdout
    python bench/run.py --repeat 7 --hands 1000  # longer, steadier
    python bench/run.py --json                   # one JSON object on stdout
    python bench/run.py --only escoba-de-15,scopa --sections kernel,reference

What it measures (see docs/performance.md for the figures and how to read them):

* kernel: random-playout hands per second of every rule file (rules/*.yaml and
  rules/house/*.yaml), its numba kernel (`Kernel.play_hands`) beside the
  interpreter (`engine.playout`), the smallest layout the file allows; a kernel's
  cold compile and warm load in fresh processes; simulate of about a million
  hands with the kernel (bench/kernel_bench.py says how). `hands_per_s[id] =
  {"kernel": ..., "interpreted": ...}`.
* compile: validate + write the kernel source of every rule file end to end with a
  fresh Resolver (validate_file -> compiler.kernel.generate_kernel), in process
  (warm: lark/jsonschema/jinja caches filled) and in a fresh interpreter (cold,
  one run); plus `escoba-spec compile` and `escoba-spec build` as subprocesses,
  writing into a temporary folder (never generated/ or docs/). Nothing here
  compiles machine code: kernels compile on first use (the kernel section).
* rulebook: render_rulebook(variant, lang, fmt) for md and html in the 5
  languages, per file and in total.
* simulate: `escoba-spec simulate rules/escoba-de-15.yaml --games G --seed S
  --jobs J --out TMP` for J = 1 and 2; seconds and hands/s from timing.json and
  the wall time of the subprocess; scaling efficiency = (t1 / t2) / 2.
* reference: the hand-written C loops of bench/reference (2-player Escoba de 15
  and Scopa, every rule in force, the bar of the numba kernels), built with the
  system's `cc -O2` into a temporary folder; hands/s as each program times its
  own loop (clock_gettime), --ref-hands hands from seed 1 per run, and its
  checksums (points, sweeps), which must not change from run to run. Without
  a C compiler the section records null and says why.
* memory: tracemalloc peak of each in-process measurement (a separate,
  untimed pass, since tracemalloc slows Python down several times), and the
  peak RSS of each subprocess (os.wait4's rusage, which covers the child and
  its own children) next to resource.getrusage(RUSAGE_CHILDREN).ru_maxrss
  (the high-water mark over all children so far).

Every timing is repeated --repeat times and reported as median, min and max.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.reference import loops as reference_loops  # noqa: E402
from bench.report import render_tables, targets  # noqa: E402  (the targets, met or not, and the tables)
from escoba_spec.compiler.kernel import generate_kernel  # noqa: E402
from escoba_spec.language.resolve import Resolver  # noqa: E402
from escoba_spec.language.validate import load_variant, validate_file  # noqa: E402

SECTIONS = ("kernel", "compile", "rulebook", "simulate", "reference")
BOT_SEED = 1000
SIM_FILE = "rules/escoba-de-15.yaml"


def log(*parts) -> None:
    print(*parts, file=sys.stderr, flush=True)


def stats(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": list(values)}


def rule_files(only: set[str] | None) -> list[tuple[str, Path]]:
    paths = sorted((ROOT / "rules").glob("*.yaml")) + sorted((ROOT / "rules" / "house").glob("*.yaml"))
    out = []
    for p in paths:
        vid = load_variant(p).id
        if only is None or vid in only:
            out.append((vid, p))
    if only:
        missing = only - {v for v, _ in out}
        if missing:
            raise SystemExit(f"unknown rule file id(s): {', '.join(sorted(missing))}")
    return out


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ------------------------------------------------------------- validate + compile


def _validate_compile_all(paths) -> dict:
    resolver = Resolver()
    per_file = {}
    for path in paths:
        t0 = time.perf_counter()
        variant, problems = validate_file(path, resolver=resolver)
        t1 = time.perf_counter()
        generate_kernel(variant)
        t2 = time.perf_counter()
        per_file[variant.id] = (t1 - t0, t2 - t1)
    return per_file


COLD_SCRIPT = r"""
import json, sys, time
t0 = time.perf_counter()
from escoba_spec.language.validate import validate_file
from escoba_spec.compiler.kernel import generate_kernel
from escoba_spec.language.resolve import Resolver
t1 = time.perf_counter()
resolver = Resolver()
for p in sys.argv[1:]:
    v, _ = validate_file(p, resolver=resolver)
    generate_kernel(v)
t2 = time.perf_counter()
print(json.dumps({"imports_s": t1 - t0, "validate_compile_s": t2 - t1}))
"""


def run_child(cmd: list[str], cwd: Path) -> dict:
    """Run a subprocess; its wall time, exit code, stdout, and peak RSS (KiB)."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err_f:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=err_f)
        stdout = proc.stdout.read()  # read before waiting so a full pipe cannot block the child
        # os.wait4 rather than proc.wait(): it returns this child's own rusage
        _, status, usage = os.wait4(proc.pid, 0)  # covers the child and the children it reaped
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        proc.stdout.close()
        err_f.seek(0)
        stderr = err_f.read()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n{stderr.decode(errors='replace')}")
    return {"wall_s": wall, "maxrss_kib": usage.ru_maxrss, "cpu_s": usage.ru_utime + usage.ru_stime, "stdout": stdout.decode(errors="replace"),
            "children_maxrss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}


def escoba_cli() -> list[str]:
    exe = shutil.which("escoba-spec")
    return [exe] if exe else [sys.executable, "-m", "escoba_spec"]


def bench_compile(files, repeat: int) -> dict:
    paths = [p for _, p in files]
    _validate_compile_all(paths)  # warm-up: lark grammar, schema, jinja template
    totals, per_file_runs = [], []
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        per = _validate_compile_all(paths)
        totals.append(time.perf_counter() - t0)
        per_file_runs.append(per)
    per_file = {}
    for vid in per_file_runs[0]:
        v = [run[vid][0] for run in per_file_runs]
        g = [run[vid][1] for run in per_file_runs]
        per_file[vid] = {"validate_s": statistics.median(v), "generate_s": statistics.median(g),
                         "total_s": statistics.median([a + b for a, b in zip(v, g)])}
    gc.collect()
    tracemalloc.start()
    _validate_compile_all(paths)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # cold: a fresh interpreter, one run each, every cache empty
    cold, cli_compile, cli_build = [], [], []
    rel_paths = [rel(p) for p in paths]
    with tempfile.TemporaryDirectory(prefix="escoba-bench-") as tmp:
        for i in range(repeat):
            r = run_child([sys.executable, "-c", COLD_SCRIPT, *rel_paths], ROOT)
            r.update(json.loads(r.pop("stdout")))
            cold.append(r)
            r = run_child([*escoba_cli(), "compile", *rel_paths, "--out", f"{tmp}/compile-{i}"], ROOT)
            r.pop("stdout")
            cli_compile.append(r)
            if len(files) == len(rule_files(None)):
                # build always takes the whole rules folder
                r = run_child([*escoba_cli(), "build", "--rules", "rules", "--out", f"{tmp}/gen-{i}",
                               "--rulebooks", f"{tmp}/rulebooks-{i}"], ROOT)
                r.pop("stdout")
                cli_build.append(r)
    result = {
        "files": len(paths),
        "in_process_warm_s": stats(totals),
        "per_file": per_file,
        "tracemalloc_peak_bytes": peak,
        "fresh_process": {
            "imports_s": stats([c["imports_s"] for c in cold]),
            "validate_compile_s": stats([c["validate_compile_s"] for c in cold]),
            "wall_s": stats([c["wall_s"] for c in cold]),
            "maxrss_kib": max(c["maxrss_kib"] for c in cold),
        },
        "cli_compile": {"wall_s": stats([c["wall_s"] for c in cli_compile]),
                        "maxrss_kib": max(c["maxrss_kib"] for c in cli_compile)},
        "children_maxrss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    }
    if cli_build:
        result["cli_build"] = {"wall_s": stats([c["wall_s"] for c in cli_build]),
                               "maxrss_kib": max(c["maxrss_kib"] for c in cli_build)}
    log(f"compile  warm {result['in_process_warm_s']['median']:.3f} s, fresh process "
        f"{result['fresh_process']['validate_compile_s']['median']:.3f} s (+{result['fresh_process']['imports_s']['median']:.3f} s imports), "
        f"cli compile {result['cli_compile']['wall_s']['median']:.2f} s"
        + (f", cli build {result['cli_build']['wall_s']['median']:.2f} s" if cli_build else ""))
    return result


# ------------------------------------------------------------------ rulebooks


def bench_rulebook(files, repeat: int) -> dict:
    from escoba_spec.tools.rulebook import LANGS, render_rulebook

    variants = [(vid, load_variant(p)) for vid, p in files]
    fmts = ("md", "html")

    def one_pass() -> dict:
        per = {}
        for vid, v in variants:
            for fmt in fmts:
                t0 = time.perf_counter()
                for lang in LANGS:
                    render_rulebook(v, lang, fmt)
                per[(vid, fmt)] = time.perf_counter() - t0
        return per

    t0 = time.perf_counter()
    one_pass()  # warm-up: catalogues, templates, bases of house rules
    first = time.perf_counter() - t0
    runs = []
    for _ in range(repeat):
        gc.collect()
        runs.append(one_pass())
    per_file = {}
    for vid, _ in variants:
        per_file[vid] = {fmt: statistics.median([r[(vid, fmt)] for r in runs]) for fmt in fmts}
    totals = [sum(r.values()) for r in runs]
    gc.collect()
    tracemalloc.start()
    one_pass()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    result = {"langs": list(LANGS), "formats": list(fmts), "renders": len(variants) * len(LANGS) * len(fmts),
              "first_pass_s": first, "total_s": stats(totals),
              "total_md_s": stats([sum(t for (_, f), t in r.items() if f == "md") for r in runs]),
              "total_html_s": stats([sum(t for (_, f), t in r.items() if f == "html") for r in runs]),
              "per_file_s": per_file, "tracemalloc_peak_bytes": peak}
    log(f"rulebook {result['renders']} renders: {result['total_s']['median']:.2f} s (first pass {first:.2f} s)")
    return result


# ------------------------------------------------------------------ simulate


def bench_simulate(games: int, seed: int, repeat: int) -> dict:
    runs: dict[int, list[dict]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory(prefix="escoba-bench-sim-") as tmp:
        for i in range(repeat):
            for jobs in (1, 2):  # interleaved, so a change of machine load hits both
                out = Path(tmp) / f"j{jobs}-{i}"
                r = run_child([*escoba_cli(), "simulate", SIM_FILE, "--games", str(games), "--seed", str(seed),
                               "--jobs", str(jobs), "--out", str(out)], ROOT)
                r.pop("stdout")
                timing = json.loads((out / "timing.json").read_text())
                r["timing"] = timing
                runs[jobs].append(r)
                log(f"simulate --jobs {jobs}: {timing['seconds']:.2f} s in timing.json, {r['wall_s']:.2f} s wall")
    result: dict = {"file": SIM_FILE, "games": games, "seed": seed}
    for jobs, rs in runs.items():
        result[f"jobs{jobs}"] = {
            "seconds": stats([r["timing"]["seconds"] for r in rs]),
            "hands_per_s": stats([r["timing"]["hands_per_s"] for r in rs]),
            "matches_per_s": stats([r["timing"]["matches_per_s"] for r in rs]),
            "wall_s": stats([r["wall_s"] for r in rs]),
            "cpu_s": stats([r["cpu_s"] for r in rs]),
            # CPUs the run had on average: about `jobs` when the machine is free for it
            "cpu_per_wall": statistics.median([r["cpu_s"] / r["wall_s"] for r in rs]),
            "wall_hands_per_s": stats([r["timing"]["hands_per_s"] * r["timing"]["seconds"] / r["wall_s"] for r in rs]),
            "maxrss_kib": max(r["maxrss_kib"] for r in rs),
        }
    t1, t2 = result["jobs1"]["seconds"]["median"], result["jobs2"]["seconds"]["median"]
    w1, w2 = result["jobs1"]["wall_s"]["median"], result["jobs2"]["wall_s"]["median"]
    result["scaling_efficiency"] = (t1 / t2) / 2
    result["scaling_efficiency_wall"] = (w1 / w2) / 2
    result["children_maxrss_kib"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return result


# ------------------------------------------------------------------ C reference loops


def bench_reference(files, hands: int, repeat: int) -> tuple[dict, str | None]:
    """reference[id] = {hands_per_s, compiler, flags, ...} per loop of a selected file,
    and why nothing was measured (None when it was): a missing or failing compiler
    leaves every entry null rather than failing the run."""
    vids = [vid for vid, _ in files if vid in reference_loops.LOOPS]
    cc = reference_loops.find_compiler()
    if cc is None:
        log("reference: no C compiler ($CC, cc, gcc, clang) on PATH; not measured")
        return {vid: None for vid in vids}, "no C compiler ($CC, cc, gcc, clang) on PATH"
    version = reference_loops.compiler_version(cc)
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="escoba-bench-ref-") as tmp:
        for vid in vids:
            try:
                exe = reference_loops.build(cc, vid, Path(tmp))
                reference_loops.run(exe, min(hands, 1000), 1)  # warm-up: page cache, CPU frequency
                runs = [reference_loops.run(exe, hands, 1)[0] for _ in range(repeat)]
            except subprocess.CalledProcessError as e:
                log(f"reference: {' '.join(map(str, e.cmd))} exited {e.returncode}:\n{e.stderr}")
                return {v: None for v in vids}, f"{reference_loops.LOOPS[vid][0]} did not build or run with {cc}"
            checks = [(r["points"], r["sweeps"]) for r in runs]
            out[vid] = {"source": f"bench/reference/{reference_loops.LOOPS[vid][0]}", "hands": hands, "seed": 1,
                        "hands_per_s": stats([r["hands_per_s"] for r in runs]),
                        "compiler": version, "flags": list(reference_loops.FLAGS),
                        "points": runs[0]["points"], "sweeps": runs[0]["sweeps"],
                        "same_checksums": all(c == checks[0] for c in checks)}
            log(f"reference {vid:26} C {out[vid]['hands_per_s']['median']:10.0f} hands/s  "
                f"points {runs[0]['points']} sweeps {runs[0]['sweeps']}")
    return out, None


# ------------------------------------------------------------------ report


def machine() -> dict:
    model = ""
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "affinity": len(os.sched_getaffinity(0)), "cpu": model,
            "python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "loadavg": os.getloadavg(),
            "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of each measurement (default 5)")
    ap.add_argument("--hands", type=int, default=500, help="hands per timed playout run (default 500)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    ap.add_argument("--save-json", metavar="PATH", help="also write the JSON object to PATH (one run, both forms)")
    ap.add_argument("--only", help="comma-separated rule file ids (default: every rule file)")
    ap.add_argument("--sections", default=",".join(SECTIONS),
                    help=f"comma-separated, among {', '.join(SECTIONS)} (default: all)")
    ap.add_argument("--ref-hands", type=int, default=200_000,
                    help="hands per timed run of a C reference loop (default 200000: about half a second)")
    ap.add_argument("--sim-games", type=int, default=3000, help="matches per simulate run (default 3000: with the kernel some 0.06 s of matches, so this "
                    "section measures the command's start-up and end; the match loop's scaling is the kernel "
                    "section's million hands)")
    ap.add_argument("--sim-seed", type=int, default=1)
    ap.add_argument("--sim-repeat", type=int, help="simulate runs per --jobs value (default: min(repeat, 3))")
    args = ap.parse_args(argv)
    if args.repeat < 1 or args.hands < 1 or args.ref_hands < 1:
        ap.error("--repeat, --hands and --ref-hands must be positive")
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        ap.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    only = {s.strip() for s in args.only.split(",") if s.strip()} if args.only else None
    sim_repeat = args.sim_repeat or min(args.repeat, 3)

    start = time.perf_counter()
    result: dict = {"machine": machine(),
                    "settings": {"repeat": args.repeat, "hands": args.hands, "sim_games": args.sim_games,
                                 "sim_seed": args.sim_seed, "sim_repeat": sim_repeat, "bot_seed": BOT_SEED,
                                 "ref_hands": args.ref_hands,
                                 "sections": sections, "only": sorted(only) if only else None}}
    files = rule_files(only)
    if "compile" in sections:
        result["compile"] = bench_compile(files, args.repeat)
    if "rulebook" in sections:
        result["rulebook"] = bench_rulebook(files, args.repeat)
    if "simulate" in sections:
        result["simulate"] = bench_simulate(args.sim_games, args.sim_seed, sim_repeat)
    if "reference" in sections:
        result["reference"], skipped = bench_reference(files, args.ref_hands, args.repeat)
        if skipped:
            result["reference_skipped"] = skipped
    if "kernel" in sections:
        from bench.kernel_bench import (
            bench_kernel_compile,
            bench_kernel_playout,
            bench_kernel_simulate,
        )

        kernel = result["kernel"] = {"playout": bench_kernel_playout(files, args.hands, args.repeat, log)}
        compiled_ids = [vid for vid in ("escoba-de-15", "scopa") if vid in kernel["playout"]]
        kernel["compile"] = bench_kernel_compile(compiled_ids, min(args.repeat, 3), log)
        if only is None or "escoba-de-15" in only:
            kernel["simulate"] = bench_kernel_simulate(sim_repeat, log)
        rates = result.setdefault("hands_per_s", {})
        for vid, r in kernel["playout"].items():
            if r["kernel"] is not None:
                rates.setdefault(vid, {}).update({"kernel": r["kernel"]["median"],
                                                  "interpreted": r["interpreted"]["median"]})
            else:
                rates.setdefault(vid, {})["kernel"] = None
    result["targets"] = targets(result)
    result["loadavg_end"] = os.getloadavg()
    result["elapsed_s"] = time.perf_counter() - start
    if args.save_json:
        with open(args.save_json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=1, default=str)
            out.write("\n")
    if args.json:
        json.dump(result, sys.stdout, indent=1, default=str)
        sys.stdout.write("\n")
    else:
        print(render_tables(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
