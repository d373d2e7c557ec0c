"""Compiled rule modules: where they go, their source, and loading them (from a file or from memory)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

from ..language import ir
from .codegen import generate, module_name


def module_path(out_dir: Path, variant: ir.Variant) -> Path:
    return out_dir / f"{module_name(variant.id)}.py"


def compile_to(variant: ir.Variant, out_dir: Path) -> tuple[Path, str]:
    """The module path and its source for one variant (nothing written)."""
    return module_path(out_dir, variant), generate(variant)


def load_module(path: str | os.PathLike) -> ModuleType:
    """Import a generated module from its file (a path or its text), without touching sys.path."""
    path = Path(path)
    name = f"escoba_spec_generated_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_ruleset_from_source(source: str, name: str = "compiled_variant"):
    """Execute generated source in a fresh module and return its RuleSet."""
    module = ModuleType(name)
    exec(compile(source, f"<generated {name}>", "exec"), module.__dict__)
    return module.RULES
