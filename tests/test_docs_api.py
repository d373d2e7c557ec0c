"""docs/api.md's Python example says what the API answers: each line is run, and a line whose
comment starts with a value (a list, a dict, a tuple, a number) must give that value."""

from __future__ import annotations

import ast
import re

from .conftest import ROOT

_BLOCK = re.compile(r"```python\n(from escoba_spec import api\n.*?)```", re.S)
#: a value at the start of a comment: what the line gives (text may follow it)
_VALUE = re.compile(r"^(\[.*?\]|\{.*\}|\(.*?\)\)|\(.*?\)|-?\d+)(?=\s|$)")


def test_the_api_example_gives_the_values_its_comments_show(monkeypatch):
    monkeypatch.chdir(ROOT)
    block = _BLOCK.search((ROOT / "docs" / "api.md").read_text(encoding="utf-8")).group(1)
    namespace: dict = {}
    checked = 0
    for line in block.splitlines():
        code, _, comment = line.partition("  #")
        code, comment = code.strip(), comment.strip()
        if not code:
            continue
        shown = _VALUE.match(comment)
        if shown is None:
            exec(code, namespace)
            continue
        assert eval(code, namespace) == ast.literal_eval(shown.group(1)), line
        checked += 1
    assert checked >= 8
