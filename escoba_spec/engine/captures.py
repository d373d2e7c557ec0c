"""Capture arithmetic on bit masks, shared by every RuleSet implementation.

The engine keeps, for the cards on the table, a *subset-sum index*: a dict
mapping each total up to `Params.sums_limit` to the masks of the non-joker
table subsets that make it (the empty subset under 0). A trail extends it
(every subset with and without the new card), a capture filters it; capture
options are then dictionary look-ups instead of subset enumeration, and the
limit (no capture ever needs more than, say, 15 - 1) keeps it small even
when the table is crowded. Jokers on the table are left out of
the index and handled here by trying every choice of their values, which is
cheap because a deck has at most a couple of them.
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Sequence

from ..language.cards import bits
from .protocol import SubsetSums


def mask_total(values: Sequence[int], mask: int) -> int:
    """Sum of the capture values of the cards of `mask`."""
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def build_sums(values: Sequence[int], mask: int, limit: int = 1 << 30) -> dict[int, list[int]]:
    """A fresh subset-sum index of the cards of `mask` (pass it without
    jokers), keeping totals up to `limit`."""
    sums: dict[int, list[int]] = {0: [0]}
    for card in bits(mask):
        sums_add(sums, card, values[card], limit)
    return sums


def sums_add(sums: dict[int, list[int]], card: int, value: int, limit: int = 1 << 30) -> None:
    """Extend the index in place with a card laid on the table. Totals above
    `limit` are never looked up, so they are not kept: this is what keeps a
    crowded table cheap."""
    bit = 1 << card
    for total, masks in list(sums.items()):
        key = total + value
        if key > limit:
            continue
        shifted = [m | bit for m in masks]
        old = sums.get(key)
        sums[key] = shifted if old is None else old + shifted


def sums_remove(sums: SubsetSums, removed: int) -> dict[int, list[int]]:
    """A new index without any subset touching the cards of `removed`."""
    out = {}
    for total, masks in sums.items():
        kept = [m for m in masks if not m & removed]
        if kept:
            out[total] = kept
    return out


def joker_totals(count: int, values: Sequence[int]) -> tuple[frozenset[int], ...]:
    """For k = 0..count jokers: every total they can make, each joker choosing a value."""
    return tuple(frozenset(sum(choice) for choice in product(values, repeat=k)) for k in range(count + 1))


def _joker_subsets(jokers: int) -> list[int]:
    """The non-empty sub-masks of a mask of table jokers."""
    out = []
    sub = jokers
    while sub:
        out.append(sub)
        sub = (sub - 1) & jokers
    return out


def subsets_with_total(need: int, sums: SubsetSums, table_jokers: int, jtotals) -> list[int]:
    """Non-empty table subsets (jokers included, each wild) whose total can be `need`."""
    out = [m for m in sums.get(need, ()) if m] if need > 0 else []
    if table_jokers:
        for sub in _joker_subsets(table_jokers):
            for js in jtotals[sub.bit_count()]:
                base = need - js
                if base >= 0:
                    out.extend(m | sub for m in sums.get(base, ()))
    return out


def sum_options(
    played: Iterable[int], targets: Sequence[int], sums: SubsetSums, table_jokers: int, jtotals,
    single_card_first: bool = False,
) -> list[int]:
    """Sum mode: subsets S with played value + total(S) equal to a target.

    `played` holds the values the played card may take (one value, or every
    joker value for a joker); with `single_card_first`, for each of those values
    a capture of one card excludes the captures of several (as in match mode)."""
    if single_card_first:
        out = []
        for value in played:
            found = list(dict.fromkeys(m for t in targets if t - value >= 0
                                       for m in subsets_with_total(t - value, sums, table_jokers, jtotals)))
            out.extend([m for m in found if not m & (m - 1)] or found)
        return list(dict.fromkeys(out))
    out: list[int] = []
    needs = {t - v for t in targets for v in played}
    for need in needs:
        if need >= 0:
            out.extend(subsets_with_total(need, sums, table_jokers, jtotals))
    if len(needs) > 1 or table_jokers:
        out = list(dict.fromkeys(out))
    return out


def match_options(
    played: Iterable[int], sums: SubsetSums, table_jokers: int, jtotals, single_card_first: bool
) -> list[int]:
    """Match mode: subsets whose total equals the played value; with
    `single_card_first`, a single card of that value excludes every sum."""
    out: list[int] = []
    for value in played:
        combos = subsets_with_total(value, sums, table_jokers, jtotals)
        if single_card_first:
            singles = [m for m in combos if not m & (m - 1)]
            if singles:
                combos = singles
        out.extend(combos)
    return list(dict.fromkeys(out))


def contains_capture(sums: SubsetSums, table_jokers: int, jtotals, targets: Sequence[int]) -> bool:
    """Some non-empty subset of the table totals one of `targets` (jokers wild);
    `sums` indexes the table's non-joker cards."""
    return any(subsets_with_total(t, sums, table_jokers, jtotals) for t in targets)


def _partitions(vals: list[int], groups: int, target: int) -> bool:
    """Can `vals` (which add up to groups * target) split into groups of `target`?"""
    if groups <= 1:
        return sum(vals) == target * groups
    first, rest = vals[0], vals[1:]
    need = target - first
    n = len(rest)
    for pick in range(1 << n):
        chosen = [rest[i] for i in range(n) if pick >> i & 1]
        if sum(chosen) == need:
            left = [rest[i] for i in range(n) if not pick >> i & 1]
            if _partitions(left, groups - 1, target):
                return True
    return False


def total_multiple(
    values: Sequence[int],
    table: int,
    joker_mask: int,
    joker_values: Sequence[int],
    target: int,
    multiples: Sequence[int],
    partition: bool,
) -> int:
    """The largest k in `multiples` with table total == k * target (and, with
    `partition`, the cards splitting into k groups of `target`); 0 if none."""
    fixed = [values[c] for c in bits(table & ~joker_mask)]
    jokers = (table & joker_mask).bit_count()
    base = sum(fixed)
    for k in sorted(multiples, reverse=True):
        goal = k * target
        for choice in product(joker_values, repeat=jokers):
            if base + sum(choice) != goal:
                continue
            if not partition or _partitions(fixed + list(choice), k, target):
                return k
    return 0
