"""The rulebook's document model: sections of keyed blocks of text, in one language.

`document.py` builds it from the IR, `render.py` writes it as Markdown or HTML,
and `differences.py` compares two of them block by block (by key).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Block:
    key: str
    kind: str  # p | ul | table | example
    text: str = ""
    items: list[tuple[str, str]] = field(default_factory=list)  # (key, text) for ul
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    data: dict = field(default_factory=dict)  # example: seed, players, moves (for replay)


@dataclass
class Section:
    id: str
    title: str
    blocks: list[Block] = field(default_factory=list)

    def p(self, key: str, text: str) -> None:
        self.blocks.append(Block(key, "p", text=text))

    def ul(self, key: str, items: list[tuple[str, str]]) -> None:
        if items:
            self.blocks.append(Block(key, "ul", items=items))


@dataclass
class Document:
    lang: str
    title: str
    subtitle: str
    sections: list[Section]
    labels: dict[str, str] = field(default_factory=dict)  # fixed words of the page (contents, ...)

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)


def words_in(text: str) -> set[str]:
    """The names an expression text uses."""
    return set(re.findall(r"[A-Za-z_]\w*", text))
