"""Diagnostics for people and machines: text with a caret, json, GitHub annotations, SARIF."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..language.diagnostics import Diagnostic, shown_name
from ..language.loader import LINE_BREAK
from ..tools.terminal import PLAIN, Painter
from ..tools.text import json_text, printable

FORMATS = ("text", "json", "github", "sarif")

#: the styles of a diagnostic's parts on a terminal, as compilers print them
STYLES = {
    "location": "bold", "error": "bold red", "warning": "bold yellow", "code": "bold",
    "gutter": "blue", "hint": "bold cyan",
}


def render(diagnostics: list[Diagnostic], fmt: str, sources: dict[str, str] | None = None,
           paint: Painter = PLAIN) -> str:
    """Entry point: the diagnostics in one of FORMATS; text in colour when `paint` paints
    (`Painter(stream)`: on a terminal, not under NO_COLOR)."""
    if fmt == "json":
        return json_text([d.to_json() for d in diagnostics], indent=2)
    if fmt == "github":
        return "\n".join(_github(d) for d in diagnostics)
    if fmt == "sarif":
        return json_text(_sarif(diagnostics), indent=2)
    lines: dict[str, list[str] | None] = {}
    return "\n".join(_text(d, sources or {}, paint, lines) for d in diagnostics)


def _lines_of(file: str, sources: dict[str, str], lines: dict[str, list[str] | None]) -> list[str] | None:
    """The lines of a rule file, split once per render (thousands of diagnostics of a 1 MiB
    file must not split it thousands of times), at YAML's line breaks, as positions count."""
    if file not in lines:
        text = sources.get(file)
        if text is None:
            try:
                path = Path(file)
                if path.is_file() and path.stat().st_size <= (1 << 20):  # not a pipe, not a device
                    text = path.read_text("utf-8", errors="replace")
            except (OSError, ValueError):
                text = None
        lines[file] = LINE_BREAK.split(text) if text is not None else None
    return lines[file]


def _text(d: Diagnostic, sources: dict[str, str], paint: Painter = PLAIN,
          lines: dict[str, list[str] | None] | None = None) -> str:
    severity = STYLES["warning" if d.severity == "warning" else "error"]
    out = [f"{paint(f'{shown_name(d.file)}:{d.line}:{d.column}:', STYLES['location'])} "
           f"{paint(d.severity, severity)}{paint(f'[{d.code}]', STYLES['code'])}: {printable(d.message)}"]
    file_lines = _lines_of(d.file, sources, {} if lines is None else lines)
    source = file_lines[d.line - 1] if file_lines is not None and 1 <= d.line <= len(file_lines) else None
    if source is not None and d.column >= 1:
        gutter = f"{d.line:>5} | "
        start = max(0, d.column - 80) if len(source) > 160 else 0
        caret_col = d.column - start
        # 160 columns around the caret at most, each character one column wide
        shown = "".join(ch if ch.isprintable() else " " if ch == "\t" else "?" for ch in source[start:start + 160])
        out.append(paint(gutter, STYLES["gutter"]) + shown)
        out.append(paint(" " * (len(gutter) - 2) + "| ", STYLES["gutter"]) + " " * (caret_col - 1) + paint("^", severity))
    if d.hint:
        out.append(f"  {paint('hint:', STYLES['hint'])} {printable(d.hint)}")
    return "\n".join(out)


def _escape_github(value: str, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def _github(d: Diagnostic) -> str:
    kind = "error" if d.severity == "error" else "warning"
    message = printable(d.message + (f" (hint: {d.hint})" if d.hint else ""), keep="\r\n")
    return (f"::{kind} file={_escape_github(shown_name(d.file), True)},line={max(d.line, 1)},col={max(d.column, 1)},"
            f"title={_escape_github(d.code, True)}::{_escape_github(message)}")


def project_home() -> str | None:
    """The project's home page as its package metadata gives it (`[project.urls]` in
    pyproject.toml), or None: SARIF's `informationUri` is optional, and an invented
    address would send readers nowhere."""
    from importlib import metadata

    try:
        urls = metadata.metadata("escoba-spec").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("homepage", "home", "repository", "source") and url.strip():
            return url.strip()
    return None


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
                    "artifactLocation": {"uri": Path(shown_name(d.file)).as_posix()},
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
                **({"informationUri": home} if (home := project_home()) else {}),
                "rules": [{"id": c, "shortDescription": {"text": c.replace("-", " ")}} for c in codes],
            }},
            "results": results,
        }],
    }
