"""Texts of the file's author for people: a name, a description, a label.

Each may be written as one text or as a map from language code to the text in that
language (`name: {en: Most oros, es: Más oros}`); the schema allows the codes of the
rulebook's languages only. `prose` turns either into the IR's pair: the plain text
(the one text, or else the first form given, which the tools show) and the forms by
language (`ir.Forms`, empty for one text), which the rulebook picks from.
"""

from __future__ import annotations

from .ir import Forms


def prose(value: object, default: str = "", *, fold: bool = False) -> tuple[str, Forms]:
    """(plain text, forms by language) of a name, description or label as written.
    `fold` joins a folded block's lines and spaces into single spaces (descriptions)."""

    def clean(text: object) -> str:
        text = "" if text is None else str(text)
        return " ".join(text.split()) if fold else text

    if isinstance(value, dict):
        forms = tuple((str(lang), clean(text)) for lang, text in value.items())
        return (forms[0][1] if forms else default), forms
    if value is None:
        return default, ()
    return clean(value), ()
