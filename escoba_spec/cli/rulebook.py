"""`escoba-spec rulebook PATH --lang LANG --format md|html|pdf|json [--out FILE] [--option ID=VALUE]`.

`json` is the rulebook for machines: its document model (title, sections, their
blocks of text, lists and tables), the same content as the other formats."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..tools.files import check_writable, write_files
from ..tools.rulebook import FORMATS, LANGS
from ..tools.text import json_text, printable
from .common import UsageError, existing, load_or_report, parse_options

CHOICES = (*FORMATS, "json")


def register(sub) -> None:
    p = sub.add_parser("rulebook", help="write the rulebook of a rule file in a language (md, html or pdf)")
    p.add_argument("path", metavar="PATH", help="a rule file (YAML)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language (default: en)")
    p.add_argument("--format", choices=CHOICES, default="md",
                   help="output format: md, html, pdf, or json (the document's sections and blocks) (default: md)")
    p.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output (required for pdf)")
    p.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..tools.rulebook import PdfUnavailable, RulebookError, render_rulebook

    (path,) = existing([args.path])
    variant = load_or_report(path, parse_options(args.option), "no rulebook written", args.format)
    if variant is None:
        return 1
    if args.format == "pdf" and not args.out:
        raise UsageError("a PDF rulebook is binary: give --out FILE")
    if args.out:
        out = Path(args.out)
        if out.is_dir():
            raise UsageError(f"--out {printable(args.out)} is a folder: give the file to write, e.g. "
                             f"{printable(str(out / (variant.id + '.' + args.lang + '.' + args.format)))}")
        problem = f"{out} is not a regular file" if out.exists() and not out.is_file() else check_writable(out.parent)
        if problem:
            raise UsageError(f"--out {printable(args.out)}: {printable(problem)}")
    try:
        result = as_json(variant, args.lang) if args.format == "json" else render_rulebook(variant, args.lang, args.format)
    except PdfUnavailable as exc:
        print(f"escoba-spec: error: {exc}", file=sys.stderr)
        return 2
    except RulebookError as exc:
        print(f"escoba-spec: error: {exc}", file=sys.stderr)
        return 1
    if args.out:
        try:  # whole or not at all: a failed write leaves the old file as it was
            write_files({out: result})
        except OSError as exc:
            raise UsageError(f"cannot write {printable(args.out)}: {exc.strerror or exc}") from exc
        print(printable(f"wrote    {out}  ({variant.id}, {args.lang}, {args.format})"), file=sys.stderr)
    else:
        sys.stdout.write(result)
    return 0


def as_json(variant, lang: str) -> str:
    """The rulebook's document model as JSON, its inline code marks taken out."""
    from dataclasses import asdict

    from ..tools.rulebook import document
    from ..tools.rulebook.render import CODE_CLOSE, CODE_OPEN

    def plain(value):
        if isinstance(value, str):
            return value.replace(CODE_OPEN, "").replace(CODE_CLOSE, "")
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return value

    return json_text({"variant": variant.id, **plain(asdict(document(variant, lang)))}, indent=2) + "\n"
