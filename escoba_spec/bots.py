"""Bots: players that see only an `Observation` and pick among legal moves.

Each is deterministic for its seed (ties are broken by its own RNG), so a
match between bots is reproducible, and the same seeded bots under two
variants make the comparisons of `diff` meaningful.
"""

from __future__ import annotations

import random

from .cards import CardSet
from .engine import Move, Observation


class RandomBot:
    """Uniform over the legal moves."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        # random() * n rather than randrange(n): uniform to 2**-53 and an order
        # of magnitude cheaper, which shows in millions of playouts
        return moves[int(self._random() * len(moves))]


def scoring_seven(cards: CardSet) -> int:
    """The mask of the 7 of the scoring suit (the settebello / siete de velo), 0 if none."""
    deck = cards.deck
    names = [s.name for s in deck.suits]
    if deck.scoring_suit not in names:
        return 0
    suit = names.index(deck.scoring_suit)
    for c in cards.cards:
        if c.suit == suit and c.rank == 7:
            return 1 << c.index
    return 0


class GreedyBot:
    """Takes the biggest capture — sweeps first, then one taking the 7 of the
    scoring suit, then the most cards; with no capture, trails its
    lowest-value card (a joker counts as the highest)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._seven: dict[int, int] = {}

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        cards = obs.cards
        seven = self._seven.get(id(cards))
        if seven is None:
            seven = self._seven[id(cards)] = scoring_seven(cards)
        table = obs.table
        best: list[Move] = []
        best_key = None
        for move in moves:
            card, capture, claim = move
            if capture or claim:
                taken = capture | claim | 1 << card
                key = (
                    1,
                    int(bool(capture) and not table & ~(capture | claim)),
                    int(bool(taken & seven)),
                    (capture | claim).bit_count(),
                )
            else:
                value = cards.values[card] if not cards.cards[card].joker else 1000
                key = (0, 0, 0, -value)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
