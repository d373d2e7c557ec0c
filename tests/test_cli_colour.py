"""Diagnostics in colour on a terminal, plain everywhere else (issue 20, item 7), and the
small things a reader of the output meets (item 11)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from escoba_spec.cli.diagnostics import project_home, render
from escoba_spec.language.diagnostics import Diagnostic
from escoba_spec.tools.terminal import Painter

from .conftest import ROOT

ESC = "\x1b["
BAD = "id: mine\nname: Mine\nextends: escoba-de-15\nmatch:\n  taget: 31\n"


def _bad_file(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    path = rules / "mine.yaml"
    path.write_text(BAD, encoding="utf-8")
    return path


def _validate(path, **env):
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "escoba_spec", "validate", str(path)],
                          capture_output=True, text=True, cwd=ROOT, env=environ)


def test_diagnostics_are_painted_part_by_part_when_colour_is_on(tmp_path):
    path = _bad_file(tmp_path)
    d = Diagnostic(str(path), 5, 3, "unknown-key", "unknown key 'taget' in 'match'", "did you mean 'target'?", "match.taget")
    plain = render([d], "text")
    painted = render([d], "text", paint=Painter(colour=True))
    assert ESC not in plain
    assert "\x1b[1;31merror\x1b[0m" in painted  # the severity in bold red
    assert "\x1b[1;31m^\x1b[0m" in painted  # the caret in the severity's colour
    assert "\x1b[1;36mhint:\x1b[0m" in painted
    # the colour is added around the same text: without the escapes it is the plain rendering
    assert re.sub(r"\x1b\[[0-9;]*m", "", painted) == plain


def test_a_warning_is_painted_yellow():
    d = Diagnostic("x.yaml", 1, 1, "points-unused", "the points are not used", severity="warning")
    assert "\x1b[1;33mwarning\x1b[0m" in render([d], "text", paint=Painter(colour=True))


def test_validate_prints_no_colour_when_stdout_is_not_a_terminal(tmp_path):
    proc = _validate(_bad_file(tmp_path))
    assert proc.returncode == 1
    assert "error[unknown-key]" in proc.stdout
    assert ESC not in proc.stdout + proc.stderr


def test_validate_paints_under_force_color_and_never_under_no_color(tmp_path):
    path = _bad_file(tmp_path)
    forced = _validate(path, FORCE_COLOR="1", TERM="xterm-256color")
    assert ESC in forced.stdout and "taget" in forced.stdout
    both = _validate(path, FORCE_COLOR="1", NO_COLOR="1", TERM="xterm-256color")
    assert both.returncode == 1 and ESC not in both.stdout


def test_json_and_sarif_never_carry_colour():
    d = Diagnostic("x.yaml", 1, 1, "unknown-key", "m", "h")
    for fmt in ("json", "sarif", "github"):
        assert ESC not in render([d], fmt, paint=Painter(colour=True))


def test_counts_take_the_plural_only_when_more_than_one(tmp_path):
    proc = _validate(_bad_file(tmp_path))
    assert proc.stderr.strip().splitlines()[-1] == "1 error, 0 warnings in 1 file"
    good = subprocess.run([sys.executable, "-m", "escoba_spec", "validate", "rules/scopa.yaml", "rules/escoba-de-15.yaml"],
                          capture_output=True, text=True, cwd=ROOT)
    assert good.stderr.strip() == "2 files valid"


def test_a_folder_given_as_a_rule_file_gets_a_hint_without_a_doubled_slash():
    proc = subprocess.run([sys.executable, "-m", "escoba_spec", "validate", "rules/"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert "e.g. rules/*.yaml" in proc.stderr and "//" not in proc.stderr


def test_sarif_names_the_project_home_only_from_its_metadata():
    """No invented address: the home page comes from pyproject.toml's [project.urls], and
    SARIF's optional informationUri is left out while there is none."""
    import json

    from escoba_spec.cli.diagnostics import _sarif

    driver = json.loads(json.dumps(_sarif([])))["runs"][0]["tool"]["driver"]
    home = project_home()
    assert driver.get("informationUri") == home
    if home is not None:
        assert home.startswith("https://")


def test_thousands_of_diagnostics_of_one_file_read_and_split_it_once(tmp_path, monkeypatch):
    """Issue 21, class 7: the text renderer split the whole file for every diagnostic (37 s
    for 5,000 diagnostics of a 1 MiB file); it reads and splits each file once a render."""
    import pathlib

    path = tmp_path / "big.yaml"
    path.write_text("".join(f"key{i}: value\n" for i in range(20000)), encoding="utf-8")
    reads = []
    real = pathlib.Path.read_text
    monkeypatch.setattr(pathlib.Path, "read_text", lambda self, *a, **k: reads.append(self) or real(self, *a, **k))
    diagnostics = [Diagnostic(str(path), 1 + 4 * i, 1, "unknown-key", f"unknown key 'key{4 * i}'") for i in range(5000)]
    text = render(diagnostics, "text")
    assert len(reads) == 1
    assert text.count("^") == 5000
    assert f"{4 * 4999 + 1:>5} | key{4 * 4999}: value" in text  # the line each one names


def test_the_source_line_is_the_one_yaml_counts_and_long_lines_are_cut_around_the_caret(tmp_path):
    """A form feed is no line break to YAML (str.splitlines would count one), and a line of
    a megabyte is shown as the 160 columns around its caret."""
    path = tmp_path / "odd.yaml"
    path.write_text("a: 1\x0c2\nb: " + "x" * 100000 + "zz\n", encoding="utf-8")
    text = render([Diagnostic(str(path), 2, 100004, "bad-value", "m")], "text")
    lines = text.splitlines()
    assert lines[1].endswith("zz") and len(lines[1]) <= 8 + 160
    assert lines[2].index("^") - lines[1].index("|") == lines[1].index("zz") - lines[1].index("|")
    first = render([Diagnostic(str(path), 1, 1, "bad-value", "m")], "text")
    assert "a: 1?2" in first  # the form feed shown, on its own line
