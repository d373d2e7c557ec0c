"""Options: the choices a variant offers, applied to its resolved document.

An option either sets one field to one of its `values` (the variant's own
value is the default) or overlays one of its `choices` by the merge rule.
"""

from __future__ import annotations

from .diagnostics import Diagnostic, did_you_mean
from .loader import get_path
from .merge import merge_documents
from .resolved import Resolved
from .schema import Validator, variant_schema


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
        written, offered = resolved.origins.get(field_path), resolved.origins.get(f"{path}.values")
        order = list(resolved.docs)  # the chain, from the root base to the file itself
        if written in order and offered in order and order.index(written) > order.index(offered):
            # a house rule set the field to a value its base's option does not offer: its value is at fault
            vpos = resolved.pos(field_path)
            return [Diagnostic(vpos.file, vpos.line, vpos.column, "option-default-missing",
                               f"{field_path} is {_text(current)} here, which the option '{name}' of {offered} "
                               f"(line {pos.line}) does not offer ({', '.join(_text(v) for v in values)})",
                               f"the variant's value is the option's default: override the option here "
                               f"(options: {{{name}: {{field: {field_path}, values: [{_text(current)}, ...]}}}}) "
                               f"or drop it (options: {{{name}: {{drop: true}}}})", field_path)]
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
