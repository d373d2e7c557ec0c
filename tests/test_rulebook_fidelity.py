"""The rulebook's words determine the rule: what a reader reads back is what the engine plays.

Two properties, held with hypothesis over every shipped base and all five languages:

* arithmetic: a random numeric expression is rendered, then read back by a small
  reader built from the same catalogue's templates (so it knows no word the
  renderer does not use); the tree it reads must be the expression's. Leaves are
  rendered as opaque tokens, so the test is about grouping, not about the
  leaves' own words (their words are pinned in test_rulebook.py);
* capture kinds: two kinds that capture differently (another card filter, an
  exception, another take) never read alike where a rule names them (an event's
  `kinds:`, a priority step, an obligation), and a kind's card filter is said.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.language import ir
from escoba_spec.language.cards import CardSet
from escoba_spec.language.expr import nodes as E
from escoba_spec.language.expr.check import compile_expression
from escoba_spec.language.expr.env import Env
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.rulebook.exprtext import ExprText
from escoba_spec.tools.rulebook.lang import Lang
from escoba_spec.tools.rulebook.predicates import YOU

ROOT = Path(__file__).resolve().parent.parent
BASES = sorted((ROOT / "rules").glob("*.yaml"))
LANGS = ("en", "es", "pt", "fr", "it")


@cache
def variant(path: Path):
    return load_variant(path)


@cache
def env_of(path: Path) -> Env:
    return Env.from_cardset(CardSet(variant(path).deck), "none")


# ------------------------------------------------------------ arithmetic read back

#: leaves: numbers of a side at the end of a hand and of the match, and constants
LEAVES = ("sweeps", "captures", "count(pile)", "score", "hand_number", "1", "2", "3", "7")
CONSTANTS = ("1", "2", "3", "5", "10")  # divisors and rounding steps must be constants


def _numbers(children):
    pair = st.tuples(children, children)
    return st.one_of(
        st.builds(lambda ab, op: f"({ab[0]} {op} {ab[1]})", pair, st.sampled_from(["+", "-", "*"])),
        st.builds(lambda a, op, c: f"({a} {op} {c})", children, st.sampled_from(["//", "%"]), st.sampled_from(CONSTANTS)),
        st.builds(lambda a: f"(-{a})", children),
        st.builds(lambda ab, f: f"{f}({ab[0]}, {ab[1]})", pair, st.sampled_from(["min", "max"])),
        st.builds(lambda a, f, c: f"{f}({a}, {c})", children, st.sampled_from(["round_up", "round_down"]),
                  st.sampled_from(CONSTANTS)),
        st.builds(lambda ab: f"({ab[0]} if sweeps > 1 else {ab[1]})", pair),
    )


EXPRESSIONS = st.recursive(st.sampled_from(LEAVES), _numbers, max_leaves=7)


class Opaque(ExprText):
    """The renderer with every leaf said as a token: ⟦sweeps⟧, ⟦7⟧."""

    def num(self, node: E.Node, p) -> str:
        key = leaf_key(node)
        return f"⟦{key}⟧" if key is not None else super().num(node, p)


def leaf_key(node: E.Node) -> str | None:
    if isinstance(node, E.Num):
        return str(node.value)
    if isinstance(node, E.Name):
        return node.name
    if isinstance(node, E.Call) and node.function == "count":
        return "count(pile)"
    return None


def tree(node: E.Node):
    """The expression's structure, chains of + and of * flattened (their grouping is no matter)."""
    key = leaf_key(node)
    if key is not None:
        return key
    if isinstance(node, E.BinOp):
        parts = []
        for side in (node.left, node.right):
            sub = tree(side)
            if node.op in "+*" and isinstance(sub, tuple) and sub[0] == node.op:
                parts.extend(sub[1:])
            else:
                parts.append(sub)
        return (node.op, *parts)
    if isinstance(node, E.Neg):
        return ("neg", tree(node.operand))
    if isinstance(node, E.IfElse):
        return ("if", tree(node.then), tree(node.otherwise))
    if isinstance(node, E.Call):
        return (node.function, *(tree(a) for a in node.args))
    raise TypeError(type(node).__name__)


def _split(template: str, *marks: str) -> list[str]:
    """The fixed words of a filled template, between the marks that stood for its slots."""
    parts, rest = [], template
    for mark in marks:
        before, _, rest = rest.partition(mark)
        parts.append(before)
    return parts + [rest]


class Reader:
    """Reads rendered arithmetic back into a tree, with only the catalogue's own words.

    An infix operator is (words, precedence); a prefixed one ("the remainder of a
    divided by b") reads a single operand, bracketed or not, before its middle words;
    min/max and the roundings read as the renderer writes them. Precedence climbing
    gives the tree that plain reading of the words gives."""

    BINARY = {"+": "num.add", "-": "num.sub", "*": "num.mul", "//": "num.floordiv", "%": "num.mod"}
    PRECEDENCE = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2}

    def __init__(self, lang: Lang):
        self.binary = {op: _split(lang.t(key, left="\x01", right="\x02"), "\x01", "\x02")
                       for op, key in self.BINARY.items()}
        self.neg = _split(lang.t("num.neg", operand="\x01"), "\x01")
        self.lists = {f: _split(lang.t(f"num.{f}", values=lang.join(["\x01", "\x02"])), "\x01", "\x02")
                      for f in ("min", "max")}
        self.rounding = {f: _split(lang.t(f"num.{f}", value="\x01", step="\x02"), "\x01", "\x02")
                         for f in ("round_up", "round_down")}
        # brackets as the catalogue writes them (plain ones where it has none: the code before them)
        self.group = _split(lang.t("num.group", value="\x01"), "\x01") if lang.has("num.group") else ["(", ")"]
        self.ifelse = _split(lang.t("num.ifelse", then="\x01", condition="\x02", otherwise="\x03"),
                             "\x01", "\x02", "\x03")

    def read(self, text: str):
        self.text, self.pos = text, 0
        out = self.full()
        if self.pos != len(text):
            raise ValueError(f"unread words at {self.pos}: {text[self.pos:]!r}")
        return out

    def at(self, words: str) -> bool:
        return bool(words) and self.text.startswith(words, self.pos)

    def take(self, words: str) -> None:
        if words and not self.at(words):
            raise ValueError(f"expected {words!r} at {self.pos}: {self.text[self.pos:]!r}")
        self.pos += len(words)

    def full(self):
        """An expression, or a conditional value "a if c, otherwise b" (which ends only where its text does)."""
        then = self.expr(0)
        _, if_words, otherwise_words, _ = self.ifelse
        if not self.at(if_words):
            return then
        self.take(if_words)
        end = self.text.index(otherwise_words, self.pos)  # the condition's words hold no ", otherwise"
        self.pos = end + len(otherwise_words)
        return ("if", then, self.full())

    def expr(self, minimum: int):
        left = self.primary()
        while True:
            for op, (prefix, middle, suffix) in self.binary.items():
                if not prefix and self.at(middle) and self.PRECEDENCE[op] >= minimum:
                    self.take(middle)
                    right = self.expr(self.PRECEDENCE[op] + 1)
                    self.take(suffix)
                    left = self._join(op, left, right)
                    break
            else:
                for f, (_, middle, suffix) in self.rounding.items():
                    start = self.pos
                    if self.at(middle):
                        self.take(middle)
                        step = self.primary()
                        if not suffix or self.at(suffix):  # French says up and down after the step
                            self.take(suffix)
                            left = (f, left, step)
                            break
                        self.pos = start
                else:
                    return left

    @staticmethod
    def _join(op, left, right):
        parts = []
        for sub in (left, right):
            if op in "+*" and isinstance(sub, tuple) and sub[0] == op:
                parts.extend(sub[1:])
            else:
                parts.append(sub)
        return (op, *parts)

    def primary(self):
        if self.at("⟦"):
            end = self.text.index("⟧", self.pos)
            key = self.text[self.pos + 1:end]
            self.pos = end + 1
            return key
        opening, closing = self.group
        if self.at(opening):
            self.take(opening)
            inner = self.full()
            self.take(closing)
            return inner
        for op, (prefix, middle, suffix) in self.binary.items():
            if prefix and self.at(prefix):
                self.take(prefix)
                left = self.primary()
                self.take(middle)
                right = self.expr(self.PRECEDENCE[op] + 1)
                self.take(suffix)
                return (op, left, right)
        for f, (prefix, middle, suffix) in self.lists.items():
            if self.at(prefix):
                self.take(prefix)
                first = self.full()
                self.take(middle)
                second = self.full()
                self.take(suffix)
                return (f, first, second)
        prefix, suffix = self.neg
        if self.at(prefix):
            self.take(prefix)
            operand = self.primary()
            self.take(suffix)
            return ("neg", operand)
        raise ValueError(f"no reading at {self.pos}: {self.text[self.pos:]!r}")


@pytest.mark.parametrize("lang", LANGS)
@settings(deadline=None)
@given(text=EXPRESSIONS, base=st.sampled_from(BASES))
def test_arithmetic_in_words_reads_back_as_the_expression(lang: str, text: str, base: Path):
    env = env_of(base)
    node, problems = compile_expression(text, "num", env)
    if node is None:  # a value past 64 bits and the like: not a rule a file can hold
        assert problems
        return
    words = Opaque(Lang(lang, variant(base).deck), env).num(node, YOU)
    assert Reader(Lang(lang, variant(base).deck)).read(words) == tree(node), words


@pytest.mark.parametrize("text, words", [
    ("2 * (sweeps + 1)", "2 times (the number of scopas you have made plus 1)"),
    ("(sweeps + 1) * 2", "(the number of scopas you have made plus 1) times 2"),
    ("2 * sweeps + 1", "2 times the number of scopas you have made plus 1"),
    ("sweeps + 2 * captures", "the number of scopas you have made plus 2 times the number of captures you have made"),
    ("sweeps - (captures - 1)", "the number of scopas you have made minus (the number of captures you have made minus 1)"),
    ("sweeps + (captures + 1)", "the number of scopas you have made plus the number of captures you have made plus 1"),
    ("3 * (sweeps // 2 * captures)",  # the chain's words start with another operator of its rank
     "3 times (the number of scopas you have made divided by 2, rounded down times the number of captures you have made)"),
    ("min(sweeps, 3) + 1", "(the lowest of the number of scopas you have made and 3) plus 1"),
    ("1 + min(sweeps, 3)", "1 plus the lowest of the number of scopas you have made and 3"),
])
def test_arithmetic_brackets_exactly_where_the_grouping_needs_them(text: str, words: str):
    base = ROOT / "rules" / "scopa.yaml"
    node, _ = compile_expression(text, "num", env_of(base))
    assert ExprText(Lang("en", variant(base).deck), env_of(base)).num(node, YOU) == words


# ------------------------------------------------------------ capture kinds named by a rule

PREDICATES = ("", "rank == 1", "value <= 3", "suit == scoring_suit", "rank == 1 or value >= 8")


@st.composite
def kinds(draw):
    """A capture kind as the language allows it (the validator's combinations)."""
    zone = draw(st.sampled_from(["table", "table", "table", "other-piles", "next-pile"]))
    takes = ["equal-rank", "equal-value", "whole-table"]
    take = draw(st.sampled_from(takes if zone != "table" else takes + ["sum", "sum-with-played"]))
    sets = "one"
    if zone == "table" and take in ("equal-rank", "equal-value"):
        sets = draw(st.sampled_from(["one", "all"]))
    elif zone == "table" and take in ("sum", "sum-with-played"):
        sets = draw(st.sampled_from(["one", "many"]))
    whole = take == "whole-table" and zone == "table"
    return dict(take=take, from_zone=zone, sets=sets, cards_text=draw(st.sampled_from(PREDICATES)),
                targets=(15,) if take == "sum-with-played" else (),
                run=zone == "table" and take == "equal-rank" and draw(st.booleans()),
                unless_rank_on_table=whole and draw(st.booleans()),
                empty_table=draw(st.sampled_from(["lay", "keep"])) if whole else "lay",
                sweep=draw(st.booleans()))


def _builder(base: Path, lang: str, fields: list[dict]):
    from escoba_spec.tools.rulebook.document import _Builder

    v = variant(base)
    made = tuple(ir.CaptureKind(f"k{i}", cards=ir.EVERY_CARD, **f) for i, f in enumerate(fields))
    v = dataclasses.replace(v, capture=dataclasses.replace(v.capture, mode="kinds", kinds=made))
    env = env_of(base)
    L = Lang(lang, v.deck)
    return _Builder(v, L, CardSet(v.deck), env, ExprText(L, env, v))


@pytest.mark.parametrize("lang", LANGS)
@settings(deadline=None)
@given(first=kinds(), second=kinds(), base=st.sampled_from(BASES))
def test_two_kinds_that_capture_differently_never_read_alike(lang: str, first: dict, second: dict, base: Path):
    builder = _builder(base, lang, [first, second])
    if not builder.v.sweeps.enabled:  # with no sweeps, whether a kind's clearing is one is no rule
        first, second = {**first, "sweep": True}, {**second, "sweep": True}
    if first == second:
        return
    one, other = builder.kinds_text(["k0"]), builder.kinds_text(["k1"])
    assert one != other, (first, second)


@pytest.mark.parametrize("lang", LANGS)
def test_a_kind_named_by_an_event_keeps_its_card_and_its_exception(lang: str):
    """Scopa d'Assi's ace takes the whole table unless an ace lies there: an event limited to that
    kind says both, not "a play that takes the whole table" (which a 7 summing the table also is)."""
    base = ROOT / "rules" / "scopa-dassi.yaml"
    builder = _builder(base, lang, [])
    builder.v = variant(base)
    text = builder.kinds_text(["ace-takes-all"])
    plain = builder.L.t("kind.short.whole-table")
    ace = builder.words.cards_noun("rank == ace", -1).a(builder.L)
    assert text.startswith(plain) and ace in text and text != plain
    assert builder.L.t("kind.short.unless_rank_on_table", text="").strip(", ") in text


# ------------------------------------------------------------ the small misstatements


@pytest.mark.parametrize("text, words", [
    ("count(played, rank == jack) >= 1", "the card played is a jack"),
    ("count(filter(played, rank == jack)) == 0", "the card played is not a jack"),
    ("count(played, suit == hearts) > 0", "the card played is a card of hearts"),
])
def test_a_count_over_the_card_played_says_what_that_card_is(text: str, words: str):
    base = ROOT / "rules" / "pisti.yaml"
    node, problems = compile_expression(text, "bool", env_of(base), scope="play")
    assert not problems
    assert ExprText(Lang("en", variant(base).deck), env_of(base)).expression(node, text) == words


JOKER_DECK = """\
id: joker-declared
extends: scopa
deck:
  preset: null
  scoring_suit: oros
  suits:
    - {name: oros, letter: o}
    - {name: copas, letter: c}
    - {name: espadas, letter: e}
    - {name: bastos, letter: b}
  ranks:
""" + "".join(f"    - {{name: r{n}, letter: \"{n}\", value: {min(n, 10)}}}\n" for n in range(1, 13)) + """\
  jokers: {count: 4}
options:
  deck: {drop: true}
"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_declared_deck_with_jokers_counts_its_cards_before_the_jokers(lang: str, tmp_path: Path):
    from escoba_spec.tools.rulebook import render_rulebook

    path = tmp_path / "joker-declared.yaml"
    path.write_text(JOKER_DECK, encoding="utf-8")
    text = render_rulebook(load_variant(path), lang, "md", base=None, options=False, example=False)
    assert "48" in text and "52" in text  # 48 cards of 4 suits of 12, then 4 jokers making 52
    deck_line = next(line for line in text.splitlines() if "12" in line and "4" in line and "48" in line)
    assert "52" not in deck_line
