"""The language's entry: a rule file -> its IR, or every diagnostic that says why not.

The stages run in order: `loader` (YAML -> data with positions), `schema`
(JSON Schema), `resolve` (extends, the merge rule, options), `build` (the IR
and every semantic check). A schema error does not stop the later stages: they
check the rest of the file without the nodes at fault (`salvage`), so one run
shows every error. Nothing is raised on bad input: `validate_file`
returns the diagnostics; `load_variant` raises `DiagnosticError` with them,
for callers that want a variant or nothing.
"""

from __future__ import annotations

import time
from pathlib import Path

from . import ir
from .build import build_variant
from .diagnostics import Diagnostic, DiagnosticError, has_errors, said_once
from .resolve import Resolver
from .salvage import unrelated


def load_variant(path: str | Path, options: dict[str, str] | None = None, *, resolver: Resolver | None = None) -> ir.Variant:
    """Load, check, resolve and build one rule file; raise DiagnosticError when it is not valid."""
    variant, problems = validate_file(path, options, resolver=resolver)
    if variant is None:
        raise DiagnosticError([p for p in problems if p.severity == "error"] or problems)
    return variant


def validate_file(path: str | Path, options: dict[str, str] | None = None, *, resolver: Resolver | None = None,
                  display: str | None = None) -> tuple[ir.Variant | None, list[Diagnostic]]:
    """Every diagnostic of one rule file, and its IR when it has no error."""
    path = Path(path)
    resolver = resolver or Resolver()
    resolved, problems = resolver.resolve(path, display or str(path), options)
    if resolved is None:
        return None, said_once(sorted(problems, key=lambda d: (d.file, d.line, d.column)))
    variant, built = build_variant(resolved)
    problems = said_once(sorted(problems + unrelated(built, resolved.pruned, resolved.data),
                                key=lambda d: (d.file != resolved.file, d.file, d.line, d.column)))
    if has_errors(problems) or resolved.pruned:
        return None, problems
    return variant, problems


#: `validate` builds a file once for each value of each option; past this many
#: builds (a file with hundreds of option values) it checks the first ones only,
#: and past the first MIN_OPTION_BUILDS it also stops once OPTION_SECONDS have gone
#: (validate answers within a second), saying in a warning how many it checked
MAX_OPTION_BUILDS = 200
MIN_OPTION_BUILDS = 20
OPTION_SECONDS = 0.3


def validate_option_values(path: str | Path, variant: ir.Variant, baseline: list[Diagnostic],
                           options: dict[str, str] | None = None, *, resolver: Resolver | None = None,
                           display: str | None = None) -> list[Diagnostic]:
    """The errors that only some option value brings.

    `validate_file` built the file into `variant` (with `baseline`, its
    diagnostics) with its options at their defaults or as given; a choice that
    drops a rule which is not there, or a value that makes the capture target
    unreachable, would stay hidden until someone picked it. Here each option
    not fixed by `options` is set to each of its other values, one option at a
    time, and every new diagnostic says which value brought it.
    """
    given = dict(options or {})
    resolver = resolver or Resolver()
    seen = {(d.file, d.line, d.column, d.code, d.message) for d in baseline}
    found: list[Diagnostic] = []
    builds = 0
    wanted = sum(1 for o in variant.options if o.id not in given for v in o.choices if v != o.default)
    start = time.perf_counter()
    for option in variant.options:
        name = option.id
        if name in given:
            continue
        for value in option.choices:
            if value == option.default or builds >= MAX_OPTION_BUILDS or (
                    builds >= MIN_OPTION_BUILDS and time.perf_counter() - start > OPTION_SECONDS):
                continue
            builds += 1
            _, problems = validate_file(path, {**given, name: value}, resolver=resolver, display=display)
            for d in problems:
                key = (d.file, d.line, d.column, d.code, d.message)
                if key in seen or d.severity != "error":
                    continue
                seen.add(key)
                found.append(Diagnostic(d.file, d.line, d.column, d.code, f"{d.message} (with the option {name}={value})",
                                        d.hint, d.path, d.severity))
    if builds < wanted:
        found.append(_unchecked(Path(path), display or str(path), resolver, wanted, builds))
    return found


def _unchecked(path: Path, display: str, resolver: Resolver, wanted: int, built: int) -> Diagnostic:
    """The warning that not every option value was built: said, never silent."""
    doc, _ = resolver.load(path, display)
    pos = doc.keys.get("options") if doc is not None else None
    line, column = (pos.line, pos.column) if pos is not None else (1, 1)
    return Diagnostic(display, line, column, "option-values-unchecked",
                      f"validate built the first {built} of the {wanted} other option values; "
                      f"the other {wanted - built} were not checked",
                      "check the others with --option ID=VALUE, or split the options among house rules",
                      "options", "warning")
