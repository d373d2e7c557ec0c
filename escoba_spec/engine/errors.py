"""The engine's exceptions: a caller's mistake (IllegalMove) versus a broken
invariant (EngineError), which always means a bug in the engine or a RuleSet, or
a rule that cannot be played out (a match too long, a position with too many
moves); and the kernel's statuses below 0 as those exceptions (status_error),
so that both engines stop alike."""

from __future__ import annotations


class EngineError(RuntimeError):
    """An engine invariant failed (cards lost, wrong leftover total, ...): a bug."""


class MatchTooLong(EngineError):
    """A match went past its hand limit without a winner."""


#: the most legal moves a position may have in either engine: a kernel starts with room for its
#: MAX_MOVES, and a hand or match that meets a position with more is played again, from its seed,
#: with four times the room, up to this (a house rule's 12-card hands on a table of trails: 431,368
#: moves); the interpreter's searches for many groups and builds stop here too
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


#: a position had more legal moves than the room the kernel was given (its status)
TOO_MANY_MOVES = -11

_STATUS = {
    TOO_MANY_MOVES: f"a position has more legal moves than the engines list ({MOST_MOVES:,})",
    -12: "the stock cannot fill a round of deals (stock_remainder none)",
    -13: "the leftover total does not match the deck: cards were captured wrongly",
    -14: "the opening table asked for a redeal 1000 times in a row",
    -16: "an expert seat reached an entry point compiled without the expert",
}


def status_text(code: int) -> str:
    """What a kernel's status below 0 means, in words."""
    return _STATUS.get(int(code), f"kernel status {code}")


def status_error(code: int, where: str = "") -> EngineError:
    """The exception a kernel's status below 0 stands for: TooManyMoves for a position with too
    many moves (the interpreter raises the same), else EngineError."""
    kind = TooManyMoves if int(code) == TOO_MANY_MOVES else EngineError
    return kind(status_text(code) + where)
