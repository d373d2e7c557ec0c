"""The engine's exceptions: a caller's mistake (IllegalMove) versus a broken
invariant (EngineError), which always means a bug in the engine or a RuleSet."""

from __future__ import annotations


class EngineError(RuntimeError):
    """An engine invariant failed (cards lost, wrong leftover total, ...): a bug."""


class MatchTooLong(EngineError):
    """A match went past its hand limit without a winner."""


#: the most legal moves a position may have in either engine (the kernel's room for them grows to
#: this many; the interpreter's search for builds stops here too)
MOST_MOVES = 1 << 20


class TooManyMoves(EngineError):
    """A position has more legal moves than the engines list (MOST_MOVES): a rule that lets one play
    choose among so many (multiple builds over a table of twenty cards) cannot be played out."""


class IllegalMove(ValueError):
    """The move is not legal in this position; the state is left unchanged.

    `reasons` lists why, `legal` the legal moves in text form."""

    def __init__(self, move: str, reasons: list[str], legal: list[str]):
        self.move = move
        self.reasons = reasons
        self.legal = legal
        text = f"illegal move '{move}': " + "; ".join(reasons)
        if legal:
            text += f" (legal: {', '.join(legal)})"
        super().__init__(text)
