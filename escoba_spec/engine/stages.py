"""The stages of a kernel's hand: compiled one by one, called through function pointers.

A stage (the deal, the plays, the scoring, the match's decision and standing:
the kernel's STAGES) is decorated with `stage`. Where numba compiles, it is a
`Stage`: numba's cfunc of the function, compiled on first use and kept in
numba's cache like the rest of the kernel, and the entry points are handed
pointers to the stages (`pointers`) rather than calling them.

Why: numba compiles a function together with everything it calls, linking the
callees' code into the caller's library, and optimises and writes the machine
code of the whole again; the hand's plays were so optimised and written out
twice on a kernel's first use, and a bot inside them three times. Through a
pointer each stage is compiled once, and a stage runs once a hand (or a
playout of the expert's), so the indirect call costs nothing measurable.

Independent of each other and of the entry point, the stages can also be
compiled at the same time: `prepare` gives the largest to a second process on
a kernel's first compile (`start_apart`, which the compiler supplies), and
compiles the others and the entry point meanwhile.
"""

from __future__ import annotations

import os
import subprocess
import threading
from typing import Callable, Sequence

from .native import caching, compiling

#: a function that starts a second process compiling the named stages of a kernel (None: it could not)
StartApart = Callable[[Sequence[str]], "subprocess.Popen | None"]

#: the longest a first compile waits for the second process before compiling that stage itself
APART_TIMEOUT_S = 300


class Stage:
    """A stage of a kernel's hand that an entry point calls through a function pointer: numba's
    cfunc of `function` for `signature` (numba's, a string: "int64(int64[::1], ...)"), compiled
    on first use (`pointer`). The callers pass exactly those types (C-contiguous int64 arrays,
    int64 numbers)."""

    def __init__(self, function, signature: str, nrt: bool, cache: bool = True):
        self.py_func = function
        self.cache = cache  # numba keeps its machine code on disk (not for a kernel compiled uncached)
        self.__name__ = function.__name__
        self.__doc__ = function.__doc__
        self.signature = signature
        self.nrt = nrt
        self._cfunc = None
        self._lock = threading.Lock()

    def pointer(self):
        """The compiled stage (numba's CFunc, loaded from numba's cache when it is there), which
        compiled code calls through its address."""
        with self._lock:
            if self._cfunc is None:
                import numba

                self._cfunc = numba.cfunc(self.signature, cache=self.cache, error_model="numpy",
                                          _nrt=self.nrt)(self.py_func)
            return self._cfunc

    @property
    def compiled(self) -> bool:
        """Whether this process has the stage's machine code already."""
        return self._cfunc is not None

    def cached(self) -> bool:
        """Whether numba's cache holds the stage's machine code (asked as a cfunc does, by its
        function and signature), so that `pointer` would load rather than compile it."""
        if not self.cache:
            return False
        from numba.core.caching import FunctionCache
        from numba.core.registry import cpu_target

        return FunctionCache(self.py_func).load_overload(self._typed(), cpu_target.target_context) is not None

    def function_type(self):
        """numba's type of a pointer to the stage, as an entry point is compiled for it."""
        from numba.core import types

        return types.FunctionType(self._typed())

    def _typed(self):
        """The signature as numba's typed Signature (what a cfunc keys its cache by)."""
        from numba.core import sigutils
        from numba.core.typing import signature

        args, returns = sigutils.normalize_signature(self.signature)
        return signature(returns, *args)

    def __repr__(self):
        return f"<kernel stage {self.__name__}: {self.signature}>"


def stage(signature: str, *, nrt: bool = False):
    """Decorate a stage of a kernel's hand (`Stage`): where numba compiles, the function becomes
    a Stage the entry point is handed a pointer to (`pointers`); without numba, or in
    native.plain_python(), it stays the function itself, and the entry point is handed that.
    nrt=True: the stage makes arrays, and numba's runtime frees them (see native.njit)."""
    def decorate(function):
        return Stage(function, signature, nrt, caching()) if compiling() else function
    return decorate


def pointers(stages: Sequence) -> tuple:
    """What an entry point is handed for each of `stages`: a Stage's compiled pointer, a plain
    function (a kernel run as plain Python) as it is."""
    return tuple(s.pointer() if isinstance(s, Stage) else s for s in stages)


def compile_jobs() -> int:
    """How many processes a kernel's first compile may use: $ESCOBA_SPEC_COMPILE_JOBS, else the
    cores this process may run on."""
    text = os.environ.get("ESCOBA_SPEC_COMPILE_JOBS", "").strip()
    if text.isdigit() and int(text) >= 1:
        return int(text)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def prepare(entry, args: Sequence, stages: Sequence, start_apart: StartApart | None) -> tuple:
    """The stages' pointers for a call of the entry point `entry` with `args` (the stages' pointers
    to follow), compiling what is not compiled yet.

    On a kernel's first compile, with a second core and `start_apart`: the largest stage (the most
    bytecode: the hand's plays) compiles in a second process while this one compiles the other
    stages and the entry point (for `args` and the stages' types), then loads that stage from the
    cache the other process wrote. Escoba de 15's first compile takes some two thirds of the time
    it takes in one process. If the second process cannot start or fails, the stage compiles here."""
    native = [s for s in stages if isinstance(s, Stage)]
    if not native or start_apart is None or compile_jobs() < 2:
        return pointers(stages)
    largest = max(native, key=lambda s: len(s.py_func.__code__.co_code))
    if largest.compiled or largest.cached():
        return pointers(stages)
    try:
        process = start_apart([largest.__name__])
    except OSError:
        process = None
    if process is None:
        return pointers(stages)
    try:
        for s in native:
            if s is not largest:
                s.pointer()
        from numba import typeof

        entry.compile(tuple(typeof(a) for a in args) + tuple(s.function_type() for s in stages))
        process.wait(timeout=APART_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    except BaseException:  # an error here, or Ctrl-C (waiting for it too): the second process's work is not wanted
        process.kill()
        process.wait()
        raise
    return pointers(stages)
