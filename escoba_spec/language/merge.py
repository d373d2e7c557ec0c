"""The merge rule: how a house rule (or an option's choice) overlays what it builds on.

* mappings merge key by key, recursively;
* lists replace the base's list whole;
* `scoring.rules`, `scoring.events`, `declarations.rules`, `capture.kinds` and `options` merge by id: an entry whose id exists
  overlays it, a new id is appended, `drop: true` removes it;
* a scalar or `null` replaces, and so does a text written as a map of languages
  (a `name`, `description` or `label` anywhere: a house rule naming a rule in one
  language is not left with its base's name in the others).

The position tables (value positions, key positions, the file that wrote each
value) are merged alongside the data, so every merged value still points at
the line that wrote it. Documented in docs/language.md.
"""

from __future__ import annotations

import bisect
import copy

from .diagnostics import Diagnostic, did_you_mean
from .loader import Pos, join_path, nearest_pos

_BY_ID_LISTS = {"scoring.rules", "scoring.events", "declarations.rules", "capture.kinds"}
#: the keys whose mapping is a text by language, which replaces rather than merges (the
#: schema has no other mapping under these keys)
_TEXTS = {"name", "description", "label"}


class _Table:
    """A path table (path -> position or file) with its paths kept sorted, so that
    the paths under a prefix are found by bisection rather than by a scan: merging
    a file of thousands of options or dropping 64 rules stays linear."""

    def __init__(self, table: dict):
        self.table = dict(table)
        self.sorted = sorted(self.table)

    def under(self, prefix: str) -> list[str]:
        """`prefix` itself (if present) and every path below it."""
        found = [prefix] if prefix in self.table else []
        for start in (prefix + ".", prefix + "["):
            i = bisect.bisect_left(self.sorted, start)
            while i < len(self.sorted) and self.sorted[i].startswith(start):
                found.append(self.sorted[i])
                i += 1
        return found

    def __setitem__(self, path: str, value) -> None:
        if path not in self.table:
            bisect.insort(self.sorted, path)
        self.table[path] = value

    def drop(self, prefix: str) -> None:
        for path in self.under(prefix):
            del self.table[path]
            del self.sorted[bisect.bisect_left(self.sorted, path)]

    def move(self, old: str, new: str) -> None:
        """Rename every path under `old` to live under `new` (nothing is under `new` yet)."""
        moved = {new + path[len(old):]: self.table[path] for path in self.under(old)}
        self.drop(old)
        for path, value in moved.items():
            self[path] = value


def merge_documents(data, values, keys, origins, over, over_values, over_keys, over_file, prefix: str = "",
                    problems: list[Diagnostic] | None = None):
    """Overlay `over` (a document or an option overlay) onto `data`; returns new tables."""
    data = copy.deepcopy(data)
    tables = _Table(values), _Table(keys), _Table(origins)
    t_values, t_keys, t_origins = tables
    o_values, o_keys = _Table(over_values), _Table(over_keys)

    def drop(path: str) -> None:
        for table in tables:
            table.drop(path)

    def unknown_drop(src: str, name: str, what: str, known: list[str]) -> None:
        """`drop: true` of something the base does not have: a typo would otherwise
        leave the rule in force without a word."""
        if problems is None:
            return
        # the id's value for a list entry, the key for an option
        pos = over_keys.get(src) if not src.endswith(".id") else None
        pos = pos or nearest_pos(over_values, src, over_file)
        hint = did_you_mean(name, known)
        problems.append(Diagnostic(
            pos.file, pos.line, pos.column, "unknown-drop",
            f"drop: true removes {what}, but what this file builds on has no such entry",
            hint or ("it has: " + ", ".join(known) if known else "it has none; remove this entry"), src))

    def adopt(path: str, source_path: str) -> None:
        for table_src, table_dst in ((o_values, t_values), (o_keys, t_keys)):
            for p in table_src.under(source_path):
                table_dst[path + p[len(source_path):]] = table_src.table[p]
        for p in o_values.under(source_path):
            t_origins[path + p[len(source_path):]] = over_file

    def merge(target: dict, overlay: dict, path: str, src_path: str) -> None:
        for key, value in overlay.items():
            here = join_path(path, key)
            src = join_path(src_path, key)
            if here in _BY_ID_LISTS and isinstance(value, list) and isinstance(target.get(key, []), list):
                if key not in target:  # a first list (capture.kinds over a mode): its drops still name what they drop
                    drop(here)
                    target[key] = []
                merge_by_id(target[key], value, here, src)
                if src in over_values:  # the list was last written here (a house rule may have dropped every entry)
                    t_values[here] = over_values[src]
                    t_origins[here] = over_file
            elif (isinstance(value, dict) and isinstance(target.get(key), dict) and not _is_option_root(here)
                  and key not in _TEXTS):
                if key in over_keys or src in over_keys:
                    t_keys[here] = over_keys.get(src, t_keys.table.get(here))
                merge(target[key], value, here, src)
            elif _is_option_root(here) and isinstance(value, dict) and isinstance(target.get(key), dict):
                merge_options(target[key], value, here, src)
            else:
                drop(here)
                target[key] = copy.deepcopy(value)
                adopt(here, src)

    def merge_by_id(base_list: list, overlay: list, path: str, src_path: str) -> None:
        for j, item in enumerate(overlay):
            src = f"{src_path}[{j}]"
            rid = item.get("id") if isinstance(item, dict) else None
            index = next((i for i, b in enumerate(base_list) if isinstance(b, dict) and b.get("id") == rid), None)
            if isinstance(item, dict) and item.get("drop") is True:
                if index is not None:
                    _remove_index(base_list, index, path)
                else:
                    known = [b["id"] for b in base_list if isinstance(b, dict) and isinstance(b.get("id"), str)]
                    unknown_drop(f"{src}.id", str(rid), f"the entry '{rid}' of {path}", known)
                continue
            if index is None:
                base_list.append(copy.deepcopy(item))
                adopt(f"{path}[{len(base_list) - 1}]", src)
            else:
                here = f"{path}[{index}]"
                for key, value in item.items():
                    if key == "id":
                        continue
                    sub = join_path(here, key)
                    drop(sub)
                    base_list[index][key] = copy.deepcopy(value)
                    adopt(sub, join_path(src, key))

    def _remove_index(base_list: list, index: int, path: str) -> None:
        drop(f"{path}[{index}]")
        for i in range(index + 1, len(base_list)):
            for table in tables:
                table.move(f"{path}[{i}]", f"{path}[{i - 1}]")
        del base_list[index]

    def merge_options(base_options: dict, overlay: dict, path: str, src_path: str) -> None:
        for key, value in overlay.items():
            here = join_path(path, key)
            if isinstance(value, dict) and value.get("drop") is True:
                if key not in base_options:
                    unknown_drop(join_path(src_path, key), key, f"the option '{key}'", list(base_options))
                base_options.pop(key, None)
                drop(here)
                continue
            drop(here)
            base_options[key] = copy.deepcopy(value)
            adopt(here, join_path(src_path, key))

    merge(data, over, prefix, prefix)
    return data, t_values.table, t_keys.table, t_origins.table


def drops_without_base(data: dict, values: dict[str, Pos], file: str) -> list[Diagnostic]:
    """A `drop: true` left after the merge was written in the root of the chain,
    where there is nothing to drop."""
    found = []
    scoring = data.get("scoring")
    rules = scoring.get("rules") if isinstance(scoring, dict) else None
    entries = [(f"scoring.rules[{i}]", r) for i, r in enumerate(rules if isinstance(rules, list) else [])]
    events = scoring.get("events") if isinstance(scoring, dict) else None
    entries += [(f"scoring.events[{i}]", e) for i, e in enumerate(events if isinstance(events, list) else [])]
    declarations = data.get("declarations")
    declared = declarations.get("rules") if isinstance(declarations, dict) else None
    entries += [(f"declarations.rules[{i}]", e) for i, e in enumerate(declared if isinstance(declared, list) else [])]
    capture = data.get("capture")
    kinds = capture.get("kinds") if isinstance(capture, dict) else None
    entries += [(f"capture.kinds[{i}]", k) for i, k in enumerate(kinds if isinstance(kinds, list) else [])]
    options = data.get("options")
    entries += [(join_path("options", k), v) for k, v in (options.items() if isinstance(options, dict) else [])]
    for path, entry in entries:
        if isinstance(entry, dict) and entry.get("drop") is True:
            pos = nearest_pos(values, f"{path}.drop", file)
            found.append(Diagnostic(pos.file, pos.line, pos.column, "drop-without-base",
                                    "drop: true removes an entry of the variant this file extends, but it extends none",
                                    "remove the entry, or add extends: <base variant id>", f"{path}.drop"))
    return found


def _is_option_root(path: str) -> bool:
    return path == "options"
