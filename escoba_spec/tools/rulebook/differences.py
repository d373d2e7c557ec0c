"""What a variant changes: block-by-block comparison of two rulebook documents.

Both variants are rendered in the same language and their rule sections
compared by block key (and scoring rules by id), so every difference is said
in the reader's language with the very sentences the rulebook uses, and
nothing that changes the rules of play can be missed. Used for the
"differences from <base>" section of house rules and for what each other
choice of an option would change.
"""

from __future__ import annotations

from dataclasses import dataclass

from .document import RULE_SECTIONS
from .model import Document


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
