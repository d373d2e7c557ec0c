"""The kernel's staged first round and bid (deal.stages, deal.packets, deal.bid; engine.staging).

The kernel deals the stages as the interpreter does, from the same deck order: the stage runner
(templates/kernel/hand.py.j2's `run_stages`) is unrolled from the rule file's list, pausing for
the bid (a move of its own: card -1, its value in the builds' row) and for plays, and keeping
where it stands in `at` (AT_STAGE and after), so an expert's position inside the stages plays on.
"""

from __future__ import annotations

from ..language import ir
from ..language.cards import CardSet
from .codegen import literal


def staging_context(variant: ir.Variant, cards: CardSet) -> dict:
    """The template's values for the staged deal (`deal_stages`: empty for a variant without one)."""
    deal = variant.deal
    bid = deal.bid
    by_value = cards.value_masks
    return {
        "deal_stages": [(s.step, s.to, s.cards) for s in deal.stages],
        "packets": literal(deal.packets),
        "bid_cards": literal(bid.cards if bid else 0),
        "bid_binds": bool(bid and bid.first_play == "bid-value"),
        # per value, the cards of that value that may be bid on
        "bid_value_masks": f"np.array({[m & (bid.cards if bid else 0) for m in by_value]!r}, dtype=np.int64)",
    }
