"""The coverage guarantee: every IR value and every expression form has words in every language.

`problems()` (used by `check_coverage`, hence by `build`, and by the tests)
enumerates, from the code itself rather than from a list kept by hand:

* every value of every `Literal` field of the IR dataclasses (`ir.py`) —
  each needs the catalogue entry `ir.<Class>.<field>.<value>`;
* every IR dataclass — each must be described by a section of the document
  (`document.IR_SECTIONS`);
* every node class, function, operator, variable and card field of the
  expression language (`language/expr/`) — each must occur in `SAMPLES`, which are
  then compiled for every deck preset and put into words in every language,
  with and without their text (so a card predicate is also described from its
  bit mask alone);
* the deck words of every preset: sweep, primiera, suits, ranks;
* the catalogues themselves (`catalog.coverage`).

Any rendered text that still holds a brace or a catalogue key is a problem
too: no placeholder ever reaches a reader.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from functools import cache

from ...language import ir
from ...language.cards import PRESETS, CardSet, preset_ranks, preset_suits
from ...language.expr import nodes as E
from ...language.expr.check import compile_expression
from ...language.expr.env import (
    FIELDS,
    HAND_VARIABLES,
    MATCH_VARIABLES,
    PILE_VARIABLES,
    PLAY_VARIABLES,
    SIGNATURES,
    STACK_VARIABLES,
    TABLE_VARIABLES,
    VARIABLES,
    Env,
)
from ...language.expr.parse import parse
from .catalog import LANGS, MissingMessage, catalog, coverage
from .document import IR_SECTIONS
from .exprtext import ExprText
from .lang import Lang

#: Expressions that together use every form of the expression language.
#: {s}, {s2}: suit names of the deck; {f}: its first figure. (text, "bool"|"num")
SAMPLES: tuple[tuple[str, str], ...] = (
    ("most(count(pile))", "bool"),
    ("most(count(pile, suit == {s}))", "bool"),
    ("has(pile, 7 of {s})", "bool"),
    ("most(primiera(pile), eligible: suits(pile) == 4)", "bool"),
    ("sweeps > 0", "bool"),
    ("count(pile, rank == 7) == 4", "bool"),
    ("all(opponents, count(pile) < 10)", "bool"),
    ("captures == 0", "bool"),
    ("straight(filter(pile, suit == {s})) >= 3", "bool"),
    ("any(others, sweeps >= 2) or not has(deck, {f} of {s2})", "bool"),
    ("most(sum(pile), ties: all)", "bool"),
    ("most(sweeps) and most(captures) and most(suits(pile))", "bool"),
    ("not (most(sweeps) or most(captures)) and not most(suits(pile))", "bool"),
    ("not most(primiera(pile)) or not most(count(pile, rank == {f})) or not most(sum(pile) + 1)", "bool"),
    ("min(count(pile), 5) + max(sweeps, 1, 2) * 2 - -1 > 3 // 2 % 7", "bool"),
    ("count(pile, not joker) != 3 and count(pile, joker) < 1", "bool"),
    ("count(pile, value >= 5 and suit != {s} or rank < {f}) <= 2", "bool"),
    ("count(pile, suit == {s} and value > 3) >= 1 and count(pile, (rank == 1 or joker) and not (value < 2)) > 0", "bool"),
    ("count(filter(deck, joker)) == 0 or count(deck, suit == {s2}) > 9", "bool"),
    ("(1 if has(pile, 7 of {s}) else 0) == 1", "bool"),
    ("true and not false", "bool"),
    ("not all(opponents, captures > 0) and not any(opponents, has(pile, 7 of {s}))", "bool"),
    ("not (sweeps > 0 and captures < 3) or not (suits(pile) < 4)", "bool"),
    ("filter(pile, suit == {s}) == filter(deck, suit == {s})", "bool"),
    ("(pile if true else deck) != pile", "bool"),
    ("not (count(pile) > 1 if sweeps > 0 else captures > 1)", "bool"),
    ("count(pile) >= seven and has(filter(pile, rank == 7), 7 of {s})", "bool"),
    ("all(others, most(count(pile))) or any(opponents, sum(pile) > 20)", "bool"),
    ("count(pile, rank == 7) == 0 and count(pile, suit == {s}) == 0 and suits(pile) >= 1", "bool"),
    ("count(pile, suit == {s}) == 10 and count(pile, rank == {f}) == 4 and count(pile, rank == 1) == 4", "bool"),
    ("count(pile, true) > 0 and count(pile, false) == 0", "bool"),
    ("sweeps", "num"),
    ("2 if all(opponents, count(pile) < 10) else 1", "num"),
    ("straight(filter(pile, suit == {s}))", "num"),
    ("3 * count(pile, rank == 7)", "num"),
    ("count(pile) // 10 - -sweeps", "num"),
    ("primiera(pile) % 7", "num"),
    ("captures * 2 + suits(pile)", "num"),
)

#: Expressions over the opening table (a deal's redeal conditions: compiled in the table scope).
TABLE_SAMPLES: tuple[tuple[str, str], ...] = (
    ("count(table, rank == {f}) >= 3", "bool"),
    ("sum(table) == 15 or count(filter(table, suit == {s})) > count(deck) - 38", "bool"),
)

#: Expressions over a play (scoring.events: compiled in the play scope) and over the match.
PLAY_SAMPLES: tuple[tuple[str, str], ...] = (
    ("count(common(taken, previous)) > 0 and previous_opponent and not last_play", "bool"),
    ("count(table) == 0 and count(taken) >= 3 or has(played, 7 of {s}) and not previous_opponent", "bool"),
    ("suits(taken) == 1 and count(table_before) > round and last_play", "bool"),
    ("score < 38 and opponent_score >= 20 and dealer and not dealer and hand_number > 1", "bool"),
    ("bidder and bid == 13 or not bidder and bid < 10", "bool"),
    ("round_up(count(pile) - 14, 2) + round_down(score, 5)", "num"),
    ("count(common(taken, previous)) == 0 or count(common(table, played)) == 2", "bool"),
    ("same_rank(union(played, previous)) == 2", "bool"),
    ("same_rank(union(played, previous)) == 2 and not first_in_round or count(taken) == 1 and last_round", "bool"),
    ("count(table) == 0 and equal_groups(taken, 10) and not equal_groups(table_before, 7)", "bool"),
    ("count(common(declared, previous)) > 0 and count(same_rank_as(declared, previous)) >= 3"
     " or any(opponents, count(declared) > 0)", "bool"),
)

#: Expressions over the play that made a sweep (sweeps.weight: compiled in the sweep scope).
SWEEP_SAMPLES: tuple[tuple[str, str], ...] = (
    ("0 if last_play else 25 if first_play else 50", "num"),
    ("2 if count(taken) >= 4 and not first_in_round or previous_opponent else 1", "num"),
)

#: Expressions over a play of a stack table (scoring.events with table.layout: stack).
STACK_SAMPLES: tuple[tuple[str, str], ...] = (
    ("count(table_before) == 1 and same_rank(union(played, top_before)) == 2 and count(top, rank == {f}) == 0", "bool"),
)

#: Expressions over a play with piles shown (scoring.events with piles.top: shown).
PILE_SAMPLES: tuple[tuple[str, str], ...] = (
    ("count(stolen) >= 5 and count(pile_top, rank == {f}) == 1", "bool"),
)

#: Expressions over a dealt hand (declarations: compiled in the hand scope).
HAND_SAMPLES: tuple[tuple[str, str], ...] = (
    ("same_rank(hand) == 3 or sum(hand) <= 9 and round > 1 or same_suit(hand) >= count(table)", "bool"),
)

#: Every kind of scoring rule sentence: (award, points, effect).
RULES: tuple[tuple[str, str, str], ...] = (
    ("sweeps > 0", "sweeps", "points"),
    ("has(pile, 7 of {s})", "1", "points"),
    ("most(count(pile))", "2 if all(opponents, count(pile) < 10) else 1", "points"),
    ("straight(filter(pile, suit == {s})) >= 3", "straight(filter(pile, suit == {s}))", "points"),
    ("count(pile, rank == 7) > 0", "count(pile, rank == 7)", "points"),
    ("suits(pile) >= 1", "2 * suits(pile)", "points"),
    ("captures > 1", "captures", "points"),
    ("true", "1", "points"),
    ("false", "1", "points"),
    ("captures == 0", "1", "lose-match"),
    ("count(pile, suit == {s}) == 10", "1", "win-match"),
    ("most(count(pile))", "sum(pile) // 10", "points"),
    ("score < 30 and count(pile) >= 20", "round_up(count(pile) - 14, 2)", "points"),
)

#: a catalogue key a renderer left in (`rule.name`); a file a source cites (`players.py`) is not one
_KEYISH = re.compile(r"\b(?:ir|rule|num|cmp|most|deck|players|deal|section|term|suit|rank|noun|has|bool|qty|per|points"
                     r"|cards|pred|subj|none|all|example|options|diff|sources|page|list|intro|end|match|sweeps|play"
                     r"|capture)\.(?!(?:yaml|py|js|jsx|ts|tsx|rs|php|go|java|md|html|json)\b)[A-Za-z][\w-]*\b")


_URL = re.compile(r"https?://[^\s`<>\"')]+")


def leaks(text: str) -> list[str]:
    """Placeholders or catalogue keys left in a text meant for readers."""
    found = []
    if "{" in text or "}" in text:
        found.append("a brace")
    text = _URL.sub("", text)  # a cited page's address may hold key-like words (scopa-cards.php)
    for m in _KEYISH.finditer(text):
        found.append(f"the key-like '{m.group()}'")
    return found


def literal_values() -> dict[str, tuple[str, ...]]:
    """'Class.field' -> the values of every Literal-typed field of the IR."""
    out = {}
    for name, cls in vars(ir).items():
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)) or cls.__module__ != ir.__name__:
            continue
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            hint = hints[f.name]
            if typing.get_origin(hint) is typing.Literal:
                out[f"{name}.{f.name}"] = tuple(str(v) for v in typing.get_args(hint))
    return out


def ir_classes() -> list[str]:
    return [n for n, c in vars(ir).items()
            if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == ir.__name__]


def expression_forms() -> dict[str, set[str]]:
    """Everything the expression language has, read from the language's own tables."""
    return {
        "node": {n for n, c in vars(E).items() if isinstance(c, type) and issubclass(c, E.Node) and c is not E.Node},
        "function": set(SIGNATURES),
        "operator": set(E.ARITHMETIC) | set(E.COMPARE) | {"and", "or", "not", "-u", "if"},
        "variable": set(VARIABLES) | set(TABLE_VARIABLES) | set(MATCH_VARIABLES) | set(PLAY_VARIABLES)
        | set(HAND_VARIABLES) | set(STACK_VARIABLES) | set(PILE_VARIABLES),
        "field": set(FIELDS),
        "keyword": {k for s in SIGNATURES.values() for k in s.keywords},
    }


def _forms_in(node: E.Node, acc: dict[str, set[str]]) -> None:
    acc["node"].add(type(node).__name__)
    if isinstance(node, E.Call):
        acc["function"].add(node.function)
        acc["keyword"].update(k.name for k in node.keywords)
    if isinstance(node, (E.BinOp, E.Compare, E.BoolOp)):
        acc["operator"].add(node.op)
    if isinstance(node, E.Not):
        acc["operator"].add("not")
    if isinstance(node, E.Neg):
        acc["operator"].add("-u")
    if isinstance(node, E.IfElse):
        acc["operator"].add("if")
    if isinstance(node, E.Name):
        acc["variable"].add(node.name)
        acc["field"].add(node.name)
    for child in E.children(node):
        _forms_in(child, acc)


def deck_of(preset: str) -> ir.Deck:
    suits = preset_suits(preset)
    return ir.Deck(preset, suits, preset_ranks(preset), suits[0].name, ir.Jokers(2, tuple(range(1, 11)), 0))


#: a deck a rule file declares, with words in some languages only and ranks of every gender
DECLARED = ir.Deck("declared", (
    ir.Suit("h", "hearts", (("es", "corazones"), ("fr", "cœurs"), ("it", "cuori"))),
    ir.Suit("t", "towers", ()),
    ir.Suit("m", "moons", (("en", "moons"), ("pt", "luas"))),
    ir.Suit("z", "zeros", ())), tuple(
    ir.Rank(symbol, name, i + 1, i + 1, 10, True, words) for i, (symbol, name, words) in enumerate((
        ("1", "ace", (("es", "as", "ases", "m"), ("it", "asso", "assi", "m"), ("fr", "as", "as", "m"))),
        ("2", "two", ()), ("3", "three", ()), ("4", "four", ()), ("5", "five", ()), ("6", "six", ()),
        ("7", "seven", ()),
        ("Q", "queen", (("es", "reina", "reinas", "f"), ("it", "regina", "regine", "f"), ("en", "queen", "queens", "n"),
                        ("pt", "rainha", "rainhas", "f"), ("fr", "reine", "reines", "f"))),
        ("Z", "zero", (("it", "zero", "zeri", "m"),)),
        ("K", "king", ())))), "hearts", ir.Jokers(2, tuple(range(1, 11)), 0))


def fill(text: str, deck: ir.Deck) -> str:
    return text.format(s=deck.suits[0].name, s2=deck.suits[1].name, f=deck.ranks[7].name)


@cache
def problems() -> tuple[str, ...]:
    found: list[str] = list(coverage())
    if found:
        return tuple(found)
    # IR: every dataclass described, every Literal value worded
    for name in ir_classes():
        if name not in IR_SECTIONS:
            found.append(f"the IR class {name} is described by no section (document.IR_SECTIONS)")
    for field, values in literal_values().items():
        for value in values:
            key = f"ir.{field}.{value}"
            for lang in LANGS:
                if not catalog(lang).has(key):
                    found.append(f"{lang}: no text for the IR value {field} = {value!r} ('{key}')")
    # expressions: the samples use every form, and every sample is worded everywhere
    used = {kind: set() for kind in expression_forms()}
    for deck in [deck_of(preset) for preset in PRESETS] + [DECLARED]:
        preset = deck.preset
        cards = CardSet(deck)
        env = Env.from_cardset(cards, "none")
        compiled = []
        samples = [(t, k, "side") for t, k in SAMPLES] + [(t, k, "table") for t, k in TABLE_SAMPLES]
        samples += [(t, k, "play") for t, k in PLAY_SAMPLES] + [(t, k, "hand") for t, k in HAND_SAMPLES]
        samples += [(t, k, "play-stack") for t, k in STACK_SAMPLES]
        samples += [(t, k, "play-piles") for t, k in PILE_SAMPLES]
        samples += [(t, k, "sweep") for t, k in SWEEP_SAMPLES]
        for text, kind, scope in samples:
            source = fill(text, deck)
            node, errors = compile_expression(source, kind, env, scope=scope)
            if node is None:
                found.append(f"sample {source!r} does not compile: {errors[0].message}")
                continue
            parsed, _ = parse(source)
            _forms_in(parsed, used)
            _forms_in(node, used)
            compiled.append((source, kind, node))
        for lang in LANGS:
            L = Lang(lang, deck)
            words = ExprText(L, env)
            try:
                checks = [L.sweep(1), L.sweep(2), L.primiera()]
                checks += [L.suit_name(s.name) + L.suit_of(s.name) for s in deck.suits]
                checks += [L.rank_name(r, 1) + L.rank_name(r, 2) + L.rank_the(r) + L.rank_noun(r).gender
                           for r in deck.ranks]
                checks += [L.t(f"deck.preset.{preset}", total=cards.size, suits=len(deck.suits), ranks=len(deck.ranks))]
            except MissingMessage as exc:
                found.append(str(exc))
                continue
            for source, kind, node in compiled:
                for text in (source, ""):
                    try:
                        out = words.expression(node, text, kind)
                    except (MissingMessage, ValueError, KeyError, TypeError) as exc:
                        found.append(f"{lang}/{preset}: {source!r}: {exc}")
                        continue
                    for leak in leaks(out):
                        found.append(f"{lang}/{preset}: {source!r} reads with {leak}: {out!r}")
            for award, points, effect in RULES:
                rule = _rule(fill(award, deck), fill(points, deck), effect, env)
                if rule is None:
                    found.append(f"rule sample {award!r} / {points!r} does not compile")
                    continue
                try:
                    out = words.rule(rule)
                except (MissingMessage, ValueError, KeyError, TypeError) as exc:
                    found.append(f"{lang}/{preset}: rule {award!r} / {points!r}: {exc}")
                    continue
                for leak in leaks(out):
                    found.append(f"{lang}/{preset}: rule {award!r} reads with {leak}: {out!r}")
    for kind, forms in expression_forms().items():
        missing = forms - used[kind]
        if missing:
            found.append(f"the expression {kind}(s) {sorted(missing)} occur in no sample of coverage.SAMPLES")
    return tuple(found)


def _rule(award: str, points: str, effect: str, env: Env) -> ir.ScoringRule | None:
    a, _ = compile_expression(award, E.BOOL, env)
    p, _ = compile_expression(points, E.NUM, env)
    if a is None or p is None:
        return None
    return ir.ScoringRule("sample", "sample", a, p, effect, award, points, ir.Origin("-", 1, 1, "sample"))
