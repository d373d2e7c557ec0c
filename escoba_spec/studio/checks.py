"""The text being edited, checked and built as the command line checks a file on disk.

The page sends the buffer's text, saved or not; `EditedResolver` hands that
text to the language's stages in place of the file's, so a file that
`extends:` another is checked against the folder's other files (as saved) and
the shipped variants, exactly as `escoba-spec validate` would check it once
saved. Diagnostics leave here as JSON, 1-based line and column.
"""

from __future__ import annotations

from pathlib import Path

from ..language import ir
from ..language.diagnostics import Diagnostic, has_errors
from ..language.loader import Document, load_text
from ..language.resolve import Resolver
from ..language.validate import validate_file, validate_option_values


#: why `extends` may not reach out of the studio's folder
CONFINED = ("the studio reads only inside the folder it was started on: extend a file of that folder, or a "
            "shipped variant by id, or start the studio on a folder that holds both files")


class EditedResolver(Resolver):
    """A resolver confined to the studio's folder (nothing outside it is read, but the shipped
    variants) that reads one file from the text being edited (when given), the others from disk."""

    def __init__(self, folder: Path, path: Path | None = None, text: str | None = None):
        super().__init__(confine=folder, confine_hint=CONFINED)
        self.edited = path.resolve() if path is not None and text is not None else None
        self.text = text

    def read(self, path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
        if self.edited is not None and path.resolve() == self.edited:
            return load_text(self.text, display)
        return super().read(path, display)


def diagnostic_json(d: Diagnostic, display: str) -> dict:
    """A diagnostic for the page: 1-based line and column (a whole-file one at 1:1), and
    `file` when it lies in another file of the chain (a base the file extends)."""
    out = {"line": max(d.line, 1), "col": max(d.column, 1), "code": d.code, "severity": d.severity,
           "message": d.message, "hint": d.hint}
    if d.file != display:
        out["file"] = d.file
    return out


def check_text(folder: Path, path: Path, display: str, text: str, *, every_option: bool = True
               ) -> tuple[ir.Variant | None, list[Diagnostic]]:
    """The variant the text builds (None when it has an error) and every diagnostic;
    with `every_option`, each option value is built too, as `validate` does."""
    resolver = EditedResolver(folder, path, text)
    variant, problems = validate_file(path, resolver=resolver, display=display)
    if variant is not None and every_option:
        problems = problems + validate_option_values(path, variant, problems, resolver=resolver, display=display)
    return (None if has_errors(problems) else variant), problems


def variant_of(folder: Path, path: Path, display: str, text: str | None = None,
               options: dict[str, str] | None = None) -> tuple[ir.Variant | None, list[Diagnostic]]:
    """The variant of a file of the folder, from `text` when given (the buffer) or from disk."""
    resolver = EditedResolver(folder, path, text)
    return validate_file(path, options, resolver=resolver, display=display)


def base_variant(folder: Path, path: Path, base_id: str, options: dict[str, str] | None = None
                 ) -> ir.Variant | None:
    """The variant `base_id` that the file at `path` extends, found as its `extends` finds it (in
    the studio's folder or among the shipped variants), under `options` (those it offers); None
    when there is none (or it has errors)."""
    resolver = EditedResolver(folder)
    found = resolver.locate(base_id, resolver.tree(path))
    if found is None:
        return None
    variant = validate_file(found, resolver=resolver)[0]
    if variant is not None and options:
        from .choices import offered

        chosen = offered(variant, options)
        if chosen:
            variant = validate_file(found, chosen, resolver=resolver)[0]
    return variant


def rulebook_html(folder: Path, path: Path, display: str, text: str | None, variant: ir.Variant, lang: str) -> str:
    """The HTML rulebook of the variant the text builds: the options table from the same
    text under each other choice, the differences from the base as the folder has it."""
    from ..language.diagnostics import DiagnosticError
    from ..tools.rulebook import render_rulebook

    def load(options: dict[str, str]) -> ir.Variant:
        built, problems = variant_of(folder, path, display, text, options)
        if built is None:
            raise DiagnosticError([p for p in problems if p.severity == "error"] or problems)
        return built

    base = base_variant(folder, path, variant.extends[0]) if variant.extends else None
    return render_rulebook(variant, lang, "html", base=base, load=load, display_file=display)
