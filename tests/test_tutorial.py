"""docs/tutorial.md runs as written: its rule files are written in a fresh folder in order, each
of its commands is run there in a shell, and what it prints is what the page shows.

A `yaml` block whose first line is `# file: PATH` is written, whole, to PATH (a later block of
the same path replaces it, as the reader edits the file). In a `console` block, a line `$ COMMAND` is run
with bash (stdout and stderr as one stream, as a terminal shows them), and the lines after it
are its output: each must be there, in order, a line `…` standing for any lines left out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

TUTORIAL = ROOT / "docs" / "tutorial.md"
_FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.S | re.M)


def _steps() -> list[tuple[str, str]]:
    return [(kind, body) for kind, body in _FENCE.findall(TUTORIAL.read_text(encoding="utf-8"))
            if kind in ("yaml", "console")]


def _commands(body: str) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
    return out


def _shows(expected: list[str], actual: list[str]) -> bool:
    """Whether `actual` is `expected` with each `…` standing for any run of lines (none too)."""
    parts: list[list[str]] = [[]]
    for line in expected:
        if line == "…":
            parts.append([])
        else:
            parts[-1].append(line)
    at = 0
    for i, part in enumerate(parts):
        if i == 0:
            if actual[:len(part)] != part:
                return False
            at = len(part)
            continue
        if i == len(parts) - 1 and part:  # the last part ends the output
            return len(actual) - len(part) >= at and actual[len(actual) - len(part):] == part
        found = next((k for k in range(at, len(actual) - len(part) + 1) if actual[k:k + len(part)] == part), None)
        if found is None:
            return False
        at = found + len(part)
    return len(parts) > 1 or at == len(actual)


def test_the_matcher_reads_an_ellipsis_as_lines_left_out():
    assert _shows(["a", "…", "c"], ["a", "b", "b", "c"]) and _shows(["a", "…"], ["a", "b"])
    assert not _shows(["a", "…", "c"], ["a", "c", "d"]) and not _shows(["a"], ["a", "b"])
    assert _shows(["…", "b", "…"], ["a", "b", "c"]) and not _shows(["…", "x", "…"], ["a", "b"])


def test_every_command_of_the_tutorial_prints_what_the_page_shows(tmp_path):
    steps = _steps()
    assert sum(kind == "console" for kind, _ in steps) >= 6
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "escoba-spec").write_text(f"#!/bin/sh\nexec {sys.executable} -m escoba_spec \"$@\"\n", encoding="utf-8")
    (shim / "escoba-spec").chmod(0o755)
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PATH": f"{shim}{os.pathsep}{os.environ.get('PATH', '')}", "NO_COLOR": "1",
           "COLUMNS": "100", "ESCOBA_SPEC_CACHE": str(tmp_path / "cache")}
    env.pop("ESCOBA_SPEC_DEBUG", None)
    ran = 0
    for kind, body in steps:
        if kind == "yaml":
            match = re.match(r"# file: (\S+)\n", body)
            if match:  # written whole, its first line too, as a reader copies it
                path = work / match.group(1)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(body, encoding="utf-8")
            continue
        for command, expected in _commands(body):
            result = subprocess.run(["bash", "-c", command], cwd=work, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True, timeout=300)
            actual = result.stdout.rstrip("\n").splitlines()
            assert _shows(expected, actual), f"$ {command}\n--- the page shows\n" + "\n".join(expected) + \
                "\n--- the command printed\n" + "\n".join(actual)
            ran += 1
    assert ran >= 7


@pytest.mark.parametrize("needed", ["escoba-spec validate", "escoba-spec rulebook", "escoba-spec simulate",
                                    "escoba-spec play", "capture:", "events:"])
def test_the_tutorial_walks_every_step_it_promises(needed):
    assert needed in TUTORIAL.read_text(encoding="utf-8")
