"""`escoba-spec validate`: every diagnostic of the rule files, each option value checked too."""

from __future__ import annotations

import argparse
import sys

from ..language.diagnostics import Diagnostic, has_errors
from ..tools.text import counted
from .common import USAGE_CODES, emit, existing, parse_options
from .diagnostics import FORMATS


def register(sub) -> None:
    p = sub.add_parser("validate", help="check rule files and report every error with its line and column")
    p.add_argument("paths", nargs="+", metavar="PATH", help="rule files (YAML)")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..language.resolve import Resolver
    from ..language.validate import validate_file, validate_option_values

    paths = existing(args.paths)
    options = parse_options(args.option)
    resolver = Resolver()
    diagnostics: list[Diagnostic] = []
    usage: list[Diagnostic] = []
    for path in paths:
        variant, problems = validate_file(path, options, resolver=resolver)
        if variant is not None:  # the file is sound as given: check the other option values too
            problems += validate_option_values(path, variant, problems, options, resolver=resolver)
        usage.extend(p for p in problems if p.code in USAGE_CODES)
        diagnostics.extend(p for p in problems if p.code not in USAGE_CODES)
    if usage:
        for p in usage:
            print(f"escoba-spec: error: {p.message}" + (f" ({p.hint})" if p.hint else ""), file=sys.stderr)
        return 2
    emit(diagnostics, args.format)
    if args.format == "text":
        errors = sum(1 for d in diagnostics if d.severity == "error")
        warnings = len(diagnostics) - errors
        if errors or warnings:
            print(f"{counted(errors, 'error')}, {counted(warnings, 'warning')} in {counted(len(paths), 'file')}",
                  file=sys.stderr)
        else:
            print(f"{counted(len(paths), 'file')} valid", file=sys.stderr)
    return 1 if has_errors(diagnostics) else 0
