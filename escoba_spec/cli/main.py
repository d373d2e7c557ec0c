"""The `escoba-spec` command: thin, it parses arguments, calls the stages, prints.

Each command is one module of this package with `register(subparsers)` and
`run(args) -> exit code`; `common.py` holds what they share.

Exit codes: 0 success, 1 a rule file (or game input) is wrong, 2 usage errors
(missing file, bad flag, unknown option, a table or bot the variant does not
allow), 3 a bug of ours, 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading

from .. import __version__
from ..processes import leave_interrupted
from ..tools.seats import SetupError
from ..tools.text import printable
from . import (
    analyze,
    build,
    compile,
    diff,
    play,
    rulebook,
    schema,
    simulate,
    studio,
    validate,
)
from .common import UsageError

#: the commands, in the order `--help` lists them
COMMANDS = (validate, schema, compile, play, diff, rulebook, simulate, analyze, build, studio)


#: two or three examples ending each command's --help
EXAMPLES = {
    "validate": ["escoba-spec validate rules/*.yaml rules/house/*.yaml",
                 "escoba-spec validate ~/my-games/quick.yaml --format json",
                 "escoba-spec validate rules/escoba-de-15.yaml --option target=31"],
    "schema": ["escoba-spec schema > variant.schema.json"],
    "compile": ["escoba-spec compile rules/*.yaml --out generated",
                "escoba-spec compile rules/*.yaml --out generated --check   # exit 1 when generated/ is stale"],
    "play": ["escoba-spec play rules/escoba-de-15.yaml --players 2 --seed 7",
             "escoba-spec play rules/cuarenta.yaml --human 0",
             "escoba-spec play rules/scopa.yaml --seed 3 --format json"],
    "diff": ["escoba-spec diff rules/escoba-de-15.yaml rules/escopa.yaml --deals 500",
             "escoba-spec diff rules/escoba-de-15.yaml --option-b target=31"],
    "rulebook": ["escoba-spec rulebook rules/scopa.yaml --lang it --format html --out scopa.it.html",
                 "escoba-spec rulebook rules/cuarenta.yaml --lang es --format md"],
    "simulate": ["escoba-spec simulate rules/escoba-de-15.yaml --games 2000 --seed 1",
                 "escoba-spec simulate rules/cirulla.yaml --games 500 --jobs 2 --out runs/cirulla",
                 "escoba-spec simulate rules/escoba-de-15.yaml --games 1000 --compare rules/escopa.yaml"],
    "analyze": ["escoba-spec analyze rules/escoba-de-15.yaml --out reports/escoba-de-15 --seed 1",
                "escoba-spec analyze rules/escopa.yaml rules/house/escopa-no-leftover-check.yaml --out reports/cmp --lang pt"],
    "studio": ["escoba-spec studio rules", "escoba-spec studio ~/my-games --port 8800 --no-browser"],
    "build": ["escoba-spec build", "escoba-spec build --rules my-rules --out my-generated --rulebooks my-books"],
}


class Parser(argparse.ArgumentParser):
    """argparse, with its usage errors printed escaped: they quote what was typed (a path,
    a value), and an escape sequence there must be shown, not obeyed by the terminal."""

    def error(self, message: str):  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {printable(message)}\n")


def make_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="escoba-spec",
        description="Declarative rule files for Escoba / Scopa fishing card games.",
    )
    parser.add_argument("--version", action="version", version=f"escoba-spec {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for command in COMMANDS:
        command.register(sub)
    for name, examples in EXAMPLES.items():
        command_parser = sub.choices[name]
        command_parser.formatter_class = argparse.RawDescriptionHelpFormatter  # the examples keep their lines
        command_parser.epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)
    return parser


def commands_text(parser: argparse.ArgumentParser) -> str:
    """What the bare command prints: the commands, one line each."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    width = max(len(choice.dest) for choice in sub._choices_actions)
    lines = ["usage: escoba-spec COMMAND [...]   (escoba-spec COMMAND --help for one command)", "", "commands:"]
    lines += [f"  {choice.dest.ljust(width)}  {choice.help}" for choice in sub._choices_actions]
    return "\n".join(lines) + "\n"


def command() -> int:
    """Entry point of the `escoba-spec` command (pyproject's [project.scripts], `python -m
    escoba_spec`): `main` in a process that is the command and nothing else, which an interrupt
    ends at once (processes.leave_interrupted)."""
    try:
        return main(own_process=True)
    except KeyboardInterrupt:  # before or after the command itself (reading its arguments)
        leave_interrupted(INTERRUPTED)


def main(argv: list[str] | None = None, *, own_process: bool = False) -> int:
    """The `escoba-spec` command, for a program to call: the exit code (130 when interrupted).

    own_process=True (`command` only): the process is the command's, and an interrupted command
    ends it there and then, exit code 130, rather than returning; a program embedding main()
    keeps the default, and is returned 130."""
    parser = make_parser()
    if not (sys.argv[1:] if argv is None else argv):
        sys.stderr.write(commands_text(parser))  # no command: what there is to run (a usage error, exit 2)
        return 2
    args = parser.parse_args(argv)
    interrupted = _Latch()
    try:
        return args.func(args)
    except (UsageError, SetupError) as exc:
        print(printable(f"escoba-spec: error: {exc}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _interrupted(own_process)
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly, never a traceback
        if interrupted():  # numba's compiler can turn a Ctrl-C it was handed into an error of its own
            return _interrupted(own_process)
        if os.environ.get("ESCOBA_SPEC_DEBUG"):
            raise
        print(f"escoba-spec: internal error: {type(exc).__name__}: {printable(str(exc))}\n"
              "  this is a bug in escoba-spec, not in your rule file; rerun with ESCOBA_SPEC_DEBUG=1 "
              "for the details and report it", file=sys.stderr)
        return 3
    finally:
        interrupted.restore()


#: what an interrupted command says last
INTERRUPTED = "escoba-spec: interrupted"


def _interrupted(leave: bool) -> int:
    """Say the command was interrupted: 130, or with `leave` (the command's own process) the
    process ends here, before Python's finalization can trip on a compile cut short."""
    if leave:
        leave_interrupted(INTERRUPTED)
    print(INTERRUPTED, file=sys.stderr)
    return 130


class _Latch:
    """Whether a Ctrl-C came during the command: Python's own handler (a KeyboardInterrupt),
    remembered. Installed only over Python's default handler, and from the main thread (a
    program embedding main() keeps its own); `restore` puts the previous one back.

    A Ctrl-C that lands in a callback of numba's compiler (llvmlite's object cache) cannot stop
    anything there: Python prints it as "Exception ignored" with a traceback, and the compile
    goes on. The latch keeps that silent and delivers the interrupt again a moment later,
    where it stops the command. An interrupt that comes while the latch arranges that (the
    one delivered again before, when a loaded machine kept this thread waiting longer than
    the delay) would end the arranging with a traceback of its own: it is arranged too."""

    def __init__(self):
        self.hit = False
        self.arranging = False  # in _unraisable, arranging for an interrupt to come again
        self.missed = False  # an interrupt came meanwhile
        self.previous = None
        self.hook = sys.unraisablehook
        self.timers: list[threading.Timer] = []
        try:
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                self.previous = signal.signal(signal.SIGINT, self._handle)
                sys.unraisablehook = self._unraisable
        except ValueError:  # not the main thread
            self.previous = None

    def _handle(self, signum, frame):
        self.hit = True
        if self.arranging:  # raised there, it would be another "Exception ignored": it comes again instead
            self.missed = True
            return
        raise KeyboardInterrupt

    def _unraisable(self, info) -> None:
        if isinstance(info.exc_value, KeyboardInterrupt):
            self.arranging = True
            try:
                self.missed = True
                while self.missed:
                    self.missed = False
                    timer = threading.Timer(0.01, signal.raise_signal, (signal.SIGINT,))
                    timer.daemon = True
                    self.timers.append(timer)
                    timer.start()
            finally:
                self.arranging = False
            return
        self.hook(info)

    def __call__(self) -> bool:
        return self.hit

    def restore(self) -> None:
        for timer in self.timers:  # the command is over: an interrupt still to deliver is not wanted
            timer.cancel()
        if self.previous is not None:
            try:
                signal.signal(signal.SIGINT, self.previous)
            except ValueError:
                pass
            sys.unraisablehook = self.hook


if __name__ == "__main__":  # pragma: no cover
    sys.exit(command())
