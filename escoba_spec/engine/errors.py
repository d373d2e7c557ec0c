"""The engine's exceptions: a caller's mistake (IllegalMove) versus a broken
invariant (EngineError), which always means a bug in the engine or a RuleSet."""

from __future__ import annotations


class EngineError(RuntimeError):
    """An engine invariant failed (cards lost, wrong leftover total, ...): a bug."""


class MatchTooLong(EngineError):
    """A match went past its hand limit without a winner."""


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
