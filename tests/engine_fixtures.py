"""Hand-built IR for the engine tests: Escoba de 15 and Scopa, as the rule
files and seeds say, without going through the YAML loader.

Scoring rules carry expression trees from `escoba_spec.language.expr`;
`reference_score` scores the same rules in plain Python, so the
engine can be tested on its own and the interpreter's scoring checked
against an independent implementation.
"""

from __future__ import annotations

from dataclasses import replace

from escoba_spec.engine import HandScore
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.records import HandResult
from escoba_spec.language import ir
from escoba_spec.language.cards import CardSet, no_jokers, preset_ranks, preset_suits
from escoba_spec.language.expr.check import compile_expression
from escoba_spec.language.expr.env import Env

HERE = ir.Origin("tests/engine_fixtures.py", 1, 1, "")



def _compile(text: str, expected: str, env):
    node, problems = compile_expression(text, expected, env)
    if problems:
        raise AssertionError(f"{text!r}: {problems}")
    return node


def _rules(deck: ir.Deck, ties: str, specs) -> ir.Scoring:
    env = Env.from_cardset(CardSet(deck), ties)
    rules = tuple(
        ir.ScoringRule(
            id=rid,
            name=name,
            award=_compile(award, "bool", env),
            points=_compile(points, "num", env),
            effect=effect,
            award_text=award,
            points_text=points,
            origin=HERE,
        )
        for rid, name, award, points, effect in specs
    )
    return ir.Scoring(ties, rules)


def escoba_de_15(
    *,
    jokers: ir.Jokers | None = None,
    ties: str = "none",
    layouts=((2, 1), (3, 1), (4, 2)),
    target: int = 21,
    extra_rules=(),
) -> ir.Variant:
    """rules/escoba-de-15.yaml, field by field (defaults as the build stage fills them);
    `extra_rules` appends (id, name, award, points, effect) scoring rules."""
    deck = ir.Deck("spanish-40", preset_suits("spanish-40"), preset_ranks("spanish-40"), "oros", jokers or no_jokers())
    scoring = _rules(
        deck,
        ties,
        [
            ("most-cards", "Most cards", "most(count(pile))", "1", "points"),
            ("most-oros", "Most oros", "most(count(pile, suit == oros))", "1", "points"),
            ("siete-de-velo", "Seven of oros", "has(pile, 7 of oros)", "1", "points"),
            ("setenta", "Setenta", "most(primiera(pile), eligible: suits(pile) == 4)", "1", "points"),
            ("escobas", "Each escoba", "sweeps > 0", "sweeps", "points"),
            *extra_rules,
        ],
    )
    return ir.Variant(
        id="escoba-de-15",
        name="Escoba de 15",
        description="",
        file="rules/escoba-de-15.yaml",
        sha256="",
        extends=(),
        deck=deck,
        players=ir.Players(tuple(ir.Layout(p, t) for p, t in layouts), "counterclockwise"),
        deal=ir.Deal(
            hand_size=3,
            table_cards=4,
            first_player="after-dealer",
            dealer_rotation="next",
            round_dealer="same",
            stock_remainder="none",
            opening=ir.OpeningTable("contains-capture", (1,), False, "set-aside", "dealer", False),
        ),
        capture=ir.Capture("sum", (15,), False, "played-card", False),
        sweeps=ir.Sweeps(True, False, False, False),
        end_of_deal=ir.EndOfDeal("last-capturer", False, None, None),
        scoring=scoring,
        match=ir.Match(target, "higher-wins", "another-hand"),
        visibility=ir.Visibility(False),
    )


def scopa(*, preset: str = "french-40") -> ir.Variant:
    """Scopa as seed 002 says (rules/scopa.yaml), read with the French deck of
    its worked example: diamonds are the scoring suit, J=8, Q=9, K=10."""
    suit = {"french-40": "diamonds", "italian-40": "denari", "spanish-40": "oros"}[preset]
    deck = ir.Deck(preset, preset_suits(preset), preset_ranks(preset), suit, no_jokers())
    scoring = _rules(
        deck,
        "none",
        [
            ("most-cards", "Most cards", "most(count(pile))", "1", "points"),
            ("most-denari", "Most denari", f"most(count(pile, suit == {suit}))", "1", "points"),
            ("settebello", "Settebello", f"has(pile, 7 of {suit})", "1", "points"),
            ("primiera", "Primiera", "most(primiera(pile), eligible: suits(pile) == 4)", "1", "points"),
            ("scope", "Each scopa", "sweeps > 0", "sweeps", "points"),
        ],
    )
    return ir.Variant(
        id="scopa",
        name="Scopa",
        description="",
        file="rules/scopa.yaml",
        sha256="",
        extends=(),
        deck=deck,
        players=ir.Players((ir.Layout(2),), "clockwise"),
        deal=ir.Deal(
            3, 4, "after-dealer", "next", "same", "none", ir.OpeningTable("never", (1,), False, "play-on", "dealer", False)
        ),
        capture=ir.Capture("match", (15,), True, "played-card", False),
        sweeps=ir.Sweeps(True, False, True, False),
        end_of_deal=ir.EndOfDeal("last-capturer", False, None, None),
        scoring=scoring,
        match=ir.Match(11, "higher-wins", "another-hand"),
        visibility=ir.Visibility(False),
    )


def variant_with(variant: ir.Variant, **sections) -> ir.Variant:
    """A copy with some sections' fields replaced: variant_with(v, capture={'targets': (15, 30)})."""
    changes = {}
    for name, fields in sections.items():
        if isinstance(fields, dict):
            changes[name] = replace(getattr(variant, name), **fields)
        else:
            changes[name] = fields
    return replace(variant, **changes)


def with_opening(variant: ir.Variant, **fields) -> ir.Variant:
    return replace(variant, deal=replace(variant.deal, opening=replace(variant.deal.opening, **fields)))


# ----------------------------------------------------------- reference scoring


def _most(values: list[int], side: int, eligible: list[bool], ties: str) -> bool:
    if not eligible[side]:
        return False
    mine = values[side]
    others = [v for s, v in enumerate(values) if s != side and eligible[s]]
    if ties == "all":
        return all(mine >= v for v in others)
    return all(mine > v for v in others)


def _primiera(cards: CardSet, pile: int) -> int:
    best: dict[int, int] = {}
    for i in cards.indices(pile):
        c = cards.cards[i]
        if not c.joker:
            best[c.suit] = max(best.get(c.suit, 0), c.primiera)
    return sum(best.values())


def reference_score(variant: ir.Variant, piles, sweeps, captures) -> HandScore:
    """The five classic categories (Escoba de 15 / Scopa) scored in plain Python."""
    cards = CardSet(variant.deck)
    ties = variant.scoring.ties
    n = len(piles)
    suit = [s.name for s in variant.deck.suits].index(variant.deck.scoring_suit)
    seven = cards.cards[suit * len(variant.deck.ranks) + 6].index
    counts = [p.bit_count() for p in piles]
    suited = [(p & cards.suit_masks[suit]).bit_count() for p in piles]
    prim = [_primiera(cards, p) for p in piles]
    full = [all(p & m for m in cards.suit_masks) for p in piles]
    yes = [True] * n
    ids = [r.id for r in variant.scoring.rules]
    points = []
    for s in range(n):
        got = [
            int(_most(counts, s, yes, ties)),
            int(_most(suited, s, yes, ties)),
            int(bool(piles[s] >> seven & 1)),
            int(_most(prim, s, full, ties)),
            sweeps[s],
        ]
        points.append(dict(zip(ids, got)))
    return HandScore(tuple(points))


class ReferenceRules(Interpreter):
    """The interpreter with scoring done by `reference_score` (no expressions)."""

    def score_hand(self, piles, sweeps, captures) -> HandScore:
        return reference_score(self.variant, piles, sweeps, captures)


def ruleset(variant: ir.Variant):
    """The real interpreter of a hand-built variant."""
    return Interpreter(variant)


# ------------------------------------------------------------------- positions


def deck_order(cards: CardSet, hands, table=(), *, dealer: int = 0, later=(), rest=None) -> list[int]:
    """A deck order dealing exactly these cards: `hands[seat]` in the first
    round, `table` face up after it, `later[r][seat]` in the following rounds,
    then `rest` (default: every other card in index order)."""
    n = len(hands)
    first = (dealer + 1) % n
    texts: list[str] = []
    for i in range(n):
        texts += hands[(first + i) % n]
    texts += list(table)
    for rnd in later:
        for i in range(n):
            texts += rnd[(first + i) % n]
    if rest is not None:
        texts += list(rest)
    order = [cards.parse(t) for t in texts]
    if len(set(order)) != len(order):
        raise AssertionError(f"a card is dealt twice in {texts}")
    taken = set(order)
    return order + [c for c in range(cards.size) if c not in taken]


def position(rs, hands, table=(), stock=(), **kwargs):
    """HandState.setup with cards as text: hands is one list of texts per seat;
    the dealer defaults to the last seat, so seat 0 plays first."""
    from escoba_spec.engine import HandState

    kwargs.setdefault("dealer", len(hands) - 1)
    cards = rs.cards
    return HandState.setup(
        rs,
        [cards.mask_of(h) for h in hands],
        cards.mask_of(table),
        [cards.parse(t) for t in stock],
        **kwargs,
    )


def texts(cards: CardSet, masks) -> list[str]:
    return ["+".join(cards.texts(m)) for m in masks]


def moves_text(state) -> list[str]:
    from escoba_spec.engine import format_move

    return [format_move(m, state.cards) for m in state.legal_moves()]


def play(state, text: str):
    """Apply a move given as text, checking it is legal first."""
    from escoba_spec.engine import parse_move

    move = parse_move(text, state.cards)
    reasons = state.explain_illegal(move)
    assert not reasons, f"{text}: {reasons} (legal: {moves_text(state)})"
    return state.apply(move)


def legal(state) -> set:
    """The legal moves as a set, to compare with `as_moves`."""
    return set(state.legal_moves())


def as_moves(state, move_texts) -> set:
    """Moves from text, whatever order the captured cards are written in."""
    from escoba_spec.engine import parse_move

    return {parse_move(t, state.cards) for t in move_texts}


# ------------------------------------------------------- variants written here


def house_variants(tmp_path_factory, folder: str, texts: dict[str, str]) -> dict[str, ir.Variant]:
    """Each text written as rules/<name>.yaml into a fresh copy of the shipped rules tree
    (so it may extend a shipped variant), loaded."""
    import shutil

    from escoba_spec.language.validate import load_variant

    from .conftest import RULES

    rules = tmp_path_factory.mktemp(folder) / "rules"
    shutil.copytree(RULES, rules)
    out = {}
    for name, text in texts.items():
        path = rules / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        out[name] = load_variant(path)
    return out


def finished_hand(*points, effects=()) -> HandResult:
    """A finished hand that gave each side these points (under one rule id), for MatchState tests."""
    score = HandScore(tuple({"points": p} for p in points), tuple(effects))
    n = len(points)
    return HandResult(score, (0,) * n, (0,) * n, (0,) * n, 0, None, 0, None)


def captures_text(rs, card: str, table: list[str]) -> list[str]:
    """The captures of `card` on `table`, each as its cards' texts sorted, in sorted order (so a
    position reads as its source writes it, whatever the deck's card order)."""
    from escoba_spec.engine.captures import build_sums

    cards = rs.cards
    mask = cards.mask_of(table)
    sums = build_sums(cards.values, mask & ~cards.unsummed_mask, rs.params.sums_limit)
    found = rs.capture_options(cards.parse(card), mask, sums)
    return sorted("+".join(sorted(cards.texts(m))) for m in found)


def kernel_rules(variant: ir.Variant):
    """The variant's kernel as a RuleSet, run as plain Python: the code numba compiles, without
    the compile (seconds a variant); test_kernel_* play the same on machine code."""
    from escoba_spec.compiler.kernels import load_kernel

    return load_kernel(variant, native=False).ruleset()


def both_engines(variant: ir.Variant) -> list:
    """The interpreter and the kernel of one variant."""
    return [Interpreter(variant), kernel_rules(variant)]


def rulebook_leaks(variant: ir.Variant) -> dict[str, list[str]]:
    """Per language, the placeholders or catalogue keys the variant's Markdown rulebook leaves
    in its prose (none is the answer wanted); the example's replay data, an HTML comment, is
    not prose."""
    import re

    from escoba_spec.tools.rulebook import LANGS, render_rulebook
    from escoba_spec.tools.rulebook.coverage import leaks

    found = {}
    for lang in LANGS:
        prose = re.sub(r"<!--.*?-->", "", render_rulebook(variant, lang, "md"), flags=re.S)
        if leaks(prose):
            found[lang] = leaks(prose)
    return found
