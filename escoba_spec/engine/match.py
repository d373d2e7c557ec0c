"""Whole hands and whole matches: the fast playout loop and the match rules.

`playout` plays one hand from a deck order (or a seed) with one bot per seat;
`MatchState` keeps the running score and decides when a match is won (target
reached at the end of a hand, or mid-hand by points scored in play; highest
total wins, a tie at the top plays another hand; win-match / lose-match
effects; with goal avoid, a side reaching the target is out and the last left
wins; with match.games, a set of games, the scores starting again after each);
`play_match` chains the two.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol, Sequence

from ..language.expr.env import MatchFacts
from .dealing import shuffled_deck
from .errors import MatchTooLong
from .moves import Move
from .observation import Observation
from .protocol import RuleSet, whole
from .records import HandResult
from .state import HandState


class Bot(Protocol):
    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        """Pick one of `moves` (never empty) seeing only `obs`."""
        ...


def run_hand(state: HandState, bots: Sequence[Bot]) -> HandResult:
    """Play a dealt hand to its end, asking each seat's bot for its moves."""
    if len(bots) != state.n:
        raise ValueError(f"{state.n} seats need {state.n} bots, got {len(bots)}")
    views = [Observation(state, seat) for seat in range(state.n)]
    choosers = [bot.choose for bot in bots]
    legal = state.legal_moves
    apply = state.apply
    while not state.over:
        seat = state.to_play
        apply(choosers[seat](views[seat], legal()))
    return state.result


def playout(
    ruleset: RuleSet,
    deal: Sequence[int] | int | None,
    bots: Sequence[Bot],
    *,
    team_size: int = 1,
    dealer: int = 0,
    rng: random.Random | None = None,
) -> HandResult:
    """Play one whole hand: `deal` is a deck order (top of the stock first) or a
    seed; there are as many seats as bots."""
    if isinstance(deal, int):
        state = HandState.deal(ruleset, seed=deal, players=len(bots), team_size=team_size, dealer=dealer, rng=rng)
    else:
        state = HandState.deal(ruleset, deal, players=len(bots), team_size=team_size, dealer=dealer, rng=rng)
    return run_hand(state, bots)


@dataclass
class MatchState:
    """The running score of a match and its end."""

    ruleset: RuleSet
    players: int
    team_size: int = 1
    dealer: int = 0  # the dealer of the next hand
    scores: list[int] = field(default_factory=list)
    hands_played: int = 0
    winner: int | None = None  # the winning side
    eliminated: set[int] = field(default_factory=set)
    results: list[HandResult] = field(default_factory=list)
    games: list[int] = field(default_factory=list)  # games each side has won (match.games above 1)
    #: each game won before the match's end: (hands played by then, the side, the scores it ended at)
    game_ends: list[tuple[int, int, tuple]] = field(default_factory=list)
    #: per side: the hands, before the match's last, after which it alone led (`note_standing`)
    led: list[int] = field(default_factory=list)
    #: per side: the most points it was ever behind the leader after a hand (0: never behind)
    deficit: list = field(default_factory=list)
    #: the points each ties: carry rule carries into the next hand (Params.carry_rules' order)
    carried: tuple = ()

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * self.sides
        if not self.games:
            self.games = [0] * self.sides
        self.led = self.led or [0] * self.sides
        self.deficit = self.deficit or [0] * self.sides
        self.dealer %= self.players

    @property
    def sides(self) -> int:
        return self.players // self.team_size

    @property
    def over(self) -> bool:
        return self.winner is not None

    def facts(self) -> MatchFacts:
        """Where the match stands for the next hand: the scores, the dealer's side, its number."""
        return MatchFacts(tuple(self.scores), self.dealer % self.sides, self.hands_played + 1, tuple(sorted(self.eliminated)),
                          self.carried)

    def record(self, result: HandResult) -> int | None:
        """Add a finished hand: points, the dealer's rotation, the match end."""
        params = self.ruleset.params
        self.results.append(result)
        self.hands_played += 1
        for side, points in enumerate(result.totals):
            self.scores[side] = whole(self.scores[side] + points)
        if params.carry_rules and not result.stopped:
            self.carried = result.score.carried
        step = 1 if params.dealer_rotation == "next" else -1
        self.dealer = (self.dealer + step) % self.players
        self.winner, outright = self._decide(result)
        if self.winner is not None and params.match_games > 1 and not outright:  # won on points: one game of the set
            self.winner = self._game_won(self.winner)
        if self.winner is None and self.hands_played >= params.max_hands:
            top = max(self.scores)
            level = "; the sides at the top are level" if self.scores.count(top) > 1 else ""
            raise MatchTooLong(f"no side won the match in {params.max_hands} hands (scores {self.scores}{level})")
        if self.winner is None:
            self.note_standing()
        return self.winner

    def note_standing(self) -> None:
        """After a hand the match goes on from: who leads (the best placed side still in, by
        the current game's score, highest for goal reach and lowest for avoid; nobody when the
        best are level) and how far each side is behind the best. The report's decisiveness
        (does the leader go on to win? comebacks) is these, summed over matches."""
        sign = -1 if self.ruleset.params.match_goal == "avoid" else 1
        alive = [s for s in range(self.sides) if s not in self.eliminated]
        if not alive:
            return
        best = max(sign * self.scores[s] for s in alive)
        leaders = [s for s in alive if sign * self.scores[s] == best]
        if len(leaders) == 1:
            self.led[leaders[0]] += 1
        for s in alive:
            self.deficit[s] = max(self.deficit[s], whole(best - sign * self.scores[s]))

    def _decide(self, result: HandResult) -> tuple[int | None, bool]:
        """The winner after this hand, if any, and whether a win-match or lose-match effect
        decided it (outright: the whole match, even one of several games)."""
        params = self.ruleset.params
        alive = [s for s in range(self.sides) if s not in self.eliminated]
        losers = {side for side, _, effect in result.score.effects if effect == "lose-match" and side in alive}
        if losers and not set(alive) <= losers:
            # a lose-match effect eliminates the side; if it would eliminate
            # every side still in, it is void and play goes on
            self.eliminated |= losers
            alive = [s for s in alive if s not in losers]
            if len(alive) == 1:
                return alive[0], True
        winners = [s for s in {side for side, _, e in result.score.effects if e == "win-match"} if s in alive]
        if winners:  # several at once: the best placed, as at the target
            return _alone(winners, self.scores, min if params.match_goal == "avoid" else max), True
        winner, out = points_outcome(self.scores, alive, params.match_goal, params.match_target,
                                     params.match_avoid_ends)
        self.eliminated |= out
        return winner, False

    def _game_won(self, side: int) -> int | None:
        """A game of a set is over: the set's winner, or None with the scores back to 0."""
        params = self.ruleset.params
        self.games[side] += 1
        shutout = params.match_shutout and any(self.scores[s] < params.match_shutout for s in range(self.sides) if s != side)
        if self.games[side] >= params.match_games or shutout:
            return side
        self.game_ends.append((self.hands_played, side, tuple(self.scores)))
        self.scores = [0] * self.sides
        self.eliminated = set()
        self.carried = ()  # a new game: nothing carried over from the last
        return None


def points_outcome(scores: Sequence, alive: list[int], goal: str, target: int,
                   avoid_ends: str = "last-left") -> tuple[int | None, set[int]]:
    """What a hand ending at `scores` does to the match on points alone (no effect fired):
    the winner (None: play goes on) and the sides it puts out. Reach: the one side highest at
    the target; lead: the side ahead of every other still in by the target; avoid: the sides at
    the target are out and the last left wins (first-out: the lowest total wins at once). A tie
    where it matters plays another hand. simulate's "decided by" asks it of changed scores."""
    if goal == "lead":
        reached = [s for s in alive if scores[s] - max((scores[o] for o in alive if o != s), default=0) >= target]
    else:
        reached = [s for s in alive if scores[s] >= target]
    if not reached:
        return None, set()
    if goal != "avoid":
        return _alone(reached, scores, max), set()
    if avoid_ends == "first-out":  # the match ends: the lowest total wins (level: play on)
        return _alone(alive, scores, min), set()
    # avoid: the sides at the target are out; when every side still in is, the lowest
    # total wins (PlayAural's Inverse Scopa), and sides level at the lowest play on
    out = set(reached)
    if out == set(alive):
        low = min(scores[s] for s in alive)
        out = {s for s in alive if scores[s] != low}
    left = [s for s in alive if s not in out]
    return (left[0] if len(left) == 1 else None), out


def _alone(sides: list[int], scores: Sequence, best) -> int | None:
    """The one side of `sides` with the best score (`max` or `min`); None when several share it
    (another hand)."""
    top = best(scores[s] for s in sides)
    leaders = [s for s in sides if scores[s] == top]
    return leaders[0] if len(leaders) == 1 else None


def play_match(
    ruleset: RuleSet,
    bots: Sequence[Bot],
    seed: int = 0,
    *,
    team_size: int = 1,
    dealer: int = 0,
    rng=None,
) -> MatchState:
    """A whole match between `bots` (one per seat), every deal shuffled by one
    RNG seeded with `seed` (or by `rng`, e.g. an `engine.stream.Stream`, as a
    kernel deals): deterministic for a seed and deterministic bots."""
    rng = rng if rng is not None else random.Random(seed)
    match = MatchState(ruleset, len(bots), team_size, dealer)
    size = ruleset.cards.size
    while match.winner is None:
        deck = shuffled_deck(size, rng)
        state = HandState.deal(ruleset, deck, players=match.players, team_size=team_size, dealer=match.dealer, rng=rng,
                               match=match.facts())
        match.record(run_hand(state, bots))
    return match
