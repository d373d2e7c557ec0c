"""`escoba-spec diff`: the rules two variants differ in, and the first deal where play parts."""

from __future__ import annotations

import argparse
import sys

from ..tools.seats import DIFF_BOT_NAMES
from ..tools.terminal import Painter
from .common import USAGE_CODES, UsageError, existing, parse_options, rule_file_or_id
from .diagnostics import render


def register(sub) -> None:
    parser = sub.add_parser("diff", help="the rules two variants differ in, and the first deal where play parts")
    parser.add_argument("a", metavar="A", help="a rule file (YAML)")
    parser.add_argument("b", metavar="B", nargs="?",
                        help="the rule file to compare it with, or a variant's id as extends: names one (default: A "
                             "itself, with --option-b's choices)")
    parser.add_argument("--deals", type=int, default=200, help="seeded deals played under both (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="the seed the deals derive from (default: 0)")
    parser.add_argument("--bots", nargs="+", metavar="BOT",
                        help=f"one bot per seat, {' or '.join(sorted(DIFF_BOT_NAMES))} (e.g. --bots greedy random; "
                             "default: greedy at the first table both variants allow)")
    parser.add_argument("--option", action="append", metavar="ID=VALUE",
                        help="choose an option of both variants (repeatable)")
    parser.add_argument("--option-b", action="append", metavar="ID=VALUE",
                        help="choose an option of B only, over --option (repeatable): "
                             "diff rules/escoba-de-15.yaml --option-b target=31 compares 21 with 31")
    parser.add_argument("--engine", choices=("kernel", "interpreted"), default="kernel",
                        help="the engine both variants are played on (default: kernel, their numba kernels, or the "
                             "interpreter for one the kernel does not play; interpreted: the readable oracle)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every divergence is explained, 1 when one is not (or a rule file is wrong)."""
    from ..language.resolve import Resolver
    from ..language.validate import validate_file
    from ..tools.diff import diff_variants, render_text
    from ..tools.text import json_text, printable

    if args.b is None and not args.option_b:
        raise UsageError("diff needs a second rule file B, or --option-b to compare A with itself under other options")
    paths = [existing([args.a])[0]]
    paths.append(rule_file_or_id(args.b, paths[0]) if args.b else paths[0])
    both = parse_options(args.option)
    chosen = (both, {**both, **parse_options(args.option_b)})
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, not {args.deals}")
    bots = [name.strip() for item in args.bots or () for name in item.split(",") if name.strip()] or None
    for name in bots or ():
        if name not in DIFF_BOT_NAMES:
            raise UsageError(f"unknown bot '{name}' (bots: {', '.join(sorted(DIFF_BOT_NAMES))})")
    resolver = Resolver()
    variants, problems = [], []
    for path, options in zip(paths, chosen):
        variant, diags = validate_file(path, _offered(path, options, resolver), resolver=resolver)
        variants.append(variant)
        problems += [d for d in diags if d.severity == "error"]
    usage = [d for d in problems if d.code in USAGE_CODES]
    if usage:  # an option or choice the file does not offer: the command line is wrong
        raise UsageError(usage[0].message)
    if problems or None in variants:
        if args.format == "json":  # stdout stays JSON: the diagnostics, as validate --format json gives them
            sys.stdout.write(render(problems, "json") + "\n")
        else:
            print(render(problems, "text", paint=Painter(sys.stdout)))
        return 1
    from ..tools.setup import SetupError, engine_used, make_ruleset

    for variant in variants:
        if note := engine_used(variant, args.engine)[1]:
            print(printable(f"escoba-spec: {note}"), file=sys.stderr)
    try:
        rulesets = None if args.engine == "interpreted" else tuple(make_ruleset(v, args.engine) for v in variants)
        report = diff_variants(variants[0], variants[1], args.deals, args.seed, bots, rulesets=rulesets)
    except (ValueError, SetupError) as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        sys.stdout.write(json_text(report.to_json(), indent=2) + "\n")
    else:
        sys.stdout.write(printable(render_text(report)))  # names come from the rule files: no escape sequences
    return report.exit_code


def _offered(path, options: dict[str, str], resolver) -> dict[str, str] | None:
    """The options of `options` this file offers (--option names an option of both, or of either)."""
    if not options:
        return None
    from ..language.validate import validate_file

    variant, _ = validate_file(path, resolver=resolver)
    offered = {o.id for o in variant.options} if variant is not None else set(options)
    unknown = [key for key in options if key not in offered]
    if variant is not None and len(unknown) == len(options):
        raise UsageError(f"{path} has no option {', '.join(unknown)}"
                         + (f" (its options: {', '.join(sorted(offered))})" if offered else ""))
    return {k: v for k, v in options.items() if k in offered} or None
