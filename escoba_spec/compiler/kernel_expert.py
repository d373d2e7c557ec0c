"""The kernel's expert bot (templates/kernel/expert.py.j2): what of the variant it is written for.

The expert plays every variant the kernel plays; what changes from one variant to another
is what a seat may see (open hands: every hand) and whether points are good (match goal
reach) or bad (avoid). Its playouts are the kernel's own hand loop (`play_from`).
"""

from __future__ import annotations

from ..language import ir

#: the kernel's bot in the expert's playouts: heuristic, the strongest of the fast bots (docs/bots.md
#: gives their strength); a playout by it costs about what a greedy one does
PLAYOUT_BOT = 2


def expert_context(variant: ir.Variant) -> dict:
    """The template's values for the expert part."""
    return {"open_hands": variant.visibility.open_hands, "playout_bot": PLAYOUT_BOT}
