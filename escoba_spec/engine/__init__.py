"""The generic game engine: plays any variant through a `RuleSet`.

The engine applies the structural rules itself (dealing, turn order, legal
moves by obligation, sweeps, leftovers, the match) and asks a `RuleSet` for
what each variant decides. The protocol (see `protocol.py`):

    class RuleSet(Protocol):
        id: str                      # the variant id
        cards: CardSet               # escoba_spec.language.cards.CardSet of the deck
        params: Params               # structural rules, plain repr-safe data

        def capture_options(self, card: int, table: int, sums: SubsetSums, last_play=False) -> Sequence[int]
            # non-empty table subsets (masks) `card` may capture; `sums` is the
            # engine's index total -> masks of the table's non-joker subsets,
            # totals up to params.sums_limit; last_play is given to a variant with
            # capture kinds (engine.kinds), whose priority may depend on it
        def sweep_weight(self, card: int, captured: int, last_play: bool) -> int
            # sweeps a capture that empties the table scores; 0 = no sweep
        def opening_multiple(self, table: int, sums: SubsetSums) -> int
            # 0 when the opening table does not trigger, else the multiple k;
            # `sums` here is the complete index of the table (no limit)
        def redeal_wanted(self, table: int) -> bool
            # a deal.redeal condition holds for the opening table (asked when params.redeal)
        def score_hand(self, piles, sweeps, captures) -> HandScore
            # per-side points by rule id, plus win-match / lose-match effects

Implementations: `interpreter.Interpreter` (walks the IR, the oracle) and a variant's
numba kernel (`compiler.kernel` writes it; `kernel.Kernel` plays whole hands and
matches with the built-in bots inside it, `kernel.KernelRuleSet` answers this
protocol with its step functions). Every engine draws its randomness from the
splitmix64 streams of `stream`, so all of them play the same game from a seed.
`engine.captures` holds the mask arithmetic both can share.

Modules: `protocol` (RuleSet, Params, Kind, HandScore), `captures` (subset sums,
capture options, opening tests), `kinds` (capture kinds and their priority), `moves` (Move, Play, text form), `dealing`
(the deck order, redeals, who leads; HandDealing, a hand's deal), `state` (HandState: legal moves,
apply, end of hand), `records` (Opening, HandResult), `observation` (what a
seat sees), `match` (playout, MatchState, play_match), `errors`; on top of
them `interpreter` (the IR's RuleSet), `bots` (random, greedy, heuristic) and
`game` (a match driven move by move with cards as text: the API's Game); `stream`
(the uniform streams), `native` (numba or plain Python, and the kernels' shared
mask helpers), `kernel` (a kernel driven from Python).
"""

from .dealing import shuffled_deck
from .errors import EngineError, IllegalMove, MatchTooLong
from .match import Bot, MatchState, play_match, playout, run_hand
from .moves import Move, Play, format_move, parse_move
from .observation import Observation
from .protocol import HandScore, Params, RuleSet, SubsetSums
from .records import HandResult, Opening
from .state import HandState

__all__ = [
    "Bot",
    "EngineError",
    "HandResult",
    "HandScore",
    "HandState",
    "IllegalMove",
    "MatchState",
    "MatchTooLong",
    "Move",
    "Observation",
    "Opening",
    "Params",
    "Play",
    "RuleSet",
    "SubsetSums",
    "format_move",
    "parse_move",
    "play_match",
    "playout",
    "run_hand",
    "shuffled_deck",
]
