"""Capture arithmetic on bit masks, shared by every RuleSet implementation.

The engine keeps, for the cards on the table, a *subset-sum index*: a dict
mapping each total up to `Params.sums_limit` to the masks of the
table subsets that make it (the empty subset under 0). A trail extends it
(every subset with and without the new card), a capture filters it; capture
options are then dictionary look-ups instead of subset enumeration, and the
limit (no capture ever needs more than, say, 15 - 1) keeps it small even
when the table is crowded. Cards whose value is their holder's choice
(jokers, the wild card, a rank of several values such as Tablić's ace) are
left out of the index and handled here by trying every total a set of them
can make (`ChoiceTotals`), which is cheap because a table holds few of them.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..language.cards import bits
from ..language.expr.runtime import splits_into
from .protocol import SubsetSums


def wild_readings(cards: int, wild: int, size: int) -> list[int]:
    """`cards` as they may be read with the deck's wild card (-1: none) among them: as they are,
    and with the wild card as each card of the deck not among the others (declarations.wild: a
    declaration, and with wild_opening the opening table, holds if it holds in one reading)."""
    if wild < 0 or not cards >> wild & 1:
        return [cards]
    rest = cards & ~(1 << wild)
    return [cards] + [rest | 1 << card for card in range(size) if card != wild and not rest >> card & 1]


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
    cards of several values), keeping totals up to `limit`."""
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


class ChoiceTotals:
    """Every total a set of choice cards can make, each card counting one of its values
    (`CardSet.choices`): looked up by the set's mask, worked out once per set."""

    def __init__(self, choices: Sequence[Sequence[int]]):
        self.choices = tuple(tuple(c) for c in choices)
        self._totals: dict[int, tuple[int, ...]] = {}

    def totals(self, mask: int) -> tuple[int, ...]:
        """The totals the cards of `mask` can make, ascending."""
        found = self._totals.get(mask)
        if found is None:
            # the set without its lowest card, then that card's values: a total per reachable sum,
            # never a product over the cards' choices (7 values on 12 cards are 7^12 picks)
            low = mask & -mask
            rest = mask ^ low
            card = low.bit_length() - 1
            before = self.totals(rest) if rest else (0,)
            found = tuple(sorted({total + value for total in before for value in self.choices[card]}))
            self._totals[mask] = found
        return found


def _choice_subsets(choice: int) -> list[int]:
    """The non-empty sub-masks of a mask of table cards of several values."""
    out = []
    sub = choice
    while sub:
        out.append(sub)
        sub = (sub - 1) & choice
    return out


def subsets_with_total(need: int, sums: SubsetSums, table_choice: int, totals: ChoiceTotals) -> list[int]:
    """Non-empty table subsets whose total can be `need`, each of the `table_choice` cards (jokers,
    cards of several values) in it counting the value that makes it."""
    out = [m for m in sums.get(need, ()) if m] if need > 0 else []
    if table_choice:
        for sub in _choice_subsets(table_choice):
            for js in totals.totals(sub):
                base = need - js
                if base >= 0:
                    out.extend(m | sub for m in sums.get(base, ()))
    return out


def sum_options(
    played: Iterable[int], targets: Sequence[int], sums: SubsetSums, table_choice: int, totals: ChoiceTotals,
    single_card_first: bool = False,
) -> list[int]:
    """Sum mode: subsets S with played value + total(S) equal to a target.

    `played` holds the values the played card may take (one value, or each of its
    several: a joker's, Tablić's ace's); with `single_card_first`, for each of those values
    a capture of one card excludes the captures of several (as in match mode)."""
    if single_card_first:
        out = []
        for value in played:
            found = list(dict.fromkeys(m for t in targets if t - value >= 0
                                       for m in subsets_with_total(t - value, sums, table_choice, totals)))
            out.extend([m for m in found if not m & (m - 1)] or found)
        return list(dict.fromkeys(out))
    out: list[int] = []
    needs = {t - v for t in targets for v in played}
    for need in needs:
        if need >= 0:
            out.extend(subsets_with_total(need, sums, table_choice, totals))
    if len(needs) > 1 or table_choice:
        out = list(dict.fromkeys(out))
    return out


def match_options(
    played: Iterable[int], sums: SubsetSums, table_choice: int, totals: ChoiceTotals, single_card_first: bool
) -> list[int]:
    """Match mode: subsets whose total equals the played value; with
    `single_card_first`, a single card of that value excludes every sum."""
    out: list[int] = []
    for value in played:
        combos = subsets_with_total(value, sums, table_choice, totals)
        if single_card_first:
            singles = [m for m in combos if not m & (m - 1)]
            if singles:
                combos = singles
        out.extend(combos)
    return list(dict.fromkeys(out))


def contains_capture(sums: SubsetSums, table_choice: int, totals: ChoiceTotals, targets: Sequence[int]) -> bool:
    """Some non-empty subset of the table totals one of `targets` (cards of several values
    counting any); `sums` indexes the table's other cards."""
    return any(subsets_with_total(t, sums, table_choice, totals) for t in targets)


def total_multiple(
    values: Sequence[int],
    table: int,
    choice_mask: int,
    choices: Sequence[Sequence[int]],
    target: int,
    multiples: Sequence[int],
    partition: bool,
) -> int:
    """The largest k in `multiples` with table total == k * target (and, with
    `partition`, the cards splitting into k groups of `target`); 0 if none. Each card of
    `choice_mask` counts one of its `choices`."""
    fixed = [values[c] for c in bits(table & ~choice_mask)]
    chosen = [choices[c] for c in bits(table & choice_mask)]
    base = sum(fixed)
    reachable = {base}  # the table's totals, each choice card counting one of its values
    for options in chosen:
        reachable = {total + value for total in reachable for value in options}
    for k in sorted(multiples, reverse=True):
        goal = k * target
        if goal not in reachable:
            continue
        if not partition or any(splits_into(fixed + list(pick), target) for pick in _picks(chosen, goal - base)):
            return k
    return 0


def _picks(chosen: Sequence[Sequence[int]], need: int):
    """Each pick of one value per choice card that adds up to `need`, pruned by what the cards
    left can still add (not every product of their choices)."""
    if not chosen:
        if need == 0:
            yield ()
        return
    rest = chosen[1:]
    low = sum(min(c) for c in rest)
    high = sum(max(c) for c in rest)
    for value in chosen[0]:
        if low <= need - value <= high:
            for tail in _picks(rest, need - value):
                yield (value, *tail)
