"""What one seat may see: the only thing bots are given.

An `Observation` is a read-only *view* on the live hand state, made once per
seat per hand (cheap in the hot loop): its properties always show the
current position, and never a hidden card — another seat's hand is visible
only when the variant plays with open hands, or in part when a declared hand
was laid face up (`shown`), the stock never (but its bottom card, when the
variant shows it), and cards dealt face down never while they lie, nor once
taken but by the side that took them (the others see only how many).
"""

from __future__ import annotations

from ..language.cards import CardSet
from ..language.expr.env import MatchFacts
from .dealing import first_seat
from .moves import Play
from .state import HandState


class Observation:
    __slots__ = ("_state", "seat", "side", "cards", "open_hands")

    def __init__(self, state: HandState, seat: int):
        self._state = state
        self.seat = seat
        self.side = state.side_of(seat)
        self.cards: CardSet = state.cards
        self.open_hands: bool = state.params.open_hands

    @property
    def avoid(self) -> bool:
        """Whether points are to be avoided (match.goal avoid: a side reaching the target is out):
        the bots then play to take as little as they can."""
        return self._state.params.match_goal == "avoid"

    @property
    def hand(self) -> int:
        """This seat's own hand (mask)."""
        return self._state.hands[self.seat]

    @property
    def hands(self) -> tuple[int | None, ...]:
        """Every seat's hand; None for the ones this seat cannot see."""
        hands = self._state.hands
        if self.open_hands:
            return tuple(hands)
        return tuple(h if s == self.seat else None for s, h in enumerate(hands))

    @property
    def shown(self) -> tuple[int, ...]:
        """Per seat, the cards of its hand lying face up (a declared hand, with declarations.show)."""
        st = self._state
        return tuple(h & s for h, s in zip(st.hands, st.shown))

    @property
    def declared(self) -> tuple:
        """Every declaration made this hand (engine.events.Declared): announced to all."""
        return tuple(self._state.declared)

    @property
    def builds(self) -> tuple:
        """The builds on the table (engine.builds.Build: cards, value, the seat that changed it
        last), seen by all; their cards are in `table` too."""
        return self._state.builds

    @property
    def staging(self) -> tuple[int, int, tuple[int, ...]]:
        """Where a staged first round stands (engine.staging), all of it public: the next stage, the
        plays left before it, the cards dealt to each seat in the round (the bid: `bidding`, `bid`,
        `bidder`)."""
        s = self._state
        return s.stage, s.stage_plays, tuple(s._dealt)

    @property
    def naming(self) -> tuple[int, ...]:
        """Per seat, the readings of its declared wild card it is still to name one of (CardSet.named:
        the ranks worth most were announced with the declaration); 0: none."""
        return tuple(self._state.naming)

    @property
    def bidding(self) -> bool:
        """The seat to play is to bid (deal.bid): its moves are bids, `Move(BID, 0, 0, value)`."""
        return self._state.bidding

    @property
    def bid(self) -> int:
        """The value bid this hand (deal.bid), announced to all; 0 before the bid, or with none."""
        return self._state.bid

    @property
    def bidder(self) -> int:
        """The seat that bid this hand; -1 before the bid, or with none."""
        return self._state.bidder

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self._state.hands)

    @property
    def table(self) -> int:
        return self._state.table

    @property
    def stack(self) -> tuple[int, ...]:
        """A stack table's face-up cards, bottom first (the last is the top); empty on a spread."""
        return tuple(self._state.stack)

    @property
    def face_down(self) -> int:
        """How many cards lie face down (under a stack, or apart from a spread): never which."""
        return self._state.down.bit_count()

    @property
    def pile_tops(self) -> tuple[int, ...]:
        """Each side's pile's top card, face up for all with piles.top: shown (-1: none, or the piles
        lie face down)."""
        return tuple(self._state.tops)

    @property
    def piles(self) -> tuple[int, ...]:
        """Each side's pile as far as this seat has seen it: another side's without the face-down
        cards it took (the side that took them may look at them)."""
        hidden = self._state.hidden
        return tuple(p if s == self.side else p & ~hidden for s, p in enumerate(self._state.piles))

    @property
    def hidden(self) -> tuple[int, ...]:
        """How many face-down cards each other side's pile holds, unseen by this seat (0 for its own)."""
        hidden = self._state.hidden
        return tuple(0 if s == self.side else (p & hidden).bit_count() for s, p in enumerate(self._state.piles))

    @property
    def stock_bottom(self) -> int:
        """The stock's bottom card when the variant shows it and it is still in the stock; -1 else."""
        st = self._state
        if st.params.bottom_shown and st.stock_pos < len(st.stock):
            return st.stock[-1]
        return -1

    @property
    def sweeps(self) -> tuple[int, ...]:
        return tuple(self._state.sweeps)

    @property
    def captures(self) -> tuple[int, ...]:
        return tuple(self._state.captures)

    @property
    def history(self) -> tuple[Play, ...]:
        return tuple(self._state.history)

    @property
    def stock_count(self) -> int:
        st = self._state
        return len(st.stock) - st.stock_pos

    @property
    def to_play(self) -> int:
        return self._state.to_play

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def players(self) -> int:
        return self._state.n

    @property
    def sides(self) -> int:
        return self._state.sides

    @property
    def rounds(self) -> int:
        """The rounds of the deal dealt so far in this hand (1 once the hand is dealt)."""
        return self._state.rounds

    @property
    def lead(self) -> int:
        """The seat that led the current round (dealt first in it)."""
        st = self._state
        return first_seat(st.params.first_player, st.round_dealer(max(0, st.rounds - 1)), st.n)

    @property
    def last_capturer(self) -> int:
        """The seat that captured last in this hand (the opening capture too); -1 for none yet."""
        return self._state.last_capturer

    @property
    def claimable(self) -> tuple[int, ...]:
        """The captures the previous player missed that the seat to play may claim (masks)."""
        return tuple(self._state.claimable)

    @property
    def match(self) -> MatchFacts:
        """Where the match stood as this hand began: the scores, the dealer's side, the hand's number."""
        return self._state.match

    @property
    def scored_in_play(self) -> tuple[dict, ...]:
        """Per side, the points scored so far in this hand's play (events, declarations), by id."""
        return tuple(dict(points) for points in self._state.event_points)

    @property
    def events(self) -> tuple:
        """Every event scored so far in this hand (engine.events.Scored), in play order: announced to all."""
        return tuple(self._state.events)

    @property
    def last_play(self) -> bool:
        """The next play is the last of the hand (a sweep may not count then)."""
        st = self._state
        return st.in_hands == 1 and st.stock_pos >= len(st.stock)
