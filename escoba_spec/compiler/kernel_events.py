"""The kernel's events during play (scoring.events): each event's condition and points as
kernel code, and where its points and effects go in a hand's score arrays.

An event's points go into the hand's points array P after the end-of-hand rules'
columns (POINTS_RULES' order: rules, then events), its win-match / lose-match into
the effects array E after theirs, as `engine.events.HandEvents` keeps them per
event id. An event made by capture kinds (`kinds:`) holds only when one of them
makes the play's capture (`_kind_makers`, as `KindRules.makers`): its kinds are a
mask over the kinds' indices in `Params.capture_kinds`.
"""

from __future__ import annotations

from ..engine.protocol import Params, events_name_declared, names_any, names_match
from ..language import ir
from ..language.expr.nodes import needs_bounds
from .codegen import ID_PATTERN, UnsafeValue, _comment, display_path
from .kernel_expressions import EVENT_ARGS, KernelExpressions, KernelUnsupported


def _points(node, out: KernelExpressions) -> str:
    source = out.emit_play(node)
    return f"clamp({source})" if needs_bounds(node) else source


def event_context(variant: ir.Variant, out: KernelExpressions) -> list[dict]:
    """Per event, in the file's order: its condition, points, column, and the indices of the
    events whose firing replaces it on a play (`instead_of`)."""
    events = variant.scoring.events
    kinds = {k.id: i for i, k in enumerate(Params.from_variant(variant).capture_kinds)} if events else {}
    points_column = sum(1 for r in variant.scoring.rules if r.effect == "points")
    effect_column = len(variant.scoring.rules) - points_column
    found = []
    args = event_args(variant)
    for event in events:
        if not ID_PATTERN.match(event.id):
            raise UnsafeValue(f"not a valid event id: {event.id!r}")
        if any(k not in kinds for k in event.kinds):
            raise KernelUnsupported("events made by capture kinds the capture rule does not list")
        if event.effect == "points":
            column, points_column = points_column, points_column + 1
        else:
            column, effect_column = effect_column, effect_column + 1
        found.append({
            "id": event.id, "effect": event.effect, "column": column,
            "when": out.emit_play(event.when).replace(EVENT_ARGS, args),
            "points": (out.points(event.id, event.points) or _points(event.points, out).replace(EVENT_ARGS, args))
            if event.effect == "points" else "0",
            "kinds": sum(1 << kinds[k] for k in event.kinds),
            "replaced_by": [i for i, other in enumerate(events) if event.id in other.instead_of],
            "origin_comment": _comment(f"{display_path(event.origin.file)}:{event.origin.line}"),
        })
    return found


def event_flags(variant: ir.Variant) -> dict[str, bool]:
    """What play_events is told beyond the play: the kinds' code (an event made by kinds),
    where the match stands (an event naming it), and the sides' declared hands (an event naming
    `declared`); and whether it works out `first_play` (an event naming it)."""
    events = variant.scoring.events
    return {"event_kinds": any(e.kinds for e in events),
            "event_standing": any(names_match(e.when) or names_match(e.points) for e in events),
            "event_declared": events_name_declared(variant),
            "event_first_play": any(names_any(e.when, ("first_play",)) or names_any(e.points, ("first_play",))
                                    for e in events)}


def event_args(variant: ir.Variant) -> str:
    """The names an event's any() / all() helper takes from the event function (EVENT_ARGS):
    the play's, and where the match stands, the declared hands, a stack's top card and the
    piles' tops where the event function has them."""
    flags, params = event_flags(variant), Params.from_variant(variant)
    return ", ".join([
        "sides, piles, sweeps, captures, table, played, taken, table_before, previous, previous_side, last_play, "
        "round_, last_round, first_in_round, dealer_side",
        *(["standing"] if flags["event_standing"] else []), *(["declared"] if flags["event_declared"] else []),
        *(["first_play"] if flags["event_first_play"] else []),
        *(["top_before, top_after"] if params.stack else []), *(["stolen, tops"] if params.pile_tops else [])])

