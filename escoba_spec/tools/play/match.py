"""`escoba-spec play`: a whole match of a variant, narrated or recorded as JSON.

The match is played exactly as `engine.play_match` plays it (one RNG seeded
with the seed shuffles every deal; bots see only their `Observation`), but
hand by hand here so that every play, deal and opening can be told as it
happens, and so that one seat may be a person at the terminal. Nothing here
applies a rule: the engine does, and this module only describes what it did.

    setup = make_setup(variant, players=2, seed=7)       # tools.setup: ruleset, bots, seats
    record = MatchRunner(setup, say=print).run()          # the narration, and the JSON record
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ...engine import (
    HandState,
    MatchState,
    Move,
    Observation,
    Play,
    format_move,
    shuffled_deck,
)
from ...engine.stream import Stream
from ...language.cards import CardSet, bits
from ..setup import Setup, deal_stream
from .faces import bid_words, named_rank
from .handend import HandEnd
from ..text import json_text, points_text

#: What a sweep is called with each deck, as the English rulebooks say it.
SWEEP_BY_DECK = {"spanish-40": "ESCOBA", "french-40": "ESCOPA", "italian-40": "SCOPA", "italian-52": "SCOPA",
                 "french-52": "SWEEP"}


def goal_text(params) -> str:
    """The match's goal in a few words: first to the target, or out at it; and the games of a set."""
    goal = {"reach": f"first to {params.match_target}", "lead": f"first to lead by {params.match_target}"}.get(
        params.match_goal, f"out at {params.match_target}, the " + (
            "lowest total wins when the first side is out" if params.match_avoid_ends == "first-out"
            else "last side left wins"))
    return goal + (f", the first to win {params.match_games} games" if params.match_games > 1 else "")


def sweep_word(cards) -> str:
    """The sweep's name for the variant's deck (escoba / escopa / scopa)."""
    return SWEEP_BY_DECK.get(cards.deck.preset, "SWEEP")


Say = Callable[[str], None]


class Person(Protocol):
    """A seat played by a person (`person.HumanSeat` at the terminal)."""

    def choose(self, runner: "MatchRunner") -> Move:
        """The move the person makes at `runner.state`."""
        ...

    def pause(self, runner: "MatchRunner") -> None:
        """A hand is scored and another follows: time to read the score (or to quit)."""
        ...

    def card_text(self, cards: CardSet, index: int) -> str:
        """A card as the narration shows it to the person (`7o♦`): printable text, no colour."""
        ...


class Quit(Exception):
    """The person at the terminal left the match: `code` is the exit code."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


def to_json(record: dict) -> str:
    """The match record as printed by --format json (stable bytes for a seed)."""
    return json_text(record, indent=2)


# ------------------------------------------------------------------- the match


class MatchRunner(HandEnd):
    """Plays the match hand by hand, narrating through `say` and building the
    JSON record. `state` and `match` are the live engine objects (tests and
    the human seat look at them)."""

    def __init__(self, setup: Setup, *, say: Say | None = None, human: Person | None = None):
        if setup.human is not None and human is None:
            raise ValueError(f"seat {setup.human} is a human seat: give the HumanSeat that plays it")
        self.setup = setup
        self.rs = setup.ruleset
        self.cards = self.rs.cards
        self.say: Say = say or (lambda line="": None)
        self.human = human
        scoring = setup.variant.scoring
        self.names = {r.id: r.name for r in (*scoring.rules, *scoring.events, *setup.variant.declarations.rules)}
        self.rng = _CountingStream(setup.seed)
        self.match = MatchState(self.rs, setup.players, setup.team_size)
        self.state: HandState | None = None

    def card_text(self, index: int) -> str:
        """A card in the narration: its code, or as the person at the terminal sees it."""
        return self.human.card_text(self.cards, index) if self.human is not None else self.cards.text(index)

    def text(self, mask: int, empty: str = "nothing") -> str:
        return " ".join(map(self.card_text, bits(mask))) or empty

    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.setup.players) if s % self.setup.sides == side]

    def run(self) -> dict:
        """Play until a side wins; the match record (the --format json object)."""
        setup, variant = self.setup, self.setup.variant
        self._header()
        hands = []
        while self.match.winner is None:
            hands.append(self._hand(len(hands) + 1))
            if self.human is not None and self.match.winner is None:
                self.human.pause(self)
        winner = self.match.winner
        totals = {str(s): n for s, n in enumerate(self.match.scores)}
        self.say()
        seats = ", ".join(map(str, self.seats_of(winner)))
        self.say(f"Winner: side {winner} (seat{'s' if self.setup.team_size > 1 else ''} {seats}) "
                 f"after {len(hands)} hand{'s' if len(hands) != 1 else ''}")
        self.say("Final score: " + ", ".join(f"side {s} {points_text(n)}" for s, n in enumerate(self.match.scores)))
        return {
            "variant": variant.id,
            "name": variant.name,
            "players": setup.players,
            "team_size": setup.team_size,
            "seed": setup.seed,
            "engine": setup.engine,
            "options": {o.id: o.chosen for o in variant.options},
            "bots": setup.bot_names,
            "categories": {rid: self.names[rid] for rid in self.rs.params.points_rules},
            "hands": hands,
            "totals": totals,
            "winner": winner,
        }

    def _header(self) -> None:
        setup, variant = self.setup, self.setup.variant
        self.say(f"{variant.name} ({variant.id}): {setup.players} players, seed {setup.seed}, "
                 f"{setup.engine} engine, {goal_text(self.rs.params)}")
        if variant.options:
            self.say("options: " + ", ".join(f"{o.id}={o.chosen}" for o in variant.options))
        for side in range(setup.sides):
            seats = ", ".join(
                f"seat {s} ({'you' if s == setup.human else setup.bot_names[s]})" for s in self.seats_of(side)
            )
            self.say(f"side {side}: {seats}")

    # ------------------------------------------------------------------ a hand

    def _hand(self, number: int) -> dict:
        setup, rs = self.setup, self.rs
        order = shuffled_deck(self.cards.size, self.rng)
        shuffles = self.rng.shuffles
        state = HandState.deal(
            rs, order, players=setup.players, team_size=setup.team_size, dealer=self.match.dealer, rng=self.rng,
            match=self.match.facts(),
        )
        self.state = state
        self.say()
        self.say(f"== Hand {number}: seat {state.dealer} deals")
        opening = self._opening(state, self.rng.shuffles - shuffles)
        self._declarations(state)
        views = [Observation(state, seat) for seat in range(setup.players)]
        plays = []
        while not state.over:
            seat = state.to_play
            legal = state.legal_moves()
            if seat == setup.human:
                move = self.human.choose(self)
            else:
                move = setup.bots[seat].choose(views[seat], legal)
            pos = state.stock_pos
            table, piles = state.table, tuple(state.piles)  # before the play: what it took them from
            naming, bidding = bool(state.naming[seat]), state.bidding
            play = state.apply(move)
            if bidding:
                plays.append(self._bid(play, state, table))
            else:
                plays.append(self._named(play, state) if naming else self._play(play, state, table, piles))
            if state.stock_pos != pos:
                self._new_deal(state, pos)
                self._declarations(state)
        result = state.result
        self.match.record(result)
        return self._end_of_hand(number, state, opening, plays)

    def _declarations(self, state: HandState) -> None:
        """Tell the declarations made on the round just dealt (the record lists them at the hand's end)."""
        for d in state.declared:
            if d.round == state.rounds:
                what = {"points": f"+{points_text(d.points)}", "sweeps": f"+{d.points} {sweep_word(self.cards)}"}.get(
                    d.effect, "wins the match")
                self.say(f"seat {d.seat} (side {d.side}) declares {self.names.get(d.id, d.id)}: "
                         f"{self.text(state.hands[d.seat])} — {what}")

    def _opening(self, state: HandState, redeals: int) -> dict:
        """Tell the opening table and what the opening rule did with it."""
        p = state.params
        laid = state.table_dealt()
        rest = _mask(state.deck[state.hand_size * state.n + state.table_cards : state.stock_pos])
        if redeals:
            why = "the opening table asked for a redeal" if not p.redeal else "the opening table voided the deal"
            if p.bid_cards and not p.redeal and not p.replace_bottom and op_never(self.setup.variant):
                why = "the first player held no card to bid on (deal.bid)"  # the only void of such a deal
            self.say(f"{why}: dealt again {redeals} time{'s' if redeals > 1 else ''}")
        self.say(f"{'stack' if p.stack else 'table'}: {self._table_text(state, laid)}")
        if state.params.bottom_shown and state.stock_pos < len(state.stock):
            self.say(f"the stock's bottom card, face up: {self.card_text(state.stock[-1])}")
        op = state.opening
        record = {"table": self.cards.texts(laid), "action": None, "multiple": 0, "cards": [],
                  "taker": None, "redeals": redeals}
        if p.stack:
            record["stack"] = [self.cards.text(c) for c in state.stack]
        if p.face_down:
            record["face_down"] = state.down.bit_count()
        if p.bottom_shown:
            record["bottom_card"] = self.cards.text(state.stock[-1]) if state.stock_pos < len(state.stock) else None
        if op is not None:
            record.update(action=op.action, multiple=op.multiple, cards=self.cards.texts(op.cards),
                          taker=op.taker if op.taker >= 0 else None)
            times = f" ({op.multiple} times the target)" if op.multiple > 1 else ""
            if op.action == "capture":
                role = "the dealer" if op.taker == state.dealer else "the first player"
                sweeps = f", scoring {op.multiple} {sweep_word(self.cards)}{'S' if op.multiple > 1 else ''}" if p.opening_sweeps else ""
                self.say(f"opening rule: the table makes a capture{times}; seat {op.taker} ({role}, side "
                         f"{op.taker % state.sides}) takes {self.text(op.cards)}{sweeps}")
            elif op.action == "set-aside":
                self.say(f"opening rule: the table makes a capture{times}; {self.text(op.cards)} "
                         "set aside, play starts on an empty table")
            else:
                self.say(f"opening rule: the table makes a capture{times}; play goes on")
        elif self.setup.variant.deal.opening.trigger != "never":
            self.say("opening rule: not triggered")
        self._remainder(rest)
        return record

    def _table_text(self, state: HandState, laid: int) -> str:
        """The opening table as every seat sees it: a stack from its bottom to its top, and how many
        cards lie face down (never which)."""
        if state.params.stack:
            text = " ".join(map(self.card_text, state.stack)) or "empty"
            text += " (bottom to top)" if len(state.stack) > 1 else ""
        else:
            text = self.text(laid, "empty")
        down = state.down.bit_count()
        if down:
            where = "under the stack" if state.params.stack else "apart"
            text += f", {down} card{'s' if down > 1 else ''} face down {where}"
        return text

    def _remainder(self, cards: int) -> None:
        if cards:
            where = {"to-table": "go to the table", "to-hands": "go to the hands, one at a time from the leader"}.get(
                self.rs.params.stock_remainder, "are set aside")
            self.say(f"the last {cards.bit_count()} stock cards {where}: {self.text(cards)}")

    def _new_deal(self, state: HandState, pos: int) -> None:
        p = state.params
        dealt = pos + state.hand_size * state.n
        left = len(state.stock) - state.stock_pos
        if p.stages and state.rounds == 1:  # the first round's last stages (deal.stages)
            self.say(f"-- deal: the first round's other cards, up to {state.hand_size} a seat, {left} left in the stock")
        elif p.round_dealer == "next":  # the deal has passed on: say who dealt this round
            dealer = state.round_dealer(state.rounds - 1)
            self.say(f"-- seat {dealer} deals: {state.hand_size} cards to each seat, {left} left in the stock; "
                     f"seat {state.to_play} leads")
        else:
            self.say(f"-- deal: {state.hand_size} cards to each seat, {left} left in the stock")
        self._remainder(_mask(state.deck[dealt : state.stock_pos]))

    def _named(self, play: Play, state: HandState) -> dict:
        """Tell a seat's naming of the rank its declared wild card plays as, and record it (a move
        with no capture, `names` marking it)."""
        cards = self.cards
        rank = named_rank(cards, play.card)
        self.say(f"seat {play.seat} (side {play.seat % state.sides}) names {self.card_text(cards.named)} as {rank}: "
                 "it plays as one until it is captured")
        move = format_move(Move(play.card), cards)
        return {"seat": play.seat, "side": play.seat % state.sides, "move": move, "card": move, "captured": [],
                "sweeps": 0, "events": [], "names": rank.split(" ", 1)[1]}

    def _bid(self, play: Play, state: HandState, table: int) -> dict:
        """Tell the first player's bid and the table turned up after it (deal.stages), and record them
        (a move with no card and no capture, `bid` its value, `turned_up` the cards laid face up)."""
        self.say(f"seat {play.seat} (side {play.seat % state.sides}) bids {bid_words(self.cards, play.build)}")
        turned = state.table & ~table
        if turned:
            self.say(f"the table is turned up: {self.text(turned)}")
        move = format_move(Move(play.card, 0, 0, play.build), self.cards)
        return {"seat": play.seat, "side": play.seat % state.sides, "move": move, "card": None, "captured": [],
                "sweeps": 0, "events": [], "bid": play.build, "turned_up": self.cards.texts(turned)}

    def _play(self, play: Play, state: HandState, table: int = 0, piles: tuple = ()) -> dict:
        """Tell one play and record it (made on `table`, with the sides' `piles`, before it)."""
        cards = self.cards
        side = play.seat % state.sides
        move = format_move(Move(play.card, play.capture, play.claim, play.build), cards)
        line = f"seat {play.seat} (side {side}) "
        if play.claim:
            line += f"claims {self.text(play.claim)} (a missed capture), "
        line += f"plays {self.card_text(play.card)}, "
        robbed = next((s for s, p in enumerate(piles) if play.capture and p == play.capture and s != side
                       and play.capture & ~table), None)  # another side's pile, taken whole
        if play.build:  # laid on table cards as one build (capture.builds)
            line = line.removesuffix(", ") + f" on {self.text(play.capture)}, building {play.build}"
        elif play.capture == 1 << play.card:
            line += "keeps it in the pile (the table is empty)"
        elif robbed is not None:
            line += f"takes side {robbed}'s pile ({self.text(play.capture)}) and tops its own"
        else:
            line += f"takes {self.text(play.capture)}" if play.capture else "trails"
        hidden = self._face_down_taken(state, play)
        if hidden:
            line += f" and {hidden} face-down card{'s' if hidden > 1 else ''}"
        if play.sweeps:
            line += f" — {sweep_word(cards)}" + (f" x{play.sweeps}" if play.sweeps > 1 else "")
        index = len(state.history) - 1
        scored = [e for e in state.events if e.play == index]  # the events of this play (scoring.events)
        for e in scored:
            what = f"+{points_text(e.points)}" if e.effect == "points" else e.effect.replace("-", "s the ", 1)
            line += f" — {self.names.get(e.id, e.id)} {what}"
        self.say(line)
        record = {
            "seat": play.seat,
            "side": side,
            "move": move,
            "card": cards.text(play.card),
            "captured": [] if play.build else cards.texts(play.capture | play.claim),
            "sweeps": play.sweeps,
            "events": [{"id": e.id, "points": e.points, "effect": e.effect} for e in scored],
        }
        if hidden:
            record["face_down"] = hidden  # how many, never which
        if robbed is not None:
            record["pile_of"] = robbed  # the side whose whole pile the play took
        if play.build:
            record["build"] = play.build  # the value announced
            record["joined"] = cards.texts(play.capture)  # the table cards it joined, builds among them
        return record

    @staticmethod
    def _face_down_taken(state: HandState, play: Play) -> int:
        """How many face-down cards the play took with its capture (never which)."""
        return state.hidden.bit_count() if state.down_taken_at == len(state.history) - 1 else 0


def op_never(variant) -> bool:
    """The variant's opening table never acts (deal.opening.trigger: never)."""
    return variant.deal.opening.trigger == "never"


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class _CountingStream(Stream):
    """The match's deal stream (tools.setup.deal_stream, as simulate and the kernel deal), counting
    its shuffles: `HandState.deal` reshuffles the deck once per redeal, and says nothing else about them."""

    __slots__ = ("shuffles",)

    def __init__(self, seed: int):
        super().__init__(deal_stream(seed).state)
        self.shuffles = 0

    def shuffle(self, x) -> None:
        self.shuffles += 1
        super().shuffle(x)
