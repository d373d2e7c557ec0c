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


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"  # None: nothing to count


def finding_text(finding: dict, w: dict[str, str]) -> str:
    """One finding of the verdict (sections.verdict) as its sentence in the report's language."""
    f = finding
    return w[f"finding_{f['kind']}"].format(
        bot=f["bot"], against=f.get("against", ""), rule=f.get("rule", ""), rate=_pct(f["value"]), lo=_pct(f["ci95"][0]),
        hi=_pct(f["ci95"][1]), games=f["games"], effect=f"{100 * f['effect']:+.1f}", mean=_pct(f.get("mean")))


def _pts(x) -> str:
    return f"{x:g}"  # points: 3, 2.5, not 3.0


def limits_text(limits: dict, w: dict[str, str]) -> list[str]:
    """A side's points in a hand (limits.against_play): the rules' bounds, then each end exact (a
    played hand scored it), between the bound and what was seen, or open (no bound, only what
    was seen)."""
    least, most = limits["least"], limits["most"]
    if least is not None and most is not None:
        out = [w["limits"].format(least=_pts(least), most=_pts(most))]
    elif least is not None:
        out = [w["limits_no_most"].format(least=_pts(least))]
    elif most is not None:
        out = [w["limits_no_least"].format(most=_pts(most))]
    else:
        out = [w["limits_none"]]
    for end, bound in (("least", least), ("most", most)):
        seen = limits[f"seen_{end}"]
        if seen is None:
            continue
        if limits[f"{end}_exact"]:
            out.append(w[f"{end}_exact"].format(value=_pts(bound)))
        elif bound is not None:
            out.append(w[f"{end}_between"].format(bound=_pts(bound), seen=_pts(seen)))
        else:
            out.append(w[f"{end}_open"].format(seen=_pts(seen)))
    if limits["unbounded"]:
        out.append(w["limits_unbounded"].format(why="; ".join(limits["unbounded"])))
    return out


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("escoba_spec.tools.analyze", "templates"),
                             autoescape=jinja2.select_autoescape(["html.j2"]), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = _pct
    env.filters["num1"] = lambda x: f"{x:.1f}"
    env.filters["pts"] = _pts
    env.filters["signed_pct"] = lambda x: f"{100 * x:+.1f}"  # a difference of rates, in percentage points
    env.filters["signed"] = lambda x: f"{x:+.3f}"
    env.filters["num"] = lambda x: f"{x:.3f}"
    return env


def render(analysis: dict, lang: str) -> dict[str, bytes]:
    """Entry point: the three files, by name."""
    w = words(lang)
    named = [(v["name"], v) for v in analysis["variants"]]
    plots = charts([(name, v["measured"]) for name, v in named], w) or {}
    context = {"a": analysis, "w": w, "lang": lang, "plots": plots, "finding": lambda f: finding_text(f, w),
               "limits": lambda limits: " ".join(limits_text(limits, w)),
               "best_value": lambda b: (b["label"] + (f" ({w['default']})" if b["default"] else "")) if b["clear"]
               else w["no_clear_value"]}
    env = _env()
    return {
        "analysis.json": dumps(analysis).encode(),
        "report.md": env.get_template("report.md.j2").render(**context).encode(),
        "report.html": env.get_template("report.html.j2").render(**context).encode(),
    }
