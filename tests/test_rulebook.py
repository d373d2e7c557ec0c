"""Rulebooks: every rule file in five languages, the coverage guarantee, house-rule
differences, the options as a table, the rule file's own words in the reader's
language, the engine's whole example hand replayed, the PDF's pages, and the
command line."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from markupsafe import escape

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
    PILE_SAMPLES,
    PLAY_SAMPLES,
    SAMPLES,
    SWEEP_SAMPLES,
    STACK_SAMPLES,
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
from escoba_spec.tools.rulebook.render import _md

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


def without_name(text: str) -> str:
    """A scoring rule's text without the rule's name before it ("Most oros: 1 point if ...")."""
    return re.sub(r"^\ue002.*?\ue003 ?: ", "", text)


def section_of(md: str, title: str) -> str:
    """One section of a Markdown rulebook, from its heading to the next."""
    start = md.index(f"## {title}\n")
    end = md.find("\n## ", start + 1)
    return md[start:end if end >= 0 else len(md)]


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
    for text, _ in SAMPLES + TABLE_SAMPLES + PLAY_SAMPLES + HAND_SAMPLES + STACK_SAMPLES + PILE_SAMPLES + SWEEP_SAMPLES:
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
    v = variant(path)
    L = Lang(lang, v.deck)
    for text in (md, html):
        assert not leaks(reader_text(text)), leaks(reader_text(text))
        assert not re.search("[\ue000-\ue00f]", text), "a span marker reached the page"
    assert md.startswith(f"# {_md(L.prose(v.name, v.names))}\n")
    assert f"<title>{escape(L.prose(v.name, v.names))}</title>" in html
    assert f'<html lang="{lang}">' in html
    assert "<style>" in html and "@media print" in html and "@page" in html
    # self-contained: nothing is loaded from elsewhere (a cited web page is text, not a resource)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|@import""", html)
    assert L.sweep(1) in md or (not v.sweeps.enabled and L.sweep(2) in md)  # "no scope" in Italian
    # the rule file's own words, quoted: its description in the reader's language, or as written
    description = L.prose(v.description, v.descriptions)
    assert f"\n> {_md(description)}\n" in md
    assert str(escape(description)) in html
    # every section, the options as a table, the quick reference last
    assert [s.id for s in document(v, lang).sections][-3:] == ["example", "sources", "quick"]
    if v.options:
        assert '<table class="options">' in html


def test_scoring_rules_read_naturally():
    v = variant(RULES / "escoba-francesa.yaml")
    scoring = {lang: {key: without_name(text) for key, text in document(
        v, lang, base=None, options=False, example=False).section("scoring").blocks[1].items} for lang in LANGS}
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
    assert without_name(text).startswith("1 point if you have the best primiera.")
    assert "nobody scores it" in text
    assert "only if you have captured cards of all 4 suits" in text
    tied = variant(RULES / "house" / "escoba-31-ties-all.yaml")
    text = dict(document(tied, "en", options=False, example=False).section("scoring").blocks[1].items)["most-cards"]
    assert "each of them scores it" in text


def test_points_from_an_expression():
    v = variant(RULES / "escopa.yaml")
    items = dict(document(v, "en", options=False, example=False).section("scoring").blocks[1].items)
    assert without_name(items["most-cards"]) == ("If you have captured the most cards: 2 points if every opponent has captured "
                                   "fewer than 10 cards, otherwise 1 point. If several are tied for the most, "
                                   "nobody scores it.")
    napola = variant(RULES / "house" / "scopa-napola.yaml")
    items = dict(document(napola, "it", options=False, example=False).section("scoring").blocks[1].items)
    assert without_name(items["napola"]).startswith("Tanti punti quanto la lunghezza della scala")
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
    assert md.startswith("# Scopa \\<b\\>\\&\\</b\\>")


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


# ------------------------------------------------------------------ options


def test_options_are_a_table_in_every_format():
    """One row per option: the option, its values, its default, and what each other value
    changes, said by the words it changes rather than by quoting both whole sentences."""
    md = section_of(rendered(RULES / "escopa.yaml", "en", "md"), "Options")
    assert "| Option | Values | Default | What each other value changes |" in md
    row = next(line for line in md.splitlines() if line.startswith("| **`leftover-check`**"))
    cells = [cell.strip() for cell in row.strip("|").split(" | ")]
    assert len(cells) == 4
    assert cells[1] == "`kept`<br>`dropped`" and cells[2] == "`kept`"
    assert cells[3].startswith("**With `dropped`:**<br>– The end of a hand: removed:")
    scored = next(line for line in md.splitlines() if line.startswith("| **`most-sevens`**"))
    assert "– Scoring: added: “**Most sevens**: 1 point if you have captured the most sevens." in scored
    # a change of one word is said by that word, in its sentence, once for every place it is made
    e15 = section_of(rendered(RULES / "escoba-de-15.yaml", "en", "md"), "Options")
    assert "– The end of the match: The first side to reach **15** points at the end of a hand wins the match." in e15
    assert "– Scoring: If several are tied for the most, **they share its points (half each for two)**. (in 3 places)" in e15
    assert "instead of" not in e15
    html = rendered(RULES / "escopa.yaml", "en", "html")
    table = re.search(r'<table class="options">.*?</table>', html, re.DOTALL).group()
    assert [h for h in re.findall(r'<th scope="col">(.*?)</th>', table)] == [
        "Option", "Values", "Default", "What each other value changes"]
    rows = table.count("<tr>") + table.count('<tr class="more">')
    assert rows == 1 + sum(len(o.choices) - 1 for o in variant(RULES / "escopa.yaml").options)  # a row for each other value
    assert '<td data-label="Default"><span class="line"><code>kept</code></span></td>' in table


def test_a_rulebook_with_another_choice_says_the_default_and_the_choice_in_force():
    v = load_variant(RULES / "escoba-de-15.yaml", {"target": "31"})
    md = section_of(render_rulebook(v, "en", "md"), "Options")
    row = next(line for line in md.splitlines() if "`target`" in line and line.startswith("|"))
    assert "| `21`<br>In force: `31` |" in row
    assert "**With `21`:**<br>– The end of the match: The first side to reach **21** points" in row


def test_option_labels_and_descriptions_in_the_readers_language():
    v = variant(RULES / "escoba-de-15.yaml")
    es = section_of(rendered(RULES / "escoba-de-15.yaml", "es", "md"), "Opciones")
    assert "| **Puntos para ganar** `target`<br>Los puntos que ganan la partida; lo habitual es 21" in es
    assert "Los empatados se reparten el punto (`split`)" in es
    assert "**Con Los empatados se reparten el punto (`split`):**" in es
    it = section_of(rendered(RULES / "escoba-de-15.yaml", "it", "md"), "Opzioni")
    assert "**Mazzo** `deck`" in it and "Mazzo francese da 40 carte (`french-40`)" in it
    # a value with no label is shown as typed on the command line
    assert "`15`<br>`31`" in it
    option = next(o for o in v.options if o.id == "ties")
    assert option.label == "Ties for a majority" and dict(option.labels)["fr"] == "Égalités pour une majorité"
    assert [c for c, _, _ in option.value_labels] == ["none", "split", "all"]


def test_a_label_for_a_value_the_option_lacks_is_a_located_error(validate_text):
    text = ("id: labelled\nextends: escoba-de-15\noptions:\n  target:\n    field: match.target\n"
            "    values: [21, 15]\n    labels:\n      \"16\": Sixteen\n")
    variant_, problems = validate_text(text)
    assert variant_ is None
    problem = next(p for p in problems if p.code == "unknown-option-label")
    assert (problem.line, problem.column) == (8, 7)
    assert "21, 15" in problem.hint


# ------------------------------------------------------------- designer text


def test_the_rule_files_words_in_the_readers_language_with_a_fallback():
    v = variant(RULES / "scopa.yaml")
    it = document(v, "it", options=False, example=False)
    quote = it.section("intro").block("intro.description")
    assert quote.kind == "quote" and quote.text.startswith("Il gioco di pesca italiano per due") and quote.lang == ""
    rules = dict(it.section("scoring").blocks[1].items)
    assert rules["most-denari"].startswith("\ue002Più denari\ue003: ")
    assert rules["settebello"].startswith("\ue002Settebello\ue003: ")  # one text: the same in every language
    fr = dict(document(v, "fr", options=False, example=False).section("scoring").blocks[1].items)
    assert fr["most-denari"].startswith("\ue002Le plus de deniers\ue003 : ")
    # Portuguese is not given: the description falls back to the first form given (English), said to be English
    pt = document(v, "pt", options=False, example=False).section("intro").block("intro.description")
    assert pt.text.startswith("The Italian fishing game for two") and pt.lang == "en"
    assert 'blockquote class="author" lang="en"' in rendered(RULES / "scopa.yaml", "pt", "html")
    assert 'blockquote class="author"><p>Il gioco' in rendered(RULES / "scopa.yaml", "it", "html")
    # a name given only as a map, without the reader's language: its first form
    only = dataclasses.replace(v, name="Scopa di casa", names=(("it", "Scopa di casa"), ("es", "Escoba de casa")))
    assert document(only, "en", base=None, options=False, example=False).title == "Scopa di casa"
    assert document(only, "es", base=None, options=False, example=False).title == "Escoba de casa"


@pytest.mark.parametrize("lang,title", [
    ("en", "Escoba de 15 to 31, ties all score"), ("es", "Escoba de 15 a 31, los empates puntúan todos"),
    ("pt", "Escoba de 15 até 31, empates pontuam todos"), ("fr", "Escoba de 15 en 31, toutes les égalités marquent"),
    ("it", "Escoba de 15 a 31, i pareggi segnano tutti")])
def test_the_title_is_localised(lang, title):
    path = RULES / "house" / "escoba-31-ties-all.yaml"
    assert rendered(path, lang, "md").startswith(f"# {title}\n")
    assert f"<title>{title}</title>" in rendered(path, lang, "html")
    assert variant(path).name == "Escoba de 15 to 31, ties all score"  # what the tools show: the first given


def test_an_unknown_language_code_is_a_located_error_with_a_hint(validate_text):
    text = "id: coded\nextends: escoba-de-15\nname: {en: Coded, ES: Codificado}\n"
    variant_, problems = validate_text(text)
    assert variant_ is None
    problem = next(p for p in problems if p.code == "unknown-language")
    assert (problem.line, problem.column) == (3, 19)
    assert "did you mean 'es'?" in problem.hint and "it (Italian)" in problem.hint
    assert problem.format().startswith("case.yaml:3:19: error[unknown-language]: 'ES' in 'name' is not a language code")


def test_a_house_rules_name_by_language_replaces_its_bases(rules_tree):
    base = rules_tree / "named.yaml"
    base.write_text((RULES / "scopa.yaml").read_text(encoding="utf-8").replace(
        "id: scopa\nname: Scopa\n", "id: named\nname: {en: Named, it: Nominata}\n"), encoding="utf-8")
    house = rules_tree / "house" / "renamed.yaml"
    house.write_text("id: renamed\nextends: named\nname: {it: Rinominata}\n", encoding="utf-8")
    v = load_variant(house)
    assert (v.name, v.names) == ("Rinominata", (("it", "Rinominata"),))
    assert document(v, "en", options=False, example=False).title == "Rinominata"


HOSTILE = "<script>alert(1)</script> **bold** [link](javascript:x) `tick` &amp; \x1b[31mred \u202eevil \ue000x\ue001"


def test_the_rule_files_words_are_shown_never_obeyed(rules_tree):
    """A hostile name, description and rule name reach every format as text: escaped
    in HTML and Markdown, controls shown as escapes, no span of the formats opened."""
    house = rules_tree / "house" / "hostile.yaml"
    house.write_text(
        "id: hostile\nextends: scopa\n"
        f"name: {json.dumps(HOSTILE)}\n"
        f"description: {{en: {json.dumps('1. ' + HOSTILE)}, it: {json.dumps('- ' + HOSTILE)}}}\n"
        "scoring:\n  rules:\n    - id: most-cards\n"
        f"      name: {json.dumps('# ' + HOSTILE)}\n", encoding="utf-8")
    v = load_variant(house)
    for lang in ("en", "it"):
        html = render_rulebook(v, lang, "html", base=None)
        md = render_rulebook(v, lang, "md", base=None)
        for text in (html, md):
            assert "\x1b" not in text and "\u202e" not in text
            assert "\\x1b" in text and "\\u202eevil" in text  # shown as escapes
            assert not re.search("[\ue000-\ue00f]", text)
        assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "&amp;amp;" in html and "<code>tick</code>" not in html
        assert md.startswith("# \\<script\\>alert(1)\\</script\\> \\*\\*bold\\*\\* \\[link\\](javascript:x) "
                             "\\`tick\\` \\&amp; ")
        assert "- **\\# \\<script\\>" in md  # the rule's name: strong, its markup escaped
    assert "\n> 1\\. \\<script\\>" in render_rulebook(v, "en", "md", base=None)  # not a numbered list
    assert "\n> \\- \\<script\\>" in render_rulebook(v, "it", "md", base=None)  # not a bullet


# ---------------------------------------------------------------- example play


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_example_play_replays_through_the_api(path: Path):
    v = variant(path)
    example = example_play(v)
    assert example.steps and any(step.captured for step in example.steps)
    assert example.finished, "the example plays the whole hand"
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
    # to the end of the hand, and its score
    assert game.hand_over
    assert [str(t) for t in game.hand_result.totals] == data["totals"]
    # and the text says the same plays, then the same score
    example_section = document(v, "en", options=False).section("example")
    plays = example_section.block("example.plays")
    assert len(plays.rows) == len(data["moves"])
    score = example_section.block("example.score")
    assert score.rows[-1][1:] == [f"\ue002{t}\ue003" for t in data["totals"]]
    totals = game.hand_result.totals
    for side, points in enumerate(game.hand_points.values()):
        assert sum(points.values()) == totals[side]


def test_the_example_hand_is_played_to_its_score():
    """Escoba de 15's example: every play of the hand, the leftovers taken, each rule's points."""
    v = variant(RULES / "escoba-de-15.yaml")
    example = example_play(v)
    assert len(example.steps) == 36  # all 40 cards less the 4 of the opening table, one play each
    assert any(step.sweeps for step in example.steps)
    md = section_of(rendered(RULES / "escoba-de-15.yaml", "en", "md"), "An example")
    assert "| Player | Hand | Plays | Takes | Table after |" in md
    assert "the cards left on the table go to player" in md
    assert "| Score | Player 1 | Player 2 |" in md
    rows = {line.split(" | ")[0].strip("| "): line for line in md.splitlines() if line.startswith("| ")}
    for name in ("Cards captured", "Most cards", "Most oros", "Seven of oros", "Setenta", "Each escoba", "**Total**"):
        assert name in rows, name
    totals = [str(t) for t in example.totals]
    assert rows["**Total**"] == f"| **Total** | **{totals[0]}** | **{totals[1]}** |"
    assert md.rstrip().endswith("The match goes on with the next hand, until it is won.")


def test_cards_are_drawn_with_their_suits_symbol():
    html = rendered(RULES / "escoba-de-15.yaml", "en", "html")
    table = re.search(r'<table class="plays".*?</table>', html, re.DOTALL).group()
    assert '<span class="card coins" role="img" aria-label="6 of oros" title="6 of oros"><span class="rank">6</span><svg' in html
    assert all(f'class="card {kind}"' in table for kind in ("coins", "cups", "swords", "batons"))
    assert '<span class="suit coins"><svg class="pip"' in html  # the suits named in "The cards"
    french = rendered(RULES / "escopa.yaml", "en", "html")
    assert 'class="card red"' in french and 'class="card black"' in french
    # nothing drawn is fetched: the symbols are inline SVG
    assert "<img" not in html and "xlink:href" not in html
    # in Markdown a card is its name
    assert "| 6 of oros, rey of oros, 2 of copas, sota of copas, rey of espadas |" in rendered(
        RULES / "escoba-de-15.yaml", "en", "md")


# ------------------------------------------------------------------ output


def test_write_rulebooks(tmp_path):
    pairs = [(RULES / "scopa.yaml", variant(RULES / "scopa.yaml"))]
    written = write_rulebooks(pairs, tmp_path, langs=("en", "it"))
    assert sorted(p.name for p in written) == ["scopa.en.html", "scopa.en.md", "scopa.it.html", "scopa.it.md"]
    assert "Generated by escoba-spec from rules/scopa.yaml." in (tmp_path / "scopa.en.md").read_text()


def _pdf(path: Path, lang: str) -> bytes:
    try:
        return render_rulebook(variant(path), lang, "pdf")
    except PdfUnavailable as exc:
        assert "escoba-spec[pdf]" in str(exc)
        pytest.skip(f"the pdf extra is not installed: {exc}")


def _pdf_pages(pdf: bytes, tmp_path: Path) -> list[str]:
    """The text of each page of a PDF (poppler's pdftotext, as the PDF's reader would copy it)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "rulebook.pdf"
    source.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", str(source), "-"], capture_output=True, text=True, check=True)
    return out.stdout.split("\f")[:-1] if out.stdout.endswith("\f") else out.stdout.split("\f")


def test_pdf(tmp_path):
    pdf = _pdf(RULES / "scopa.yaml", "it")
    assert pdf.startswith(b"%PDF")


@pytest.mark.parametrize("rel,lang", [("escoba-de-15.yaml", "en"), ("cirulla.yaml", "it"), ("escopa.yaml", "pt")])
def test_pdf_pages_are_numbered_with_contents_and_a_quick_reference(rel, lang, tmp_path):
    """Every page says its number of the whole at its foot; the contents give each section's
    page; the quick reference is a page of its own, the last."""
    pages = _pdf_pages(_pdf(RULES / rel, lang), tmp_path)
    total = len(pages)
    # a booklet, not a dump: ten pages, and a page more for each option beyond five (the options
    # table says each choice in full, and a game whose sources read it many ways has many)
    options = len(load_variant(RULES / rel).options)
    assert 3 <= total <= 10 + max(0, options - 5), f"{total} pages for {options} options"
    for number, page in enumerate(pages, start=1):
        foot = [line.strip() for line in page.splitlines() if line.strip()][-1]
        assert re.fullmatch(rf"{number}\s*/\s*{total}", foot), (number, foot)
    doc = document(variant(RULES / rel), lang)
    contents = pages[0]
    for section in doc.sections:
        title = section.title
        found = re.search(re.escape(title) + r"\s*\.+\s*(\d+)", contents)
        assert found, f"the contents do not give the page of {title}"
        page = int(found.group(1))
        assert title in pages[page - 1], f"{title} is not on page {page}"
    quick = doc.sections[-1].title
    assert quick in pages[-1] and quick not in "".join(pages[1:-1])
    others = [s.title for s in doc.sections[:-1]]
    assert not any(re.search(rf"^\s*{re.escape(t)}\s*$", pages[-1], re.M) for t in others if t != quick)


@pytest.mark.parametrize("rel,lang", [("escoba-francesa.yaml", "fr"), ("scopa-dassi.yaml", "es"),
                                      ("house/scopa-napola.yaml", "en")])
def test_no_heading_is_left_alone_at_the_foot_of_a_pdf_page(rel, lang, tmp_path):
    pages = _pdf_pages(_pdf(RULES / rel, lang), tmp_path)
    titles = {s.title for s in document(variant(RULES / rel), lang).sections}
    for number, page in enumerate(pages, start=1):
        lines = [line.strip() for line in page.splitlines() if line.strip()][:-1]  # less the page number
        assert lines and lines[-1] not in titles, f"page {number} ends with the heading {lines[-1]!r}"


def test_sources_are_references_not_file_names():
    md = section_of(rendered(RULES / "escoba-de-15.yaml", "en", "md"), "Sources")
    assert ("- “Como Jogar”, a rules text in Portuguese (file `000_c23e29f69b71e156.txt`): sections “Baralho”, "
            "“Jogadores”, “Preparação e distribuição”, “Jogando um turno”, “Vitória”, and “Pontuação por mão”") in md
    assert "- “Regras do Jogo Escoba”, a rules text in Portuguese (file `001_b83750b0c2778347.txt`): section " \
           "“Contagem de Pontos”" in md
    it = section_of(rendered(RULES / "scopa.yaml", "it", "md"), "Fonti")
    assert "«Reglas de Escoba italiana», un testo di regole in spagnolo (file `002_88003fffb6a6fd15.txt`): sezioni" in it
    pages = section_of(rendered(RULES / "cicera.yaml", "en", "md"), "Sources")
    assert "- Cicera (pagat.com), `https://www.pagat.com/fishing/cicera.html`" in pages


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
        # the deal section says the reading in force; the options table what the other one changes
        deal = {name: section_of(text, "Dealing") for name, text in texts.items()}
        assert english["letter"] in deal["letter"] and english["letter"] not in deal["usual"]
        assert english["usual"] in deal["usual"] and english["usual"] not in deal["letter"]
        assert "so** the dealer plays **second**" in section_of(texts["usual"], "Options")
        assert english["usual"] in section_of(texts["letter"], "Options")
        assert "starting with the player before the dealer" in texts["letter"]
        assert english["rotates"] in escopa and english["rotates"] not in texts["usual"]
    assert texts["letter"] != texts["usual"]
    assert escopa.count(catalog(lang).text("ir.Deal.round_dealer.next")) == 1


def test_markdown_rulebooks_carry_no_raw_html_from_file_names_labels_or_markers(rules_tree):
    """Issue 21, class 11: the Markdown rulebook, read by a CommonMark renderer that lets raw
    HTML through (markdown-it, as rich ships it), makes no element of a rule file's text:
    not from the file's name (a backtick once closed its code span early), an option's
    labels, or text holding the renderer's own span markers."""
    from markdown_it import MarkdownIt

    hostile = "x`<img src=x onerror=alert(1)>`\ue000<b>y</b>\ue001"
    path = rules_tree / "house" / "a`<img src=x onerror=alert(1)>`.yaml"
    path.write_text(
        "id: hostile-md\nextends: escoba-de-15\n"
        f"name: {json.dumps(hostile)}\n"
        "options:\n  target:\n    field: match.target\n    values: [21, 31]\n"
        f"    label: {json.dumps(hostile)}\n"
        f"    labels: {{21: {json.dumps(hostile)}, 31: {json.dumps('<script>alert(2)</script>')}}}\n",
        encoding="utf-8")
    v = load_variant(path)
    for lang in ("en", "es"):
        md = render_rulebook(v, lang, "md", display_file=str(path), base=None)
        html = MarkdownIt("commonmark").enable("table").render(md)
        assert not re.search(r"<(img|script|b)\b", html), html[:2000]
        assert "onerror" in html  # the text is there, as text


def test_no_rulebook_shows_the_number_of_a_seed_file():
    """Issue 41: "the usual rule of 000" in an options table, "la regla habitual de 000" in the
    Spanish PDF: a player does not know the seeds' file numbers. A rule file's text names the
    source by its title; its sources list cites the file."""
    from .conftest import ROOT

    cited = {m.group(1) for f in (ROOT / "rules").rglob("*.yaml")
             for m in re.finditer(r"seed: (\d{3})_[0-9a-f]{16}\.txt", f.read_text(encoding="utf-8"))}
    assert cited >= {"000", "001", "002", "003", "004"}
    number = re.compile(r"(?<![\d.,])\b(" + "|".join(sorted(cited)) + r")\b(?![\d.,]\d)")
    books = sorted((ROOT / "docs" / "rulebooks").glob("*.md"))
    assert len(books) >= 5 * 20
    for book in books:
        found = number.search(book.read_text(encoding="utf-8"))
        assert found is None, f"{book.name}: …{found.string[max(0, found.start() - 60):found.end() + 20]}…"
