"""`escoba-spec compile`: one specialised Python module per rule file (or, with --check, whether they are current)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import (
    USAGE_CODES,
    UsageError,
    emit,
    existing,
    parse_options,
    validate_all,
    write_modules,
)


def register(sub) -> None:
    p = sub.add_parser("compile", help="compile rule files into Python rule modules")
    p.add_argument("paths", nargs="+", metavar="PATH", help="rule files (YAML)")
    p.add_argument("--out", default="generated", help="output folder (default: generated)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when a module is missing or stale")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    paths = existing(args.paths)
    results, diagnostics = validate_all(paths, parse_options(args.option))
    if any(p.code in USAGE_CODES for p in diagnostics):
        raise UsageError("; ".join(p.message for p in diagnostics if p.code in USAGE_CODES))
    if diagnostics:
        emit(diagnostics, "text")
    if any(variant is None for _, variant in results):
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    return write_modules(results, Path(args.out), args.check)
