"""A person at the terminal choosing one seat's moves in `escoba-spec play --human SEAT`.

Each turn shows the hand and the table (suit symbols, colour on a terminal, each
card's capture value, `*` on the hand cards that can capture) and the legal moves
numbered from 1: the person types a number or the move itself (`7o`, `7o+Sb`,
`bid:11` when the seat is to bid).
Bad input gets the engine's reason and the legal moves, then the question again;
`q` (or the end of the input) leaves the match with its exit code. After each
hand's score a person at a terminal is asked to press Enter, so the score is read
before the next deal scrolls it away; piped input is never asked (it would be
consumed line by line by a question no script expects).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ...engine import HandState, IllegalMove, Move, Observation, format_move, parse_move
from ...language.cards import CardSet
from ..terminal import PLAIN, Painter
from ..text import points_text
from .faces import MARK, Faces, bid_words, can_show_symbols, capturers, face_down_taken, menu
from .match import Quit, goal_text, sweep_word

if TYPE_CHECKING:
    from .match import MatchRunner


HELP = "type a move's number from the list, or the move: 7o plays the 7 of oros (a trail, or its only capture), " \
       "7o+2b+5e names the capture, 3c+5o:8 lays the 3 on the 5 building 8 (in a game with builds); " \
       "(n) is a card's capture value, * marks the hand cards that can capture; " \
       "? lists the moves again, q quits"


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class HumanSeat:
    """A person choosing one seat's moves on `inp` / `out`. Bad input gets the
    engine's reason and the legal moves, then the question again.

    `paint` colours the cards (by default: on when `out` is a terminal, off under
    NO_COLOR); `pause` asks for Enter after each hand's score (by default: when
    `inp` is a terminal, so that piped input is read by the moves alone)."""

    def __init__(self, seat: int, inp: TextIO, out: TextIO, *, paint: Painter | None = None,
                 pause: bool | None = None):
        self.seat = seat
        self.inp = inp
        self.out = out
        interactive = _isatty(inp)
        # piped input is not echoed by a terminal: echo it so the transcript reads well
        self.echo = not interactive
        self.pauses = interactive if pause is None else pause
        self.paint = paint if paint is not None else Painter(out)
        self.symbols = can_show_symbols(out)
        self._faces: Faces | None = None
        self._plain: Faces | None = None

    def write(self, line: str = "") -> None:
        self.out.write(line + "\n")

    def faces(self, runner: "MatchRunner") -> Faces:
        """The cards as this person sees them: the runner's deck, this terminal's colours."""
        if self._faces is None or self._faces.cards is not runner.cards:
            self._faces = Faces(runner.cards, self.paint, self.symbols)
        return self._faces

    def card_text(self, cards: CardSet, index: int) -> str:
        """A card in the narration, `7o♦`: the narration is printed escaped, so without colour."""
        if self._plain is None or self._plain.cards is not cards:
            self._plain = Faces(cards, PLAIN, self.symbols)
        return self._plain.card(index)

    def _read(self, prompt: str) -> str:
        """One line typed after `prompt` ('' at the end of the input), echoed when piped."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if line and self.echo:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line

    def choose(self, runner: "MatchRunner") -> Move:
        state = runner.state
        legal = state.legal_moves()
        texts = [format_move(m, state.cards) for m in legal]
        listed = menu(self.faces(runner), legal, state.table, face_down_taken(state), bool(state.naming[state.to_play]))
        self._show(runner, state, legal)
        for line in listed:
            self.write(line)
        choice = f"1-{len(legal)}" if len(legal) > 1 else "1"
        while True:
            line = self._read(f"your move, seat {self.seat} ({choice} or a move, ? for help)> ")
            if not line:
                self.write()
                raise Quit(1, "end of input: the match was abandoned")
            text = line.strip()
            if text.lower() in ("q", "quit", "exit"):
                raise Quit(130, "you quit the match")
            if text.lower() in ("?", "help", ""):
                self.write(HELP)
                self.write("legal moves: " + ", ".join(texts))
                for entry in listed:
                    self.write(entry)
                continue
            move, problem = self.interpret(text, state, legal, texts)
            if move is not None:
                return move
            self.write(problem)

    def pause(self, runner: "MatchRunner") -> None:
        """After a hand's score, before the next deal: Enter (or the end of the input) goes on, q quits."""
        if not self.pauses:
            return
        line = self._read("press Enter for the next hand (q quits)> ")
        if line.strip().lower() in ("q", "quit", "exit"):
            raise Quit(130, "you quit the match")

    @staticmethod
    def interpret(text: str, state: HandState, legal: list[Move], texts: list[str]) -> tuple[Move | None, str]:
        """The move `text` names (a number of the list, or the move itself), or None and
        why not (in the engine's words)."""
        cards = state.cards
        if text.isascii() and text.isdigit():  # no card is written with digits alone
            # a number too long to be a move's is not converted (int() refuses thousands of digits)
            digits = text.lstrip("0")
            number = int(digits) if digits and len(digits) <= len(str(len(legal))) else 0
            if 1 <= number <= len(legal):
                return legal[number - 1], ""
            return None, str(IllegalMove(text, [f"no move is numbered {text}: choose 1 to {len(legal)}"], texts))
        try:
            move = parse_move(text, cards)
        except ValueError as exc:
            return None, str(IllegalMove(text, [str(exc)], texts))
        if move.card >= 0 and not move.capture and not move.claim and move not in legal:
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

    def _show(self, runner: "MatchRunner", state: HandState, legal: list[Move]) -> None:
        view = Observation(state, self.seat)
        faces = self.faces(runner)
        able = capturers(legal)
        self.write()
        self.write(f"-- your turn: seat {self.seat}, side {view.side}")
        key = "   (n): capture value" + (f"; {MARK}: can capture" if able else "")
        self.write(f"your hand: {faces.row(view.hand, values=True, marked=able)}{key}")
        if view.stack:  # a stack from its bottom to its top, which alone is matched
            stack = "  ".join(faces.card(c, value=True) for c in view.stack) or "empty"
            self.write(f"stack:     {stack}" + ("   (bottom to top)" if len(view.stack) > 1 else ""))
        else:
            self.write(f"table:     {faces.row(view.table & ~state.built, values=True)}")
        for build in view.builds:  # each build apart: its cards, its value, whose it is
            kind = "a build" if state._single(build) else "a multiple build"
            owners = [str(s) for s in range(state.n) if build.owners >> s & 1]
            whose = f"seat {owners[0]}'s" if len(owners) == 1 else f"seats {' and '.join(owners)}'"
            self.write(f"           {kind} of {build.value}: {faces.names(build.cards)} ({whose})")
        if view.face_down:
            where = "under the stack" if view.stack or state.params.stack else "apart"
            if view.bidding:  # a staged deal's table lies face down until the bid is made (deal.stages)
                where += ", turned up after the bid"
            self.write(f"           {view.face_down} card{'s' if view.face_down > 1 else ''} face down {where}")
        if view.bidding:
            binds = ", which your first play must build or play" if state.params.bid_binds else ""
            self.write(f"bid:       you bid first: the value of a card you hold{binds}")
        elif view.bidder >= 0:
            whose = "you" if view.bidder == self.seat else f"seat {view.bidder}"
            self.write(f"bid:       {whose} bid {bid_words(view.cards, view.bid)}")
        if view.stock_bottom >= 0:
            self.write(f"the stock's bottom card, face up: {faces.card(view.stock_bottom)}")
        if view.open_hands:
            for seat, hand in enumerate(view.hands):
                if seat != self.seat:
                    self.write(f"seat {seat}'s hand: {faces.row(hand, values=True)}")
        pile = "; ".join(  # the face-down cards another side took are counted, never named
            f"side {s} {n.bit_count() + h} cards, {w} {sweep_word(view.cards).lower()}{'s' if w != 1 else ''}"
            for s, (n, w, h) in enumerate(zip(view.piles, view.sweeps, view.hidden))
        )
        self.write(f"taken this hand: {pile} ({view.stock_count} cards left in the stock)")
        if state.params.pile_tops:  # each pile's last capturing card, face up on top for all to see
            tops = "; ".join(f"side {s} {faces.card(t) if t >= 0 else 'none'}" for s, t in enumerate(view.pile_tops))
            self.write(f"piles' top cards: {tops}")
        scores = ", ".join(f"side {s} {points_text(n)}" for s, n in enumerate(runner.match.scores))
        self.write(f"match: {scores} ({goal_text(state.params)})")
        self.write("moves:")
