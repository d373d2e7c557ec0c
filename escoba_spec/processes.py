"""The Python processes escoba-spec starts: none of them imports a module from the folder it runs in.

A rule file downloaded into a folder may lie beside a `numpy.py`, an
`escoba_spec/` folder or a `sitecustomize.py`. Python puts the current folder
first on the module path of `python -m` and `python -c`, so a child started
that way would import them and run their code with the user's rights. Hence:

- a child interpreter (`python_command`: the second process of a kernel's first
  compile) starts isolated, `python -I` (no current folder, no user site, no
  PYTHON* variables), and is handed this process's own module path with the
  current folder taken out (`trusted_path`), so it imports the very packages
  this process imports, from the same places;
- a process pool (`process_pool`: simulate's and analyze's `--jobs`) whose
  workers are fresh interpreters (the spawn and forkserver start methods) starts
  them with PYTHONSAFEPATH=1, so their `-c` bootstrap puts no current folder on
  the path before they take this process's path (multiprocessing hands it over);
  forked workers start no interpreter at all;
- `python -m escoba_spec` takes the current folder off its own path before it
  imports anything else (`escoba_spec.__main__`). Python itself has imported
  the `escoba_spec` package by then, from the current folder if one lies there:
  only the `escoba-spec` command (or `python -P -m escoba_spec`) avoids that.

And the command's own process, interrupted, ends at once (`leave_interrupted`), the workers of
a process pool it started ended first.
"""

# Only `os` and `sys` here, both loaded before any module of the package: `python -m escoba_spec`
# imports this module while the current folder is still first on the path, so a module this one
# imported at its top could come from there (no `from __future__` either: __future__ is a module).
import os
import sys

#: the folder the escoba_spec package was imported from (a child imports it from there, and only it)
_PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def _is_current_folder(entry: str, cwd: str) -> bool:
    if entry in ("", "."):
        return True
    try:
        return os.path.realpath(entry) == cwd
    except (OSError, ValueError):
        return False


def trusted_path() -> list[str]:
    """This process's module path without the current folder ('' or the folder itself)."""
    try:
        cwd = os.path.realpath(os.getcwd())
    except OSError:  # the current folder was deleted: nothing can be imported from it
        cwd = ""
    return [entry for entry in sys.path if not _is_current_folder(entry, cwd)]


def drop_current_folder() -> None:
    """Take the current folder off this process's module path (what `python -m` put first)."""
    sys.path[:] = trusted_path()


_BOOT = ("import sys; sys.path[:] = {first!r}; import escoba_spec; sys.path[:] = {path!r}; "
         "import runpy; runpy.run_module({module!r}, run_name='__main__', alter_sys=True)")


def python_command(module: str, *args: str) -> list[str]:
    """The command line of `python -m module args...` run isolated: `python -I -c BOOT args...`,
    where BOOT imports escoba_spec from the folder this process imported it from, sets the module
    path to this process's trusted path and runs `module` as __main__ (sys.argv[1:] is `args`)."""
    if not module.replace(".", "").replace("_", "").isalnum():
        raise ValueError(f"not a module name: {module!r}")
    path = trusted_path()
    boot = _BOOT.format(first=[_PACKAGE_PARENT, *path], path=path, module=module)
    return [sys.executable, "-I", "-c", boot, *args]


def process_pool(jobs: int, method: str | None = None) -> "concurrent.futures.ProcessPoolExecutor":  # noqa: F821
    """A pool of `jobs` worker processes (multiprocessing's `method`, else the platform's default).
    Workers that start a fresh interpreter get PYTHONSAFEPATH=1 in the environment (set once in
    this process's, where every Python it starts sees it: that only ever keeps the current folder
    off their path)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(method)
    if context.get_start_method() != "fork":
        os.environ["PYTHONSAFEPATH"] = "1"
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context)


def leave_interrupted(message: str) -> "typing.NoReturn":  # noqa: F821
    """Print `message` (that the command was interrupted) on stderr and end the process at once,
    exit code 130.

    A Ctrl-C can land in the middle of numba's compile (LLVM's, which numba can also turn into
    an error of its own): Python's finalization, freeing that half-built state and running its
    exit handlers, then went wrong now and then: a SIGSEGV after "escoba-spec: interrupted" (in CI),
    or an "Exception ignored" traceback of llvmlite's ObjectRef.__del__ for an object half made.
    `os._exit` skips the finalization: what the command printed is flushed first, and the worker
    processes it started (a process pool's, which the exit handlers would have stopped) are ended.
    A kernel's second compile process is ended where it was started (engine.stages.prepare).
    From the message on, a further Ctrl-C (or one still to be delivered) is ignored.

    Only for a process that is the command (cli.main.command, `python -m escoba_spec`): a program
    embedding cli.main() is returned 130 and goes on."""
    import signal  # (the module path is trusted by now: `python -m escoba_spec` took the current folder off)

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass
    try:
        print(message, file=sys.stderr)
    except Exception:  # a closed pipe, a closed stream: nothing more can be said
        pass
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is not None:  # only if something imported it: a pool may be running
        try:
            children = multiprocessing.active_children()
            for child in children:
                child.terminate()
            for child in children:
                child.join(1)
        except Exception:  # leaving regardless
            pass
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except Exception:
            pass
    os._exit(130)
