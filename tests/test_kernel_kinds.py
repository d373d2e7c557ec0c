"""The kernel against the interpreter on capture kinds, their priority, valueless cards and jokers.

No shipped variant the kernel plays uses most of these (cicera splits a tie, cuarenta
scores events), so they are written here as house rules: every kind (equal-rank,
equal-value, sum, sum-with-played with two targets, whole-table with
unless_rank_on_table and keep, many, run, a cards mask), every priority step (prefer,
one-card-first, fewest-cards, most-cards, sweep, always), valueless cards (Cicera's
courts) and jokers (in the seeds' two modes, with kinds, in an opening total and a
weighted sweep). Decks and seeds come from hypothesis; each example plays a batch of
hands, held to tests/kernel_support's "same hand".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernel_kinds import needs_kinds

from .engine_fixtures import house_variants
from .kernel_support import (
    BOT_CLASSES,
    assert_same_matches,
    made_up_engines,
    play_same_hands,
)
from .test_capture_kinds import KIND_VARIANTS

JOKERS = "deck:\n  jokers:\n    count: {count}\n    values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n    primiera: 0\n"
TEXTS = {
    **{f"kernel-{name}": f"id: kernel-{name}\nextends: scopa\ncapture:\n{capture}"
       for name, capture in KIND_VARIANTS.items()},
    # valueless cards: Cicera's courts take by rank only; its tie split (not in the kernel yet) left out
    "kernel-cicera-no-split": "id: kernel-cicera-no-split\nextends: cicera\n"
                              "scoring:\n  rules:\n    - id: carte\n      award: most(count(pile))\n",
    # jokers in match mode, a single card first
    "kernel-scopa-jokers": "id: kernel-scopa-jokers\nextends: scopa\n" + JOKERS.format(count=1)
                           + "deal:\n  stock_remainder: set-aside\n",
    # jokers in sum mode with two targets, an opening total with jokers, sweeps weighted by target
    "kernel-escopa-jokers": "id: kernel-escopa-jokers\nextends: escopa\n" + JOKERS.format(count=2)
                            + "deal:\n  stock_remainder: to-table\nend_of_deal:\n  check: null\n",
    # jokers with kinds: several sets at once, the fewest cards, a sweep first, never with a joker
    "kernel-comodines-kinds": "id: kernel-comodines-kinds\nextends: comodines\n"
                              "capture:\n  kinds:\n    - {id: match, take: equal-value}\n"
                              "    - {id: fifteen, take: sum-with-played, targets: [15, 30], sets: many}\n"
                              "  priority:\n    - {rule: sweep}\n    - {rule: fewest-cards}\n"
                              "sweeps:\n  weight_by_target: true\n  not_with_joker: false\n",
}
HANDS_PER_EXAMPLE = 10
#: the heuristic bot (slow in Python) holds jokers in test_kernel_parity (comodines) and test_kernel_events
BOTS = {name: BOT_CLASSES[name] for name in ("random", "greedy")}


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "kernel-kinds", TEXTS)


def test_every_house_variant_here_runs_on_the_kernels_kinds_code(variants):
    for name, variant in variants.items():
        assert unsupported(variant) == [], name
        assert needs_kinds(variant), name


@pytest.mark.parametrize("name", sorted(TEXTS))
@given(root=st.integers(0, 2**64 - 1), bots=st.lists(st.sampled_from(sorted(BOTS)), min_size=6, max_size=6),
       dealer=st.integers(0, 5), layout=st.integers(0, 7))
@settings(deadline=None, max_examples=15)
def test_a_kernel_hand_with_kinds_or_jokers_is_the_interpreters_hand(variants, name, root, bots, dealer, layout):
    variant = variants[name]
    kernel, interp = made_up_engines(name, variant)
    lay = variant.players.layouts[layout % len(variant.players.layouts)]
    play_same_hands(kernel, interp, root, bots[:lay.players], team_size=lay.team_size, dealer=dealer,
                    count=HANDS_PER_EXAMPLE, where=(name,))


@pytest.mark.parametrize("name", sorted(TEXTS))
@given(seed=st.integers(0, 2**64 - 1), bot=st.sampled_from(sorted(BOTS)))
@settings(deadline=None, max_examples=5)
def test_a_kernel_match_with_kinds_or_jokers_is_the_interpreters_match(variants, name, seed, bot):
    variant = variants[name]
    kernel, interp = made_up_engines(name, variant)
    lay = variant.players.layouts[0]
    assert_same_matches(kernel, interp, [seed], [bot] * lay.players, team_size=lay.team_size, where=(name,))
