"""`escoba-spec validate`, `schema` and `build`: output formats and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from escoba_spec.cli import main

from .conftest import ROOT, RULES

BAD = "id: bad\nextends: escoba-de-15\nmatch:\n  taget: 21\n"


def shipped_rule_files() -> list[Path]:
    return sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))


def test_every_shipped_rule_file_is_valid(capsys):
    assert main(["validate", *map(str, shipped_rule_files())]) == 0
    out = capsys.readouterr()
    assert "error[" not in out.out


def test_every_shipped_rule_file_starts_with_the_schema_modeline():
    for path in shipped_rule_files():
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema_ref = first.split("=", 1)[1].strip()
        assert (path.parent / schema_ref).resolve() == (ROOT / "escoba_spec/schemas/variant.schema.json").resolve(), path


def test_text_format_shows_location_caret_and_hint(rules_tree, capsys):
    bad = rules_tree / "bad.yaml"
    bad.write_text(BAD)
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:4:3: error[unknown-key]: unknown key 'taget' in 'match'" in out
    assert "    4 |   taget: 21\n      |   ^" in out
    assert "hint: did you mean 'target'?" in out


def test_json_format(rules_tree, capsys):
    bad = rules_tree / "bad.yaml"
    bad.write_text(BAD)
    assert main(["validate", "--format", "json", str(bad)]) == 1
    items = json.loads(capsys.readouterr().out)
    assert items == [{
        "file": str(bad), "line": 4, "column": 3, "code": "unknown-key", "severity": "error",
        "message": "unknown key 'taget' in 'match'", "hint": "did you mean 'target'?", "path": "match.taget",
    }]


def test_github_format(rules_tree, capsys):
    bad = rules_tree / "bad.yaml"
    bad.write_text(BAD)
    assert main(["validate", "--format", "github", str(bad)]) == 1
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"::error file={bad},line=4,col=3,title=unknown-key::unknown key 'taget'")


def test_sarif_format_is_valid_sarif_shape(rules_tree, capsys):
    bad = rules_tree / "bad.yaml"
    bad.write_text(BAD)
    assert main(["validate", "--format", "sarif", str(bad)]) == 1
    sarif = json.loads(capsys.readouterr().out)
    assert sarif["version"] == "2.1.0"
    result = sarif["runs"][0]["results"][0]
    assert result["ruleId"] == "unknown-key"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (4, 3)


def test_valid_file_exits_zero_with_empty_json(capsys):
    assert main(["validate", "--format", "json", str(RULES / "escoba-de-15.yaml")]) == 0
    assert json.loads(capsys.readouterr().out or "[]") == []


def run_cli(argv: list[str]) -> int:
    """main()'s exit code, whether it returns it or argparse raises SystemExit."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code)


@pytest.mark.parametrize("argv", [
    ["validate", "no-such-file.yaml"],
    ["validate", "--format", "xml", str(RULES / "escoba-de-15.yaml")],
    ["validate", "--bogus", str(RULES / "escoba-de-15.yaml")],
    ["validate"],
    ["validate", str(RULES)],
    ["validate", "--option", "target", str(RULES / "escoba-de-15.yaml")],
    ["validate", "--option", "nope=1", str(RULES / "escoba-de-15.yaml")],
    ["validate", "--option", "target=99", str(RULES / "escoba-de-15.yaml")],
    [],
], ids=["missing-file", "bad-format", "bad-flag", "no-path", "folder", "option-without-value",
        "unknown-option", "bad-option-value", "no-command"])
def test_usage_errors_exit_two(argv, capsys):
    assert run_cli(argv) == 2
    err = capsys.readouterr().err
    assert err and "Traceback" not in err


def test_argparse_usage_errors_exit_two():
    for argv in (["validate", "--bogus", "x.yaml"], ["validate"], []):
        proc = subprocess.run([sys.executable, "-m", "escoba_spec", *argv], capture_output=True, text=True)
        assert proc.returncode == 2, argv
        assert "Traceback" not in proc.stderr


def test_schema_command_prints_the_draft7_schema(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    jsonschema.Draft7Validator.check_schema(schema)
    assert schema["$schema"].startswith("http://json-schema.org/draft-07")


def test_schema_documents_every_property():
    from escoba_spec.language.schema import variant_schema

    schema = variant_schema()

    def walk(node, where):
        if isinstance(node, dict):
            if node.get("type") == "object" or "properties" in node:
                if "properties" in node:
                    assert node.get("additionalProperties") is False, where
                for name, sub in node.get("properties", {}).items():
                    if "$ref" not in sub:
                        assert sub.get("title") and sub.get("description"), f"{where}.{name}"
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(schema, "#")


def test_build_validates_every_rule_file_and_says_it_writes_the_rulebooks(capsys, monkeypatch, tmp_path):
    """One build for both (a whole build takes 13 s): every shipped file validated and named, and
    the rulebooks said and written."""
    # its output into tmp_path: a build into the project's generated/ would hide a stale file from
    # test_compiler's check whenever this test ran first
    monkeypatch.chdir(ROOT)
    assert main(["build", "--out", str(tmp_path / "generated"), "--rulebooks", str(tmp_path / "books")]) == 0
    out = capsys.readouterr().out
    for path in shipped_rule_files():
        assert str(path.relative_to(ROOT)) in out
    assert re.search(r"wrote +\d+ rulebook files into .*books/", out)
    assert len(list((tmp_path / "books").rglob("*.md"))) == 5 * len(shipped_rule_files())


def test_python_dash_m_works():
    proc = subprocess.run([sys.executable, "-m", "escoba_spec", "validate", str(RULES / "escoba-de-15.yaml")],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


ONLY_WRONG_WHEN_CHOSEN = """id: choosy
extends: escoba-de-15
options:
  lean:
    description: Play without the setenta, or with a rule that does not parse.
    default: full
    choices:
      full: {}
      lean:
        scoring:
          rules:
            - {id: setentaa, drop: true}
      broken:
        scoring:
          rules:
            - {id: halves, award: "count(pile) >> 2", points: 1}
"""


def test_validate_checks_every_option_value_and_names_the_one_at_fault(rules_tree, capsys):
    house = rules_tree / "house" / "choosy.yaml"
    house.write_text(ONLY_WRONG_WHEN_CHOSEN)
    assert main(["validate", "--format", "json", str(house)]) == 1
    found = {(d["code"], d["line"], d["message"].rsplit(" (", 1)[-1]) for d in json.loads(capsys.readouterr().out)}
    assert found == {("unknown-drop", 12, "with the option lean=lean)"),
                     ("expr-syntax", 16, "with the option lean=broken)")}


def test_validate_leaves_alone_the_values_of_an_option_given_on_the_command_line(rules_tree, capsys):
    house = rules_tree / "house" / "choosy.yaml"
    house.write_text(ONLY_WRONG_WHEN_CHOSEN)
    assert main(["validate", str(house), "--option", "lean=full"]) == 0
    assert main(["validate", "--format", "json", str(house), "--option", "lean=broken"]) == 1
    (only,) = json.loads(capsys.readouterr().out)
    assert only["code"] == "expr-syntax" and "with the option" not in only["message"]
