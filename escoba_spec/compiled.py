"""Compiled rule modules on disk: write them atomically, check they are current, load them."""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path
from types import ModuleType

from .codegen import generate, module_name
from .language import ir


def module_path(out_dir: Path, variant: ir.Variant) -> Path:
    return out_dir / f"{module_name(variant.id)}.py"


def write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file and rename it, so an interrupted run never
    leaves a half-written module."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def compile_to(variant: ir.Variant, out_dir: Path) -> tuple[Path, str]:
    """The module path and its source for one variant (nothing written)."""
    return module_path(out_dir, variant), generate(variant)


def load_module(path: Path) -> ModuleType:
    """Import a generated module from its file, without touching sys.path."""
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
