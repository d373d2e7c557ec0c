"""`escoba-spec build`: the main job — validate every rule file of the rules folder,
compile each into `generated/`, and write its rulebooks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..tools.text import printable
from .common import (
    UsageError,
    diagnostics_json,
    emit,
    print_json,
    print_modules,
    validate_all,
    write_modules,
)


def register(sub) -> None:
    p = sub.add_parser("build", help="validate every rule file of the rules folder, compile it into generated/ "
                                     "and write its rulebooks into docs/rulebooks/")
    p.add_argument("--rules", default="rules", help="the rules folder (default: rules)")
    p.add_argument("--out", default="generated", help="where the kernels' source goes (default: generated)")
    p.add_argument("--rulebooks", default="docs/rulebooks",
                   help="where the Markdown and HTML rulebooks go (default: docs/rulebooks)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="the report: a line a file, or one JSON object with the rule files, the modules, the "
                        "rulebooks and the diagnostics (default: text)")
    p.set_defaults(func=run)


def rule_files(root: Path) -> list[Path]:
    """Every rule file under the rules folder, house rules included, in a stable order."""
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def run(args: argparse.Namespace) -> int:
    root = Path(args.rules)
    if not root.is_dir():
        raise UsageError(f"no rules folder at {root}")
    results, diagnostics = validate_all(rule_files(root), {})
    files = [{"rule_file": str(path), "ok": variant is not None, "variant": variant.id if variant else None,
              "name": variant.name if variant else None} for path, variant in results]
    as_json = args.format == "json"

    def report(code: int, modules: list[dict], rulebooks: list[str], error: str | None = None) -> int:
        if as_json:
            print_json({"ok": code == 0, "rule_files": files, "modules": modules,
                        "rulebooks": {"folder": str(args.rulebooks), "files": rulebooks},
                        "diagnostics": diagnostics_json(diagnostics), **({"error": error} if error else {})})
        elif error:
            print(error, file=sys.stderr)
        return code

    if not as_json:
        for f in files:
            print(printable(f"{'ok' if f['ok'] else 'FAIL':8} {f['rule_file']}"
                            + (f"  {f['variant']}: {f['name']}" if f["ok"] else "")))
        if diagnostics:
            emit(diagnostics, "text")
    if any(variant is None for _, variant in results):
        return report(1, [], [], "nothing written: fix the errors above first")
    from ..tools.rulebook import RulebookError, rulebook_files

    try:  # every file made before any is written: the modules and the rulebooks land together or not at all
        books = rulebook_files(results, Path(args.rulebooks))
    except RulebookError as exc:
        return report(1, [], [], str(exc))
    code, modules = write_modules(results, Path(args.out), check=False, also=books)
    written = list(books)
    if not as_json:
        print_modules(modules, Path(args.out))
        print(f"wrote    {len(written)} rulebook files into {printable(str(args.rulebooks))}/ (Markdown and HTML, "
              f"five languages, for {len(results)} variants)")
    return report(code, modules, [str(p) for p in written])
