"""Limits: pathological files are answered within 200 MB; nothing is written when
validation fails; an interrupted `compile` or `build` leaves no half-written module.

Memory is bounded two ways: in a child process whose address space is capped
at 200 MiB with `resource.setrlimit(RLIMIT_AS)` (a file that needed more would
end in MemoryError there), and in this process by tracemalloc's peak. Times
are measured and printed, never asserted (CI machines differ).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import tracemalloc
from pathlib import Path

import pytest

from escoba_spec.cli import main
from escoba_spec.compiler.codegen import module_name
from escoba_spec.compiler.kernel import generate_kernel as generate
from escoba_spec.language.loader import MAX_BYTES
from escoba_spec.language.validate import load_variant, validate_file
from escoba_spec.tools import files

from .conftest import ROOT, RULES

CORPUS = Path(__file__).resolve().parent / "corpus"
MIB = 1 << 20
BUDGET = 200 * MIB
HOUSE = "id: c-limits\nextends: escoba-de-15\n"
HEAVY = ("most(count(pile, rank == 7) + sum(pile) + primiera(pile) + suits(pile) + straight(pile), "
         "eligible: any(opponents, count(pile, suit == oros or rank >= 6) > 2))")


def _fill(head: str, unit: str, tail: str = "") -> str:
    return head + unit * ((MAX_BYTES - 64 - len(head) - len(tail)) // len(unit)) + tail


#: name -> (file text, the error code it must give; None: valid)
PATHOLOGICAL = {
    "flat-list": (_fill(HOUSE + "name: [", "1,", "1]\n"), "too-many-nodes"),
    "block-list": (_fill(HOUSE + "name:\n", "- 1\n"), "too-many-nodes"),
    "one-long-string": (_fill(HOUSE + "name: ", "a", "\n"), "out-of-range"),
    "blank-lines": (_fill(HOUSE, "\n"), None),
    "one-long-comment": (_fill(HOUSE + "#", "x", "\n"), None),
    "many-tabs": (_fill(HOUSE, "\tx: 1\n"), "tab-indent"),
    "many-duplicate-keys": (_fill(HOUSE + "match:\n", "  target: 21\n"), "too-many-nodes"),
    "many-unknown-keys": (HOUSE + "".join(f"key{i}: {i}\n" for i in range(2400)), "unknown-key"),
    "many-yaml11-booleans": (_fill(HOUSE + "x:\n", "  - yes\n"), "too-many-nodes"),
    "aliased-options": (HOUSE + "x: &a {" + ", ".join(f"k{i}: 1" for i in range(48)) + "}\noptions:\n"
                        + "".join(f"  o{i}: *a\n" for i in range(99)), "unknown-key"),
    "invalid-utf8-at-the-end": (None, "invalid-utf8"),
    "heavy-valid-rules": (HOUSE + "scoring:\n  rules:\n"
                          + "".join(f"    - {{id: r{i}, award: \"{HEAVY}\"}}\n" for i in range(64)), None),
    "drop-every-rule-of-a-64-rule-base": (
        "id: c-drop-all\nextends: c-base-64-rules\nscoring:\n  rules:\n"
        + "".join(f"    - {{id: {r}, drop: true}}\n" for r in [*(f"r{i}" for i in range(59)), "most-cards", "most-oros",
                                                                "siete-de-velo", "setenta", "escobas"]),
        "unreachable-match-target"),
    "override-600-options-of-a-base": (
        "id: c-override\nextends: c-base-600-options\noptions:\n"
        + "".join(f"  o{i}: {{field: match.target, values: [21, 15]}}\n" for i in range(600)), None),
    "alias-bomb": ((CORPUS / "yaml-alias-bomb.yaml").read_text(encoding="utf-8"), "too-many-nodes"),
    "deep-flow": ((CORPUS / "yaml-deep-flow.yaml").read_text(encoding="utf-8"), "nesting-too-deep"),
    "alias-chain-too-deep": ((CORPUS / "yaml-alias-chain-too-deep.yaml").read_text(encoding="utf-8"),
                             "nesting-too-deep"),
    "alias-in-itself": ((CORPUS / "yaml-alias-self-root.yaml").read_text(encoding="utf-8"), "recursive-alias"),
    "expression-total": ((CORPUS / "expr-total-size-bomb.yaml").read_text(encoding="utf-8"), "expr-total-too-long"),
    "expression-depth": ((CORPUS / "expr-depth-parens.yaml").read_text(encoding="utf-8"), "expr-depth"),
}


#: bases the cases above extend: 64 scoring rules, 600 options
BASES = {
    "base-64-rules": "id: c-base-64-rules\nextends: escoba-de-15\nscoring:\n  rules:\n"
                     + "".join(f"    - {{id: r{i}, award: sweeps > 0}}\n" for i in range(59)),
    "base-600-options": "id: c-base-600-options\nextends: escoba-de-15\noptions:\n"
                        + "".join(f"  o{i}: {{field: match.target, values: [21]}}\n" for i in range(600)),
}


def _write_all(folder: Path) -> dict[str, Path]:
    rules = folder / "rules"
    if not rules.exists():
        shutil.copytree(RULES, rules)
    (rules / "bases").mkdir(exist_ok=True)
    for name, text in BASES.items():
        (rules / "bases" / f"{name}.yaml").write_text(text, encoding="utf-8")
    paths = {}
    for name, (text, _) in PATHOLOGICAL.items():
        path = rules / "limits" / f"{name}.yaml"
        path.parent.mkdir(exist_ok=True)
        if text is None:
            path.write_bytes(_fill(HOUSE + "name: ", "a").encode() + b"\xff\n")
        else:  # each file its own id: two files of one rules tree may not share one
            path.write_text(text.replace("id: c-limits\n", f"id: c-limits-{name}\n", 1), encoding="utf-8")
        assert path.stat().st_size <= MAX_BYTES, name
        paths[name] = path
    return paths


def _check(name: str, codes: list[str]) -> None:
    expected = PATHOLOGICAL[name][1]
    if expected is None:
        assert codes == [], (name, codes)
    else:
        assert expected in codes, (name, codes)


CHILD = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[1])))
    from escoba_spec.language.validate import validate_file
    results = {}
    for arg in sys.argv[2:]:
        name, path = arg.split("=", 1)
        start = time.perf_counter()
        variant, problems = validate_file(path)
        results[name] = {"codes": sorted({p.code for p in problems if p.severity == "error"}),
                         "seconds": round(time.perf_counter() - start, 3)}
    # this process's own peak: VmHWM is reset by exec, while ru_maxrss keeps the peak of the
    # process that forked us (a large pytest process would show through)
    with open("/proc/self/status") as status:
        results["maxrss_kib"] = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    print(json.dumps(results))
""")


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS is what Linux enforces")
def test_pathological_files_are_answered_in_a_process_capped_at_200_mib(tmp_path):
    paths = _write_all(tmp_path)
    done = subprocess.run([sys.executable, "-c", CHILD, str(BUDGET), *(f"{n}={p}" for n, p in paths.items())],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout)
    print("\nseconds per file (measured, not asserted):",
          {n: r["seconds"] for n, r in results.items() if isinstance(r, dict)}, f"maxrss {results['maxrss_kib']} KiB")
    assert results["maxrss_kib"] * 1024 < BUDGET
    for name in PATHOLOGICAL:
        _check(name, results[name]["codes"])


def test_pathological_files_peak_under_200_mib_of_python_memory(tmp_path):
    paths = _write_all(tmp_path)
    peaks = {}
    for name, path in paths.items():
        tracemalloc.start()
        try:
            _, problems = validate_file(path)
            peaks[name] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        _check(name, sorted({p.code for p in problems if p.severity == "error"}))
    print("\npeak MiB per file:", {n: round(p / MIB, 1) for n, p in peaks.items()})
    assert max(peaks.values()) < BUDGET, peaks


# ------------------------------------------------- nothing written when validation fails


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def tree_with_a_bad_file(tmp_path) -> Path:
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    (rules / "house" / "broken.yaml").write_bytes((CORPUS / "yaml-python-object-tag.yaml").read_bytes())
    return rules


def test_compile_writes_nothing_when_one_file_fails(tmp_path, tree_with_a_bad_file, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "scopa.py").write_text("# an older module\n")
    before = _snapshot(out)
    files = [str(tree_with_a_bad_file / "scopa.yaml"), str(tree_with_a_bad_file / "house" / "broken.yaml")]
    assert main(["compile", *files, "--out", str(out)]) == 1
    assert "nothing written" in capsys.readouterr().err
    assert _snapshot(out) == before


def test_build_writes_nothing_when_one_file_fails(tmp_path, tree_with_a_bad_file, capsys):
    out = tmp_path / "generated"
    assert main(["build", "--rules", str(tree_with_a_bad_file), "--out", str(out)]) == 1
    assert "nothing written" in capsys.readouterr().err
    assert not out.exists()


def test_compile_check_writes_nothing(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["compile", str(RULES / "scopa.yaml"), "--out", str(out), "--check"]) == 1
    assert not out.exists()


def test_play_and_diff_write_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["play", str(RULES / "scopa.yaml"), "--players", "2", "--seed", "3", "--format", "json"]) == 0
    main(["diff", str(RULES / "escoba-de-15.yaml"), str(RULES / "house" / "escoba-31-ties-all.yaml"), "--deals", "2"])
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------- an interrupted compile or build


def _interrupt_replace_after(monkeypatch, allowed: int, error: BaseException):
    """os.replace works `allowed` times, then raises `error` (as if the run were stopped there)."""
    real = os.replace
    calls = {"n": 0}

    def replace(src, dst, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] > allowed:
            raise error
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(files.os, "replace", replace)
    return calls


def _whole_or_absent(out: Path, expected: dict[str, str]) -> None:
    """Every module in `out` is complete (the kernel source generate_kernel gives); no temporary file is left."""
    names = sorted(p.name for p in out.iterdir()) if out.exists() else []
    assert not [n for n in names if n.endswith(".tmp") or n.startswith(".")], names
    for name in names:
        assert (out / name).read_text(encoding="utf-8") == expected[name], name


@pytest.mark.parametrize("error", [KeyboardInterrupt(), OSError(28, "No space left on device")],
                         ids=["interrupted", "disk-full"])
def test_an_interrupted_compile_leaves_no_half_written_module(tmp_path, monkeypatch, capsys, error):
    out = tmp_path / "out"
    target = out / "scopa.py"
    out.mkdir()
    target.write_text("# the module of the last good compile\n")
    _interrupt_replace_after(monkeypatch, 0, error)
    code = main(["compile", str(RULES / "scopa.yaml"), "--out", str(out)])
    assert code == (130 if isinstance(error, KeyboardInterrupt) else 2)  # 2: "cannot write ...", named
    assert "Traceback" not in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["scopa.py"]
    assert target.read_text() == "# the module of the last good compile\n"  # the old module, whole


#: the rules folder of the interrupted build: five files (three modules written, the fourth interrupted, the
#: fifth never begun), of those whose rulebooks are quickest to make: a build makes every rulebook before it
#: writes a module, some 15 s for every shipped file
INTERRUPTED_BUILD = ("escoba-brasileira.yaml", "escoba-francesa.yaml", "escova-de-31.yaml", "scopa.yaml", "tablic.yaml")


def test_an_interrupted_build_leaves_each_module_whole_or_absent(tmp_path, monkeypatch, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    for name in INTERRUPTED_BUILD:
        shutil.copy(RULES / name, rules / name)
    variants = [load_variant(path) for path in sorted(rules.rglob("*.yaml"))]
    expected = {f"{module_name(v.id)}.py": generate(v) for v in variants}
    out = tmp_path / "generated"
    calls = _interrupt_replace_after(monkeypatch, 3, KeyboardInterrupt())
    assert main(["build", "--rules", str(rules), "--out", str(out)]) == 130
    assert calls["n"] == 4
    assert len(list(out.iterdir())) == 3
    _whole_or_absent(out, expected)


def test_written_modules_and_rulebooks_get_the_mode_of_any_new_file(tmp_path, capsys):
    """Written through a temporary file (created 0600), a module or rulebook still ends
    with 0666 less the umask, as simulate's outputs and any file a program creates do:
    a rulebook folder served by a web server must be readable by it."""
    umask = os.umask(0)
    os.umask(umask)
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "scopa.yaml", rules / "scopa.yaml")
    out, books = tmp_path / "generated", tmp_path / "rulebooks"
    assert main(["build", "--rules", str(rules), "--out", str(out), "--rulebooks", str(books)]) == 0
    written = [*out.iterdir(), *books.iterdir()]
    assert len(written) == 11  # the module, and the rulebook in five languages, Markdown and HTML
    assert {oct(p.stat().st_mode & 0o777) for p in written} == {oct(0o666 & ~umask)}


def test_a_write_that_fails_midway_leaves_no_temporary_file(tmp_path, monkeypatch):
    """The temporary file is removed when writing it fails half way (a full disk)."""
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()
            return False

        def write(self, text):
            self.handle.write(text[: len(text) // 2])
            self.handle.flush()
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fdopen", lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k)))
    target = tmp_path / "out" / "scopa.py"
    with pytest.raises(OSError):
        files.write_atomically(target, generate(load_variant(RULES / "scopa.yaml")))
    assert list(target.parent.iterdir()) == []
