"""How cards look to the person at the terminal: the code they type, their suit's symbol
and colour, and the value they count in captures.

The code stays first (`7o♦`), so what is read is what is typed. The Latin suits take
the symbols of the French suits they correspond to, as Scopa's French-suited packs map
them (denari are diamonds, the settebello the 7 of diamonds): oros and denari ♦, copas
and coppe ♥, espadas and spade ♠, bastos and bastoni ♣; each Latin suit keeps its own
colour (gold, red, blue, green). Colour only where the `Painter` paints (a terminal,
not under NO_COLOR); symbols only where the output can encode them.
"""

from __future__ import annotations

from typing import TextIO

from ...engine import Move, format_move
from ...engine.moves import BID
from ...language.cards import SUIT_KINDS, CardSet, bits
from ..terminal import PLAIN, Painter
from ..text import printable

#: what a suit shows (`language.cards.SUIT_KINDS`) -> (symbol, style)
FACES: dict[str, tuple[str, str]] = {
    "coins": ("♦", "yellow"), "cups": ("♥", "red"), "swords": ("♠", "blue"), "batons": ("♣", "green"),
    "diamonds": ("♦", "red"), "hearts": ("♥", "red"), "spades": ("♠", "bold"), "clubs": ("♣", "bold"),
}

#: what marks a hand card that has a capture
MARK = "*"


def can_show_symbols(stream: TextIO | None) -> bool:
    """Whether `stream` can encode the suit symbols (a terminal in a non-UTF-8 locale cannot)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        "♦♥♠♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Faces:
    """Cards as the person at the terminal sees them: `card(i)` is `7o♦`, in the suit's
    colour where `paint` paints; `value(i)` is what the card counts in a capture."""

    def __init__(self, cards: CardSet, paint: Painter = PLAIN, symbols: bool = True):
        self.cards = cards
        self.paint = paint
        self.symbols = symbols
        self._suits = [FACES.get(SUIT_KINDS.get(s.name, ""), ("", "bold")) for s in cards.deck.suits]

    def value(self, index: int) -> str:
        """The card's capture value: a number, `wild` (a joker, a wild card) or `-` (none)."""
        if self.cards.joker_mask >> index & 1:
            return "wild"
        if self.cards.valueless_mask >> index & 1:
            return "-"
        return str(self.cards.cards[index].value)

    def card(self, index: int, *, value: bool = False, marked: bool = False) -> str:
        """`7o♦`, with `(7)` its capture value and `*` when it can capture."""
        card = self.cards.cards[index]
        symbol, style = ("", "bold magenta") if card.joker else self._suits[card.suit]
        text = self.paint(printable(card.text) + (symbol if self.symbols else ""), style)
        if value:
            text += self.paint(f"({self.value(index)})", "dim")
        if marked:
            text += self.paint(MARK, "bold green")
        return text

    def row(self, mask: int, *, values: bool = False, marked: int = 0, empty: str = "empty") -> str:
        """The cards of `mask`, two spaces apart; `marked` the ones that can capture."""
        return "  ".join(self.card(i, value=values, marked=bool(marked >> i & 1)) for i in bits(mask)) or empty

    def names(self, mask: int) -> str:
        return " ".join(self.card(i) for i in bits(mask))

    def describe(self, move: Move, table: int, down: int = 0, naming: bool = False) -> str:
        """What the move does, in words: `7o♦ takes Sb♣ 4c♥`, `1c♥ trails`; `down` face-down cards
        a capture takes with it (counted, never named); `naming`: the move names the rank a declared
        wild card plays as (HandState.naming); a bid says its value (deal.bid)."""
        if move.card == BID:
            return f"bid {bid_words(self.cards, move.build)}"
        if naming:
            return f"{self.card(self.cards.named)} plays as {named_rank(self.cards, move.card)} until it is captured"
        text = f"claims {self.names(move.claim)} (a missed capture), then " if move.claim else ""
        played = self.card(move.card)
        if move.build:  # laid on table cards as one build (capture.builds)
            return f"{played} on {self.names(move.capture)}, building {move.build}"
        if move.capture == 1 << move.card:
            return text + f"{played} goes to your pile (the table is empty)"
        if not move.capture:
            return text + f"{played} trails"
        if move.capture & ~table:  # not on the table: another side's pile, taken whole
            return text + f"{played} takes a pile: {self.names(move.capture)}"
        text += f"{played} takes {self.names(move.capture)}"
        if table and move.capture == table:
            text += ", clearing the table"
        if down:
            text += f" and {down} face-down card{'s' if down > 1 else ''}"
        return text


def capturers(legal: list[Move]) -> int:
    """The hand cards that have a capture among the legal moves."""
    mask = 0
    for move in legal:
        if move.capture and move.capture != 1 << move.card:
            mask |= 1 << move.card
    return mask


def named_rank(cards: CardSet, reading: int) -> str:
    """The rank a reading of the declared wild card stands for, in words: `a two`, `a cavallo`."""
    rank = next(r for r in cards.deck.ranks if r.number == cards.cards[reading].rank)
    return f"{'an' if rank.name[:1] in 'aeiou' else 'a'} {rank.name}"


def bid_words(cards: CardSet, value: int) -> str:
    """A value bid, with the ranks of that value in words where their names are words: `11 (jack)`,
    `9 (nine)`; `15` when no rank has it."""
    numbers = {c.rank for i, c in enumerate(cards.cards) if cards.values[i] == value and not c.joker}
    names = [r.name for r in cards.deck.ranks if r.number in numbers and r.name != str(value)]
    return f"{value} ({' or '.join(names)})" if names else str(value)


def menu(faces: Faces, legal: list[Move], table: int, down: int = 0, naming: bool = False) -> list[str]:
    """The legal moves numbered from 1: the number, the code to type, what it does (`down`: the
    face-down cards a capture takes with it; `naming`: the moves name the rank of a declared wild card)."""
    codes = [format_move(m, faces.cards) for m in legal]
    width = max(map(len, codes), default=0)
    digits = len(str(len(legal)))
    return [f"  {faces.paint(str(n).rjust(digits), 'bold')}) {code.ljust(width)}  "
            f"{faces.describe(m, table, down if m.capture else 0, naming)}" for n, (m, code) in enumerate(zip(legal, codes), 1)]


def face_down_taken(state) -> int:
    """How many face-down cards the next capture takes with it (engine.zones): those lying, when
    they go with a capture."""
    return state.down.bit_count() if state.down and state._face_down_go() else 0
