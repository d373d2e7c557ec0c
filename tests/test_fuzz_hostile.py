"""Hypothesis: the strategies that would have found issue 21's classes 1 to 6.

Each strategy writes hostile input of one class (aliases that hold
themselves or nest past the limit, whole-number floats where integers go,
YAML 1.1 scalars, rules trees with one id twice, options that leave a rule
without its award) and checks the promise: located errors, never an
exception, and the specific error the class must give.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.language.loader import MAX_DEPTH

from .fuzz_support import assert_answer

HOUSE = "id: c-fuzz\nextends: escoba-de-15\n"


class _Aliased:
    """A random flow-style YAML value with anchors and aliases, and what it must give.

    Heights are counted as the loader counts nesting (collections only), so the
    depth of the value once every alias is expanded is known exactly."""

    def __init__(self, data) -> None:
        self.data = data
        self.heights: dict[str, int] = {}
        self.open: list[str] = []
        self.recursive = False  # an alias written inside its own anchor
        self.deepest = 0  # the expanded depth, below the top-level mapping
        self.count = 0

    def node(self, depth: int) -> tuple[str, int]:
        draw = self.data.draw
        names = sorted(self.heights) + self.open
        kinds = ["scalar", "list", "map"] + (["alias"] * 2 if names else [])
        kind = draw(st.sampled_from(kinds if depth < 5 else ["scalar"] + (["alias"] if names else [])))
        if kind == "scalar":
            return draw(st.sampled_from(["1", "x", "true", "'q'"])), 0
        if kind == "alias":
            name = draw(st.sampled_from(names))
            if name in self.open:
                self.recursive = True
                return f"*{name}", 0
            height = self.heights[name]
            self.deepest = max(self.deepest, depth + height)
            return f"*{name}", height
        anchor = None
        if draw(st.booleans()):
            self.count += 1
            anchor = f"a{self.count}"
            self.open.append(anchor)
        items = [self.node(depth + 1) for _ in range(draw(st.integers(0, 3)))]
        height = 1 + max((h for _, h in items), default=0)
        self.deepest = max(self.deepest, depth + 1)
        if kind == "list":
            text = "[" + ", ".join(t for t, _ in items) + "]"
        else:
            text = "{" + ", ".join(f"k{i}: {t}" for i, (t, _) in enumerate(items)) + "}"
        if anchor is not None:
            self.open.remove(anchor)
            self.heights[anchor] = height
            text = f"&{anchor} {text}"
        return text, height

    def chain(self) -> list[str]:
        """Anchors each holding the one before inside a few more brackets: deep once expanded."""
        draw = self.data.draw
        lines, height = [], 0
        for i in range(draw(st.integers(1, 40))):
            wrap = draw(st.integers(1, 4))
            inner = f"*c{i - 1}" if i else "1"
            lines.append(f"c{i}: &c{i} {'[' * wrap}{inner}{']' * wrap}")
            height += wrap
            self.heights[f"c{i}"] = height
            self.deepest = max(self.deepest, 1 + height)
        return lines


@given(st.data())
def test_aliases_that_hold_themselves_or_nest_too_deep_are_located_errors(validate_text, data):
    """Class 1: every alias graph gets an answer; one holding itself is a recursive-alias
    error and one nesting past the limit once expanded a nesting-too-deep error."""
    gen = _Aliased(data)
    chain = gen.chain() if data.draw(st.booleans()) else []
    values = [gen.node(1) for _ in range(data.draw(st.integers(1, 6)))]
    text = HOUSE + "".join(f"{line}\n" for line in chain) + "".join(f"x{i}: {t}\n" for i, (t, _) in enumerate(values))
    variant, problems = validate_text(text)
    assert_answer(text, variant, problems)
    codes = {p.code for p in problems}
    assert variant is None  # the x keys are unknown, at least
    if gen.recursive:
        assert codes & {"recursive-alias", "nesting-too-deep", "too-many-nodes"}, codes
    elif gen.deepest > MAX_DEPTH:
        assert codes & {"nesting-too-deep", "too-many-nodes"}, codes
    else:
        assert not codes & {"recursive-alias", "nesting-too-deep"}, codes
