"""Diagnostics: the one shape every error of every stage takes.

A stage never raises on bad input; it returns (or collects) Diagnostics that
point at `file:line:col` and carry a stable code and a hint. `DiagnosticError`
exists only to stop a stage early when nothing after it can make sense.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Iterable, Literal

Severity = Literal["error", "warning"]


#: the diagnostics of an option, or a choice, the file does not offer: the mistake of whoever
#: chose it (a command line, exit 2; a request to the studio, 400), not of the file
CHOICE_CODES = frozenset({"unknown-option", "bad-option-choice"})


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int  # 1-based; 0 when the whole file is meant
    column: int  # 1-based; 0 when the whole file is meant
    code: str
    message: str
    hint: str = ""
    path: str = ""  # JSON path inside the document, e.g. "scoring.rules[2].award"
    severity: Severity = "error"

    def format(self) -> str:
        """`file:line:col: error[CODE]: message`, then the hint on its own line."""
        text = f"{shown_name(self.file)}:{self.line}:{self.column}: {self.severity}[{self.code}]: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text

    def to_json(self) -> dict:
        return {**asdict(self), "file": shown_name(self.file)}


def shown_name(name: str) -> str:
    """A file name as a location shows it: a control character (a newline would split the
    `file:line:col` line) as its escape, and a byte of the name that is not UTF-8 (which Python
    keeps as a lone surrogate, and no UTF-8 output can carry) as \\xNN."""
    if name.isprintable():
        return name
    out = []
    for ch in name:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


class DiagnosticError(Exception):
    """Raised to abandon a stage; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("; ".join(d.format() for d in self.diagnostics))


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def said_once(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics with each mistake said once: a node a YAML alias reuses (`sources:
    *card-points`) is checked at every place it is used, but is written, and mended, at one
    place, so the same error there under other list indices is dropped."""
    seen: set[tuple] = set()
    out = []
    for d in diagnostics:
        key = (d.file, d.line, d.column, d.code, d.severity, _INDEX.sub("[]", d.message), d.hint)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


_INDEX = re.compile(r"\[\d+\]")


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """A hint naming the closest candidate, or an empty string."""
    import difflib

    options = sorted(set(candidates))
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return ""


def meant(hint: str) -> str | None:
    """The name a `did_you_mean` hint suggests, or None."""
    if hint.startswith("did you mean '") and hint.endswith("'?"):
        return hint[len("did you mean '"):-2]
    return None
