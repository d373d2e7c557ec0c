"""Stage 2: check a loaded document against the JSON Schema.

Every error is reported (jsonschema's `iter_errors`), one per place, located
with the loader's position index: an unknown key points at the key and names
the closest known one; a wrong type says what was found, with no coercion
(`"15"` and `true` are not numbers).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

import jsonschema

from .diagnostics import Diagnostic, did_you_mean
from .loader import Document, join_path


@lru_cache(maxsize=1)
def variant_schema() -> dict:
    """The rule-file schema shipped as package data."""
    text = resources.files("escoba_spec").joinpath("schemas/variant.schema.json").read_text("utf-8")
    return json.loads(text)


def schema_text() -> str:
    return resources.files("escoba_spec").joinpath("schemas/variant.schema.json").read_text("utf-8")


@lru_cache(maxsize=64)
def _anchored(pattern: str) -> re.Pattern:
    """A schema pattern as JSON Schema (ECMA 262) reads it: a final `$` is the end
    of the text. Python's `$` also matches before a final newline, which would let
    `id: "x\\n"` through the id pattern and into a module's file name."""
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not _anchored(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def _is_integer(checker, instance) -> bool:
    """An int, never a float: draft 7 counts 15.0 as an integer, but every later stage
    (the IR, generated code, play) takes the value as written, and 15.0 is no card value."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_TYPES = jsonschema.Draft7Validator.TYPE_CHECKER.redefine("integer", _is_integer)

#: Draft 7 with ECMA 262 anchors (used for the `pattern` and `propertyNames` keywords)
#: and integers that are ints (not whole floats)
Validator = jsonschema.validators.extend(jsonschema.Draft7Validator, {"pattern": _pattern}, type_checker=_TYPES)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft7Validator:
    return Validator(variant_schema())


def _path_of(error: jsonschema.ValidationError) -> str:
    path = ""
    for part in error.absolute_path:
        path = join_path(path, part)
    return path


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "null"


#: the languages a text or a word may be given in (the rulebook's)
LANGUAGES = {"en": "English", "es": "Spanish", "pt": "Portuguese", "fr": "French", "it": "Italian"}

#: keys a designer may write for one the language has, where no spelling is close: (where, key) -> hint
_SYNONYMS = {
    ("", key): "did you mean 'extends'? (a house rule names the variant it changes with extends: escoba-de-15)"
    for key in ("base", "based_on", "inherits", "parent", "variant", "from")
}

_EXPECTED = {
    "integer": "an integer", "string": "text", "boolean": "true or false", "array": "a list",
    "object": "a mapping", "null": "null", "number": "a number",
}


def check_document(doc: Document, *, whole_variant: bool = False) -> list[Diagnostic]:
    """Entry point: every schema error of one document, located."""
    errors = sorted(_validator().iter_errors(doc.data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    out: list[Diagnostic] = []
    seen: set[tuple[str, str]] = set()
    for error in errors:
        for diagnostic in _diagnose(doc, error):
            key = (diagnostic.path, diagnostic.code, diagnostic.message)  # one per missing key, not one per place
            if key in seen:
                continue
            seen.add(key)
            out.append(diagnostic)
    return sorted(out, key=lambda d: (d.line, d.column, d.code))


def _diagnose(doc: Document, error: jsonschema.ValidationError) -> list[Diagnostic]:
    path = _path_of(error)
    instance = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    validator = error.validator

    def at(p: str, code: str, message: str, hint: str = "", key: bool = False) -> Diagnostic:
        pos = doc.keys.get(p) if key and p in doc.keys else doc.pos(p)
        return Diagnostic(pos.file, pos.line, pos.column, code, message, hint, p)

    where = f"'{path}'" if path else "the file"
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = list(schema.get("properties", {}))
        languages = set(allowed) == set(LANGUAGES)  # a text, or words, by language
        out = []
        for key in instance:
            if key in allowed:
                continue
            if languages:
                codes = "the codes are " + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
                guess = did_you_mean(str(key).lower(), allowed)
                hint = f"{guess} ({codes})" if guess else codes
                out.append(at(join_path(path, key), "unknown-language",
                              f"'{key}' in {where} is not a language code of the rulebooks", hint, key=True))
                continue
            hint = (did_you_mean(key, allowed) or _SYNONYMS.get((path, str(key).lower()), "")
                    or ("allowed here: " + ", ".join(allowed) if allowed else ""))
            out.append(at(join_path(path, key), "unknown-key", f"unknown key '{key}' in {where}", hint, key=True))
        return out
    if validator == "required":
        missing = [k for k in error.validator_value if isinstance(instance, dict) and k not in instance]
        return [at(path, "missing-key", f"{where} is missing the required key '{k}'",
                   _required_hint(k)) for k in missing]
    if validator in ("anyOf", "oneOf") and error.context and not any(
            _fits_type(e.schema, instance) or len(e.absolute_path) > len(error.absolute_path) for e in error.context):
        validator = "type"  # a value of none of the forms: say which forms it may take
        expected = list(dict.fromkeys(t for e in error.context for t in _types(e.schema)))
    elif validator == "type":
        expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
    if validator == "type":
        wanted = " or ".join(_EXPECTED.get(t, t) for t in expected)
        hint = ""
        if isinstance(instance, str) and instance.strip().lstrip("-").isdigit() and "integer" in expected:
            hint = f"write {instance.strip()} without quotes: a quoted number is text"
        elif isinstance(instance, float) and instance.is_integer() and abs(instance) < 1e15 and "integer" in expected:
            hint = f"write {int(instance)}: with a decimal point it is a decimal number, even with .0"
        elif isinstance(instance, bool) and "integer" in expected:
            hint = "true/false is not a number here"
        elif isinstance(instance, str) and instance in ("true", "false") and "boolean" in expected:
            hint = f"write {instance} without quotes"
        return [at(path, "wrong-type", f"{where} must be {wanted}, found {_type_name(instance)}", hint)]
    if validator == "enum":
        # as the file would write them (null, true); the hint a guess, or what the values mean:
        # the description without the texts it cites by number ("(000)"), and nothing when
        # even that is long (a field's whole essay is for editors, not for a hint)
        options = [v if isinstance(v, str) else json.dumps(v) for v in error.validator_value]
        described = schema.get("description", "") or _list_description(error)
        plain = re.sub(r"\s+", " ", re.sub(r"\s*\(\d{3}\b[^()]*\)", "", described)).strip()
        hint = did_you_mean(str(instance), options) or (plain if len(plain) <= 300 else "")
        return [at(path, "bad-value", f"{where} cannot be {json.dumps(instance)}; it must be one of {', '.join(options)}", hint)]
    if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        word = "at least" if "inimum" in validator else "at most"
        return [at(path, "out-of-range", f"{where} is {instance}; it must be {word} {error.validator_value}",
                   _range_hint(schema))]
    if validator in ("minItems", "maxItems", "minLength", "maxLength", "minProperties"):
        # said without jsonschema's message, which repeats the whole value (a 2000-character expression)
        limit = error.validator_value
        size = len(instance) if isinstance(instance, (str, list, dict)) else 0
        unit = {"minItems": "items", "maxItems": "items", "minProperties": "entries"}.get(validator, "characters")
        if validator.startswith("min") and limit == 1:
            one = "character" if unit == "characters" else "entry"
            message = f"{where} is empty; it must have at least one {one}"
        else:
            word = "at least" if validator.startswith("min") else "at most"
            message = f"{where} has {size} {unit}; it must have {word} {limit}"
        return [at(path, "out-of-range", message, _range_hint(schema))]
    if validator == "pattern" and "propertyNames" in error.relative_schema_path and isinstance(instance, str):
        # a key with the wrong form: point at that key, not at the mapping holding it
        key = join_path(path, instance)
        return [at(key, "bad-value", f"the name {json.dumps(instance)} in {where} does not have the required form",
                   _pattern_hint(key, schema), key=True)]
    if validator == "pattern":
        return [at(path, "bad-value", f"{where} ({json.dumps(instance)}) does not have the required form",
                   _pattern_hint(path, schema))]
    if validator == "propertyNames":
        return [at(path, "bad-value", f"{where}: {error.message}", "names are lowercase letters, digits, '-' or '_'")]
    if validator == "uniqueItems":
        return [at(path, "duplicate-item", f"{where} lists the same item twice", "remove the repeated item")]
    if validator in ("anyOf", "oneOf") and error.context:
        # a value of one of several forms (hand_size: 3 or all): say what is wrong with the form
        # it has, e.g. 'at most 26' for a number, 'must be all' for text
        fitting = [e for e in error.context if _fits_type(e.schema, instance)
                   or len(e.absolute_path) > len(error.absolute_path)] or list(error.context)
        fitting.sort(key=lambda e: (len(e.absolute_path), e.validator != "type"), reverse=True)
        return _diagnose(doc, fitting[0])
    if validator in ("if", "then", "not", "anyOf", "oneOf", "allOf"):
        return [at(path, "schema", f"{where}: {error.message}")]
    return [at(path, "schema", f"{where}: {error.message}")]


def _types(schema: object) -> list[str]:
    """The JSON types a branch of a oneOf takes."""
    wanted = schema.get("type") if isinstance(schema, dict) else None
    return [] if wanted is None else wanted if isinstance(wanted, list) else [wanted]


def _fits_type(schema: object, instance: object) -> bool:
    """Whether a branch of a oneOf is the one for the instance's JSON type."""
    return _type_name(instance) in [_EXPECTED.get(n, n) for n in _types(schema)]


def _required_hint(key: str) -> str:
    hints = {
        "id": "every rule file starts with id: a-kebab-case-name",
        "name": "name the variant for people, e.g. name: Escoba de 15 (or use extends: to build on one)",
        "seed": "cite a seed file, e.g. seed: 000_c23e29f69b71e156.txt",
        "section": "cite the section heading of the seed text",
        "path": "cite the file of the repository, e.g. path: tests/test_rules.py",
    }
    return hints.get(key, f"add {key}: ... (see docs/language.md)")


def _range_hint(schema: dict) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f"allowed range: {low} to {high}"
    return schema.get("description", "")[:160]


def _pattern_hint(path: str, schema: dict) -> str:
    pattern = schema.get("pattern", "")
    if "txt" in pattern:
        return "a seed file name looks like 000_c23e29f69b71e156.txt"
    if "a-z0-9]*(-" in pattern:
        return "ids are lowercase kebab-case, e.g. escoba-de-15"
    return f"it must match {pattern}"


def _list_description(error: jsonschema.ValidationError) -> str:
    """The description of the list an item with a wrong word belongs to (`duties: [sometimes]`): an
    item's own schema is its words alone, and the list says what they mean."""
    path = list(error.absolute_schema_path)
    if len(path) < 2 or path[-2] != "items":
        return ""
    root = variant_schema()

    def resolved(node):  # the path goes on inside the definition a reference names
        while isinstance(node, dict) and "$ref" in node:
            node = root["definitions"][node["$ref"].rsplit("/", 1)[1]]
        return node

    node = root
    try:
        for key in path[:-2]:
            if key != "$ref":
                node = resolved(node)[key]
    except (KeyError, IndexError, TypeError):
        return ""
    node = resolved(node)
    return node.get("description", "") if isinstance(node, dict) else ""
