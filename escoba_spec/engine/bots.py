"""Bots: players that see only an `Observation` and pick among legal moves.

Each is deterministic for its seed (ties are broken by its own RNG), so a
match between bots is reproducible, and the same seeded bots under two
variants make the comparisons of `diff` meaningful.
"""

from __future__ import annotations

import random

from ..language.cards import CardSet
from .moves import Move
from .observation import Observation


class RandomBot:
    """Uniform over the legal moves: the move ⌊u·n⌋ of the n legal moves in their canonical order.

    `rng` (anything with `random()` and `randrange(n)`, such as an `engine.stream.Stream`)
    replaces the seeded `random.Random`: a kernel draws from the same stream."""

    def __init__(self, seed: int = 0, rng=None):
        self.rng = rng if rng is not None else random.Random(seed)
        self._random = self.rng.random

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        # random() * n rather than randrange(n): uniform to 2**-53 and an order
        # of magnitude cheaper, which shows in millions of playouts
        return moves[int(self._random() * len(moves))]


def choose_bid(obs: Observation, moves: list[Move]) -> Move | None:
    """A bid among bid moves (`card` -1, deal.bid): the value of which the hand holds most cards,
    the highest of those (the bid binds the opening play); None when the moves are no bids."""
    if moves[0][0] >= 0:
        return None
    values, hand = obs.cards.values, obs.hand
    return max(moves, key=lambda m: (sum(1 for c in _bits(hand) if values[c] == m[3]), m[3]))


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
    lowest-value card (a joker counts as the highest); a build (capture.builds)
    ranks between the two, the one joining most cards first. Where points are to be
    avoided (`Observation.avoid`) it plays the move it would rate lowest: a trail
    of its highest card before any capture, then the smallest capture. Ties go to
    `rng.randrange` (a seeded `random.Random`, or a given stream as RandomBot's)."""

    def __init__(self, seed: int = 0, rng=None):
        self.rng = rng if rng is not None else random.Random(seed)
        self._seven: dict[int, int] = {}

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if moves[0][0] < 0:
            return choose_bid(obs, moves)
        cards = obs.cards
        seven = self._seven.get(id(cards))
        if seven is None:
            seven = self._seven[id(cards)] = scoring_seven(cards)
        table = obs.table
        sign = -1 if obs.avoid else 1
        best: list[Move] = []
        best_key = None
        for move in moves:
            card, capture, claim, build = move
            if build:  # below any capture, above any trail
                key = (sign * 0.5, 0, 0, sign * capture.bit_count())
            elif capture or claim:
                taken = capture | claim | 1 << card
                key = (
                    sign,
                    sign * int(bool(capture) and not table & ~(capture | claim) and not capture & ~table),  # a sweep
                    sign * int(bool(taken & seven)),
                    sign * (capture | claim).bit_count(),
                )
            else:
                value = cards.values[card] if not cards.cards[card].joker else 1000
                key = (0, 0, 0, -sign * value)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


class HeuristicBot:
    """A stronger bot that still sees only its `Observation`.

    It scores every legal move: cards taken, a sweep, the 7 of the scoring
    suit taken (and never trailed if it can help it), scoring-suit cards and
    sevens taken; and it subtracts the chance that the table it leaves can be
    swept by a card it has not seen yet (not in its hand, on the table, or in
    the hand's history of plays); a build counts half the cards it joins. Where points are to be avoided
    (`Observation.avoid`) it plays the move of the lowest score instead. It learns the variant's capture rule from
    the capture moves it is offered: a captured total equal to the card's
    value (Scopa), or card plus captured total making a fixed target (Escoba,
    15); until it has seen one it fears both. Ties go to its own RNG.
    """

    def __init__(self, seed: int = 0, rng=None):
        self.rng = rng if rng is not None else random.Random(seed)
        self._seven: dict[int, int] = {}
        self._suit: dict[int, int] = {}
        self._sevens: dict[int, int] = {}
        self.equal_mode: bool | None = None  # None: not yet known
        self.target: int | None = None

    def _learn(self, values, moves: list[Move]) -> None:
        """Read the capture rule off the first capture move offered."""
        for card, capture, _, build in moves:
            if capture and not build:
                total = sum(values[c] for c in _bits(capture))
                if total == values[card]:
                    self.equal_mode = True
                else:
                    self.equal_mode, self.target = False, values[card] + total
                return

    def _masks(self, cards: CardSet) -> tuple[int, int, int]:
        key = id(cards)
        if key not in self._seven:
            self._seven[key] = scoring_seven(cards)
            names = [s.name for s in cards.deck.suits]
            suit = names.index(cards.deck.scoring_suit) if cards.deck.scoring_suit in names else -1
            self._suit[key] = sum(1 << c.index for c in cards.cards if c.suit == suit and not c.joker)
            self._sevens[key] = sum(1 << c.index for c in cards.cards if c.rank == 7 and not c.joker)
        return self._seven[key], self._suit[key], self._sevens[key]

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if moves[0][0] < 0:
            return choose_bid(obs, moves)
        cards = obs.cards
        values = cards.values
        self._learn(values, moves)
        seven, suit, sevens = self._masks(cards)
        table = obs.table
        hand = obs.hand
        known = hand | table
        for play in obs.history:
            known |= 1 << play.card | play.capture | play.claim
        unseen = [values[c] for c in _bits(cards.full_mask & ~known) if not cards.cards[c].joker]
        last = obs.last_play
        avoid = obs.avoid
        best: list[Move] = []
        best_key = None
        for move in moves:
            card, capture, claim, build = move
            taken = 0 if build else capture | claim  # a build takes nothing: its cards stay (capture.builds)
            left = table & ~taken
            if not capture or build:
                left |= 1 << card
            score = 0.0
            if build:  # the cards it joins, to be taken later by the card of its value it holds
                score += 0.5 * (capture | 1 << card).bit_count()
            elif capture or claim:
                score += (taken | 1 << card).bit_count()
                if capture and not left and not last and not capture & ~table:  # a sweep (not a pile taken)
                    score += 10
                if (taken | 1 << card) & seven:
                    score += 6
                score += 0.5 * ((taken | 1 << card) & suit).bit_count()
                score += 0.5 * ((taken | 1 << card) & sevens).bit_count()
            else:
                score -= 0.05 * (values[card] if not cards.cards[card].joker else 20)
                if (1 << card) & seven:
                    score -= 6
                elif (1 << card) & (suit | sevens):
                    score -= 0.5
            if left and unseen and not last:
                score -= 8 * self._sweep_risk(left, values, unseen)
                if left & seven:
                    score -= 2
            if avoid:
                score = -score
            if best_key is None or score > best_key:
                best, best_key = [move], score
            elif score == best_key:
                best.append(move)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _sweep_risk(self, left: int, values, unseen: list[int]) -> float:
        """The share of unseen cards that would take the whole table `left`."""
        total = sum(values[c] for c in _bits(left))
        hits = 0
        for v in unseen:
            if self.equal_mode is not False and v == total:
                hits += 1
            elif self.equal_mode is not True and self.target is not None and v + total == self.target:
                hits += 1
            elif self.equal_mode is None and self.target is None and v + total == 15:
                hits += 1
        return hits / len(unseen)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
