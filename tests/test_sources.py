"""Every rule a shipped file states cites a seed text, and every citation names a real section."""

from __future__ import annotations

import unicodedata

import pytest
import yaml

from .conftest import RULES, SEEDS

FILES = sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))


def citations(node, path=""):
    if isinstance(node, dict):
        for source in node.get("sources") or []:
            yield path, source
        for key, value in node.items():
            if key != "sources":
                yield from citations(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from citations(value, f"{path}[{i}]")


def normal(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts (../shared/seeds) are not beside this checkout")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_citation_names_a_section_of_its_seed(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = list(citations(data))
    assert found, f"{path.name} cites nothing"
    for where, source in found:
        if "seed" not in source:
            continue  # a page, a book or a repository: test_published_citations_are_well_formed
        seed = SEEDS / source["seed"]
        assert seed.is_file(), f"{path.name}:{where}: no seed {source['seed']}"
        lines = {normal(line) for line in seed.read_text(encoding="utf-8").splitlines()}
        assert normal(source["section"]) in lines, f"{path.name}:{where}: '{source['section']}' is not a heading of {seed.name}"


#: what shared/seeds/README.md says of each seed text: the language it is written in
SEED_LANGUAGES = {"000_c23e29f69b71e156.txt": "pt", "001_b83750b0c2778347.txt": "pt", "002_88003fffb6a6fd15.txt": "es",
                  "003_d62d4f487ed10aa6.txt": "fr", "004_8e2e78270b0442b3.txt": "en"}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_seed_citation_says_which_text_it_is(path):
    """The rulebook names a seed text by its title and language, not by its file name: every
    shipped citation of a seed gives both, the same for every citation of that seed."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    named: dict[str, tuple[str, str]] = {}
    for where, source in citations(data):
        if "seed" not in source:
            continue
        assert source.get("title") and source.get("language"), f"{path.name}:{where}: a seed without its title or language"
        assert source["language"] == SEED_LANGUAGES[source["seed"]], f"{path.name}:{where}: {source['language']}"
        assert named.setdefault(source["seed"], (source["title"], source["language"])) == (
            source["title"], source["language"]), f"{path.name}:{where}: {source['seed']} named two ways"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts (../shared/seeds) are not beside this checkout")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_seeds_title_is_the_heading_it_opens_with(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for where, source in citations(data):
        if "seed" in source:
            first = (SEEDS / source["seed"]).read_text(encoding="utf-8").splitlines()[0]
            assert normal(source["title"]) == normal(first), f"{path.name}:{where}: {source['title']!r} != {first!r}"


BASE_SECTIONS = ("deck", "players", "deal", "capture", "sweeps", "end_of_deal", "match")


@pytest.mark.parametrize("path", sorted(RULES.glob("*.yaml")), ids=[p.name for p in sorted(RULES.glob("*.yaml"))])
def test_base_variants_cite_every_section_and_scoring_rule(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if "extends" in data:
        pytest.skip("a variant that extends another cites what it changes; its base cites the rest")
    for section in BASE_SECTIONS:
        assert data.get(section, {}).get("sources"), f"{path.name}: {section} has no sources"
    for rule in data["scoring"]["rules"]:
        assert rule.get("sources"), f"{path.name}: scoring rule {rule['id']} has no sources"
    for name, option in (data.get("options") or {}).items():
        assert option.get("sources"), f"{path.name}: option {name} has no sources"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_published_citations_are_well_formed(path):
    """A page is a web address with a title; a repository file names its commit. The address is the one the
    page was read at: several of the family's older rule pages (F.I.G.S., jmpcav, Al Quinto Piano) are
    served over plain http, so http is cited as it is rather than guessed into https."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for where, source in citations(data):
        if "url" in source:
            assert source["url"].startswith(("https://", "http://")), f"{path.name}:{where}: {source['url']}"
            assert " " not in source["url"], f"{path.name}:{where}: {source['url']}"
            assert source.get("title"), f"{path.name}:{where}: a page is cited with its title"
        if "repository" in source:
            assert source.get("commit"), f"{path.name}:{where}: a repository file is cited at a commit"


EVERY_KIND = """\
id: cited
extends: scopa
name: Scopa, cited five ways
capture:
  sources:
    - {seed: 002_88003fffb6a6fd15.txt, section: Tu turno}
    - {url: "https://www.pagat.com/fishing/scopa.html", title: "Scopa (pagat.com)", section: Play}
    - {book: The Penguin Book of Card Games, author: David Parlett, pages: "303-304"}
    - {book: Regole dello Scopone}
    - {repository: "https://github.com/owner/scopa", path: tests/test_rules.py, commit: 4f2c1e9}
    - {note: "our club's rule since 2019"}
"""


def test_every_kind_of_citation_reaches_the_ir_and_every_rulebook(validate_text):
    from escoba_spec.tools.rulebook import LANGS, render_rulebook

    variant, problems = validate_text(EVERY_KIND, name="cited.yaml")
    assert variant is not None, problems
    kinds = [s.kind for s in variant.capture.sources]
    assert kinds == ["seed", "url", "book", "book", "repository", "note"]
    page = variant.capture.sources[1]
    assert (page.url, page.title, page.section) == ("https://www.pagat.com/fishing/scopa.html", "Scopa (pagat.com)", "Play")
    words = {"en": ("section", "file", "at commit"), "es": ("sección", "archivo", "en el commit"),
             "pt": ("seção", "arquivo", "no commit"), "fr": ("section", "fichier", "au commit"),
             "it": ("sezione", "file", "al commit")}
    for lang in LANGS:
        text = render_rulebook(variant, lang, "md", base=False, options=False, example=False)
        sources = text[:text.rindex("\n## ")]  # the section before the quick reference
        sources = sources[sources.rindex("\n## "):]
        section, file, commit = words[lang]
        assert "Scopa (pagat.com), `https://www.pagat.com/fishing/scopa.html`" in sources, lang
        assert f"{section} «Play»" in sources or f"{section} “Play”" in sources or f"{section} « Play »" in sources, lang
        assert "David Parlett, The Penguin Book of Card Games, p. 303-304" in sources, lang
        assert "Regole dello Scopone" in sources, lang
        assert f"`https://github.com/owner/scopa`, {file} `tests/test_rules.py` {commit} `4f2c1e9`" in sources, lang
        assert "our club's rule since 2019" in sources, lang


OWN_GAME = """\
id: our-game
name: Our game
deck: {preset: spanish-40, sources: [{note: "the deck we had"}]}
players: {layouts: [{players: 2}], sources: [{note: "two of us"}]}
capture: {mode: sum, targets: [15], sources: [{note: "as in Escoba"}]}
scoring:
  rules:
    - {id: most-cards, award: most(count(pile)), points: 1, sources: [{note: "ours"}]}
match: {target: 11, sources: [{note: "an evening's match"}]}
"""


def test_a_game_of_ones_own_cites_its_designers_notes_and_is_not_warned(validate_text):
    """Issue 41: a designer's own variant was asked for sources it cannot have. A note is one."""
    variant, problems = validate_text(OWN_GAME, name="our-game.yaml")
    assert variant is not None, problems
    assert not [p for p in problems if p.code == "missing-sources"]
    bare, problems = validate_text(OWN_GAME.replace(", sources: [{note: \"two of us\"}]", ""), name="our-game.yaml")
    (warning,) = [p for p in problems if p.code == "missing-sources"]
    assert warning.severity == "warning" and "{note: who decided it and why}" in warning.hint


def _citations(node):
    """Every citation under `node` (a rule file's data): the items of each `sources` list."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "sources" and isinstance(value, list):
                yield from (item for item in value if isinstance(item, dict))
            else:
                yield from _citations(value)
    elif isinstance(node, list):
        for item in node:
            yield from _citations(item)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_shipped_games_cite_published_texts_not_notes(path):
    """A note is for a designer's own rules: every shipped game's rule rests on a published text."""
    cited = list(_citations(yaml.safe_load(path.read_text(encoding="utf-8"))))
    assert cited and not [c for c in cited if "note" in c]


@pytest.mark.parametrize("source, message", [
    ("{seed: 002_88003fffb6a6fd15.txt, section: Tu turno, url: 'https://example.org/'}", "this one names seed, url"),
    ("{title: Scopa}", "this one names none of them"),
])
def test_a_citation_that_names_no_one_thing_is_a_located_error(validate_text, source, message):
    text = f"id: cited\nextends: scopa\ncapture:\n  sources:\n    - {{seed: 002_88003fffb6a6fd15.txt, section: Tu turno}}\n    - {source}\n"
    variant, problems = validate_text(text, name="cited.yaml")
    assert variant is None
    (problem,) = [p for p in problems if p.code == "bad-source"]
    assert message in problem.message and problem.hint
    assert (problem.file, problem.line, problem.path) == ("cited.yaml", 6, "capture.sources[1]")


@pytest.mark.parametrize("source, key", [("{seed: 002_88003fffb6a6fd15.txt}", "section"),
                                         ("{repository: owner/scopa}", "path")])
def test_a_seed_needs_its_section_and_a_repository_its_path(validate_text, source, key):
    text = f"id: cited\nextends: scopa\ncapture:\n  sources:\n    - {source}\n"
    variant, problems = validate_text(text, name="cited.yaml")
    assert variant is None
    (problem,) = problems
    assert (problem.code, problem.line, problem.column) == ("missing-key", 5, 7)
    assert f"required key '{key}'" in problem.message and problem.hint
