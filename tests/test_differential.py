"""The differential suite: relations between variants that must hold in play.

Each test plays seeded deals (or whole matches) under two rule sets and
checks one relation the rule files promise: the compiler agrees with the
interpreter, a variant that changes only what hidden cards show plays the
same, a scoring-only house rule plays the same and scores differently, and
so on. Bots are seeded, so every failure names a reproducible seed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.engine import HandState, play_match, run_hand, shuffled_deck
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.expr import nodes as expr
from escoba_spec.language.resolve import Resolver
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.diff import diff_variants, variant_differences
from escoba_spec.tools.diff.effects import POINTS, SEEN

from .conftest import RULES
from .engine_fixtures import kernel_rules

#: the shipped variants the kernel plays, each compared with the interpreter
FILES = [p for p in sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))
         if not unsupported(load_variant(p))]
IDS = [p.stem for p in FILES]
VARIANTS = {p: load_variant(p) for p in FILES}
INTERPRETED = {p: Interpreter(v) for p, v in VARIANTS.items()}
KERNELS = {p: kernel_rules(v) for p, v in VARIANTS.items()}

ESCOBA = load_variant(RULES / "escoba-de-15.yaml")
KINDS = st.sampled_from(["random", "greedy"])
SEEDS = st.integers(0, 2**32 - 1)


def _bots(kinds, seed: int):
    return [(GreedyBot if kind == "greedy" else RandomBot)(seed * 31 + i) for i, kind in enumerate(kinds)]


class Recording:
    """Wraps a bot and writes down every move it makes."""

    def __init__(self, bot, log: list):
        self.bot, self.log = bot, log

    def choose(self, obs, moves):
        move = self.bot.choose(obs, moves)
        self.log.append((obs.seat, move))
        return move


def _match(ruleset, kinds, seed: int, team_size: int):
    log: list = []
    match = play_match(ruleset, [Recording(b, log) for b in _bots(kinds, seed)], seed, team_size=team_size)
    return log, match


def _layout_and_bots(data, variant):
    layout = data.draw(st.sampled_from(variant.players.layouts))
    kinds = tuple(data.draw(KINDS) for _ in range(layout.players))
    return layout, kinds


# ------------------------------------------------- kernel vs interpreter


@pytest.mark.parametrize("path", FILES, ids=IDS)
@given(seed=SEEDS, data=st.data())
def test_the_kernel_plays_whole_matches_exactly_like_the_interpreter(path, seed, data):
    layout, kinds = _layout_and_bots(data, VARIANTS[path])
    log_c, kernel = _match(KERNELS[path], kinds, seed, layout.team_size)
    log_i, interpreted = _match(INTERPRETED[path], kinds, seed, layout.team_size)
    assert log_c == log_i
    assert kernel.results == interpreted.results
    assert (kernel.scores, kernel.winner, kernel.hands_played, kernel.eliminated) == (
        interpreted.scores, interpreted.winner, interpreted.hands_played, interpreted.eliminated)


def _option_variants() -> list[tuple[Path, dict[str, str]]]:
    """Every rule file with each non-default choice of each of its options."""
    out = []
    for path, variant in VARIANTS.items():
        for option in variant.options:
            out += [(path, {option.id: c}) for c in option.choices if c != option.default]
    return out


OPTION_VARIANTS = _option_variants()
_resolver = Resolver()
OPTIONED = {i: load_variant(p, o, resolver=_resolver) for i, (p, o) in enumerate(OPTION_VARIANTS)}


@given(index=st.sampled_from(range(len(OPTION_VARIANTS))), seed=SEEDS, data=st.data())
def test_the_kernel_agrees_with_the_interpreter_for_every_option_choice(index, seed, data):
    variant = OPTIONED[index]
    layout, kinds = _layout_and_bots(data, variant)
    kernel = kernel_rules(variant)
    log_c, mc = _match(kernel, kinds, seed, layout.team_size)
    log_i, mi = _match(Interpreter(variant), kinds, seed, layout.team_size)
    assert log_c == log_i and mc.results == mi.results and mc.winner == mi.winner


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_diff_finds_no_difference_between_a_kernel_and_its_interpreter(path):
    variant = VARIANTS[path]
    report = diff_variants(variant, variant, deals=25, seed=11, rulesets=(KERNELS[path], INTERPRETED[path]),
                           bots=["random"] * variant.players.layouts[-1].players)
    assert report.differences == [] and report.diverged == 0, report.first_divergence


# ------------------------------------------------- open table vs Escoba de 15


OPEN = load_variant(RULES / "open-table.yaml")


@given(seed=SEEDS, data=st.data())
def test_open_table_plays_like_escoba_for_bots_that_do_not_look_at_hidden_cards(seed, data):
    _, kinds = _layout_and_bots(data, ESCOBA)
    report = diff_variants(ESCOBA, OPEN, deals=3, seed=seed, bots=list(kinds))
    assert [d.field for d in report.differences] == ["visibility.open_hands"]
    assert report.diverged == 0, report.first_divergence


class Peeking:
    """A bot that does look at the other hands when it can see them."""

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, obs, moves):
        seen = sum(h.bit_count() * (s + 1) for s, h in enumerate(obs.hands) if h is not None and s != obs.seat)
        return moves[(seen + self.seed) % len(moves)]


def test_a_bot_that_looks_at_hidden_cards_diverges_on_the_open_table_and_it_is_explained():
    report = diff_variants(ESCOBA, OPEN, deals=20, seed=5, bots=[Peeking, Peeking])
    assert report.kinds.get("chosen move", 0) > 0
    assert report.first_divergence.explained_by == ("visibility.open_hands",)
    assert report.exit_code == 0
    assert [d.effects for d in report.differences] == [(SEEN,)]


# ------------------------------------- Comodines with no joker dealt vs Escoba


COMODINES_SET_ASIDE = load_variant(RULES / "comodines.yaml", {"stock-remainder": "set-aside"})


@given(seed=SEEDS, data=st.data())
def test_comodines_with_no_joker_dealt_plays_like_escoba(seed, data):
    """The 42-card deck in the order of the 40, jokers at the bottom: the two
    cards that fill no round (the jokers) are set aside, and nothing differs."""
    layout, kinds = _layout_and_bots(data, ESCOBA)
    escoba, comodines = Interpreter(ESCOBA), Interpreter(COMODINES_SET_ASIDE)
    order = shuffled_deck(escoba.cards.size, random.Random(seed))
    jokers = [c.index for c in comodines.cards.cards if c.joker]
    assert jokers == [40, 41]
    runs = []
    for rs, deck in ((escoba, order), (comodines, order + jokers)):
        state = HandState.deal(rs, deck, players=layout.players, team_size=layout.team_size,
                               dealer=seed % layout.players, rng=random.Random(seed))
        result = run_hand(state, _bots(kinds, seed))
        assert state.set_aside & comodines.cards.joker_mask == (comodines.cards.joker_mask if rs is comodines else 0)
        runs.append((state.history, result.piles, result.sweeps, result.captures, result.score))
    assert runs[0] == runs[1]


# ------------------------------------------ house rules that change one thing


@pytest.fixture(scope="module")
def house(tmp_path_factory) -> dict[str, object]:
    """Two house rules on top of Escoba de 15, written into a copy of the rules tree."""
    import shutil

    root = tmp_path_factory.mktemp("house") / "rules"
    shutil.copytree(RULES, root)
    files = {
        "double-escobas": "scoring:\n  rules:\n    - id: escobas\n      points: sweeps * 2\n",
        "to-31": "match:\n  target: 31\n",
    }
    out = {}
    for name, body in files.items():
        path = root / "house" / f"{name}.yaml"
        path.write_text(f"id: {name}\nextends: escoba-de-15\nname: {name}\ndescription: a test house rule\n{body}",
                        encoding="utf-8")
        out[name] = load_variant(path)
    return out


def test_a_scoring_only_house_rule_plays_identically_and_scores_differently(house):
    double = house["double-escobas"]
    (only,) = variant_differences(ESCOBA, double)
    assert only.field == "scoring.rules.escobas.points" and only.effects == (POINTS,)
    plain, doubled = Interpreter(ESCOBA), Interpreter(double)
    differed = 0
    for seed in range(40):
        kinds = ("greedy", "random")
        states = [HandState.deal(rs, seed=seed, dealer=seed % 2) for rs in (plain, doubled)]
        results = [run_hand(s, _bots(kinds, seed)) for s in states]
        assert states[0].history == states[1].history
        assert results[0].sweeps == results[1].sweeps
        extra = [b - a for a, b in zip(results[0].totals, results[1].totals)]
        assert extra == list(results[0].sweeps)  # exactly the escobas once more
        differed += any(extra)
    assert differed  # some hand had an escoba


def test_a_scoring_only_house_rule_diverges_only_in_points_and_what_follows(house):
    napola = VARIANTS[RULES / "house" / "scopa-napola.yaml"]
    for a, b in ((ESCOBA, house["double-escobas"]), (VARIANTS[RULES / "scopa.yaml"], napola)):
        report = diff_variants(a, b, deals=150, seed=4, bots=["greedy", "random"])
        assert all(set(d.effects) <= {POINTS} for d in report.differences)
        assert POINTS in report.kinds and set(report.kinds) <= {POINTS, "match end"}
        assert report.exit_code == 0


@given(seed=SEEDS, data=st.data())
def test_a_house_rule_that_changes_only_the_target_plays_identical_hands(house, seed, data):
    to31 = house["to-31"]
    layout, kinds = _layout_and_bots(data, ESCOBA)
    log21, m21 = _match(Interpreter(ESCOBA), kinds, seed, layout.team_size)
    log31, m31 = _match(Interpreter(to31), kinds, seed, layout.team_size)
    short = min(len(m21.results), len(m31.results))
    assert m21.results[:short] == m31.results[:short]
    assert log21[: len(log31)] == log31[: len(log21)]
    assert m31.hands_played >= m21.hands_played  # the same hands, more of them to reach 31


def test_diff_of_a_target_only_house_rule_sees_only_match_ends(house):
    report = diff_variants(ESCOBA, house["to-31"], deals=80, seed=8)
    assert [d.field for d in report.differences if d.effects] == ["match.target"]
    assert set(report.kinds) == {"match end"} and report.exit_code == 0


# ---------------------------------------------------------- Escopa vs Escoba


ESCOPA = load_variant(RULES / "escopa.yaml")


def _same_position(seed: int, hand: int, table: int):
    """One random two-player position, set up under Escoba and under Escopa
    (their 40 cards are matched by position: 7o is 7d)."""
    rng = random.Random(seed)
    cards = rng.sample(range(40), 2 * hand + table)
    masks = [sum(1 << c for c in cards[i * hand:(i + 1) * hand]) for i in range(2)]
    table_mask = sum(1 << c for c in cards[2 * hand:])
    return [HandState.setup(rs, masks, table_mask, dealer=1) for rs in (Interpreter(ESCOBA), Interpreter(ESCOPA))]


@given(seed=SEEDS, hand=st.integers(1, 3), table=st.integers(0, 8))
def test_every_escoba_move_is_legal_in_escopa_but_the_trails_its_obligation_forbids(seed, hand, table):
    escoba, escopa = _same_position(seed, hand, table)
    allowed = set(escopa.legal_moves())
    escopa_captures = any(m.capture for m in allowed)
    for move in escoba.legal_moves():
        if move.capture:
            assert move in allowed  # every 15 is still a capture where 15 or 30 is
        else:
            # a trail, unless Escopa's any-card obligation forbids it: another card captures
            assert move in allowed or escopa_captures


def test_the_literal_relation_fails_escopa_forbids_a_trail_escoba_allows():
    """The issue asks "every legal move of Escoba is legal in Escopa"; the
    rule files make that false for trails (Escopa: any-card obligation)."""
    escoba, escopa = (Interpreter(v) for v in (ESCOBA, ESCOPA))
    cards = escoba.cards
    states = [HandState.setup(rs, [cards.mask_of(["5o", "2c"]), cards.mask_of(["3e", "4e"])], cards.mask_of(["Ro"]),
                              dealer=1) for rs in (escoba, escopa)]
    trail = next(m for m in states[0].legal_moves() if not m.capture)
    assert cards.text(trail.card) == "2c"
    assert trail not in states[1].legal_moves()


# ---------------------------------------------------- invariants, all variants


def _bound(node, cards: int, sweep: int = 1) -> int | None:
    """An upper bound of a points expression (None when not worked out); `sweep`: the most one
    sweep counts (sweeps.weight: Seep's is 50)."""
    if isinstance(node, expr.Num):
        return node.value
    if isinstance(node, expr.Name) and node.name == "sweeps":
        return cards * sweep
    if isinstance(node, expr.Name) and node.name == "captures":
        return cards
    if isinstance(node, expr.Call) and node.function in ("count", "straight", "sum"):
        return cards * 10 if node.function == "sum" else cards
    if isinstance(node, expr.IfElse):
        parts = [_bound(node.then, cards, sweep), _bound(node.otherwise, cards, sweep)]
        return None if None in parts else max(parts)
    if isinstance(node, expr.BinOp) and node.op in ("+", "*"):
        parts = [_bound(node.left, cards, sweep), _bound(node.right, cards, sweep)]
        if None in parts:
            return None
        return parts[0] + parts[1] if node.op == "+" else parts[0] * parts[1]
    return None


def _check_points(variant, state) -> None:
    result = state.result
    rules = {r.id: r for r in variant.scoring.rules}
    # events and declarations score as often as they happen: a whole number of times their points
    repeated = {r.id: r for r in (*variant.scoring.events, *variant.declarations.rules)}
    size = state.cards.size
    # what one sweep counts at most: its weight's bound where sweeps.weight gives one
    sweep = _bound(variant.sweeps.weight, size) or 1 if variant.sweeps.weight is not None else 1
    for side, points in enumerate(result.score.points):
        assert list(points) == [r.id for r in (*rules.values(), *repeated.values()) if r.effect == "points"]
        for rid, got in points.items():
            assert got >= 0, (rid, got)
            if rid in repeated:
                fixed = repeated[rid].points
                assert not isinstance(fixed, expr.Num) or got % max(fixed.value, 1) == 0, (rid, got)
                continue
            rule = rules[rid]
            if isinstance(rule.points, expr.Num):
                # a rule whose ties split its points (ties: split) gives each of k tied sides 1/k of them
                shares = range(1, len(result.piles) + 1) if rule.shared else (1,)
                assert got == 0 or any(got * k == rule.points.value for k in shares), (rid, got)
            elif isinstance(rule.points, expr.Name) and rule.points.name == "sweeps":
                assert got in (0, result.sweeps[side]), (rid, got)
            bound = _bound(rule.points, size, sweep)
            if bound is not None:
                assert got <= bound, (rid, got, bound)
        assert sum(points.values()) == result.totals[side]
    for rule in variant.scoring.rules:  # a majority without ties goes to one side at most
        award = rule.award
        single = rule.effect == "points" and rule.points_text == "1"
        if single and isinstance(award, expr.Call) and award.function == "most" and award.ties == "none":
            assert sum(1 for p in result.score.points if p[rule.id]) <= 1, rule.id


@pytest.mark.parametrize("path", FILES, ids=IDS)
@given(seed=SEEDS, data=st.data())
def test_invariants_cards_conserved_and_points_within_the_scoring_rules(path, seed, data):
    variant = VARIANTS[path]
    layout, kinds = _layout_and_bots(data, variant)
    state = HandState.deal(KERNELS[path], seed=seed, players=layout.players, team_size=layout.team_size,
                           dealer=seed % layout.players)
    state.check_invariants()
    opening_sweeps = sum(state.sweeps)
    bots = _bots(kinds, seed)
    from escoba_spec.engine import Observation

    views = [Observation(state, s) for s in range(layout.players)]
    while not state.over:
        seat = state.to_play
        state.apply(bots[seat].choose(views[seat], state.legal_moves()))
        state.check_invariants()
    result = state.result
    held = 0  # a hand the match ended mid-way (match.check: at-once) leaves cards in hand and on the table
    for hand in state.hands:
        held |= hand
    assert result.stopped or (held == 0 and state.table == 0)
    piles = held | state.table | state.stock_mask
    for pile in result.piles:
        assert not piles & pile
        piles |= pile
    assert piles | state.set_aside == state.cards.full_mask and not piles & state.set_aside
    declared = sum(d.points for d in state.declared if d.effect == "sweeps" and d.round > 1)  # Cirulla's bonus scope
    assert sum(result.sweeps) == opening_sweeps + sum(p.sweeps for p in state.history) + declared
    _check_points(variant, state)
