"""The command line, a thin layer over the library: one module per command.

    main.py       the parser, `main` (the command, for a program to call) and `command` (the
                  `escoba-spec` entry point: main in the command's own process)
    common.py     what the commands share: usage errors, files, options, validation
    diagnostics   diagnostics as text, JSON, GitHub annotations or SARIF
    validate, schema, compile, build, play, diff, rulebook, simulate: the commands
"""

from .main import command, main

__all__ = ["command", "main"]
