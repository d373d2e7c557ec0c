"""The rulebook's document model: sections of keyed blocks of text, in one language.

`document.py` builds it from the IR, `render.py` writes it as Markdown or HTML,
and `differences.py` compares two of them block by block (by key).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: a table cell: one text, or several (shown one under the other)
Cell = str | list[str]


@dataclass
class Block:
    key: str
    kind: str  # p | ul | table | quote (the rule file's own words) | dl (terms, each with its texts)
    text: str = ""
    items: list[tuple[str, str]] = field(default_factory=list)  # (key, text) for ul
    header: list[str] = field(default_factory=list)
    rows: list[list[Cell]] = field(default_factory=list)  # table: cells; dl: [term, [texts]]
    data: dict = field(default_factory=dict)  # example: seed, players, moves (for replay)
    style: str = ""  # what the table is (its class in HTML): values, options, plays, score
    row_marks: list[str] = field(default_factory=list)  # table: a mark per row ("round": a new round)
    lang: str = ""  # quote: the language its text is in, when known and not the page's


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

    def table(self, key: str, header: list[str], rows: list[list[Cell]], style: str = "", **fields) -> Block:
        block = Block(key, "table", header=header, rows=rows, style=style, **fields)
        self.blocks.append(block)
        return block

    def block(self, key: str) -> Block | None:
        return next((b for b in self.blocks if b.key == key), None)


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
