"""The rows of matches a kernel played (`Kernel.play_matches`): one per seed, as arrays."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .protocol import whole


@dataclass(frozen=True)
class MatchBatch:
    """Matches the kernel played, one row per seed (arrays; see the kernel's play_matches)."""

    seeds: np.ndarray
    winner: np.ndarray
    hands: np.ndarray
    scores: np.ndarray  # [match, side]
    sweeps: np.ndarray  # [match, 0 sum | 1 sum of squares, side]
    points: np.ndarray  # [match, 0 | 1, rule, side]
    last_points: np.ndarray  # [match, rule, side]: the last hand's
    last_effects: np.ndarray  # [match, effect rule, side]
    eliminated: np.ndarray  # [match]: mask of the sides out
    led: np.ndarray  # [match, side]: hands before the last after which the side alone led
    deficit: np.ndarray  # [match, side]: the most points it was behind the leader after a hand
    #: every point above is times this (the kernel's SCALE, > 1 when ties split): `exact` undoes it
    scale: int = 1

    def put(self, rows: np.ndarray, other: "MatchBatch") -> "MatchBatch":
        """This batch with `rows` replaced by the rows of `other` (the same matches, played again)."""
        for name in ("winner", "hands", "scores", "sweeps", "points", "last_points", "last_effects", "eliminated",
                     "led", "deficit"):
            getattr(self, name)[rows] = getattr(other, name)
        return self

    def exact(self, points, power: int = 1):
        """A points array entry (or a sum of squares, power 2) as the interpreter counts it: an
        int, or the Fraction a split tie gives."""
        return whole(Fraction(int(points), self.scale ** power))


def _empty_batch() -> MatchBatch:
    """The outputs of no match: what `Kernel._play` gives the entry point outside MATCHES (its
    arrays typed as MATCHES's, so that one compile serves every mode)."""
    z = np.zeros
    return MatchBatch(seeds=z(0, dtype=np.uint64), winner=z(0, dtype=np.int64), hands=z(0, dtype=np.int64),
                      scores=z((0, 1), dtype=np.int64), sweeps=z((0, 2, 1), dtype=np.int64),
                      points=z((0, 2, 1, 1), dtype=np.int64), last_points=z((0, 1, 1), dtype=np.int64),
                      last_effects=z((0, 1, 1), dtype=np.int64), eliminated=z(0, dtype=np.int64),
                      led=z((0, 1), dtype=np.int64), deficit=z((0, 1), dtype=np.int64))


#: what `Kernel._play` hands the entry point outside MATCHES
NO_BATCH = _empty_batch()
