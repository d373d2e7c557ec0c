"""`escoba-spec diff`: the rules two variants differ in, and the first deal where play parts."""

from __future__ import annotations

import argparse
import sys

from ..tools.diff import BOTS
from .common import UsageError, existing
from .diagnostics import render


def register(sub) -> None:
    parser = sub.add_parser("diff", help="the rules two variants differ in, and the first deal where play parts")
    parser.add_argument("a", metavar="A", help="a rule file (YAML)")
    parser.add_argument("b", metavar="B", help="the rule file to compare it with")
    parser.add_argument("--deals", type=int, default=200, help="seeded deals played under both (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="the seed the deals derive from (default: 0)")
    parser.add_argument("--bots", nargs="+", metavar="BOT",
                        help=f"one bot per seat, {' or '.join(sorted(BOTS))} (e.g. --bots greedy random; "
                             "default: greedy at the first table both variants allow)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every divergence is explained, 1 when one is not (or a rule file is wrong)."""
    from ..language.resolve import Resolver
    from ..language.validate import validate_file
    from ..tools.diff import diff_variants, render_text
    from ..tools.text import json_text, printable

    paths = existing([args.a, args.b])
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, not {args.deals}")
    bots = [name.strip() for item in args.bots or () for name in item.split(",") if name.strip()] or None
    for name in bots or ():
        if name not in BOTS:
            raise UsageError(f"unknown bot '{name}' (bots: {', '.join(sorted(BOTS))})")
    resolver = Resolver()
    variants, problems = [], []
    for path in paths:
        variant, diags = validate_file(path, resolver=resolver)
        variants.append(variant)
        problems += [d for d in diags if d.severity == "error"]
    if problems or None in variants:
        print(render(problems, "text"))
        return 1
    try:
        report = diff_variants(variants[0], variants[1], args.deals, args.seed, bots)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        sys.stdout.write(json_text(report.to_json(), indent=2) + "\n")
    else:
        sys.stdout.write(printable(render_text(report)))  # names come from the rule files: no escape sequences
    return report.exit_code
