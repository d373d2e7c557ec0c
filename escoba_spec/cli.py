"""The `escoba-spec` command: thin, it parses arguments, calls the stages, prints.

Exit codes: 0 success, 1 a rule file (or game input) is wrong, 2 usage errors
(missing file, bad flag, unknown option).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .language.diagnostics import Diagnostic, has_errors
from .report import FORMATS, render

USAGE_CODES = {"unknown-option", "bad-option-choice"}


class UsageError(Exception):
    """A command line that cannot be run as written (exit code 2)."""


def _parse_options(items: list[str] | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"--option takes ID=VALUE, not '{item}'")
        key, value = item.split("=", 1)
        options[key.strip()] = value.strip()
    return options


def _existing(paths: list[str]) -> list[Path]:
    out = []
    for p in paths:
        path = Path(p)
        if not path.exists():
            raise UsageError(f"no such file: {p}")
        if path.is_dir():
            raise UsageError(f"{p} is a folder; give rule files (e.g. {p}/*.yaml)")
        out.append(path)
    return out


def load_or_report(path: Path, options: dict[str, str], nothing_done: str):
    """The variant of a rule file for a command that uses it, or None after the
    diagnostics went to stderr (the command then exits 1); an unknown option
    or option value is a usage error (exit 2)."""
    from .language.validate import validate_file
    from .report import render

    variant, problems = validate_file(path, options)
    usage = [p for p in problems if p.code in USAGE_CODES]
    if usage:
        raise UsageError("; ".join(p.message + (f" ({p.hint})" if p.hint else "") for p in usage))
    if variant is None:
        print(render(problems, "text"), file=sys.stderr)
        print(f"escoba-spec: {path} is not a valid rule file; {nothing_done}", file=sys.stderr)
    return variant


def cmd_validate(args: argparse.Namespace) -> int:
    from .language.resolve import Resolver
    from .language.validate import validate_file, validate_option_values

    paths = _existing(args.paths)
    options = _parse_options(args.option)
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
    _emit(diagnostics, args.format)
    if args.format == "text":
        errors = sum(1 for d in diagnostics if d.severity == "error")
        warnings = len(diagnostics) - errors
        if errors or warnings:
            print(f"{errors} error(s), {warnings} warning(s) in {len(paths)} file(s)", file=sys.stderr)
        else:
            print(f"{len(paths)} file(s) valid", file=sys.stderr)
    return 1 if has_errors(diagnostics) else 0


def _emit(diagnostics: list[Diagnostic], fmt: str) -> None:
    text = render(diagnostics, fmt)
    if text:
        print(text)


def cmd_schema(args: argparse.Namespace) -> int:
    from .language.schema import schema_text

    sys.stdout.write(schema_text())
    if not schema_text().endswith("\n"):
        sys.stdout.write("\n")
    return 0


def rule_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def _validate_all(paths: list[Path], options: dict[str, str]):
    """(path, variant or None) per file, and every diagnostic."""
    from .language.resolve import Resolver
    from .language.validate import validate_file

    resolver = Resolver()
    results = []
    diagnostics: list[Diagnostic] = []
    for path in paths:
        variant, problems = validate_file(path, options, resolver=resolver)
        diagnostics.extend(problems)
        results.append((path, variant))
    return results, diagnostics


def _compile(results, out_dir: Path, check: bool) -> int:
    """Generate every module; with `check`, compare instead of writing."""
    from .compiler.modules import compile_to
    from .tools.files import write_atomically

    planned = []
    seen: dict[Path, Path] = {}
    for path, variant in results:
        target, source = compile_to(variant, out_dir)
        if target in seen:
            raise UsageError(f"{path} and {seen[target]} both define the variant id '{variant.id}'")
        seen[target] = path
        planned.append((path, variant, target, source))
    if check:
        stale = []
        for path, variant, target, source in planned:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
            state = "current" if current == source else ("missing" if current is None else "stale")
            print(f"{state:8} {target}  ({path})")
            if state != "current":
                stale.append(target)
        if stale:
            print(f"{len(stale)} module(s) out of date: run escoba-spec compile ... --out {out_dir}", file=sys.stderr)
            return 1
        return 0
    for path, variant, target, source in planned:
        try:
            write_atomically(target, source)
        except OSError as exc:
            raise UsageError(f"cannot write {target}: {exc.strerror or exc}") from exc
        print(f"wrote    {target}  ({variant.id}: {variant.name})")
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    paths = _existing(args.paths)
    results, diagnostics = _validate_all(paths, _parse_options(args.option))
    if any(p.code in USAGE_CODES for p in diagnostics):
        raise UsageError("; ".join(p.message for p in diagnostics if p.code in USAGE_CODES))
    if diagnostics:
        _emit(diagnostics, "text")
    if any(variant is None for _, variant in results):
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    return _compile(results, Path(args.out), args.check)


def cmd_build(args: argparse.Namespace) -> int:
    root = Path(args.rules)
    if not root.is_dir():
        raise UsageError(f"no rules folder at {root}")
    results, diagnostics = _validate_all(rule_files(root), {})
    for path, variant in results:
        print(f"{'ok' if variant else 'FAIL':8} {path}" + (f"  {variant.id}: {variant.name}" if variant else ""))
    if diagnostics:
        _emit(diagnostics, "text")
    if any(variant is None for _, variant in results):
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    code = _compile(results, Path(args.out), check=False)
    if code:
        return code
    from .rulebook import RulebookError, write_rulebooks

    try:
        write_rulebooks(results, Path(args.rulebooks))
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="escoba-spec",
        description="Declarative rule files for Escoba / Scopa fishing card games.",
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"escoba-spec {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("validate", help="check rule files and report every error with its line and column")
    p.add_argument("paths", nargs="+", metavar="PATH", help="rule files (YAML)")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("schema", help="print the rule-file JSON Schema")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("compile", help="compile rule files into Python rule modules")
    p.add_argument("paths", nargs="+", metavar="PATH", help="rule files (YAML)")
    p.add_argument("--out", default="generated", help="output folder (default: generated)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when a module is missing or stale")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.set_defaults(func=cmd_compile)

    from .play import add_play_arguments, cmd_play

    p = sub.add_parser("play", help="play a whole match of a variant between bots (or you), narrated or as JSON")
    add_play_arguments(p)
    p.set_defaults(func=cmd_play)

    from .diff import add_diff_arguments

    p = sub.add_parser("diff", help="the rules two variants differ in, and the first deal where play parts")
    add_diff_arguments(p)

    from .rulebook.cli import add_rulebook_parser

    add_rulebook_parser(sub)

    from .simulate import add_simulate_arguments

    p = sub.add_parser("simulate", help="many bot matches of a variant: win rates, points per rule, match length")
    add_simulate_arguments(p)

    p = sub.add_parser("build", help="validate every rule file of the rules folder and compile it into generated/")
    p.add_argument("--rules", default="rules", help="the rules folder (default: rules)")
    p.add_argument("--out", default="generated", help="where compiled modules go (default: generated)")
    p.add_argument("--rulebooks", default="docs/rulebooks",
                   help="where the Markdown and HTML rulebooks go (default: docs/rulebooks)")
    p.set_defaults(func=cmd_build)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"escoba-spec: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("escoba-spec: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly, never a traceback
        if os.environ.get("ESCOBA_SPEC_DEBUG"):
            raise
        print(f"escoba-spec: internal error: {type(exc).__name__}: {exc}\n"
              "  this is a bug in escoba-spec, not in your rule file; rerun with ESCOBA_SPEC_DEBUG=1 "
              "for the details and report it", file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
