"""Decks, cards and their one text form.

A card is an index into the deck's card list, and a set of cards is an int
bit mask (bit i set = card i present): captures, piles and hands are then a
few integer operations, which is what makes the engine fast. Cards are laid
out suit-major (`suit_index * len(ranks) + rank_index`), jokers last.

Text form: rank symbol followed by suit symbol, e.g. `7o` (7 of oros), `Ro`
(rey of oros), `Kd` (king of diamonds); jokers are `*1`, `*2`, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .ir import Deck, Jokers, Rank, Suit

#: what each suit of the presets shows, for the tools that draw cards (the terminal's
#: symbols, the rulebook's badges): the Spanish and Italian suits' coins, cups, swords and
#: batons, and the French suits; a declared deck's suits show none
SUIT_KINDS = {
    "oros": "coins", "denari": "coins", "copas": "cups", "coppe": "cups",
    "espadas": "swords", "spade": "swords", "bastos": "batons", "bastoni": "batons",
    "hearts": "hearts", "diamonds": "diamonds", "clubs": "clubs", "spades": "spades",
}


#: The deck presets the seeds use: suits in order (the first is the usual scoring
#: suit) and ranks as (symbol, name, capture value, primiera value).
PRESETS: dict[str, dict] = {
    "spanish-40": {
        "suits": [("o", "oros"), ("c", "copas"), ("e", "espadas"), ("b", "bastos")],
        "figures": [("S", "sota"), ("C", "caballo"), ("R", "rey")],
        "ace": "1",
    },
    "italian-40": {
        "suits": [("d", "denari"), ("c", "coppe"), ("s", "spade"), ("b", "bastoni")],
        "figures": [("F", "fante"), ("C", "cavallo"), ("R", "re")],
        "ace": "1",
    },
    "french-40": {
        "suits": [("d", "diamonds"), ("h", "hearts"), ("s", "spades"), ("c", "clubs")],
        "figures": [("J", "jack"), ("Q", "queen"), ("K", "king")],
        "ace": "A",
    },
    # ace to ten and three courts (Cicera's Brescian cards): the numerals count their
    # number, the courts 11, 12 and 13 (a variant whose courts have no value says so)
    "italian-52": {
        "suits": [("d", "denari"), ("c", "coppe"), ("s", "spade"), ("b", "bastoni")],
        "figures": [("F", "fante"), ("C", "cavallo"), ("R", "re")],
        "ace": "1",
        "numerals": 10,
    },
    # the full French pack without jokers (Pişti, Basra, Tablić, Cassino): ace to ten, the courts 11-13
    "french-52": {
        "suits": [("d", "diamonds"), ("h", "hearts"), ("s", "spades"), ("c", "clubs")],
        "figures": [("J", "jack"), ("Q", "queen"), ("K", "king")],
        "ace": "A",
        "numerals": 10,
    },
}

#: Primiera / setenta values by rank number (000, 002): 7=21, 6=18, A=16, 5=15,
#: 4=14, 3=13, 2=12, figures 10; any other card counts 10 (no text gives the 8s,
#: 9s and 10s of a 52-card deck a primiera value: a variant scoring it says its own)
PRIMIERA = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21}
OTHER_PRIMIERA = 10

NUMBER_NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
                10: "ten"}


def preset_suits(preset: str) -> tuple[Suit, ...]:
    return tuple(Suit(symbol, name) for symbol, name in PRESETS[preset]["suits"])


def preset_ranks(preset: str) -> tuple[Rank, ...]:
    """The ranks of a preset with the common values: the numerals their number, the
    figures the numbers after them (8, 9, 10 in a 40-card deck)."""
    spec = PRESETS[preset]
    numerals = spec.get("numerals", 7)
    ranks = []
    for number in range(1, numerals + 1):
        symbol = spec["ace"] if number == 1 else str(number)
        ranks.append(Rank(symbol, NUMBER_NAMES[number], number, number, PRIMIERA.get(number, OTHER_PRIMIERA)))
    for offset, (symbol, name) in enumerate(spec["figures"]):
        number = numerals + 1 + offset
        ranks.append(Rank(symbol, name, number, number, PRIMIERA.get(number, OTHER_PRIMIERA)))
    return tuple(ranks)


@dataclass(frozen=True)
class Card:
    index: int
    text: str
    suit: int  # suit index, -1 for a joker
    rank: int  # rank number 1..10, 0 for a joker
    value: int  # capture value, 0 for a joker (wild)
    primiera: int
    joker: bool


class CardSet:
    """The concrete cards of a deck and precomputed masks, built once per variant."""

    def __init__(self, deck: Deck):
        self.deck = deck
        cards: list[Card] = []
        for s, suit in enumerate(deck.suits):
            for rank in deck.ranks:
                cards.append(
                    Card(len(cards), rank.symbol + suit.symbol, s, rank.number, rank.value, rank.primiera, False)
                )
        for j in range(deck.jokers.count):
            cards.append(Card(len(cards), f"*{j + 1}", -1, 0, 0, deck.jokers.primiera, True))
        self.size = len(cards)  # the deck: the cards dealt (the readings below are never dealt)
        self.full_mask = (1 << self.size) - 1
        #: with a wild card that plays as declared (Deck.named), one reading of it per rank after
        #: the deck's cards, `7c=R`: the card as it plays, in its suit, once its holder names it
        self.named = deck.named
        if deck.named >= 0:
            wild = cards[deck.named]
            for rank in deck.ranks:
                cards.append(Card(len(cards), f"{wild.text}={rank.symbol}", wild.suit, rank.number, rank.value,
                                  rank.primiera, False))
        self.cards: tuple[Card, ...] = tuple(cards)
        self.named_mask = ((1 << len(cards)) - 1) & ~self.full_mask  # the readings: none without Deck.named
        self._by_text = {c.text.lower(): c.index for c in cards}

    def real(self, mask: int) -> int:
        """`mask` with a reading of the declared wild card as the card itself: where it goes once
        it leaves hand and table (a pile, the leftovers, what is seen of it)."""
        if mask & self.named_mask:
            return mask & ~self.named_mask | 1 << self.named
        return mask

    def reading(self, rank: int) -> int:
        """The index of the declared wild card read as the rank numbered `rank` (Deck.named)."""
        return self.size + [r.number for r in self.deck.ranks].index(rank)

    @cached_property
    def suit_masks(self) -> tuple[int, ...]:
        return tuple(
            sum(1 << c.index for c in self.cards if c.suit == s) for s in range(len(self.deck.suits))
        )

    @cached_property
    def joker_mask(self) -> int:
        """The cards that stand for a capture value: the jokers, and the deck's wild card (Deck.wild)."""
        wild = 1 << self.deck.wild if self.deck.wild >= 0 else 0
        return sum(1 << c.index for c in self.cards if c.joker) | wild

    @cached_property
    def valueless_mask(self) -> int:
        """The cards with no capture value: they take part in no sum (nor, unlike jokers, stand for one)."""
        ranks = {r.number for r in self.deck.ranks if not r.valued}
        return sum(1 << c.index for c in self.cards if not c.joker and c.rank in ranks) & ~self.joker_mask

    @cached_property
    def choices(self) -> tuple[tuple[int, ...], ...]:
        """The capture values each card may count, its holder choosing: a joker's (and the wild
        card's) every value it stands for, a rank's several values (Tablić's ace: 1 or 11), else
        its one value (0 for a card with none)."""
        _, joker_values = self.deck.capture_jokers()
        by_rank = {r.number: r.capture_values for r in self.deck.ranks}
        return tuple(tuple(joker_values) if self.joker_mask >> c.index & 1
                     else by_rank[c.rank] if len(by_rank.get(c.rank, ())) > 1 else (c.value,)
                     for c in self.cards)

    @cached_property
    def choice_mask(self) -> int:
        """The cards whose capture value is their holder's choice among several: the jokers, the
        wild card and the cards of a rank with several values. Sums try each choice."""
        return self.joker_mask | sum(1 << c.index for c, values in zip(self.cards, self.choices)
                                     if len(values) > 1 and not c.joker)

    @cached_property
    def unsummed_mask(self) -> int:
        """The cards the subset-sum index of a table leaves out: cards of several values (jokers
        included) and valueless cards."""
        return self.choice_mask | self.valueless_mask

    @cached_property
    def values(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.cards)

    @cached_property
    def value_masks(self) -> tuple[int, ...]:
        """For each value from 0 to the highest a dealt card is worth, the dealt cards worth it."""
        top = max(self.values[:self.size], default=0)
        return tuple(sum(1 << c.index for c in self.cards[:self.size] if c.value == v) for v in range(top + 1))

    @cached_property
    def total_value(self) -> int:
        """Sum of the capture values of every non-joker card (220 for the Spanish 40)."""
        return sum(c.value for c in self.cards if not c.joker)

    def parse(self, text: str) -> int:
        """A card index from its text form; raises ValueError naming the valid forms."""
        key = text.strip().lower()
        if key in self._by_text:
            return self._by_text[key]
        sample = ", ".join(c.text for c in self.cards[:3])
        raise ValueError(f"unknown card '{text}': cards are written rank then suit, e.g. {sample}")

    def text(self, index: int) -> str:
        return self.cards[index].text

    def mask_of(self, texts) -> int:
        mask = 0
        for t in texts:
            mask |= 1 << self.parse(t)
        return mask

    def indices(self, mask: int) -> list[int]:
        return bits(mask)

    def texts(self, mask: int) -> list[str]:
        return [self.cards[i].text for i in self.indices(mask)]


def union(masks) -> int:
    """Every card of any of the masks, as one mask."""
    out = 0
    for mask in masks:
        out |= mask
    return out


def bits(mask: int) -> list[int]:
    """Card indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def no_jokers() -> Jokers:
    return Jokers(count=0, values=(), primiera=0)
