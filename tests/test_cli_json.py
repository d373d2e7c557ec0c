"""Under `--format json` every command's stdout is JSON or empty, whatever goes wrong
(issue 20, item 3): a machine reading it never meets text."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT, RULES

BROKEN = "id: broken\nname: Broken\nextends: escoba-de-15\nmatch:\n  taget: 31\n"


def run(*argv: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "escoba_spec", *argv], capture_output=True, text=True, cwd=cwd)


def json_or_empty(proc: subprocess.CompletedProcess):
    if not proc.stdout.strip():
        return None
    return json.loads(proc.stdout)  # raises, failing the test, on anything else


@pytest.fixture
def broken(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    path = folder / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


def _commands(good: str, bad: str, out) -> list[tuple[list[str], int]]:
    return [
        (["validate", good, "--format", "json"], 0),
        (["validate", bad, "--format", "json"], 1),
        (["compile", good, "--out", str(out / "gen"), "--format", "json"], 0),
        (["compile", good, "--out", str(out / "gen-empty"), "--check", "--format", "json"], 1),
        (["compile", bad, "--out", str(out / "gen"), "--format", "json"], 1),
        (["rulebook", good, "--format", "json"], 0),
        (["rulebook", bad, "--format", "json"], 1),
        (["play", good, "--seed", "1", "--format", "json"], 0),
        (["play", bad, "--seed", "1", "--format", "json"], 1),
        (["simulate", good, "--games", "3", "--seed", "1", "--format", "json"], 0),
        (["simulate", bad, "--games", "3", "--seed", "1", "--format", "json"], 1),
        (["diff", good, bad, "--deals", "3", "--format", "json"], 1),
        (["diff", good, "--option-b", "target=31", "--deals", "3", "--format", "json"], 0),
        (["play", good, "--option", "nope=1", "--format", "json"], 2),
        (["simulate", good, "--games", "0", "--format", "json"], 2),
    ]


@pytest.mark.parametrize("index", range(15))
def test_stdout_under_format_json_is_json_or_empty(index, broken, tmp_path):
    argv, code = _commands(str(RULES / "escoba-de-15.yaml"), str(broken), tmp_path)[index]
    proc = run(*argv)
    assert proc.returncode == code, proc.stderr
    data = json_or_empty(proc)
    if code == 0:
        assert data is not None
    if code == 1 and argv[1] == str(broken):
        # the diagnostics, as validate --format json gives them (compile's report holds them)
        diagnostics = data if isinstance(data, list) else data["diagnostics"]
        assert any(d["code"] == "unknown-key" and d["line"] == 5 for d in diagnostics)


def test_compile_json_lists_each_module_and_its_state(tmp_path):
    proc = run("compile", str(RULES / "scopa.yaml"), "--out", str(tmp_path), "--format", "json")
    report = json.loads(proc.stdout)
    assert report["ok"] and report["diagnostics"] == []
    (module,) = report["modules"]
    assert module["variant"] == "scopa" and module["state"] == "written"
    assert (tmp_path / module["module"].split("/")[-1]).is_file()
    check = json.loads(run("compile", str(RULES / "scopa.yaml"), "--out", str(tmp_path), "--check",
                           "--format", "json").stdout)
    assert [m["state"] for m in check["modules"]] == ["current"]


def test_build_json_reports_rule_files_modules_and_rulebooks(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "scopa.yaml", rules)
    proc = run("build", "--rules", str(rules), "--out", str(tmp_path / "gen"), "--rulebooks",
               str(tmp_path / "books"), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["ok"]
    assert [f["variant"] for f in report["rule_files"]] == ["scopa"]
    assert [m["state"] for m in report["modules"]] == ["written"]
    assert len(report["rulebooks"]["files"]) == 10  # five languages, Markdown and HTML
    assert all((tmp_path / "books" / p.split("/")[-1]).is_file() for p in report["rulebooks"]["files"])


def test_build_json_with_a_broken_file_writes_nothing_and_says_why(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    proc = run("build", "--rules", str(rules), "--out", str(tmp_path / "gen"), "--rulebooks",
               str(tmp_path / "books"), "--format", "json")
    assert proc.returncode == 1
    report = json.loads(proc.stdout)
    assert not report["ok"] and report["modules"] == [] and report["rulebooks"]["files"] == []
    assert [d["code"] for d in report["diagnostics"]] == ["unknown-key"]
    assert not (tmp_path / "gen").exists() and not (tmp_path / "books").exists()


def test_rulebook_json_is_the_document_the_other_formats_show():
    proc = run("rulebook", str(RULES / "scopa.yaml"), "--lang", "it", "--format", "json")
    book = json.loads(proc.stdout)
    assert book["variant"] == "scopa" and book["lang"] == "it"
    assert book["title"] and book["sections"]
    markdown = run("rulebook", str(RULES / "scopa.yaml"), "--lang", "it").stdout
    assert all(section["title"] in markdown for section in book["sections"])
    assert "\ue000" not in proc.stdout and "\ue001" not in proc.stdout
