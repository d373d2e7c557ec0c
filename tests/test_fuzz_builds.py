"""Random build rules on every shipped base: valid or located errors, never an exception, and when
valid the kernel's hand loop and the interpreter play them alike, play for play (issue 38).

Each example lays `capture.builds` with random fields on a shipped file (Cassino's kinds, Scopa's
and Escoba's plain capture modes, the bases builds cannot join, which must say so), and plays a
few hands with random, greedy and heuristic seats on both engines. The kernel runs as plain Python
(the code numba compiles; test_kernel_parity plays Cassino's natively), so an example costs a
fraction of a second. Short under the ci profile; `HYPOTHESIS_PROFILE=long` plays thousands.
"""

from __future__ import annotations

import yaml
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import HandState, run_hand
from escoba_spec.engine.bots import RandomBot
from escoba_spec.engine.errors import TooManyMoves
from escoba_spec.engine.interpreter import Interpreter

from .conftest import RULES
from .fuzz_support import assert_answer
from .kernel_support import BOT_CLASSES, play_same_hands

BASES = sorted(p.stem for p in RULES.glob("*.yaml"))


@st.composite
def build_rules(draw) -> str:
    base = draw(st.sampled_from(BASES))
    lowest = draw(st.integers(1, 12))
    builds = {"lowest": lowest, "highest": draw(st.integers(lowest, lowest + 12)),
              "hold": draw(st.booleans()), "raise": draw(st.sampled_from(["single", "none"])),
              "duties": draw(st.lists(st.sampled_from(["no-trail", "keep-card"]), unique=True, max_size=2)),
              "per_value": draw(st.sampled_from(["any", "one"])), "absorb": draw(st.booleans()),
              "owners": draw(st.sampled_from(["last", "shared"]))}
    if builds["raise"] == "single":
        builds["raise_with_table"] = draw(st.booleans())
        builds["raise_own"] = draw(st.booleans())
    doc = {"id": "fuzzed-builds", "name": "Fuzzed builds", "extends": base,
           "capture": {"builds": builds}}
    return yaml.safe_dump(doc, sort_keys=False)


@given(text=build_rules(), root=st.integers(0, 2**64 - 1), data=st.data())
def test_random_build_rules_are_answered_and_both_engines_play_them_alike(validate_text, text, root, data):
    variant, problems = validate_text(text, name="fuzzed-builds.yaml")
    assert_answer(text, variant, problems, display="fuzzed-builds.yaml")
    if variant is None:
        return
    layout = data.draw(st.sampled_from(variant.players.layouts))
    names = [data.draw(st.sampled_from(sorted(BOT_CLASSES))) for _ in range(layout.players)]
    interp = Interpreter(variant)
    # a position with more moves than the engines list ends a hand with TooManyMoves in either engine
    # (multiple builds over a wide table): the one answer besides a played hand
    try:
        if unsupported(variant):  # the interpreter alone plays it (the tools say so): it must play without error
            state = HandState.deal(interp, seed=root, players=layout.players, team_size=layout.team_size)
            run_hand(state, [RandomBot(root + s) for s in range(layout.players)])
            assert state.over
            return
        kernel = load_kernel(variant, native=False)
        play_same_hands(kernel, interp, root, names, team_size=layout.team_size, count=3, where=(text,))
    except TooManyMoves:
        pass
