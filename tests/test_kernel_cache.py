"""Issue 36, class 4: a kernel cache is a cache. Damaged, unwritable or full, it never ends a command.

tests/corpus/kernel-cache/damages.json lists the damages done to a cache a first run made (a
kernel's source cut short or overwritten, numba's files garbled or cut short, the cache's index
unreadable, the cache folder a file): the run after each must exit 0, print what an intact cache
prints, say once on stderr what it found, and leave a cache the next run finds whole. A cache
folder that cannot be written, and then no temporary folder either, compiles in memory; a cache
on a nearly full disk is not compiled into. A Ctrl-C during a first compile is exit 130, never
an internal error. Each case runs the command in a process of its own, as a user does (but the
last: the latch that delivers again a Ctrl-C numba's compiler could not act on, in this process).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import RULES

CORPUS = Path(__file__).resolve().parent / "corpus" / "kernel-cache"
DAMAGES = json.loads((CORPUS / "damages.json").read_text(encoding="utf-8"))
RULE = RULES / "scopa.yaml"
COMMAND = ["simulate", str(RULE), "--games", "4", "--seed", "7", "--format", "json"]
pytestmark = pytest.mark.xdist_group("kernel-cache")


def _run(cache: Path, *, code: str | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    """The command with `cache` as the kernel cache; `code`, Python run first in the same
    process (to make the temporary folder or the disk fail)."""
    env = {**os.environ, "ESCOBA_SPEC_CACHE": str(cache), "NO_COLOR": "1", "ESCOBA_SPEC_COMPILE_JOBS": "2"}
    env.pop("ESCOBA_SPEC_DEBUG", None)
    if code is None:
        argv = [sys.executable, "-m", "escoba_spec", *COMMAND]
    else:
        argv = [sys.executable, "-c", f"{code}\nimport sys\nfrom escoba_spec.cli.main import main\n"
                                      f"sys.exit(main({COMMAND!r}))"]
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)


def _played(result: subprocess.CompletedProcess) -> dict:
    """What the run reports of the matches, its timings left out."""
    return json.loads(result.stdout)["summary"]


@pytest.fixture(scope="module")
def intact(tmp_path_factory) -> tuple[Path, dict]:
    """A cache made by a first run, and what that run played."""
    cache = tmp_path_factory.mktemp("intact") / "cache"
    first = _run(cache)
    assert first.returncode == 0, first.stderr
    FIRST_RUN["stderr"] = first.stderr
    return cache, _played(first)


#: what the fixture's first run, the one that compiled, said on stderr
FIRST_RUN: dict[str, str] = {}


def test_a_first_compile_is_said_once_and_a_warm_run_says_nothing(intact):
    """Issue 41: a first compile took its seconds in silence (a wait that looks like a hang)."""
    cache, _ = intact
    assert FIRST_RUN["stderr"].count("escoba-spec: compiling the kernel of scopa, once") == 1
    warm = _run(cache)
    assert warm.returncode == 0 and "compiling" not in warm.stderr


def _damage(cache: Path, case: dict) -> None:
    if case["damage"] == "cache-is-a-file":
        shutil.rmtree(cache)
        cache.write_text("not a folder\n", encoding="utf-8")
        return
    files = sorted(cache.glob(case["files"]))
    assert files, case
    for f in files:
        if case["damage"] == "truncate":
            f.write_bytes(f.read_bytes()[:case["keep"]])
        elif case["damage"] == "garbage":
            f.write_bytes(os.urandom(case["size"]))
        elif case["damage"] == "text":
            f.write_text(case["text"], encoding="utf-8")
        else:
            f.write_bytes(bytes.fromhex(case["bytes"]))


@pytest.mark.parametrize("case", DAMAGES, ids=[c["name"] for c in DAMAGES])
def test_a_damaged_cache_is_made_afresh_and_the_run_plays_as_with_an_intact_one(intact, tmp_path, case):
    made, played = intact
    cache = tmp_path / "cache"
    shutil.copytree(made, cache)
    _damage(cache, case)
    before = cache.read_bytes() if cache.is_file() else None
    result = _run(cache)
    assert result.returncode == 0, result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert _played(result) == played
    said = [line for line in result.stderr.splitlines() if line.startswith("escoba-spec: ") and "seed" not in line]
    if case["says"]:
        assert len(said) == 1 and case["says"] in said[0], result.stderr
    else:
        assert said == [], result.stderr
    if before is not None:  # a file where the cache should be is left as it was
        assert cache.read_bytes() == before
        return
    again = _run(cache)  # the cache is whole again: found, nothing to say
    assert again.returncode == 0 and [line for line in again.stderr.splitlines()
                                      if line.startswith("escoba-spec: ") and "seed" not in line] == []


def test_no_folder_to_write_compiles_in_memory(intact, tmp_path):
    """The cache folder a file, and no temporary folder to be had: the kernel compiles in memory."""
    _, played = intact
    cache = tmp_path / "cache"
    cache.write_text("not a folder\n", encoding="utf-8")
    result = _run(cache, code="import tempfile\n"
                              "def _fail(*a, **k):\n    raise OSError(30, 'Read-only file system')\n"
                              "tempfile.mkdtemp = _fail")
    assert result.returncode == 0, result.stderr
    assert _played(result) == played
    assert "kernels are compiled in memory, for this run only" in result.stderr
    assert cache.read_text(encoding="utf-8") == "not a folder\n"


def test_a_cache_on_a_full_disk_is_not_compiled_into(intact, tmp_path):
    """Less than 64 MB free where the cache is (and anywhere else): nothing is compiled there,
    and the run plays in memory."""
    _, played = intact
    cache = tmp_path / "cache"
    result = _run(cache, code="import shutil, collections\n"
                              "_usage = collections.namedtuple('usage', 'total used free')\n"
                              "shutil.disk_usage = lambda path: _usage(10**9, 10**9 - 1000, 1000)")
    assert result.returncode == 0, result.stderr
    assert _played(result) == played
    assert "less than 64 MB free" in result.stderr
    assert not list(cache.glob("kernels/__pycache__/*.nbc"))  # no machine code written on the full disk


@pytest.mark.parametrize("after", [0.0, 0.8, 1.6])
def test_ctrl_c_during_a_first_compile_is_exit_130(tmp_path, after):
    """SIGINT at some moment of a first compile (counted from the kernel's file written):
    interrupted (130), or done (0) when it came too late; never an internal error (numba turned
    some interrupts into errors of its own) nor a traceback."""
    cache = tmp_path / "cache"
    env = {**os.environ, "ESCOBA_SPEC_CACHE": str(cache), "NO_COLOR": "1", "ESCOBA_SPEC_COMPILE_JOBS": "2"}
    process = subprocess.Popen([sys.executable, "-m", "escoba_spec", *COMMAND], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(cache.glob("kernels/index/*")) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=600)
    assert process.returncode in (0, 130), err
    assert "internal error" not in err and "Traceback" not in err
    if process.returncode == 130:
        assert err.strip().splitlines()[-1] == "escoba-spec: interrupted"


def test_a_ctrl_c_while_the_latch_delivers_one_again_is_delivered_too(monkeypatch):
    """A Ctrl-C that lands in a callback of numba's compiler is "unraisable": the latch delivers
    it again 10 ms later. Once, on a loaded machine, that second delivery came while the latch was
    still arranging a third (the same Ctrl-C again) and ended it with a traceback ("Exception
    ignored in sys.unraisablehook"): the test above failed. Now such an interrupt is delivered
    again too, after the arranging, and the arranging never raises."""
    import threading
    import types

    from escoba_spec.cli.main import _Latch

    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # the latch installs over Python's own only
    latch = _Latch()
    delivered: list[int] = []
    try:
        signal.signal(signal.SIGINT, lambda signum, frame: delivered.append(signum))  # the timers': counted
        start = threading.Timer.start
        came: list[threading.Timer] = []

        def start_and_come(timer):  # the first timer starts, and fires before start() returns (a loaded machine)
            start(timer)
            if not came:
                came.append(timer)
                timer.cancel()  # (it fired: here, by hand)
                latch._handle(signal.SIGINT, None)

        monkeypatch.setattr(threading.Timer, "start", start_and_come)
        try:
            latch._unraisable(types.SimpleNamespace(exc_value=KeyboardInterrupt(), exc_type=KeyboardInterrupt))
        except KeyboardInterrupt:
            pytest.fail("an interrupt ended the latch's arranging: Python prints a traceback for it")
        monkeypatch.undo()
        assert latch() and len(latch.timers) == 2  # the one that fired too soon, and one more for it
        for timer in latch.timers:
            timer.join(5)
        time.sleep(0.05)  # the handler of the last one runs
    finally:
        latch.restore()
        signal.signal(signal.SIGINT, before)
    assert delivered and set(delivered) == {signal.SIGINT}  # the interrupt came again, after the arranging
