"""An explicit stream of uniforms that both engines can draw from: splitmix64.

Python's `random.Random` cannot be reproduced inside a numba kernel, so a
game that the interpreter and the kernel must play alike draws its
randomness from this stream instead: a 64-bit state advanced by splitmix64,
each step giving the double ``(z >> 11) * 2**-53`` in [0, 1). A random
choice among n things is ``floor(u * n)``; a shuffle is Fisher-Yates from
the top (``j = floor(u * (i + 1))`` for i from n - 1 down to 1). The kernel
(`escoba_spec.engine.native`) computes the very same numbers.
"""

from __future__ import annotations

from typing import MutableSequence

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """splitmix64's finaliser: a 64-bit value scrambled."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seat_seed(seed: int, index: int) -> int:
    """The seed of stream `index` of a match seeded `seed` (0: the deal; 1 + seat: a seat's bot):
    fixed by the two numbers alone, and unrelated for different indices."""
    return mix((seed * GOLDEN + index * 0xD1B54A32D192ED03 + 1) & MASK64)


class Stream:
    """A stream of uniforms with the part of `random.Random`'s interface the engine and the bots use."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & MASK64

    def random(self) -> float:
        self.state = (self.state + GOLDEN) & MASK64
        return (mix(self.state) >> 11) * (1.0 / 9007199254740992.0)

    def randrange(self, n: int) -> int:
        """An index below `n`: floor(u * n)."""
        return int(self.random() * n)

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates from the top, one uniform a step."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]
