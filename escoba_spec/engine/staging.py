"""A hand's first round dealt in stages, and the first player's bid (deal.stages, deal.bid).

The stages run in order from the deal until one waits for the players: a bid
(the first player names a value of a card they hold; holding none voids the
deal, dealt again like any void deal) or plays (`play: N`, the next N plays
before the stages after them are dealt). `HandStaging` is a mixin of
`HandState`, like `HandDealing`: `_stage_on` runs the stages from where they
stand, `apply` calls `_staged_play` after each play. A bid is a move of its
own, `Move(-1, 0, 0, value)`: no card is played, the value is announced, and
like the naming of a declared wild card it is not a play of the hand's
history. With `deal.bid.first_play: bid-value` the bidder's first play builds
the bid value or plays a card of it (`_bound`).
"""

from __future__ import annotations

from .captures import bits
from .moves import BID, Move

_new = tuple.__new__


class HandStaging:
    """The staged first round and the bid of `HandState` (slots declared there)."""

    __slots__ = ()

    def _start_stages(self) -> bool:
        """Deal a staged first round up to its first pause; False when the deal is void (the first
        player cannot bid)."""
        self.stage = 0
        self.stage_plays = 0
        self._dealt = [0] * self.n
        self.rounds = 1
        self.in_hands = 0
        return self._stage_on()

    def _stage_on(self) -> bool:
        """Run the stages from the next one until one waits for a bid or for plays, or none is left
        (then the stock's remainder is dealt as after any first round); False for a void deal."""
        stages = self.params.stages
        first = self.first
        while self.stage < len(stages):
            step, to, cards = stages[self.stage]
            self.stage += 1
            if step == "deal" and to == "first-player":
                self._deal_to(first, cards)
            elif step == "deal" and to == "table":
                self._lay_table()
            elif step == "deal":
                self._deal_each(cards or self.hand_size)
            elif step == "turn-up":
                for card in bits(self.down):
                    self._lay(card)
                self.down = 0
                self.laid = self.table
            elif step == "bid":
                if not self.hands[first] & self.params.bid_cards:
                    return False
                self.bidding = True
                self.to_play = first
                return True
            else:  # play: the next `cards` plays, from the seat to play on
                self.stage_plays = cards
                return True
        self.laid = self.laid or self.table
        self._remainder()
        return True

    def _deal_to(self, seat: int, cards: int) -> None:
        mask = 0
        for _ in range(cards):
            mask |= 1 << self._draw()
        self.hands[seat] |= mask
        self._dealt[seat] += cards
        self.in_hands += cards

    def _deal_each(self, upto: int) -> None:
        """Every seat up to `upto` cards dealt this round, in packets (deal.packets), from the first
        player on."""
        packet = self.params.packets or self.hand_size
        while True:
            dealt = False
            for i in range(self.n):
                seat = (self.first + i) % self.n
                short = upto - self._dealt[seat]
                if short > 0:
                    self._deal_to(seat, min(packet, short))
                    dealt = True
            if not dealt:
                return

    def _staged_play(self) -> None:
        """After a play: one play fewer of a play stage, and the stages after it dealt when it ends."""
        if self.stage_plays:
            self.stage_plays -= 1
            if not self.stage_plays:
                self._stage_on()

    # ---------------------------------------------------------------- the bid

    def _bids(self) -> list[Move]:
        """The bidder's moves: each value, ascending, of a card they hold that may be bid on."""
        values = self.values
        held = sorted({values[c] for c in bits(self.hands[self.to_play] & self.params.bid_cards)})
        return [_new(Move, (BID, 0, 0, v)) for v in held]

    def _make_bid(self, seat: int, value: int) -> None:
        self.bid = value
        self.bidder = seat
        self.bidding = False
        self._stage_on()

    def _bound(self, legal: list[Move]) -> list[Move]:
        """The bidder's first play, bound to the bid: a build of its value, or a card of it played
        (to capture, or trailed where it takes nothing); all of `legal` if none is (never, as the
        bidder holds such a card)."""
        bid, values = self.bid, self.values
        return [m for m in legal if (m[3] == bid if m[3] else values[m[0]] == bid)] or legal

    def _ignores_bid(self, move: Move) -> bool:
        """`move` is the bidder's first play, bound to the bid, and neither builds its value nor plays
        a card of it while a legal move does (engine.explain says so)."""
        if not (self.bid and self.params.bid_binds and self._leading()) or move[0] < 0:
            return False
        bid, values = self.bid, self.values

        def keeps(m: Move) -> bool:
            return m[3] == bid if m[3] else values[m[0]] == bid

        return not keeps(move) and any(map(keeps, self.legal_moves()))
