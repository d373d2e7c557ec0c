"""The result of stage 3: one complete variant document, with where each value was written.

Positions travel with the values: every merged value keeps the file, line and
column where it was last written, so later stages point at the house rule
when the house rule is at fault and at the base otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .loader import Document, Pos, get_path, nearest_pos


@dataclass
class Resolved:
    """A complete variant document with the positions of its values."""

    file: str
    data: dict
    values: dict[str, Pos]
    keys: dict[str, Pos]
    docs: dict[str, Document]  # file -> document, to locate inside string scalars
    origins: dict[str, str]  # json path -> file that wrote it
    chain: list[str] = field(default_factory=list)  # ids of the bases, nearest first
    sha256: str = ""
    chosen: dict[str, str] = field(default_factory=dict)  # option id -> chosen value/choice
    defaults: dict[str, str] = field(default_factory=dict)  # option id -> its default
    #: the paths of schema errors whose nodes were taken out so the later stages could run
    #: (`salvage`): a document with any is checked, never built into a variant
    pruned: tuple[str, ...] = ()

    def pos(self, path: str) -> Pos:
        return nearest_pos(self.values, path, self.file)

    def locate_in_scalar(self, path: str, offset: int) -> Pos:
        file = self.origins.get(path)
        doc = self.docs.get(file) if file else None
        if doc is None:
            return self.pos(path)
        original = _original_path(doc, path, get_path(self.data, path))
        return doc.locate_in_scalar(original, offset) if original is not None else self.pos(path)


def _original_path(doc: Document, path: str, value: object) -> str | None:
    """The path a merged value had in the file that wrote it (rule indices may differ)."""
    if get_path(doc.data, path) == value:
        return path
    for candidate, _ in doc.spans.items():
        if get_path(doc.data, candidate) == value and candidate.split(".")[-1] == path.split(".")[-1]:
            return candidate
    return None
