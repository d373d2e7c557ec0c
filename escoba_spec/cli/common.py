"""What the commands share: usage errors, reading the arguments, validating rule files.

Exit codes: 0 success, 1 a rule file (or game input) is wrong, 2 usage errors
(missing file, bad flag, unknown option).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..language import ir
from ..language.diagnostics import CHOICE_CODES, Diagnostic, shown_name
from ..tools.terminal import Painter
from ..tools.text import counted, json_text, printable
from .diagnostics import render

#: diagnostics that say the command line asked for something the file does not offer
USAGE_CODES = CHOICE_CODES


class UsageError(Exception):
    """A command line that cannot be run as written (exit code 2)."""


def chosen_seed(seed: int | None) -> int:
    """The seed given, or one chosen at random and said on stderr, so the run can be repeated."""
    if seed is not None:
        return seed
    import secrets

    seed = secrets.randbelow(2**31)
    print(f"escoba-spec: seed {seed} (give --seed {seed} to repeat this run)", file=sys.stderr)
    return seed


def parse_options(items: list[str] | None) -> dict[str, str]:
    """`--option ID=VALUE` arguments as a dict."""
    options: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"--option takes ID=VALUE, not '{item}'")
        key, value = item.split("=", 1)
        options[key.strip()] = value.strip()
    return options


def existing(paths: list[str]) -> list[Path]:
    """The paths as rule files, each of which must exist and not be a folder."""
    out = []
    for p in paths:
        path = Path(p)
        try:
            found, folder = path.exists(), path.is_dir()
        except (OSError, ValueError) as exc:  # a name too long for the system, a NUL in it
            raise UsageError(f"cannot use {shown_name(p)}: {getattr(exc, 'strerror', None) or exc}") from None
        if not found:
            raise UsageError(f"no such file: {shown_name(p)}")
        if folder:
            raise UsageError(f"{printable(p)} is a folder; give rule files (e.g. {printable(p.rstrip('/'))}/*.yaml)")
        out.append(path)
    return out


def rule_file_or_id(text: str, beside: Path) -> Path:
    """A rule file named by its path, or by a variant's id as `extends:` names one: in the rules
    tree of `beside` (the other rule file of the command), then among the shipped variants."""
    import re

    if Path(text).exists() or not re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", text):
        return existing([text])[0]
    from ..language.diagnostics import did_you_mean
    from ..language.resolve import Resolver, rules_root

    resolver = Resolver()
    root = rules_root(beside)
    found = resolver.locate(text, root)
    if found is None:
        hint = did_you_mean(text, resolver.known_ids(root))
        raise UsageError(f"no such file, nor a variant with the id '{text}' beside {printable(str(beside))} or "
                         f"shipped" + (f" ({hint})" if hint else ""))
    return found


def load_or_report(path: Path, options: dict[str, str], nothing_done: str, fmt: str = "text") -> ir.Variant | None:
    """The variant of a rule file for a command that uses it, or None after the
    diagnostics were reported (the command then exits 1): as text on stderr, or under
    `--format json` as JSON on stdout, which then holds JSON only. An unknown option
    or option value is a usage error (exit 2)."""
    from ..language.validate import validate_file

    variant, problems = validate_file(path, options)
    usage = [p for p in problems if p.code in USAGE_CODES]
    if usage:
        raise UsageError("; ".join(p.message + (f" ({p.hint})" if p.hint else "") for p in usage))
    if variant is None:
        if fmt == "json":
            print(render(problems, "json"))
        else:
            print(render(problems, "text", paint=Painter(sys.stderr)), file=sys.stderr)
        print(f"escoba-spec: {printable(str(path))} is not a valid rule file; {nothing_done}", file=sys.stderr)
    return variant


def emit(diagnostics: list[Diagnostic], fmt: str) -> None:
    """Print the diagnostics in `fmt` on stdout (nothing when there are none), in colour
    on a terminal."""
    text = render(diagnostics, fmt, paint=Painter(sys.stdout))
    if text:
        print(text)


def print_json(report: dict) -> None:
    """A command's report under `--format json`: one JSON object on stdout."""
    print(json_text(report, indent=2))


def diagnostics_json(diagnostics: list[Diagnostic]) -> list[dict]:
    return [d.to_json() for d in diagnostics]


def validate_all(paths: list[Path], options: dict[str, str]) -> tuple[list[tuple[Path, ir.Variant | None]], list[Diagnostic]]:
    """(path, variant or None) per file, and every diagnostic."""
    from ..language.resolve import Resolver
    from ..language.validate import validate_file

    resolver = Resolver()
    results = []
    diagnostics: list[Diagnostic] = []
    for path in paths:
        variant, problems = validate_file(path, options, resolver=resolver)
        diagnostics.extend(problems)
        results.append((path, variant))
    return results, diagnostics


def plan_modules(results: list[tuple[Path, ir.Variant]], out_dir: Path
                 ) -> list[tuple[Path, ir.Variant, Path, str | None, str | None]]:
    """(rule file, variant, kernel path, kernel source, why there is none) for every variant,
    nothing written; two files of one id are a usage error."""
    from ..compiler.modules import compile_to

    planned = []
    seen: dict[Path, Path] = {}
    for path, variant in results:
        target, source, unplayed = compile_to(variant, out_dir)
        if target in seen:
            raise UsageError(f"{printable(str(path))} and {printable(str(seen[target]))} both define the variant id "
                             f"'{variant.id}'")
        seen[target] = path
        planned.append((path, variant, target, source, unplayed))
    return planned


def write_modules(results: list[tuple[Path, ir.Variant]], out_dir: Path, check: bool,
                  also: dict[Path, str | bytes] | None = None) -> tuple[int, list[dict]]:
    """Write every variant's kernel source into `out_dir` (compile, build), all or none, with
    the files `also` (build's rulebooks) in the same stroke; with `check`, compare instead of
    writing. The exit code, and one record per variant: the file, the rule file, the variant
    and its state (written; with `check`, current, stale or missing; `no kernel`, with the
    reason, for a variant only the interpreter plays). A write that fails is a usage error
    (exit 2) that leaves every earlier file as it was."""
    from ..tools.files import write_files

    planned = plan_modules(results, out_dir)
    records = []
    for path, variant, target, source, unplayed in planned:
        record = {"module": str(target), "rule_file": str(path), "variant": variant.id, "name": variant.name}
        if source is None:
            record.update(state="no kernel", reason=unplayed)
        elif check:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
            record["state"] = "current" if current == source else ("missing" if current is None else "stale")
        else:
            record["state"] = "written"
        records.append(record)
    if not check:
        try:
            write_files({**{target: source for _, _, target, source, _ in planned if source is not None},
                         **(also or {})})
        except OSError as exc:
            where = f" {exc.filename}" if exc.filename else ""
            raise UsageError(f"cannot write{printable(where)}: {exc.strerror or exc}; nothing written") from exc
    return (1 if any(r["state"] in ("stale", "missing") for r in records) else 0), records


def print_modules(records: list[dict], out_dir: Path) -> None:
    """The text report of `write_modules`: a line a module, and what to do when some are stale."""
    for r in records:
        if r["state"] == "written":
            print(printable(f"wrote    {r['module']}  ({r['variant']}: {r['name']})"))
        elif r["state"] == "no kernel":
            print(printable(f"skipped  {r['module']}  ({r['reason']}: the interpreter plays it)"))
        else:
            print(printable(f"{r['state']:8} {r['module']}  ({r['rule_file']})"))
    stale = [r for r in records if r["state"] in ("stale", "missing")]
    if stale:
        print(f"{counted(len(stale), 'kernel file')} out of date: run escoba-spec compile ... --out {printable(str(out_dir))}",
              file=sys.stderr)
