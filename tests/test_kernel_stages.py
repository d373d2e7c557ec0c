"""A kernel's stages: compiled on their own, handed to the entry points as pointers.

numba compiles a function with everything it calls linked in, and optimises and writes the
machine code of the whole again: the stages of a hand (deal, plays, scoring, the match's
decision and standing) are cfuncs instead, which the entry point calls through the pointers
`Kernel.stages` hands it, so each is compiled once (engine.stages.stage). On a kernel's
first compile the largest of them compiles in a second process meanwhile (engine.stages.prepare).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from escoba_spec.compiler.kernel_stages import EXPERT_STAGES, STAGES, stage_head
from escoba_spec.compiler.kernels import _start_apart, load_kernel
from escoba_spec.engine import native, stages
from escoba_spec.language.validate import load_variant

from .conftest import ROOT, RULES

needs_numba = pytest.mark.skipif(not native.NATIVE, reason="numba is not installed for this Python")


def test_a_stage_head_types_each_parameter_by_its_name():
    head = stage_head("decide", "scores, E, state")
    assert head == "@stage('int64(int64[::1], int64[:, ::1], int64[::1])')\ndef decide(scores, E, state):"
    assert stage_head("note_standing", "scores, eliminated, led, deficit", returns="none").startswith(
        "@stage('none(int64[::1], int64, int64[::1], int64[::1])')\n")
    assert ", nrt=True)" in stage_head("_score_hand", "piles, P", nrt=True).splitlines()[0]


def test_a_stage_head_wraps_its_parameters_under_the_parenthesis():
    params = ("deck, n, team, dealer, bots, streams, hands, piles, sweeps, captures, info, hist, work, wmask, P, E, "
              "scores, state, at, forced")
    decorator, first, second = stage_head("play_from", params).splitlines()
    assert first.endswith("P, E,") and len(first) <= 120
    assert second == " " * len("def play_from(") + "scores, state, at, forced):"


def test_a_parameter_the_stages_do_not_name_is_refused():
    with pytest.raises(KeyError, match="mystery"):
        stage_head("odd", "scores, mystery")


def test_a_stage_is_the_function_itself_when_run_as_plain_python():
    def twice(x):
        return 2 * x

    with native.plain_python():
        assert stages.stage("int64(int64)")(twice) is twice
    assert stages.pointers((twice,)) == (twice,)


@needs_numba
@pytest.mark.parametrize("name", ["escoba-de-15"])
def test_the_entry_point_is_handed_its_stages_as_function_pointers(name):
    """Each stage is a cfunc of its own signature, compiled once and then handed over as it is;
    the entry point takes them as first-class function pointers (numba's FunctionType), whose
    code numba never links into the caller's, as it does a callee's."""
    from numba.core.types import FunctionType

    kernel = load_kernel(load_variant(RULES / f"{name}.yaml"))
    module = kernel.module
    assert tuple(s.__name__ for s in module.STAGES) == STAGES
    assert tuple(s.__name__ for s in module.EXPERT_STAGES) == EXPERT_STAGES
    pointers = kernel.stages()
    assert pointers == kernel.stages()  # compiled once, the same each time after
    for stage, pointer in zip(module.STAGES, pointers):
        assert isinstance(stage, stages.Stage) and pointer is stage.pointer() and pointer.address
    kernel.play_hands(1, 3, ["random", "greedy"])
    (signature,) = module.play.signatures
    handed = signature[-len(STAGES):]
    assert all(isinstance(t, FunctionType) for t in handed), handed
    assert [str(t.signature) for t in handed] == [str(p._sig) for p in pointers]


@needs_numba
@pytest.mark.parametrize("name", ["escoba-de-15"])
def test_a_step_function_scores_a_hand_through_the_same_stage(name):
    kernel = load_kernel(load_variant(RULES / f"{name}.yaml"))
    P = np.zeros((2, len(kernel.points_rules)), dtype=np.int64)
    E = np.zeros((2, 1), dtype=np.int64)
    everything = (1 << kernel.cards.size) - 1
    kernel.module.score_hand(np.array([everything, 0], dtype=np.int64), np.zeros(2, dtype=np.int64),
                             np.ones(2, dtype=np.int64), P, E, np.zeros(2, dtype=np.int64), kernel.carry_array(), 0, 1,
                             kernel.stage("_score_hand"))
    assert P[0].sum() > 0 and P[1].sum() == 0


#: a kernel in small: two stages, the first the larger, and an entry point handed pointers to them
TOY = textwrap.dedent('''
    import numpy as np
    from escoba_spec.engine.native import njit
    from escoba_spec.engine.stages import stage

    @stage("int64(int64[::1], int64)")
    def big(a, k):
        total = 0
        for i in range(a.shape[0]):
            total += a[i] * k
            if total > 1000:
                total -= 1000
        return total

    @stage("int64(int64[::1], int64)")
    def small(a, k):
        return a[0] + k

    @njit(cache=True)
    def entry(k, a, big, small):
        return big(a, k) + small(a, k)

    STAGES = (big, small)
''')


def _toy(tmp_path, name="toy"):
    """The toy kernel written into tmp_path and imported (under a name of its own: a kernel's module
    stays in sys.modules by its file's name)."""
    from escoba_spec.compiler.kernel_import import import_kernel_file

    path = tmp_path / f"{name}_{tmp_path.name}.py"
    path.write_text(TOY, encoding="utf-8")
    return path, import_kernel_file(path)


def _recording(start):
    """start_apart, recording what it was asked and the process it started."""
    calls = []

    def record(names):
        process = start(names)
        calls.append((list(names), process))
        return process
    return record, calls


@needs_numba
def test_a_first_compile_gives_the_largest_stage_to_a_second_process(tmp_path, monkeypatch):
    monkeypatch.setenv("ESCOBA_SPEC_COMPILE_JOBS", "2")
    path, module = _toy(tmp_path)
    a = np.arange(5, dtype=np.int64)
    start, calls = _recording(_start_apart(path))
    pointers = stages.prepare(module.entry, (3, a), module.STAGES, start)
    ((names, process),) = calls
    assert names == ["big"] and process.returncode == 0
    assert module.big.pointer().cache_hits == 1  # loaded from the cache the second process wrote
    assert module.small.pointer().cache_hits == 0  # compiled here meanwhile, with the entry point
    assert len(module.entry.overloads) == 1
    assert module.entry(3, a, *pointers) == 30 + 3


@needs_numba
def test_a_warm_start_or_a_single_core_starts_no_second_process(tmp_path, monkeypatch):
    path, module = _toy(tmp_path)
    a = np.arange(5, dtype=np.int64)
    monkeypatch.setenv("ESCOBA_SPEC_COMPILE_JOBS", "1")
    start, calls = _recording(_start_apart(path))
    stages.prepare(module.entry, (3, a), module.STAGES, start)
    assert calls == [] and not module.big.pointer().cache_hits
    monkeypatch.setenv("ESCOBA_SPEC_COMPILE_JOBS", "2")  # the stages cached now, in a fresh interpreter
    child = textwrap.dedent(f'''
        import json, numpy as np
        from pathlib import Path
        from escoba_spec.compiler.kernel_import import import_kernel_file
        from escoba_spec.engine.stages import prepare
        module = import_kernel_file(Path({str(path)!r}))
        asked = []
        pointers = prepare(module.entry, (3, np.arange(5)), module.STAGES, lambda names: asked.append(names))
        print(json.dumps({{"asked": asked, "hits": [p.cache_hits for p in pointers]}}))
    ''')
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"asked": [], "hits": [1, 1]}


@needs_numba
def test_a_second_process_that_fails_or_cannot_start_leaves_the_stage_to_this_one(tmp_path, monkeypatch):
    monkeypatch.setenv("ESCOBA_SPEC_COMPILE_JOBS", "2")
    a = np.arange(5, dtype=np.int64)
    path, module = _toy(tmp_path, "failing")
    failing = _start_apart(path.with_name("no_such_kernel.py"))  # the second process exits with an error
    start, calls = _recording(failing)
    pointers = stages.prepare(module.entry, (3, a), module.STAGES, start)
    ((names, process),) = calls
    assert names == ["big"] and process.returncode != 0
    assert module.big.pointer().cache_hits == 0 and module.entry(3, a, *pointers) == 33

    def cannot(names):
        raise OSError("no processes here")

    path, module = _toy(tmp_path, "cannot")
    pointers = stages.prepare(module.entry, (3, a), module.STAGES, cannot)
    assert module.entry(3, a, *pointers) == 33


@needs_numba
def test_an_error_in_this_process_stops_the_second_one(tmp_path, monkeypatch):
    """The entry point cannot compile for these arguments: the error is the caller's, at once, and
    the second process (here one that would sleep a minute) is stopped, not waited for."""
    from numba.core.errors import TypingError

    monkeypatch.setenv("ESCOBA_SPEC_COMPILE_JOBS", "2")
    path, module = _toy(tmp_path)
    started = []

    def sleeper(names):
        started.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]))
        return started[-1]

    with pytest.raises((TypingError, ValueError)):  # numba's word for a pointer's argument of the wrong type
        stages.prepare(module.entry, (3, "not an array"), module.STAGES, sleeper)
    assert started[0].returncode is not None and started[0].returncode != 0


@needs_numba
def test_a_ctrl_c_while_waiting_for_the_second_process_stops_it(tmp_path, monkeypatch):
    """This process's part compiled, a Ctrl-C while it waits for the second one: that one is
    stopped too, not left behind compiling (the command exits, and a terminal's Ctrl-C may have
    reached only this process)."""
    monkeypatch.setenv("ESCOBA_SPEC_COMPILE_JOBS", "2")
    path, module = _toy(tmp_path)
    started = []

    class Interrupted(subprocess.Popen):
        def wait(self, timeout=None):
            if timeout is not None:  # prepare's wait for the second process: Ctrl-C comes then
                raise KeyboardInterrupt
            return super().wait()

    def sleeper(names):
        started.append(Interrupted([sys.executable, "-c", "import time; time.sleep(60)"]))
        return started[-1]

    with pytest.raises(KeyboardInterrupt):
        stages.prepare(module.entry, (3, np.arange(5, dtype=np.int64)), module.STAGES, sleeper)
    assert started[0].returncode is not None and started[0].returncode != 0


@needs_numba
def test_the_second_process_is_told_its_usage():
    out = subprocess.run([sys.executable, "-m", "escoba_spec.compiler.apart"], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 2 and "usage: python -m escoba_spec.compiler.apart KERNEL_FILE STAGE" in out.stderr


@needs_numba
def test_a_shipped_kernel_compiled_in_two_processes_plays_as_one_compiled_in_one(tmp_path):
    """Escoba de 15 compiled for the first time with two processes (a fresh kernel cache), then
    the same hands as its source run as plain Python: the same points, play by play."""
    child = textwrap.dedent('''
        import json
        from escoba_spec.compiler import kernels
        from escoba_spec.language.validate import load_variant
        variant = load_variant("rules/escoba-de-15.yaml")
        kernel = kernels.load_kernel(variant)
        asked = []
        start = kernel._start_apart
        def record(names):
            process = start(names)
            asked.append(names)
            return process
        kernel._start_apart = record
        native = kernel.play_hands(7, 300, ["random", "greedy"])
        hits = [p.cache_hits for p in kernel.stages()]
        plain = kernels.load_kernel(variant, native=False).play_hands(7, 300, ["random", "greedy"])
        print(json.dumps({"asked": asked, "hits": hits, "same": native == plain}))
    ''')
    env = {**os.environ, "ESCOBA_SPEC_CACHE": str(tmp_path), "ESCOBA_SPEC_COMPILE_JOBS": "2"}
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=300, cwd=ROOT,
                         env=env)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["asked"] == [["play_from"]] and found["same"]
    assert found["hits"] == [1 if name == "play_from" else 0 for name in STAGES]
