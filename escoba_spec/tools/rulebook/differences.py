"""What a variant changes: block-by-block comparison of two rulebook documents.

Both variants are rendered in the same language and their rule sections
compared by block key (and scoring rules by id), so every difference is said
in the reader's language with the very sentences the rulebook uses, and
nothing that changes the rules of play can be missed. Used for the
"differences from <base>" section of house rules (each change in full: the
new sentence instead of the old) and for what each other value of an option
would change (`describe_compact`: the changed words within their sentence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from .document import RULE_SECTIONS
from .model import Document
from .render import (
    CODE_CLOSE,
    CODE_OPEN,
    STRONG_CLOSE,
    STRONG_OPEN,
    TOKEN_CLOSE,
    TOKEN_OPEN,
    strong,
)


@dataclass(frozen=True)
class Change:
    section: str  # section title in the reader's language
    key: str
    before: str | None  # None: added
    after: str | None  # None: removed


def _units(doc: Document) -> dict[str, tuple[str, str, str]]:
    """key -> (section title, text, what is compared) for every piece of the rule sections."""
    out: dict[str, tuple[str, str, str]] = {}
    for section in doc.sections:
        if section.id not in RULE_SECTIONS:
            continue
        for block in section.blocks:
            key = f"{section.id}/{block.key}"
            if block.kind == "p":
                out[key] = (section.title, block.text, block.text)
            elif block.kind == "ul":
                for item_key, text in block.items:
                    out[f"{key}/{item_key}"] = (section.title, text, text)
            elif block.kind == "table":
                # rows by position, compared on their values: a renamed card is said elsewhere
                for index, row in enumerate(block.rows):
                    shown = " — ".join(block.header[i] + ": " + cell for i, cell in enumerate(row))
                    out[f"{key}/{index}"] = (section.title, shown, "|".join(row[1:]))
    return out


def compare(base: Document, variant: Document) -> list[Change]:
    before, after = _units(base), _units(variant)
    changes: list[Change] = []
    for key, (title, text, compared) in after.items():
        if key not in before:
            changes.append(Change(title, key, None, text))
        elif before[key][2] != compared:
            changes.append(Change(title, key, before[key][1], text))
    for key, (title, text, _) in before.items():
        if key not in after:
            changes.append(Change(title, key, text, None))
    order = {sid: i for i, sid in enumerate(RULE_SECTIONS)}
    changes.sort(key=lambda c: order.get(c.key.split("/")[0], 99))
    return changes


def describe(changes: list[Change], L) -> list[tuple[str, str]]:
    """Each change as a list item (key, text) in the reader's language."""
    items = []
    for change in changes:
        if change.before is None:
            text = L.t("diff.added", section=change.section, after=change.after)
        elif change.after is None:
            text = L.t("diff.removed", section=change.section, before=change.before)
        else:
            text = L.t("diff.changed", section=change.section, before=change.before, after=change.after)
        items.append((change.key, text))
    return items


# ------------------------------------------------------------------ compact form

#: a word, a span marked for a format (a code span, a card, a suit) or a mark of punctuation
_TOKEN = re.compile(f"{TOKEN_OPEN}[^{TOKEN_CLOSE}]*{TOKEN_CLOSE}|{CODE_OPEN}[^{CODE_CLOSE}]*{CODE_CLOSE}|\\w+|[^\\w\\s]")
_SENTENCE = re.compile(r"[^.!?]*(?:[.!?]+|$)\s*")


def _plain_strong(text: str) -> str:
    return text.replace(STRONG_OPEN, "").replace(STRONG_CLOSE, "")


def _sentences(text: str) -> list[tuple[int, int]]:
    """Where each sentence of `text` starts and ends (a sentence ends at . ! or ?)."""
    out = []
    for m in _SENTENCE.finditer(text):
        if m.group().strip():
            out.append((m.start(), m.start() + len(m.group().rstrip())))
    return out


def _changed(before: str, after: str) -> tuple[tuple[str, ...], list[tuple[int, int]]]:
    """What `after` changed in `before`, word by word: the words it replaced or removed, and
    where in `after` the words it put instead stand."""
    tb, ta = list(_TOKEN.finditer(before)), list(_TOKEN.finditer(after))
    matcher = SequenceMatcher(None, [m.group() for m in tb], [m.group() for m in ta], autojunk=False)
    old, new = [], []
    opcodes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    words = lambda tokens: sum(1 for m in tokens if m.group()[:1].isalnum())  # noqa: E731
    removed = sum(words(tb[i1:i2]) for tag, i1, i2, _, _ in opcodes if tag == "delete")
    if removed > sum(words(ta[j1:j2]) for _, _, _, j1, j2 in opcodes):
        return (), []  # more taken out than put in: only the whole of both texts says what changed
    for tag, i1, i2, j1, j2 in opcodes:
        old.append(before[tb[i1].start():tb[i2 - 1].end()] if i2 > i1 else "")
        if j2 > j1:
            start, end = ta[j1].start(), ta[j2 - 1].end()
            if new and _joins(after[new[-1][1]:start]):
                start = new.pop()[0]  # "diamonds, hearts, spades, and clubs" as one change, not four
            new.append((start, _balanced(after, start, end)))
    return tuple(old), [span for span in (_trimmed(after, s, e) for s, e in new) if span[1] > span[0]]


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """A span without the spaces and separating marks at its edges: strong text in Markdown
    must not open on a comma, nor close on one."""
    while start < end and (text[start].isspace() or text[start] in ",.;:!?)"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;:("):
        end -= 1
    return start, end


_PAIRS = {"(": ")", "[": "]", "“": "”", "«": "»"}


def _balanced(text: str, start: int, end: int) -> int:
    """The end of a changed span, taken on past the closing marks of the brackets or quotes it
    opens ("(settebello" -> "(settebello)")."""
    for opening, closing in _PAIRS.items():
        while text.count(opening, start, end) > text.count(closing, start, end):
            found = text.find(closing, end)
            if found < 0:
                return end
            end = found + 1
    return end


def _joins(gap: str) -> bool:
    """Whether two changed spans this close read as one change: a few characters apart
    (", and ", " are "), or with nothing but punctuation between them."""
    return len(gap) <= 6 or not any(ch.isalnum() for ch in gap)


def _marked(text: str, spans: list[tuple[int, int]]) -> str:
    """The sentences of `text` that hold a span, each span in strong."""
    keep = [(a, b) for a, b in _sentences(text) if any(a <= s < b for s, _ in spans)] or [(0, len(text))]
    out = []
    for a, b in keep:
        piece, last = [], a
        for s, e in spans:
            if a <= s < b:
                e = min(e, b)
                piece.append(text[last:s] + strong(text[s:e]))
                last = e
        piece.append(text[last:b])
        out.append("".join(piece))
    return " ".join(out)


def describe_compact(changes: list[Change], L) -> list[str]:
    """Each change as short as it can be said: the sentence it changes, with the changed words
    in strong; the same change made in several places said once, with how many."""
    said: dict[tuple, list] = {}
    for change in changes:
        if change.before is None:
            text, key = L.t("diff.added", section=change.section, after=change.after), ("added", change.key)
        elif change.after is None:
            text, key = L.t("diff.removed", section=change.section, before=change.before), ("removed", change.key)
        else:
            before, after = _plain_strong(change.before), _plain_strong(change.after)
            old, new = _changed(before, after)
            if not new:  # only words taken out: say both texts
                text, key = L.t("diff.changed", section=change.section, before=before, after=after), ("changed", change.key)
            else:
                fragments = tuple(after[s:e] for s, e in new)
                key = (change.section, old, fragments)
                text = L.t("event.named", name=change.section, text=_marked(after, new))
        if key in said:
            said[key][1] += 1
        else:
            said[key] = [text, 1]
    return [text if count == 1 else text + " " + L.n("options.places", count) for text, count in said.values()]
