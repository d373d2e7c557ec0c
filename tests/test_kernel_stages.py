"""A kernel's stages: compiled on their own, handed to the entry points as pointers.

numba compiles a function with everything it calls linked in, and optimises and writes the
machine code of the whole again: the stages of a hand (deal, plays, scoring, the match's
decision and standing) are cfuncs instead, which the entry point calls through the pointers
`Kernel.stages` hands it, so each is compiled once (engine.native.stage).
"""

from __future__ import annotations

import numpy as np
import pytest

from escoba_spec.compiler.kernel_stages import EXPERT_STAGES, STAGES, stage_head
from escoba_spec.compiler.kernels import load_kernel
from escoba_spec.engine import native
from escoba_spec.language.validate import load_variant

from .conftest import RULES


def test_a_stage_head_types_each_parameter_by_its_name():
    head = stage_head("decide", "scores, E, state")
    assert head == "@stage('int64(int64[::1], int64[:, ::1], int64[::1])')\ndef decide(scores, E, state):"
    assert stage_head("note_standing", "scores, eliminated, led, deficit", returns="none").startswith(
        "@stage('none(int64[::1], int64, int64[::1], int64[::1])')\n")
    assert ", nrt=True)" in stage_head("_score_hand", "piles, P", nrt=True).splitlines()[0]


def test_a_stage_head_wraps_its_parameters_under_the_parenthesis():
    params = ("deck, n, team, dealer, bots, streams, hands, piles, sweeps, captures, info, hist, work, wmask, P, E, "
              "scores, state, at, forced")
    decorator, first, second = stage_head("play_from", params).splitlines()
    assert first.endswith("P, E,") and len(first) <= 120
    assert second == " " * len("def play_from(") + "scores, state, at, forced):"


def test_a_parameter_the_stages_do_not_name_is_refused():
    with pytest.raises(KeyError, match="mystery"):
        stage_head("odd", "scores, mystery")


def test_a_stage_is_the_function_itself_when_run_as_plain_python():
    def twice(x):
        return 2 * x

    with native.plain_python():
        assert native.stage("int64(int64)")(twice) is twice
    assert native.pointers((twice,)) == (twice,)


@pytest.mark.skipif(not native.NATIVE, reason="numba is not installed for this Python")
@pytest.mark.parametrize("name", ["escoba-de-15"])
def test_the_entry_point_is_handed_its_stages_as_function_pointers(name):
    """Each stage is a cfunc of its own signature, compiled once and then handed over as it is;
    the entry point takes them as first-class function pointers (numba's FunctionType), whose
    code numba never links into the caller's, as it does a callee's."""
    from numba.core.types import FunctionType

    kernel = load_kernel(load_variant(RULES / f"{name}.yaml"))
    module = kernel.module
    assert tuple(s.__name__ for s in module.STAGES) == STAGES
    assert tuple(s.__name__ for s in module.EXPERT_STAGES) == EXPERT_STAGES
    pointers = kernel.stages()
    assert pointers == kernel.stages()  # compiled once, the same each time after
    for stage, pointer in zip(module.STAGES, pointers):
        assert isinstance(stage, native.Stage) and pointer is stage.pointer() and pointer.address
    kernel.play_hands(1, 3, ["random", "greedy"])
    (signature,) = module.play.signatures
    handed = signature[-len(STAGES):]
    assert all(isinstance(t, FunctionType) for t in handed), handed
    assert [str(t.signature) for t in handed] == [str(p._sig) for p in pointers]


@pytest.mark.skipif(not native.NATIVE, reason="numba is not installed for this Python")
@pytest.mark.parametrize("name", ["escoba-de-15"])
def test_a_step_function_scores_a_hand_through_the_same_stage(name):
    kernel = load_kernel(load_variant(RULES / f"{name}.yaml"))
    P = np.zeros((2, len(kernel.points_rules)), dtype=np.int64)
    E = np.zeros((2, 1), dtype=np.int64)
    everything = (1 << kernel.cards.size) - 1
    kernel.module.score_hand(np.array([everything, 0], dtype=np.int64), np.zeros(2, dtype=np.int64),
                             np.ones(2, dtype=np.int64), P, E, np.zeros(2, dtype=np.int64), 0, 1,
                             kernel.stage("_score_hand"))
    assert P[0].sum() > 0 and P[1].sum() == 0
