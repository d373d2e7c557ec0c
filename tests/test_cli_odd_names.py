"""Issue 36, class 10: a file name the system refuses, or one holding a newline or bytes that are
not UTF-8, is named in one piece: a usage error (exit 2) for a name too long, a location line
that stays one line, JSON and SARIF that stay UTF-8."""

from __future__ import annotations

import json
import os

import pytest

from escoba_spec.cli import main
from escoba_spec.language.diagnostics import shown_name

BAD = "id: odd\nextends: scopa\nmatch: {target: 0}\n"


def _write(folder, raw: bytes) -> str:
    """A rule file named by the bytes `raw` (as Python names it: undecodable bytes as surrogates)."""
    name = os.fsdecode(raw)
    (folder / name).write_text(BAD, encoding="utf-8")
    return str(folder / name)


def test_a_name_too_long_for_the_system_is_a_usage_error(tmp_path, capsys):
    code = main(["validate", str(tmp_path / ("a" * 300 + ".yaml"))])
    err = capsys.readouterr().err
    assert code == 2 and "cannot use" in err and "File name too long" in err and "internal error" not in err


@pytest.mark.parametrize("raw, shown", [(b"bad\nname.yaml", "bad\\nname.yaml"), (b"caf\xe9.yaml", "caf\\xe9.yaml"),
                                        (b"tab\there.yaml", "tab\\there.yaml")])
def test_an_odd_name_is_one_escaped_location(tmp_path, capsys, raw, shown):
    path = _write(tmp_path, raw)
    assert main(["validate", path]) == 1
    captured = capsys.readouterr()
    text = captured.out + captured.err  # validate lists what it finds on stdout, the count on stderr
    location = next((line for line in text.splitlines() if "error[out-of-range]" in line), text)
    assert location.startswith(shown_name(path)) and location.split(":")[0].endswith(shown)
    for fmt in ("json", "sarif"):
        assert main(["validate", path, "--format", fmt]) == 1
        out = capsys.readouterr().out
        out.encode("utf-8")  # no lone surrogate: the output is UTF-8
        assert shown in out.replace("\\\\", "\\") and json.loads(out)


def test_shown_name_leaves_a_plain_name_alone_and_escapes_the_rest():
    assert shown_name("rules/escoba-de-15.yaml") == "rules/escoba-de-15.yaml"
    assert shown_name("ñandú.yaml") == "ñandú.yaml"
    assert shown_name("a\nb\x1b[31m.yaml") == "a\\nb\\x1b[31m.yaml"
    assert shown_name(os.fsdecode(b"\xff.yaml")) == "\\xff.yaml"
