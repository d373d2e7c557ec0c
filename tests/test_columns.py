"""Issue 21, class 13: a diagnostic inside an expression points at its column whatever
whitespace stands before and inside the expression: spaces, tabs, quotes, block scalars."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

GAPS = st.text(alphabet=" \t", max_size=3)
STYLES = st.sampled_from(["plain", "double", "single", "literal", "folded"])


def _value(expr: str, style: str) -> str:
    if style == "double":
        return '"' + expr + '"'
    if style == "single":
        return "'" + expr + "'"
    if style in ("literal", "folded"):
        return ("|" if style == "literal" else ">") + "\n        " + expr
    return expr


@given(before=GAPS, inside=st.lists(GAPS, min_size=4, max_size=4), style=STYLES, after_key=st.sampled_from([" ", "\t", " \t"]))
def test_an_unknown_function_is_reported_at_its_own_column(validate_text, before, inside, style, after_key):
    a, b, c, d = inside
    expr = f"most({a}count(pile){b}+{c}cuont({d}pile))"
    if style == "plain":
        before = ""  # a plain scalar starts at its first character
    else:
        expr = before + expr
    if style in ("literal", "folded"):
        expr = expr.lstrip(" \t")  # a block's first line sets its indentation: no tab may lead it
    text = ("id: cols\nname: Cols\nextends: escoba-de-15\nscoring:\n  rules:\n    - id: most-cards\n"
            f"      award:{after_key}{_value(expr, style)}\n")
    variant, problems = validate_text(text)
    errors = [p for p in problems if p.severity == "error"]
    assert [p.code for p in errors] == ["expr-unknown-function"], [p.format() for p in problems]
    (error,) = errors
    line = text.splitlines()[error.line - 1]
    assert line[error.column - 1:].startswith("cuont"), (line, error.column)
