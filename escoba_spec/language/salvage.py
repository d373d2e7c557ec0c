"""After a schema error: the rest of the document, so the later stages still check it.

A designer who misspells a key (`taget:`) and a function (`cuont(pile)`) should
see both in one run of `validate`. The schema stage finds the first; the
expression checks run in `build`, which needs a document the schema accepts.
`salvage` gives one: the document without every node a schema error points at
(an unknown key, a value of the wrong type or form, a mapping missing a key it
needs; inside a list, the entry or the list, see `_node_at_fault`), its
positions renumbered where a list entry goes. The later stages run
on it, and `unrelated` keeps only what they find elsewhere than at those
places: an error about a pruned node (the `target` a misspelt `taget` leaves
missing) would repeat the schema's finding in other words.
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace

from .diagnostics import Diagnostic, meant
from .loader import Document
from .schema import check_document

#: paths whose error leaves no document to check: the file itself, and what says which
#: variant it is and which one it builds on
_WHOLE = ("", "id", "extends")
_PART = re.compile(r"[^.\[\]]+|\[\d+\]")


#: how many times a pruned document may fail the schema again (an emptied list, a
#: mapping left without a key it needs) before nothing is salvaged
_ROUNDS = 8


#: a path that survives the merge: an entry of a list merged by id is named by its id,
#: `("most-cards",)`, since the merge gives it another index
Stable = tuple["str | int | tuple[str]", ...]


def salvage(doc: Document, schema_problems: list[Diagnostic]) -> tuple[Document, tuple[Stable, ...]] | None:
    """Entry point: `doc` without the nodes its schema errors point at, and every path
    taken out (for `placed`); None when an error is about the file as a whole (nothing is
    left to check) or a path cannot be followed. The document returned passes the schema,
    so the later stages get the input they are written for."""
    pruned: set[Stable] = set()
    problems = schema_problems
    for _ in range(_ROUNDS):
        for d in problems:
            if d.severity == "error":
                paths = [d.path]
                if d.code == "unknown-key" and meant(d.hint):
                    # the key the designer meant is as good as gone: an option setting
                    # `match.target` while `taget` was written would say so again
                    paths.append(_sibling(d.path, meant(d.hint)))
                pruned.update(_stable(doc.data, _parts(p) or []) for p in paths)
        taken = _prune(doc, problems)
        if taken is None:
            return None
        doc = taken
        problems = [d for d in check_document(doc) if d.severity == "error"]
        if not problems:
            return doc, tuple(sorted(pruned, key=repr))  # ids and indices: no order between str and int
    return None


def _node_at_fault(data: object, parts: list[str | int]) -> list[str | int]:
    """What goes for an error inside a list: in a list merged by id (scoring rules,
    capture kinds) the whole entry, since the merge moves entries and what is left of one
    would be complained of at another place; in any other list (layouts, targets) the
    whole list, whose other entries mean little without it (a house rule then keeps its
    base's). An unknown key is only ever the key itself."""
    node = data
    for i, part in enumerate(parts):
        if isinstance(part, int):
            entry = node[part] if isinstance(node, list) and part < len(node) else None
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                return parts[:i + 1]
            return parts[:i]
        node = node.get(part) if isinstance(node, dict) else None
    return parts


def _sibling(path: str, key: str) -> str:
    parent = path[:path.rindex(".")] if "." in path else ""
    return f"{parent}.{key}" if parent else key


def _prune(doc: Document, schema_problems: list[Diagnostic]) -> Document | None:
    paths = []
    for d in schema_problems:
        if d.severity != "error":
            continue
        if d.path in _WHOLE:
            return None
        parts = _parts(d.path)
        if parts is None:
            return None
        paths.append(tuple(parts if d.code == "unknown-key" else _node_at_fault(doc.data, parts)))
    data = copy.deepcopy(doc.data)
    values, keys, spans = dict(doc.values), dict(doc.keys), dict(doc.spans)
    # deepest and last first, so that no removal moves a node another removal names; the keys
    # removed are taken out of the position indexes together, in one pass before any renumbering
    # (one pass per key made thousands of unknown keys quadratic)
    gone: set[str] = set()
    for parts in sorted(set(paths), key=_order, reverse=True):
        parts = list(parts)
        parent = _follow(data, parts[:-1])
        last = parts[-1]
        if isinstance(last, int) and isinstance(parent, list) and last < len(parent):
            del parent[last]
            prefix = _text(parts[:-1])
            _forget(gone, values, keys, spans)
            for index in (values, keys, spans):
                renumber_after_removal(index, prefix, last)
        elif isinstance(last, str) and isinstance(parent, dict) and last in parent:
            del parent[last]
            gone.add(_text(parts))
        elif parent is None:
            continue  # inside a node an earlier removal took
        else:
            return None
    _forget(gone, values, keys, spans)
    return replace(doc, data=data, values=values, keys=keys, spans=spans)


def _forget(gone: set[str], *indexes: dict) -> None:
    """Take the removed paths, and every path inside one, out of the position indexes."""
    if not gone:
        return
    for index in indexes:
        for p in [p for p in index if _inside_any(p, gone)]:
            del index[p]
    gone.clear()


def _inside_any(path: str, gone: set[str]) -> bool:
    if path in gone:
        return True
    return any(ch in ".[" and path[:i] in gone for i, ch in enumerate(path))


def placed(pruned: tuple[Stable, ...], data: object) -> tuple[str, ...]:
    """The pruned paths of the files of a chain, as paths of their merged document `data`
    (an entry named by id where the merge put it; one the merge no longer has, as `list[]`, "a
    member of the list": what is said of the list or above it, such as that it is empty, comes of
    the pruning, while its other members are still checked)."""
    out = set()
    for parts in pruned:
        node, text = data, ""
        for part in parts:
            if isinstance(part, tuple):
                index = next((i for i, e in enumerate(node) if isinstance(e, dict) and e.get("id") == part[0]), None) \
                    if isinstance(node, list) else None
                if index is None:
                    if isinstance(node, list) and text:
                        out.add(f"{text}[]")
                    break
                part = index
            node = _follow(node, [part])
            text = f"{text}[{part}]" if isinstance(part, int) else f"{text}.{part}" if text else part
        else:
            out.add(text)
    return tuple(sorted(out))


def _stable(data: object, parts: list[str | int]) -> Stable:
    out: list = []
    for part in parts:
        entry = _follow(data, [part]) if isinstance(part, int) else None
        out.append((entry["id"],) if isinstance(entry, dict) and isinstance(entry.get("id"), str) else part)
        data = _follow(data, [part])
    return tuple(out)


def unrelated(later: list[Diagnostic], pruned: tuple[str, ...], data: object = None) -> list[Diagnostic]:
    """The diagnostics of the later stages that are not about a pruned node: not at it,
    inside it, or at a node holding it (whose complaint would be the pruned part), nor
    at an option whose `field` names such a node (`data` is the document, for those)."""
    if not pruned:
        return later
    return [d for d in later if not any(_related(p, q) for p in _about(d.path, data) for q in pruned)]


def _about(path: str, data: object) -> list[str]:
    """The paths a diagnostic at `path` is about: its own, and the field its option sets."""
    about = [path]
    parts = _parts(path) or []
    if len(parts) >= 2 and parts[0] == "options" and isinstance(data, dict):
        option = (data.get("options") or {}).get(parts[1])
        if isinstance(option, dict) and isinstance(option.get("field"), str):
            about.append(option["field"])
    return about


def _related(a: str, b: str) -> bool:
    if a == b or not a or not b:
        return True
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return long.startswith(short) and long[len(short)] in ".["


def _parts(path: str) -> list[str | int] | None:
    parts: list[str | int] = []
    for part in _PART.findall(path):
        parts.append(int(part[1:-1]) if part.startswith("[") else part)
    return parts if _text(parts) == path else None  # a key holding '.' or '[' cannot be followed


def _text(parts: list[str | int]) -> str:
    out = ""
    for part in parts:
        out = f"{out}[{part}]" if isinstance(part, int) else f"{out}.{part}" if out else part
    return out


def _order(parts: list[str | int]) -> list[tuple[int, int, str]]:
    return [(1, p, "") if isinstance(p, int) else (0, 0, p) for p in parts]


def _follow(data: object, parts: list[str | int]) -> object:
    for part in parts:
        if isinstance(part, int):
            data = data[part] if isinstance(data, list) and part < len(data) else None
        else:
            data = data.get(part) if isinstance(data, dict) else None
        if data is None:
            return None
    return data


def renumber_after_removal(index: dict, prefix: str, removed: int) -> None:
    """A position table (path -> position or file) after list entry `prefix[removed]` is
    taken out: its own paths go, those of later entries move up one."""
    head = re.compile(re.escape(prefix) + r"\[(\d+)\]")
    moved = {}
    for path in list(index):
        match = head.match(path)
        if match is None:
            continue
        rest = path[match.end():]
        if rest and rest[0] not in ".[":
            continue
        n = int(match.group(1))
        value = index.pop(path)
        if n > removed:
            moved[f"{prefix}[{n - 1}]{rest}"] = value
        elif n < removed:
            moved[path] = value
    index.update(moved)
