"""A rule file in a designer's own folder, anywhere on disk, builds on a shipped variant by its id."""

from __future__ import annotations

import shutil

from escoba_spec.cli import main
from escoba_spec.language.resolve import shipped_rules
from escoba_spec.language.validate import validate_file

from .conftest import ROOT, RULES

QUICK = """\
id: quick-escoba
extends: escoba-de-15
name: Quick Escoba
match:
  target: 31
  sources:
    - {url: "https://example.org/our-house-rules", title: Our house rules}
"""


def test_a_file_outside_the_project_extends_a_shipped_variant_by_id(tmp_path, capsys):
    folder = tmp_path / "my-games"  # not named rules, and nowhere near the checkout
    folder.mkdir()
    path = folder / "quick.yaml"
    path.write_text(QUICK, encoding="utf-8")
    variant, problems = validate_file(path)
    assert variant is not None, [p.format() for p in problems]
    assert variant.extends == ("escoba-de-15",) and variant.match.target == 31
    assert variant.capture == validate_file(RULES / "escoba-de-15.yaml")[0].capture
    assert main(["validate", str(path)]) == 0
    assert main(["play", str(path), "--players", "2", "--seed", "3"]) == 0
    capsys.readouterr()
    assert main(["rulebook", str(path)]) == 0
    book = capsys.readouterr().out
    assert "## Differences from Escoba de 15" in book and "31 points" in book
    assert main(["compile", str(path), "--out", str(tmp_path / "generated")]) == 0
    assert (tmp_path / "generated" / "quick_escoba.py").is_file()


def test_the_designers_own_variant_of_that_id_comes_first(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    text = (RULES / "escoba-de-15.yaml").read_text(encoding="utf-8")
    start = text.index("description:")
    end = text.index("\n\n", start)
    (rules / "escoba-de-15.yaml").write_text(text[:start] + "description: Our own Escoba." + text[end:], encoding="utf-8")
    (rules / "quick.yaml").write_text(QUICK, encoding="utf-8")
    quick, problems = validate_file(rules / "quick.yaml")
    assert quick is not None, problems
    assert quick.description == "Our own Escoba."  # inherited from the tree's own escoba-de-15
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    (elsewhere / "quick.yaml").write_text(QUICK, encoding="utf-8")
    assert validate_file(elsewhere / "quick.yaml")[0].description != "Our own Escoba."


def test_an_unknown_id_says_which_ids_it_could_have_named(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(QUICK.replace("escoba-de-15", "escoba-de-51"), encoding="utf-8")
    variant, problems = validate_file(path)
    assert variant is None
    (problem,) = problems
    assert problem.code == "extends-missing" and "no shipped variant" in problem.message
    assert problem.hint == "did you mean 'escoba-de-15'?"


def test_a_path_out_of_the_designers_folder_stays_refused(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(RULES / "scopa.yaml", tmp_path / "scopa.yaml")
    path = folder / "out.yaml"
    path.write_text("id: out\nextends: ../scopa.yaml\n", encoding="utf-8")
    variant, problems = validate_file(path)
    assert variant is None and [p.code for p in problems] == ["extends-outside"]


def test_the_shipped_rules_are_found_in_a_checkout_and_in_an_installed_package(tmp_path):
    assert shipped_rules() == RULES  # this checkout: rules/ beside the package
    assert shipped_rules(ROOT / "escoba_spec") == RULES
    installed = tmp_path / "site-packages" / "escoba_spec"
    (installed / "rules").mkdir(parents=True)
    shutil.copy(RULES / "escoba-de-15.yaml", installed / "rules")
    assert shipped_rules(installed) == installed / "rules"  # a wheel: escoba_spec/rules
    assert shipped_rules(tmp_path / "elsewhere" / "escoba_spec") is None


def test_a_folder_that_vanishes_while_the_ids_are_read_is_passed_over(tmp_path, monkeypatch):
    """A scratch folder deleted while `extends` reads the ids around the file (/tmp during a test run)
    once gave "internal error: FileNotFoundError": now the folder is passed over."""
    import os

    folder = tmp_path / "my-games"
    (folder / "gone").mkdir(parents=True)
    (folder / "gone" / "old.yaml").write_text("id: old\n", encoding="utf-8")
    path = folder / "quick.yaml"
    path.write_text(QUICK, encoding="utf-8")
    scandir = os.scandir

    def vanishing(target=".", *args):
        if str(target).endswith("gone"):  # listed by its parent, deleted before it is read
            raise FileNotFoundError(2, "No such file or directory", str(target))
        return scandir(target, *args)

    monkeypatch.setattr(os, "scandir", vanishing)
    variant, problems = validate_file(path)
    assert variant is not None and variant.extends == ("escoba-de-15",), [p.format() for p in problems]
