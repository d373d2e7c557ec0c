"""Hypothesis: the strategies that would have found issue 21's classes 1 to 6.

Each strategy writes hostile input of one class (aliases that hold
themselves or nest past the limit, whole-number floats where integers go,
YAML 1.1 scalars, rules trees with one id twice, options that leave a rule
without its award) and checks the promise: located errors, never an
exception, and the specific error the class must give.
"""

from __future__ import annotations

import copy
import re
import shutil

import yaml
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.language.loader import MAX_DEPTH, load_text

from .conftest import RULES
from .fuzz_support import assert_answer

HOUSE = "id: c-fuzz\nextends: escoba-de-15\n"


class _Aliased:
    """A random flow-style YAML value with anchors and aliases, and what it must give.

    Heights are counted as the loader counts nesting (collections only), so the
    depth of the value once every alias is expanded is known exactly."""

    def __init__(self, data) -> None:
        self.data = data
        self.heights: dict[str, int] = {}
        self.open: list[str] = []
        self.recursive = False  # an alias written inside its own anchor
        self.deepest = 0  # the expanded depth, below the top-level mapping
        self.count = 0

    def node(self, depth: int) -> tuple[str, int]:
        draw = self.data.draw
        names = sorted(self.heights) + self.open
        kinds = ["scalar", "list", "map"] + (["alias"] * 2 if names else [])
        kind = draw(st.sampled_from(kinds if depth < 5 else ["scalar"] + (["alias"] if names else [])))
        if kind == "scalar":
            return draw(st.sampled_from(["1", "x", "true", "'q'"])), 0
        if kind == "alias":
            name = draw(st.sampled_from(names))
            if name in self.open:
                self.recursive = True
                return f"*{name}", 0
            height = self.heights[name]
            self.deepest = max(self.deepest, depth + height)
            return f"*{name}", height
        anchor = None
        if draw(st.booleans()):
            self.count += 1
            anchor = f"a{self.count}"
            self.open.append(anchor)
        items = [self.node(depth + 1) for _ in range(draw(st.integers(0, 3)))]
        height = 1 + max((h for _, h in items), default=0)
        self.deepest = max(self.deepest, depth + 1)
        if kind == "list":
            text = "[" + ", ".join(t for t, _ in items) + "]"
        else:
            text = "{" + ", ".join(f"k{i}: {t}" for i, (t, _) in enumerate(items)) + "}"
        if anchor is not None:
            self.open.remove(anchor)
            self.heights[anchor] = height
            text = f"&{anchor} {text}"
        return text, height

    def chain(self) -> list[str]:
        """Anchors each holding the one before inside a few more brackets: deep once expanded."""
        draw = self.data.draw
        lines, height = [], 0
        for i in range(draw(st.integers(1, 40))):
            wrap = draw(st.integers(1, 4))
            inner = f"*c{i - 1}" if i else "1"
            lines.append(f"c{i}: &c{i} {'[' * wrap}{inner}{']' * wrap}")
            height += wrap
            self.heights[f"c{i}"] = height
            self.deepest = max(self.deepest, 1 + height)
        return lines


@given(st.data())
def test_aliases_that_hold_themselves_or_nest_too_deep_are_located_errors(validate_text, data):
    """Class 1: every alias graph gets an answer; one holding itself is a recursive-alias
    error and one nesting past the limit once expanded a nesting-too-deep error."""
    gen = _Aliased(data)
    chain = gen.chain() if data.draw(st.booleans()) else []
    values = [gen.node(1) for _ in range(data.draw(st.integers(1, 6)))]
    text = HOUSE + "".join(f"{line}\n" for line in chain) + "".join(f"x{i}: {t}\n" for i, (t, _) in enumerate(values))
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)
    codes = {p.code for p in problems}
    assert variant is None  # the x keys are unknown, at least
    if gen.recursive:
        assert codes & {"recursive-alias", "nesting-too-deep", "too-many-nodes"}, codes
    elif gen.deepest > MAX_DEPTH:
        assert codes & {"nesting-too-deep", "too-many-nodes"}, codes
    else:
        assert not codes & {"recursive-alias", "nesting-too-deep"}, codes


def _int_leaves(data, path=()):
    """Every integer in a rule file's data (not booleans), with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _int_leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _int_leaves(value, (*path, i))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path


SHIPPED = {name: doc for name, doc in ((p.name, yaml.safe_load(p.read_text(encoding="utf-8")))
                                        for p in sorted(RULES.glob("*.yaml"))) if any(_int_leaves(doc))}


@given(st.sampled_from(sorted(SHIPPED)), st.data())
def test_a_whole_number_float_where_an_integer_goes_is_a_located_wrong_type(validate_text, name, data):
    """Class 2: any integer of a shipped variant written as a float (15 -> 15.0) is an error at that value."""
    doc = copy.deepcopy(SHIPPED[name])
    doc["id"] = "c-fuzz-float"
    path = data.draw(st.sampled_from(list(_int_leaves(doc))))
    holder = doc
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = float(holder[path[-1]])
    text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if re.search(r"(?<![\w.])-?\d+\.0\b", row))
    assert any(p.code in ("wrong-type", "bad-option-value") and p.line == line for p in problems), \
        [p.format() for p in problems]


def _overlay(data, path: tuple) -> object:
    """The part of `data` along `path` that a house rule writes to change that one value, as a float:
    mappings keep only the key on the path, lists merged by id only the entry on it (with its id),
    other lists are written whole."""
    if not path:
        return float(data)
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {head: _overlay(data[head], rest)}
    item = data[head]
    if isinstance(item, dict) and "id" in item:
        return [{"id": item["id"], **_overlay(item, rest)}]
    whole = copy.deepcopy(data)
    whole[head] = _overlay(item, rest) if rest else float(item)
    if rest and isinstance(item, dict):
        whole[head] = {**item, **whole[head]}
    return whole


@given(st.sampled_from(sorted(SHIPPED)), st.data())
def test_a_float_in_a_house_rule_is_reported_in_the_house_rule(validate_text, name, data):
    """Class 2: a house rule writing any integer of its base as a float is an error in the house rule,
    at its line, never at the base's."""
    base = SHIPPED[name]
    leaves = [p for p in _int_leaves(base) if p[0] not in ("options", "id")]
    path = data.draw(st.sampled_from(leaves))
    overlay = _overlay(base, path)
    text = f"id: c-fuzz-float\nextends: {base['id']}\n" + yaml.safe_dump(overlay, sort_keys=False, allow_unicode=True)
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)
    errors = [p for p in problems if p.severity == "error"]
    assert errors and all(p.file == "case.yaml" for p in errors), [p.format() for p in problems]
    line = next(i for i, row in enumerate(text.splitlines(), 1) if re.search(r"(?<![\w.])-?\d+\.0\b", row))
    assert any(p.code == "wrong-type" and p.line == line for p in errors), [p.format() for p in problems]


#: YAML 1.2's core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution), written out here as the oracle
CORE12 = [
    (r"null|Null|NULL|~|", lambda v: None),
    (r"true|True|TRUE", lambda v: True),
    (r"false|False|FALSE", lambda v: False),
    (r"[-+]?[0-9]+", lambda v: int(v, 10)),
    (r"0o[0-7]+", lambda v: int(v[2:], 8)),
    (r"0x[0-9a-fA-F]+", lambda v: int(v[2:], 16)),
    (r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?", float),
    (r"[-+]?\.(inf|Inf|INF)", lambda v: float(v.replace(".", ""))),
]

NUMBERISH = st.one_of(
    st.text(alphabet="0123456789_.:+-eExXbBoO", min_size=1, max_size=8),
    st.from_regex(r"[-+]?0[bxo][0-9a-fA-F_]{1,6}", fullmatch=True),
    st.from_regex(r"[-+]?[0-9_]{0,4}\.?[0-9_]{0,3}([eE][-+]?[0-9]{1,2})?", fullmatch=True),
    st.from_regex(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ][0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?( ?(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?",
                  fullmatch=True),
)


def _core12(value: str) -> object:
    for pattern, read in CORE12:
        if re.fullmatch(pattern, value):
            return read(value)
    return value


@given(NUMBERISH)
def test_a_plain_scalar_read_differently_by_yaml_1_1_and_1_2_is_never_silent(value):
    """Class 3: a scalar the loader takes without a yaml11-* error means the same to PyYAML (YAML 1.1)
    and to YAML 1.2's core schema; a date is never rewritten."""
    text = f"name: {value}\n"
    try:
        old = yaml.safe_load(text)["name"]
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        return  # not a plain scalar PyYAML reads: the loader's own errors are pinned elsewhere
    if isinstance(old, (list, dict)):
        return
    doc, problems = load_text(text, "case.yaml")
    codes = {p.code for p in problems}
    assert_answer(text, None if any(p.severity == "error" for p in problems) else doc, problems)
    if any(c.startswith("yaml11-") or c == "bad-scalar" for c in codes):
        if doc is not None and "yaml11-timestamp" in codes:
            assert doc.data["name"] == value  # kept as written
        return
    assert doc is not None, [p.format() for p in problems]
    new = _core12(value)
    got = doc.data["name"]
    assert type(got) is type(new) and (got == new or got != got and new != new), (value, got, new)
    assert type(old) is type(new) and (old == new or old != old and new != new), (value, old, new)


@given(st.lists(st.sampled_from(["c-a", "c-b", "c-c"]), min_size=2, max_size=5),
       st.lists(st.sampled_from(["escoba-de-15", "c-a", "c-b", "c-c"]), min_size=5, max_size=5))
def test_a_rules_tree_with_one_id_twice_names_every_file_that_has_it(rules_tree, ids, bases):
    """Class 4: files f0..fn with random ids and bases; every file whose id another has is a
    duplicate-variant-id warning, and every file extending an id that two define an extends-ambiguous error."""
    from escoba_spec.language.resolve import Resolver
    from escoba_spec.language.validate import validate_file

    folder = rules_tree / "fuzz"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for i, vid in enumerate(ids):
        (folder / f"f{i}.yaml").write_text(f"id: {vid}\nextends: {bases[i] if bases[i] != vid else 'escoba-de-15'}\n",
                                           encoding="utf-8")
    for i, vid in enumerate(ids):
        path = folder / f"f{i}.yaml"
        variant, problems = validate_file(path, resolver=Resolver(), display=f"f{i}.yaml")
        assert_answer(path.read_text(encoding="utf-8"), variant, problems, display=f"f{i}.yaml")
        codes = [(p.code, p.file, p.line) for p in problems if p.severity == "error"]
        warned = [(p.code, p.file, p.line) for p in problems if p.severity == "warning"]
        assert (("duplicate-variant-id", f"f{i}.yaml", 1) in warned) == (ids.count(vid) > 1), warned
        base = bases[i] if bases[i] != vid else "escoba-de-15"
        if ids.count(base) > 1 and ids.count(vid) == 1:
            assert ("extends-ambiguous", f"f{i}.yaml", 2) in codes, codes


BASE_RULES = ["most-cards", "most-oros", "siete-de-velo", "setenta", "escobas"]


@given(st.lists(st.tuples(st.sampled_from(BASE_RULES + ["most-orso", "setneta"]), st.booleans()),
                min_size=1, max_size=3),
       st.lists(st.tuples(st.sampled_from(BASE_RULES + ["most-orso"]), st.booleans()), min_size=1, max_size=3),
       st.lists(st.sampled_from(BASE_RULES), max_size=2), st.booleans(), st.booleans())
def test_options_never_leave_a_rule_without_its_award(validate_text, first, second, house_drops, pick_a, pick_b):
    """Class 5: two options whose choices drop or rename rules (misspelt ids among them), a house rule
    dropping some: whatever is picked, every rule of the variant has its award, or the choice that
    would leave one without is a phantom-entry error."""
    def choice(entries):
        return "[" + ", ".join(f"{{id: {rid}, drop: true}}" if drop else f"{{id: {rid}, name: Renamed}}"
                               for rid, drop in dict(entries).items()) + "]"
    text = (HOUSE + "scoring:\n  rules:\n" + "".join(f"    - {{id: {r}, drop: true}}\n" for r in set(house_drops))
            + "    - {id: extra, award: sweeps > 1}\n"
            + "options:\n"
            + f"  a:\n    default: off\n    choices:\n      'off': {{}}\n      'on': {{scoring: {{rules: {choice(first)}}}}}\n"
            + f"  b:\n    default: off\n    choices:\n      'off': {{}}\n      'on': {{scoring: {{rules: {choice(second)}}}}}\n")
    text = text.replace("default: off", "default: 'off'")
    picked = {"a": "on" if pick_a else "off", "b": "on" if pick_b else "off"}
    variant, problems = validate_text(text, options=picked)
    assert_answer(text, variant, problems)
    if variant is not None:
        assert all(r.award_text != "false" for r in variant.scoring.rules), [r.id for r in variant.scoring.rules]
    else:
        unexplained = [p for p in problems if p.severity == "error" and p.code not in
                       ("phantom-entry", "unknown-drop", "unreachable-match-target", "no-rule-left")]
        assert not unexplained, [p.format() for p in problems]
