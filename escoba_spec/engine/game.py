"""A match of any variant driven move by move, cards as text (the Python API's `Game`).

    game = Game(variant, players=2, seed=7)     # or escoba_spec.api.load("rules/escoba-de-15.yaml", ...)
    game.new_hand()
    game.legal_moves()          # ['1o', '5c+Rb', ...]
    game.play("5c+Rb")
    game.table, game.hand(0), game.piles, game.sweeps
    game.hand_points            # {side: {rule id: points}} once the hand is over
    game.scores, game.winner

Everything here converts between text and the engine's masks and delegates to
`engine.HandState` and `engine.MatchState`; no rule is applied here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..language import ir
from .dealing import shuffled_deck
from .errors import IllegalMove
from .interpreter import Interpreter
from .match import MatchState, run_hand
from .moves import BID, Move, format_move, parse_move
from .observation import Observation
from .protocol import RuleSet
from .records import HandResult
from .state import HandState


@dataclass(frozen=True)
class Played:
    """What one play did, in text form."""

    seat: int
    side: int
    move: str  # e.g. '7o+2b+5e', or 'bid:11'
    card: str  # '' for a bid: no card is played
    captured: tuple[str, ...]  # cards taken from the table (claimed cards included)
    sweeps: int  # sweeps scored by the play
    hand_over: bool
    face_down: int = 0  # how many face-down cards the capture took with it (never which)
    bid: int = 0  # the value bid (deal.bid), for a bid; 0 for a play


class Game:
    """A match of one variant between `players` seats, played through text moves."""

    def __init__(
        self,
        variant: ir.Variant | RuleSet,
        *,
        players: int | None = None,
        team_size: int | None = None,
        seed: int = 0,
        dealer: int = 0,
    ):
        if isinstance(variant, ir.Variant):
            self.ruleset: RuleSet = Interpreter(variant)
        else:
            self.ruleset = variant
        self.cards = self.ruleset.cards
        layouts = self.ruleset.params.layouts
        self.players, self.team_size = _layout(layouts, players, team_size)
        self.rng = random.Random(seed)
        self.match = MatchState(self.ruleset, self.players, self.team_size, dealer)
        self.state: HandState | None = None

    # ----------------------------------------------------------------- a hand

    def new_hand(self, deck: Sequence[str | int] | None = None, *, seed: int | None = None) -> None:
        """Deal the next hand: from an explicit deck order (cards as text or
        indices, top of the stock first), shuffled from `seed`, or else from
        the match's RNG. The dealer is the match's current dealer."""
        if self.match.over:
            raise ValueError(f"the match is over: side {self.match.winner} won")
        if self.state is not None and not self.state.over:
            raise ValueError("the current hand is not over yet")
        if deck is not None:
            order = [c if isinstance(c, int) else self.cards.parse(c) for c in deck]
        else:
            order = shuffled_deck(self.cards.size, random.Random(seed) if seed is not None else self.rng)
        self.state = HandState.deal(
            self.ruleset, order, players=self.players, team_size=self.team_size, dealer=self.match.dealer, rng=self.rng,
            match=self.match.facts(),
        )
        if self.state.over:  # a declaration decided the match as the hand was dealt
            self.match.record(self.state.result)

    def _hand(self) -> HandState:
        if self.state is None:
            raise ValueError("no hand has been dealt: call new_hand() first")
        return self.state

    def legal_moves(self) -> list[str]:
        """The legal moves of the seat to play, as text."""
        return [format_move(m, self.cards) for m in self._hand().legal_moves()]

    def play(self, move: str | Move) -> Played:
        """Play a move given as text (`7o`, `7o+2b+5e`) or a Move. An illegal
        move raises IllegalMove saying why, and changes nothing."""
        state = self._hand()
        if not isinstance(move, (str, Move)):
            raise TypeError(f"a move is text such as '7o+2b+5e' or a Move, not {type(move).__name__}")
        if isinstance(move, Move) and not _in_deck(move, len(self.cards.cards)):
            raise IllegalMove(repr(move), ["it names a card that is not in the deck"], self.legal_moves())
        text = move if isinstance(move, str) else format_move(move, self.cards)
        if state.over:
            raise IllegalMove(text, ["the hand is over: call new_hand()"], [])
        if isinstance(move, str):
            try:
                move = parse_move(move, self.cards)
            except ValueError as exc:
                raise IllegalMove(text, [str(exc)], self.legal_moves()) from None
        reasons = state.explain_illegal(move)
        if reasons:
            raise IllegalMove(text, reasons, self.legal_moves())
        seat = state.to_play
        play = state.apply(move)
        if state.over:
            self.match.record(state.result)
        return Played(
            seat=seat,
            side=seat % state.sides,
            move=format_move(move, self.cards),
            card=self.cards.text(play.card) if play.card != BID else "",
            captured=tuple(self.cards.texts(play.capture | play.claim)),
            sweeps=play.sweeps,
            hand_over=state.over,
            face_down=state.hidden.bit_count() if play.card != BID and state.down_taken_at == len(state.history) - 1
            else 0,
            bid=play.build if play.card == BID else 0,
        )

    def play_hand(self, bots: Sequence) -> HandResult:
        """Let one bot per seat play the rest of the current hand."""
        state = self._hand()
        was_over = state.over
        result = run_hand(state, bots)
        if not was_over:
            self.match.record(result)
        return result

    def play_match(self, bots: Sequence) -> int:
        """Let the bots play hands until the match is won; the winning side."""
        while not self.match.over:
            if self.state is None or self.state.over:
                self.new_hand()
            self.play_hand(bots)
        return self.match.winner

    # ------------------------------------------------------------- what is seen

    @property
    def to_play(self) -> int:
        return self._hand().to_play

    @property
    def dealer(self) -> int:
        return self._hand().dealer

    @property
    def hand_over(self) -> bool:
        return self._hand().over

    def hand(self, seat: int) -> list[str]:
        return self.cards.texts(self._hand().hands[seat])

    @property
    def hands(self) -> list[list[str]]:
        return [self.cards.texts(h) for h in self._hand().hands]

    @property
    def table(self) -> list[str]:
        """The table's face-up cards: a stack's from its bottom to its top, a spread's in card order."""
        state = self._hand()
        if state.params.stack:
            return [self.cards.text(c) for c in state.stack]
        return self.cards.texts(state.table)

    @property
    def face_down(self) -> int:
        """How many cards lie face down (under a stack, or apart from a spread)."""
        return self._hand().down.bit_count()

    @property
    def piles(self) -> list[list[str]]:
        return [self.cards.texts(p) for p in self._hand().piles]

    @property
    def pile_tops(self) -> list[str | None]:
        """Each side's pile's top card, face up with piles.top: shown (None: no top card, or the piles
        lie face down)."""
        return [self.cards.text(t) if t >= 0 else None for t in self._hand().tops]

    @property
    def sweeps(self) -> list[int]:
        return list(self._hand().sweeps)

    @property
    def captures(self) -> list[int]:
        return list(self._hand().captures)

    @property
    def set_aside(self) -> list[str]:
        return self.cards.texts(self._hand().set_aside)

    @property
    def stock_count(self) -> int:
        state = self._hand()
        return len(state.stock) - state.stock_pos

    @property
    def history(self) -> list[str]:
        """Every play of the hand as `seat: move`."""
        return [f"{p.seat}: {format_move(Move(p.card, p.capture, p.claim, p.build), self.cards)}" for p in self._hand().history]

    @property
    def opening(self):
        """What the opening-table rule did this hand (engine.Opening), or None."""
        return self._hand().opening

    def side_of(self, seat: int) -> int:
        return seat % (self.players // self.team_size)

    def observation(self, seat: int) -> Observation:
        return Observation(self._hand(), seat)

    @property
    def hand_result(self) -> HandResult | None:
        return self._hand().result

    @property
    def hand_points(self) -> dict[int, dict[str, int]]:
        """Once the hand is over: {side: {rule id: points}} (points rules)."""
        result = self._hand().result
        if result is None:
            raise ValueError("the hand is not over yet")
        return {side: dict(points) for side, points in enumerate(result.score.points)}

    # ------------------------------------------------------------ match state

    @property
    def scores(self) -> list[int | Fraction]:
        """Each side's match score; a Fraction (41/2) where a split tie shared a point."""
        return list(self.match.scores)

    @property
    def winner(self) -> int | None:
        return self.match.winner

    @property
    def match_over(self) -> bool:
        return self.match.over

    @property
    def hands_played(self) -> int:
        return self.match.hands_played


def _in_deck(move: Move, size: int) -> bool:
    """Whether a Move built by hand names only cards of a deck of `size` cards (with the readings
    of a declared wild card, CardSet.named); a bid (deal.bid) names none."""
    masks = (move.capture, move.claim)
    if move.card == BID and type(move.card) is int:
        return type(move.build) is int and move.build > 0 and not move.capture and not move.claim
    return (type(move.card) is int and 0 <= move.card < size
            and all(type(m) is int and 0 <= m < 1 << size for m in masks))


def _layout(layouts: tuple[tuple[int, int], ...], players: int | None, team_size: int | None) -> tuple[int, int]:
    """The (players, team_size) asked for, checked against the variant's layouts."""
    if players is None:
        players, size = layouts[0]
        if team_size is None:
            team_size = size
    if team_size is None:
        team_size = next((t for p, t in layouts if p == players), 1)
    if (players, team_size) not in layouts:
        allowed = ", ".join(f"{p}" if t == 1 else f"{p} in teams of {t}" for p, t in layouts)
        raise ValueError(
            f"this variant is not played by {players} players in teams of {team_size} (allowed: {allowed})"
        )
    return players, team_size
