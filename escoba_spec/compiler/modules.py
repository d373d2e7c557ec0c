"""What `compile` and `build` write: each variant's kernel source, at `<out>/<id>.py`.

The same source `compiler.kernels` keeps in the user's cache and numba compiles on first
use: written out, it is the compiler's output to read, diff and check in (`compile
--check` says whether it is current). Nothing is compiled to machine code here.
"""

from __future__ import annotations

from pathlib import Path

from ..language import ir
from .codegen import module_name
from .kernel import KernelUnsupported, generate_kernel


def module_path(out_dir: Path, variant: ir.Variant) -> Path:
    return out_dir / f"{module_name(variant.id)}.py"


def compile_to(variant: ir.Variant, out_dir: Path) -> tuple[Path, str | None, str | None]:
    """Entry point: the kernel file's path and source for one variant (nothing written); the
    source None, and why, when the kernel does not play the variant (the interpreter does)."""
    target = module_path(out_dir, variant)
    try:
        return target, generate_kernel(variant), None
    except KernelUnsupported as exc:
        return target, None, str(exc)
