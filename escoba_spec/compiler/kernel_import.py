"""A kernel file imported by its path, under a name of its own.

Apart from `kernels` (which writes the files and makes their Kernel) so that the second
process of a kernel's first compile (`apart`) imports only this, numba and the kernel.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def import_kernel_file(path: Path):
    """Import a kernel file under a name of its own, registered in sys.modules: numba's cache
    finds a function's module again by that name when it loads the machine code (so a second
    process compiling the kernel's stages, compiler.apart, imports it by this same name)."""
    name = f"escoba_spec_kernel_{path.stem}"
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
