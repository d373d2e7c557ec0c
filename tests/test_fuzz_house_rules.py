"""Random house rules over every shipped base: valid or located errors, never an exception,
and when valid, the kernel and the interpreter play them alike, move for move
(issue 21, class 14: a field with no meaning in its context once made them part ways).

The house rules are drawn from the JSON Schema itself: every section's scalar fields
that take a boolean, a listed value or a bounded integer, set one to four at a time. So
a field the schema gains is fuzzed without this file changing. Short under the ci
profile; `HYPOTHESIS_PROFILE=long` plays thousands by hand.
"""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.engine import play_match
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.errors import MatchTooLong, TooManyMoves
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.schema import variant_schema

from .conftest import RULES
from .engine_fixtures import kernel_rules
from .fuzz_support import assert_answer

BASES = sorted(p.stem for p in RULES.glob("*.yaml"))
#: sections a house rule sets field by field (lists merged by id and options are left to other fuzzers)
SECTIONS = ("deck", "players", "deal", "table", "piles", "capture", "sweeps", "end_of_deal", "scoring", "match", "visibility")


def _definition(schema: dict, node: dict) -> dict:
    ref = node.get("$ref")
    return schema["definitions"][ref.rsplit("/", 1)[1]] if ref else node


def _choices(node: dict) -> list:
    """The values a scalar field takes, as a few picks: its enum, true/false, or integers at
    and around its bounds; [] for a field that is not such a scalar."""
    if "enum" in node:
        return list(node["enum"])
    kinds = node.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "boolean" in kinds:
        return [True, False]
    if "integer" in kinds:
        low, high = node.get("minimum", 0), node.get("maximum", low + 40 if (low := node.get("minimum", 0)) else 40)
        return sorted({low, min(high, low + 1), min(high, low + 3), (low + high) // 2, high})
    for branch in node.get("oneOf", []) + node.get("anyOf", []):
        if "enum" in branch or branch.get("type") in ("integer", "boolean"):
            return _choices(branch)
    return []


def _fields() -> list[tuple[tuple[str, ...], list]]:
    schema = variant_schema()
    out = []

    def walk(path: tuple[str, ...], node: dict, depth: int) -> None:
        node = _definition(schema, node)
        for name, child in node.get("properties", {}).items():
            if name in ("sources", "description", "name", "id"):
                continue
            child = _definition(schema, child)
            picks = _choices(child)
            if picks:
                out.append((path + (name,), picks))
            elif "properties" in child and depth < 3:
                walk(path + (name,), child, depth + 1)

    for section in SECTIONS:
        walk((section,), schema["properties"][section], 1)
    return out


FIELDS = _fields()


@st.composite
def house_rules(draw) -> str:
    base = draw(st.sampled_from(BASES))
    doc: dict = {"id": "fuzzed-house", "name": "Fuzzed", "extends": base}
    for path, picks in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=4, unique_by=lambda f: f[0])):
        node = doc
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = draw(st.sampled_from(picks))
    return yaml.safe_dump(doc, sort_keys=False)


def test_the_fuzzer_reaches_the_fields_that_once_made_the_engines_part():
    paths = {path for path, _ in FIELDS}
    assert ("capture", "single_card_first") in paths and ("capture", "mode") in paths
    assert len(paths) >= 40


def _moves(ruleset, seed: int, players: int, team_size: int, kinds: tuple[str, ...]):
    log: list = []

    class Recording:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, obs, moves):
            move = self.bot.choose(obs, moves)
            log.append((obs.seat, move))
            return move

    bots = [Recording((GreedyBot if k == "greedy" else RandomBot)(seed * 31 + i)) for i, k in enumerate(kinds)]
    match = play_match(ruleset, bots, seed, team_size=team_size)
    return log, match.results, match.scores, match.winner


@given(text=house_rules(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_random_house_rule_is_answered_and_both_engines_play_it_alike(validate_text, text, seed, data):
    variant, problems = validate_text(text, name="fuzzed-house.yaml")
    assert_answer(text, variant, problems, display="fuzzed-house.yaml")
    if variant is None:
        return
    layout = data.draw(st.sampled_from(variant.players.layouts))
    kinds = tuple(data.draw(st.sampled_from(["random", "greedy"])) for _ in range(layout.players))
    if unsupported(variant):  # the interpreter alone plays it (the tools say so): it must play without error
        assert _played(Interpreter(variant), seed, layout.players, layout.team_size, kinds)[1]
        return
    kernel = kernel_rules(variant)  # a match that never ends (rubamazzo to 500) must be found so by both alike
    assert _played(kernel, seed, layout.players, layout.team_size, kinds) == \
        _played(Interpreter(variant), seed, layout.players, layout.team_size, kinds), text


_RANKS: dict[str, list[str]] = {}


def _ranks(base: str) -> list[str]:
    """The rank names of a shipped base (their deck.values keys)."""
    if base not in _RANKS:
        from escoba_spec.language.validate import load_variant

        _RANKS[base] = [r.name for r in load_variant(RULES / f"{base}.yaml").deck.ranks]
    return _RANKS[base]


@st.composite
def several_values(draw) -> str:
    """A house rule giving one or two ranks of a base several capture values (deck.values lists,
    issue 37 item 4), with one scalar field set as the other fuzzer does."""
    base = draw(st.sampled_from(BASES))
    ranks = draw(st.lists(st.sampled_from(_ranks(base)), min_size=1, max_size=2, unique=True))
    values = {r: draw(st.lists(st.integers(1, 15), min_size=1, max_size=3, unique=True)) for r in ranks}
    doc: dict = {"id": "fuzzed-house", "name": "Fuzzed", "extends": base, "deck": {"values": values}}
    path, picks = draw(st.sampled_from(FIELDS))
    if path[:2] != ("deck", "values"):
        node = doc
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = draw(st.sampled_from(picks))
    return yaml.safe_dump(doc, sort_keys=False)


@given(text=several_values(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_cards_of_several_values_are_answered_and_both_engines_play_them_alike(validate_text, text, seed, data):
    variant, problems = validate_text(text, name="fuzzed-house.yaml")
    assert_answer(text, variant, problems, display="fuzzed-house.yaml")
    if variant is None:
        return
    layout = data.draw(st.sampled_from(variant.players.layouts))
    kinds = tuple(data.draw(st.sampled_from(["random", "greedy"])) for _ in range(layout.players))
    if unsupported(variant):
        assert _moves(Interpreter(variant), seed, layout.players, layout.team_size, kinds)[2]
        return
    kernel = kernel_rules(variant)
    assert _moves(kernel, seed, layout.players, layout.team_size, kinds) == \
        _moves(Interpreter(variant), seed, layout.players, layout.team_size, kinds), text


@st.composite
def pile_kinds(draw) -> str:
    """A house rule whose piles show their tops and whose kinds take them (piles.top: shown, a kind
    from a pile: issue 37 item 3), with a priority and one scalar field set as the other fuzzer does."""
    base = draw(st.sampled_from(BASES))
    steal = {"id": "steal", "take": draw(st.sampled_from(["equal-rank", "equal-value", "whole-table"])),
             "from": draw(st.sampled_from(["other-piles", "next-pile"]))}
    kinds = [{"id": "match", "take": draw(st.sampled_from(["equal-rank", "equal-value", "sum"]))}, steal]
    doc: dict = {"id": "fuzzed-house", "name": "Fuzzed", "extends": base, "piles": {"top": "shown"},
                 "deal": {"opening": {"trigger": "never"}},
                 "capture": {"kinds": kinds, "missed_capture_claim": False,
                             "obligation": draw(st.sampled_from(["none", "played-card", "any-card"]))}}
    if draw(st.booleans()):
        doc["capture"]["priority"] = [{"rule": "prefer", "kinds": [draw(st.sampled_from(["match", "steal"]))]}]
    path, picks = draw(st.sampled_from(FIELDS))
    node = doc
    for part in path[:-1]:
        node = node.setdefault(part, {})
    node[path[-1]] = draw(st.sampled_from(picks))
    return yaml.safe_dump(doc, sort_keys=False)


def _played(ruleset, seed: int, players: int, team_size: int, kinds: tuple[str, ...]):
    """`_moves`, or the match found too long (a house rule may make one that never ends: both
    engines must say so alike), or a position with more moves than the engines list (TooManyMoves:
    a house rule's multiple builds over a wide table)."""
    try:
        return _moves(ruleset, seed, players, team_size, kinds)
    except MatchTooLong as exc:
        return "too long", str(exc)
    except TooManyMoves as exc:  # a position past the engines' MOST_MOVES (multiple builds on a wide table)
        return "too many moves", str(exc).split(":")[0]  # what both engines say (the rest says where)


@given(text=pile_kinds(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_piles_taken_by_their_top_card_are_answered_and_both_engines_play_them_alike(validate_text, text, seed,
                                                                                      data):
    variant, problems = validate_text(text, name="fuzzed-house.yaml")
    assert_answer(text, variant, problems, display="fuzzed-house.yaml")
    if variant is None:
        return
    layout = data.draw(st.sampled_from(variant.players.layouts))
    kinds = tuple(data.draw(st.sampled_from(["random", "greedy"])) for _ in range(layout.players))
    if unsupported(variant):
        assert _played(Interpreter(variant), seed, layout.players, layout.team_size, kinds)[1]
        return
    kernel = kernel_rules(variant)
    assert _played(kernel, seed, layout.players, layout.team_size, kinds) == \
        _played(Interpreter(variant), seed, layout.players, layout.team_size, kinds), text


_KIND_MENU = {
    "match": {"id": "match", "take": "equal-value"},
    "rank": {"id": "rank", "take": "equal-rank"},
    "sum": {"id": "sum", "take": "sum"},
    "ace": {"id": "ace", "take": "whole-table", "cards": "rank == ace"},
}


@st.composite
def obligation_steps(draw) -> str:
    """A house rule whose obligation is a list of steps and whose priority steps name kinds
    (issue 37 item 6), over kinds of its own, with one scalar field set as the other fuzzer does."""
    base = draw(st.sampled_from(BASES))
    ids = draw(st.lists(st.sampled_from(sorted(_KIND_MENU)), min_size=1, max_size=4, unique=True))
    doc: dict = {"id": "fuzzed-house", "name": "Fuzzed", "extends": base,
                 "capture": {"kinds": [_KIND_MENU[k] for k in ids]}}
    named = st.lists(st.sampled_from(ids), min_size=1, max_size=2, unique=True)
    steps = []
    for _ in range(draw(st.integers(1, 3))):
        step = {"of": draw(st.sampled_from(["played-card", "any-card"])),
                "must": draw(st.sampled_from(["capture", "sweep"]))}
        if draw(st.booleans()):
            step["kinds"] = draw(named)
        steps.append(step)
    doc["capture"]["obligation"] = steps
    priority = []
    for _ in range(draw(st.integers(0, 2))):
        rule = draw(st.sampled_from(["prefer", "one-card-first", "fewest-cards", "most-cards", "sweep"]))
        step = {"rule": rule}
        if rule == "prefer" or draw(st.booleans()):
            step["kinds"] = draw(named)
        priority.append(step)
    if priority:
        doc["capture"]["priority"] = priority
    path, picks = draw(st.sampled_from(FIELDS))
    if path != ("capture", "obligation"):
        node = doc
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = draw(st.sampled_from(picks))
    return yaml.safe_dump(doc, sort_keys=False)


@given(text=obligation_steps(), seed=st.integers(0, 2**32 - 1), data=st.data())
@settings(max_examples=max(10, settings.default.max_examples // 3))  # each writes a kernel: a third of the profile's
def test_obligation_steps_are_answered_and_both_engines_play_them_alike(validate_text, text, seed, data):
    variant, problems = validate_text(text, name="fuzzed-house.yaml")
    assert_answer(text, variant, problems, display="fuzzed-house.yaml")
    if variant is None:
        return
    layout = data.draw(st.sampled_from(variant.players.layouts))
    kinds = tuple(data.draw(st.sampled_from(["random", "greedy"])) for _ in range(layout.players))
    if unsupported(variant):
        assert _played(Interpreter(variant), seed, layout.players, layout.team_size, kinds)[1]
        return
    kernel = kernel_rules(variant)
    assert _played(kernel, seed, layout.players, layout.team_size, kinds) == \
        _played(Interpreter(variant), seed, layout.players, layout.team_size, kinds), text
