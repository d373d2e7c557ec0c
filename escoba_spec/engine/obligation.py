"""The obligation's steps: which captures a player must make, applied to the legal moves.

A file's `capture.obligation` is one of three words (the engine's fast path in
`HandState._moves`) or a list of steps (`ir.ObligationStep`). With steps, every
card may capture or be trailed, and each step in turn narrows the moves: a move
*satisfies* a step when it captures, by one of the step's kinds if it names
any, and, for `must: sweep`, clears the table (never on the hand's last play,
as the priority step `sweep`). Then, `of: played-card`, a card with a
satisfying move keeps only those; `of: any-card`, a hand with one keeps only
those. A step nothing satisfies changes nothing.

Both engines apply the same steps in the same order: the interpreter here, a
kernel in `templates/kernel/obligation.py.j2` (`_oblige`).
"""

from __future__ import annotations

from typing import Callable, Sequence

from .moves import Move

#: (card, capture) -> the ids of the kinds that make the capture (RuleSet.capture_makers, on the
#: table the kinds look at)
Makers = Callable[[int, int], frozenset]


def oblige(moves: list[Move], steps: Sequence[tuple[str, str, tuple[str, ...]]], table: int, last: bool,
           makers: Makers) -> list[Move]:
    """`moves` (one claim's, in canonical order) narrowed by each step in turn; `table` is what
    the kinds looked at (a stack's top card: its capture is then the whole stack, `stacked`
    by the caller afterwards), `last` whether the coming play is the hand's last."""
    for of, must, kinds in steps:
        wanted = frozenset(kinds)
        flags = [_satisfies(m[0], m[1], must, wanted, table, last, makers) for m in moves]
        if not any(flags):
            continue
        if of == "any-card":
            moves = [m for m, ok in zip(moves, flags) if ok]
        else:
            obliged = {m[0] for m, ok in zip(moves, flags) if ok}
            moves = [m for m, ok in zip(moves, flags) if ok or m[0] not in obliged]
    return moves


def _satisfies(card: int, capture: int, must: str, kinds: frozenset, table: int, last: bool, makers: Makers) -> bool:
    if not capture:
        return False
    if must == "sweep" and (capture != table or last):
        return False
    return not kinds or bool(kinds & makers(card, capture))
