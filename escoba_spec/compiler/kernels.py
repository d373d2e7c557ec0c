"""Kernels on disk: written once per source into a cache folder, imported from there.

numba's `cache=True` keeps the machine code next to the source file, keyed by
the file; so each kernel's source goes to a file named by the hash of its code
(the source less its comment lines, which name the YAML lines the rules are on) in
the user's cache (`$ESCOBA_SPEC_CACHE`, else `$XDG_CACHE_HOME/escoba-spec`,
else `~/.cache/escoba-spec`), never into the project. The first use of a
kernel compiles it (a few seconds); later uses, in any process, load it.

A cache is a cache: a kernel file that does not hash to its name, or numba's
files of it that do not read as whole pickles, are dropped and made afresh; a
cache folder that cannot be written (a file, read-only, nearly full) gives
way to a temporary folder for the run, and that failing, to a compile kept in
memory. Each is said once on stderr; none ends the command.
"""

from __future__ import annotations

import atexit
import hashlib
import io
import multiprocessing
import pickletools
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from ..cache import cache_root, write_atomically
from ..engine.kernel import Kernel
from ..engine.native import compiling, plain_helpers, plain_python, uncached
from ..processes import python_command
from ..language import ir
from .codegen import module_name
from .kernel import generate_kernel
from .kernel_import import import_kernel_file


def cache_dir() -> Path:
    """Where kernels and their machine code are kept."""
    return cache_root() / "kernels"


_PACKAGE = Path(__file__).resolve().parent.parent
#: the code a kernel's source is made by (the compiler and templates, the IR, the engine's constants
#: and the version it stamps): the source is a function of the variant and these (some 8 ms to read)
_COMPILER_DIGEST = hashlib.sha256(b"".join(
    p.read_bytes() for part in ("compiler", "language", "engine") for p in sorted((_PACKAGE / part).rglob("*"))
    if p.suffix in (".py", ".j2")) + (_PACKAGE / "__init__.py").read_bytes()).digest()


def kernel_file(variant: ir.Variant, folder: Path | None = None) -> Path:
    """The kernel's source file, written if it is not there yet (atomically: a process that
    finds the file finds all of it). An index keyed by the variant (its IR, which holds every
    line of its YAML it rests on) and the compiler's code names the file, so a warm start
    does not render the source again only to hash it (a fifth of a warm load)."""
    folder = folder or cache_dir()
    index = folder / "index" / hashlib.sha256(repr(variant).encode() + _COMPILER_DIGEST).hexdigest()[:24]
    try:
        path = folder / index.read_text(encoding="utf-8").strip()
        if path.parent == folder and path.is_file() and _whole(path):
            return path
    except (OSError, ValueError):  # no index yet, or one damaged (a name with a NUL is a ValueError)
        pass
    source = generate_kernel(variant)
    digest = _code_digest(source.encode())
    path = folder / f"{module_name(variant.id)}_{digest}.py"
    damaged = path.exists() and not _whole(path)
    if damaged:  # cut short or changed: made afresh, its machine code with it
        say(f"a damaged kernel in the cache ({path.name}) is written and compiled afresh")
        _drop_compiled(path)
    if damaged or not path.exists():
        write_atomically(path, source)
    write_atomically(index, path.name + "\n")
    return path


#: what this process said of the cache, once each
_SAID: set[str] = set()


def say(text: str) -> None:
    """One line on stderr about the cache, once a process."""
    if text not in _SAID:
        _SAID.add(text)
        print(f"escoba-spec: {text}", file=sys.stderr)


def _code_digest(source: bytes) -> str:
    """What names a kernel file: the hash of its source less its whole-line comments (the rule
    file's name, the YAML line each rule comes from), the code numba compiles. An edit that only
    moves a rule file's lines (a longer description) finds the kernel its rules already have;
    the file keeps the comments of the first source written under its name."""
    code = b"".join(line for line in source.splitlines(True) if not line.lstrip().startswith(b"#"))
    return hashlib.sha256(code).hexdigest()[:16]


def _whole(path: Path) -> bool:
    """Whether a kernel file holds the code its name hashes (name_<16 hex digits>.py)."""
    try:
        return _code_digest(path.read_bytes()) == path.stem.rsplit("_", 1)[-1]
    except OSError:
        return False


def _compiled_files(path: Path) -> list[Path]:
    """numba's cache files of the kernel at `path` (its index and machine code, by function)."""
    return sorted((path.parent / "__pycache__").glob(f"{path.stem}.*.nb[ic]"))


def _drop_compiled(path: Path) -> None:
    """Remove numba's cache of the kernel at `path` (OSError when the folder cannot be written)."""
    for f in _compiled_files(path):
        f.unlink(missing_ok=True)


def _compiled_sound(path: Path) -> bool:
    """Whether each of numba's cache files of the kernel reads as whole pickles (an index is a
    version then its entries; machine code one pickle): a file cut short or overwritten is not
    (some milliseconds for a kernel; checked once a process)."""
    for f in _compiled_files(path):
        try:
            data = f.read_bytes()
            stream = io.BytesIO(data)
            if not data:
                return False
            while stream.tell() < len(data):
                for _ in pickletools.genops(stream):
                    pass
        except (OSError, ValueError, EOFError):
            return False
    return True


#: the least free room a cache folder must have to compile a kernel into (its machine code is a
#: few megabytes): below it, numba's own writes could meet a full disk
FREE_ROOM = 64 * 1024 * 1024
_CHECKED: set[Path] = set()
#: the folder kernels go to once the cache cannot be written: a temporary one for this run, or
#: None once that failed too (kernels then compile in memory)
_FALLBACK: list = []


def _ready(path: Path) -> Path:
    """The kernel file, its numba cache checked (once a process): damaged, it is dropped to be
    compiled afresh. OSError when the folder cannot take what compiling writes."""
    if path not in _CHECKED:
        if not _compiled_sound(path):
            say(f"numba's cache of a kernel ({path.stem}) is damaged: it is compiled afresh")
            _drop_compiled(path)
        if not _compiled_files(path) and shutil.disk_usage(path.parent).free < FREE_ROOM:
            raise OSError(28, "less than 64 MB free")
        _CHECKED.add(path)
    return path


def _kernel_path(variant: ir.Variant) -> Path | None:
    """Where the variant's kernel file is, in the cache or (that failing) a temporary folder for
    this run; None when neither can be written (the kernel then compiles in memory)."""
    if not _FALLBACK:
        try:
            return _ready(kernel_file(variant))
        except OSError as exc:
            reason = exc.strerror or str(exc)
            try:
                folder = Path(tempfile.mkdtemp(prefix="escoba-spec-kernels-"))
                atexit.register(shutil.rmtree, folder, ignore_errors=True)
                _FALLBACK.append(folder)
                say(f"the kernel cache {cache_dir()} cannot be written ({reason}): kernels are compiled "
                    "for this run only, in a temporary folder")
            except OSError:
                _FALLBACK.append(None)
                say(f"the kernel cache {cache_dir()} cannot be written ({reason}), nor a temporary folder: "
                    "kernels are compiled in memory, for this run only")
    folder = _FALLBACK[0]
    if folder is not None:
        try:
            return _ready(kernel_file(variant, folder))
        except OSError as exc:
            _FALLBACK[0] = None
            say(f"no folder can hold compiled kernels ({exc.strerror or exc}): kernels are compiled in memory, "
                "for this run only")
    return None


def _import_plain(path: Path):
    """The kernel file run as plain Python, numba or not: its functions undecorated, the
    helpers they call from engine.native swapped for their plain Python."""
    name = f"escoba_spec_plain_kernel_{path.stem}"
    module = sys.modules.get(name)
    if module is not None:
        return module
    module = ModuleType(name)
    module.__file__ = str(path)
    with plain_python():
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    module.__dict__.update(plain_helpers())
    sys.modules[name] = module
    return module


def _start_apart(path: Path):
    """How the kernel at `path` has stages compiled in a second process on its first compile
    (engine.stages.prepare): `python -m escoba_spec.compiler.apart FILE STAGE...`, which writes
    them into numba's cache, started isolated (processes.python_command: nothing of the current
    folder is imported)."""
    def start(names):
        return subprocess.Popen(python_command("escoba_spec.compiler.apart", str(path.resolve()), *names),
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return start


#: by file, engine and variant: two variants may share a kernel's source (a deck's names are not
#: in it) but not its Kernel, which reads and writes their cards
_LOADED: dict[tuple[Path, bool, ir.Variant], Kernel] = {}


def _uncompiled(path: Path) -> bool:
    """Whether numba will compile the kernel at `path` on its first use: none of its machine
    code is cached (seconds, once a machine)."""
    return compiling() and not _compiled_files(path)


def compile_note(variants: Sequence[ir.Variant]) -> str:
    """What to say while the first of `variants`' kernels not yet compiled compile ("" when every
    one is cached): the words of the command line's line, for the studio's jobs to show."""
    new = []
    for variant in variants:
        try:
            fresh = _uncompiled(kernel_file(variant))
        except OSError:  # no cache to look in: it compiles wherever it goes
            fresh = compiling()
        if fresh and variant.id not in new:
            new.append(variant.id)
    return _compiling_text(", ".join(new)) if new else ""


def _compiling_text(ids: str) -> str:
    return f"compiling the kernel of {ids}, once: its machine code is cached for the next runs"


def load_kernel(variant: ir.Variant, *, native: bool = True) -> Kernel:
    """Entry point: the variant's kernel, ready to play (KernelUnsupported when it cannot be had).

    `native=False`: the same source run as plain Python, compiled by nobody, for a variant
    played a few hands only (one a test makes up: a numba compile costs seconds)."""
    path = _kernel_path(variant)
    kernel = _LOADED.get((path, native, variant))
    if kernel is None:
        if path is None:  # no folder can be written: compiled in memory (plain Python needs no file)
            kernel = Kernel(_import_in_memory(generate_kernel(variant), native), variant)
        elif native:
            if _uncompiled(path) and not _SAID and multiprocessing.parent_process() is None:
                # its first compile on this machine takes a while: said (by the parent process, unless a
                # line about the cache already said why it compiles), so that a wait is not a hang
                say(_compiling_text(variant.id))
            kernel = Kernel(import_kernel_file(path), variant, start_apart=_start_apart(path))
        else:
            kernel = Kernel(_import_plain(path), variant)
        _LOADED[(path, native, variant)] = kernel
    return kernel


def _import_in_memory(source: str, native: bool):
    """A kernel's source run from memory: compiled by numba without its cache, or as plain Python."""
    name = f"escoba_spec_memory_kernel_{hashlib.sha256(source.encode()).hexdigest()[:16]}"
    module = sys.modules.get(name)
    if module is not None:
        return module
    module = ModuleType(name)
    module.__file__ = f"<{name}>"
    sys.modules[name] = module
    with (uncached() if native else plain_python()):
        exec(compile(source, module.__file__, "exec"), module.__dict__)
    if not native:
        module.__dict__.update(plain_helpers())
    return module
