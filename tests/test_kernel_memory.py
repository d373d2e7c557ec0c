"""The kernels free every array they make.

Kernel functions compile without numba's reference counting unless they say `_nrt=True`
(engine.native.njit): an array made by a call (`ints`, `_standing`) in a function without it
is never freed. Nothing fails; the process only grows, a few hundred bytes a hand, until a
million-hand simulation or an expert's thousands of playouts a move run out of memory. So
this counts the runtime's allocations and frees around every entry point, for every
variant the kernel plays, with every bot, the expert included.
"""

from __future__ import annotations

import gc

import pytest
from numba.core.runtime import _nrt_python, rtsys

from escoba_spec.engine import play_match
from escoba_spec.engine.stream import Stream, seat_seed

from .kernel_support import KERNEL_VARIANTS, SHIPPED, engines, stream_bots



def _held() -> int:
    """Arrays the runtime has made and not freed yet."""
    gc.collect()
    stats = rtsys.get_allocation_stats()
    return stats.alloc - stats.free


def _play_everything(kernel, interp, layout) -> None:
    n, team = layout.players, layout.team_size
    # every mode of both twins: `play` with the fast bots (the parity tests, in the same worker group,
    # compile it anyway) and `play_expert` (MATCHES with an expert seat: the expert's loop and search)
    fast = [("random", "greedy", "heuristic")[seat % 3] for seat in range(n)]
    deck = list(range(kernel.cards.size))
    for with_expert in (False, True):
        kernel.play_hands(7, 4, fast, team_size=team, with_expert=with_expert)
        kernel.play_hand(deck, fast, 3, team_size=team, with_expert=with_expert)
    kernel.play_matches(range(2), fast, team_size=team)
    kernel.play_matches(range(2), [*fast[:-1], "expert:3"], team_size=team)  # the expert in every layout
    # the step functions, as play, diff and the API use them, with Python bots
    names = [("random", "greedy", "heuristic")[seat % 3] for seat in range(n)]
    play_match(kernel.ruleset(), stream_bots(names, 5), 5, team_size=team, rng=Stream(seat_seed(5, 0)))


@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_the_kernels_entry_points_free_every_array_they_make(name):
    kernel, interp = engines(SHIPPED[name])
    layout = SHIPPED[name].players.layouts[-1]
    _play_everything(kernel, interp, layout)  # compiles what is not compiled yet (compiling allocates too)
    _nrt_python.memsys_enable_stats()
    try:
        before = _held()
        _play_everything(kernel, interp, layout)
        assert _held() == before
    finally:
        _nrt_python.memsys_disable_stats()
