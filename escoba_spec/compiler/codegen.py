"""What every generated kernel shares: safe literals, checked ids, comments, the templates.

Safety: nothing from the rule file reaches a kernel's source as code. Values pass
through `literal`, which accepts only ints, bools, None, strings (as `repr`),
tuples, dicts and the IR's own dataclasses, the way Jinja's `has_safe_repr`
does; rule ids are checked against the schema's id pattern before they appear
in names or comments; expressions are compiled from their typed trees, never
from their text (`kernel_expressions`). The same IR always gives the same bytes.
"""

from __future__ import annotations

import dataclasses
import keyword
import re
from functools import lru_cache
from pathlib import Path

import jinja2

from ..engine.protocol import Kind, Params
from ..language import ir

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")  # \Z: `$` would allow a final newline
_LITERAL_CLASSES = {cls.__name__: cls for cls in (ir.Deck, ir.Jokers, ir.Rank, ir.Suit, ir.Source, Params, Kind)}


class UnsafeValue(ValueError):
    """A value that cannot be written into generated code as a literal."""


def module_name(variant_id: str) -> str:
    """The module (file) name of a variant id: `escoba-de-15` -> `escoba_de_15`.

    An id that would make a Python keyword (`class`, `if`, `none` does not)
    gets a trailing underscore, as PEP 8 does for names, so that the module
    can be imported by name: `import class` cannot be written. (The hard
    keywords are the same on every Python this project supports, so the
    file name does not depend on the Python that compiled it.)"""
    if not ID_PATTERN.match(variant_id):
        raise UnsafeValue(f"not a valid variant id: {variant_id!r}")
    name = variant_id.replace("-", "_")
    if keyword.iskeyword(name):
        name += "_"
    return name


def literal(value: object) -> str:
    """Python source for a value, refusing anything that is not a plain literal."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(int(value))
    if isinstance(value, str):
        return repr(str(value))
    if isinstance(value, tuple):
        items = ", ".join(literal(v) for v in value)
        return f"({items},)" if len(value) == 1 else f"({items})"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and type(value).__name__ in _LITERAL_CLASSES \
            and _LITERAL_CLASSES[type(value).__name__] is type(value):
        # a field at its default is left out: the literal says what the value holds, and a
        # field the IR gains later does not change every module that leaves it unset
        fields = ", ".join(f"{f.name}={literal(getattr(value, f.name))}" for f in dataclasses.fields(value)
                           if f.default is dataclasses.MISSING or getattr(value, f.name) != f.default)
        return f"{type(value).__name__}({fields})"
    raise UnsafeValue(f"cannot write a {type(value).__name__} into generated code")


def _comment(text: str) -> str:
    """Text safe inside a `#` comment: printable ASCII only, no line breaks."""
    return "".join(ch if 32 <= ord(ch) < 127 else "?" for ch in text)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    """The one Jinja environment of the compiler's templates (the module's and the kernel's)."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("escoba_spec.compiler", "templates"),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined, autoescape=False,
    )


def template(name: str) -> jinja2.Template:
    """A template of `compiler/templates` (Jinja caches the parsed ones)."""
    return _environment().get_template(name)


def display_path(file: str) -> str:
    """The rule file as written into the module's comments: its name (with the line, a
    comment traces a rule back to its YAML). Never its folder: the same rules compile to the
    same bytes, and so to one kernel in the cache, from wherever they are read (`rules/x.yaml`
    from the command line, `x.yaml` from the studio's folder, a copy elsewhere)."""
    return Path(file).name
