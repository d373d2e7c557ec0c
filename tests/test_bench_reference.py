"""The hand-written C reference loops of the benchmark (bench/reference/) play
the rule files' games: built with the system's C compiler, they are fed the
same random stream as the project's interpreter and must finish every hand
as it does (points by rule, piles, sweeps), and their own random hands must
score like the project's RandomBot hands."""

from __future__ import annotations

import math
import random
import statistics
from functools import lru_cache

import pytest

from bench.reference import loops
from escoba_spec.engine.bots import RandomBot
from escoba_spec.engine.dealing import shuffled_deck
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.match import run_hand
from escoba_spec.engine.state import HandState
from escoba_spec.language.validate import load_variant

from .conftest import ROOT

CC = loops.find_compiler()
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler (cc, gcc or clang, or $CC) on PATH")
VARIANTS = sorted(loops.LOOPS)
MASK64 = (1 << 64) - 1


class SplitMix64:
    """The C loops' uniform stream (fishing.h), step for step."""

    def __init__(self, seed: int):
        self.state = seed & MASK64

    def uniform(self) -> float:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        return (z >> 11) * 2.0**-53


class StreamBot:
    """Plays move floor(u * n) with u the stream's next uniform, as the C loop does."""

    def __init__(self, stream: SplitMix64):
        self.stream = stream

    def choose(self, obs, moves):
        return moves[int(self.stream.uniform() * len(moves))]


@lru_cache(maxsize=None)
def ruleset(vid: str) -> Interpreter:
    return Interpreter(load_variant(ROOT / loops.LOOPS[vid][1]))


@pytest.fixture(scope="module")
def programs(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("reference")
    return {vid: loops.build(CC, vid, out) for vid in VARIANTS}


def interpreter_hands(vid: str, hands: int, seed: int) -> list[list[int]]:
    """The C loop's hands from `seed` played by the interpreter, as the C loop's --each rows."""
    rs = ruleset(vid)
    stream = SplitMix64(seed)
    bot = StreamBot(stream)
    rules = rs.params.points_rules
    rows = []
    for _ in range(hands):
        deck = list(range(40))
        for i in range(39, 0, -1):  # Fisher-Yates from the top, as fishing.h shuffles
            j = int(stream.uniform() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
        result = run_hand(HandState.deal(rs, deck, players=2), [bot, bot])
        points = [result.score.points[side][rule] for side in (0, 1) for rule in rules]
        rows.append(points + list(result.piles) + list(result.sweeps))
    return rows


@pytest.mark.parametrize("vid", VARIANTS)
def test_c_loop_plays_the_interpreters_hands_exactly(programs, vid):
    summary, rows = loops.run(programs[vid], 2000, 17, each=True)
    assert summary["rules"] == list(ruleset(vid).params.points_rules)
    expected = interpreter_hands(vid, 2000, 17)
    assert len(rows) == len(expected) == summary["hands"]
    for hand, (got, want) in enumerate(zip(rows, expected)):
        assert got == want, f"{vid} hand {hand}: C {got} != interpreter {want}"
    # the checksums the benchmark prints are those hands' totals
    totals = [sum(column) for column in zip(*rows)]
    assert summary["points_by_rule"] == [totals[0:5], totals[5:10]]
    assert summary["points"] == [sum(totals[0:5]), sum(totals[5:10])]
    assert summary["sweeps"] == totals[12:14]


def _hand_totals(vid: str, hands: int) -> list[tuple[int, int]]:
    """Points per side of `hands` interpreter hands dealt and played as the benchmark's playout section does."""
    rs = ruleset(vid)
    bots = [RandomBot(1000), RandomBot(1001)]
    out = []
    for seed in range(hands):
        deck = shuffled_deck(40, random.Random(seed))
        out.append(run_hand(HandState.deal(rs, deck, players=2), bots).score.totals())
    return out


@pytest.mark.parametrize("vid", VARIANTS)
def test_c_loop_random_hands_score_like_the_projects_random_bots(programs, vid):
    """The benchmark's own stream (splitmix64: seeding, shuffle, bot draws) against the
    project's (Mersenne Twister), two independent samples: the mean points per side
    agree within 4 standard errors of their difference, the standard error taken from
    both samples' variances (Welch). A hand's points are bounded, so the means are near
    normal at these sizes, and 4 standard errors is a two-sided false-alarm chance of
    about 6e-5 per comparison. The rules themselves are pinned hand by hand above;
    this pins that the C loop's random hands are drawn as the project's are."""
    hands_c, hands_py = 20000, 1500
    summary, rows = loops.run(programs[vid], hands_c, 12345, each=True)
    py = _hand_totals(vid, hands_py)
    for side in (0, 1):
        c_points = [sum(row[side * 5:side * 5 + 5]) for row in rows]
        p_points = [p[side] for p in py]
        se = math.sqrt(statistics.variance(c_points) / hands_c + statistics.variance(p_points) / hands_py)
        gap = statistics.fmean(c_points) - statistics.fmean(p_points)
        assert abs(gap) <= 4 * se, f"{vid} side {side}: C {statistics.fmean(c_points):.3f} vs " \
                                   f"interpreter {statistics.fmean(p_points):.3f} points a hand, {gap / se:.1f} s.e."
    assert summary["hands"] == hands_c
