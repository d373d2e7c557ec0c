"""The expert bot for any engine: it sees an `Observation` and asks the variant's kernel.

The search itself is the kernel's (`expert_move`, templates/kernel/expert.py.j2):
information-set Monte Carlo tree search (the montecarlo bot: flat Monte Carlo), each
playout in a fresh deal of what the seat cannot see, played on by the kernel's heuristic
bot. `ExpertBot` only turns its
observation into the kernel's arrays: its own hand, the others' hand *sizes*
(their cards, unless the hands are open, are never known to it), the table,
the piles, the plays so far, what the hand scored in play, where the match
stands. Its draws come from its stream, advanced by the kernel exactly as the
kernel's own expert seat advances it, so both choose the same moves from the
same streams.
"""

from __future__ import annotations

import numpy as np

from .bots import choose_bid
from .errors import EngineError
from .kernel import MOST_MOVES, TOO_MANY_MOVES, Kernel, bot_code, status_error
from .moves import Move
from .names import DEFAULT_BUDGET
from .observation import Observation
from .stream import Stream

#: the kernel's position vector (hand.py.j2's AT_* indices)
_AT = {"pos": 0, "table": 1, "lead": 2, "seat": 3, "rounds": 4, "plays": 5, "in_hands": 6, "seen": 7,
       "set_aside": 8, "last": 9, "nclaim": 10, "redeals": 11, "count": 12, "top": 13, "down": 14, "down_at": 15}
_AT_TOPS = 16


class ExpertBot:
    """Determinized search on the variant's kernel, about `budget` playouts a decision (`flat`: one
    decision deep, flat Monte Carlo, the montecarlo bot). `kernel` is the variant's
    (compiler.kernels.load_kernel); `rng` is an `engine.stream.Stream` (a seed makes one)."""

    def __init__(self, seed: int = 0, rng=None, *, budget: int | None = None, kernel: Kernel | None = None,
                 flat: bool = False):
        if kernel is None:
            raise ValueError("the expert bot plays on the variant's kernel: give it one (tools.setup.make_bot does)")
        if rng is None:
            rng = Stream(seed)
        if not isinstance(rng, Stream):
            raise TypeError("the expert bot draws from an engine.stream.Stream, as the kernel does")
        self.rng = rng
        self.kernel = kernel
        self.budget = budget or DEFAULT_BUDGET
        self._code = bot_code(f"{'montecarlo' if flat else 'expert'}:{self.budget}")
        self._room(kernel.module.MAX_MOVES)

    def _room(self, size: int) -> None:
        """Room for `size` legal moves a position, in the decision and in its playouts."""
        self._work = np.zeros((self.kernel.module.WORK_ROWS, size), dtype=np.int64)
        self._wmask = np.zeros((4, size), dtype=np.int64)

    def choose(self, obs: Observation, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if moves[0][0] < 0:  # a bid: no search (the kernel's expert seat bids so too)
            return choose_bid(obs, moves)
        if len(moves) > MOST_MOVES:
            raise status_error(TOO_MANY_MOVES)
        module = self.kernel.module
        while self._work.shape[1] < len(moves):
            self._room(min(4 * self._work.shape[1], MOST_MOVES))
        while True:  # a playout that meets a position with more moves than the room: again, with more
            args = kernel_position(self.kernel, obs, moves, self._work, self._wmask)
            args["bots"][obs.seat] = self._code
            streams = args["streams"]
            streams[1 + obs.seat] = self.rng.state
            index = module.expert_move(*args.values(), *self.kernel.stages("EXPERT_STAGES"))
            if index != TOO_MANY_MOVES or self._work.shape[1] >= MOST_MOVES:
                break
            self._room(min(4 * self._work.shape[1], MOST_MOVES))
        self.rng.state = int(streams[1 + obs.seat])
        if index < 0:
            raise EngineError(f"the expert's playouts failed (kernel status {index})")
        return moves[int(index)]


def kernel_position(kernel: Kernel, obs: Observation, moves: list[Move], work: np.ndarray,
                    wmask: np.ndarray) -> dict[str, np.ndarray | int]:
    """The arguments of the kernel's expert_move for the seat of `obs` facing `moves`, in order: the
    position as the kernel's hand loop keeps it, built from what the seat sees (a hand it cannot
    see is any mask of its size, the stock's cards are zeros: the kernel reads neither)."""
    n, sides, seat = obs.players, obs.sides, obs.seat
    size = obs.cards.size
    scale = kernel.scale
    sizes = obs.hand_sizes
    hands = np.array([h if h is not None else (1 << sizes[s]) - 1 for s, h in enumerate(obs.hands)], dtype=np.int64)
    history = obs.history
    module = kernel.module
    hist = np.zeros((size, module.HIST_COLUMNS), dtype=np.int64)
    seen = 0
    for i, play in enumerate(history):
        hist[i, :5] = (play.seat, play.card, play.capture, play.sweeps, play.claim)
        if module.HIST_COLUMNS > 5:  # the value a build announced (capture.builds)
            hist[i, 5] = play.build
        seen |= 1 << play.card | play.capture | play.claim
    claimable = obs.claimable
    piles = list(obs.piles)
    down, down_at = _face_down(obs, seen, piles)
    at = np.zeros(module.AT_SIZE, dtype=np.int64)
    for name, value in (("pos", size - obs.stock_count), ("table", obs.table), ("lead", obs.lead),
                        ("seat", seat), ("rounds", obs.rounds), ("plays", len(history)),
                        ("in_hands", sum(sizes)), ("seen", seen), ("last", obs.last_capturer),
                        ("nclaim", len(claimable)), ("count", len(moves)),
                        ("top", obs.stack[-1] if obs.stack else -1), ("down", down), ("down_at", down_at)):
        at[_AT[name]] = value
    for side, top in enumerate(obs.pile_tops):  # each pile's top card, from AT_TOPS (piles.top: shown)
        at[_AT_TOPS + side] = top
    if obs.cards.named >= 0:  # what each seat is still to name its declared wild card as (AT_NAMING)
        for s, names in enumerate(obs.naming):
            at[module.AT_NAMING + s] = names
    if hasattr(module, "AT_STAGE"):  # where a staged first round stands (engine.staging)
        stage, stage_plays, dealt = obs.staging
        at[module.AT_STAGE:module.AT_DEALT] = (stage, stage_plays, obs.bidding, obs.bid, obs.bidder)
        at[module.AT_DEALT:module.AT_DEALT + len(dealt)] = dealt
    builds = hasattr(module, "AT_BUILDS")
    if builds:  # the builds on the table: their number, then cards, value, last changer, owners (AT_BUILDS)
        at[module.AT_BUILDS] = len(obs.builds)
        slots = module.BUILD_SLOTS
        for b, build in enumerate(obs.builds):
            at[module.AT_BUILDS + 1 + slots * b: module.AT_BUILDS + 1 + slots * (b + 1)] = build
    for i, (card, capture, claim, build) in enumerate(moves):
        work[0, i] = card
        wmask[0, i] = capture
        wmask[2, i] = build or claim  # one row: a variant with builds or a bid has no claims
    for i, claim in enumerate(claimable):
        wmask[3, i] = claim
    P = np.zeros((sides, kernel.p_columns), dtype=np.int64)
    E = np.zeros((sides, max(1, len(kernel.effect_rules))), dtype=np.int64)
    for side, points in enumerate(obs.scored_in_play):
        for rule, value in points.items():
            P[side, kernel.points_rules.index(rule)] = int(value * scale)
    for event in (*obs.events, *obs.declared):
        if event.effect in ("win-match", "lose-match"):
            E[event.side, kernel.effect_rules.index(event.id)] = 1
    match = obs.match
    scores = np.array([int(x * scale) for x in match.scores] if match.scores else [0] * sides, dtype=np.int64)
    deck = np.zeros(size, dtype=np.int64)
    if obs.stock_bottom >= 0:  # the stock's bottom card lies face up (deal.bottom_card: shown)
        deck[size - 1] = obs.stock_bottom
    return {"deck": deck, "n": n, "team": n // sides, "dealer": obs.dealer,
            "bots": np.zeros(n, dtype=np.int64), "streams": np.zeros(1 + n, dtype=np.uint64), "hands": hands,
            "piles": np.array(piles, dtype=np.int64), "sweeps": np.array(obs.sweeps, dtype=np.int64),
            "captures": np.array(obs.captures, dtype=np.int64), "hist": hist, "work": work, "wmask": wmask,
            "P": P, "E": E, "scores": scores,
            "state": _state(kernel, match), "at": at}


def _state(kernel, match) -> np.ndarray:
    """The kernel's match state as the observation has it: the sides out, the hand's number, the
    target and what ties carry over (Kernel.new_state's slots)."""
    state = kernel.new_state(sum(1 << s for s in match.out), match.carried)
    state[2] = match.hand_number
    return state


def _face_down(obs: Observation, seen: int, piles: list[int]) -> tuple[int, int]:
    """The kernel's face-down cards (at's down, down_at) as the seat sees them: as many cards as lie
    face down or were taken by another side, standing in for them (the expert deals them afresh),
    lying (-1) or in the pile of the side that took them (which then holds the stand-ins: `piles` is
    changed). Taken by its own side, it sees them in its pile: (0, -1), which plays alike."""
    lying = obs.face_down
    hidden = obs.hidden
    count = lying + sum(hidden)
    if not count:
        return 0, -1
    visible = obs.hand | obs.table | seen | (1 << obs.stock_bottom if obs.stock_bottom >= 0 else 0)
    for pile in piles:
        visible |= pile
    stand_ins = 0
    card = 0
    while stand_ins.bit_count() < count:  # the lowest cards the seat has not seen stand in for them
        if not visible >> card & 1:
            stand_ins |= 1 << card
        card += 1
    side = next((s for s, h in enumerate(hidden) if h), -1)
    if side >= 0:
        piles[side] |= stand_ins
    return stand_ins, side
