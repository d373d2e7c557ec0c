"""A rulebook `Document` as Markdown, HTML (one self-contained page) or PDF.

Jinja2 templates in `templates/`; HTML autoescaping is on for the page. Text
may hold inline code spans between CODE_OPEN and CODE_CLOSE (identifiers the
reader types: file names, option ids); each format writes them its own way.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ..text import without_controls
from .model import Document

CODE_OPEN, CODE_CLOSE = "\ue000", "\ue001"
TEMPLATES = Path(__file__).parent / "templates"
FORMATS = ("md", "html", "pdf")


class PdfUnavailable(RuntimeError):
    """The optional PDF extra is not installed."""


def code(text: str) -> str:
    return f"{CODE_OPEN}{text}{CODE_CLOSE}"


_CODE = re.compile(f"{CODE_OPEN}(.*?){CODE_CLOSE}", re.DOTALL)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")


def _md(text: str) -> str:
    out, last = [], 0
    for m in _CODE.finditer(text):
        out.append(_MD_SPECIAL.sub(r"\\\1", text[last : m.start()]))
        out.append("`" + m.group(1) + "`")
        last = m.end()
    out.append(_MD_SPECIAL.sub(r"\\\1", text[last:]))
    return "".join(out)


def _html(text: str) -> Markup:
    out, last = [], 0
    for m in _CODE.finditer(text):
        out.append(str(escape(text[last : m.start()])))
        out.append("<code>" + str(escape(m.group(1))) + "</code>")
        last = m.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))


def _plain(text: str) -> str:
    return _CODE.sub(lambda m: m.group(1), text)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


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
    return env


def render_markdown(doc: Document) -> str:
    text = _environment("md").get_template("rulebook.md.j2").render(doc=doc)
    return without_controls(re.sub(r"\n{3,}", "\n\n", text).rstrip() + "\n")


def render_html(doc: Document) -> str:
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
