"""The kernel's events during play (scoring.events): each event's condition and points as
kernel code, and where its points and effects go in a hand's score arrays.

An event's points go into the hand's points array P after the end-of-hand rules'
columns (POINTS_RULES' order: rules, then events), its win-match / lose-match into
the effects array E after theirs, as `engine.events.HandEvents` keeps them per
event id. Capture kinds (`kinds:`) are not in the kernel yet: such an event is
named by `unsupported`.
"""

from __future__ import annotations

from ..language import ir
from ..language.expr.nodes import needs_bounds
from .codegen import ID_PATTERN, UnsafeValue, _comment, display_path
from .kernel_expressions import KernelExpressions, KernelUnsupported


def _points(node, out: KernelExpressions) -> str:
    source = out.emit_play(node)
    return f"clamp({source})" if needs_bounds(node) else source


def event_context(variant: ir.Variant, out: KernelExpressions) -> list[dict]:
    """Per event, in the file's order: its condition, points, column, and the indices of the
    events whose firing replaces it on a play (`instead_of`)."""
    events = variant.scoring.events
    points_column = sum(1 for r in variant.scoring.rules if r.effect == "points")
    effect_column = len(variant.scoring.rules) - points_column
    found = []
    for event in events:
        if not ID_PATTERN.match(event.id):
            raise UnsafeValue(f"not a valid event id: {event.id!r}")
        if event.kinds:
            raise KernelUnsupported("events made by capture kinds (kinds:)")
        if event.effect == "points":
            column, points_column = points_column, points_column + 1
        else:
            column, effect_column = effect_column, effect_column + 1
        found.append({
            "id": event.id, "effect": event.effect, "column": column,
            "when": out.emit_play(event.when),
            "points": _points(event.points, out) if event.effect == "points" else "0",
            "replaced_by": [i for i, other in enumerate(events) if event.id in other.instead_of],
            "origin_comment": _comment(f"{display_path(event.origin.file)}:{event.origin.line}"),
        })
    return found
