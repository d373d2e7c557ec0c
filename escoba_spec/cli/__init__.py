"""The command line, a thin layer over the library: one module per command.

    main.py       the parser and `main` (the `escoba-spec` entry point)
    common.py     what the commands share: usage errors, files, options, validation
    diagnostics   diagnostics as text, JSON, GitHub annotations or SARIF
    validate, schema, compile, build, play, diff, rulebook, simulate: the commands
"""

from .main import main

__all__ = ["main"]
