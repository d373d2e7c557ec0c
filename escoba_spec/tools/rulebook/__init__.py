"""Rulebooks generated from the IR, in five languages, as Markdown, HTML or PDF.

    from escoba_spec.tools.rulebook import render_rulebook
    text = render_rulebook(variant, "es", "md")      # str; "pdf" gives bytes

Everything a rulebook says comes from the compiled `ir.Variant` and the
message catalogues (`locales/<lang>/LC_MESSAGES/rulebook.po`, see
`catalog.py` for why gettext): the deck and card values, players and teams,
the deal, captures, sweeps, the end of a hand, every scoring rule in words
generated from its expression (`exprtext.py`), the end of the match, the
options (each other choice described by what it changes), an example play
produced by the engine (`example.py`), and the sources. A house rule's
rulebook adds "differences from <base>" (`differences.py`). No prose a
variant's author wrote (names of rules, descriptions) is copied, except the
variant's name as the title.

`write_rulebooks(variants_with_paths, out_dir)` writes the Markdown and HTML
rulebooks of many variants (what `escoba-spec build` calls);
`check_coverage()` lists every missing or broken catalogue entry, and fails
`build` through `write_rulebooks` when there is one.
"""

from .book import (
    RulebookError,
    check_coverage,
    document,
    render_rulebook,
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
    "write_rulebooks",
]
