"""What the IR implies beyond what it says: the capture kinds a mode stands for, each table's deal.

`mode: sum` (with `targets`) and `mode: match` (with `single_card_first`) are
the seeds' capture rules in a word; every stage that reasons in capture kinds
asks here for the kinds and steps in force. A table deals the deal's hand
size and table cards unless its layout gives its own, and `hand_size: all`
means the whole deck in one round. Light on purpose: the engine imports it.
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


def table_deal(deal: ir.Deal, layout: ir.Layout, size: int) -> tuple[int, int]:
    """(hand size, table cards) of one table of a deck of `size` cards: its own or the
    deal's, `all` (0) worked out as every card left after the table, shared out."""
    table = deal.table_cards if layout.table_cards is None else layout.table_cards
    hand = deal.hand_size if layout.hand_size is None else layout.hand_size
    if hand == 0:
        hand = max(0, size - table) // layout.players
    return hand, table


def table_first_lead(deal: ir.Deal, layout: ir.Layout) -> tuple[int, str]:
    """(mask, predicate text) of the cards the first player of one table may not lead on a
    hand's first play: its own (players.layouts[].first_lead) or the deal's; (0, "") none."""
    if layout.first_lead is not None:
        return layout.first_lead, layout.first_lead_text
    return deal.first_lead_not, deal.first_lead_text
