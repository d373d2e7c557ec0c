"""Capture kinds and the priority over them: what a played card may take, on masks.

Both engines ask `KindRules` when a variant lists its capture kinds (or uses a
rule the seeds' two modes do not cover): the interpreter builds it from the
IR, a kernel from literals written into it, so the two compute the
same captures the same way. The seeds' modes keep their own faster code
(`captures.sum_options` / `match_options`); a test holds the two paths equal
on every shipped variant.

For a played card, every kind it may use gives its table sets (a card of
several values - a joker, Tablić's ace - tries each, one at a time; on the
table, each such card counts whichever of its values makes the set); a set two kinds give is one
capture, made by both. A kind `from` a pile (piles shown) takes the whole pile
of another side whose top card it matches (by rank or value; whole-table: any
pile), and such a capture competes with the table's in the steps below. The
priority steps then narrow the captures, in order:
`prefer` keeps the captures of the kinds it names when there are any,
`one-card-first` the captures of one card, `fewest-cards` / `most-cards` the
smallest / largest, `sweep` the captures that clear the table (except on the
hand's last play); a step that names kinds looks only at the captures they
make (one-card-first with kinds [match]: a single card matched excludes the
rest); captures of a kind named by `always` survive every step.
"""

from __future__ import annotations

from typing import Sequence

from ..language.cards import bits
from .captures import ChoiceTotals, build_sums, mask_total, subsets_with_total
from .errors import MOST_MOVES, TOO_MANY_MOVES, TooManyMoves, status_text
from .protocol import Kind, PileView, SubsetSums


class KindRules:
    """The captures of a deck's cards under a list of kinds and priority steps."""

    def __init__(self, values: Sequence[int], ranks: Sequence[int], joker_mask: int, valueless_mask: int,
                 played: Sequence[tuple[int, ...]], choice_mask: int, kinds: Sequence[Kind],
                 priority: Sequence[tuple[str, tuple[str, ...]]]):
        self.values = tuple(values)
        self.ranks = tuple(ranks)  # rank number of each card, 0 for a joker
        self.joker_mask = joker_mask  # wild: matched by no rank
        self.choice = choice_mask  # the cards of several values (jokers included): each counts one of `played`
        self.unsummed = choice_mask | valueless_mask
        self.valueless = valueless_mask
        self.played = tuple(played)  # the values each card may take when played, or count when taken
        self.totals = ChoiceTotals(self.played)
        self.kinds = tuple(kinds)
        self.steps = tuple((rule, frozenset(named)) for rule, named in priority if rule != "always")
        self.always = frozenset(k for rule, named in priority if rule == "always" for k in named)
        self.rank_masks: dict[int, int] = {}
        for card, rank in enumerate(self.ranks):
            if rank:
                self.rank_masks[rank] = self.rank_masks.get(rank, 0) | 1 << card

    # ------------------------------------------------------------- captures

    def options(self, card: int, table: int, sums: SubsetSums, last_play: bool = False,
                piles: PileView | None = None) -> list[int]:
        """The table sets `card` may capture, and the piles it may take, every priority step applied."""
        out: list[int] = []
        for value in self.played[card] or (0,):
            made = self.made(card, value, table, sums, piles)
            if made:
                out.extend(self._narrow(made, table, last_play))
        return list(dict.fromkeys(out))

    def made(self, card: int, value: int, table: int, sums: SubsetSums,
             piles: PileView | None = None) -> dict[int, list[str]]:
        """Every set `card` (played as `value`) may take, with the kinds that make it."""
        made: dict[int, list[str]] = {}
        for kind in self.kinds:
            if kind.cards >> card & 1:
                if kind.from_zone == "table":
                    sets = self._sets(kind, card, value, table, sums)
                else:
                    sets = self._piles(kind, card, value, piles) if piles is not None else ()
                for m in sets:
                    made.setdefault(m, []).append(kind.id)
        return made

    def _piles(self, kind: Kind, card: int, value: int, view: PileView) -> list[int]:
        """The other sides' piles a kind from a pile takes: each whole, when its top card matches."""
        out = []
        for side, (pile, top) in enumerate(zip(view.piles, view.tops)):
            if side == view.side or not pile or top < 0 or (kind.from_zone == "next-pile" and side != view.next_side):
                continue
            if kind.take == "whole-table":
                out.append(pile)
            elif kind.take == "equal-rank":
                if self.ranks[card] and self.ranks[card] == self.ranks[top] and not self.joker_mask >> top & 1:
                    out.append(pile)
            elif not (self.valueless >> card | self.valueless >> top) & 1 and value in self.played[top]:
                out.append(pile)  # equal-value: the top card can count the played card's value
        return out

    def _sets(self, kind: Kind, card: int, value: int, table: int, sums: SubsetSums) -> list[int]:
        """The sets one kind takes, its modifiers (several sets, runs) applied."""
        sets = self._take(kind, card, value, table, sums)
        if kind.many and len(sets) > 1:
            found = sets
            sets = _disjoint_unions(sets)
            if kind.maximal:  # a union that leaves a set it could have taken too is not one
                sets = [u for u in sets if all(s & u for s in found)]
        elif kind.every and len(sets) > 1:  # sets: all - one capture of every card found (single cards)
            union = 0
            for m in sets:
                union |= m
            sets = [union]
        if kind.run and self.ranks[card]:
            sets = [r for m in sets for r in self._runs(m, self.ranks[card], table)]
        return sets

    def _take(self, kind: Kind, card: int, value: int, table: int, sums: SubsetSums) -> list[int]:
        take = kind.take
        if take == "whole-table":
            if not table:
                return []
            if kind.unless_rank_on_table and self.ranks[card] and table & self.rank_masks[self.ranks[card]]:
                return []
            return [table]
        if take == "equal-rank":
            rank = self.ranks[card]
            return bits_of(table & self.rank_masks.get(rank, 0) & ~self.joker_mask) if rank else []
        if self.valueless >> card & 1:
            return []  # no capture value: nothing by value
        choice = table & self.choice
        if take == "equal-value":
            return [m for m in subsets_with_total(value, sums, choice, self.totals) if not m & (m - 1)]
        if take == "sum":
            return subsets_with_total(value, sums, choice, self.totals)
        found: list[int] = []
        for target in kind.targets:  # sum-with-played
            if target - value > 0:
                found.extend(subsets_with_total(target - value, sums, choice, self.totals))
        return list(dict.fromkeys(found))

    def _runs(self, base: int, rank: int, table: int) -> list[int]:
        """`base` extended by one card of each next rank in sequence while one is on the table."""
        out = []
        stack = [(base, rank + 1)]
        while stack:
            mask, next_rank = stack.pop()
            free = table & ~mask & self.rank_masks.get(next_rank, 0) & ~self.joker_mask
            if not free:
                out.append(mask)
                continue
            stack.extend((mask | 1 << c, next_rank + 1) for c in bits(free))
        return out

    def _narrow(self, made: dict[int, list[str]], table: int, last_play: bool) -> list[int]:
        kept = [m for m, kinds in made.items() if self.always.intersection(kinds)]
        rest = [m for m in made if m not in kept]
        for rule, named in self.steps:
            if not rest:
                break
            # the captures the step looks at: those its kinds make (every one when it names none)
            scope = [m for m in rest if named.intersection(made[m])] if named else rest
            if rule == "prefer" or not scope:
                chosen = scope
            elif rule == "one-card-first":
                chosen = [m for m in scope if not m & (m - 1)]
            elif rule == "fewest-cards":
                fewest = min(m.bit_count() for m in scope)
                chosen = [m for m in scope if m.bit_count() == fewest]
            elif rule == "most-cards":
                most = max(m.bit_count() for m in scope)
                chosen = [m for m in scope if m.bit_count() == most]
            else:  # sweep
                chosen = [m for m in scope if m == table] if not last_play else []
            if chosen:
                rest = chosen
        return kept + rest

    def makers(self, card: int, capture: int, table: int, piles: PileView | None = None) -> set[str]:
        """The ids of the kinds that make a capture of `capture` with `card` from `table` (or from
        the `piles`): none for a trail; for a card that takes the whole table played to an empty
        one (and kept), the kinds that keep it."""
        if not capture:
            if table:
                return set()
            return {k.id for k in self.kinds if k.take == "whole-table" and k.keep and k.cards >> card & 1}
        sums = build_sums(self.values, table & ~self.unsummed)
        out: set[str] = set()
        for value in self.played[card] or (0,):
            out.update(self.made(card, value, table, sums, piles).get(capture, ()))
        return out

    # --------------------------------------------------------------- sweeps

    def sweep_kinds(self, card: int, captured: int) -> list[Kind]:
        """The kinds that make a capture of `captured` when it is the whole table (a sweep)."""
        if captured == 1 << card:  # a card kept from an empty table
            return [k for k in self.kinds if k.take == "whole-table" and k.keep and k.cards >> card & 1]
        kinds = [kind for kind in self.kinds if kind.cards >> card & 1 and kind.from_zone == "table"]
        values = self.played[card] or (0,)
        # the subset-sum index of the swept cards, for the kinds that take by value only, and only up to
        # the largest total they look up: an index of every total of a crowded table has an entry for
        # each of its subsets (seconds a sweep), where the lookups need a handful of totals
        by_value = [kind for kind in kinds if kind.take not in ("whole-table", "equal-rank")]
        sums: SubsetSums = {}
        if by_value:
            limit = max(max(kind.targets, default=0) - value if kind.take == "sum-with-played" else value
                        for kind in by_value for value in values)
            sums = build_sums(self.values, captured & ~self.unsummed, max(limit, 0))
        return [kind for kind in kinds
                if any(captured in self._sets(kind, card, value, captured, sums) for value in values)]

    def sweep_weight(self, card: int, captured: int, weight_by_target: bool) -> int:
        """Sweeps a capture of the whole table scores by its kinds: 0 when none of the kinds
        that make it counts clearing the table; with `weight_by_target`, a sum-with-played
        capture counts its total over the kind's lowest target (a 30-sweep counts 2; cards of
        several values stand for the largest target they can make)."""
        kinds = [k for k in self.sweep_kinds(card, captured) if k.sweep]
        if not kinds:
            return 0
        weights = [1]
        taken = captured | 1 << card
        if weight_by_target and captured != 1 << card:
            choice = taken & self.choice
            fixed = mask_total(self.values, taken & ~self.unsummed)
            for kind in kinds:
                if kind.take != "sum-with-played":
                    continue
                low = min(kind.targets)
                if not choice:
                    weights.append(fixed // low)
                else:
                    reachable = [t for t in kind.targets if t - fixed in self.totals.totals(choice)]
                    weights.append(max(reachable, default=low) // low)
        return max(weights)


def bits_of(mask: int) -> list[int]:
    """The one-card masks of `mask`."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _disjoint_unions(sets: list[int]) -> list[int]:
    """Every union of one or more pairwise disjoint sets of `sets`; TooManyMoves past MOST_MOVES of
    them, as the kernel stops there."""
    unions = {0}
    for s in sorted(set(sets)):
        unions |= {u | s for u in unions if not u & s}
        if len(unions) > MOST_MOVES:
            raise TooManyMoves(status_text(TOO_MANY_MOVES) + ": "
                               f"captures of {len(sets)} groups at once")
    unions.discard(0)
    return sorted(unions)
