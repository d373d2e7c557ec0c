"""`escoba-spec schema`: the rule-file JSON Schema, for editors and other tools."""

from __future__ import annotations

import argparse
import sys


def register(sub) -> None:
    p = sub.add_parser("schema", help="print the rule-file JSON Schema")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..language.schema import schema_text

    text = schema_text()
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
