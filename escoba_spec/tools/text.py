"""Text that is safe to show: a rule file's names and paths reach every output.

An escape sequence (ESC, a bidi override, NUL) in a rule file must be shown,
never obeyed, whether the text goes to a terminal (`printable`), into a
document (`without_controls`) or into JSON (`json_text`); `points_text` writes
points as people do (20½ for a shared point).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction


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


def counted(n: int, word: str, plural: str | None = None) -> str:
    """`1 file`, `2 files`: a count with its noun in the number it takes."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


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
