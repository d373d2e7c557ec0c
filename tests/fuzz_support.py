"""Shared by the fuzzers: the property every answer of the validator must have."""

from __future__ import annotations

import re

from escoba_spec.language.loader import LINE_BREAK

CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def source_text(data: str | bytes) -> str | None:
    """The text positions refer to: decoded, without a leading byte order mark (None if not UTF-8)."""
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return data.removeprefix("\ufeff")


def assert_answer(data: str | bytes, variant, problems, display: str = "case.yaml") -> None:
    """A valid variant and no error, or at least one error; every diagnostic
    well formed and located at line >= 1, column >= 1, inside the file it names."""
    errors = [p for p in problems if p.severity == "error"]
    assert (variant is None) == bool(errors), [p.format() for p in problems]
    text = source_text(data)
    lines = LINE_BREAK.split(text) if text is not None else None
    for p in problems:
        assert CODE.match(p.code), p
        assert p.message, p
        assert p.severity in ("error", "warning"), p
        assert p.line >= 1 and p.column >= 1, p.format()
        if lines is not None and p.file == display:
            assert p.line <= len(lines), (p.format(), len(lines))
            assert p.column <= len(lines[p.line - 1]) + 1, (p.format(), lines[p.line - 1])
