"""A file's text as the page edits it, and back as the file had it: only what the person changed changes.

The page's editor (CodeMirror) knows one line break, `\\n`, and no byte order
mark: a file with Windows (`\\r\\n`) or old Mac (`\\r`) line breaks, or a mix, or
a UTF-8 byte order mark would come back from a save with every line changed.
So the page is sent the text without them (`for_page`), and a save puts them
back (`as_saved`): each line the edit left as it was keeps the break it had, a
line the person wrote gets the file's most common break, and a byte order mark
stays. A file saved unchanged is the same bytes.
"""

from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher

BOM = "\ufeff"
_BREAK = re.compile(r"\r\n|\r|\n")


def for_page(text: str) -> str:
    """The text the editor shows: no byte order mark, `\\n` for every line break."""
    return _BREAK.sub("\n", text.removeprefix(BOM))


def _lines(text: str) -> list[tuple[str, str]]:
    """(content, break) of every line; the last one's break is '' (a text ending in a break ends
    with an empty line)."""
    lines, start = [], 0
    for found in _BREAK.finditer(text):
        lines.append((text[start:found.start()], found.group()))
        start = found.end()
    lines.append((text[start:], ""))
    return lines


def as_saved(text: str, before: str) -> str:
    """`text` (from the page, any line breaks) with the byte order mark and the line breaks of
    `before`, the file's text on disk."""
    bom = BOM if before.startswith(BOM) else ""
    text = text.removeprefix(BOM)
    old = _lines(before.removeprefix(BOM))
    breaks = Counter(b for _, b in old if b)
    if not breaks:
        return bom + text
    usual = breaks.most_common(1)[0][0]
    if len(breaks) == 1:  # one kind of break throughout: every line gets it
        return bom + _BREAK.sub(usual, text)
    new = _lines(text)
    ends = ["" if not b else None for _, b in new]  # None: a break still to choose
    for a, b in _same_lines([c for c, _ in old], [c for c, _ in new]):
        if ends[b] is None:
            ends[b] = old[a][1] or usual
    choices = [b for b, _ in breaks.most_common()] + ["\r\n"]  # "\r\n" joins with no neighbour
    for i, (content, _) in enumerate(new):
        if ends[i] is None:  # a line the person wrote: the usual break, unless it would join a neighbour's
            ends[i] = next(e for e in choices if not _joins(new, ends, i, e))
        elif _joins(new, ends, i, ends[i]):  # kept lines brought together by a deletion
            ends[i] = "\r\n"
    return bom + "".join(c + e for (c, _), e in zip(new, ends))


def _joins(lines: list[tuple[str, str]], ends: list, i: int, end: str) -> bool:
    """Whether line i ending in `end` would read as fewer lines: an empty line's `\\n` after a
    `\\r`, or its own `\\r` before an empty line's `\\n`, is one `\\r\\n`."""
    after_cr = end == "\n" and i > 0 and ends[i - 1] == "\r" and not lines[i][0]
    before_lf = (end == "\r" and i + 1 < len(lines) and ends[i + 1] == "\n" and not lines[i + 1][0])
    return after_cr or before_lf


def _same_lines(old: list[str], new: list[str]):
    """(old index, new index) of the lines an edit left as they were: the lines before and after
    the edited part, and those a diff of the part in between matches (the part is usually a few
    lines, so the diff stays quick on a long file)."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        yield head, head
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        yield len(old) - 1 - tail, len(new) - 1 - tail
        tail += 1
    middle = SequenceMatcher(None, old[head:len(old) - tail], new[head:len(new) - tail], autojunk=False)
    for block in middle.get_matching_blocks():
        for k in range(block.size):
            yield head + block.a + k, head + block.b + k
