"""Run-time helpers of scoring expressions.

Shared by `evaluate.evaluate` and by the Python code `compiler.expressions.to_python`
emits (which refers to this module as `rt`), so the interpreter and compiled variants
compute exactly the same thing. They run once per side per rule at the end of
every simulated hand: everything is bit operations on card masks and the
deck tables are precomputed by `env.Env` (and emitted as literals).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: Builtins re-exported so that generated code needs no free name but `rt`.
every = all
some = any
least = min
greatest = max


def sides(piles: Sequence[int]) -> range:
    """Every side index."""
    return range(len(piles))


def others(side: int, piles: Sequence[int]) -> list[int]:
    """Every side index but `side` (what `opponents` and `others` mean)."""
    return [other for other in range(len(piles)) if other != side]


def card_sum(cards: int, value_groups: tuple[tuple[int, int], ...]) -> int:
    """Total capture value; `value_groups` is ((value, mask of the cards worth it), ...)."""
    total = 0
    for value, group in value_groups:
        total += value * (cards & group).bit_count()
    return total


def equal_groups(cards: int, below: int, value_groups: tuple[tuple[int, int], ...]) -> bool:
    """Whether `cards` split, every card used, into two or more groups of one same total less
    than `below` (a Levantine basra: A-2-7-8 is 1+8 and 2+7). A card with no capture value (or
    a joker) belongs to no group, so a set holding one never splits."""
    values: list[int] = []
    counted = 0
    for value, group in value_groups:
        mine = cards & group
        counted |= mine
        values += [value] * mine.bit_count()
    if cards & ~counted or len(values) < 2:
        return False
    total, top = sum(values), max(values)
    for t in range(top, below):
        if 2 * t > total:
            break
        if total % t == 0 and splits_into(values, t):
            return True
    return False


def splits_into(values: Sequence[int], t: int) -> bool:
    """Whether `values`, every one used, make groups that each add up to `t` (a value of 0 joins
    any group): equal_groups' test, and an opening table's split into groups of the target.
    A depth-first search, card by card, each group's cards taken largest first and the next
    group started with the largest card left; a count of each value from which every group
    started failed is remembered. engine.native has the kernel's copy (its counts packed six
    bits a value), held equal to this by a test."""
    values = [v for v in values if v]
    if any(v > t for v in values) or sum(values) % t:
        return False
    counts = [0] * (t + 1)
    for v in values:
        counts[v] += 1
    left = n = len(values)
    failed: set[tuple[int, ...]] = set()
    pick_u, pick_r, pick_v = [0] * n, [0] * n, [0] * n
    pick_key: list[tuple[int, ...] | None] = [None] * n  # a group's first card: the counts it started from
    depth = r = v = 0
    while True:
        backtrack = False
        if r == 0:
            if left == 0:
                return True
            key = tuple(counts)
            if key in failed:
                backtrack = True
            else:  # a new group, started with the largest card left
                m = _largest(counts, t)
                pick_u[depth], pick_r[depth], pick_v[depth], pick_key[depth] = m, 0, 0, key
                depth, left, r, v = depth + 1, left - 1, t - m, m
                counts[m] -= 1
        else:
            u = _largest(counts, min(v, r))
            if u:
                pick_u[depth], pick_r[depth], pick_v[depth], pick_key[depth] = u, r, v, None
                depth, left, r, v = depth + 1, left - 1, r - u, u
                counts[u] -= 1
            else:
                backtrack = True
        while backtrack:
            if depth == 0:
                return False
            depth -= 1
            u = pick_u[depth]
            counts[u] += 1
            left += 1
            started = pick_key[depth]
            if started is not None:  # a group's first card: every group from those counts failed
                failed.add(started)
                continue
            rb, vb = pick_r[depth], pick_v[depth]
            smaller = _largest(counts, min(u - 1, vb, rb))
            if smaller:
                pick_u[depth], pick_r[depth], pick_v[depth], pick_key[depth] = smaller, rb, vb, None
                depth, left, r, v = depth + 1, left - 1, rb - smaller, smaller
                counts[smaller] -= 1
                backtrack = False


def _largest(counts: list[int], limit: int) -> int:
    """The largest value from 1 to `limit` with a card left; 0 when none."""
    while limit >= 1 and counts[limit] == 0:
        limit -= 1
    return max(limit, 0)


def primiera(cards: int, table: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]) -> int:
    """Best primiera value of each suit present, added.

    `table` has one (suit mask, groups) entry per suit, groups being
    (primiera value, mask of the suit's cards worth it) from the highest value down.
    Where every suit's cards are consecutive bits (the presets), each suit's
    best value is looked up by its bits in a table worked out once per `table`.
    """
    spec = _PRIMIERA_LOOKUPS.get(id(table))
    if spec is None or spec[0] is not table:
        spec = _primiera_lookups(table)
    lookups = spec[1]
    if lookups is not None:
        total = 0
        for shift, width, best in lookups:
            total += best[cards >> shift & width]
        return total
    total = 0
    for suit_mask, groups in table:
        if cards & suit_mask:
            for points, group in groups:
                if cards & group:
                    total += points
                    break
    return total


#: id(table) -> (table, ((shift, width mask, best value by the suit's bits), ...) or None);
#: the table is kept so that its id cannot be reused while it is here
_PRIMIERA_LOOKUPS: dict[int, tuple] = {}


def _primiera_lookups(table) -> tuple:
    """Per suit: where its bits start, their mask, and the best value each set of them is worth."""
    lookups: list | None = []
    for suit_mask, groups in table:
        shift = (suit_mask & -suit_mask).bit_length() - 1
        width = (1 << (suit_mask.bit_length() - shift)) - 1
        if suit_mask >> shift != width or width >= 1 << 12:
            lookups = None  # not consecutive bits (or a very long suit): the loop
            break
        best = []
        for held in range(width + 1):
            held <<= shift
            best.append(next((points for points, group in groups if held & group), 0))
        lookups.append((shift, width, tuple(best)))
    if len(_PRIMIERA_LOOKUPS) >= 64:
        _PRIMIERA_LOOKUPS.clear()
    spec = _PRIMIERA_LOOKUPS[id(table)] = (table, tuple(lookups) if lookups is not None else None)
    return spec


def suits(cards: int, suit_masks: tuple[int, ...]) -> int:
    """How many suits have at least one card in `cards`."""
    present = 0
    for suit_mask in suit_masks:
        if cards & suit_mask:
            present += 1
    return present


def straight(cards: int, rank_masks: tuple[int, ...]) -> int:
    """Largest n such that ranks 1..n all appear; `rank_masks[i]` holds the cards of rank i + 1."""
    length = 0
    for rank_mask in rank_masks:
        if not cards & rank_mask:
            break
        length += 1
    return length


def most_alike(cards: int, groups: tuple[int, ...]) -> int:
    """The most cards of `cards` in one of `groups` (the deck's rank or suit masks): 3 for
    three of a kind (same_rank), 5 for five of one suit (same_suit)."""
    return max(((cards & group).bit_count() for group in groups), default=0)


def same_rank_as(cards: int, of: int, ranks: tuple[int, ...]) -> int:
    """The cards of `cards` of a rank some card of `of` has (ranks: the deck's rank masks): with
    a hand's three fives and a played five, the three fives."""
    out = 0
    for group in ranks:
        if of & group:
            out |= cards & group
    return out


#: the most points one rule, event or declaration gives a side in one hand: a product of
#: counts (`count(pile) * 1000 * 1000`) could otherwise outgrow what JSON and a float hold
MAX_POINTS = 10**9


def points(value) -> int:
    """What an expression of points scores: never below 0 (`sweeps - 1` with no sweep scores
    0) and never above MAX_POINTS."""
    return min(MAX_POINTS, max(0, int(value)))


def round_up(number: int, step: int) -> int:
    """The multiple of `step` at or above `number` (round_up(21, 2) is 22)."""
    return -(-number // step) * step


def round_down(number: int, step: int) -> int:
    """The multiple of `step` at or below `number` (round_down(21, 2) is 20)."""
    return number // step * step


def best_other(scores: Sequence, side: int):
    """The highest match score among the sides but `side` (0 with no other side)."""
    return max((score for other, score in enumerate(scores) if other != side), default=0)


def share(points: int, sides: int) -> int | Fraction:
    """A side's part of `points` shared between `sides` awarded sides (ties: split):
    a whole number when it divides, else the exact fraction (1/2, 1/3, ...)."""
    if sides <= 1 or points % sides == 0:
        return points // max(sides, 1)
    return Fraction(points, sides)


def most(values: Sequence[int], eligible: Sequence[bool] | None, side: int, ties_all: bool) -> bool:
    """Whether `side` holds the majority among the eligible sides (None: all are).

    An ineligible side never wins. Without `ties_all` the side's value must be
    strictly greater than every other eligible side's; with it, equal to their maximum.
    """
    if eligible is None:
        # every side counts: the maximum (and, without ties, held by this side alone), in C
        mine = values[side]
        return mine == max(values) and (ties_all or values.count(mine) == 1)
    if not eligible[side]:
        return False
    mine = values[side]
    for other, value in enumerate(values):
        if other == side or not eligible[other]:
            continue
        if value > mine or (value == mine and not ties_all):
            return False
    return True
