"""Matches played in the browser: a person at one seat, the bots at the others.

Each table is `tools.play.MatchRunner`, the very narration of `escoba-spec
play`, run in its own thread with `BrowserSeat` as its person: when the person
is to play, the thread waits for the page to send a move; after each hand's
score it waits for the page to ask for the next hand. The page only ever picks
one of the legal moves the engine listed, so nothing it sends is applied
unchecked. No request waits on the bots for long: one that finds them still
playing after SETTLE_SECONDS answers with the narration so far (`waiting`
null, `playing` true) and the page asks again until it is the person's turn,
however slow the machine or the bot. A table nobody has touched for a while
is closed, and at most MAX_TABLES are open at once.

Everything at a table follows from its seed and the person's answers (the bots
draw from streams of the seed), so `Table.undo` takes back the person's last
move by dealing the match again from its seed and replaying every answer but
that move (and the *Next hand* after it): the position is the one before it.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque

from ..engine import Move, format_move
from ..engine.moves import BID
from ..language import ir
from ..language.cards import bits
from ..tools.play import MatchRunner, Quit, goal_text, sweep_word
from ..tools.play.faces import Faces, bid_words, capturers, face_down_taken
from ..tools.setup import make_setup
from ..tools.text import points_text
from .cardfaces import CardFaces, text_faces

MAX_TABLES = 8
#: the narration kept per table (a long match of Cuarenta is a few thousand lines)
MAX_LINES = 5000
#: how long a request waits for the bots to reach the person's next turn before it answers
#: "still playing" (the page asks again): short, so that no answer depends on the machine's speed
SETTLE_SECONDS = 2.0
IDLE_SECONDS = 3600.0


class TableError(Exception):
    """A request the table cannot take (not the person's turn, not a legal move): HTTP 409/400."""


class BrowserSeat:
    """The person's seat of one table, played from the page."""

    def __init__(self, table: "Table"):
        self.table = table
        self.faces: Faces | None = None

    def card_text(self, cards, index: int) -> str:
        if self.faces is None or self.faces.cards is not cards:
            self.faces = text_faces(cards)
        return self.faces.card(index)

    def choose(self, runner: MatchRunner) -> Move:
        legal = runner.state.legal_moves()
        answer = self.table.wait_for("move", {format_move(m, runner.cards): m for m in legal})
        return answer

    def pause(self, runner: MatchRunner) -> None:
        self.table.wait_for("next", None)


class Table:
    """One match: its runner thread, and what the page sees of it."""

    def __init__(self, variant: ir.Variant, *, players: int, bots: list[str], seed: int, team_size: int | None = None):
        self.id = secrets.token_hex(8)
        self.seat = 0
        self.variant = variant
        self.deal_args = {"players": players, "team_size": team_size, "seed": seed, "bots": bots}
        self.cond = threading.Condition()
        #: the person's answers so far, in order: ("move", its text) or ("next", None)
        self.history: list[tuple[str, str | None]] = []
        self.touched = time.monotonic()
        self._deal(())

    def _deal(self, replay) -> None:
        """Deal the match from its seed, and start its runner, which answers `replay` itself (the
        person's answers, in order) before it waits for the page's."""
        # the kernel engine, as `escoba-spec play` plays by default (the interpreter for a variant the
        # kernel does not play): loaded here, compiled on its first use, in the runner's thread
        args = self.deal_args
        self.setup = make_setup(self.variant, players=args["players"], team_size=args["team_size"],
                                seed=args["seed"], bots=args["bots"], human=self.seat, engine="kernel")
        self.deal_args["seed"] = self.setup.seed
        self.lines: list[str] = []
        self.waiting: str | None = None  # "move", "next", "over", "error"; None while the bots play
        self.legal: dict[str, Move] = {}
        self.answer: Move | None = None
        self.closed = False
        self.error = ""
        self.replay = deque(replay)
        self.runner = MatchRunner(self.setup, say=self._say, human=BrowserSeat(self))
        self.thread = threading.Thread(target=self._run, name=f"studio-table-{self.id}", daemon=True)
        self.thread.start()

    def _say(self, line: str = "") -> None:
        self.lines.append(line)
        if len(self.lines) > MAX_LINES:
            del self.lines[: len(self.lines) - MAX_LINES]

    def _run(self) -> None:
        try:
            self.runner.run()
            state, error = "over", ""
        except Quit:
            return
        except Exception as exc:  # an engine error: said on the page, the server goes on
            state, error = "error", f"{type(exc).__name__}: {exc}"
        with self.cond:
            self.waiting, self.error = state, error
            self.cond.notify_all()

    def wait_for(self, what: str, legal: dict[str, Move] | None):
        """In the runner's thread: wait until the page answers `what` (a move, or the next hand);
        while an undo replays the person's answers, the next one of them, at once."""
        with self.cond:
            if self.closed:
                raise Quit(0, "the table was closed")
            if self.replay:
                kind, move = self.replay.popleft()
                if kind != what or (what == "move" and move not in (legal or {})):
                    raise RuntimeError(f"the replay of the person's answers parted from the match at {kind} {move}")
                return (legal or {}).get(move)
            self.waiting, self.legal, self.answer = what, legal or {}, None
            self.cond.notify_all()
            self.cond.wait_for(lambda: self.closed or self.waiting is None)
            if self.closed:
                raise Quit(0, "the table was closed")
            return self.answer

    # ------------------------------------------------------------- the page's side

    def settled(self) -> bool:
        """Wait a little (SETTLE_SECONDS) for the bots to play up to the person's turn, a hand's
        end or the match's; whether they have (if not, the view says they are still playing)."""
        with self.cond:
            return self.cond.wait_for(lambda: self.waiting is not None, timeout=SETTLE_SECONDS)

    def _ready(self) -> None:
        """Before the person's move or the next hand: the bots must have reached it."""
        if not self.settled():
            raise TableError("the bots are still playing; wait for your turn")

    def play(self, move: object) -> None:
        self._ready()
        with self.cond:
            self.touched = time.monotonic()
            if self.waiting != "move":
                raise TableError("it is not your turn" if self.waiting == "next" else "the match is over")
            if not isinstance(move, str) or move not in self.legal:
                raise TableError(f"{move!r} is not a legal move here (legal: {', '.join(self.legal)})")
            self.answer, self.waiting = self.legal[move], None
            self.history.append(("move", move))
            self.cond.notify_all()

    def next_hand(self) -> None:
        self._ready()
        with self.cond:
            self.touched = time.monotonic()
            if self.waiting != "next":
                raise TableError("the hand is not over yet" if self.waiting == "move" else "the match is over")
            self.waiting = None
            self.history.append(("next", None))
            self.cond.notify_all()

    def undo(self) -> None:
        """Take back the person's last move: the match dealt again from its seed, every answer
        before that move replayed (the bots, drawing from the seed's streams, play as they did),
        so the position is the one the person moved from. Its view follows as the others' do."""
        self._ready()
        with self.cond:
            self.touched = time.monotonic()
            moves = [i for i, (kind, _) in enumerate(self.history) if kind == "move"]
            if not moves:
                raise TableError("there is no move of yours to undo")
            self.history = self.history[: moves[-1]]
            self.closed, self.waiting = True, None  # the runner's thread, waiting on the page, quits
            self.cond.notify_all()
        self.thread.join(timeout=10)
        with self.cond:
            self._deal(self.history)

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def view(self) -> dict:
        """What the page shows: the person's hand, the table, the legal moves, the scores, the
        narration; while the bots are still playing, the narration so far and `playing` (the
        position moves under the runner's thread then, so it is shown once they stop)."""
        self.settled()
        with self.cond:
            self.touched = time.monotonic()  # a page that asks is still there: the table is not abandoned
            if self.waiting is None:
                return {"id": self.id, "variant": self.variant.id, "name": self.variant.name, "seed": self.setup.seed,
                        "waiting": None, "playing": True, "error": "", "lines": list(self.lines),
                        "note": self.compile_note()}
            return {**self._view(), "playing": False}

    def compile_note(self) -> str:
        """While the table's first play compiles the variant's kernel (the engine's, and the
        expert's), what the page says of it ("compiling the kernel of ID, once…"; "" once its
        machine code is cached, or when the interpreter plays the variant: nothing compiles)."""
        if self.setup.engine != "kernel":
            return ""
        from ..compiler.kernel import KernelUnsupported
        from ..compiler.kernels import compile_note

        try:
            return compile_note([self.variant])
        except KernelUnsupported:
            return ""

    def _view(self) -> dict:
        runner, setup = self.runner, self.setup
        state, cards = runner.state, runner.cards
        faces, drawn = text_faces(cards), CardFaces(cards)

        def card(i: int, mark: int = 0) -> dict:
            return {**drawn.face(i), "value": faces.value(i), "captures": bool(mark >> i & 1)}

        legal = list(self.legal.values()) if self.waiting == "move" else []
        out = {
            "id": self.id, "variant": self.variant.id, "name": self.variant.name, "seed": setup.seed,
            "goal": goal_text(runner.rs.params), "sweep": sweep_word(cards).lower(),
            "seat": self.seat, "players": setup.players, "sides": setup.sides,
            "bots": setup.bot_names, "waiting": self.waiting, "error": self.error,
            "lines": list(self.lines), "moves": sum(kind == "move" for kind, _ in self.history),
            "scores": [points_text(n) for n in runner.match.scores], "winner": runner.match.winner,
            "hands_played": runner.match.hands_played,
        }
        if state is not None:
            table = state.table
            stack = state.params.stack  # a stack's cards in order, bottom to top (engine.zones)
            out.update({
                "to_play": None if state.over else state.to_play,
                "hand": [card(i, capturers(legal)) for i in bits(state.hands[self.seat])],
                "table": [card(i) for i in (state.stack if stack else bits(table & ~state.built))],
                # the builds apart (capture.builds): their cards, value, the seat that changed each last
                # and the seats that own it
                "builds": [{"value": b.value, "multiple": not state._single(b), "changer": b.changer,
                            "owners": [s for s in range(state.n) if b.owners >> s & 1],
                            "cards": [card(i) for i in bits(b.cards)]} for b in state.builds],
                "stack": stack,
                "face_down": state.down.bit_count(),  # how many, never which
                # deal.bid: the seat to play is to bid (its legal moves are the values); the bid, once made
                "bidding": state.bidding and not state.over,
                "bid": {"seat": state.bidder, "value": state.bid, "text": bid_words(cards, state.bid)}
                if state.bidder >= 0 else None,
                "bottom_card": card(state.stock[-1]) if state.params.bottom_shown
                and state.stock_pos < len(state.stock) else None,
                "hand_sizes": [h.bit_count() for h in state.hands],
                # piles.top: shown: each side's pile, its last capturing card on top, seen by all
                "piles": [{"cards": p.bit_count(), "top": card(t) if t >= 0 else None}
                          for p, t in zip(state.piles, state.tops)] if state.params.pile_tops else None,
                "stock": len(state.stock) - state.stock_pos,
                "sweeps": list(state.sweeps),
                "legal": [{"move": format_move(m, cards), "card": cards.text(m.card) if m.card != BID else "",
                           **({"bid": m.build} if m.card == BID else {}),
                           "takes": [cards.text(i) for i in bits(m.capture & ~(1 << max(m.card, 0)) | m.claim)],
                           "text": faces.describe(m, table, face_down_taken(state) if m.capture else 0,
                                                  bool(state.naming[state.to_play]))}
                          for m in legal],
            })
            if state.over and state.result is not None:
                out["hand_points"] = self._points(state.result)
        return out

    def _points(self, result) -> dict:
        names = self.runner.names
        rules = self.runner.rs.params.points_rules
        rows = [{"rule": names.get(r, r), "points": [points_text(p[r]) for p in result.score.points]} for r in rules]
        totals = [points_text(sum(p.values())) for p in result.score.points]
        return {"rows": rows, "totals": totals}


class Tables:
    """The open tables, by id."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()

    def open(self, variant: ir.Variant, **kwargs) -> Table:
        table = Table(variant, **kwargs)
        with self.lock:
            now = time.monotonic()
            for old in [t for t in self.tables.values() if now - t.touched > IDLE_SECONDS]:
                self._drop(old)
            while len(self.tables) >= MAX_TABLES:
                self._drop(min(self.tables.values(), key=lambda t: t.touched))
            self.tables[table.id] = table
        return table

    def _drop(self, table: Table) -> None:
        table.close()
        self.tables.pop(table.id, None)

    def get(self, table_id: str) -> Table | None:
        with self.lock:
            return self.tables.get(table_id)

    def close(self, table_id: str) -> bool:
        with self.lock:
            table = self.tables.get(table_id)
            if table is not None:
                self._drop(table)
            return table is not None

    def close_all(self) -> None:
        with self.lock:
            for table in list(self.tables.values()):
                self._drop(table)
