"""The kernel's builds (templates/kernel/builds.py.j2): what of `capture.builds` it is written for.

The kernel plays builds as the interpreter does (engine.builds), with the rest of the variant's
capture rule; it says so where a variant joins builds to something it does not play with them yet.
"""

from __future__ import annotations

from ..engine.protocol import Params
from ..language import ir
from ..language.cards import CardSet
from .codegen import literal


def builds_unsupported(variant: ir.Variant, cards: CardSet, params: Params) -> list[tuple[str, bool]]:
    """(reason, applies) for what the kernel does not play together with builds yet."""
    if variant.capture.builds is None:
        return []
    return [
        ("builds with the obligation as steps (capture.obligation listed)", bool(variant.capture.obligations)),
        ("builds with jokers or cards of several values", bool(cards.choice_mask or cards.joker_mask)),
        ("builds with a wild card that plays as declared", cards.named >= 0),
        ("builds with a kind that takes a pile", any(k.from_zone != "table" for k in params.capture_kinds)),
    ]


def builds_context(variant: ir.Variant, cards: CardSet, params: Params) -> dict:
    """The template's values for the builds part (`builds`: False for a variant without them)."""
    spec = variant.capture.builds
    if spec is None:
        return {"builds": False}
    by_value = cards.value_masks
    masks = [by_value[v] if v < len(by_value) else 0 for v in range(spec.highest + 1)]
    return {
        "builds": True,
        "build_lowest": literal(spec.lowest),
        "build_highest": literal(spec.highest),
        "build_hold": spec.hold,
        "build_raise": spec.raise_ == "single",
        "build_raise_with_table": spec.raise_with_table,
        "build_raise_own": spec.raise_own,
        "build_no_trail": "no-trail" in spec.duties,
        "build_keep_card": "keep-card" in spec.duties,
        # a capture may take several sets: a build is one more (else a build is taken alone)
        "build_many": any(k.many or k.every for k in params.capture_kinds),
        # a capture takes as many sets as it can (sets: maximal): every build of its value with it
        "build_all": any(k.maximal for k in params.capture_kinds),
        "build_value_masks": f"np.array({masks!r}, dtype=np.int64)",
        "build_per_value_one": spec.per_value == "one",
        "build_absorb": spec.absorb,
        "build_owners_shared": spec.owners == "shared",
    }
