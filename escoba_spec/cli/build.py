"""`escoba-spec build`: the main job — validate every rule file of the rules folder,
compile each into `generated/`, and write its rulebooks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import UsageError, emit, validate_all, write_modules


def register(sub) -> None:
    p = sub.add_parser("build", help="validate every rule file of the rules folder, compile it into generated/ "
                                     "and write its rulebooks into docs/rulebooks/")
    p.add_argument("--rules", default="rules", help="the rules folder (default: rules)")
    p.add_argument("--out", default="generated", help="where compiled modules go (default: generated)")
    p.add_argument("--rulebooks", default="docs/rulebooks",
                   help="where the Markdown and HTML rulebooks go (default: docs/rulebooks)")
    p.set_defaults(func=run)


def rule_files(root: Path) -> list[Path]:
    """Every rule file under the rules folder, house rules included, in a stable order."""
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def run(args: argparse.Namespace) -> int:
    root = Path(args.rules)
    if not root.is_dir():
        raise UsageError(f"no rules folder at {root}")
    results, diagnostics = validate_all(rule_files(root), {})
    for path, variant in results:
        print(f"{'ok' if variant else 'FAIL':8} {path}" + (f"  {variant.id}: {variant.name}" if variant else ""))
    if diagnostics:
        emit(diagnostics, "text")
    if any(variant is None for _, variant in results):
        print("nothing written: fix the errors above first", file=sys.stderr)
        return 1
    code = write_modules(results, Path(args.out), check=False)
    if code:
        return code
    from ..tools.rulebook import RulebookError, write_rulebooks

    try:
        written = write_rulebooks(results, Path(args.rulebooks))
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"wrote    {len(written)} rulebook files into {args.rulebooks}/ (Markdown and HTML, five languages, "
          f"for {len(results)} variants)")
    return 0
