"""The stages of a kernel's hand: what the entry points call through function pointers.

A stage (the deal, the plays, the scoring, the match's decision and standing) is compiled on
its own as numba's cfunc for one signature (`engine.stages.stage` says why), so its head
in the template names the numba type of each parameter. The templates name a parameter the
same way in every stage, so its type follows from its name (`_TYPES`); `stage_head` writes
the decorator and the `def` line from the names alone.
"""

from __future__ import annotations

_INT = "int64"
_ROW = "int64[::1]"  # a C-contiguous row of int64 (a 1-d array, or a row of a 2-d one)
_TABLE = "int64[:, ::1]"  # a C-contiguous 2-d array of int64

#: the numba type of each parameter a stage takes, by the name every template gives it
_TYPES = {
    "n": _INT, "team": _INT, "dealer": _INT, "forced": _INT, "dealer_side": _INT, "hand_number": _INT,
    "eliminated": _INT,
    "deck": _ROW, "bots": _ROW, "hands": _ROW, "piles": _ROW, "sweeps": _ROW, "captures": _ROW, "info": _ROW,
    "scores": _ROW, "state": _ROW, "at": _ROW, "led": _ROW, "deficit": _ROW, "carry": _ROW,
    "streams": "uint64[::1]",
    "hist": _TABLE, "work": _TABLE, "wmask": _TABLE, "P": _TABLE, "E": _TABLE,
}

#: the stages the entry points are handed, in the order of their last parameters (templates/kernel/match.py.j2)
STAGES = ("deal_hand", "play_from", "_score_hand", "decide", "note_standing")
#: those the expert's search is handed, in the order of expert_move's last parameters
EXPERT_STAGES = ("play_from", "_score_hand", "decide")

_WIDTH = 120


def stage_head(name: str, params: str, *, returns: str = _INT, nrt: bool = False) -> str:
    """`@stage("signature")` and `def name(params):`, the parameters wrapped at 120 columns under
    the opening parenthesis; `returns` is numba's type of the result ("none" for none). The
    signature is one string literal on one line, however long: the kernel's strings are each
    one token (tests/test_codegen_safety.py holds them to those the templates write)."""
    names = [p.strip() for p in params.split(",")]
    signature = f"{returns}({', '.join(_TYPES[p] for p in names)})"
    lines, line = [], f"def {name}("
    for i, p in enumerate(names):
        piece = p + ("):" if i == len(names) - 1 else ",")
        if len(line) + 1 + len(piece) > _WIDTH:
            lines.append(line)
            line = " " * (len(name) + 5) + piece
        else:
            line += ("" if line.endswith("(") else " ") + piece
    lines.append(line)
    return "\n".join([f"@stage({signature!r}{', nrt=True' if nrt else ''})", *lines])
