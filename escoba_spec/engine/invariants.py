"""What must hold of a hand at every moment: each card in one place, the table's index current.

A part of `HandState` (mixed in), asked by tests and by anything that wants
to check a position it built: `places()` names where every card is,
`check_invariants()` raises `EngineError` when a card is in two places or
none, or when the table's subset-sum index does not match the table.
"""

from __future__ import annotations

from .captures import bits, sums_add
from .errors import EngineError


class HandInvariants:
    """The invariants of one hand (mixed into HandState, which holds the fields)."""

    __slots__ = ()

    def places(self) -> dict[str, int]:
        """Every place a card can be, as masks (for invariant checks and display)."""
        out = {"stock": self.stock_mask, "table": self.table, "face_down": self.down, "set_aside": self.set_aside}
        for seat, hand in enumerate(self.hands):
            out[f"hand{seat}"] = hand
        for side, pile in enumerate(self.piles):
            out[f"pile{side}"] = pile
        return out

    def check_invariants(self) -> None:
        """Raise EngineError unless every card is in exactly one place."""
        seen = 0
        for name, mask in self.places().items():
            mask = self.cards.real(mask)  # a reading of the declared wild card is the card itself
            if seen & mask:
                raise EngineError(f"cards {self.cards.texts(seen & mask)} are in two places (one is {name})")
            seen |= mask
        if seen != self.cards.full_mask:
            raise EngineError(f"cards {self.cards.texts(self.cards.full_mask & ~seen)} are nowhere")
        if self.hidden & ~sum(self.piles):
            raise EngineError(f"face-down cards {self.cards.texts(self.hidden & ~sum(self.piles))} taken, but in no pile")
        if self._stack:
            if sorted(self.stack) != sorted(self.cards.indices(self.table)):
                raise EngineError("the stack's order does not hold the table's cards")
            return  # a stack keeps no subset index (engine.zones)
        expected = {0: [0]}
        for card in bits(self.table & ~self.built & ~self.unsummed):  # the loose cards (engine.builds)
            sums_add(expected, card, self.values[card], self.params.sums_limit)
        got = {t: sorted(ms) for t, ms in self.sums.items()}
        if got != {t: sorted(ms) for t, ms in expected.items()}:
            raise EngineError("the table's subset-sum index is out of date")
