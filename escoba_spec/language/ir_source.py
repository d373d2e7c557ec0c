"""Where a piece of a variant comes from: its place in the rule file (`Origin`) and the text it
follows (`Source`).

Kept apart from `ir` (which names both as ir.Origin and ir.Source) because every part of a
variant carries them: they are the IR's provenance, not the shape of a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ir_values import SOURCE_KINDS


@dataclass(frozen=True)
class Origin:
    """Where a piece of the variant was written: file, 1-based line and column, JSON path."""

    file: str
    line: int
    column: int
    path: str


@dataclass(frozen=True)
class Source:
    """A citation: a seed text and its section, a web page, a book, a repository file, or the
    designer's note for a rule of their own.

    Exactly one of `seed`, `url`, `book`, `repository` and `note` is set (the builder
    checks it); the other fields say where in it."""

    seed: str = ""  # a seed text's file name (with section)
    section: str = ""  # the heading the rule follows, in a seed text or a page
    url: str = ""
    title: str = ""  # of the page, or of the seed text (its opening heading)
    language: str = ""  # the language it is written in (a code: pt, es, ...), when stated
    book: str = ""
    author: str = ""
    pages: str = ""
    repository: str = ""  # its address, or owner/name (with path)
    path: str = ""
    commit: str = ""
    note: str = ""  # the designer's own word for a rule no published text states

    @property
    def kind(self) -> str:
        """seed, url, book or repository."""
        return next(k for k in SOURCE_KINDS if getattr(self, k))
