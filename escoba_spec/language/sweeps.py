"""Stage 4, sweeps: the `sweeps` section -> `ir.Sweeps`, with the checks of a sweep's weight.

A sweep adds 1 to its side's `sweeps` (with `weight_by_target`, its multiple of the lowest
target: a 30-sweep adds 2). `weight` says what it adds instead, by the play that cleared the
table: a number expression in the sweep scope (`expr.env.SWEEP_VARIABLES`: the card played,
the table it took, the play before, the hand's first and last play, the round), times that
multiple. Seep's sweep is 50, 25 on the hand's first play and 0 on its last:
`0 if last_play else 25 if first_play else 50`. A weight is a count, so it may never come out
below 0, and it is held to MAX_WEIGHT (the schema's largest number of points), so that a hand's
sweeps stay far inside what both engines count exactly.
"""

from __future__ import annotations

from typing import Any

from . import ir
from .cards import CardSet
from .expr.bounds import bound
from .expr.env import Env
from .expr.nodes import Name, children, may_be_negative

DEFAULTS: dict[str, Any] = {"enabled": True, "weight_by_target": False, "not_on_last_play": False,
                            "not_with_joker": False, "weight": None}
#: the most one sweep may add to the count (before its target multiple)
MAX_WEIGHT = 1000


def build_sweeps(b, cards: CardSet | None) -> ir.Sweeps:
    """Entry point: the sweeps section, its weight compiled in the sweep scope and checked."""
    spec = b.section("sweeps")
    s = b.with_defaults(spec, DEFAULTS)
    weight, text = None, ""
    if s["weight"] is not None:
        raw = s["weight"]
        text = str(raw)
        env = Env.from_cardset(cards) if cards is not None else None
        weight = b.compile_expression("sweeps.weight", text, "num", env, literal=not isinstance(raw, str), scope="sweep")
        if weight is not None:
            _check_weight(b, s, weight)
    return ir.Sweeps(bool(s["enabled"]), bool(s["weight_by_target"]), bool(s["not_on_last_play"]),
                     bool(s["not_with_joker"]), b.sources(spec, "sweeps"), weight, text)


def _check_weight(b, s: dict, weight) -> None:
    """A weight below 0, one past MAX_WEIGHT, one that asks about the last play when the last play
    never sweeps, and one of sweeps that never count."""
    if may_be_negative(weight):
        b.error("sweeps.weight", "negative-sweep-weight", "a sweep's weight can come out below 0: it is what the "
                "sweep adds to its side's sweeps, a count", "write it without a minus, e.g. "
                "0 if last_play else 25 if first_play else 50; to take points away, use a scoring rule")
    elif bound(weight) > MAX_WEIGHT:
        b.error("sweeps.weight", "sweep-weight-too-large", f"a sweep's weight can reach about {bound(weight)} (a "
                f"count of cards taken as up to 256), more than {MAX_WEIGHT}",
                f"a sweep adds at most {MAX_WEIGHT} to the count: use smaller numbers")
    if s["not_on_last_play"] and _names(weight, "last_play"):
        b.error("sweeps.weight", "sweep-weight-last-play", "the weight asks whether the sweep is on the last play, "
                "but not_on_last_play makes no sweep there: last_play is never true in it",
                "set not_on_last_play: false and say the last play's worth in the weight (0 if last_play else ...), "
                "or leave last_play out")
    if not s["enabled"]:
        b.error("sweeps.weight", "sweep-weight-unused", "sweeps.enabled is false, so no sweep is made and the "
                "weight is never asked", "remove weight, or set enabled: true", severity="warning")


def _names(node, name: str) -> bool:
    """Whether the expression names `name`."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Name) and current.name == name and current.value is None:
            return True
        stack.extend(children(current))
    return False
