"""Stage 3: follow `extends:` and apply options, giving one complete document.

The merge rule (documented in docs/language.md):

* mappings merge key by key, recursively;
* lists replace the base's list whole;
* `scoring.rules` and `options` merge by id: an entry whose id exists
  overlays it, a new id is appended, `drop: true` removes it;
* a scalar or `null` replaces.

Positions travel with the values: every merged value keeps the file, line and
column where it was last written, so later stages point at the house rule
when the house rule is at fault and at the base otherwise.

`extends` names a variant id found in the rules tree or a relative path.
URLs, absolute paths and paths leaving the rules tree are refused; cycles are
reported with the whole chain.
"""

from __future__ import annotations

import bisect
import copy
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Diagnostic, did_you_mean
from .loader import MAX_BYTES, Document, Pos, get_path, join_path, load_document, nearest_pos
from .schema import check_document, variant_schema

MAX_CHAIN = 16
_ID_LINE = re.compile(r"^id:[ \t]*['\"]?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)['\"]?[ \t]*(?:#.*)?$", re.M)


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


def rules_root(path: Path) -> Path:
    """The nearest ancestor folder named `rules`, else the file's own folder."""
    for parent in path.resolve().parents:
        if parent.name == "rules":
            return parent
    return path.resolve().parent


class Resolver:
    """Loads documents once and follows extends chains."""

    def __init__(self) -> None:
        self.cache: dict[Path, tuple[Document | None, list[Diagnostic]]] = {}
        self.index: dict[Path, dict[str, Path]] = {}

    def load(self, path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
        key = path.resolve()
        if key not in self.cache:
            doc, problems = load_document(path, display)
            if doc is not None:
                problems = problems + check_document(doc)
                problems += _check_rule_ids(doc)
            self.cache[key] = (doc, problems)
        return self.cache[key]

    def ids_in(self, root: Path) -> dict[str, Path]:
        """Variant id -> file for every rule file under the rules tree.

        Read from each file's top-level `id:` line rather than by parsing
        every file; the file `extends` picks is then loaded and checked in full."""
        if root not in self.index:
            found: dict[str, Path] = {}
            for candidate in sorted(root.rglob("*.yaml")):
                try:
                    if not candidate.is_file() or candidate.stat().st_size > MAX_BYTES:
                        continue  # not is_file: a named pipe would block the read forever
                    text = candidate.read_text(encoding="utf-8", errors="replace")
                    resolved = candidate.resolve()
                except (OSError, ValueError, RuntimeError):
                    continue
                match = _ID_LINE.search(text)
                if match and root in resolved.parents:  # a symlink out of the tree is no rule file of it
                    found.setdefault(match.group(1), resolved)
            self.index[root] = found
        return self.index[root]

    def resolve(self, path: Path, display: str | None = None, options: dict[str, str] | None = None
                ) -> tuple[Resolved | None, list[Diagnostic]]:
        """Entry point: the complete document of a rule file, or its diagnostics."""
        display = display or str(path)
        try:
            path.resolve()
        except (OSError, ValueError, RuntimeError) as exc:  # a NUL byte in the path, a symlink loop
            return None, [Diagnostic(display, 1, 1, "unreadable-file", f"cannot read the file: {exc}")]
        chain: list[tuple[Path, Document]] = []
        problems: list[Diagnostic] = []
        current, current_display = path, display
        seen: list[Path] = []
        via: tuple[Document, str] | None = None
        while True:
            resolved_path = current.resolve()
            if resolved_path in seen:
                names = " -> ".join(str(p.name) for p in seen + [resolved_path])
                doc0 = chain[-1][1]
                pos = doc0.pos("extends")
                problems.append(Diagnostic(pos.file, pos.line, pos.column, "extends-cycle",
                                           f"extends forms a cycle: {names}",
                                           "a variant cannot build on itself; point extends at a base variant", "extends"))
                return None, problems
            seen.append(resolved_path)
            doc, file_problems = self.load(current, current_display)
            problems.extend(file_problems)
            if doc is None:
                return None, problems
            chain.append((current, doc))
            base = doc.data.get("extends")
            if base is None:
                break
            if not isinstance(base, str) or any(p.severity == "error" and p.path == "extends" for p in file_problems):
                return None, problems  # the schema has already said what is wrong with it
            if len(chain) > MAX_CHAIN:
                pos = doc.pos("extends")
                problems.append(Diagnostic(pos.file, pos.line, pos.column, "extends-too-deep",
                                           f"more than {MAX_CHAIN} files extend each other", "", "extends"))
                return None, problems
            target, problem = self._find_base(current, doc, base)
            if problem is not None:
                problems.append(problem)
                return None, problems
            current, current_display = target, _display_for(target, path, display)
        if any(p.severity == "error" for p in problems):
            return None, problems  # nothing to merge: a file of the chain is already wrong
        # merge from the root base to the file itself
        chain.reverse()
        root_doc = chain[0][1]
        data = copy.deepcopy(root_doc.data)
        values = dict(root_doc.values)
        keys = dict(root_doc.keys)
        origins = {p: root_doc.file for p in root_doc.values}
        for _, doc in chain[1:]:
            data, values, keys, origins = merge_documents(data, values, keys, origins, doc.data, doc.values, doc.keys,
                                                          doc.file, problems=problems)
        data.pop("extends", None)
        problems.extend(_drops_without_base(data, values, root_doc.file))
        digest = hashlib.sha256()
        for _, doc in chain:
            digest.update(doc.text.encode("utf-8"))
        resolved = Resolved(
            file=display, data=data, values=values, keys=keys,
            docs={doc.file: doc for _, doc in chain}, origins=origins,
            chain=[doc.data.get("id", "") for _, doc in reversed(chain[:-1])],
            sha256=digest.hexdigest(),
        )
        if any(p.severity == "error" for p in problems):
            return None, problems
        problems.extend(_check_complete(resolved))
        if any(p.severity == "error" for p in problems):
            return None, problems
        problems.extend(apply_options(resolved, options or {}))
        if any(p.severity == "error" for p in problems):
            return None, problems
        return resolved, problems

    def _find_base(self, current: Path, doc: Document, base: str) -> tuple[Path, Diagnostic | None]:
        pos = doc.pos("extends")

        def fail(code: str, message: str, hint: str) -> tuple[Path, Diagnostic]:
            return current, Diagnostic(pos.file, pos.line, pos.column, code, message, hint, "extends")

        if "://" in base or base.startswith(("http:", "https:", "file:", "ftp:")):
            return fail("extends-url", f"extends names a URL ({base}); only local rule files can be extended",
                        "download the base into your rules folder and extend it by id or relative path")
        root = rules_root(current)
        if base.endswith((".yaml", ".yml")) or "/" in base or "\\" in base:
            if Path(base).is_absolute() or base.startswith("\\"):
                return fail("extends-outside", f"extends uses an absolute path ({base})",
                            "use a path relative to this file, inside the rules folder")
            try:  # a NUL byte or an over-long name is no file either
                target = (current.resolve().parent / base).resolve()
                outside = root not in target.parents and target != root
                exists = not outside and target.is_file()
            except (OSError, ValueError, RuntimeError):  # RuntimeError: a symlink loop
                outside, exists = False, False
            if outside:
                return fail("extends-outside", f"extends leaves the rules tree ({base} is outside {root.name}/)",
                            "a rule file may only extend files inside its rules folder")
            if not exists:
                shown = base if base.isprintable() else repr(base)
                return fail("extends-missing", f"extends names a file that does not exist: {shown}",
                            "check the relative path, or extend by variant id")
            return target, None
        ids = self.ids_in(root)
        if base not in ids:
            hint = did_you_mean(base, ids) or ("known ids: " + ", ".join(sorted(ids)) if ids else "")
            return fail("extends-missing", f"extends names the variant '{base}', which no file in {root.name}/ defines", hint)
        target = ids[base]
        found, _ = self.load(target, str(target))
        if found is not None and found.data.get("id") != base:
            return fail("extends-missing", f"extends names the variant '{base}', but {target.name} does not define it",
                        "check the id: line of that file")
        return target, None


def _display_for(target: Path, first: Path, first_display: str) -> str:
    """Show a base file relative to where the user pointed, when possible."""
    try:
        base_dir = Path(first_display).parent
        rel = Path(__import__("os").path.relpath(target, first.resolve().parent))
        return str(base_dir / rel) if str(base_dir) != "." else str(rel)
    except ValueError:
        return str(target)


def _check_rule_ids(doc: Document) -> list[Diagnostic]:
    rules = get_path(doc.data, "scoring.rules")
    out = []
    if isinstance(rules, list):
        first: dict[str, int] = {}
        for i, rule in enumerate(rules):
            if isinstance(rule, dict) and isinstance(rule.get("id"), str):
                rid = rule["id"]
                if rid in first:
                    pos = doc.pos(f"scoring.rules[{i}].id")
                    line = doc.pos(f"scoring.rules[{first[rid]}].id").line
                    out.append(Diagnostic(pos.file, pos.line, pos.column, "duplicate-id",
                                          f"the scoring rule id '{rid}' is used twice (first at line {line})",
                                          "give each scoring rule its own id", f"scoring.rules[{i}].id"))
                else:
                    first[rid] = i
    return out


def _check_complete(resolved: Resolved) -> list[Diagnostic]:
    """A resolved variant must have what a base variant must have."""
    required = variant_schema()["then"]["required"]
    out = []
    for key in required:
        if key not in resolved.data:
            pos = resolved.pos("")
            out.append(Diagnostic(pos.file, pos.line, pos.column, "missing-key",
                                  f"the variant has no '{key}', and no base gives one",
                                  f"add {key}: ... or extends: a base variant", key))
    for i, rule in enumerate(get_path(resolved.data, "scoring.rules") or []):
        if isinstance(rule, dict) and "award" not in rule:
            p = f"scoring.rules[{i}]"
            pos = resolved.pos(p)
            out.append(Diagnostic(pos.file, pos.line, pos.column, "missing-key",
                                  f"the scoring rule '{rule.get('id')}' has no award expression",
                                  "add award: <boolean expression>, e.g. award: most(count(pile))", p))
    return out


# --- merging -----------------------------------------------------------------

_BY_ID_LISTS = {"scoring.rules"}


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
            if here in _BY_ID_LISTS and isinstance(value, list) and isinstance(target.get(key), list):
                merge_by_id(target[key], value, here, src)
                if src in over_values:  # the list was last written here (a house rule may have dropped every entry)
                    t_values[here] = over_values[src]
                    t_origins[here] = over_file
            elif isinstance(value, dict) and isinstance(target.get(key), dict) and not _is_option_root(here):
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


def _drops_without_base(data: dict, values: dict[str, Pos], file: str) -> list[Diagnostic]:
    """A `drop: true` left after the merge was written in the root of the chain,
    where there is nothing to drop."""
    found = []
    scoring = data.get("scoring")
    rules = scoring.get("rules") if isinstance(scoring, dict) else None
    entries = [(f"scoring.rules[{i}]", r) for i, r in enumerate(rules if isinstance(rules, list) else [])]
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


# --- options -------------------------------------------------------------------


def option_choices(spec: dict) -> list[str]:
    if "choices" in spec and isinstance(spec["choices"], dict):
        return [str(c) for c in spec["choices"]]
    return [_text(v) for v in spec.get("values", [])]


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def apply_options(resolved: Resolved, chosen: dict[str, str]) -> list[Diagnostic]:
    """Apply each option's chosen (or default) choice to the resolved document."""
    problems: list[Diagnostic] = []
    options = resolved.data.get("options") or {}
    chosen = {str(k): _text(v) for k, v in chosen.items()}  # {"target": 15} from Python means "15"
    for name in chosen:
        if name not in options:
            pos = resolved.pos("options")
            hint = did_you_mean(name, options) or ("options: " + ", ".join(options) if options else "this variant has no options")
            problems.append(Diagnostic(resolved.file, 0, 0, "unknown-option",
                                       f"the variant has no option '{name}'", hint, "options"))
    if problems:
        return problems
    for name, spec in options.items():
        path = f"options.{name}"
        if "field" in spec:
            problems.extend(_apply_field_option(resolved, name, spec, chosen.get(name), path))
        elif "choices" in spec:
            problems.extend(_apply_choice_option(resolved, name, spec, chosen.get(name), path))
        else:
            pos = resolved.pos(path)
            problems.append(Diagnostic(pos.file, pos.line, pos.column, "bad-option",
                                       f"the option '{name}' has neither field/values nor choices",
                                       "give field: and values:, or choices: and default:", path))
    return problems


#: top-level fields an option may not set: the variant's identity (an option
#: renaming the variant would compile to another module) and its base
NOT_OPTION_FIELDS = frozenset({"id", "extends", "$schema"})


def _apply_field_option(resolved: Resolved, name: str, spec: dict, choice: str | None, path: str) -> list[Diagnostic]:
    field_path = spec["field"]
    pos = resolved.pos(f"{path}.field")
    problems = []
    if "values" not in spec:
        return [Diagnostic(pos.file, pos.line, pos.column, "bad-option", f"the option '{name}' has a field but no values",
                           "list the values the field may take", path)]
    if field_path in NOT_OPTION_FIELDS:
        return [Diagnostic(pos.file, pos.line, pos.column, "bad-option-field",
                           f"the option '{name}' names the field '{field_path}', which says what the file is, "
                           "not how the game is played",
                           "an option changes a rule of the game; make a house rule (a file with extends:) for "
                           "another variant", f"{path}.field")]
    field_schema = _schema_for(field_path)
    if field_schema is None:
        known = _all_field_paths()
        return [Diagnostic(pos.file, pos.line, pos.column, "unknown-option-field",
                           f"the option '{name}' names the field '{field_path}', which does not exist",
                           did_you_mean(field_path, known) or "use a dotted path such as match.target", f"{path}.field")]
    from .schema import Validator

    validator = Validator(field_schema)
    for i, value in enumerate(spec["values"]):
        if any(True for _ in validator.iter_errors(value)):
            vpos = resolved.pos(f"{path}.values[{i}]")
            problems.append(Diagnostic(vpos.file, vpos.line, vpos.column, "bad-option-value",
                                       f"the option '{name}' offers {value!r}, which {field_path} cannot take",
                                       _field_hint(field_schema), f"{path}.values[{i}]"))
    if problems:
        return problems
    current = get_path(resolved.data, field_path)
    values = spec["values"]
    if not any(_same(current, v) for v in values):
        return [Diagnostic(pos.file, pos.line, pos.column, "option-default-missing",
                           f"the option '{name}' does not list the variant's own value of {field_path} ({_text(current)})",
                           "the variant's value is the option's default: add it to values", f"{path}.values")]
    default = _text(current)
    resolved.defaults[name] = default
    if choice is None:
        resolved.chosen[name] = default
        return []
    match = next((v for v in values if _text(v) == choice), None)
    if match is None:
        return [Diagnostic(resolved.file, 0, 0, "bad-option-choice",
                           f"the option '{name}' cannot be '{choice}'",
                           "choose one of: " + ", ".join(_text(v) for v in values), path)]
    _set_path(resolved.data, field_path, match)
    resolved.chosen[name] = choice
    return []


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _apply_choice_option(resolved: Resolved, name: str, spec: dict, choice: str | None, path: str) -> list[Diagnostic]:
    choices = spec["choices"]
    default = spec.get("default")
    if default is None or default not in choices:
        dpos = resolved.pos(f"{path}.default")
        return [Diagnostic(dpos.file, dpos.line, dpos.column, "unknown-choice",
                           f"the option '{name}' needs a default naming one of its choices ({', '.join(choices)})",
                           did_you_mean(str(default), choices) if default else "add default: <choice>", f"{path}.default")]
    resolved.defaults[name] = default
    picked = choice if choice is not None else default
    if picked not in choices:
        return [Diagnostic(resolved.file, 0, 0, "bad-option-choice", f"the option '{name}' cannot be '{picked}'",
                           "choose one of: " + ", ".join(choices), path)]
    overlay = choices[picked] or {}
    src = f"{path}.choices.{picked}"
    over_values = {p[len(src) + 1:] if p != src else "": v for p, v in resolved.values.items() if p.startswith(src)}
    over_keys = {p[len(src) + 1:]: v for p, v in resolved.keys.items() if p.startswith(src + ".")}
    file = resolved.origins.get(src, resolved.file)
    problems: list[Diagnostic] = []
    data, values, keys, origins = merge_documents(
        resolved.data, resolved.values, resolved.keys, resolved.origins, overlay, over_values, over_keys, file,
        problems=problems)
    resolved.data, resolved.values, resolved.keys, resolved.origins = data, values, keys, origins
    resolved.chosen[name] = picked
    return problems


def _set_path(data: dict, dotted: str, value: object) -> None:
    parts = dotted.split(".")
    for part in parts[:-1]:
        data = data.setdefault(part, {})
    data[parts[-1]] = value


def _schema_for(dotted: str) -> dict | None:
    """The schema of a field named by a dotted path, or None when no such field exists."""
    root = variant_schema()
    node: dict = root
    for part in dotted.split("."):
        node = _deref(root, node)
        props = node.get("properties", {})
        if part not in props:
            return None
        node = props[part]
    node = _deref(root, node)
    types = node.get("type")
    types = types if isinstance(types, list) else [types]
    if "object" in types or "array" in types:
        return None
    return node


def _deref(root: dict, node: dict) -> dict:
    while "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        node = root["definitions"][name]
    return node


def _all_field_paths() -> list[str]:
    root = variant_schema()
    out: list[str] = []

    def walk(node: dict, prefix: str, depth: int) -> None:
        node = _deref(root, node)
        if depth > 4:
            return
        for key, sub in node.get("properties", {}).items():
            if key in ("sources", "options", "rules"):
                continue
            path = f"{prefix}.{key}" if prefix else key
            if path in NOT_OPTION_FIELDS:
                continue
            out.append(path)
            walk(sub, path, depth + 1)

    walk(root, "", 0)
    return out


def _field_hint(schema: dict) -> str:
    if "enum" in schema:
        return "allowed: " + ", ".join(map(str, schema["enum"]))
    if "minimum" in schema and "maximum" in schema:
        return f"allowed: {schema['type']} from {schema['minimum']} to {schema['maximum']}"
    return schema.get("description", "")[:160]
