"""What the seeds' capture modes stand for: their capture kinds and priority step.

`mode: sum` (with `targets`) and `mode: match` (with `single_card_first`) are
the seeds' capture rules in a word; every stage that reasons in capture kinds
asks here for the kinds and steps in force. Light on purpose: the engine
imports it.
"""

from __future__ import annotations

from . import ir

#: the (id, take) of each mode's kinds, in order
MODE_KINDS = {"sum": (("target", "sum-with-played"),), "match": (("match", "equal-value"), ("sum", "sum"))}


def kinds_of(capture: ir.Capture) -> tuple[ir.CaptureKind, ...]:
    """The capture kinds in force: those the file lists, or those its mode stands for."""
    if capture.mode == "kinds":
        return capture.kinds
    return tuple(ir.CaptureKind(kid, take, ir.EVERY_CARD, "", capture.targets if take == "sum-with-played" else ())
                 for kid, take in MODE_KINDS[capture.mode])


def steps_of(capture: ir.Capture) -> tuple[ir.PriorityStep, ...]:
    """The priority steps in force: single_card_first's (one-card-first), then the file's."""
    first = (ir.PriorityStep("one-card-first"),) if capture.single_card_first else ()
    return first + capture.priority
