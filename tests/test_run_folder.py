"""Issue 36, class 1: nothing in the folder a command runs in is ever imported, let alone run.

tests/corpus/run-folder/ is a downloaded rule file with Python modules beside it
named as the ones escoba-spec imports (numpy.py, numba.py, yaml.py, jinja2.py,
an escoba_spec/ and a multiprocessing/ package, sitecustomize.py,
usercustomize.py); imported, each writes its name to $POISON_LOG. Every
command runs in a copy of that folder, the kernel compiled there for the first
time (in two processes, as on a machine with two cores), and the log must stay
empty. The tests share one copy and one kernel cache, on one xdist worker.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from escoba_spec import processes

from .conftest import ROOT

CORPUS = Path(__file__).resolve().parent / "corpus" / "run-folder"
SCRIPT = Path(sys.executable).parent / "escoba-spec"
pytestmark = pytest.mark.xdist_group("run-folder")


@pytest.fixture(scope="module")
def poisoned(tmp_path_factory) -> Path:
    """A copy of the poisoned folder, and beside it a rules folder for `build`."""
    folder = tmp_path_factory.mktemp("run") / "downloads"
    shutil.copytree(CORPUS, folder)
    (folder.parent / "rules").mkdir()
    shutil.copy(folder / "downloaded.yaml", folder.parent / "rules" / "downloaded.yaml")
    return folder


@pytest.fixture(scope="module")
def env(poisoned: Path) -> dict[str, str]:
    """The commands' environment: the poison's log, a kernel cache of this module's own (the first
    command that plays compiles the kernel), two processes for that first compile."""
    return {**os.environ, "POISON_LOG": str(poisoned.parent / "poison.log"),
            "ESCOBA_SPEC_CACHE": str(poisoned.parent / "cache"), "ESCOBA_SPEC_COMPILE_JOBS": "2", "NO_COLOR": "1"}


def _imported(env: dict[str, str]) -> list[str]:
    log = Path(env["POISON_LOG"])
    return log.read_text(encoding="utf-8").split() if log.exists() else []


def _child_path() -> list[str]:
    """A worker's module path and current folder (run in the worker)."""
    return [os.getcwd(), *sys.path]


def test_the_child_of_a_first_compile_is_started_isolated_and_imports_nothing_of_the_folder(poisoned, env,
                                                                                           monkeypatch):
    monkeypatch.chdir(poisoned)
    command = processes.python_command("escoba_spec.compiler.apart")
    assert command[:3] == [sys.executable, "-I", "-c"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "usage: python -m escoba_spec.compiler.apart" in done.stderr
    assert _imported(env) == []


@pytest.mark.parametrize("method", ["spawn", "forkserver", "fork"])
def test_a_pools_workers_import_nothing_of_the_folder_however_they_start(poisoned, env, monkeypatch, method):
    monkeypatch.chdir(poisoned)
    monkeypatch.setenv("POISON_LOG", env["POISON_LOG"])
    safe = os.environ.get("PYTHONSAFEPATH")
    try:
        with processes.process_pool(2, method) as pool:
            cwd, *path = pool.submit(_child_path).result(timeout=120)
    finally:  # process_pool sets it for the rest of the process's life; the other tests get theirs back
        if safe is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = safe
    assert cwd == str(poisoned)  # the workers run in the folder, as the command does
    assert "" not in path and not any(p and Path(p).resolve() == poisoned.resolve() for p in path)
    assert _imported(env) == []


def _run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


#: every command; the first that needs the kernel (simulate: whole matches) compiles it for the first time
COMMANDS = [
    ["validate", "downloaded.yaml"],
    ["schema"],
    ["compile", "downloaded.yaml", "--out", "out"],
    ["rulebook", "downloaded.yaml", "--out", "book.md"],
    ["play", "downloaded.yaml", "--seed", "1"],
    ["diff", "downloaded.yaml", str(ROOT / "rules" / "escoba-de-15.yaml"), "--deals", "20", "--seed", "1"],
    ["simulate", "downloaded.yaml", "--games", "60", "--jobs", "2", "--seed", "1"],
    ["analyze", "downloaded.yaml", "--budget", "0.01", "--expert-budget", "2", "--seed", "1", "--out", "report"],
    ["build", "--rules", "../rules", "--out", "generated", "--rulebooks", "books"],
]


@pytest.mark.skipif(not SCRIPT.is_file(), reason=f"the escoba-spec command is not installed beside {sys.executable} "
                                                  "(pip install -e .)")
@pytest.mark.parametrize("args", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_run_in_a_poisoned_folder_imports_nothing_of_it(poisoned, env, args):
    done = _run([str(SCRIPT), *args], poisoned, env)
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert _imported(env) == []


def test_python_m_escoba_spec_takes_the_folder_off_its_path_before_importing(poisoned, env, tmp_path):
    """`python -m` puts the current folder first; Python imports the escoba_spec package from there
    before any of its code runs (only `escoba-spec` or `python -P` avoid that), so this folder holds
    every poison but that one: nothing else of it is imported."""
    folder = tmp_path / "downloads"
    shutil.copytree(poisoned, folder, ignore=shutil.ignore_patterns("escoba_spec", "out", "report", "generated",
                                                                     "books", "book.md"))
    for args in (["validate", "downloaded.yaml"], ["play", "downloaded.yaml", "--seed", "2"],
                 ["simulate", "downloaded.yaml", "--games", "20", "--jobs", "2", "--seed", "1"]):
        done = _run([sys.executable, "-m", "escoba_spec", *args], folder, env)
        assert done.returncode == 0, done.stderr
    assert _imported(env) == []


@pytest.mark.skipif(not SCRIPT.is_file(), reason=f"the escoba-spec command is not installed beside {sys.executable} "
                                                  "(pip install -e .)")
def test_the_studio_started_in_a_poisoned_folder_imports_nothing_of_it(poisoned, env):
    process = subprocess.Popen([str(SCRIPT), "studio", ".", "--port", "0", "--no-browser"], cwd=poisoned,
                               env={**env, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        first = process.stdout.readline().strip()
        match = re.fullmatch(r"(http://127\.0\.0\.1:\d+)/\?token=(\S+)", first)
        assert match, f"first line: {first!r}"
        base, token = match.groups()

        def call(method: str, route: str, body: dict | None = None) -> dict:
            request = urllib.request.Request(base + "/api" + route, method=method,
                                             data=json.dumps(body).encode() if body is not None else None,
                                             headers={"Authorization": f"Bearer {token}",
                                                      "Content-Type": "application/json"})
            deadline = time.monotonic() + 60
            while True:
                try:
                    return json.load(urllib.request.urlopen(request, timeout=300))
                except (urllib.error.URLError, ConnectionError):  # uvicorn not answering yet
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)

        text = (poisoned / "downloaded.yaml").read_text(encoding="utf-8")
        assert "downloaded.yaml" in call("GET", "/info")["files"]
        assert call("POST", "/validate", {"path": "downloaded.yaml", "text": text}) == {"diagnostics": []}
        assert call("POST", "/play", {"path": "downloaded.yaml", "text": text, "seed": 1})["id"]
        job = call("POST", "/simulate", {"path": "downloaded.yaml", "text": text, "games": 20})
        deadline = time.monotonic() + 300
        while job["state"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.2)
            job = call("GET", f"/jobs/{job['id']}")
        assert job["state"] == "done", job
        assert call("POST", "/rulebook", {"path": "downloaded.yaml", "text": text})["html"]
    finally:
        process.terminate()
        process.wait(30)
        process.stdout.close()
        process.stderr.close()
    assert _imported(env) == []
