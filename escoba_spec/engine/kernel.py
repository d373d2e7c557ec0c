"""A variant's kernel driven from Python: whole hands and batches of whole matches.

The generated kernel module (`compiler.kernel`) works on arrays; `Kernel`
turns its answers into the engine's own records (`HandResult`, `Play`) and
its status codes into `EngineError`s, so a caller sees the same things the
interpreter gives. Randomness comes from `engine.stream` seeds: stream 0 of
a seed deals (and redeals), stream 1 + s is seat s's bot.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from ..language.cards import CardSet
from ..language.expr.env import NO_MATCH, MatchFacts, PlayFacts
from ..language.expr.nodes import constant
from .dealing import check_deck
from .errors import (  # noqa: F401 (the statuses are named as kernel.X too)
    MOST_MOVES, TOO_MANY_MOVES, EngineError, MatchTooLong, status_error, status_text,
)
from .batch import NO_BATCH, MatchBatch
from .events import Declared
from .moves import Play
from .names import DEFAULT_BUDGET, SEARCH_BOTS, split_bot_name
from .protocol import HandScore, Params, PileView, events_name_declared, whole
from .records import HandResult
from .stages import StartApart, pointers, prepare
from .stream import seat_seed

#: the bots a kernel plays by itself, by name (its code in the kernel; the expert's playouts per
#: decision ride in the code's bits above the low byte: `bot_code`)
KERNEL_BOTS = {"random": 0, "greedy": 1, "heuristic": 2, "expert": 3, "montecarlo": 4}

def bot_code(name: str) -> int:
    """A bot's code in the kernel: `random`, `greedy`, `heuristic`, `expert` or `expert:N` (N
    playouts a decision), `montecarlo` or `montecarlo:N`; ValueError for any other."""
    base, budget = split_bot_name(name)
    if base not in KERNEL_BOTS:
        raise ValueError(f"the kernel plays the bots {', '.join(KERNEL_BOTS)}, not '{name}'")
    if base not in SEARCH_BOTS:
        if budget is not None:
            raise ValueError(f"'{name}': only the expert and montecarlo bots take a budget (expert:N)")
        return KERNEL_BOTS[base]
    return KERNEL_BOTS[base] | (budget or DEFAULT_BUDGET) << 8


@dataclass(frozen=True)
class _Arrays:
    """Everything the kernel's entry point works in, made by the caller (see `Kernel._play`)."""

    n: int
    team: int
    deck: np.ndarray
    streams: np.ndarray
    hands: np.ndarray
    piles: np.ndarray
    sweeps: np.ndarray
    captures: np.ndarray
    info: np.ndarray
    hist: np.ndarray
    work: np.ndarray
    wmask: np.ndarray
    P: np.ndarray
    E: np.ndarray
    scores: np.ndarray
    games: np.ndarray
    state: np.ndarray
    at: np.ndarray
    totals: np.ndarray


@dataclass(frozen=True)
class KernelHand:
    """One hand the kernel played: its result and every play, in order."""

    result: HandResult
    history: tuple[Play, ...]
    redeals: int
    declared: tuple[Declared, ...] = ()  # the declarations made, in order (HandState.declared)




class KernelRuleSet:
    """The engine's RuleSet answered by a kernel's step functions: `HandState` (and so play with
    a person or Python bots, diff, the API) applies the kernel's rules one question at a time."""

    def __init__(self, kernel: "Kernel"):
        self.kernel = kernel
        self.module = kernel.module
        self.id = kernel.id
        self.cards = kernel.cards
        self.params = kernel.params
        self._rules = tuple(r.id for r in kernel.rules if r.effect == "points")
        self._room(self.module.MAX_MOVES)

    def _room(self, size: int) -> None:
        self._out = np.zeros(size, dtype=np.int64)
        self._work = np.zeros((self.module.WORK_ROWS, size), dtype=np.int64)
        self._wmask = np.zeros((4, size), dtype=np.int64)

    def capture_options(self, card: int, table: int, sums=None, last_play: bool = False,
                        piles: PileView | None = None) -> list[int]:
        while True:
            if piles is not None:
                self._pile_view(piles)
            count = self.module.capture_options(card, table, bool(last_play), self._out, self._work, self._wmask)
            if count != TOO_MANY_MOVES or self._out.shape[0] >= MOST_MOVES:
                break
            self._room(min(4 * self._out.shape[0], MOST_MOVES))  # more captures than room: again, with more
        if count < 0:
            raise status_error(count)
        return self._out[:count].tolist()

    def _pile_view(self, piles: PileView) -> None:
        """The piles a kind from a pile looks at, into work[16] (kinds.py.j2's _pile_sets)."""
        view = self._work[16]
        view[:len(piles.piles)] = piles.piles
        view[8:8 + len(piles.tops)] = piles.tops
        view[16], view[17], view[18] = piles.side, piles.next_side, len(piles.piles)

    def capture_makers(self, card: int, capture: int, table: int, piles: PileView | None = None) -> frozenset[str]:
        if piles is not None:
            self._pile_view(piles)
        mask = int(self.module.capture_makers(card, capture, table, self._work))
        return frozenset(k.id for i, k in enumerate(self.params.capture_kinds) if mask >> i & 1)

    def sweep_weight(self, card: int, captured: int, last_play: bool, play: PlayFacts | None = None,
                     side: int = 0) -> int:
        if not self.params.sweep_by_play:
            return int(self.module.sweep_weight(card, captured, bool(last_play), self._work))
        if play is None:
            raise ValueError(f"{self.id}: sweeps.weight asks the play that swept, and none was given")
        return int(self.module.sweep_weight(card, captured, bool(last_play), self._work, side, play.taken,
                                            play.previous, play.previous_side, bool(play.first_play), play.round,
                                            bool(play.last_round), bool(play.first_in_round)))

    def opening_multiple(self, table: int, sums=None) -> int:
        return int(self.module.opening_multiple(table, self._work, self._wmask))

    def redeal_wanted(self, table: int) -> bool:
        return bool(self.module.redeal_wanted(table))

    def _standing(self, match: MatchFacts, sides: int) -> np.ndarray:
        scale = self.kernel.scale
        return np.array([int(x * scale) for x in match.scores] if match.scores else [0] * sides, dtype=np.int64)

    def declaration_values(self, side: int, hand: int, table: int, play: PlayFacts, piles, sweeps, captures,
                           match: MatchFacts) -> tuple[int | None, ...]:
        sides = len(piles)
        best = np.full(len(self.params.declarations), -1, dtype=np.int64)
        self.module.declaration_values(side, hand, table, play.round, np.array(piles, dtype=np.int64),
                                       np.array(sweeps, dtype=np.int64), np.array(captures, dtype=np.int64),
                                       self._standing(match, sides), match.dealer_side, best)
        return tuple(int(v) if v >= 0 else None for v in best)

    def play_events(self, side: int, piles, sweeps, captures, table: int, play: PlayFacts,
                    match: MatchFacts) -> tuple[tuple[str, int, str], ...]:
        """The kernel's play_events on one play: the points and effects it adds, read back by column."""
        sides = len(piles)
        kernel = self.kernel
        P = np.zeros((sides, kernel.p_columns), dtype=np.int64)
        E = np.zeros((sides, max(1, len(kernel.effect_rules))), dtype=np.int64)
        hist = np.zeros((2, 5), dtype=np.int64)  # the previous play, as the hand's history holds it
        plays = 1
        if play.previous:
            hist[0, 0] = play.previous_side
            hist[0, 1] = play.previous.bit_length() - 1
            plays = 2
        state = kernel.new_state(sum(1 << s for s in match.out))
        args = [side, np.array(piles, dtype=np.int64), np.array(sweeps, dtype=np.int64),
                np.array(captures, dtype=np.int64), table, play.played, play.taken, play.table_before, hist, plays,
                sides, bool(play.last_play), play.round, bool(play.last_round), bool(play.first_in_round), P, E,
                self._standing(match, sides), state, match.dealer_side]
        if self.params.stack:  # a stack's top card before the play and after it
            args += [play.top_before, play.top]
        if self.params.pile_tops:  # the pile taken whole, each pile's top card after the play
            tops = np.full(8, -1, dtype=np.int64)
            tops[:len(play.tops)] = play.tops
            args += [play.stolen, tops]
            if play.piles_before:  # the piles as the kinds from a pile saw them (work[16])
                self._pile_view(PileView(*play.piles_before))
        if kernel.event_kinds:
            args += [play.card, play.claim, self._work[2], self._work[3], self._work[4], self._work[8:]]
        if kernel.event_declared:  # the name declared: each side's declared hands
            declared = np.zeros(8, dtype=np.int64)
            declared[:len(play.declared)] = play.declared
            args.append(declared)
        self.module.play_events(*args)
        fired = []
        for event in kernel.events:
            if event.effect == "points":
                points = int(P[side, kernel.points_rules.index(event.id)])
                if points:
                    fired.append((event.id, whole(Fraction(points, kernel.scale)), "points"))
            elif E[side, kernel.effect_rules.index(event.id)]:
                fired.append((event.id, 0, event.effect))
        return tuple(fired)

    def score_hand(self, piles, sweeps, captures, match=NO_MATCH) -> HandScore:
        sides = len(piles)
        P = np.zeros((sides, self.kernel.p_columns), dtype=np.int64)
        E = np.zeros((sides, max(1, len(self.kernel.effect_rules))), dtype=np.int64)
        scale = self.kernel.scale
        scores = np.array([int(x * scale) for x in match.scores] if match.scores else [0] * sides, dtype=np.int64)
        carry = self.kernel.carry_array(match.carried)
        self.module.score_hand(np.array(piles, dtype=np.int64), np.array(sweeps, dtype=np.int64),
                               np.array(captures, dtype=np.int64), P, E, scores, carry, match.dealer_side,
                               match.hand_number, self.kernel.stage("_score_hand"))
        score = self.kernel._score(P, E, carry)
        if len(self._rules) == len(self.kernel.points_rules):
            return score
        # the end of the hand's rules only, as Interpreter.score_hand: HandState adds the points scored in play
        return HandScore(tuple({r: side[r] for r in self._rules} for side in score.points), score.effects,
                         score.carried)


class Kernel:
    """A compiled variant's kernel (built by `compiler.kernels.load_kernel`)."""

    def __init__(self, module, variant, *, start_apart: StartApart | None = None):
        self.module = module
        self._start_apart = start_apart  # how stages compile in a second process (engine.stages.prepare)
        self._stages: tuple | None = None
        self._stages_lock = threading.Lock()  # the studio plays from threads: one first compile, not two
        self.id = variant.id
        self.cards = CardSet(variant.deck)
        self.params = Params.from_variant(variant)
        self.points_rules: tuple[str, ...] = module.POINTS_RULES
        #: the declarations of sweeps, counted apart in P's columns after the points
        self.sweep_declarations: tuple[str, ...] = module.SWEEP_DECLARATIONS
        self.p_columns = max(1, len(self.points_rules) + len(self.sweep_declarations))  # P's width, _P_COLUMNS
        self.effect_rules: tuple[str, ...] = module.EFFECT_RULES
        self._effects = {r.id: r.effect for r in (*variant.scoring.rules, *variant.scoring.events,
                                                  *variant.declarations.rules) if r.effect in ("win-match", "lose-match")}
        self.rules = variant.scoring.rules
        self.events = variant.scoring.events
        self.event_kinds = any(e.kinds for e in variant.scoring.events)  # play_events is told the kinds' code
        self.event_declared = events_name_declared(variant)  # and each side's declared hands
        self.scale: int = getattr(module, "SCALE", 1)  # every point in the kernel is times this
        #: the constant points of the rules and events the kernel names in NUMBERS, which it is handed
        #: in its state rather than written with (so that they can change without a compile)
        points = {r.id: r.points for r in (*variant.scoring.rules, *variant.scoring.events)}
        self.numbers = np.array([constant(points[rule]) for rule in module.NUMBERS], dtype=np.int64)

    def stage(self, name: str):
        """What compiled code is handed for one of the kernel's stages (engine.stages.stage): its
        pointer, compiled on first use."""
        return pointers((getattr(self.module, name),))[0]

    def stages(self, which: str = "STAGES") -> tuple:
        """What an entry point (STAGES) or the expert's search (EXPERT_STAGES) is handed: the
        kernel's stages, compiled on first use."""
        return pointers(getattr(self.module, which))

    def _entry_stages(self, entry, args: tuple) -> tuple:
        """The stages the entry point is handed after `args`: on the kernel's first compile, the
        largest compiled in a second process meanwhile (engine.stages.prepare)."""
        with self._stages_lock:
            if self._stages is None:
                self._stages = prepare(entry, args, self.module.STAGES, self._start_apart)
            return self._stages

    def ruleset(self) -> KernelRuleSet:
        """The engine's RuleSet on this kernel's step functions."""
        return KernelRuleSet(self)

    def bot_codes(self, names: Sequence[str]) -> np.ndarray:
        """The kernel's code of each seat's bot (`expert:N`: the expert with N playouts a decision);
        ValueError for a bot it does not play."""
        return np.array([bot_code(name) for name in names], dtype=np.int64)

    def _entry(self, codes: np.ndarray, with_expert: bool):
        """The kernel's one entry point for these bots: `play`, or its `play_expert` twin when a seat
        is an expert or the caller asks for it. The expert's search compiles only into the twin, so a
        kernel the expert never plays is seconds quicker to compile; the twin plays every other bot
        exactly as `play` does, so a caller that will seat an expert anyway (an analysis) plays all
        its games on it and compiles one, not both."""
        expert = with_expert or bool(np.any((codes & 0xFF) >= KERNEL_BOTS["expert"]))
        return self.module.play_expert if expert else self.module.play

    def _play(self, mode: int, codes: np.ndarray, with_expert: bool, arrays: "_Arrays", *, seeds=None,
              count: int = 0, dealer: int = 0, batch: "MatchBatch | None" = None) -> int:
        """The entry point (`_entry`) in `mode` (the kernel's ONE_HAND, HANDS or MATCHES), on arrays
        made here: the kernel makes none, so numba's runtime has nothing to count in it."""
        entry = self._entry(codes, with_expert)
        a = arrays
        b = batch or NO_BATCH
        seeds = np.zeros(1, dtype=np.uint64) if seeds is None else seeds
        args = (mode, seeds, count, a.n, a.team, dealer, codes, a.deck, a.streams, a.hands, a.piles, a.sweeps,
                a.captures, a.info, a.hist, a.work, a.wmask, a.P, a.E, a.scores, a.games, a.state, a.at, a.totals,
                b.winner, b.hands, b.scores, b.sweeps, b.points, b.last_points, b.last_effects, b.eliminated,
                b.led, b.deficit)
        return int(entry(*args, *self._entry_stages(entry, args)))

    def _rooms(self):
        """The room for one position's legal moves to try, smallest first: the kernel's MAX_MOVES,
        then four times more up to MOST_MOVES (a position with more ends its hand TOO_MANY_MOVES,
        and the hand, or the match, is played again from its seed: the same plays)."""
        room = self.module.MAX_MOVES
        while True:
            yield room
            if room >= MOST_MOVES:
                return
            room = min(4 * room, MOST_MOVES)

    def _arrays(self, n: int, team_size: int, room: int = 0) -> "_Arrays":
        """Fresh arrays for one call of the entry point (zeroed: a hand's P and E start at 0), with
        room for `room` legal moves a position (0: the kernel's MAX_MOVES)."""
        module = self.module
        sides = n // team_size
        z = np.zeros
        return _Arrays(
            n=n, team=team_size, deck=z(self.cards.size, dtype=np.int64), streams=z(1 + n, dtype=np.uint64),
            hands=z(n, dtype=np.int64), piles=z(sides, dtype=np.int64), sweeps=z(sides, dtype=np.int64),
            captures=z(sides, dtype=np.int64), info=z(12, dtype=np.int64), hist=z((self.cards.size, module.HIST_COLUMNS), dtype=np.int64),
            work=z((module.WORK_ROWS, room or module.MAX_MOVES), dtype=np.int64),
            wmask=z((4, room or module.MAX_MOVES), dtype=np.int64),
            P=z((sides, self.p_columns), dtype=np.int64),
            E=z((sides, max(1, len(self.effect_rules))), dtype=np.int64),
            scores=z(sides, dtype=np.int64), games=z(sides, dtype=np.int64),
            state=self.new_state(),
            at=z(module.AT_SIZE, dtype=np.int64), totals=z(sides, dtype=np.int64))

    def _layout(self, players: int, team_size: int) -> None:
        if (players, team_size) not in self.params.layouts:
            raise ValueError(f"{self.id} is not played by {players} players in teams of {team_size}")

    def play_hand(self, deck: Sequence[int], bots: Sequence[str], seed: int, *, team_size: int = 1,
                  dealer: int = 0, with_expert: bool = False) -> KernelHand:
        """Deal `deck` (top of the stock first) and play the hand; bots draw from `seed`'s streams."""
        n = len(bots)
        self._layout(n, team_size)
        check_deck(deck, self.cards.size)
        sides = n // team_size
        for room in self._rooms():
            a = self._arrays(n, team_size, room)
            a.streams[:] = [seat_seed(seed, k) for k in range(1 + n)]
            a.deck[:] = deck
            a.state[2] = 1  # no side out, the match's first hand, at 0 all: a lone hand
            status = self._play(self.module.ONE_HAND, self.bot_codes(bots), with_expert, a, dealer=dealer % n)
            if status != TOO_MANY_MOVES:
                break
        if status < 0:
            raise status_error(status)
        info, piles, sweeps, captures, hist, work, P, E = a.info, a.piles, a.sweeps, a.captures, a.hist, a.work, a.P, a.E
        stopped = bool(info[11])  # the match ended in play: no end-of-hand scoring, no leftover check
        score = self._score(P, E, a.state[self.module.CARRY_AT:])
        p = self.params
        total = int(info[4])
        listed = total in p.leftover_totals if p.leftover_modulus and not stopped else None
        side = int(info[3])
        declared = self._declared(work[7], sides)
        result = HandResult(score, tuple(int(x) for x in piles), tuple(int(x) for x in sweeps),
                            tuple(int(x) for x in captures), int(info[2]), side if side >= 0 else None, total, listed,
                            stopped=stopped, declared=declared)
        # a play's row: seat, card, captured, sweeps, claim, and with builds the value built (HIST_COLUMNS)
        history = tuple(Play(int(r[0]), int(r[1]), int(r[2]), int(r[4]), int(r[3]), int(r[5]) if len(r) > 5 else 0)
                        for r in hist[: int(info[1])])
        return KernelHand(result, history, int(info[6]), declared)

    def _declared(self, record: np.ndarray, sides: int) -> tuple[Declared, ...]:
        """The declarations a hand made, from the kernel's record of them (round, seat, which, points)."""
        rules = self.params.declarations
        if not rules:
            return ()
        count = int(record[0])
        if 4 * count + 1 > record.shape[0]:
            raise EngineError(f"a hand made {count} declarations, more than the kernel records")
        out = []
        for k in range(count):
            round_, seat, which, points = (int(x) for x in record[1 + 4 * k: 5 + 4 * k])
            declaration, effect = rules[which]
            out.append(Declared(round_, seat, seat % sides, declaration, points, effect))
        return tuple(out)

    def _score(self, P: np.ndarray, E: np.ndarray, carry: np.ndarray | None = None) -> HandScore:
        sides = P.shape[0]
        points = tuple({r: whole(Fraction(int(P[s, i]), self.scale)) for i, r in enumerate(self.points_rules)}
                       for s in range(sides))
        effects = tuple((s, r, self._effects[r]) for s in range(sides) for i, r in enumerate(self.effect_rules)
                        if E[s, i])
        carried = tuple(whole(Fraction(int(carry[j]), self.scale)) for j in range(len(self.params.carry_rules))) \
            if carry is not None and self.params.carry_rules else ()
        return HandScore(points, effects, carried)

    def new_state(self, out: int = 0, carried: Sequence = ()) -> np.ndarray:
        """The entry point's `state` (its slots are the kernel's: deal.py.j2): the sides in mask `out`
        out, what ties carry over (MatchFacts.carried, times SCALE), and the numbers of the rules the
        kernel is handed rather than written with (the target, NUMBERS' points), so that rule files
        that differ only in them share one kernel."""
        module = self.module
        state = np.zeros(module.NUMBERS_AT + len(self.numbers), dtype=np.int64)
        state[0] = out
        state[module.TARGET_AT] = self.params.match_target * self.scale
        for j, points in enumerate(carried):
            state[module.CARRY_AT + j] = int(points * self.scale)
        state[module.NUMBERS_AT:] = self.numbers
        return state

    def carry_array(self, carried: Sequence = ()) -> np.ndarray:
        """The row the scoring stage is handed, state[CARRY_AT:] of `new_state`: what ties carry
        over, then the numbers (never empty: numba is handed a row of at least one)."""
        return self.new_state(carried=carried)[self.module.CARRY_AT:]

    def warm(self, bots: Sequence[str] | None = None, *, with_expert: bool = False) -> None:
        """Load (or, the first time, compile) the machine code of play_matches for these bots (the
        fast bots' entry point, or its expert twin), playing no match (random bots when not told)."""
        players = len(bots) if bots else min(self.params.layouts)[0]
        team_size = next((t for p, t in sorted(self.params.layouts) if p == players), None)
        if team_size is not None:  # else the matches themselves say the layout is not played
            self.play_matches([], list(bots or ["random"] * players), team_size=team_size, with_expert=with_expert)

    def play_hands(self, seed: int, count: int, bots: Sequence[str], *, team_size: int = 1,
                   with_expert: bool = False) -> list:
        """`count` whole hands in the kernel from one seed (the benchmark's playouts): each side's
        points over them all."""
        n = len(bots)
        self._layout(n, team_size)
        seeds = np.array([seed & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64)
        for room in self._rooms():
            a = self._arrays(n, team_size, room)
            status = self._play(self.module.HANDS, self.bot_codes(bots), with_expert, a, seeds=seeds, count=count)
            if status != TOO_MANY_MOVES:
                break
        if status < 0:
            raise status_error(status)
        totals = a.totals
        return [whole(Fraction(int(t), self.scale)) for t in totals]

    def play_matches(self, seeds: Sequence[int], bots: Sequence[str], *, team_size: int = 1,
                     with_expert: bool = False) -> MatchBatch:
        """Whole matches, one per seed, in this process (one core); `with_expert`: on the entry
        point that plays the expert too, whoever sits (see `_entry`)."""
        n = len(bots)
        self._layout(n, team_size)
        seeds = np.array([s & 0xFFFFFFFFFFFFFFFF for s in seeds], dtype=np.uint64)
        codes = self.bot_codes(bots)
        batch = None
        for room in self._rooms():  # the matches that met a position with more moves than room, again
            crowded = np.arange(seeds.shape[0]) if batch is None else np.flatnonzero(batch.winner == TOO_MANY_MOVES)
            if batch is not None and not crowded.size:
                break
            again = self._batch(seeds[crowded], n // team_size)
            self._play(self.module.MATCHES, codes, with_expert, self._arrays(n, team_size, room), seeds=again.seeds,
                       batch=again)
            batch = again if batch is None else batch.put(crowded, again)
        failed = np.flatnonzero(batch.winner < 0)
        if failed.size:
            first = int(failed[0])
            code = int(batch.winner[first])
            if code == -15:
                raise MatchTooLong(f"no side won the match in {self.params.max_hands} hands "
                                   f"(seed {int(seeds[first])})")
            raise status_error(code, f" (match seed {int(seeds[first])})")
        return batch

    def _batch(self, seeds: np.ndarray, sides: int) -> MatchBatch:
        """Zeroed rows for the matches of `seeds` (the kernel's play_matches fills them)."""
        m = seeds.shape[0]
        rules = self.p_columns
        return MatchBatch(
            seeds=seeds,
            winner=np.zeros(m, dtype=np.int64),
            hands=np.zeros(m, dtype=np.int64),
            scores=np.zeros((m, sides), dtype=np.int64),
            sweeps=np.zeros((m, 2, sides), dtype=np.int64),
            points=np.zeros((m, 2, rules, sides), dtype=np.int64),
            last_points=np.zeros((m, rules, sides), dtype=np.int64),
            last_effects=np.zeros((m, max(1, len(self.effect_rules)), sides), dtype=np.int64),
            eliminated=np.zeros(m, dtype=np.int64),
            led=np.zeros((m, sides), dtype=np.int64),
            deficit=np.zeros((m, sides), dtype=np.int64),
            scale=self.scale,
        )
