"""The entry of `diff`: the stated differences of two variants, and their play compared."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine import Bot, RuleSet, interpreter
from ...language import ir
from ...language.cards import CardSet
from ..seats import DIFF_BOT_NAMES
from ..setup import BOTS as ALL_BOTS
from .differences import layouts_text, table_key, variant_differences
from .lockstep import Lockstep
from .report import DiffReport

BotSpec = str | Callable[[int], Bot]
#: the bots diff plays with: the seeded, memoryless ones (the heuristic bot learns
#: the capture rule as it plays, so the same seat would play two variants differently)
BOTS: dict[str, Callable[[int], Bot]] = {name: ALL_BOTS[name] for name in DIFF_BOT_NAMES}


def diff_variants(
    a: ir.Variant,
    b: ir.Variant,
    deals: int = 200,
    seed: int = 0,
    bots: Sequence[BotSpec] | None = None,
    *,
    rulesets: tuple[RuleSet, RuleSet] | None = None,
    progress: Callable[[int], None] | None = None,
) -> DiffReport:
    """The stated differences of `a` and `b`, and `deals` seeded deals played
    under both by `bots` (names from BOTS or factories `seed -> Bot`, one per
    seat; default: greedy bots at the first table both allow). `rulesets`
    plays other RuleSets than the interpreters (e.g. a kernel against
    the interpreter of the same variant, where any divergence is unexplained).
    `progress(done)` is told after each deal (the studio's job counts, and stops, with it).
    Raises ValueError when the bots do not fit a table both variants allow."""
    names = (a.id, b.id) if a.id != b.id else (f"{a.id} (A)", f"{b.id} (B)")
    differences = variant_differences(a, b, names)
    layout = _layout(a, b, len(bots) if bots else None)
    if bots is None and layout is not None:
        bots = ["greedy"] * layout.players
    bot_names = tuple(s if isinstance(s, str) else getattr(s, "__name__", "bot") for s in bots or ())
    makers = [_bot_maker(s) for s in bots or ()]
    if rulesets is None:
        rulesets = (interpreter.Interpreter(a), interpreter.Interpreter(b))
    comparable = _same_cards(rulesets[0].cards, rulesets[1].cards)
    report = DiffReport(names[0], names[1], (a.file, b.file), differences, deals if layout else 0, seed, bot_names,
                        layout.players if layout else None, layout.team_size if layout else None, comparable)
    if layout is None:
        report.notes.append("no table layout is allowed by both variants: no deal was played")
        return report
    if not comparable:
        report.notes.append(f"the decks are not the same cards ({rulesets[0].cards.size} in {names[0]}, "
                            f"{rulesets[1].cards.size} in {names[1]}): deals cannot be compared card by card; "
                            "each deal is played with the same seed under both")
    elif a.deck.preset != b.deck.preset:
        ca, cb = rulesets[0].cards, rulesets[1].cards
        report.notes.append(f"cards are matched by position: {ca.text(0)} {ca.text(1)} ... {ca.text(ca.size - 1)} "
                            f"in {names[0]} are {cb.text(0)} {cb.text(1)} ... {cb.text(cb.size - 1)} in {names[1]}")
    Lockstep(report, rulesets, names, makers, layout, differences).run(progress)
    return report


def _bot_maker(spec: BotSpec) -> Callable[[int], Bot]:
    if callable(spec):
        return spec
    if spec not in BOTS:
        raise ValueError(f"unknown bot '{spec}' (bots: {', '.join(sorted(BOTS))})")
    return BOTS[spec]


def _layout(a: ir.Variant, b: ir.Variant, players: int | None) -> ir.Layout | None:
    """The first table of `a` that `b` allows too (with `players` seats if given)."""
    theirs = {table_key(lay) for lay in b.players.layouts}  # the same seats and teams, whatever each deals
    common = [lay for lay in a.players.layouts if table_key(lay) in theirs]
    if players is None:
        return common[0] if common else None
    for lay in common:
        if lay.players == players:
            return lay
    raise ValueError(f"{players} bots: {players} players is not a table both variants allow "
                     f"({a.id}: {layouts_text(a.players.layouts)}; {b.id}: {layouts_text(b.players.layouts)})")


def _same_cards(ca: CardSet, cb: CardSet) -> bool:
    """The same cards dealt in the same places (names aside; a declared wild card's readings, never
    dealt, aside too): deals compare card by card."""
    return ([(c.suit, c.rank, c.joker) for c in ca.cards[:ca.size]]
            == [(c.suit, c.rank, c.joker) for c in cb.cards[:cb.size]])
