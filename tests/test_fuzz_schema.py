"""Hypothesis: rule documents generated from the JSON Schema itself.

`from_schema` walks escoba_spec/schemas/variant.schema.json (types, enums,
ranges, patterns, required keys, `$ref`s) and draws documents that the schema
mostly accepts, so that the later stages (resolve, build, expressions) are
reached; `broken` then damages a few values the way a designer's typo would
(a wrong type, an out-of-range number, an unknown key). The property is the
one of every fuzzer here: a valid variant with no error, or located errors,
never an exception. (hypothesis-jsonschema is not used: its 0.23.1 release
fails with recent hypothesis.)
"""

from __future__ import annotations

import copy

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from escoba_spec.language.schema import _anchored, variant_schema

from .fuzz_support import assert_answer

SCHEMA = variant_schema()
BASES = ["escoba-de-15", "scopa", "escopa", "comodines", "escoba-francesa", "escova-de-31", "open-table",
         "escoba-brasileira"]

#: grammar-shaped text for the award / points expressions (test_fuzz_expressions mutates them further)
ATOMS = ["pile", "sweeps", "captures", "deck", "7 of oros", "1 of denari", "7 of diamonds", "3", "0", "15", "true",
         "false", "oros", "sota", "rey", "suits(pile) == 4", "count(pile, suit == oros)", "primiera(pile)",
         "sum(pile)", "straight(filter(pile, suit == denari))", "count(pile, rank >= 6 and not joker)"]
expressions = st.recursive(
    st.sampled_from(ATOMS),
    lambda inner: st.one_of(
        st.builds("most({})".format, inner),
        st.builds("most({}, ties: all)".format, inner),
        st.builds("has(pile, {})".format, inner),
        st.builds("count({})".format, inner),
        st.builds("({} {} {})".format, inner, st.sampled_from(["+", "-", "*", "//", "%", "==", "<", ">=", "and", "or"]),
                  inner),
        st.builds("not {}".format, inner),
        st.builds("{} if {} else {}".format, inner, inner, inner),
        st.builds("any(opponents, {})".format, inner),
        st.builds("max({}, {})".format, inner, inner),
    ),
    max_leaves=6,
)


def _deref(node: dict) -> dict:
    while "$ref" in node:
        node = SCHEMA["definitions"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _string(node: dict, name: str):
    if name in ("award", "points"):
        return expressions
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "pattern" in node:
        pattern = _anchored(node["pattern"])
        limit = node.get("maxLength", 40)
        return st.from_regex(pattern, fullmatch=True).filter(lambda s: 0 < len(s) <= limit)
    if name == "extends":
        return st.sampled_from(BASES + ["house/scopa-napola.yaml", "../rules/scopa.yaml", "nope"])
    return st.text(min_size=node.get("minLength", 0), max_size=min(node.get("maxLength", 12), 12))


#: citations are checked by the schema alone: a few canned ones keep documents small
SOURCES = st.sampled_from([
    [{"seed": "000_c23e29f69b71e156.txt", "section": "Baralho"}],
    [{"seed": "002_88003fffb6a6fd15.txt", "section": "El reparto"},
     {"seed": "000_c23e29f69b71e156.txt", "section": "Pontuação por mão"}],
])


def from_schema(node: dict, name: str = "", depth: int = 0):
    """A strategy for values that `node` describes."""
    if name == "sources":
        return SOURCES
    node = _deref(node)
    branches = node.get("oneOf") or node.get("anyOf")
    if branches:  # a value of one of several forms (hand_size: 3 or all)
        return st.one_of([from_schema(branch, name, depth) for branch in branches])
    if "enum" in node and "type" not in node:
        return st.sampled_from(node["enum"])
    types = node.get("type", "object")
    if isinstance(types, list):
        return st.one_of([from_schema({**node, "type": t}, name, depth) for t in types])
    if types == "null":
        return st.none()
    if types == "boolean":
        return st.booleans()
    if types == "integer":
        return st.integers(node.get("minimum", -5), node.get("maximum", 100))
    if types == "number":
        return st.integers(node.get("minimum", -5), node.get("maximum", 100))
    if types == "string":
        return _string(node, name)
    if types == "array":
        items = from_schema(node.get("items", {}), name, depth + 1)
        low = node.get("minItems", 0)
        return st.lists(items, min_size=low, max_size=max(low, min(node.get("maxItems", 3), 3)),
                        unique_by=(lambda v: repr(v)) if node.get("uniqueItems") else None)
    return _object(node, name, depth)


def _object(node: dict, name: str, depth: int):
    properties = node.get("properties", {})
    required = set(node.get("required", ()))
    if depth > 3:  # keep documents small: deep sections only get their required keys
        properties = {k: v for k, v in properties.items() if k in required}
    fixed = {k: from_schema(v, k, depth + 1) for k, v in properties.items() if k in required}
    optional = {k: from_schema(v, k, depth + 1) for k, v in properties.items() if k not in required}
    strategy = st.fixed_dictionaries(fixed, optional=optional)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        keys = st.from_regex(_anchored(node.get("propertyNames", {}).get("pattern", "^[a-z]+$")), fullmatch=True)
        low = node.get("minProperties", 0)
        entries = st.dictionaries(keys.filter(lambda k: len(k) <= 20), from_schema(extra, name, depth + 1),
                                  min_size=low, max_size=max(low, 2))
        strategy = st.builds(lambda a, b: {**b, **a}, strategy, entries)
    elif node.get("minProperties"):  # a text by language: at least one language
        strategy = strategy.filter(lambda d, low=node["minProperties"]: len(d) >= low)
    return strategy


def _variant_document():
    root = {k: v for k, v in SCHEMA.items() if k not in ("if", "then")}
    base = {**root, "required": SCHEMA["then"]["required"]}
    return st.one_of(
        from_schema(base),  # a base variant: every section
        st.builds(lambda doc, b: {**doc, "extends": b}, from_schema(root), st.sampled_from(BASES)),  # a house rule
    )


documents = _variant_document()
junk = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=10),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


@st.composite
def broken(draw):
    """A schema-shaped document with one to three typos."""
    data = copy.deepcopy(draw(documents))  # canned values are shared: never damage them in place
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(data))[1:] or [()]))
        if not path:
            break
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["junk", "drop", "unknown-key"]))
        if action == "junk":
            parent[path[-1]] = draw(junk)
        elif action == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[str(path[-1]) + "x"] = draw(junk)
    return data


def dump(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(documents)
def test_documents_drawn_from_the_schema_never_raise(validate_text, data):
    text = dump(data)
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(broken())
def test_schema_documents_with_typos_never_raise(validate_text, data):
    text = dump(data)
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(documents)
def test_the_schema_stage_alone_accepts_what_the_strategy_draws(data):
    """The strategy really follows the schema: only expressions and semantics are left to go wrong."""
    from escoba_spec.language.schema import _validator

    problems = [e for e in _validator().iter_errors(data) if e.validator not in ("required",)]
    assert not problems, [e.message for e in problems]
