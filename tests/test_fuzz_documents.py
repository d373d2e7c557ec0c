"""Hypothesis: random and mutated rule documents give a valid variant or located diagnostics, never an exception."""

from __future__ import annotations

import re

import yaml
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.language.diagnostics import has_errors

from .conftest import RULES

CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SHIPPED = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(RULES.glob("*.yaml"))}

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 100), st.text(max_size=12),
    st.sampled_from(["15", "yes", "no", "most(count(pile))", "count(", "7 of oros", "escoba-de-15", "oros"]),
)
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3)), max_leaves=8)


def paths_of(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from paths_of(v, prefix + (i,))


@st.composite
def mutated_documents(draw):
    name = draw(st.sampled_from(sorted(SHIPPED)))
    data = yaml.safe_load(yaml.safe_dump(SHIPPED[name]))
    data["id"] = f"c-{data['id']}"  # its own id: the shipped file is in the same rules tree
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in paths_of(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["delete", "replace", "add-key", "rename"]))
        last = path[-1]
        if action == "delete":
            del parent[last]
        elif action == "replace":
            parent[last] = draw(json_values)
        elif action == "add-key" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=10))] = draw(json_values)
        elif action == "rename" and isinstance(parent, dict):
            parent[str(last) + draw(st.sampled_from(["s", "_x", "e"]))] = parent.pop(last)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def assert_well_formed(problems):
    for p in problems:
        assert CODE.match(p.code), p
        assert p.line >= 1 and p.column >= 1, p.format()
        assert p.message


@given(mutated_documents())
def test_mutated_rule_documents_never_raise(validate_text, text):
    variant, problems = validate_text(text)
    assert_well_formed(problems)
    assert (variant is None) == has_errors(problems)


@given(st.text(max_size=300))
def test_random_text_never_raises(validate_text, text):
    variant, problems = validate_text(text)
    assert_well_formed(problems)
    assert variant is None or not has_errors(problems)


@given(st.binary(max_size=200))
def test_random_bytes_never_raise(validate_text, data):
    _, problems = validate_text(data)
    assert_well_formed(problems)


@given(st.sampled_from(sorted(SHIPPED)), st.text(max_size=80))
def test_random_award_expressions_never_raise(validate_text, name, expression):
    data = yaml.safe_load(yaml.safe_dump(SHIPPED[name]))
    if "scoring" not in data:
        data = {"id": "fuzz", "extends": SHIPPED[name]["id"], "scoring": {"rules": []}}
    data["scoring"].setdefault("rules", []).append({"id": "fuzzed", "award": expression or "x", "points": 1})
    variant, problems = validate_text(yaml.safe_dump(data, allow_unicode=True))
    assert_well_formed(problems)
    assert (variant is None) == has_errors(problems)
