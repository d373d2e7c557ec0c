"""A rulebook `Document` as Markdown, HTML (one self-contained page) or PDF.

Jinja2 templates in `templates/`; HTML autoescaping is on for the page. Text
may hold inline spans marked by private-use characters, which each format
writes its own way:

* `code(text)`: an identifier the reader types (a file name, an option id);
* `strong(text)`: words to notice (a rule's name, what an option changes);
* `card(rank, suit, label)` and `suit(name, label)`: a card or a suit, drawn in
  HTML and PDF as a small badge with its suit's symbol (inline SVG, coloured),
  and said by its `label` (its name in the reader's language) in Markdown and
  to screen readers.

Text the rule file's author wrote (names, descriptions, labels, citations)
passes through `author()`, which takes these private-use characters out, so it
is always shown as text: HTML escapes it, Markdown escapes its markup, and
`without_controls` shows any control character as an escape.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ...language.cards import SUIT_KINDS
from ..text import without_controls
from .model import Document

CODE_OPEN, CODE_CLOSE = "\ue000", "\ue001"
STRONG_OPEN, STRONG_CLOSE = "\ue002", "\ue003"
TOKEN_OPEN, TOKEN_CLOSE, TOKEN_SEP = "\ue004", "\ue005", "\ue006"
TEMPLATES = Path(__file__).parent / "templates"
FORMATS = ("md", "html", "pdf")

#: the private-use characters the spans are marked with (and a few more, kept free)
_MARKERS = re.compile("[\ue000-\ue00f]")


class PdfUnavailable(RuntimeError):
    """The optional PDF extra is not installed."""


def author(text: str) -> str:
    """Text of the rule file's author, on one line and with no span markers in it."""
    return _MARKERS.sub("\ufffd", " ".join(str(text).split()))


def code(text: str) -> str:
    return f"{CODE_OPEN}{_MARKERS.sub(chr(0xFFFD), str(text))}{CODE_CLOSE}"


def strong(text: str) -> str:
    return f"{STRONG_OPEN}{text}{STRONG_CLOSE}" if text else text


def card(rank: str, suit_name: str, label: str) -> str:
    """A card: its rank's symbol, its suit's name ("" for a joker) and its name for readers."""
    return f"{TOKEN_OPEN}card{TOKEN_SEP}{rank}{TOKEN_SEP}{suit_name}{TOKEN_SEP}{label}{TOKEN_CLOSE}"


def separator() -> str:
    """Between the cards of a list: a comma in words, a space between badges."""
    return f"{TOKEN_OPEN}sep{TOKEN_CLOSE}"


def suit(suit_name: str, label: str) -> str:
    """A suit, by its name in the deck and its word for readers."""
    return f"{TOKEN_OPEN}suit{TOKEN_SEP}{suit_name}{TOKEN_SEP}{label}{TOKEN_CLOSE}"


_SPAN = re.compile(f"{CODE_OPEN}(.*?){CODE_CLOSE}|{TOKEN_OPEN}(.*?){TOKEN_CLOSE}|([{STRONG_OPEN}{STRONG_CLOSE}])",
                   re.DOTALL)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")
_MD_LINE_START = re.compile(r"^(\s*)(\d+)([.)])(\s)|^(\s*)([-+=])(\s|$)")


def _spans(text: str):
    """(kind, value) pieces: text, code, strong-open, strong-close, card (fields), suit (fields)."""
    last = 0
    for m in _SPAN.finditer(text):
        if m.start() > last:
            yield "text", text[last:m.start()]
        if m.group(1) is not None:
            yield "code", m.group(1)
        elif m.group(2) is not None:
            kind, *fields = m.group(2).split(TOKEN_SEP)
            yield kind, fields
        else:
            yield ("open" if m.group(3) == STRONG_OPEN else "close"), ""
        last = m.end()
    if last < len(text):
        yield "text", text[last:]


def _md(text: str) -> str:
    out = []
    for kind, value in _spans(text):
        if kind == "text":
            out.append(_MD_SPECIAL.sub(r"\\\1", value))
        elif kind == "code":
            out.append("`" + value.replace("`", "'") + "`")
        elif kind in ("open", "close"):
            out.append("**")
        elif kind == "sep":
            out.append(", ")
        else:  # a card or a suit: its words
            out.append(_MD_SPECIAL.sub(r"\\\1", value[-1]))
    md = "".join(out)
    # text that would start a list or a heading when it opens a line: "1. ...", "- ...", "=..."
    return _MD_LINE_START.sub(lambda m: (f"{m.group(1)}{m.group(2)}\\{m.group(3)}{m.group(4)}" if m.group(2)
                                         else f"{m.group(5)}\\{m.group(6)}{m.group(7)}"), md)


def _html(text: str) -> Markup:
    out = []
    for kind, value in _spans(text):
        if kind == "text":
            out.append(str(escape(value)))
        elif kind == "code":
            out.append("<code>" + str(escape(value)) + "</code>")
        elif kind == "open":
            out.append("<strong>")
        elif kind == "close":
            out.append("</strong>")
        elif kind == "card":
            out.append(card_html(*value))
        elif kind == "sep":
            out.append(" ")
        else:
            out.append(suit_html(*value))
    return Markup("".join(out))


def _plain(text: str) -> str:
    out = []
    for kind, value in _spans(text):
        if kind in ("text", "code"):
            out.append(value)
        elif kind in ("card", "suit"):
            out.append(value[-1])
        elif kind == "sep":
            out.append(", ")
    return "".join(out)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# ------------------------------------------------------------------ suits

#: each symbol on a 16x16 grid: its colour class, its colour (written into the SVG, which a PDF
#: renderer draws apart from the page's style sheet) and its shapes (inline SVG, nothing fetched)
_SYMBOLS = {
    "hearts": ("red", "#b3261e", '<path d="M8 14.6C5.2 12.4 1.4 9.6 1.4 5.9 1.4 3.6 3.1 2 5.1 2c1.3 0 2.3.7 2.9 1.8'
                                 'C8.6 2.7 9.6 2 10.9 2c2 0 3.7 1.6 3.7 3.9 0 3.7-3.8 6.5-6.6 8.7z"/>'),
    "diamonds": ("red", "#b3261e", '<path d="M8 .8l5.7 7.2L8 15.2 2.3 8z"/>'),
    "clubs": ("black", "#1d1d1b", '<circle cx="8" cy="4.6" r="3.1"/><circle cx="4.3" cy="9.2" r="3.1"/>'
                                  '<circle cx="11.7" cy="9.2" r="3.1"/><path d="M7.2 8.5h1.6l1 6.5H6.2z"/>'),
    "spades": ("black", "#1d1d1b", '<path d="M8 1C6 3.5 1.6 6.3 1.6 9.7c0 1.8 1.4 3.1 3.1 3.1 1.1 0 2-.5 2.6-1.3L6.3 15'
                                   'h3.4l-1-3.5c.6.8 1.5 1.3 2.6 1.3 1.7 0 3.1-1.3 3.1-3.1C14.4 6.3 10 3.5 8 1z"/>'),
    "coins": ("coins", "#7a5800", '<circle cx="8" cy="8" r="6.7" fill="#e9b824" stroke="#7a5800" stroke-width="1.1"/>'
                                  '<circle cx="8" cy="8" r="3.7" fill="none" stroke="#7a5800" stroke-width="1"/>'
                                  '<circle cx="8" cy="8" r="1.2"/>'),
    "cups": ("cups", "#b3261e", '<path d="M2.6 1.4h10.8c0 4.6-2.2 6.9-4.3 7.4v3c1.7.3 2.7 1.1 2.7 2.6H4.2c0-1.5 1-2.3'
                                ' 2.7-2.6v-3C4.8 8.3 2.6 6 2.6 1.4z"/><path d="M3.3 3.3h9.4" stroke="#e9b824" '
                                'stroke-width="1"/>'),
    "swords": ("swords", "#1f5fa8", '<path d="M8 .2l2.1 2.5v7.4H5.9V2.7z"/><path d="M2.8 10.1h10.4v2H2.8z"/>'
                                    '<path d="M6.8 12.1h2.4v1.9H6.8z"/><circle cx="8" cy="14.6" r="1.4"/>'),
    "batons": ("batons", "#2e6b30", '<path d="M2 13.4l1.6 1.6 8.1-8.3c1.8.3 3.5-1.1 3.4-3-.1-1.7-1.6-2.9-3.3-2.6-1.8.3'
                                    '-2.9 2-2.5 3.7z"/><circle cx="7.3" cy="8.9" r=".9" fill="#cfe3c3"/>'
                                    '<circle cx="5" cy="11.3" r=".9" fill="#cfe3c3"/>'
                                    '<circle cx="12" cy="3.4" r="1" fill="#cfe3c3"/>'),
}


def _svg(kind: str) -> str:
    _, colour, shapes = _SYMBOLS[kind]
    return (f'<svg class="pip" viewBox="0 0 16 16" width="16" height="16" fill="{colour}" aria-hidden="true" '
            f'focusable="false">{shapes}</svg>')


def suit_kind(name: str) -> str | None:
    return SUIT_KINDS.get(name)


def card_html(rank: str, suit_name: str, label: str) -> str:
    """A card as a small badge: the rank's symbol and the suit's, coloured by suit."""
    kind = suit_kind(suit_name)
    if not suit_name:  # a joker
        colour, pip = "joker", '<span class="pip-text">★</span>'
        rank = rank.lstrip("*")
    elif kind is None:  # a suit the file declares: its initial
        colour, pip = "other", f'<span class="pip-text">{escape(suit_name[:1].upper())}</span>'
    else:
        colour, pip = _SYMBOLS[kind][0], _svg(kind)
    return (f'<span class="card {colour}" role="img" aria-label="{escape(label)}" title="{escape(label)}">'
            f'<span class="rank">{escape(rank)}</span>{pip}</span>')


def suit_html(suit_name: str, label: str) -> str:
    """A suit's word after its symbol."""
    kind = suit_kind(suit_name)
    if kind is None:
        return str(escape(label))
    return f'<span class="suit {_SYMBOLS[kind][0]}">{_svg(kind)}{escape(label)}</span>'


# ------------------------------------------------------------------ pages


@cache
def _environment(fmt: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(enabled_extensions=("html.j2",), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = _md
    env.filters["html"] = _html
    env.filters["plain"] = _plain
    env.filters["tojson_attr"] = lambda data: json.dumps(data, ensure_ascii=False, sort_keys=True)
    env.tests["cell_list"] = lambda value: isinstance(value, (list, tuple))
    return env


def render_markdown(doc: Document) -> str:
    text = _environment("md").get_template("rulebook.md.j2").render(doc=doc)
    return without_controls(re.sub(r"\n{3,}", "\n\n", text).rstrip() + "\n")


def render_html(doc: Document) -> str:
    """The page; its print style sheet (`@media print`, `@page`) makes the PDF: page numbers,
    the table of contents with the page of each section, the quick reference on a page of its own."""
    css = (TEMPLATES / "rulebook.css").read_text(encoding="utf-8")
    return without_controls(_environment("html").get_template("rulebook.html.j2").render(doc=doc, css=Markup(css)))


def render_pdf(doc: Document) -> bytes:
    try:
        from weasyprint import HTML  # type: ignore[import-not-found]
    except (ImportError, OSError) as exc:  # OSError: its system libraries (Pango) are missing
        raise PdfUnavailable(
            "PDF rulebooks need the optional extra: pip install 'escoba-spec[pdf]' "
            f"(WeasyPrint and its Pango libraries; {type(exc).__name__}: {exc})"
        ) from None
    return HTML(string=render_html(doc)).write_pdf()
