"""Stage 1: a rule file's bytes -> plain data + where every value was written.

No rule is checked here, only the YAML itself, and only safely: the size is
capped before parsing, the event stream (which PyYAML produces without
recursion) is scanned first for nesting depth, aliases, tags and several
documents, and only then is the tree composed and turned into Python data by
our own walker, which counts the nodes it visits so an alias bomb cannot
expand. YAML 1.1 surprises (`no` read as false, `012` as octal, `1:30` as 90)
and duplicate keys, which PyYAML accepts silently, are errors here.
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml
import yaml.constructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .diagnostics import Diagnostic
from .yamlscan import MAX_DEPTH, MAX_NODES, scan_events

MAX_BYTES = 1 << 20  # 1 MiB
#: Problems after which the data is still well defined, so later stages may
#: run and report their own errors too (the file is invalid all the same).
SOFT_CODES = {"yaml11-boolean", "yaml11-octal", "yaml11-sexagesimal", "yaml11-underscore", "yaml11-number",
              "yaml11-timestamp", "duplicate-key"}

#: libyaml's parser when PyYAML was built with it (several times faster, same
#: events and marks), else the pure-Python one.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: characters YAML does not allow in a stream (PyYAML's Reader.NON_PRINTABLE)
NON_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
MAP_TAG = "tag:yaml.org,2002:map"
SEQ_TAG = "tag:yaml.org,2002:seq"


@dataclass(frozen=True)
class Pos:
    """Where a value (or a key) was written."""

    file: str
    line: int
    column: int


@dataclass(frozen=True)
class ScalarSpan:
    """The raw source of a string scalar, to map offsets inside it back to the file."""

    start_index: int
    end_index: int
    line: int
    column: int
    style: str | None


@dataclass
class Document:
    """A loaded rule file: its data and the position of every value and key."""

    file: str
    text: str
    data: object
    values: dict[str, Pos] = field(default_factory=dict)  # json path -> value position
    keys: dict[str, Pos] = field(default_factory=dict)  # json path -> key position
    spans: dict[str, ScalarSpan] = field(default_factory=dict)  # json path -> string scalar source

    def pos(self, path: str) -> Pos:
        """The position of a path, falling back to its nearest written ancestor."""
        return nearest_pos(self.values, path, self.file)

    def locate_in_scalar(self, path: str, offset: int) -> Pos:
        """The file position of character `offset` of the string value at `path`.

        Aligns the parsed value with its raw source on non-blank characters, so
        quotes, block indicators, folding and indentation are skipped."""
        span = self.spans.get(path)
        value = get_path(self.data, path)
        if span is None or not isinstance(value, str):
            return self.pos(path)
        raw = self.text[span.start_index : span.end_index]
        skip = 0
        if span.style in ("|", ">"):
            skip = raw.find("\n") + 1 if "\n" in raw else len(raw)
        elif span.style in ("'", '"'):
            skip = 1
        target = sum(1 for ch in value[:offset] if not ch.isspace())
        seen = 0
        for i in range(skip, len(raw)):
            ch = raw[i]
            if ch.isspace() or (span.style in ("'", '"') and ch == span.style):
                continue
            if seen == target:
                return _index_to_pos(self.file, self.text, span.start_index + i)
            seen += 1
        return _index_to_pos(self.file, self.text, span.end_index)


def nearest_pos(values: dict[str, Pos], path: str, file: str) -> Pos:
    """The position of `path` in `values`, or of its nearest ancestor there (else 1:1)."""
    while True:
        if path in values:
            return values[path]
        if not path:
            return Pos(file, 1, 1)
        path = parent_path(path)


def parent_path(path: str) -> str:
    if path.endswith("]"):
        return path[: path.rindex("[")]
    return path.rsplit(".", 1)[0] if "." in path else ""


def join_path(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def get_path(data: object, path: str) -> object:
    """The value at a json path, or None."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if part.startswith("["):
            index = int(part[1:-1])
            if not isinstance(data, list) or index >= len(data):
                return None
            data = data[index]
        else:
            if not isinstance(data, dict) or part not in data:
                return None
            data = data[part]
    return data


#: what YAML counts as a line break (so its marks and our positions agree)
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_ODD_BREAKS = re.compile("[\r\x85\u2028\u2029]")


def _index_to_pos(file: str, text: str, index: int) -> Pos:
    if not _ODD_BREAKS.search(text, 0, index):
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        return Pos(file, line, column)
    line, start = 1, 0
    for found in LINE_BREAK.finditer(text, 0, index):
        line, start = line + 1, found.end()
    return Pos(file, line, index - start + 1)


def _mark(file: str, mark) -> Pos:
    return Pos(file, mark.line + 1, mark.column + 1)


def _diag(pos: Pos, code: str, message: str, hint: str = "", path: str = "") -> Diagnostic:
    return Diagnostic(pos.file, pos.line, pos.column, code, message, hint, path)


def read_text(path: Path, display: str) -> tuple[str | None, list[Diagnostic]]:
    """The file's text, refusing huge files before reading them and invalid UTF-8."""
    origin = Pos(display, 1, 1)
    try:
        info = path.stat()
    except (OSError, ValueError) as exc:
        return None, [_diag(origin, "unreadable-file", f"cannot read the file: {_reason(exc)}")]
    if not stat.S_ISREG(info.st_mode):
        # a named pipe blocks the reader until someone writes; /dev/zero and /dev/urandom never end
        kind = ("a folder" if stat.S_ISDIR(info.st_mode) else "a named pipe" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "a socket"
                if stat.S_ISSOCK(info.st_mode) else "not a regular file")
        return None, [_diag(origin, "unreadable-file", f"cannot read the file: it is {kind}, not a regular file",
                            "give the path of a rule file (a .yaml file saved on disk)")]
    size = info.st_size
    if size > MAX_BYTES:
        return None, [
            _diag(origin, "file-too-large", f"the file is {size} bytes; rule files are limited to {MAX_BYTES} bytes (1 MiB)",
                  "a rule file is a few hundred lines; split it or use extends")
        ]
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)  # never more: a file growing while read is refused by decode
    except (OSError, ValueError) as exc:
        return None, [_diag(origin, "unreadable-file", f"cannot read the file: {_reason(exc)}")]
    return decode(raw, display)


def _reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or str(exc)  # a ValueError (a NUL in the path) has no strerror


def decode(raw: bytes, display: str) -> tuple[str | None, list[Diagnostic]]:
    if len(raw) > MAX_BYTES:
        return None, [_diag(Pos(display, 1, 1), "file-too-large", f"the input is {len(raw)} bytes; rule files are limited to 1 MiB")]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]  # a UTF-8 byte order mark is allowed and ignored
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode("utf-8", errors="replace")
        pos = _index_to_pos(display, before, len(before))
        return None, [
            _diag(pos, "invalid-utf8", f"the file is not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
                  "save the file as UTF-8")
        ]


def load_document(path: Path, display: str | None = None) -> tuple[Document | None, list[Diagnostic]]:
    """Entry point: read and load one rule file."""
    display = display or str(path)
    text, problems = read_text(path, display)
    if text is None:
        return None, problems
    return load_text(text, display)


def load_text(text: str, display: str) -> tuple[Document | None, list[Diagnostic]]:
    """Load YAML text into a Document, or explain exactly why not."""
    problems = _scan_tabs(text, display)
    if problems:
        return None, problems
    if not text.strip() or all(
        not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()
    ):
        return None, [_diag(Pos(display, 1, 1), "empty-file", "the file has no content",
                            "a rule file is a mapping that starts with id: ...")]
    problems = _scan_events(text, display)
    if any(p.code not in SOFT_CODES for p in problems):
        return None, problems
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:  # the event scan already parsed it; kept as a safety net
        return None, [_yaml_error(exc, display, text)]
    if root is None:
        return None, [_diag(Pos(display, 1, 1), "empty-file", "the file has no content")]
    if not isinstance(root, MappingNode):
        kind = "a list" if isinstance(root, SequenceNode) else "a single value"
        return None, [_diag(_mark(display, root.start_mark), "not-a-mapping",
                            f"the file holds {kind}; a rule file is a mapping of fields",
                            "start with id: my-variant, then the sections (deck, players, ...)")]
    walker = _Walker(display, text)
    data = walker.walk(root, "")
    if any(p.code not in SOFT_CODES for p in walker.problems):
        return None, problems + walker.problems
    doc = Document(display, text, data, walker.values, walker.keys, walker.spans)
    at = {(p.line, p.column): path for path, p in walker.values.items()}
    problems = [replace(p, path=at.get((p.line, p.column), p.path)) for p in problems]
    return doc, sorted(problems + walker.problems, key=lambda d: (d.line, d.column))


_TAB_INDENT = re.compile("(?:^|(?<=[\r\n\x85\u2028\u2029])) *\t")  # a line's indentation holding a tab


def _scan_tabs(text: str, display: str) -> list[Diagnostic]:
    problems = []
    for found in _TAB_INDENT.finditer(text):  # a regex, not a loop over a million lines
        problems.append(_diag(_index_to_pos(display, text, found.end() - 1), "tab-indent",
                              "a tab is used for indentation; YAML allows only spaces",
                              "replace the tab with spaces"))
        if len(problems) == 20:
            break
    return problems


def _yaml_error(exc: yaml.YAMLError, display: str, text: str = "") -> Diagnostic:
    if isinstance(exc, yaml.reader.ReaderError):
        # its position is a byte offset with libyaml and a character index without: find the character ourselves
        found = NON_PRINTABLE.search(text)
        pos = _index_to_pos(display, text, found.start()) if found else Pos(display, 1, 1)
        code = ord(found.group()) if found else exc.character
        return _diag(pos, "yaml-syntax", f"malformed YAML: the character U+{code:04X} is not allowed in a YAML file",
                     f'remove it; inside double quotes it can be written as an escape, e.g. "\\x{code:02x}"'
                     if code < 0x100 else "remove it")
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    pos = _clamp(_mark(display, mark), text) if mark is not None else Pos(display, 1, 1)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = f"malformed YAML: {problem}" + (f" ({context})" if context else "")
    hint = "check the indentation and the quotes near this position"
    lines = text.splitlines()
    line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
    if "mapping values are not allowed" in str(problem) and "(" in line[: pos.column]:
        hint = ("an expression with a keyword argument (name: value) must be quoted in YAML, "
                'e.g. award: "most(count(pile), ties: all)"')
    if "found character '\\t'" in str(problem) or "'\\t'" in str(problem):
        hint = "replace the tab with spaces"
    return _diag(pos, "yaml-syntax", message, hint)


def _clamp(pos: Pos, text: str) -> Pos:
    """A position inside the text: at the end of input with no final line break,
    the parser's mark lies on the line after the last one."""
    lines = LINE_BREAK.split(text)
    if pos.line > len(lines):
        return Pos(pos.file, len(lines), len(lines[-1]) + 1)
    return replace(pos, column=min(pos.column, len(lines[pos.line - 1]) + 1)) if pos.line >= 1 else pos


def _scan_events(text: str, display: str) -> list[Diagnostic]:
    try:
        return scan_events(text, display, _LOADER)
    except yaml.YAMLError as exc:
        return [_yaml_error(exc, display, text)]


class _Walker:
    """Turn composed nodes into Python data with a position index."""

    def __init__(self, display: str, text: str):
        self.display = display
        self.text = text
        self.values: dict[str, Pos] = {}
        self.keys: dict[str, Pos] = {}
        self.spans: dict[str, ScalarSpan] = {}
        self.problems: list[Diagnostic] = []
        self.visited = 0
        self.open: set[int] = set()  # the collections being walked, to stop at a cycle
        self.constructor = yaml.constructor.SafeConstructor()

    def walk(self, node, path: str):
        self.visited += 1
        if self.visited > MAX_NODES:
            if not any(p.code == "too-many-nodes" for p in self.problems):
                self.problems.append(_diag(_mark(self.display, node.start_mark), "too-many-nodes",
                                           f"the file expands to more than {MAX_NODES} values",
                                           "aliases that refer to aliases multiply; write the values out"))
            return None
        self.values.setdefault(path, _mark(self.display, node.start_mark))
        if isinstance(node, (MappingNode, SequenceNode)):
            # the event scan refuses a recursive alias and an expansion past MAX_DEPTH; kept as a guard
            # so that no input can make this walk recurse without end
            if id(node) in self.open or len(self.open) >= MAX_DEPTH:
                self.problems.append(_diag(_mark(self.display, node.start_mark), "nesting-too-deep",
                                           f"the YAML is nested more than {MAX_DEPTH} levels deep once aliases are expanded",
                                           "write the values out instead of aliasing them"))
                return None
            self.open.add(id(node))
            try:
                return self._walk_collection(node, path)
            finally:
                self.open.discard(id(node))
        return self._scalar(node, path)

    def _walk_collection(self, node, path: str):
        if isinstance(node, MappingNode):
            result: dict = {}
            first_seen: dict[object, Pos] = {}
            for key_node, value_node in node.value:
                key_pos = _mark(self.display, key_node.start_mark)
                if not isinstance(key_node, ScalarNode):
                    self.problems.append(_diag(key_pos, "bad-key", "a key must be a plain name", "write name: value"))
                    continue
                if key_node.tag == "tag:yaml.org,2002:merge":
                    self.problems.append(_diag(key_pos, "merge-key", "the YAML merge key '<<' is not supported",
                                               "use extends: to build on another variant, or write the fields out"))
                    continue
                if key_node.tag in (MAP_TAG, SEQ_TAG):
                    self.problems.append(self._bad_scalar(key_node, "a key must be a plain name"))
                    continue
                key = self._construct(key_node)
                if key is _BAD:
                    continue
                if not isinstance(key, str):
                    key = str(key) if isinstance(key, int) and not isinstance(key, bool) else key
                if not isinstance(key, str):
                    self.problems.append(_diag(key_pos, "bad-key", f"the key {key!r} is not a name", "quote it or rename it"))
                    continue
                if key in first_seen:
                    first = first_seen[key]
                    self.problems.append(_diag(key_pos, "duplicate-key",
                                               f"the key '{key}' is written twice: first at line {first.line}, again at line {key_pos.line}",
                                               "YAML would silently keep only the last one; remove or merge one of them",
                                               join_path(path, key)))
                    continue
                first_seen[key] = key_pos
                child = join_path(path, key)
                self.keys[child] = key_pos
                result[key] = self.walk(value_node, child)
            return result
        return [self.walk(item, join_path(path, i)) for i, item in enumerate(node.value)]

    def _scalar(self, node: ScalarNode, path: str) -> object:
        if node.tag in (MAP_TAG, SEQ_TAG):
            kind = "mapping" if node.tag == MAP_TAG else "list"
            self.problems.append(self._bad_scalar(node, f"the tag says a {kind} but the value is a single value"))
            return None
        if node.tag == "tag:yaml.org,2002:timestamp":
            value = node.value  # a date to YAML 1.1 only (the scan says so): kept as written, never rewritten
        else:
            value = self._construct(node)
        if value is _BAD:
            return None
        if isinstance(value, str):
            self.spans[path] = ScalarSpan(node.start_mark.index, node.end_mark.index,
                                          node.start_mark.line + 1, node.start_mark.column + 1, node.style)
        elif not isinstance(value, (int, float, bool)) and value is not None:  # pragma: no cover - a guard
            value = str(value)  # only core tags get here (the scan refuses others): kept as text all the same
        return value

    def _construct(self, node: ScalarNode) -> object:
        """The Python value of a scalar, or _BAD (with a problem) when its tag cannot read it
        (`!!int abc`, `!!bool maybe`, a 5000-digit integer, the date 2001-02-30)."""
        try:
            return self.constructor.construct_object(node)
        except (ValueError, KeyError, TypeError, OverflowError, yaml.YAMLError) as exc:
            reason = exc.args[0] if isinstance(exc, ValueError) and exc.args and isinstance(exc.args[0], str) else ""
            self.problems.append(self._bad_scalar(node, reason.split(";")[0]))
            return _BAD

    def _bad_scalar(self, node, reason: str) -> Diagnostic:
        tag = (node.tag or "").replace("tag:yaml.org,2002:", "!!")
        value = node.value if isinstance(node.value, str) else ""
        shown = value if len(value) <= 40 else value[:37] + "..."
        return _diag(_mark(self.display, node.start_mark), "bad-scalar",
                     f"the value '{shown}' cannot be read as {tag}" + (f": {reason}" if reason else ""),
                     "quote the value to keep it as text, or remove the tag that asks for another type")


_BAD = object()
