"""The deck order, the seats and the deal: shuffling, redeals, who leads, who gets what.

The engine deals through these functions, whichever RuleSet answers it (the
interpreter or a kernel's step functions; a kernel's own hand loop deals the same
way from the same stream), so a seed gives the same deck, the same redeals and the
same first player whichever engine plays it. `HandDealing` is the generic
engine's deal of a hand, kept apart from its play.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from .captures import build_sums, wild_readings
from .errors import EngineError
from .records import Opening


def shuffled_deck(size: int, rng: random.Random) -> list[int]:
    """The cards 0..size-1 in the order `rng.shuffle` puts them.

    For a plain `random.Random` the shuffle is inlined (the same Fisher-Yates
    steps and the same `getrandbits` draws as `Random.shuffle`, without its two
    Python-level calls per card: a tenth of a fast playout's time); a subclass
    keeps its own `shuffle`. `tests/test_fast_hand.py` holds the two equal."""
    deck = list(range(size))
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    getrandbits = rng.getrandbits
    for i, bits_needed in _shuffle_steps(size):
        j = getrandbits(bits_needed)
        while j > i:
            j = getrandbits(bits_needed)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@lru_cache(maxsize=None)
def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """(i, bits of i + 1) for i from size - 1 down to 1: `Random.shuffle`'s draws."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def redeal(deck: Sequence[int], rng: random.Random | None, redeals: int) -> tuple[list[int], random.Random]:
    """The deck shuffled again for redeal number `redeals` (an opening table that
    asks for it), and the generator that did it (a new one seeded with 0 if
    none was given); an error after 1000 redeals in a row."""
    if redeals > 1000:
        raise EngineError("the opening table asked for a redeal 1000 times in a row")
    if rng is None:
        rng = random.Random(0)
    deck = list(deck)
    rng.shuffle(deck)
    return deck, rng


def replace_bottom(deck: list[int], cards: int) -> bool:
    """A bottom card of `cards` (a mask) swapped for the nearest card above it that is not one of
    them, which moves to the bottom (Pişti's cut); in place. False when every card is one of them."""
    if not cards >> deck[-1] & 1:
        return True
    for j in range(len(deck) - 2, -1, -1):
        if not cards >> deck[j] & 1:
            deck.append(deck.pop(j))
            return True
    return False


def replace_table(deck: list[int], start: int, stop: int, pos: int, rules: Sequence[tuple[int, str]]) -> bool:
    """The opening table's face-up cards, dealt from deck[start:stop], with the stock from `pos` on:
    each card that a rule names (cards mask, to) goes back into the stock (under it, or into the
    middle of what is left of it) and the stock's next card takes its place, itself checked; in
    place. False when more cards were put back than the stock holds (no card may take the place)."""
    size = len(deck)
    put_back = 0
    for at in range(start, stop):
        while True:
            rule = next((to for cards, to in rules if cards >> deck[at] & 1), None)
            if rule is None:
                break
            put_back += 1
            if put_back > size - pos:
                return False
            card = deck[at]
            deck[at] = deck[pos]  # the stock's next card takes its place
            rest = deck[pos + 1:]  # the stock after it, the card put back into it
            where = len(rest) if rule == "stock-bottom" else len(rest) // 2
            deck[pos:] = rest[:where] + [card] + rest[where:]
    return True


def check_deck(deck: Sequence[int], size: int) -> None:
    """Raise ValueError unless `deck` lists each of the `size` cards once."""
    if len(deck) != size or set(deck) != set(range(size)):
        raise ValueError(f"a deck order must list each of the {size} cards exactly once")


def first_seat(first_player: str, dealer: int, players: int) -> int:
    """The seat that plays first in a hand: the one after the dealer in the
    direction of play (the dealer plays last), or with `before-dealer` the one
    before (003 read to the letter: "the player on the dealer's right starts"
    while play goes clockwise, so the dealer plays second)."""
    return (dealer + (-1 if first_player == "before-dealer" else 1)) % players


class HandDealing:
    """The dealing half of `HandState`: the first round and the table, the
    rounds that follow, the stock's remainder, the opening table and the
    redeals it or the variant's conditions ask for. A mixin, so that the hand's
    state stays one object with one set of slots (declared by HandState)."""

    __slots__ = ()

    def _start(self, deck: list[int], rng: random.Random) -> None:
        check_deck(deck, self.cards.size)
        p = self.params
        redeals = 0
        while True:
            void = p.replace_bottom and not replace_bottom(deck, p.replace_bottom)
            self._reset(deck)
            self.redeals = redeals
            if not void and p.stages:  # the first round in stages (engine.staging)
                void = not self._start_stages()
            elif not void:
                if p.deal_order == "table-first":
                    self._lay_table()
                    self._deal_round()
                else:
                    self._deal_round()
                    self._lay_table()
                void = p.replace_table and not self._replace_table()
                void = void or p.replace_covered and not self._cover_top()
            self.laid = self.table
            opening = None
            void = void or p.redeal and self.rs.redeal_wanted(self.table)
            if not void:
                opening = self._opening(redeals)
                void = opening is not None and opening.action == "redeal"
            if void:
                redeals += 1
                deck, rng = redeal(deck, rng, redeals)
                continue
            self.opening = opening
            if not p.stages:  # a staged round deals the remainder when its stages are done
                self._remainder()
            if p.declarations and self._declare():
                self._stop()  # a declaration won the match as the hand was dealt
            return

    def _lay_table(self) -> None:
        """The opening table: the first `face_down` cards face down, the others face up."""
        for i in range(self.table_cards):
            card = self._draw()
            if i < self.params.face_down:
                self.down |= 1 << card
            else:
                self._lay(card)

    def _cover_top(self) -> bool:
        """While the stack's top card may not start it (params.replace_covered), the next of the
        face-down table cards (the last dealt of them) is turned up onto it; False when none is left."""
        start = (0 if self.params.deal_order == "table-first" else self.hand_size * self.n)
        left = self.params.face_down
        while self.stack and self.params.replace_covered >> self.stack[-1] & 1:
            if not left:
                return False
            left -= 1
            card = self.deck[start + left]
            self.down &= ~(1 << card)
            self._lay(card)
        return True

    def _replace_table(self) -> bool:
        """Each face-up card of the opening table that may not lie there (params.replace_table) back
        into the stock, the next stock card in its place (`replace_table`, on the deck's order);
        False when the stock has no card that may take a place (the deal is void)."""
        start = (0 if self.params.deal_order == "table-first" else self.hand_size * self.n) + self.params.face_down
        stop = start + self.table_cards - self.params.face_down
        deck = self.stock
        if not replace_table(deck, start, stop, self.stock_pos, self.params.replace_table):
            return False
        self.deck = tuple(deck)
        self._clear_table()
        for card in deck[start:stop]:
            self._lay(card)
        return True

    def _draw(self) -> int:
        card = self.stock[self.stock_pos]
        self.stock_pos += 1
        return card

    def table_dealt(self) -> int:
        """The cards the first round laid face up (after any replacement, before any opening rule
        took them), not those lying face down."""
        return self.laid

    def round_dealer(self, index: int) -> int:
        """The seat that deals round `index` of the hand (0: the first): the hand's
        dealer, or with `round_dealer: next` (the deal passing on after every
        round) the seat `index` further on."""
        if self.params.round_dealer == "next":
            return (self.dealer + index) % self.n
        return self.dealer

    def round_leader(self) -> int:
        """The seat that is dealt first and plays first in the next round: the
        first player as seen from that round's dealer."""
        return first_seat(self.params.first_player, self.round_dealer(self.rounds), self.n)

    def _deal_round(self) -> None:
        """`hand_size` cards to each seat, starting with the round's leader."""
        hs = self.hand_size
        if len(self.stock) - self.stock_pos < hs * self.n:
            raise EngineError("the stock cannot fill a round of deals (stock_remainder none)")
        stock, pos, hands = self.stock, self.stock_pos, self.hands
        lead = self.round_leader()
        self.rounds += 1
        if self.params.packets and self.params.packets < hs:
            self._deal_packets(lead)
            return
        for i in range(self.n):
            seat = (lead + i) % self.n
            mask = 0
            for card in stock[pos : pos + hs]:
                mask |= 1 << card
            hands[seat] |= mask
            pos += hs
        self.stock_pos = pos
        self.in_hands = hs * self.n
        self.to_play = lead

    def _deal_packets(self, lead: int) -> None:
        """A round dealt `packets` cards at a time, going round from the leader until each seat has
        `hand_size` (deal.packets)."""
        hs, packet, hands = self.hand_size, self.params.packets, self.hands
        for start in range(0, hs, packet):
            for i in range(self.n):
                for _ in range(min(packet, hs - start)):
                    hands[(lead + i) % self.n] |= 1 << self._draw()
        self.in_hands = hs * self.n
        self.to_play = lead

    def _remainder(self) -> None:
        """Stock cards that cannot fill another round go with this one."""
        left = len(self.stock) - self.stock_pos
        if 0 < left < self.hand_size * self.n:
            mode = self.params.stock_remainder
            if mode == "to-table":
                while self.stock_pos < len(self.stock):
                    self._lay(self._draw())
            elif mode == "set-aside":
                while self.stock_pos < len(self.stock):
                    self.set_aside |= 1 << self._draw()
            elif mode == "to-hands":
                # one at a time from the round's leader on: the seats dealt last hold one card fewer
                seat = self.to_play
                while self.stock_pos < len(self.stock):
                    self.hands[seat] |= 1 << self._draw()
                    seat = (seat + 1) % self.n
                self.in_hands += left
            else:
                raise EngineError(f"{left} stock cards cannot fill a round (stock_remainder none)")

    def _opening(self, redeals: int) -> Opening | None:
        """Apply the opening-table rule to the cards just laid."""
        if not self.table:
            return None
        # with the wild card on the table (declarations.wild_opening), the best of its readings
        k = max(self.rs.opening_multiple(table, build_sums(self.values, table & ~self.unsummed))
                for table in wild_readings(self.table, self.params.opening_wild, self.cards.size))
        return self.open_table(k, redeals) if k else None

    def open_table(self, k: int, redeals: int) -> Opening:
        """The opening table made multiple `k` (> 0): apply the variant's action
        to the table, piles and sweeps. A redeal is left to the caller."""
        p = self.params
        cards = self.table
        action = p.opening_action
        if action == "set-aside":
            self.set_aside |= cards
            self._clear_table()
            return Opening(action, k, cards, redeals=redeals)
        if action == "play-on":
            return Opening(action, k, cards)
        if action == "capture":
            taker = self.dealer if p.opening_taker == "dealer" else self.first
            side = taker % self.sides
            self.piles[side] |= cards
            self.captures[side] += 1
            if p.opening_sweeps:
                self.sweeps[side] += k
            self.last_capturer = taker
            self._clear_table()
            return Opening(action, k, cards, taker, redeals=redeals)
        return Opening(action, k, cards, redeals=redeals)
