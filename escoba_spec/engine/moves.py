"""Moves and the record of a play, with their one text form.

A move is four ints: the card played, the mask it captures (0 = a trail), the
mask claimed first (0 unless the variant lets a player take the capture the
previous player missed, 003) and the value a build announces (0: no build; then
the mask is every table card the build joins: capture.builds). Tuples keep
legal-move lists cheap.

Text form: `7o` trails the 7 of oros; `7o+2b+5e` plays it capturing 2b and 5e;
`[3c+5e+7o] 4c` first claims 3c, 5e and 7o (a missed capture), then trails 4c;
`3c+5d:8` plays the 3 on the 5, building 8; `bid:11` bids 11 (deal.bid: no card is
played, the card field is BID).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..language.cards import CardSet
from .captures import bits

#: `tuple_new(Move, (card, capture, claim, build))` builds a Move (or a Play) without the
#: NamedTuple's Python-level `__new__`: the hot loops make millions of them
tuple_new = tuple.__new__

#: the card of a bid move (deal.bid, engine.staging): none is played; its `build` is the value bid
BID = -1
_BID_TEXT = re.compile(r"bid(?:\s*:|\s+|$)(.*)", re.IGNORECASE | re.DOTALL)


class Move(NamedTuple):
    card: int
    capture: int = 0  # mask of table cards taken; 0 = trail
    claim: int = 0  # mask taken first as a missed capture (trailed card + its subset)
    build: int = 0  # the value a build announces; 0: the move builds nothing

    def text(self, cards: CardSet) -> str:
        return format_move(self, cards)


class Play(NamedTuple):
    """One play in a hand's history."""

    seat: int
    card: int
    capture: int
    claim: int
    sweeps: int  # sweeps the play scored (weighted); 0 for none
    build: int = 0  # the value the play built, raised or added to (capture: the cards it joined); 0: none


def _mask_text(mask: int, cards: CardSet) -> str:
    return "+".join(cards.text(c) for c in bits(mask))


def format_move(move: Move, cards: CardSet) -> str:
    """`7o`, `7o+2b+5e`, `[3c+5e+7o] 4c`, `3c+5d:8` or `bid:11`."""
    if move.card == BID:
        return f"bid:{move.build}"
    text = cards.text(move.card)
    if move.capture:
        text += "+" + _mask_text(move.capture, cards)
    if move.build:
        text += f":{move.build}"
    if move.claim:
        text = f"[{_mask_text(move.claim, cards)}] {text}"
    return text


def parse_move(text: str, cards: CardSet) -> Move:
    """The inverse of `format_move`; raises ValueError on a malformed move."""
    source = text.strip()
    bid = _BID_TEXT.fullmatch(source)
    if bid:  # a bid names a value, no card: `bid:11` (`bid 11` too)
        value = bid.group(1).strip()
        if not value.isascii() or not value.isdigit() or len(value) > 6 or not int(value):
            raise ValueError(f"'{text}': a bid names the value bid after 'bid:', e.g. 'bid:11'")
        return Move(BID, 0, 0, int(value))
    claim = 0
    if source.startswith("["):
        end = source.find("]")
        if end < 0:
            raise ValueError(f"'{text}': a claim opened with '[' must close with ']'")
        claim = _parse_mask(source[1:end], cards, text)
        if not claim:
            raise ValueError(f"'{text}': the claim names no card")
        source = source[end + 1 :].strip()
    build = 0
    if ":" in source:  # a build: the value announced after the cards
        source, _, value = source.rpartition(":")
        if not value.strip().isdigit() or not int(value):
            raise ValueError(f"'{text}': a build names its value after ':', e.g. '3c+5d:8'")
        build = int(value)
    parts = [p.strip() for p in source.split("+")]
    if not parts or not parts[0]:
        raise ValueError(f"'{text}': a move is a card, e.g. '7o', or a capture, e.g. '7o+2b+5e'")
    card = cards.parse(parts[0])
    capture = _parse_mask("+".join(parts[1:]), cards, text)
    if capture >> card & 1:
        raise ValueError(f"'{text}': the played card cannot also be captured")
    return Move(card, capture, claim, build)


def _parse_mask(source: str, cards: CardSet, text: str) -> int:
    mask = 0
    for part in source.split("+"):
        part = part.strip()
        if not part:
            if source.strip():
                raise ValueError(f"'{text}': empty card between '+' signs")
            continue
        bit = 1 << cards.parse(part)
        if mask & bit:
            raise ValueError(f"'{text}': card '{part}' is named twice")
        mask |= bit
    return mask
