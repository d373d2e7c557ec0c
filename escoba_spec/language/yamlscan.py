"""The event scan of stage 1: what a rule file's YAML may not do, found before anything is composed.

PyYAML produces its event stream without recursion, so nesting depth, aliases
(how many, whether one holds itself, how deep it nests once expanded), tags,
several documents and YAML 1.1 scalars are all checked here, in one pass,
before the composer or our walker could recurse or expand anything.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import yaml

from .diagnostics import Diagnostic

MAX_DEPTH = 64
MAX_ALIASES = 100
MAX_NODES = 5_000  # a rule file has a few hundred values; aliases must not multiply them


CORE_TAGS = {
    "tag:yaml.org,2002:" + t for t in ("str", "int", "bool", "null", "map", "seq", "float")
}
YAML11_BOOL = re.compile(r"^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
YAML11_OCTAL = re.compile(r"^[-+]?0[0-9_]+$")
YAML11_UNDERSCORE = re.compile(r"^[-+]?[0-9][0-9]*_[0-9_]*(\.[0-9_]*)?$")
YAML11_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")


class _At(NamedTuple):
    file: str
    line: int
    column: int


def _mark(file: str, mark) -> _At:
    return _At(file, mark.line + 1, mark.column + 1)


def _diag(pos: _At, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(pos.file, pos.line, pos.column, code, message, hint)


def scan_events(text: str, display: str, loader) -> list[Diagnostic]:
    """Check depth, aliases, tags, documents and YAML 1.1 scalars on the event stream."""
    problems: list[Diagnostic] = []
    depth = 0
    aliases = 0
    documents = 0
    nodes = 0
    anchors = _Anchors()
    try:
        for event in yaml.parse(text, Loader=loader):
            problem = anchors.see(event, display)
            if problem is not None:
                return [problem]
            if isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.AliasEvent)):
                nodes += 1
                if nodes > MAX_NODES:  # refused before composing: a flat list of a million items is no rule file
                    return [_diag(_mark(display, event.start_mark), "too-many-nodes",
                                  f"the file holds more than {MAX_NODES} keys and values",
                                  "a rule file has a few hundred values; split it or use extends")]
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    return [_diag(_mark(display, event.start_mark), "multiple-documents",
                                  "the file holds more than one YAML document",
                                  "a rule file is one document: remove the '---' separator and what follows, or split the file")]
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return [_diag(_mark(display, event.start_mark), "nesting-too-deep",
                                  f"the YAML is nested more than {MAX_DEPTH} levels deep",
                                  "rule files need only a few levels of nesting")]
                problems.extend(_check_tag(event, display))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    return [_diag(_mark(display, event.start_mark), "too-many-aliases",
                                  f"the file uses more than {MAX_ALIASES} aliases",
                                  "aliases are capped so that a file cannot expand without bound; write the values out")]
            elif isinstance(event, yaml.ScalarEvent):
                problems.extend(_check_tag(event, display))
                problems.extend(_check_yaml11(event, display))
    except yaml.YAMLError as exc:
        if loader is not yaml.SafeLoader and "nesting depth" in str(getattr(exc, "problem", "")):
            # newer libyaml scans ahead and stops at its own limit (1000) before our
            # event count reaches ours: the pure-Python parser locates our limit exactly
            return scan_events(text, display, yaml.SafeLoader)
        raise  # the loader turns it into a located yaml-syntax error
    except RecursionError:  # pragma: no cover - the parser is iterative; kept as a guard
        return [_diag(_At(display, 1, 1), "nesting-too-deep", "the YAML is nested too deeply")]
    return problems


class _Anchors:
    """How deep each anchored node goes once its aliases are expanded.

    The event scan counts the nesting it reads, but an alias stands for its
    whole node: a chain of anchors each holding the one before nests deeper
    than any line of the file, and an anchor whose own node holds its alias
    never ends. Both are found here, on the events, before anything recurses."""

    def __init__(self) -> None:
        self.height: dict[str, int] = {}  # anchor -> levels of collections its node spans, aliases expanded
        self.open: list[list] = []  # per open collection: [anchor or None, tallest child so far]

    def see(self, event, display: str) -> Diagnostic | None:
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            self.open.append([event.anchor, 0])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)) and self.open:
            anchor, tallest = self.open.pop()
            self._child(anchor, tallest + 1)
        elif isinstance(event, yaml.ScalarEvent):
            self._child(event.anchor, 0)
        elif isinstance(event, yaml.AliasEvent):
            name = event.anchor
            pos = _mark(display, event.start_mark)
            if any(anchor == name for anchor, _ in self.open):
                return _diag(pos, "recursive-alias", f"the alias *{name} stands for a value that holds it: "
                             "it would repeat without end",
                             f"an alias may only refer to a value written before it, outside &{name}; write the value out")
            height = self.height.get(name)
            if height is None:
                return None  # an undefined alias: the composer says so, at its place
            if len(self.open) + height > MAX_DEPTH:
                return _diag(pos, "nesting-too-deep",
                             f"the alias *{name} nests the YAML more than {MAX_DEPTH} levels deep once expanded",
                             "aliases of values that hold aliases nest deeper at each step; write the values out")
            self._child(None, height)
        return None

    def _child(self, anchor: str | None, height: int) -> None:
        if anchor is not None:
            self.height[anchor] = height
        if self.open:
            self.open[-1][1] = max(self.open[-1][1], height)


def _check_tag(event, display: str) -> list[Diagnostic]:
    tag = event.tag
    if tag is None or tag in ("!", "?"):
        return []
    if tag in CORE_TAGS:
        return []
    return [_diag(_mark(display, event.start_mark), "unsafe-tag",
                  f"the tag '{tag}' is not allowed",
                  "rule files use plain YAML values only; remove the tag")]


def _check_yaml11(event, display: str) -> list[Diagnostic]:
    if event.style or event.tag is not None:  # libyaml writes a plain style as ""
        return []
    value = event.value
    pos = _mark(display, event.start_mark)
    if YAML11_BOOL.match(value):
        meaning = "true" if value.lower() in ("y", "yes", "on") else "false"
        return [_diag(pos, "yaml11-boolean",
                      f"'{value}' is read as {meaning} by YAML 1.1 and as a string by YAML 1.2",
                      f"write {meaning} for a boolean, or quote it (\"{value}\") for text")]
    if YAML11_OCTAL.match(value) and value.strip("+-") not in ("0",):
        return [_diag(pos, "yaml11-octal",
                      f"'{value}' has a leading zero: YAML 1.1 reads it as an octal number",
                      f"write {value.lstrip('+-0') or '0'} for a decimal number, or quote it for text")]
    if YAML11_UNDERSCORE.match(value):
        return [_diag(pos, "yaml11-underscore",
                      f"'{value}' is read by YAML 1.1 as the number {value.replace('_', '')} and by YAML 1.2 as text",
                      f"write {value.replace('_', '')} for a number, or quote it for text")]
    if YAML11_SEXAGESIMAL.match(value):
        return [_diag(pos, "yaml11-sexagesimal",
                      f"'{value}' is read by YAML 1.1 as a base-60 number",
                      "quote it if it is text")]
    return _two_readings(value, pos)


#: YAML 1.2's core schema, which reads a plain scalar as one of these or else as text
_CORE12 = [
    ("null", re.compile(r"null|Null|NULL|~|")),
    ("bool", re.compile(r"true|True|TRUE|false|False|FALSE")),
    ("int", re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")),
    ("float", re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")),
]
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _reading12(value: str) -> tuple[str, object]:
    for kind, pattern in _CORE12:
        if pattern.fullmatch(value):
            if kind == "int":
                base = {"0o": 8, "0x": 16}.get(value[:2], 10)
                return kind, int(value[2:] if base != 10 else value, base)
            if kind == "float":
                return kind, float(value.replace(".", "") if value.lower().lstrip("+-") in (".inf", ".nan") else value)
            return kind, {"null": None, "bool": value.lower() == "true"}[kind]
    return "str", value


def _reading11(value: str) -> tuple[str, object]:
    tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
    kind = tag.rsplit(":", 1)[-1]
    if kind in ("str", "timestamp"):
        return kind, value
    return kind, _CONSTRUCTOR.construct_object(yaml.ScalarNode(tag, value))


def _same_reading(a: tuple[str, object], b: tuple[str, object]) -> bool:
    if a[0] != b[0]:
        return False
    if isinstance(a[1], float) and isinstance(b[1], float) and a[1] != a[1]:
        return b[1] != b[1]  # both NaN
    return a[1] == b[1]


def _two_readings(value: str, pos: _At) -> list[Diagnostic]:
    """A plain scalar that YAML 1.1 (PyYAML, and most tools) and YAML 1.2 read differently:
    0b101 and 0x1_5 are numbers in 1.1 and text in 1.2; 1e3, -.5 and 0o17 the other way round;
    2001-12-14 a date in 1.1. Read one way here and the other by an editor, the file would
    mean two things."""
    if len(value) > 64 or value[:1] not in tuple("+-.0123456789"):
        return []  # cheap: every reading other than text starts so (null and booleans read alike)
    try:
        old, new = _reading11(value), _reading12(value)
    except (ValueError, OverflowError, yaml.YAMLError):
        return []  # a value PyYAML cannot read: the walker reports it (bad-scalar)
    if _same_reading(old, new):
        return []
    if old[0] == "timestamp":
        return [_diag(pos, "yaml11-timestamp", f"'{value}' is read by YAML 1.1 as a date and by YAML 1.2 as text",
                      f'quote it ("{value}") to keep it as text')]

    def said(reading: tuple[str, object]) -> str:
        return "text" if reading[0] == "str" else f"the number {reading[1]}"
    number = old if old[0] in ("int", "float") else new
    return [_diag(pos, "yaml11-number", f"'{value}' is read by YAML 1.1 as {said(old)} and by YAML 1.2 as {said(new)}",
                  f'write {number[1]} for the number, or quote it ("{value}") for text')]
