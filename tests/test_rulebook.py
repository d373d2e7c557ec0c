"""Rulebooks: every rule file in five languages, the coverage guarantee, house-rule
differences, the engine's example play replayed, and the command line."""

from __future__ import annotations

import dataclasses
import json
import re
from functools import cache
from pathlib import Path

import pytest

from escoba_spec import api
from escoba_spec.cli import main
from escoba_spec.language.cards import CardSet
from escoba_spec.language.expr.check import compile_expression
from escoba_spec.language.expr.env import Env
from escoba_spec.language.expr.parse import parse
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.rulebook import (
    LANGS,
    PdfUnavailable,
    RulebookError,
    check_coverage,
    document,
    render_rulebook,
    write_rulebooks,
)
from escoba_spec.tools.rulebook.catalog import MissingMessage, catalog, coverage
from escoba_spec.tools.rulebook.coverage import (
    HAND_SAMPLES,
    PLAY_SAMPLES,
    SAMPLES,
    TABLE_SAMPLES,
    _forms_in,
    expression_forms,
    ir_classes,
    leaks,
    literal_values,
    problems,
)
from escoba_spec.tools.rulebook.document import IR_SECTIONS
from escoba_spec.tools.rulebook.example import example_play, replay
from escoba_spec.tools.rulebook.exprtext import ExprText
from escoba_spec.tools.rulebook.lang import Lang, contract

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
FILES = sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))
HOUSE = sorted((RULES / "house").glob("*.yaml"))


@cache
def variant(path: Path):
    return load_variant(path)


@cache
def rendered(path: Path, lang: str, fmt: str) -> str:
    return render_rulebook(variant(path), lang, fmt)


def reader_text(text: str) -> str:
    """What a reader sees: without the page's CSS and the example's machine data."""
    text = re.sub(r"<style>.*?</style>", "", text, flags=re.DOTALL)
    text = re.sub(r'data-example="[^"]*"', "", text)
    return re.sub(r"<!-- example:.*?-->", "", text)


# ------------------------------------------------------------------ coverage


def test_catalogues_are_complete():
    assert coverage() == []


def test_coverage_guarantee_holds():
    assert problems() == ()
    check_coverage()


def test_every_ir_literal_value_has_text_in_every_language():
    values = literal_values()
    assert {"Capture.mode", "Capture.obligation", "OpeningTable.trigger", "OpeningTable.action",
            "OpeningTable.taker", "Deal.stock_remainder", "Players.direction", "ScoringRule.effect",
            "Scoring.ties"} <= set(values)
    for field, options in values.items():
        for value in options:
            for lang in LANGS:
                assert catalog(lang).has(f"ir.{field}.{value}"), (lang, field, value)


def test_every_ir_class_has_a_section():
    assert set(ir_classes()) <= set(IR_SECTIONS)


def test_samples_use_every_expression_form():
    used = {kind: set() for kind in expression_forms()}
    for text, _ in SAMPLES + TABLE_SAMPLES + PLAY_SAMPLES + HAND_SAMPLES:
        tree, errors = parse(text.format(s="oros", s2="copas", f="sota"))
        assert tree is not None, (text, errors)
        _forms_in(tree, used)
    for kind, forms in expression_forms().items():
        if kind == "node":
            forms = forms - {"Mask"}  # only in resolved trees; checked by problems()
        assert forms <= used[kind], (kind, forms - used[kind])


def test_a_missing_translation_fails_loudly(monkeypatch):
    es = catalog("es")
    broken = dataclasses.replace(es.entries["ir.Capture.mode.sum"], forms=("",))
    monkeypatch.setitem(es.entries, "ir.Capture.mode.sum", broken)
    with pytest.raises(MissingMessage):
        render_rulebook(variant(RULES / "escoba-de-15.yaml"), "es", "md")
    assert any("ir.Capture.mode.sum" in p for p in coverage())


def test_build_fails_on_an_incomplete_catalogue(monkeypatch, tmp_path):
    monkeypatch.setattr("escoba_spec.tools.rulebook.coverage.problems", lambda: ("fr: missing 'x'",))
    with pytest.raises(RulebookError, match="missing 'x'"):
        write_rulebooks([(RULES / "scopa.yaml", variant(RULES / "scopa.yaml"))], tmp_path)
    assert not list(tmp_path.iterdir())


def test_a_placeholder_left_unfilled_is_an_error():
    with pytest.raises(MissingMessage, match="cannot be filled"):
        catalog("en").text("deal.round")


def test_leaks_finds_placeholders_and_keys():
    assert leaks("1 point if {condition}")
    assert leaks("see ir.Capture.mode.sum")
    assert not leaks("Generated from rules/house/escoba-31-ties-all.yaml.")


# ----------------------------------------------------------- every rule file


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_file_renders_in_every_language(path: Path, lang: str):
    md = rendered(path, lang, "md")
    html = rendered(path, lang, "html")
    for text in (md, html):
        assert not leaks(reader_text(text)), leaks(reader_text(text))
        assert "\ue000" not in text and "\ue001" not in text
    assert md.startswith(f"# {variant(path).name}")
    assert f'<html lang="{lang}">' in html
    assert "<style>" in html and "@media print" in html and "@page" in html
    # self-contained: nothing is loaded from elsewhere (a cited web page is text, not a resource)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|@import""", html)
    L = Lang(lang, variant(path).deck)
    assert L.sweep(1) in md or (not variant(path).sweeps.enabled and L.sweep(2) in md)  # "no scope" in Italian
    # generated from the IR, never from prose written for the variant
    description = variant(path).description
    assert description[:40] not in md and description[:40] not in html


def test_scoring_rules_read_naturally():
    v = variant(RULES / "escoba-francesa.yaml")
    scoring = {lang: dict(document(v, lang, base=None, options=False, example=False).section("scoring").blocks[1].items)
               for lang in LANGS}
    assert scoring["en"]["siete-de-oros"] == "1 point if you have captured the seven of oros."
    assert scoring["en"]["all-sevens"] == "3 points if you have captured all 4 sevens."
    assert scoring["en"]["escobas"] == "1 point for each escoba you have made."
    assert scoring["en"]["no-capture"] == "If you have made no captures, you lose the match at once."
    assert scoring["en"]["opponents-under-ten"] == "2 points if every opponent has captured fewer than 10 cards."
    assert scoring["es"]["all-sevens"] == "3 puntos si has capturado los 4 sietes."
    assert scoring["es"]["all-oros"] == "2 puntos si has capturado las 10 cartas de oros."
    assert scoring["es"]["no-capture"] == "Si no has hecho ninguna captura, pierdes la partida en el acto."
    assert scoring["it"]["all-sevens"] == "3 punti se hai preso tutti e 4 i sette."
    assert scoring["it"]["all-oros"] == "2 punti se hai preso tutte e 10 le carte di denari."
    assert scoring["fr"]["no-capture"] == "Si vous n'avez fait aucun pli, vous perdez la partie immédiatement."
    assert scoring["pt"]["escobas"] == "1 ponto por cada escoba que você fez."
    assert "Si hay empate en cabeza, no puntúa nadie." in scoring["es"]["most-oros"]


def test_ties_and_eligibility_are_stated():
    v = variant(RULES / "scopa.yaml")
    text = dict(document(v, "en", options=False, example=False).section("scoring").blocks[1].items)["primiera"]
    assert text.startswith("1 point if you have the best primiera.")
    assert "nobody scores it" in text
    assert "only if you have captured cards of all 4 suits" in text
    tied = variant(RULES / "house" / "escoba-31-ties-all.yaml")
    text = dict(document(tied, "en", options=False, example=False).section("scoring").blocks[1].items)["most-cards"]
    assert "each of them scores it" in text


def test_points_from_an_expression():
    v = variant(RULES / "escopa.yaml")
    items = dict(document(v, "en", options=False, example=False).section("scoring").blocks[1].items)
    assert items["most-cards"] == ("If you have captured the most cards: 2 points if every opponent has captured "
                                   "fewer than 10 cards, otherwise 1 point. If several are tied for the most, "
                                   "nobody scores it.")
    napola = variant(RULES / "house" / "scopa-napola.yaml")
    items = dict(document(napola, "it", options=False, example=False).section("scoring").blocks[1].items)
    assert items["napola"].startswith("Tanti punti quanto la lunghezza della scala")
    assert items["napola"].endswith("se questo numero è almeno 3.")


@pytest.mark.parametrize(
    "rel,lang,words",
    [
        ("escoba-de-15.yaml", "es", ["escoba", "oros", "setenta", "sota", "caballo", "rey"]),
        ("escoba-de-15.yaml", "pt", ["escoba", "oros", "setenta"]),
        ("escoba-de-15.yaml", "fr", ["escoba", "deniers", "primera", "valet", "cavalier"]),
        ("escoba-de-15.yaml", "it", ["scopa", "denari", "primiera", "fante"]),
        ("escopa.yaml", "en", ["escopa", "diamonds", "jack", "queen", "king"]),
        ("escopa.yaml", "pt", ["escopa", "ouros"]),
        ("escopa.yaml", "es", ["escoba", "diamantes", "jota", "reina"]),
        ("escopa.yaml", "fr", ["escoba", "carreau", "dame"]),
        ("escopa.yaml", "it", ["scopa", "quadri", "donna"]),
        ("scopa.yaml", "en", ["scopa", "denari", "primiera", "fante"]),
        ("scopa.yaml", "it", ["scope", "denari", "primiera"]),
        ("scopa.yaml", "es", ["scopa", "oros", "primiera"]),
    ],
)
def test_family_terms_by_deck_and_language(rel, lang, words):
    text = rendered(RULES / rel, lang, "md").lower()
    for word in words:
        assert word in text, (rel, lang, word)


def test_plurals_follow_each_language():
    assert catalog("en").plural("points.n", 1) == "1 point"
    assert catalog("en").plural("points.n", 0) == "0 points"
    assert catalog("fr").plural("points.n", 0) == "0 point"
    assert catalog("fr").plural("points.n", 2) == "2 points"
    assert catalog("pt").plural("points.n", 1) == "1 ponto"
    assert catalog("it").plural("points.n", 2) == "2 punti"
    assert catalog("it").plural("term.sweep.italian-40", 2) == "scope"
    assert catalog("es").plural("rank.spanish-40.seven", 3) == "sietes"
    assert catalog("fr").plural("rank.spanish-40.seven", 3) == "sept"


def test_contractions_and_elisions():
    assert contract("fr", "le nombre de les cartes de la escoba") == "le nombre des cartes de l'escoba"
    assert contract("es", "el valor de el siete") == "el valor del siete"
    assert contract("pt", "o número de as cartas de o jogador") == "o número das cartas do jogador"
    assert contract("it", "in le carte di il giocatore") == "nelle carte del giocatore"
    assert contract("en", "a escoba, a ace, a seven") == "an escoba, an ace, a seven"


def test_card_predicates_without_their_text_are_described_from_the_mask():
    v = variant(RULES / "escoba-de-15.yaml")
    env = Env.from_cardset(CardSet(v.deck), "none")
    words = ExprText(Lang("en", v.deck), env)
    node, _ = compile_expression("count(pile, suit == oros) == 10", "bool", env)
    assert words.expression(node, "") == "you have captured all 10 cards of oros"
    node, _ = compile_expression("count(pile, rank == 7 and suit != oros) >= 2", "bool", env)
    assert words.expression(node, "") == "you have captured at least 2 cards among 7 of copas, 7 of espadas, and 7 of bastos"


def test_html_escapes_what_it_shows():
    v = dataclasses.replace(variant(RULES / "scopa.yaml"), name="Scopa <b>&</b>")
    html = render_rulebook(v, "en", "html", base=None, options=False, example=False)
    assert "Scopa &lt;b&gt;&amp;&lt;/b&gt;" in html
    assert "<b>" not in html
    md = render_rulebook(v, "en", "md", base=None, options=False, example=False)
    assert md.startswith("# Scopa \\<b\\>&\\</b\\>")


# ---------------------------------------------------------------- house rules


@pytest.mark.parametrize("path", HOUSE, ids=[p.stem for p in HOUSE])
@pytest.mark.parametrize("lang", LANGS)
def test_house_rules_show_their_differences(path: Path, lang: str):
    doc = document(variant(path), lang, options=False, example=False)
    section = doc.section("differences")
    assert section is not None and section is doc.sections[1]
    items = [b for b in section.blocks if b.kind == "ul"]
    assert items and items[0].items, "a house rule changes something"


def test_differences_say_what_changed():
    doc = document(variant(RULES / "house" / "escoba-31-ties-all.yaml"), "es", options=False, example=False)
    changes = [text for b in doc.section("differences").blocks if b.kind == "ul" for _, text in b.items]
    assert any("31 puntos" in c and "21 puntos" in c for c in changes)
    assert any("puntúan todos los empatados" in c for c in changes)
    doc = document(variant(RULES / "house" / "escopa-no-leftover-check.yaml"), "en", options=False, example=False)
    changes = [text for b in doc.section("differences").blocks if b.kind == "ul" for _, text in b.items]
    assert any(c.startswith("The end of a hand: removed:") and "10, 25, 40, or 55" in c for c in changes)
    assert any("leftover-check" in c and "no longer offered" in c for c in changes)


def test_options_describe_what_each_other_choice_changes():
    md = rendered(RULES / "escopa.yaml", "en", "md")
    assert "Option `leftover-check`: in force, `kept`." in md
    assert "With `dropped`:" in md
    assert "With `scored`:\n\n- Scoring: added: “1 point if you have captured the most sevens." in md


# ---------------------------------------------------------------- example play


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_play_replays_through_the_api(path: Path):
    v = variant(path)
    example = example_play(v)
    assert example.steps and any(step.captured for step in example.steps)
    assert replay(v, example) == []
    # the moves printed in the rulebook itself replay too
    md = rendered(path, "en", "md")
    data = json.loads(re.search(r"<!-- example: (.*?) -->", md).group(1))
    html = rendered(path, "fr", "html")
    html_data = json.loads(re.search(r'data-example="([^"]*)"', html).group(1).replace("&#34;", '"').replace("&quot;", '"'))
    assert html_data == data
    game = api.Game(v, players=data["players"], team_size=data["team_size"], seed=data["seed"])
    game.new_hand(seed=data["seed"])
    for move, captured, sweeps in zip(data["moves"], data["captured"], data["sweeps"]):
        assert move in game.legal_moves()
        played = game.play(move)
        assert sorted(played.captured) == sorted(captured)
        assert played.sweeps == sweeps
    # and the text says the same plays
    example_section = document(v, "en", options=False).section("example")
    steps = next(b for b in example_section.blocks if b.kind == "ul")
    assert sum(1 for key, _ in steps.items if key.startswith("step")) == len(data["moves"])


# ------------------------------------------------------------------ output


def test_write_rulebooks(tmp_path):
    pairs = [(RULES / "scopa.yaml", variant(RULES / "scopa.yaml"))]
    written = write_rulebooks(pairs, tmp_path, langs=("en", "it"))
    assert sorted(p.name for p in written) == ["scopa.en.html", "scopa.en.md", "scopa.it.html", "scopa.it.md"]
    assert "Generated by escoba-spec from rules/scopa.yaml." in (tmp_path / "scopa.en.md").read_text()


def test_pdf(tmp_path):
    try:
        pdf = render_rulebook(variant(RULES / "scopa.yaml"), "it", "pdf")
    except PdfUnavailable as exc:
        assert "escoba-spec[pdf]" in str(exc)
        pytest.skip(f"the pdf extra is not installed: {exc}")
    assert pdf.startswith(b"%PDF")


def test_cli_rulebook(capsys, tmp_path):
    path = str(RULES / "open-table.yaml")
    assert main(["rulebook", path, "--lang", "pt", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Escoba com mesa aberta")
    assert "Diferenças em relação a Escoba de 15" in out
    target = tmp_path / "rb" / "open-table.html"
    assert main(["rulebook", path, "--lang", "fr", "--format", "html", "--out", str(target)]) == 0
    assert '<html lang="fr">' in target.read_text()
    assert main(["rulebook", str(tmp_path / "missing.yaml")]) == 2
    assert main(["rulebook", path, "--option", "nope=1"]) == 2
    assert main(["rulebook", path, "--format", "pdf"]) == 2
    with pytest.raises(SystemExit) as exit_:
        main(["rulebook", path, "--lang", "de"])
    assert exit_.value.code == 2


def test_cli_rulebook_pdf_without_the_extra(capsys, tmp_path, monkeypatch):
    def unavailable(doc):
        raise PdfUnavailable("PDF rulebooks need the optional extra: pip install 'escoba-spec[pdf]'")

    monkeypatch.setattr("escoba_spec.tools.rulebook.book.render_pdf", unavailable)
    code = main(["rulebook", str(RULES / "scopa.yaml"), "--format", "pdf", "--out", str(tmp_path / "s.pdf")])
    assert code == 2
    assert "escoba-spec[pdf]" in capsys.readouterr().err


def test_cli_rulebook_invalid_file(capsys, tmp_path):
    bad = tmp_path / "rules" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text("id: bad\nname: Bad\n", encoding="utf-8")
    assert main(["rulebook", str(bad)]) == 1
    assert "no rulebook written" in capsys.readouterr().err


@pytest.mark.parametrize("lang", LANGS)
def test_who_deals_and_leads_is_told_as_the_variant_plays_it(lang):
    """003 to the letter (the seat before the dealer leads) and 004 (the deal passes on
    after every round) each have their own sentences."""
    letter = load_variant(RULES / "escoba-francesa.yaml", {"first-player": "before-dealer"})
    usual = load_variant(RULES / "escoba-francesa.yaml")
    texts = {name: render_rulebook(v, lang, "md") for name, v in (("letter", letter), ("usual", usual))}
    escopa = render_rulebook(load_variant(RULES / "escopa.yaml"), lang, "md")
    english = {"letter": "so the dealer plays second", "usual": "and the dealer plays last",
               "rotates": "After each round the deal passes to the next player"}
    if lang == "en":
        # the options section names both readings; the deal section only the one in force
        assert texts["letter"].count(english["letter"]) == texts["usual"].count(english["letter"]) + 1
        assert texts["usual"].count(english["usual"]) == texts["letter"].count(english["usual"]) + 1
        assert "starting with the player before the dealer" in texts["letter"]
        assert english["rotates"] in escopa and english["rotates"] not in texts["usual"]
    assert texts["letter"] != texts["usual"]
    assert escopa.count(catalog(lang).text("ir.Deal.round_dealer.next")) == 1
