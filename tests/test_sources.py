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
        seed = SEEDS / source["seed"]
        assert seed.is_file(), f"{path.name}:{where}: no seed {source['seed']}"
        lines = {normal(line) for line in seed.read_text(encoding="utf-8").splitlines()}
        assert normal(source["section"]) in lines, f"{path.name}:{where}: '{source['section']}' is not a heading of {seed.name}"


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
