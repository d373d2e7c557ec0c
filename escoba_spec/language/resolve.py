"""Stage 3: follow `extends:` and apply options, giving one complete document.

`Resolver.resolve` loads the file and every base it builds on (each checked
against the schema once and cached), merges them from the root base down by
the merge rule (`merge.py`), checks that the result is a whole variant, and
applies the options (`options.py`); the result is a `Resolved` document.

`extends` names a variant id found in the rules tree or a relative path.
URLs, absolute paths and paths leaving the rules tree are refused; cycles are
reported with the whole chain.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
from dataclasses import replace
from pathlib import Path

from .diagnostics import Diagnostic, did_you_mean, shown_name
from .loader import MAX_BYTES, Document, get_path, load_document
from .merge import drops_without_base, merge_documents
from .options import apply_options
from .resolved import Resolved
from .salvage import Stable, placed, renumber_after_removal, salvage, unrelated
from .schema import check_document, variant_schema

MAX_CHAIN = 16
_ID_LINE = re.compile(r"^id:[ \t]*['\"]?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)['\"]?[ \t]*(?:#.*)?$", re.M)

def rules_root(path: Path) -> Path:
    """The nearest ancestor folder named `rules`, else the file's own folder."""
    for parent in path.resolve().parents:
        if parent.name == "rules":
            return parent
    return path.resolve().parent


def shipped_rules(package: Path | None = None) -> Path | None:
    """The folder of the rule files shipped with the package, which any rule file may
    extend by id: `escoba_spec/rules` in an installed wheel, the checkout's `rules/`
    beside the package in a source or editable install (pyproject maps one to the other)."""
    package = package or Path(__file__).resolve().parents[1]
    for folder in (package / "rules", package.parent / "rules"):
        if (folder / "escoba-de-15.yaml").is_file():  # a shipped variant: not some other rules/ folder
            return folder
    return None


def _within(path: Path, folder: Path | None) -> bool:
    return folder is not None and folder.resolve() in path.parents


class Resolver:
    """Loads documents once and follows extends chains.

    `confine`: a folder outside of which nothing is read (the studio's): a file's rules tree is
    cut down to it, and `extends` reaches only files inside it and the shipped variants, with
    `confine_hint` saying why when it reaches further."""

    def __init__(self, confine: Path | None = None, confine_hint: str = "") -> None:
        self.confine = confine.resolve() if confine is not None else None
        self.confine_hint = confine_hint
        self.cache: dict[Path, tuple[Document | None, list[Diagnostic]]] = {}
        self.index: dict[Path, dict[str, Path]] = {}
        #: errors after which the stages still run, to find the rest: the schema errors whose
        #: nodes `salvage` took out, and a duplicate variant id; and the paths taken out of each
        #: file's document
        self.tolerated: set[Diagnostic] = set()
        self.pruned: dict[str, tuple[Stable, ...]] = {}
        #: rules tree -> variant id -> every file of the tree with that id (only ids held by two or more)
        self.shared: dict[Path, dict[str, list[Path]]] = {}
        #: variant id -> the first file resolved with it by this resolver (one run of a command)
        self.resolved_ids: dict[str, Path] = {}

    def load(self, path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
        """A file's document and its diagnostics; after a schema error, the document
        without the nodes at fault (`salvage`), so the rest is still checked."""
        key = path.resolve()
        if key not in self.cache:
            doc, problems = self.read(path, display)
            if doc is not None:
                schema = check_document(doc)
                # a value YAML 1.1 reads otherwise (`ties: yes` is true) is said once, by the loader,
                # with its fix: the schema's errors on what it read there would only repeat it
                misread = {(p.line, p.column) for p in problems if p.code.startswith("yaml11-")}
                repeated = {}
                for d in schema:
                    if (d.line, d.column) in misread:
                        repeated.setdefault((d.line, d.column), d.message)
                problems = [replace(p, hint=f"{p.hint} (here {repeated[p.line, p.column]})")
                            if p.code.startswith("yaml11-") and (p.line, p.column) in repeated else p for p in problems]
                problems = problems + [d for d in schema if (d.line, d.column) not in misread] + _check_entry_ids(doc)
                if any(d.severity == "error" for d in schema) and not _errors(problems, set(schema)):
                    salvaged = salvage(doc, schema)
                    if salvaged is not None:  # else the errors stop the stages, as any other does
                        doc, self.pruned[doc.file] = salvaged
                        self.tolerated.update(d for d in schema if d.severity == "error")
            self.cache[key] = (doc, problems)
        return self.cache[key]

    def read(self, path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
        """One file's document as it is on disk (the studio's resolver reads the text being
        edited instead, so an unsaved buffer is checked with the files it extends)."""
        return load_document(path, display)

    def _failed(self, problems: list[Diagnostic]) -> bool:
        """Whether an error stops the stages: any but a tolerated one."""
        return _errors(problems, self.tolerated)

    def tree(self, path: Path) -> Path:
        """The rules tree of the file at `path` (`rules_root`), no wider than the confining folder."""
        root = rules_root(path)
        if self.confine is not None and root != self.confine and self.confine not in root.parents:
            return self.confine
        return root

    def ids_in(self, root: Path) -> dict[str, Path]:
        """Variant id -> file for every rule file under the rules tree.

        Read from each file's top-level `id:` line rather than by parsing
        every file; the file `extends` picks is then loaded and checked in full."""
        if root not in self.index:
            found: dict[str, Path] = {}
            every: dict[str, list[Path]] = {}
            for candidate in _yaml_files(root):
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
                    if resolved not in every.setdefault(match.group(1), []):
                        every[match.group(1)].append(resolved)
            self.index[root] = found
            self.shared[root] = {vid: files for vid, files in every.items() if len(files) > 1}
        return self.index[root]

    def locate(self, variant_id: str, root: Path) -> Path | None:
        """The file defining `variant_id`: in the rules tree `root` if one does, else
        among the shipped variants (so a designer's own folder anywhere on disk can
        build on them), else None."""
        found = self.ids_in(root).get(variant_id)
        shipped = shipped_rules()
        if found is None and shipped is not None and shipped != root:
            found = self.ids_in(shipped).get(variant_id)
        return found

    def known_ids(self, root: Path) -> set[str]:
        """Every id `extends` can name from the rules tree `root`."""
        shipped = shipped_rules()
        return set(self.ids_in(root)) | (set(self.ids_in(shipped)) if shipped is not None else set())

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
            same = self._same_id(current, doc) if len(chain) == 1 else []
            problems.extend(same)
            self.tolerated.update(same)  # the file is wrong, but its other errors are worth showing too
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
        if self._failed(problems):
            return None, problems  # nothing to merge: a file of the chain is already wrong
        # merge from the root base to the file itself
        chain.reverse()
        root_doc = chain[0][1]
        data = copy.deepcopy(root_doc.data)
        values = dict(root_doc.values)
        keys = dict(root_doc.keys)
        origins = {p: root_doc.file for p in root_doc.values}
        pruned = placed(tuple(p for _, doc in chain for p in self.pruned.get(doc.file, ())), data)
        for _, doc in chain[1:]:
            merged: list[Diagnostic] = []
            data, values, keys, origins = merge_documents(data, values, keys, origins, doc.data, doc.values, doc.keys,
                                                          doc.file, problems=merged)
            problems.extend(unrelated(merged, pruned))
        data.pop("extends", None)
        pruned = placed(tuple(p for _, doc in chain for p in self.pruned.get(doc.file, ())), data)
        problems.extend(unrelated(drops_without_base(data, values, root_doc.file), pruned))
        digest = hashlib.sha256()
        for _, doc in chain:
            digest.update(doc.text.encode("utf-8"))
        resolved = Resolved(
            file=display, data=data, values=values, keys=keys,
            docs={doc.file: doc for _, doc in chain}, origins=origins,
            chain=[doc.data.get("id", "") for _, doc in reversed(chain[:-1])],
            sha256=digest.hexdigest(), pruned=pruned,
        )
        if self._failed(problems):
            return None, problems
        problems.extend(unrelated(_check_complete(resolved), pruned, resolved.data))
        if self._failed(problems):
            return None, problems
        problems.extend(unrelated(apply_options(resolved, options or {}), pruned, resolved.data))
        if self._failed(problems):
            return None, problems
        problems.extend(unrelated(_phantoms(resolved), pruned, resolved.data))
        if self._failed(problems):
            return None, problems
        return resolved, problems

    def _same_id(self, path: Path, doc: Document) -> list[Diagnostic]:
        """The file a command was given, when another file of its rules tree has its id too (extends
        by that id would pick one of them silently, and both compile to one module), or another file
        given in the same run does (compile and build write one module per id)."""
        vid = doc.data.get("id")
        if not isinstance(vid, str):
            return []
        here = path.resolve()
        root = self.tree(path)
        self.ids_in(root)
        others = [f for f in self.shared[root].get(vid, []) if f != here]
        first = self.resolved_ids.setdefault(vid, here)
        in_run = first != here  # given in the same run: the run would write one module for both
        if in_run and first not in others:
            others.append(first)
        if not others:
            return []
        pos = doc.pos("id")
        shown = ", ".join(_shown(f, root) for f in others)
        module = f"{vid.replace('-', '_')}.py"
        if in_run:
            return [Diagnostic(pos.file, pos.line, pos.column, "duplicate-variant-id",
                               f"the variant id '{vid}' is also the id of {shown}",
                               f"give each rule file its own id: both would compile to the one module {module}", "id")]
        # a draft copy beside its original is checked as it is: what the shared id breaks (a file
        # extending it: extends-ambiguous; a build of the folder: this error) is an error there
        return [Diagnostic(pos.file, pos.line, pos.column, "duplicate-variant-id",
                           f"the variant id '{vid}' is also the id of {shown} in this folder",
                           f"give the file its own id before a file extends '{vid}' (which could mean either) or "
                           f"the folder is built (both would compile to {module})", "id", severity="warning")]

    def _find_base(self, current: Path, doc: Document, base: str) -> tuple[Path, Diagnostic | None]:
        pos = doc.pos("extends")

        def fail(code: str, message: str, hint: str) -> tuple[Path, Diagnostic]:
            return current, Diagnostic(pos.file, pos.line, pos.column, code, message, hint, "extends")

        if "://" in base or base.startswith(("http:", "https:", "file:", "ftp:")):
            return fail("extends-url", f"extends names a URL ({base}); only local rule files can be extended",
                        "download the base into your rules folder and extend it by id or relative path")
        root = self.tree(current)
        if base.endswith((".yaml", ".yml")) or "/" in base or "\\" in base:
            if Path(base).is_absolute() or base.startswith("\\"):
                return fail("extends-outside", f"extends uses an absolute path ({base})",
                            "use a path relative to this file, inside the rules folder")
            tree = rules_root(current)
            try:  # a NUL byte or an over-long name is no file either
                target = (current.resolve().parent / base).resolve()
                outside = tree not in target.parents
                confined = not outside and root not in target.parents and not _within(target, shipped_rules())
                exists = not outside and not confined and target.is_file()
            except (OSError, ValueError, RuntimeError):  # RuntimeError: a symlink loop
                outside, confined, exists = False, False, False
            if outside:
                return fail("extends-outside", f"extends leaves the rules tree ({base} is outside {tree.name}/)",
                            "a rule file may only extend files inside its rules folder")
            if confined:  # inside the rules tree, but outside the one folder read here
                return fail("extends-outside", f"extends leaves the folder read here ({base} is outside {root.name}/)",
                            self.confine_hint or "only files inside that folder, and the shipped variants by id, "
                            "can be extended here")
            if not exists:
                shown = base if base.isprintable() else repr(base)
                return fail("extends-missing", f"extends names a file that does not exist: {shown}",
                            "check the relative path, or extend by variant id")
            return target, None
        target = self.locate(base, root)
        shared = self.shared.get(root, {}).get(base, []) if target is not None and target in self.ids_in(root).values() \
            else []
        if len(shared) > 1:
            return fail("extends-ambiguous", f"extends names the variant '{base}', which {len(shared)} files of "
                        f"{root.name}/ define: " + ", ".join(_shown(f, root) for f in shared),
                        "give each of those files its own id, or extend one of them by its relative path")
        if target is None:
            ids = self.known_ids(root)
            hint = did_you_mean(base, ids) or ("known ids: " + ", ".join(sorted(ids)) if ids else "")
            return fail("extends-missing", f"extends names the variant '{base}', which no file in {root.name}/ "
                        "and no shipped variant defines", hint)
        found, _ = self.load(target, str(target))
        if found is not None and found.data.get("id") != base:
            return fail("extends-missing", f"extends names the variant '{base}', but {target.name} does not define it",
                        "check the id: line of that file")
        return target, None


def _shown(path: Path, root: Path) -> str:
    """Another file's name as a message names it (a newline or a byte that is not UTF-8 escaped)."""
    try:
        return shown_name(path.relative_to(root.resolve()).as_posix())
    except ValueError:
        return shown_name(str(path))


def _errors(problems: list[Diagnostic], tolerated: set[Diagnostic]) -> bool:
    return any(p.severity == "error" and p not in tolerated for p in problems)


def _display_for(target: Path, first: Path, first_display: str) -> str:
    """Show a base file relative to where the user pointed, when it is in the same
    rules tree (a shipped base elsewhere is shown by its whole path)."""
    if rules_root(target) != rules_root(first):
        return str(target)
    try:
        base_dir = Path(first_display).parent
        rel = Path(os.path.relpath(target, first.resolve().parent))
        return str(base_dir / rel) if str(base_dir) != "." else str(rel)
    except ValueError:
        return str(target)


def _check_entry_ids(doc: Document) -> list[Diagnostic]:
    """Ids used twice in one file's lists merged by id (the merge would fold them into one)."""
    out = []
    for path, what in (("scoring.rules", "scoring rule"), ("scoring.events", "event"), ("declarations.rules", "declaration"),
                       ("capture.kinds", "capture kind")):
        entries = get_path(doc.data, path)
        if not isinstance(entries, list):
            continue
        first: dict[str, int] = {}
        for i, entry in enumerate(entries):
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                rid = entry["id"]
                if rid in first:
                    pos = doc.pos(f"{path}[{i}].id")
                    line = doc.pos(f"{path}[{first[rid]}].id").line
                    out.append(Diagnostic(pos.file, pos.line, pos.column, "duplicate-id",
                                          f"the {what} id '{rid}' is used twice (first at line {line})",
                                          f"give each {what} its own id", f"{path}[{i}].id"))
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
    for path, key, what, hint in _ENTRY_NEEDS:
        entries = get_path(resolved.data, path) or []
        known = [e["id"] for e in entries if isinstance(e, dict) and key in e and isinstance(e.get("id"), str)]
        for i, entry in enumerate(entries):
            if isinstance(entry, dict) and key not in entry:
                p = f"{path}[{i}]"
                pos = resolved.pos(p)
                rid = entry.get("id")
                meant = did_you_mean(str(rid), known) if resolved.docs and len(resolved.docs) > 1 else ""
                if meant:  # a house rule changing a base's entry under a misspelt id: adding award: would add a rule
                    out.append(Diagnostic(pos.file, pos.line, pos.column, "missing-key",
                                          what.format(id=rid) + ", and no base has one of that id to change",
                                          f"{meant} (to change the base's, write its id; a new one needs {key}:)", p))
                    continue
                out.append(Diagnostic(pos.file, pos.line, pos.column, "missing-key",
                                      what.format(id=rid), hint, p))
    return out


#: entries of the lists merged by id that a house rule may write in part, and what the merged entry needs
_ENTRY_NEEDS = (
    ("scoring.rules", "award", "the scoring rule '{id}' has no award expression",
     "add award: <boolean expression>, e.g. award: most(count(pile))"),
    ("capture.kinds", "take", "the capture kind '{id}' has no take, and no base gives one",
     "add take: equal-rank, equal-value, sum, sum-with-played or whole-table"),
)


def _phantoms(resolved: Resolved) -> list[Diagnostic]:
    """Entries an option's choice changed that were not there: the merge added them as new entries
    with no award (or take), which would never apply. One that the file, a base or another option
    drops is moot (a choice renaming a rule another choice drops: the rule stays dropped) and is taken
    out; any other (a misspelt id) is an error. Checked after the options, as `_check_complete` is
    before them."""
    out = []
    dropped = _dropped_ids(resolved)
    for path, key, what, _ in _ENTRY_NEEDS:
        entries = get_path(resolved.data, path) or []
        known = [e["id"] for e in entries if isinstance(e, dict) and key in e and isinstance(e.get("id"), str)]
        for i in reversed(range(len(entries))):
            entry = entries[i]
            if not isinstance(entry, dict) or key in entry:
                continue
            if (path, entry.get("id")) in dropped:
                _remove_entry(resolved, path, i)
                continue
            name = what.split("'")[0].replace("the ", "").strip()
            pos = resolved.pos(f"{path}[{i}].id")
            rid = entry.get("id")
            out.append(Diagnostic(pos.file, pos.line, pos.column, "phantom-entry",
                                  f"an option's choice changes the {name} '{rid}', which the variant does not have: "
                                  f"it would be a {name} with no {key}, never applying",
                                  did_you_mean(str(rid), known) or f"change a {name} the variant has "
                                  f"({', '.join(known)}), or give this one its {key}", f"{path}[{i}]"))
    return out


def _dropped_ids(resolved: Resolved) -> set[tuple[str, object]]:
    """(list path, id) of every entry some file of the chain or some option's choice drops."""
    overlays = [doc.data for doc in resolved.docs.values()]
    options = resolved.data.get("options")
    for spec in (options.values() if isinstance(options, dict) else []):
        choices = spec.get("choices") if isinstance(spec, dict) else None
        overlays += [c for c in (choices.values() if isinstance(choices, dict) else []) if isinstance(c, dict)]
    found = set()
    for overlay in overlays:
        for path, _, _, _ in _ENTRY_NEEDS:
            entries = get_path(overlay, path)
            for entry in entries if isinstance(entries, list) else []:
                if isinstance(entry, dict) and entry.get("drop") is True:
                    found.add((path, entry.get("id")))
    return found


def _remove_entry(resolved: Resolved, path: str, index: int) -> None:
    """Take entry `index` out of the list at `path`, moving the positions of the entries after it."""
    del get_path(resolved.data, path)[index]
    for table in (resolved.values, resolved.keys, resolved.origins):
        renumber_after_removal(table, path, index)


def _yaml_files(root: Path) -> list[Path]:
    """Every `*.yaml` file under `root`, sorted, symlinked folders not followed. A folder that
    vanishes or cannot be read while it is walked (a scratch folder deleted meanwhile) is passed
    over, where pathlib's rglob raises."""
    found = []
    for folder, _, files in os.walk(root):
        found.extend(Path(folder) / name for name in files if name.endswith(".yaml"))
    return sorted(found)
