"""Diagnostics for people and machines: text with a caret, json, GitHub annotations, SARIF."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Iterable

from .language.diagnostics import Diagnostic

FORMATS = ("text", "json", "github", "sarif")


def printable(text: str, keep: str = "\n") -> str:
    """Text safe to print on a terminal: a rule file's values reach messages, and an
    escape sequence (ESC, a bidi override, NUL) must be shown, never obeyed."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in keep else _shown(ch) for ch in text)


#: what a document (a rulebook) must not carry from a rule file: control characters (a
#: terminal obeys ESC and BEL when the file is printed) and the bidi embeddings, overrides
#: and isolates that reorder what a reader sees. Unlike `printable`, it leaves no-break
#: spaces and the other non-printing characters that a text in any language may hold
_HAZARDS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def without_controls(text: str) -> str:
    """`text` with its control characters and bidi controls shown as escapes."""
    return _HAZARDS.sub(lambda m: _shown(m.group()), text)


def _shown(ch: str) -> str:
    """A character as the escape that names it: `\\x1b`, `\\u202e`."""
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


#: what JSON leaves as it is but a terminal would obey: DEL, the C1 controls and the
#: bidi controls (JSON itself escapes the C0 controls)
_JSON_HAZARDS = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def json_text(data: object, **options) -> str:
    """`json.dumps` with non-ASCII text kept readable, except the characters that a
    terminal showing the output would obey, which become escapes such as `\\u202e`: they can
    only stand inside JSON strings, so the data read back is the same. A share of a
    split point (a Fraction) is written as a JSON number, 0.5."""
    text = json.dumps(data, ensure_ascii=False, default=_json_number, **options)
    return _JSON_HAZARDS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _json_number(value: object) -> float:
    if isinstance(value, Fraction):
        return float(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


#: the shares of a point split between two to six tied sides
_GLYPHS = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼", Fraction(3, 4): "¾",
           Fraction(1, 5): "⅕", Fraction(2, 5): "⅖", Fraction(3, 5): "⅗", Fraction(4, 5): "⅘", Fraction(1, 6): "⅙",
           Fraction(5, 6): "⅚"}


def points_text(points: int | Fraction) -> str:
    """Points as people write them: 21, ½, 20½ (a tie split between sides)."""
    if not isinstance(points, Fraction) or points.denominator == 1:
        return str(int(points))
    whole, part = divmod(points, 1)
    shown = _GLYPHS.get(part, f" {part.numerator}/{part.denominator}" if whole else f"{part.numerator}/{part.denominator}")
    return f"{whole}{shown}" if whole else shown.strip()


def render(diagnostics: list[Diagnostic], fmt: str, sources: dict[str, str] | None = None) -> str:
    """Entry point: the diagnostics in one of FORMATS."""
    if fmt == "json":
        return json_text([d.to_json() for d in diagnostics], indent=2)
    if fmt == "github":
        return "\n".join(_github(d) for d in diagnostics)
    if fmt == "sarif":
        return json_text(_sarif(diagnostics), indent=2)
    return "\n".join(_text(d, sources or {}) for d in diagnostics)


def _source_line(file: str, line: int, sources: dict[str, str]) -> str | None:
    text = sources.get(file)
    if text is None:
        try:
            path = Path(file)
            if path.is_file() and path.stat().st_size <= (1 << 20):
                text = path.read_text("utf-8", errors="replace")
                sources[file] = text
        except OSError:
            return None
    if text is None or line < 1:
        return None
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else None


def _text(d: Diagnostic, sources: dict[str, str]) -> str:
    out = [f"{printable(d.file)}:{d.line}:{d.column}: {d.severity}[{d.code}]: {printable(d.message)}"]
    source = _source_line(d.file, d.line, sources)
    if source is not None and d.column >= 1:
        gutter = f"{d.line:>5} | "
        shown = "".join(ch if ch.isprintable() else " " if ch == "\t" else "?" for ch in source)  # one column each
        if len(shown) > 160:
            start = max(0, d.column - 80)
            shown = shown[start:start + 160]
            caret_col = d.column - start
        else:
            caret_col = d.column
        out.append(gutter + shown)
        out.append(" " * (len(gutter) - 2) + "| " + " " * (caret_col - 1) + "^")
    if d.hint:
        out.append(f"  hint: {printable(d.hint)}")
    return "\n".join(out)


def _escape_github(value: str, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def _github(d: Diagnostic) -> str:
    kind = "error" if d.severity == "error" else "warning"
    message = printable(d.message + (f" (hint: {d.hint})" if d.hint else ""), keep="\r\n")
    return (f"::{kind} file={_escape_github(d.file, True)},line={max(d.line, 1)},col={max(d.column, 1)},"
            f"title={_escape_github(d.code, True)}::{_escape_github(message)}")


def _sarif(diagnostics: Iterable[Diagnostic]) -> dict:
    diagnostics = list(diagnostics)
    codes = sorted({d.code for d in diagnostics})
    results = []
    for d in diagnostics:
        results.append({
            "ruleId": d.code,
            "level": "error" if d.severity == "error" else "warning",
            "message": {"text": d.message + (f" Hint: {d.hint}" if d.hint else "")},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": Path(d.file).as_posix()},
                    "region": {"startLine": max(d.line, 1), "startColumn": max(d.column, 1)},
                },
                **({"logicalLocations": [{"fullyQualifiedName": d.path}]} if d.path else {}),
            }],
        })
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "escoba-spec",
                "informationUri": "https://github.com/escoba-spec/escoba-spec",
                "rules": [{"id": c, "shortDescription": {"text": c.replace("-", " ")}} for c in codes],
            }},
            "results": results,
        }],
    }
