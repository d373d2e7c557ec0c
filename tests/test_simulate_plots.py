"""`escoba-spec simulate --out`'s plots: rules named as the rule file names them, each
figure titled with the variant, the number of games and the seed, a panel per rule on
its own scale, both runs with --compare, and a rule file's text drawn literally."""

from __future__ import annotations

import copy

import pytest

from escoba_spec.language.validate import load_variant
from escoba_spec.tools.simulate import Context, figures, play_matches, plots, summarize
from escoba_spec.tools.simulate.charts import literal

from .conftest import RULES

pytest.importorskip("matplotlib")

GAMES, SEED = 20, 3


def summary_of(name: str) -> dict:
    path = RULES / name
    variant = load_variant(path, {})
    ctx = Context(str(path), {}, 2, 1, ["greedy", "greedy"], variant=variant)
    records, _ = play_matches(ctx, str(path), {}, SEED, GAMES)
    return summarize(records, ctx, str(path), SEED)


@pytest.fixture(scope="module")
def escoba() -> dict:
    return summary_of("escoba-de-15.yaml")


@pytest.fixture(scope="module")
def escopa() -> dict:
    return summary_of("escopa.yaml")


def suptitle(fig) -> str:
    return fig._suptitle.get_text()


def panels(fig) -> dict[str, object]:
    """The points figure's panels by their title's first line (the rule's name)."""
    return {ax.get_title().split("\n")[0]: ax for ax in fig.axes if ax.get_title()}


def test_the_summary_names_the_variant_and_each_rule(escoba):
    assert escoba["name"] == "Escoba de 15"
    assert escoba["rule_names"] == {"most-cards": "Most cards", "most-oros": "Most oros",
                                    "siete-de-velo": "Seven of oros", "setenta": "Setenta",
                                    "escobas": "Each escoba"}
    assert list(escoba["rule_names"]) == list(escoba["points_per_hand"])


def test_every_plot_is_titled_with_the_variant_the_games_and_the_seed(escoba):
    for name, fig in figures(escoba).items():
        assert f"Escoba de 15: {GAMES} games, seed {SEED}" in suptitle(fig), name


def test_each_rule_has_a_panel_named_as_the_rule_file_names_it(escoba):
    fig = figures(escoba)["points-per-hand.png"]
    assert list(panels(fig)) == list(escoba["rule_names"].values())
    shown = " ".join(ax.get_title() for ax in fig.axes)
    assert "most-oros" not in shown and "siete-de-velo" not in shown  # ids are not labels
    for ax in fig.axes:
        assert [t.get_text() for t in ax.get_xticklabels()] == ["side 0", "side 1"]


def test_a_rule_worth_many_points_does_not_flatten_the_others(escoba):
    """Each panel has its own scale: the escobas' mean would be off the scale of Most cards."""
    by_name = panels(figures(escoba)["points-per-hand.png"])
    escobas = max(p["mean"] for p in escoba["points_per_hand"]["escobas"])
    cards_top = by_name["Most cards"].get_ylim()[1]
    assert cards_top < escobas <= by_name["Each escoba"].get_ylim()[1]
    assert cards_top > max(p["ci95"][1] for p in escoba["points_per_hand"]["most-cards"])


def test_compared_runs_are_both_named_in_titles_legends_and_panels(escoba, escopa):
    figs = figures(escoba, escopa)
    for name, fig in figs.items():
        assert f"A: Escoba de 15 vs B: Escopa: {GAMES} games each, seed {SEED}" in suptitle(fig), name
    points = figs["points-per-hand.png"]
    legend = [t.get_text() for t in points.legends[0].get_texts()]
    assert legend == ["A: Escoba de 15", "B: Escopa"]
    titles = [ax.get_title() for ax in points.axes]
    assert "Most cards" in titles  # in both runs: no note
    assert "Most oros\n(not in B)" in titles and "Most diamonds\n(not in A)" in titles
    for name in ("match-length.png", "win-rate.png"):
        labels = [t.get_text() for t in figs[name].axes[0].get_legend().get_texts()]
        assert any(label.startswith("A: Escoba de 15") for label in labels)
        assert any(label.startswith("B: Escopa") for label in labels)


def test_a_name_with_dollars_or_escapes_is_drawn_as_written(escoba):
    hostile = copy.deepcopy(escoba)
    hostile["name"] = "Pay $5 or $\\frac{$"  # as mathtext, this fails to draw
    hostile["rule_names"]["escobas"] = "Each \x1b[31mescoba\x07 $x^$"
    figs = figures(hostile)
    assert "Pay \\$5 or \\$\\frac{\\$" in suptitle(figs["win-rate.png"])
    titles = [ax.get_title().replace("\n", " ") for ax in figs["points-per-hand.png"].axes]  # wrapped to the panel
    assert "Each \\x1b[31mescoba\\x07 \\$x^\\$" in titles
    pngs = plots(hostile)  # drawing them raises nothing
    assert all(png[:8] == b"\x89PNG\r\n\x1a\n" for png in pngs.values())


def test_literal_leaves_matplotlib_no_maths_to_read():
    assert literal("a $b$ c") == "a \\$b\\$ c"
    assert literal("plain") == "plain"
    assert literal("C:\\$x") == "C:\\\\$x"  # matplotlib shows C:\$x: the backslash stays, the $ is literal
