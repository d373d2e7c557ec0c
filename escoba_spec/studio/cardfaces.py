"""Cards as the page draws them, each deck in its own words.

A French-suited card shows its suit's symbol (♦♥♠♣). A Spanish or Italian card
shows its suit's name, as the deck calls it (oros, copas, espadas, bastos;
denari, coppe, spade, bastoni), and is named as its players name it: `7 de
oros`, `sota de bastos`, `re di denari`; each suit has its colour (the page's
`suit-KIND` class: gold coins, red cups, blue swords, green batons). The
terminal's `escoba-spec play --human` keeps its own mapping of the Latin suits
onto the French symbols (`tools.play.faces`, docs/api.md): the page has room
for the word.
"""

from __future__ import annotations

from ..language.cards import SUIT_KINDS, CardSet
from ..tools.play.faces import FACES, Faces

#: the suits drawn with a symbol
FRENCH = ("diamonds", "hearts", "spades", "clubs")
#: the word between a card's rank and its suit, in the suit's own language
OF = {"oros": "de", "copas": "de", "espadas": "de", "bastos": "de",
      "denari": "di", "coppe": "di", "spade": "di", "bastoni": "di"}


def french(cards: CardSet) -> bool:
    """Whether every suit of the deck is a French one (drawn, and written, with its symbol)."""
    return all(SUIT_KINDS.get(s.name) in FRENCH for s in cards.deck.suits)


def text_faces(cards: CardSet) -> Faces:
    """The narration's and the moves' card texts on the page: `7d♦` in a French-suited deck, the
    code alone (`7o`, its suit's letter in the deck's own words) in any other."""
    return Faces(cards, symbols=french(cards))


class CardFaces:
    """What the page draws of each card of a deck: `face(i)`, a dict without the per-view parts."""

    def __init__(self, cards: CardSet):
        ranks = {r.number: r for r in cards.deck.ranks}
        self.faces = []
        for card in cards.cards:
            if card.joker:
                self.faces.append({"code": card.text, "name": "joker", "symbol": "★", "suit": "joker",
                                   "suit_name": ""})
                continue
            suit = cards.deck.suits[card.suit]
            kind = SUIT_KINDS.get(suit.name, "")
            rank = ranks[card.rank]
            word = rank.symbol if rank.symbol.isdigit() else rank.name  # 7; sota, re, queen, ace
            name = f"{word} {OF.get(suit.name, 'of')} {suit.name}"
            if card.index >= cards.size:  # a declared wild card read as a rank (CardSet.named): itself, as that
                wild = ranks[cards.cards[cards.named].rank]
                name = f"{wild.symbol if wild.symbol.isdigit() else wild.name} {OF.get(suit.name, 'of')} {suit.name}, as {word}"
            self.faces.append({"code": card.text, "name": name,
                               "symbol": FACES[kind][0] if kind in FRENCH else "", "suit": kind,
                               "suit_name": suit.name})

    def face(self, index: int) -> dict:
        return dict(self.faces[index])
