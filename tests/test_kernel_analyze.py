"""`analyze` renders its three files for every shipped variant (issue 18): every section
present, each measured bot's runs played, the page naming the variant. A tiny budget (a few
matches a run) pins that the report is made, not its figures; the module's name puts each
variant beside its other kernel tests (conftest), which compile the same kernel."""

from __future__ import annotations

import json

import pytest
from markupsafe import escape

from escoba_spec.language.validate import load_variant
from escoba_spec.tools.analyze import MEASURED_BOTS, analyze, render

from .conftest import HAVE_PLOTS, RULES

FILES = {p.stem: p for p in sorted([*RULES.glob("*.yaml"), *(RULES / "house").glob("*.yaml")])}


@pytest.mark.parametrize("name", sorted(FILES))
def test_analyze_renders_the_report_of_every_shipped_variant(name):
    path = FILES[name]
    variant = load_variant(path)
    analysis = analyze([(variant, str(path.relative_to(RULES.parent)))], {}, seed=5, budget=0.02, expert_budget=3)
    files = render(analysis, "en")
    assert sorted(files) == ["analysis.json", "report.html", "report.md"]
    data = json.loads(files["analysis.json"])
    (measured,) = data["variants"]
    assert measured["id"] == variant.id
    assert set(measured["measured"]) >= {"seat_advantage", "skill", "decisiveness", "rules"}
    assert {"points_per_hand", "leftovers"} <= set(measured["static"])
    sections = measured["measured"]
    assert set(sections["seat_advantage"]) == set(MEASURED_BOTS)
    assert set(sections["decisiveness"]) == set(MEASURED_BOTS)
    assert all(sum(side["wins"] for side in run["sides"]) > 0 for run in sections["seat_advantage"].values())
    assert sections["skill"]["bot"] == MEASURED_BOTS[-1] and sections["skill"]["trace"]
    html = files["report.html"].decode()
    assert str(escape(variant.name)) in html  # as the page's markup writes it (Scopa d&#39;Assi)
    assert ("<svg" in html) == HAVE_PLOTS  # plots only with the plots extra
    assert variant.name in files["report.md"].decode()
