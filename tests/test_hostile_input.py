"""Issue 21, classes 1 to 6: hostile input answered by a located error, exit 1.

The corpus (tests/corpus/) holds the cases as files; these tests pin what a
file cannot show: the command's exit code and message, a walk over a node
graph the event scan never saw, and inputs that are not regular files."""

from __future__ import annotations

import yaml

from escoba_spec.cli import main
from escoba_spec.language.loader import _Walker

from .conftest import RULES

CORPUS = RULES.parent / "tests" / "corpus"


def test_validate_answers_an_alias_inside_itself_with_exit_1(tmp_path, capsys):
    path = tmp_path / "loop.yaml"
    path.write_text("id: c-loop\nextends: escoba-de-15\nname: &a [*a]\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    assert f"{path}:3:11: error[recursive-alias]" in out.out
    assert "internal error" not in out.out + out.err


def test_the_walker_stops_at_a_cycle_it_is_handed_without_the_event_scan():
    """Defence in depth: a node graph that holds itself (composed by PyYAML, which allows it)."""
    root = yaml.compose("a: &x [1, *x]\n", Loader=yaml.SafeLoader)
    walker = _Walker("case.yaml", "")
    data = walker.walk(root, "")
    assert data == {"a": [1, None]}
    assert [(p.code, p.line, p.column) for p in walker.problems] == [("nesting-too-deep", 1, 4)]
