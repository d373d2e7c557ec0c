"""Issue 36, class 7: a position with more legal moves than the kernel starts with room for
(8,192) is played, not refused. A hand or match that meets one is played again from its seed
with four times the room (up to engine.kernel.MOST_MOVES), and the expert and the kernel's step
functions grow theirs: every engine plays such a position as the interpreter does.

The made-up house rule of tests/corpus/crowded/ (12-card hands on a 12-card table of low
cards, a sum kind taking several sets at once) deals 17 in 100 opening positions with more
than 8,192 legal moves."""

from __future__ import annotations

from pathlib import Path

from escoba_spec.engine import HandState
from escoba_spec.engine.captures import build_sums
from escoba_spec.engine.kernel import MOST_MOVES
from escoba_spec.engine.stream import Stream, seat_seed

from .kernel_support import assert_same_matches, made_up_engines

CORPUS = Path(__file__).resolve().parent / "corpus" / "crowded"
CROWDED = (CORPUS / "crowded.yaml").read_text(encoding="utf-8")
CROWDED_ONE = (CORPUS / "crowded-one.yaml").read_text(encoding="utf-8")

#: match seeds whose first hand opens on more than 8,192 legal moves (checked below), and one that does not
SEEDS = [20, 3]


def _crowded(validate_text):
    variant, problems = validate_text(CROWDED, name="crowded.yaml")
    assert variant is not None and problems == [], [p.format() for p in problems]
    return variant


def test_matches_that_meet_more_moves_than_the_kernel_starts_with_are_played_as_the_interpreter_plays_them(
        validate_text):
    variant = _crowded(validate_text)
    kernel, interp = made_up_engines("crowded", variant)
    opening = [len(HandState.deal(interp, players=2, rng=Stream(seat_seed(seed, 0))).legal_moves()) for seed in SEEDS]
    assert max(opening) > kernel.module.MAX_MOVES, opening  # the test meets what it is about
    batch, matches = assert_same_matches(kernel, interp, SEEDS, ["random", "greedy"])
    assert all(w >= 0 for w in batch.winner) and all(m.winner is not None for m in matches)


def test_one_card_with_more_captures_than_the_room_is_answered_whole_by_the_kernels_step_function(validate_text):
    """A table of 24 low cards trailed on: the 7 takes 9,585 different sets of them."""
    variant, problems = validate_text(CROWDED_ONE, name="crowded-one.yaml")
    assert variant is not None and problems == [], [p.format() for p in problems]
    kernel, interp = made_up_engines("crowded-one", variant)
    rules = kernel.ruleset()
    cards = interp.cards
    low = [c.index for c in cards.cards if c.value in (1, 2, 3) and c.rank != 1][:24]
    table = sum(1 << i for i in low)
    seven = cards.parse("7d")
    theirs = interp.capture_options(seven, table, build_sums(cards.values, table), False)
    mine = rules.capture_options(seven, table, None, False)
    assert len(theirs) > kernel.module.MAX_MOVES and sorted(mine) == sorted(theirs)
    assert kernel.module.MAX_MOVES < MOST_MOVES
