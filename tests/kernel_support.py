"""The kernel against the interpreter: one definition of "the same hand" and "the same match".

Every kernel differential test deals the same decks to both engines, seats bots that draw
from the same `engine.stream` streams (stream 0 of a seed deals and redeals, stream 1 + s
is seat s's bot), and holds the two to these checks:

- the same hand: every play (seat, card, capture, claim, sweeps), the redeals, every
  declaration made (round, seat, side, id, points, effect), every pile, sweep and capture
  count, the leftovers and their check, whether the hand stopped, and every rule's points;
  the effects that decide a match (win-match, lose-match) as a set, since the kernel keeps
  one flag per side and rule where the interpreter lists them in the order they happened;
- the same match: the winner, the hands played, the scores, the sides eliminated, the
  sweeps over all hands, and the last hand's points and effects.
"""

from __future__ import annotations

import random

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.engine import HandState, play_match, run_hand
from escoba_spec.engine.bots import GreedyBot, HeuristicBot, RandomBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.validate import load_variant

from .conftest import RULES

#: every rule file the project ships (its house rules too), loaded once for the kernel tests that
#: go through them all; KERNEL_VARIANTS: the ids of those the kernel plays
SHIPPED_FILES = sorted([*RULES.glob("*.yaml"), *(RULES / "house").glob("*.yaml")])
SHIPPED = {path.stem: load_variant(path) for path in SHIPPED_FILES}
KERNEL_VARIANTS = sorted(name for name, v in SHIPPED.items() if not unsupported(v))

#: the bots both engines play, by the names the kernel knows them by (Kernel.bot_codes)
BOT_CLASSES = {"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot}
RESULT_FIELDS = ("piles", "sweeps", "captures", "leftovers", "leftovers_side", "leftover_total", "leftover_listed",
                 "stopped")


def stream_bots(names, seed):
    """The interpreter's bots, seat s drawing from stream 1 + s of `seed` as the kernel's do."""
    return [BOT_CLASSES[b](rng=Stream(seat_seed(seed, 1 + seat))) for seat, b in enumerate(names)]


def interpreter_hand(interp, deck, names, seed, *, team_size, dealer):
    """The interpreter's hand from `deck`, its redeals from stream 0 of `seed`."""
    players = len(names)
    state = HandState.deal(interp, deck, players=players, team_size=team_size, dealer=dealer % players,
                           rng=Stream(seat_seed(seed, 0)))
    run_hand(state, stream_bots(names, seed))
    return state


def assert_same_hand(mine, state, where=()) -> None:
    """A kernel's hand (`Kernel.play_hand`) is the interpreter's played hand (`state`)."""
    theirs = state.result
    assert mine.history == tuple(state.history), where
    assert mine.redeals == state.redeals, where
    assert mine.declared == tuple(state.declared), where
    for field in RESULT_FIELDS:
        assert getattr(mine.result, field) == getattr(theirs, field), (field, *where)
    assert mine.result.score.points == theirs.score.points, where
    assert set(mine.result.score.effects) == set(theirs.score.effects), where


def play_same_hands(kernel, interp, root, names, *, team_size=1, dealer=0, count=10, where=()):
    """`count` hands from decks shuffled by `root`, each with its own seed, the dealer moving on:
    the same on both engines."""
    rng = random.Random(root)
    for i in range(count):
        deck = list(range(kernel.cards.size))
        rng.shuffle(deck)
        seed = rng.getrandbits(64)
        mine = kernel.play_hand(deck, names, seed, team_size=team_size, dealer=dealer + i)
        state = interpreter_hand(interp, deck, names, seed, team_size=team_size, dealer=dealer + i)
        assert_same_hand(mine, state, (*where, deck, seed))


def assert_same_matches(kernel, interp, seeds, names, *, team_size=1, where=()):
    """Whole matches, one per seed, in the kernel (`play_matches`) and the interpreter: the
    kernel's batch and the interpreter's matches, for further checks."""
    batch = kernel.play_matches(seeds, names, team_size=team_size)
    matches = []
    for m, seed in enumerate(seeds):
        match = play_match(interp, stream_bots(names, seed), seed, team_size=team_size,
                           rng=Stream(seat_seed(seed, 0)))
        matches.append(match)
        at = (*where, seed)
        assert batch.winner[m] == match.winner, at
        assert batch.hands[m] == match.hands_played, at
        assert [batch.exact(x) for x in batch.scores[m]] == match.scores, at
        assert batch.eliminated[m] == sum(1 << s for s in match.eliminated), at
        assert list(batch.led[m]) == match.led, at
        assert [batch.exact(x) for x in batch.deficit[m]] == match.deficit, at
        totals = [sum(res.sweeps[s] for res in match.results) for s in range(match.sides)]
        assert list(batch.sweeps[m, 0]) == totals, at
        last = match.results[-1].score
        for r, rule in enumerate(kernel.points_rules):
            assert [batch.exact(x) for x in batch.last_points[m, r]] == [last.points[s][rule]
                                                                       for s in range(match.sides)], (rule, *at)
        effects = {(s, rule) for s in range(match.sides) for e, rule in enumerate(kernel.effect_rules)
                   if batch.last_effects[m, e, s]}
        assert effects == {(s, rule) for s, rule, _ in last.effects}, at
    return batch, matches


#: the variants made up by test_kernel_kinds, test_kernel_rules, test_kernel_events and test_sweep_weight whose kernels
#: the tests compile with numba: between them and the shipped variants (every one compiled by its
#: own tests), every line of kernel code any made-up variant generates compiles natively somewhere
#: in the suite (tests/test_kernel_native_cover.py checks it, and names a variant to add here when
#: a new one writes code nobody compiles). The others play their kernel's source as plain Python:
#: the same code, checked against the interpreter in milliseconds, not a numba compile of seconds
#: each, which made up a third of the suite's time.
NATIVE_MADE_UP = frozenset({"claims-events", "kernel-escopa-jokers", "all-of-them", "ev-effects", "split-three-ways",
                            "declarations", "catch-up", "ev-at-once", "five-players", "kernel-sweep-compulsory",
                            "pile-events", "lead-goal",
                            "avoid-first-out", "ace-lead-at-four", "declared-events", "cuarenta-caida-en-ronda",
                            "seep-sweeps", "sweep-names"})


def engines(variant, *, native: bool = True):
    """The variant's kernel (compiled once, then cached; or its source as plain Python) and its
    interpreter."""
    from escoba_spec.compiler.kernels import load_kernel

    return load_kernel(variant, native=native), Interpreter(variant)


def made_up_engines(name: str, variant):
    """`engines` for a variant a test made up: native if it is in NATIVE_MADE_UP."""
    return engines(variant, native=name in NATIVE_MADE_UP)


def kernel_turn(kernel, state, move=None):
    """The kernel's own hand loop (play_from) at the interpreter's position `state`, every seat an
    expert so that it stops at the next turn, as the expert's search does: the legal moves it lists
    for the seat to play; or, given `move`, the kernel's position after playing it, `at` (its
    table, builds, ...), None when that play ended the hand. A position set up by a test (builds
    included) reaches the kernel as the expert hands it one (engine.expert.kernel_position)."""
    import numpy as np

    from escoba_spec.engine.expert import kernel_position
    from escoba_spec.engine.moves import Move
    from escoba_spec.engine.observation import Observation

    module = kernel.module
    work = np.zeros((module.WORK_ROWS, module.MAX_MOVES), dtype=np.int64)
    wmask = np.zeros((4, module.MAX_MOVES), dtype=np.int64)
    args = kernel_position(kernel, Observation(state, state.to_play), state.legal_moves(), work, wmask)
    args["hands"][:] = state.hands  # every hand as it is: the next seat's turn is listed too
    args["bots"][:] = module.EXPERT
    args = list(args.values())
    args.insert(10, np.zeros(12, dtype=np.int64))  # info, after captures
    status = module.play_from(*args, np.int64(-1))
    assert status == module.EXPERT_TURN, status
    at = args[-1]
    count = int(at[module.AT_COUNT])
    builds = hasattr(module, "AT_BUILDS")
    listed = [Move(int(work[0, i]), int(wmask[0, i]), 0 if builds else int(wmask[2, i]),
                   int(wmask[2, i]) if builds else 0) for i in range(count)]
    if move is None:
        return listed
    status = module.play_from(*args, np.int64(listed.index(move)))
    return at if status == module.EXPERT_TURN else None


def kernel_builds(kernel, at) -> list[tuple[int, ...]]:
    """The builds of a kernel position `at` (cards, value, last changer, owners), sorted as HandState
    keeps them."""
    base, slots = kernel.module.AT_BUILDS, kernel.module.BUILD_SLOTS
    return sorted(tuple(int(x) for x in at[base + 1 + slots * b: base + 1 + slots * (b + 1)])
                  for b in range(int(at[base])))
