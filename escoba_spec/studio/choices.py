"""The variant's options on the page: what the picker shows, and the choices a request carries.

A request names the options it chooses as `{"options": {"ID": "VALUE"}}`, applied as the
command line's `--option ID=VALUE` is (to `validate_file`, so an option or a choice the
file does not offer is refused with the command line's words). Simulate and analyze take
`options_b` too, `--option-b`'s: B's choices over `options`; with `"compare": "self"` B is
the same text under them, so one rule file is compared with itself under other options.
"""

from __future__ import annotations

from ..language import ir
from ..language.diagnostics import CHOICE_CODES


class BadOptions(Exception):
    """Options a request cannot have (not an object of strings, or not offered): HTTP 400."""


def options_of(body: dict, key: str = "options") -> dict[str, str]:
    """The options the body chooses under `key` ({} when none)."""
    value = body.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BadOptions(f"'{key}' must be an object of option ids and their choices, all strings "
                         '(e.g. {"target": "31"})')
    return dict(value)


def option_problem(problems) -> str | None:
    """The message of an option or a choice the file does not offer, if the problems hold one."""
    usage = [p for p in problems if p.code in CHOICE_CODES]
    return "; ".join(p.message + (f" ({p.hint})" if p.hint else "") for p in usage) or None


def offered(variant: ir.Variant, options: dict[str, str]) -> dict[str, str]:
    """The options of `options` that `variant` offers (`--option` names an option of both files
    compared, or of either: each gets its own)."""
    ids = {o.id for o in variant.options}
    return {k: v for k, v in options.items() if k in ids}


def options_json(variant: ir.Variant) -> list[dict]:
    """The picker's selects: each option's id, label, description, choices (value and label),
    default and the choice in force."""
    out = []
    for option in variant.options:
        named = {choice: text for choice, text, _ in option.value_labels}
        out.append({"id": option.id, "label": option.label or option.id, "description": option.description,
                    "choices": [{"value": c, "label": named.get(c, c)} for c in option.choices],
                    "default": option.default, "chosen": option.chosen})
    return out
