"""A kernel's stages compiled in a second process, on the kernel's first compile.

`python -m escoba_spec.compiler.apart KERNEL_FILE STAGE...` imports the kernel
file as `load_kernel` does (under the same name) and compiles the named stages
into numba's cache, from which the first process loads them
(engine.stages.prepare, which starts it, says why).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .kernel_import import import_kernel_file


def main(argv: list[str]) -> int:
    """Entry point: compile the named stages of the kernel file; 0 when all compiled, 2 for usage."""
    if len(argv) < 2:
        print("usage: python -m escoba_spec.compiler.apart KERNEL_FILE STAGE...", file=sys.stderr)
        return 2
    module = import_kernel_file(Path(argv[0]))
    for name in argv[1:]:
        getattr(module, name).pointer()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
