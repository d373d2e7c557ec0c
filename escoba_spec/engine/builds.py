"""Builds on the table (capture.builds): making, raising and adding to them, taking them whole,
and what their makers may not do while they stand.

A part of `HandState` (mixed in). The table mask keeps every face-up card; `builds` partitions
some of them into units of an announced value (`Build`), `built` is their union, and the
subset-sum index holds the loose cards only, so that no sum ever takes part of a build. Every
set of a build adds up to its value, so a build's cards add up to its value times its sets: a
single build (one set) may be raised to a new value, a multiple one never changes value.

A build move is a `Move` whose `build` is the value announced and whose `capture` is every
table card it joins: loose cards, and the whole of the one build it raises or adds to.
"""

from __future__ import annotations

from typing import NamedTuple

from .captures import bits, mask_total, sums_remove
from .errors import MOST_MOVES, TOO_MANY_MOVES, TooManyMoves, status_text
from .moves import Move

_new = tuple.__new__


class Build(NamedTuple):
    """A build lying on the table."""

    cards: int  # its cards, every one face up
    value: int  # the value announced: only a card of this value takes it
    changer: int  # the seat that made it or changed it last
    owners: int = 0  # the seats that own it, a mask: its duties are theirs, and with raise_own false none raises it


class HandBuilds:
    """The builds of one hand (mixed into HandState, which holds the fields)."""

    __slots__ = ()

    def _single(self, build: Build) -> bool:
        """One set of its value: it may still be raised."""
        return mask_total(self.values, build.cards) == build.value

    # ------------------------------------------------------------- captures

    def _with_builds(self, card: int, options) -> list[int]:
        """The captures of `card`: those of the loose cards (`options`) and the builds of its value,
        taken whole: each build as one more set where a capture may take several, else alone."""
        value = self.values[card]
        mine = [b.cards for b in self.builds if b.value == value] if value else []
        if not mine:
            return list(options)
        if self._build_all:  # as many sets as it can take: every build of its value, with each capture
            taken = 0
            for cards in mine:
                taken |= cards
            return sorted({o | taken for o in options} or {taken})
        if not self._build_many:
            return sorted({*options, *mine})
        out = set(options)
        for chosen in range(1, 1 << len(mine)):  # every non-empty choice of those builds
            taken = 0
            for i, cards in enumerate(mine):
                if chosen >> i & 1:
                    taken |= cards
            out.add(taken)
            out.update(o | taken for o in options)
        return sorted(out)

    # --------------------------------------------------------- build moves

    def _build_moves(self, card: int, hand: int, loose: int, sums) -> list[Move]:
        """Every build `card` can make, raise or add to (hand: the seat's hand, card included)."""
        spec = self.params.builds
        value = self.values[card]
        if not value:
            return []  # a card with no capture value adds nothing to a build
        rest = hand & ~(1 << card)
        held = {self.values[c] for c in bits(rest)} if spec.hold else None
        seat = self.to_play
        made: set[tuple[int, int]] = set()
        spent = [0]  # the unions of sets looked at for this card: past MOST_MOVES, TooManyMoves
        for target in range(spec.lowest, spec.highest + 1):
            if held is not None and target not in held:
                continue
            firsts = [0] if target == value else sums.get(target - value, ()) if target > value else ()
            for first in firsts:
                for others in self._sets_of(target, loose & ~first, sums, spent):
                    joined = first | others
                    if joined:
                        made.add((joined, target))  # a new build
                    for build in self.builds:  # a set of its value added to a build: it is multiple now
                        if build.value == target:
                            made.add((joined | build.cards, target))
            if spec.raise_ == "single":
                self._raises(card, value, target, seat, loose, sums, made, spent)
        if spec.per_value == "one" or spec.absorb:
            made = self._merged(made, sums)
        return [_new(Move, (card, joined, 0, target)) for joined, target in sorted(made)]

    def _merged(self, made: set, sums) -> set:
        """The builds found, each taking in the standing build of its value it left out (per_value:
        one), less those that leave a loose card or group of their value (absorb)."""
        spec = self.params.builds
        out = set()
        for joined, value in made:
            if spec.per_value == "one":
                for build in self.builds:
                    if build.value == value and not build.cards & joined:
                        joined |= build.cards
            if spec.absorb and any(not mask & joined for mask in sums.get(value, ())):
                continue
            out.add((joined, value))
        return out

    def _raises(self, card: int, value: int, target: int, seat: int, loose: int, sums, made: set,
                spent: list[int]) -> None:
        """The raises of single builds to `target` by `card` (with loose cards too, raise_with_table),
        each maybe joined by loose sets of the new value (a multiple build then)."""
        spec = self.params.builds
        for build in self.builds:
            if build.value >= target or not self._single(build) or not spec.raise_own and build.owners >> seat & 1:
                continue
            need = target - build.value - value
            helpers = [0] if need == 0 else sums.get(need, ()) if need > 0 and spec.raise_with_table else ()
            for helper in helpers:
                for others in self._sets_of(target, loose & ~helper, sums, spent):
                    made.add((build.cards | helper | others, target))

    def _sets_of(self, target: int, avail: int, sums, spent: list[int]) -> list[int]:
        """Every union of disjoint sets of `avail`'s loose cards, each adding up to `target` (the
        empty union among them). `spent[0]` counts the unions of a card's every search: past
        MOST_MOVES, TooManyMoves, as the kernel stops there (multiple builds over a table of twenty
        loose cards can be made millions of ways)."""
        by_low: dict[int, list[int]] = {}  # the sets of `target`, by their lowest card
        for mask in sums.get(target, ()):
            if not mask & ~avail:
                by_low.setdefault(mask & -mask, []).append(mask)
        out: list[int] = []
        todo = [(avail, 0)]  # (the cards still to decide on, the union so far)
        while todo:
            avail, union = todo.pop()
            if not avail:
                out.append(union)
                spent[0] += 1
                if spent[0] > MOST_MOVES:
                    raise TooManyMoves(status_text(TOO_MANY_MOVES) + ": "
                                       f"builds of {target} over {union.bit_count()} loose cards and more")
                continue
            low = avail & -avail
            todo.append((avail ^ low, union))  # without the lowest card
            for mask in by_low.get(low, ()):
                if not mask & ~avail:  # a set with the lowest card, then sets of what is left
                    todo.append((avail & ~mask, union | mask))
        return out

    # ----------------------------------------------------------------- duties

    def _duties(self, moves: list[Move], seat: int) -> list[Move]:
        """The moves left by the duties of the builds `seat` owns: no trail, and no play of its last
        card of such a build's value except one that takes or changes that build."""
        duties = self.params.builds.duties
        mine = [b for b in self.builds if b.owners >> seat & 1]
        if not mine or not duties:
            return moves
        hand = self.hands[seat]
        values = self.values
        out = []
        for move in moves:
            card, capture, _, build = move
            if "no-trail" in duties and not capture and not build:
                continue
            if "keep-card" in duties:
                rest = hand & ~(1 << card)
                if any(not b.cards & capture and not any(values[c] == b.value for c in bits(rest)) for b in mine):
                    continue
            out.append(move)
        return out or moves

    # ------------------------------------------------------------------ plays

    def _build(self, seat: int, card: int, joined: int, value: int) -> None:
        """Lay `card` on the table cards `joined`: one build of `value`, changed last by `seat`."""
        self.table |= 1 << card
        self.sums = sums_remove(self.sums, joined & ~self.built)
        cards = joined | 1 << card
        kept = tuple(b for b in self.builds if not b.cards & joined)
        self.builds = tuple(sorted((*kept, Build(cards, value, seat, self._owners(seat, joined, value)))))
        self.built |= cards

    def _owners(self, seat: int, joined: int, value: int) -> int:
        """Who owns the build `seat` makes of `joined` and its card (owners: last, the seat; shared,
        the owners of the builds of that value it adds to, and the seat unless its side is among
        them: a raise's own owners are gone, a partner adding makes no owner)."""
        if self.params.builds.owners != "shared":
            return 1 << seat
        owners = 0
        for build in self.builds:
            if build.cards & joined and build.value == value:
                owners |= build.owners
        side = seat % self.sides
        if not any(s % self.sides == side for s in bits(owners)):
            owners |= 1 << seat
        return owners

    def _take_builds(self, capture: int) -> None:
        """The builds a capture took leave the table."""
        if self.built & capture:
            self.builds = tuple(b for b in self.builds if not b.cards & capture)
            self.built &= ~capture
