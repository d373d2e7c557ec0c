"""The deck order and the seats: shuffling, redeals, who leads a hand.

Both engines deal through these functions (the compiled hand loops call
`redeal` too), so a seed gives the same deck, the same redeals and the same
first player whichever engine plays it.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from .errors import EngineError


def shuffled_deck(size: int, rng: random.Random) -> list[int]:
    """The cards 0..size-1 in the order `rng.shuffle` puts them.

    For a plain `random.Random` the shuffle is inlined (the same Fisher-Yates
    steps and the same `getrandbits` draws as `Random.shuffle`, without its two
    Python-level calls per card: a tenth of a fast playout's time); a subclass
    keeps its own `shuffle`. `tests/test_fast_hand.py` holds the two equal."""
    deck = list(range(size))
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    getrandbits = rng.getrandbits
    for i, bits_needed in _shuffle_steps(size):
        j = getrandbits(bits_needed)
        while j > i:
            j = getrandbits(bits_needed)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@lru_cache(maxsize=None)
def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """(i, bits of i + 1) for i from size - 1 down to 1: `Random.shuffle`'s draws."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def redeal(deck: Sequence[int], rng: random.Random | None, redeals: int) -> tuple[list[int], random.Random]:
    """The deck shuffled again for redeal number `redeals` (an opening table that
    asks for it), and the generator that did it (a new one seeded with 0 if
    none was given); an error after 1000 redeals in a row."""
    if redeals > 1000:
        raise EngineError("the opening table asked for a redeal 1000 times in a row")
    if rng is None:
        rng = random.Random(0)
    deck = list(deck)
    rng.shuffle(deck)
    return deck, rng


def check_deck(deck: Sequence[int], size: int) -> None:
    """Raise ValueError unless `deck` lists each of the `size` cards once."""
    if len(deck) != size or set(deck) != set(range(size)):
        raise ValueError(f"a deck order must list each of the {size} cards exactly once")


def first_seat(first_player: str, dealer: int, players: int) -> int:
    """The seat that plays first in a hand: the one after the dealer in the
    direction of play (the dealer plays last), or with `before-dealer` the one
    before (003 read to the letter: "the player on the dealer's right starts"
    while play goes clockwise, so the dealer plays second)."""
    return (dealer + (-1 if first_player == "before-dealer" else 1)) % players
