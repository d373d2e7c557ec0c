"""Issue 21, class 12: nothing a user typed or a rule file holds reaches the terminal as an
escape sequence: paths, values and names are printed escaped by every command."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT, RULES

ESC = "\x1b"


def run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "escoba_spec", *argv], capture_output=True, text=True, cwd=ROOT)


@pytest.mark.parametrize("argv", [
    ["validate", "--format", "\x1b[2Jx", "a.yaml"],           # argparse quotes the value
    ["validate", "/tmp/\x1b[31mno-such.yaml"],                 # a missing path
    ["play", "/tmp/\x1b]0;title\x07.yaml"],                    # an OSC sequence in a path
    ["rulebook", "rules/scopa.yaml", "--lang", "\x1b[5m"],
])
def test_usage_errors_show_what_was_typed_escaped(argv):
    proc = run(*argv)
    assert proc.returncode == 2
    assert ESC not in proc.stdout + proc.stderr
    assert "\\x1b" in proc.stderr


def test_compile_and_build_print_a_hostile_name_escaped(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "scopa.yaml", rules)
    (rules / "hostile.yaml").write_text('id: hostile\nname: "Bad\\e[2J\\e]0;pwned\\aname"\nextends: scopa\n',
                                        encoding="utf-8")
    compiled = run("compile", str(rules / "hostile.yaml"), "--out", str(tmp_path / "gen"))
    built = run("build", "--rules", str(rules), "--out", str(tmp_path / "gen2"), "--rulebooks", str(tmp_path / "b"))
    for proc in (compiled, built):
        assert proc.returncode == 0, proc.stderr
        assert ESC not in proc.stdout + proc.stderr and "\x07" not in proc.stdout
        assert "Bad\\x1b[2J" in proc.stdout


def test_validate_and_play_print_a_hostile_path_escaped(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    path = folder / "\x1b[31mred.yaml"
    shutil.copy(RULES / "scopa.yaml", path)
    broken = folder / "\x1b[32mbroken.yaml"
    broken.write_text("id: broken\nextends: scopa\nmatch:\n  taget: 1\n", encoding="utf-8")
    for proc in (run("validate", str(broken)), run("play", str(broken), "--seed", "1"),
                 run("play", str(path), "--seed", "1"), run("simulate", str(path), "--games", "2", "--seed", "1")):
        assert ESC not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
