"""Kernels on disk: written once per source into a cache folder, imported from there.

numba's `cache=True` keeps the machine code next to the source file, keyed by
the file; so each kernel's source goes to a file named by its own hash in
the user's cache (`$ESCOBA_SPEC_CACHE`, else `$XDG_CACHE_HOME/escoba-spec`,
else `~/.cache/escoba-spec`), never into the project. The first use of a
kernel compiles it (a few seconds); later uses, in any process, load it.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from ..cache import cache_root, write_atomically
from ..engine.kernel import Kernel
from ..engine.native import plain_helpers, plain_python
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
    except OSError:
        path = None
    if path is not None and path.parent == folder and path.is_file():
        return path
    source = generate_kernel(variant)
    digest = hashlib.sha256(source.encode()).hexdigest()[:16]
    path = folder / f"{module_name(variant.id)}_{digest}.py"
    if not path.exists():
        write_atomically(path, source)
    write_atomically(index, path.name + "\n")
    return path


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


def load_kernel(variant: ir.Variant, *, native: bool = True) -> Kernel:
    """Entry point: the variant's kernel, ready to play (KernelUnsupported when it cannot be had).

    `native=False`: the same source run as plain Python, compiled by nobody, for a variant
    played a few hands only (one a test makes up: a numba compile costs seconds)."""
    path = kernel_file(variant)
    kernel = _LOADED.get((path, native, variant))
    if kernel is None:
        if native:
            kernel = Kernel(import_kernel_file(path), variant, start_apart=_start_apart(path))
        else:
            kernel = Kernel(_import_plain(path), variant)
        _LOADED[(path, native, variant)] = kernel
    return kernel
