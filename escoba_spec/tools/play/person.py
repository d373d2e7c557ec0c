"""A person at the terminal choosing one seat's moves in `escoba-spec play --human SEAT`.

Bad input gets the engine's reason and the legal moves, then the question
again; `q` (or the end of the input) leaves the match with its exit code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ...engine import HandState, IllegalMove, Move, Observation, format_move, parse_move
from ..text import points_text
from .match import Quit, goal_text, sweep_word

if TYPE_CHECKING:
    from .match import MatchRunner


HELP = "type a move: 7o plays the 7 of oros (a trail, or its only capture), 7o+2b+5e names the capture; " \
       "? lists the legal moves, q quits"


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class HumanSeat:
    """A person choosing one seat's moves on `inp` / `out`. Bad input gets the
    engine's reason and the legal moves, then the question again."""

    def __init__(self, seat: int, inp: TextIO, out: TextIO):
        self.seat = seat
        self.inp = inp
        self.out = out
        # piped input is not echoed by a terminal: echo it so the transcript reads well
        self.echo = not _isatty(inp)

    def write(self, line: str = "") -> None:
        self.out.write(line + "\n")

    def choose(self, runner: "MatchRunner") -> Move:
        state = runner.state
        self._show(runner, state)
        legal = state.legal_moves()
        texts = [format_move(m, state.cards) for m in legal]
        while True:
            self.out.write(f"your move, seat {self.seat} (? for help)> ")
            self.out.flush()
            line = self.inp.readline()
            if line and self.echo:
                self.out.write(line if line.endswith("\n") else line + "\n")
            if not line:
                self.write()
                raise Quit(1, "end of input: the match was abandoned")
            text = line.strip()
            if text.lower() in ("q", "quit", "exit"):
                raise Quit(130, "you quit the match")
            if text.lower() in ("?", "help", ""):
                self.write(HELP)
                self.write("legal moves: " + ", ".join(texts))
                continue
            move, problem = self.interpret(text, state, legal, texts)
            if move is not None:
                return move
            self.write(problem)

    @staticmethod
    def interpret(text: str, state: HandState, legal: list[Move], texts: list[str]) -> tuple[Move | None, str]:
        """The move `text` names, or None and why not (in the engine's words)."""
        cards = state.cards
        try:
            move = parse_move(text, cards)
        except ValueError as exc:
            return None, str(IllegalMove(text, [str(exc)], texts))
        if not move.capture and not move.claim and move not in legal:
            captures = [m for m in legal if m.card == move.card and not m.claim]
            if len(captures) == 1:
                return captures[0], ""
            if len(captures) > 1:
                named = ", ".join(format_move(m, cards) for m in captures)
                return None, f"'{text}' captures more than one way: name the capture ({named})"
        reasons = state.explain_illegal(move)
        if reasons:
            return None, str(IllegalMove(text, reasons, texts))
        return move, ""

    def _show(self, runner: "MatchRunner", state: HandState) -> None:
        view = Observation(state, self.seat)
        self.write()
        self.write(f"-- your turn: seat {self.seat}, side {view.side}")
        self.write(f"your hand: {runner.text(view.hand, 'empty')}")
        self.write(f"table:     {runner.text(view.table, 'empty')}")
        if view.open_hands:
            for seat, hand in enumerate(view.hands):
                if seat != self.seat:
                    self.write(f"seat {seat}'s hand: {runner.text(hand, 'empty')}")
        pile = "; ".join(
            f"side {s} {n.bit_count()} cards, {w} {sweep_word(view.cards).lower()}{'s' if w != 1 else ''}"
            for s, (n, w) in enumerate(zip(view.piles, view.sweeps))
        )
        self.write(f"taken this hand: {pile} ({view.stock_count} cards left in the stock)")
        scores = ", ".join(f"side {s} {points_text(n)}" for s, n in enumerate(runner.match.scores))
        self.write(f"match: {scores} ({goal_text(state.params)})")
