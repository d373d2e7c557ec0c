"""The kernel's capture kinds as data: what `templates/kernel/kinds.py.j2` enumerates.

A variant whose capture rule the seeds' fast path cannot play (listed kinds, a
priority, valueless cards, jokers, cards of several values) gets its kinds,
priority steps and per-card facts (each card's values) written out as int64
arrays; the kernel then computes the captures as `engine.kinds.KindRules`
does. The seeds' two modes with jokers are played the same way, as the kinds their mode stands for (`derive.kinds_of`),
which give the same captures as `captures.sum_options` / `match_options`.
"""

from __future__ import annotations

from ..engine.protocol import Kind, Params
from ..language import ir
from ..language.cards import CardSet
from ..language.derive import kinds_of, steps_of

TAKES = ("equal-rank", "equal-value", "sum", "sum-with-played", "whole-table")
STEPS = ("prefer", "one-card-first", "fewest-cards", "most-cards", "sweep")
FROM = ("table", "other-piles", "next-pile")


def needs_kinds(variant: ir.Variant) -> bool:
    """Whether the kernel plays the variant's captures with the kinds' code (else the fast path)."""
    cards = CardSet(variant.deck)
    return bool(Params.from_variant(variant).capture_kinds or cards.choice_mask or cards.valueless_mask)


def _array(rows) -> str:
    return f"np.array({rows!r}, dtype=np.int64)"


def _padded(rows: list[list[int]]) -> list[list[int]]:
    width = max(1, max((len(r) for r in rows), default=1))
    return [r + [-1] * (width - len(r)) for r in rows]


def kinds_tables(variant: ir.Variant) -> dict[str, str]:
    """The kinds' module-level arrays (name -> numpy source), empty for the fast path."""
    if not needs_kinds(variant):
        return {"_UNSUMMED": "0", "_KEEP": "0"}
    cards = CardSet(variant.deck)
    params = Params.from_variant(variant)
    full = (1 << len(cards.cards)) - 1  # the deck, and the readings of a declared wild card (CardSet.named)
    kinds = params.capture_kinds or tuple(Kind.from_ir(k) for k in kinds_of(variant.capture))
    steps = params.capture_priority if params.capture_kinds else tuple(
        (s.rule, s.kinds) for s in steps_of(variant.capture))
    index = {k.id: i for i, k in enumerate(kinds)}
    if len(kinds) > 62:
        raise ValueError("more than 62 capture kinds")
    joker_mask = cards.joker_mask
    played = [list(values) for values in cards.choices]
    ranks = [c.rank for c in cards.cards]
    top = max(ranks, default=0) + 2
    by_rank = [sum(1 << c for c, r in enumerate(ranks) if r == rank) & ~joker_mask if rank else 0
               for rank in range(top)]

    def mask_of(named) -> int:
        return sum(1 << index[k] for k in named if k in index)

    rules = [(rule, named) for rule, named in steps if rule != "always"]
    return {
        "_UNSUMMED": str(cards.unsummed_mask),
        "_KEEP": str(params.keep_mask),
        "_JOKERS": str(joker_mask),
        "_CHOICE": str(cards.choice_mask),
        "_VALUELESS": str(cards.valueless_mask),
        "_RANKS": _array(ranks),
        "_BY_RANK": _array(by_rank),
        "_RANK_ALL": _array([sum(1 << c for c, r in enumerate(ranks) if r == rank) if rank else 0
                             for rank in range(top)]),
        "_PLAYED": _array(_padded(played or [[0]])),
        "_KIND_TAKE": _array([TAKES.index(k.take) for k in kinds]),
        "_KIND_CARDS": _array([(full if k.cards == ir.EVERY_CARD else k.cards & full) for k in kinds]),
        "_KIND_TARGETS": _array(_padded([list(k.targets) for k in kinds])),
        "_KIND_LOW": _array([min(k.targets) if k.targets else 1 for k in kinds]),
        # 1: sets many, 2: sets all, 3: sets maximal
        "_KIND_MANY": _array([2 if k.every else 3 if k.maximal else int(k.many) for k in kinds]),
        "_KIND_RUN": _array([int(k.run) for k in kinds]),
        "_KIND_UNLESS": _array([int(k.unless_rank_on_table) for k in kinds]),
        "_KIND_FROM": _array([FROM.index(k.from_zone) for k in kinds]),
        "_KEEP_KINDS": str(sum(1 << i for i, k in enumerate(kinds) if k.take == "whole-table" and k.keep)),
        "_SWEEP_KINDS": str(sum(1 << i for i, k in enumerate(kinds) if k.sweep)),
        "_STEP_RULE": _array([STEPS.index(rule) for rule, _ in rules] or [-1]),
        "_STEP_KINDS": _array([mask_of(named) for _, named in rules] or [0]),
        "_STEP_COUNT": str(len(rules)),
        "_ALWAYS": str(mask_of(k for rule, named in steps if rule == "always" for k in named)),
    }
