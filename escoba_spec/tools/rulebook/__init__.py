"""Rulebooks generated from the IR, in five languages, as Markdown, HTML or PDF.

    from escoba_spec.tools.rulebook import render_rulebook
    text = render_rulebook(variant, "es", "md")      # str; "pdf" gives bytes

Everything a rulebook says in its own words comes from the compiled
`ir.Variant` and the message catalogues (`locales/<lang>/LC_MESSAGES/rulebook.po`,
see `catalog.py` for why gettext): the deck and card values, players and
teams, the deal, captures, sweeps, the end of a hand, every scoring rule in
words generated from its expression (`exprtext.py`), the end of the match, the
options as a table (each other value described by the words it changes), a
whole example hand played and scored by the engine (`example.py`), the sources
as references (title, language, where to find them) and a one-page quick
reference. A house rule's rulebook adds "differences from <base>"
(`differences.py`). Cards are drawn in HTML and PDF as badges with their
suit's symbol; the PDF (WeasyPrint) has page numbers and a table of contents
with the page of each section.

The rule file's author also has a say, quoted as written: the title (the
variant's name), its description, the names of its scoring rules, events and
declarations, and the labels and descriptions of its options, each in the
reader's language when the file gives it (`name: {en: ..., it: ...}`), else in
its plain or first-given form (`Lang.prose`). That text is shown, never
obeyed: `render.author` takes out the markers the formats use, HTML escapes it,
Markdown escapes its markup, and `tools.text.without_controls` shows any
control or bidi character as an escape.

`write_rulebooks(variants_with_paths, out_dir)` writes the Markdown and HTML
rulebooks of many variants (what `escoba-spec build` calls);
`check_coverage()` lists every missing or broken catalogue entry, and fails
`build` through `write_rulebooks` when there is one; `rulebook_files` gives
the same files unwritten, for a caller that writes them with others, all or none.
"""

from .book import (
    RulebookError,
    check_coverage,
    document,
    render_rulebook,
    rulebook_files,
    write_rulebooks,
)
from .catalog import LANGS, MissingMessage
from .render import FORMATS, PdfUnavailable

__all__ = [
    "FORMATS",
    "LANGS",
    "MissingMessage",
    "PdfUnavailable",
    "RulebookError",
    "check_coverage",
    "document",
    "render_rulebook",
    "rulebook_files",
    "write_rulebooks",
]
