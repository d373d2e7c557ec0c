"""The kernel's expert bot (templates/kernel/expert.py.j2): what of the variant it is written for.

The expert (information-set Monte Carlo tree search) and the montecarlo bot (flat Monte Carlo)
play every variant the kernel plays; what changes from one variant to another is what a seat
may see (open hands: every hand) and whether points are good (match goal reach) or bad
(avoid). Their playouts, and the steps down the expert's tree, are the kernel's own hand loop
(`play_from`), so every mechanism the kernel plays is searched alike.
"""

from __future__ import annotations

from ..language import ir

#: the kernel's bot in the expert's playouts: heuristic, the strongest of the fast bots (docs/bots.md
#: gives their strength); a playout by it costs about what a greedy one does
PLAYOUT_BOT = 2
#: the tree's exploration constant, in the reward's unit (measured: 0.3 plays worse, 0.7 to 2.0 alike,
#: docs/bots.md), and the share of the match's target a playout's point difference counts as one
#: reward (Scopa's 11 points: 4; measured against 2 and 8 points there)
EXPLORE = 0.7
REWARD_SHARE = 3


def expert_context(variant: ir.Variant) -> dict:
    """The template's values for the expert part."""
    return {"open_hands": variant.visibility.open_hands, "playout_bot": PLAYOUT_BOT, "explore": EXPLORE,
            "reward_share": REWARD_SHARE}
