"""The kernel's declarations (`declarations`): each one's condition and points as kernel code over
a dealt hand, and where its points, sweeps or win go in a hand's score arrays.

A declaration's points go into the hand's points array P after the rules' and the events'
columns (POINTS_RULES' order: rules, events, declarations, as `Params.points_rules`), a
win-match into the effects array E after theirs, and a declaration of sweeps into the side's
sweeps, as `engine.events.HandEvents._declare` keeps them, and into a column of P after all
the points columns (SWEEP_DECLARATIONS' order), which no score adds up. The wild card is tried as every
card it may stand for, in `templates/kernel/declarations.py.j2`.
"""

from __future__ import annotations

from ..language import ir
from ..language.expr.nodes import needs_bounds
from .codegen import ID_PATTERN, UnsafeValue, _comment, display_path
from .kernel_expressions import KernelExpressions


def _points(node, out: KernelExpressions) -> str:
    source = out.emit_hand(node)
    return f"clamp({source})" if needs_bounds(node) else source


def declaration_context(variant: ir.Variant, out: KernelExpressions) -> dict | None:
    """What the declarations' template needs (None: the variant declares nothing): per
    declaration in the file's order its condition, points, effect and column; the check, the
    keep rule and the wild card."""
    spec = variant.declarations
    if not spec.rules:
        return None
    scored = (*variant.scoring.rules, *variant.scoring.events)
    points_column = sum(1 for r in scored if r.effect == "points")
    effect_column = len(scored) - points_column
    # a declaration of sweeps keeps what it scored in a column after every points column, which
    # no score adds up: simulate counts those sweeps apart from the sweeps of play
    sweeps_column = points_column + sum(1 for d in spec.rules if d.effect == "points")
    rules = []
    for d in spec.rules:
        if not ID_PATTERN.match(d.id):
            raise UnsafeValue(f"not a valid declaration id: {d.id!r}")
        if d.effect == "points":
            column, points_column = points_column, points_column + 1
        elif d.effect == "win-match":
            column, effect_column = effect_column, effect_column + 1
        else:
            column, sweeps_column = sweeps_column, sweeps_column + 1
        rules.append({
            "id": d.id, "effect": d.effect, "column": column,
            "when": out.emit_hand(d.when),
            "points": _points(d.points, out),
            "origin_comment": _comment(f"{display_path(d.origin.file)}:{d.origin.line}"),
        })
    return {"rules": rules, "check": spec.check, "keep": spec.keep, "wild": spec.wild,
            "wins": [i for i, d in enumerate(spec.rules) if d.effect == "win-match"]}
