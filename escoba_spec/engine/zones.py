"""Where the table's cards lie: a spread or a stack, and the cards dealt face down.

A part of `HandState` (mixed in, as the dealing and the events are). On a
spread every table card is in the subset-sum index the capture kinds search.
On a stack (`params.stack`) the table is one pile whose face-up cards are kept
in order (`stack`, bottom first) and only its top card is matched: the capture
kinds are asked about a table of that one card (`_kind_view`), and a capture
they allow takes the whole pile (`_stacked`). The sums index is then not kept:
a tall stack would make it large, and nothing searches it.

With piles shown (`params.pile_tops`) each side's pile has a top card, the card
of its last capture (`tops`), and a capture kind from a pile may take another
side's whole pile by it (`_pile_view`, `_steal`): the stolen cards go under the
card played, which tops the taker's pile; a steal is a capture, never a sweep.

Face-down cards (`down`) are the first of the opening table's: under a stack
(its first capture takes them with the pile) or apart from a spread (the first
capture takes them, or the last capturer with the leftovers, or nobody:
`params.face_down_to`). Once taken they lie unseen in a pile (`hidden`) until
the hand is scored: no observation shows them, where they lie or after.
"""

from __future__ import annotations

from .captures import build_sums, sums_add
from .moves import Move
from .protocol import PileView

_new = tuple.__new__
_EMPTY_SUMS: dict[int, list[int]] = {0: [0]}  # shared: never mutated


class HandZones:
    """The table's layout and the face-down cards (mixed into HandState, which holds the fields)."""

    __slots__ = ()

    def _lay(self, card: int) -> None:
        """Put a card face up on the table: beside the others (keeping the subset index current),
        or on top of the stack."""
        bit = 1 << card
        self.table |= bit
        if self._stack:
            self.stack.append(card)
        elif not bit & self.unsummed:
            sums = self.sums
            if sums is _EMPTY_SUMS:
                sums = self.sums = {0: [0]}
            sums_add(sums, card, self.values[card], self.params.sums_limit)

    def _clear_table(self) -> None:
        self.table = 0
        self.sums = _EMPTY_SUMS
        self.stack.clear()
        self.builds = ()
        self.built = 0

    @property
    def top(self) -> int:
        """The stack's top card, as a mask (0: the stack is empty, or the table is a spread)."""
        return 1 << self.stack[-1] if self.stack else 0

    def _kind_view(self) -> tuple[int, dict]:
        """The table the capture kinds look at, and its subset index: a stack's top card alone,
        or the whole spread."""
        if not self._stack:
            return self.table, self.sums
        top = self.top
        return top, build_sums(self.values, top & ~self.unsummed) if top else _EMPTY_SUMS

    def _stacked(self, moves: list[Move]) -> list[Move]:
        """Moves found on a stack's top card as the captures they are: each takes the whole pile."""
        table = self.table
        return [_new(Move, (m[0], table, m[2], m[3])) if m[1] else m for m in moves]

    def _pile_view(self) -> PileView:
        """The piles and their tops, as the seat to play may take them."""
        seat = self.to_play
        return PileView(tuple(self.piles), tuple(self.tops), seat % self.sides, (seat + 1) % self.n % self.sides)

    def _steal(self, seat: int, card: int, capture: int) -> None:
        """Take another side's whole pile (`capture`): it goes under the card played, now on top."""
        side = seat % self.sides
        for other, pile in enumerate(self.piles):
            if pile == capture and other != side:
                self.piles[other] = 0
                self.tops[other] = -1
        card = self._real_card(card)  # a declared wild card is itself again in a pile
        self.piles[side] |= capture | 1 << card
        self.tops[side] = card
        self.captures[side] += 1
        self.last_capturer = seat
        self.claimable = ()
        self._take_face_down(side)

    def _face_down_go(self) -> bool:
        """Whether the face-down cards go with the hand's first capture: always from under a
        stack, from a spread when face_down_to says so."""
        return self._stack or self.params.face_down_to == "first-capturer"

    def _take_face_down(self, side: int) -> int:
        """The face-down cards that go with a capture by `side` into its pile, unseen; the mask taken."""
        down = self.down
        if not down or not self._face_down_go():
            return 0
        self.piles[side] |= down
        self.hidden |= down
        self.down = 0
        self.down_taken_at = len(self.history)  # the play being applied
        return down

    def _leftover_face_down(self) -> int:
        """At the end of the hand, the face-down cards still lying: with the leftovers (under a
        stack; from a spread unless they go to nobody), else set aside; the mask with the leftovers."""
        down = self.down
        self.down = 0
        if self._stack or self.params.face_down_to != "nobody":
            return down
        self.set_aside |= down
        return 0
