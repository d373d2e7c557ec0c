"""Why a move is not legal, in words: for a person at the terminal, the studio and the API.

A part of `HandState` (mixed in): `explain_illegal` names every reason it can
find (a card not in the hand, a claim that is no missed capture, cards not on
the table, the first lead, a bid out of turn or the bidder's first play that
ignores the bid, what the card does capture), so that a refused move is
answered with what to do instead.
"""

from __future__ import annotations

from .captures import sums_remove
from .moves import BID, Move


class HandExplanations:
    """The reasons a move is refused (mixed into HandState, which holds the fields)."""

    __slots__ = ()

    def explain_illegal(self, move: Move) -> list[str]:
        """Why `move` is not legal here (empty when it is)."""
        if self.over:
            return ["the hand is over"]
        if move in self.legal_moves():
            return []
        cards = self.cards
        card, capture, claim, build = move
        seat = self.to_play
        reasons: list[str] = []
        if self._names and self.naming[seat]:
            wild = cards.text(cards.named)
            ranks = ", ".join(cards.text(m.card) for m in self.legal_moves())
            return [f"seat {seat} names the rank {wild} plays as first (declarations.wild_as_declared): one of {ranks}"]
        if self.bidding or card == BID:
            return [self._bid_reason(move)]
        if not 0 <= card < len(cards.cards) or not self.hands[seat] >> card & 1:
            name = cards.text(card) if 0 <= card < len(cards.cards) else str(card)
            reasons.append(f"{name} is not in the hand of seat {seat}")
        table = self.table
        sums = self.sums
        if claim:
            if claim not in self.claimable:
                if self.claimable:
                    options = ", ".join("+".join(cards.texts(c)) for c in self.claimable)
                    reasons.append(f"the claim is not a capture the previous player missed (claimable: {options})")
                else:
                    reasons.append("there is no missed capture to claim")
            else:
                table &= ~claim
                sums = sums_remove(sums, claim)
        missing = capture & ~table
        if missing:
            reasons.append(f"{' '.join(cards.texts(missing))} not on the table")
        if not reasons and self._first_lead >> card & 1 and self._leading():
            reasons.append(f"{cards.text(card)} may not be led on the hand's first play (deal.first_lead), "
                           "while the hand holds other cards")
        if not reasons and self._ignores_bid(move):
            reasons.append(f"seat {seat} bid {self.bid}, so its first play builds {self.bid} or plays a card "
                           f"of value {self.bid} (deal.bid.first_play: bid-value)")
        if not reasons:
            if self._stack:  # what the kinds allow on the top card, each taking the whole stack
                view, view_sums = self._kind_view()
                opts = [table] if view and self._card_options()(card, view, view_sums) else []
            else:
                opts = sorted(self._card_options()(card, table, sums)) if table else []
            shown = ", ".join("+".join(cards.texts(o)) for o in opts) or "nothing"
            if self._obliged and (not capture or capture in opts or self._stack):
                # the card may make this play, but a step of the obligation wants another here
                legal = ", ".join("+".join([cards.text(m[0]), *cards.texts(m[1])]) for m in self.legal_moves() if not m[2])
                reasons.append(f"a step of capture.obligation makes another play compulsory here (legal: {legal})")
            elif capture:
                taken = "+".join(cards.texts(capture))
                reasons.append(f"{cards.text(card)} cannot capture {taken} (it captures: {shown})")
            elif opts and self.params.obligation != "none":
                reasons.append(f"{cards.text(card)} must capture (it captures: {shown})")
            elif self.params.obligation == "any-card":
                reasons.append("another card in the hand captures, so this play must capture")
            else:
                reasons.append("not a legal move")
        return reasons

    def _bid_reason(self, move: Move) -> str:
        """Why a bid, or a play while the seat is to bid, is refused (deal.bid)."""
        seat = self.to_play
        if not self.params.bid_cards:
            return "this variant has no bid (deal.bid): a move plays a card"
        if not self.bidding:
            return "there is no bid to make now: the bid (deal.bid) is made once, before the first play" + (
                f"; seat {self.bidder} bid {self.bid}" if self.bid else "")
        values = ", ".join(str(m[3]) for m in self.legal_moves())
        if move.card != BID:
            return f"seat {seat} bids first, before any play (deal.bid): bid one of {values}, e.g. bid:{values.split(',')[0]}"
        return (f"seat {seat} cannot bid {move.build}: a bid is the value of a card they hold among those "
                f"deal.bid.cards allows ({values})")
