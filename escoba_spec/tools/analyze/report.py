"""The analysis as files: analysis.json (deterministic for a seed: sorted keys, no
timings), report.md and report.html (one self-contained page: the plots inline SVG,
printable CSS), rendered from Jinja2 templates in the language asked."""

from __future__ import annotations

import json

import jinja2

from .charts import charts
from .words import words


def dumps(analysis: dict) -> str:
    return json.dumps(analysis, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("escoba_spec.tools.analyze", "templates"),
                             autoescape=jinja2.select_autoescape(["html.j2"]), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = lambda x: "–" if x is None else f"{100 * x:.1f}%"  # None: nothing to count
    env.filters["num"] = lambda x: f"{x:.3f}"
    return env


def render(analysis: dict, lang: str) -> dict[str, bytes]:
    """Entry point: the three files, by name."""
    w = words(lang)
    named = [(v["name"], v) for v in analysis["variants"]]
    plots = charts([(name, v["measured"]) for name, v in named], w) or {}
    context = {"a": analysis, "w": w, "lang": lang, "plots": plots}
    env = _env()
    return {
        "analysis.json": dumps(analysis).encode(),
        "report.md": env.get_template("report.md.j2").render(**context).encode(),
        "report.html": env.get_template("report.html.j2").render(**context).encode(),
    }
