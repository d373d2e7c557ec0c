"""One hand of play: dealing, legal moves, applying a move, the end of the hand.

`HandState` is the mutable state of a hand and the only place the rules of
play are applied. It is built for speed — every card set is an int mask, the
table carries a subset-sum index updated as cards come and go, and the
legal-move list is computed once per position — because simulations play
millions of hands through it. The variant's own logic is asked of the
`RuleSet`; everything structural comes from `RuleSet.params`.

Seats are numbered 0..n-1 in playing order; seat s belongs to side s % sides.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..language.expr.env import MatchFacts
from .builds import Build, HandBuilds
from .captures import bits, mask_total, sums_remove
from .dealing import HandDealing, first_seat, shuffled_deck
from .errors import EngineError
from .events import HandEvents
from .explain import HandExplanations
from .invariants import HandInvariants
from .moves import Move, Play
from .obligation import oblige
from .protocol import RuleSet
from .records import HandResult, Opening
from .staging import HandStaging
from .zones import _EMPTY_SUMS, HandZones

_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__


class HandState(HandDealing, HandStaging, HandEvents, HandInvariants, HandZones, HandExplanations, HandBuilds):
    """The mutable state of one hand. Build it with `HandState.deal`."""

    __slots__ = (
        "rs", "params", "cards", "values", "unsummed", "n", "team_size", "sides", "hand_size", "table_cards", "redeals",
        "dealer", "first", "deck", "stock", "stock_pos", "hands", "table", "sums",
        "piles", "sweeps", "captures", "set_aside", "last_capturer", "to_play",
        "history", "claimable", "in_hands", "over", "result", "opening", "rounds", "_legal",
        "_options", "_trail_too", "_any_card", "_obliged", "_claims", "_kinds", "_keep", "_first_lead",
        "match", "event_points", "events", "_events", "declared", "_declares", "shown", "declared_cards",
        "_stack", "stack", "down", "hidden", "down_taken_at", "laid", "tops", "_steals", "_names", "naming",
        "builds", "built", "_builds", "_build_many", "_build_all",
        "stage", "stage_plays", "_dealt", "bidding", "bid", "bidder",
    )  # fmt: skip

    def __init__(self, ruleset: RuleSet, players: int, team_size: int = 1, dealer: int = 0):
        if players < 1 or team_size < 1 or players % team_size:
            raise ValueError(f"{players} players cannot form teams of {team_size}")
        self.rs = ruleset
        self.params = ruleset.params
        self.cards = ruleset.cards
        self.values = ruleset.cards.values
        self.unsummed = ruleset.cards.unsummed_mask  # cards of several values (jokers too), valueless cards: not in the index
        # looked up once here rather than on every play of the hot loop
        self._options = ruleset.capture_options
        self._trail_too = self.params.obligation == "none"
        self._any_card = self.params.obligation == "any-card"
        self._obliged = self.params.obligation_steps  # the obligation as steps (engine.obligation)
        self._claims = self.params.missed_capture_claim
        self._kinds = bool(self.params.capture_kinds)  # capture kinds: capture_options is told the last play
        self._keep = self.params.keep_mask
        self._first_lead = dict(self.params.layout_first_leads).get(players, self.params.first_lead_not)
        self._events = self.params.events
        self._declares = bool(self.params.declarations)
        self._names = self.cards.named >= 0  # the wild card plays as declared (CardSet.named)
        self._builds = self.params.builds is not None  # plays may build (engine.builds)
        # a capture may take several sets: a build is one more (else a build is taken alone)
        self._build_many = any(k.many or k.every for k in self.params.capture_kinds)
        # a capture takes as many sets as it can (sets: maximal): every build of its value goes with it
        self._build_all = any(k.maximal for k in self.params.capture_kinds)
        self._stack = self.params.stack  # the table is a stack (engine.zones)
        # a capture kind takes another side's pile by its top card (engine.zones)
        self._steals = any(k.from_zone != "table" for k in self.params.capture_kinds)
        self.n = players
        self.team_size = team_size
        self.sides = players // team_size
        self.hand_size, self.table_cards = self.params.deal_of(players, team_size)  # this table's deal
        self.dealer = dealer % players
        self.first = first_seat(self.params.first_player, self.dealer, players)
        #: where the match stands as the hand starts (MatchState.facts): a lone hand is the
        #: first of a match at 0 all
        self.match = MatchFacts((0,) * self.sides, self.dealer % self.sides, 1)
        self.opening: Opening | None = None
        self.result: HandResult | None = None

    # ------------------------------------------------------------------ dealing

    @classmethod
    def deal(
        cls,
        ruleset: RuleSet,
        deck: Sequence[int] | None = None,
        *,
        seed: int | None = None,
        players: int = 2,
        team_size: int = 1,
        dealer: int = 0,
        rng: random.Random | None = None,
        match: MatchFacts | None = None,
    ) -> "HandState":
        """Deal a hand from an explicit deck order (top of the stock first) or
        shuffled from `seed`. `rng` reshuffles for a redeal (defaults to one
        seeded from `seed`, or 0); `match` says where the match stands."""
        state = cls(ruleset, players, team_size, dealer)
        if match is not None:
            state.match = match
        if rng is None:
            rng = random.Random(seed if seed is not None else 0)
        if deck is None:
            deck = shuffled_deck(state.cards.size, rng)
        state._start(list(deck), rng)
        return state

    @classmethod
    def setup(
        cls,
        ruleset: RuleSet,
        hands: Sequence[int],
        table: int = 0,
        stock: Sequence[int] = (),
        *,
        team_size: int = 1,
        dealer: int = 0,
        to_play: int | None = None,
        piles: Sequence[int] | None = None,
        stack: Sequence[int] = (),
        face_down: int = 0,
        hidden: int = 0,
        tops: Sequence[int] | None = None,
        builds: Sequence[tuple[int, ...]] = (),
    ) -> "HandState":
        """A position set up by hand (tests, puzzles): `hands` per seat and
        the table as masks, `stock` still to deal (top first), `piles` per
        side; every card placed nowhere is set aside. On a stack table, its
        face-up cards are `stack`, bottom first (not `table`). `face_down`:
        the cards lying face down (under the stack, or apart from a spread);
        `hidden`: face-down cards already taken, in `piles`; `tops`: with piles
        shown, each side's top card (-1: none), in its pile; `builds`: (cards,
        value, the seat that changed it last[, its owners as a seat mask]) of each build, its cards
        on `table`. Play starts with
        `to_play` (default: the seat after the dealer); the hands, read in
        playing order from it, must shrink by at most one card. The position
        counts as the hand's first round (with `round_dealer: next`, the next
        round is led by the seat after the first player)."""
        state = cls(ruleset, len(hands), team_size, dealer)
        state._reset(list(stock))
        state.rounds = 1
        state.to_play = state.first if to_play is None else to_play
        sizes = [hands[(state.to_play + i) % state.n].bit_count() for i in range(state.n)]
        if not sizes[0] or any(b > a or a - b > 1 for a, b in zip(sizes, sizes[1:])) or sizes[0] - sizes[-1] > 1:
            raise ValueError(f"hand sizes {sizes} (from seat {state.to_play} on) are not a position of play")
        state.hands = list(hands)
        state.in_hands = sum(sizes)
        if stack and not state._stack or table and state._stack:
            raise ValueError("a stack table's cards are given as `stack` (bottom first), a spread's as `table`")
        if len(set(stack)) != len(stack):
            raise ValueError("a card is on the stack twice")
        for card in (stack or bits(table)):
            state._lay(card)
        state.laid = state.table
        if builds:
            if not state._builds or any(b[0] & ~state.table for b in builds):
                raise ValueError("a build's cards lie on the table, in a variant with capture.builds")
            # (cards, value, the seat that changed it last[, its owners: that seat unless given])
            state.builds = tuple(sorted(Build(*b[:3], b[3] if len(b) > 3 else 1 << b[2]) for b in builds))
            state.built = sum(b.cards for b in state.builds)
            state.sums = sums_remove(state.sums, state.built)
        if piles is not None:
            state.piles = list(piles)
        if tops is not None:
            if not state.params.pile_tops or any(t >= 0 and not state.piles[s] >> t & 1 for s, t in enumerate(tops)):
                raise ValueError("a pile's top card lies in that pile, and only with piles.top: shown")
            state.tops = list(tops)
        if hidden & ~sum(state.piles):
            raise ValueError("hidden cards are face-down cards already taken: they lie in the piles")
        state.down, state.hidden = face_down, hidden
        placed = 0
        for mask in [state.table, face_down, state.stock_mask, *hands, *state.piles]:
            if placed & mask:
                raise ValueError(f"cards {state.cards.texts(placed & mask)} are placed twice")
            placed |= mask
        state.set_aside = state.cards.full_mask & ~placed
        return state

    def _reset(self, deck: list[int]) -> None:
        self.deck = tuple(deck)
        self.stock = deck
        self.stock_pos = 0
        self.hands = [0] * self.n
        self.table = 0
        self.sums = _EMPTY_SUMS
        self.piles = [0] * self.sides
        self.tops = [-1] * self.sides  # each pile's top card, with piles.top: shown (-1: none, or hidden)
        self.stack = []  # a stack's face-up cards, bottom first (engine.zones)
        self.down = 0  # the face-down cards still lying
        self.hidden = 0  # the face-down cards taken, unseen in the piles
        self.down_taken_at = -1  # the index in the history of the play that took them
        self.laid = 0  # the cards the deal laid face up (HandDealing.table_dealt)
        self.sweeps = [0] * self.sides
        self.captures = [0] * self.sides
        self.set_aside = 0
        self.last_capturer = -1
        self.to_play = self.first
        self.rounds = 0  # rounds of the deal dealt so far in this hand
        self.redeals = 0  # times the hand was dealt again before this deal
        self.history: list[Play] = []
        self.event_points: list[dict[str, int]] = [{} for _ in range(self.sides)]  # points scored in play, by event id
        self.events: list = []  # every event scored (engine.events.Scored), in play order
        self.declared: list = []  # every declaration made (engine.events.Declared), in order
        self.shown = [0] * self.n  # per seat, the cards of a declared hand laid face up (declarations.show)
        self.declared_cards = [0] * self.sides  # per side, the cards of the hands it declared (the name declared)
        self.naming = [0] * self.n  # per seat, the readings of its declared wild card it is to name one of
        self.builds: tuple[Build, ...] = ()  # the builds on the table (engine.builds)
        self.built = 0  # their cards: table cards that are not loose
        self.claimable: tuple[int, ...] = ()
        self.stage = len(self.params.stages)  # the next stage of a staged first round (engine.staging): none left
        self.stage_plays = 0  # plays left before the next stage
        self.bidding = False  # the seat to play is to bid
        self.bid = 0  # the value bid (0: none)
        self.bidder = -1
        self._dealt = [0] * self.n  # each seat's cards dealt in a staged round (engine.staging)
        self.in_hands = 0
        self.over = False
        self.result = None
        self._legal = None

    # -------------------------------------------------------------- legal moves

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play, in a canonical order: claims
        (none first), then cards ascending, each card's captures ascending
        before its trail."""
        legal = self._legal
        if legal is None:
            if self.over:
                return []
            if self._names and self.naming[self.to_play]:  # a naming move: the rank the wild card plays as
                self._legal = [_new(Move, (c, 0, 0, 0)) for c in bits(self.naming[self.to_play])]
                return self._legal
            if self.bidding:
                self._legal = self._bids()
                return self._legal
            hand = self.hands[self.to_play]
            if self._stack:  # the kinds look at the top card; a capture takes the pile (engine.zones)
                legal = self._stacked(self._moves(hand, *self._kind_view(), 0))
            elif self._builds:  # the captures see the loose cards; builds are taken whole (engine.builds)
                legal = self._duties(self._moves(hand, self.table & ~self.built, self.sums, 0), self.to_play)
            else:
                legal = self._moves(hand, self.table, self.sums, 0)
            for claim in self.claimable:
                if claim & self.table == claim:
                    table = self.table & ~claim
                    sums = sums_remove(self.sums, claim)
                    legal += self._moves(hand, table, sums, claim)
            if self._first_lead and self._leading():
                # deal.first_lead: cards the first player may not lead, unless they hold nothing else
                legal = [m for m in legal if not self._first_lead >> m[0] & 1] or legal
            if self.bid and self.params.bid_binds and self._leading():
                legal = self._bound(legal)
            self._legal = legal
        return legal

    def _leading(self) -> bool:
        """The coming play is the hand's first, by its first player."""
        return not self.history and self.to_play == self.first

    def _card_options(self, last: bool | None = None):
        """`capture_options` as this position asks it: a variant with capture kinds is told
        whether the play is the hand's last (its `sweep` priority step needs it): `last`,
        or by default whether the coming play is."""
        if not self._kinds:
            return self._options
        options = self._options
        if last is None:
            last = self._coming_last()
        if self._steals:
            view = self._pile_view()
            return lambda card, table, sums: options(card, table, sums, last, view)
        return lambda card, table, sums: options(card, table, sums, last)

    def _coming_last(self) -> bool:
        """The coming play is the hand's last: one card left in the hands and none in the stock."""
        return self.in_hands == 1 and self.stock_pos >= len(self.stock)

    def _played_last(self) -> bool:
        """The play being applied (its card already out of the hand) is the hand's last."""
        return not self.in_hands and self.stock_pos >= len(self.stock)

    def _moves(self, hand: int, table: int, sums, claim: int) -> list[Move]:
        options = self._card_options()
        trail_too = self._trail_too
        moves: list[Move] = []
        add = moves.append
        captured = False
        builds = self._builds
        whole = hand
        while hand:
            low = hand & -hand
            hand ^= low
            card = low.bit_length() - 1
            opts = options(card, table, sums) if table or self._steals else None
            if builds and self.builds:
                opts = self._with_builds(card, opts or ())
            if opts:
                captured = True
                if len(opts) > 1:
                    opts = sorted(opts)
                for o in opts:
                    add(_new(Move, (card, o, claim, 0)))
            if builds:  # after its captures, before its trail (engine.builds)
                moves += self._build_moves(card, whole, table, sums)
            if not opts or trail_too:
                add(_new(Move, (card, 0, claim, 0)))
        if captured and self._any_card:
            moves = [m for m in moves if m[1]]  # a capture, or a build (its card is used, not trailed)
        if captured and self._obliged:
            last = self._coming_last()
            view = self._pile_view() if self._steals else None
            rs = self.rs
            moves = oblige(moves, self._obliged, table, last,
                           lambda card, capture: rs.capture_makers(card, capture, table, view))
        return moves

    # ------------------------------------------------------------------- a play

    def apply(self, move: Move) -> Play:
        """Play a move known to be legal (see `explain_illegal` to check one)."""
        card, capture, claim, build = move
        seat = self.to_play
        if self._names and self.naming[seat]:  # the seat names its wild card, and plays on
            self._name(seat, card)
            return _new(Play, (seat, card, 0, 0, 0, 0))
        if self.bidding:  # the first player bids, and the stages go on (engine.staging)
            self._legal = None
            self._make_bid(seat, build)
            return _new(Play, (seat, card, 0, 0, 0, build))
        side = seat % self.sides
        before = self.table
        down = self.down
        top = self.top
        bit = 1 << card
        view = self._pile_view() if self._steals and self._events else ()  # what a steal's kinds looked at
        self.hands[seat] ^= bit
        self.in_hands -= 1
        piles = self.piles
        if claim:
            table = self.table = self.table ^ claim
            self.sums = sums_remove(self.sums, claim)
            piles[side] |= self.cards.real(claim) if self._names else claim
            self.captures[side] += 1
            self.last_capturer = seat
        swept = 0
        if build:  # the card laid on table cards as one build (engine.builds)
            self._build(seat, card, capture, build)
            self.claimable = ()
        elif capture & ~self.table:  # another side's pile, taken whole (engine.zones)
            self._steal(seat, card, capture)
        elif capture or (bit & self._keep and not self.table):
            # a capture; or a card that takes the whole table played to an empty one, kept in the
            # pile as a capture of itself
            table = self.table = self.table ^ capture
            piles[side] |= self.cards.real(capture | bit) if self._names else capture | bit
            self.captures[side] += 1
            self.last_capturer = seat
            self.claimable = ()
            self._take_face_down(side)
            self.tops[side] = self._real_card(card) if self.params.pile_tops else -1
            if self.built:
                self._take_builds(capture)
            if table:
                self.sums = sums_remove(self.sums, capture)
            else:
                self._clear_table()
                # what the kinds took: a stack's top card (engine.zones), or the whole spread
                made = (top if self._stack and capture else capture) or bit
                capture = capture or bit
                swept = self.rs.sweep_weight(card, made, self._played_last(), *self._sweep_play(seat, card, before, claim))
                self.sweeps[side] += swept
        else:
            if self._claims:
                opts = self._card_options(self._played_last())(card, self.table, self.sums) if self.table else ()
                self.claimable = tuple(sorted(bit | o for o in opts))
            self._lay(card)
        play = _new(Play, (seat, card, capture, claim, swept, build))
        self.history.append(play)
        self._legal = None
        if self._events and self._score_play(play, before, down, top, view):
            self._stop()  # the match ended with this play
            return play
        if self.stage_plays:
            self._staged_play()
        if self.in_hands:
            self.to_play = (seat + 1) % self.n
        elif self.stock_pos < len(self.stock):
            self._deal_round()
            self._remainder()
            if self._declares and self._declare():
                self._stop()  # a declaration ended the match
        else:
            self._finish()
        return play

    # -------------------------------------------------------------- end of hand

    def _finish(self) -> None:
        """Leftovers to the last capturer or the dealer's side (never a sweep), the check, scoring."""
        p = self.params
        left = self.cards.real(self.table | self._leftover_face_down())  # a declared wild card is itself again
        left_total = mask_total(self.values, left)
        listed = None
        if p.leftover_modulus:
            m = p.leftover_modulus
            expected = (sum(self.values) - mask_total(self.values, self.set_aside)) % m  # every card's value, less those set aside
            if left_total % m != expected:
                raise EngineError(
                    f"leftover total {left_total} is not {expected} modulo {m}: cards were captured wrongly"
                )
            listed = left_total in p.leftover_totals
        side = None
        if p.leftovers_to == "dealer":
            side = self.dealer % self.sides
            self.piles[side] |= left
        elif self.last_capturer >= 0 and p.leftovers_to == "last-capturer":
            side = self.last_capturer % self.sides
            self.piles[side] |= left
        else:
            self.set_aside |= left
        self._clear_table()
        self.claimable = ()
        self.over = True
        if p.events or p.match_names or p.declarations or p.carry_rules:
            score = self.rs.score_hand(self.piles, self.sweeps, self.captures, self.standing())
            score = self._with_events(score) if p.events or p.declarations else score
        else:
            score = self.rs.score_hand(self.piles, self.sweeps, self.captures)
        self.result = HandResult(
            score, tuple(self.piles), tuple(self.sweeps), tuple(self.captures), left, side, left_total, listed,
            declared=tuple(self.declared),
        )

    # ------------------------------------------------------------------ queries

    def _real_card(self, card: int) -> int:
        """The card itself for a reading of the declared wild card (CardSet.real), else `card`."""
        return self.cards.named if self.cards.named_mask >> card & 1 else card

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    @property
    def stock_mask(self) -> int:
        mask = 0
        for card in self.stock[self.stock_pos :]:
            mask |= 1 << card
        return mask
