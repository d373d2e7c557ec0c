"""A side's points in a hand stay within the bounds the report reads from the rules
(tools/analyze/limits.py): every variant the kernel plays, every table it seats, hands
dealt at random and played by a mix of the fast bots. A bound a played hand passes would
be a report that play contradicts."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from escoba_spec.tools.analyze.limits import hand_limits

from .kernel_support import KERNEL_VARIANTS, SHIPPED, engines

HANDS = 150


@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_no_played_hand_scores_outside_the_rules_bounds(name):
    variant = SHIPPED[name]
    kernel, _ = engines(variant)
    for layout in variant.players.layouts:
        limits = hand_limits(variant, layout.players, layout.team_size)
        rng = random.Random(f"{name}/{layout.players}")
        seen = []
        for i in range(HANDS):
            deck = list(range(kernel.cards.size))
            rng.shuffle(deck)
            bots = [rng.choice(("random", "greedy", "heuristic")) for _ in range(layout.players)]
            hand = kernel.play_hand(deck, bots, i, team_size=layout.team_size, dealer=i % layout.players)
            seen += [sum(Fraction(x) for x in points.values()) for points in hand.result.score.points]
        assert limits["least"] is None or min(seen) >= limits["least"], (layout, min(seen), limits)
        assert limits["most"] is None or max(seen) <= limits["most"], (layout, max(seen), limits)
