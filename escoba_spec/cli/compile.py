"""`escoba-spec compile`: each rule file's kernel source, the numba module specialised for its
variant, written out (or, with --check, whether the files there are current)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import (
    USAGE_CODES,
    UsageError,
    diagnostics_json,
    emit,
    existing,
    parse_options,
    print_json,
    print_modules,
    validate_all,
    write_modules,
)


def register(sub) -> None:
    p = sub.add_parser("compile", help="compile rule files into their kernels' source (numba Python, one module a variant)")
    p.add_argument("paths", nargs="+", metavar="PATH", help="rule files (YAML)")
    p.add_argument("--out", default="generated", help="output folder (default: generated)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when a kernel file is missing or stale")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="the report: a line a module, or one JSON object with the modules and the diagnostics "
                        "(default: text)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    paths = existing(args.paths)
    results, diagnostics = validate_all(paths, parse_options(args.option))
    if any(p.code in USAGE_CODES for p in diagnostics):
        raise UsageError("; ".join(p.message for p in diagnostics if p.code in USAGE_CODES))
    failed = any(variant is None for _, variant in results)
    code, records = (1, []) if failed else write_modules(results, Path(args.out), args.check)
    if args.format == "json":
        print_json({"ok": code == 0, "check": args.check, "modules": records,
                    "diagnostics": diagnostics_json(diagnostics)})
        return code
    if diagnostics:
        emit(diagnostics, "text")
    if failed:
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    print_modules(records, Path(args.out))
    return code
