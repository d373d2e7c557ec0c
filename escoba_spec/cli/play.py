"""`escoba-spec play`: a whole match of a variant between bots (or you), narrated or as JSON."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..engine.names import DEFAULT_BUDGET
from ..tools.seats import BOT_NAMES, ENGINES
from ..tools.text import printable
from .common import UsageError, chosen_seed, existing, load_or_report, parse_options


def register(sub) -> None:
    parser = sub.add_parser("play", help="play a whole match of a variant between bots (or you), narrated or as JSON")
    parser.add_argument("path", metavar="PATH", help="the rule file (YAML)")
    parser.add_argument("--players", type=int, metavar="N",
                        help="number of seats (default: the variant's first table, as simulate does)")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="seed of the deals and the bots (default: one chosen at random and printed on stderr, "
                             "so the run can be repeated)")
    parser.add_argument("--team-size", type=int, metavar="T",
                        help="players per side (default: the one the variant's layout gives for N players)")
    parser.add_argument("--bots", default="greedy", metavar="NAME[,NAME...]",
                        help=f"bot per seat ({', '.join(BOT_NAMES)}); one name plays every seat (default: greedy); "
                             f"expert:N gives the expert N playouts a decision (default {DEFAULT_BUDGET}). "
                             "With --human, list every seat or every seat but the human's")
    parser.add_argument("--human", type=int, metavar="SEAT", help="play this seat yourself at the terminal")
    parser.add_argument("--option", action="append", metavar="ID=VALUE", help="choose a variant option (repeatable)")
    parser.add_argument("--engine", choices=ENGINES, default="kernel",
                        help="the variant's kernel (default; compiled on first use, then cached) or the "
                             "interpreter walking the IR")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text narrates the match, json prints one object (default: text)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run `escoba-spec play`; a table or bots that cannot be had are usage errors (exit 2)."""
    from ..engine import EngineError, MatchTooLong
    from ..tools.play import HumanSeat, MatchRunner, Quit, to_json
    from ..tools.setup import engine_used, make_setup

    if args.human is not None and args.format == "json":
        raise UsageError("--human plays at the terminal and cannot be combined with --format json")
    path = existing([args.path])[0]
    options = parse_options(args.option)
    variant = load_or_report(path, options, "nothing played", args.format)
    if variant is None:
        return 1
    players = args.players if args.players is not None else variant.players.layouts[0].players
    if note := engine_used(variant, args.engine)[1]:
        print(printable(f"escoba-spec: {note}"), file=sys.stderr)
    setup = make_setup(
        variant, players=players, seed=chosen_seed(args.seed), team_size=args.team_size,
        bots=args.bots, human=args.human, engine=args.engine,
    )
    out = sys.stdout
    try:
        if args.format == "json":
            record = MatchRunner(setup).run()
            out.write(to_json(record) + "\n")
            return 0
        say = _printer(out)
        human = HumanSeat(setup.human, sys.stdin, out) if setup.human is not None else None
        MatchRunner(setup, say=say, human=human).run()
    except Quit as exc:
        out.flush()
        print(f"escoba-spec: {exc}", file=sys.stderr)
        return exc.code
    except MatchTooLong as exc:  # the rule file's match cannot end (or not within the limit): said, exit 1
        out.flush()
        print(printable(f"escoba-spec: the match could not be finished: {exc}; the rule file's scoring may never "
                        "let one side win (escoba-spec validate says what it can prove)"), file=sys.stderr)
        return 1
    except EngineError as exc:  # a deal redealt 1000 times in a row, a stock that cannot fill a round: said, exit 1
        out.flush()
        print(printable(f"escoba-spec: the match could not be played: {exc}"), file=sys.stderr)
        return 1
    return 0


def _printer(out: TextIO):
    def say(line: str = "") -> None:
        out.write(printable(line) + "\n")  # names come from the rule file: no escape sequence reaches the terminal

    return say
