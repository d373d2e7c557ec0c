"""Scoring expressions compiled for a kernel: numba-compilable Python over masks and arrays.

The same resolved trees as `compiler.expressions.to_python`, emitted for
the kernel's free names: `side`, the per-side int64 arrays `piles`, `sweeps`
and `captures`, and `H`, a 2-D array whose row k holds a per-side value
list that `most` compares (worked out once per hand, in the order the rows
were made, so that a row only reads rows above it). `all` and `any` over
the other sides become small functions of their own (numba has no
generator expressions); the helpers of `engine.native` do the rest. An
event's expressions (`emit_play`) also name the play, as the arguments of
the kernel's `play_events` (`PLAY_NAMES`), and a declaration's (`emit_hand`)
the dealt hand (`HAND_NAMES`), and a sweep's weight the play that swept
(`SWEEP_NAMES`); in the first two, where the match stands is `standing`
(the match's scores with the hand's points so far) and `dealer_side`, and
`most`, `all`, `any` and `hand_number` are not in those scopes yet (they
read the end of the hand's rows, or what a hand is not told). Deck
tables become module-level arrays named by the emitter. Nothing of the
expression's text is copied: only operators, ints and the deck's tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language.expr.env import Env
from ..language.expr.nodes import Call, Name, Node, constant, mask_of, unresolved
from .expressions import _Emitter

#: the names of a play (scoring.events) as the kernel's event function calls its arguments
PLAY_NAMES = {
    "table": "table",
    "played": "played",
    "taken": "taken",
    "previous": "previous",
    "previous_opponent": "(previous_side >= 0 and previous_side != side)",
    "table_before": "table_before",
    "last_play": "last_play",
    "round": "round_",
    "last_round": "last_round",
    "first_in_round": "first_in_round",
    "first_play": "first_play",
    "score": "standing[side]",
    "opponent_score": "best_other(standing, side)",
    "dealer": "(dealer_side == side)",
    "top_before": "top_before",
    "top": "top_after",
    "stolen": "stolen",
    "pile_top": "(_BITS[tops[side]] if tops[side] >= 0 else np.int64(0))",
    "declared": "declared[side]",
}
#: the names of a sweep (sweeps.weight) as the kernel's _sweep_weight calls its arguments (SWEEP_ARGS)
SWEEP_NAMES = {
    "played": "_BITS[card]",
    "taken": "taken",
    "previous": "previous",
    "previous_opponent": "(previous_side >= 0 and previous_side != side)",
    "first_play": "first_play",
    "last_play": "last_play",
    "round": "round_",
    "last_round": "last_round",
    "first_in_round": "first_in_round",
}
#: what _sweep_weight takes beyond the sweep itself when a weight asks about its play
SWEEP_ARGS = ", side, taken, previous, previous_side, first_play, round_, last_round, first_in_round"
#: in an event's any() / all(), the helper's call takes the event function's names through this
#: marker, which kernel_events replaces with the names the variant's event function has
EVENT_ARGS = "__EVENT_ARGS__"
#: the names of a dealt hand (declarations) as the kernel's declaration function calls its arguments
HAND_NAMES = {
    "hand": "hand",
    "table": "table",
    "round": "round_",
    "score": "standing[side]",
    "opponent_score": "best_other(standing, side)",
    "dealer": "(dealer_side == side)",
}


class KernelUnsupported(ValueError):
    """A rule the kernel cannot play yet: its message names it (the variant keeps the other engines)."""


@dataclass
class KernelExpressions:
    """What the emitter collects for one variant: hoisted rows, helper functions, deck tables."""

    env: Env
    rows: dict[str, int] = field(default_factory=dict)  # per-side source -> row of H
    helpers: list[tuple[str, str, str]] = field(default_factory=list)  # (name, "all" | "any", condition source)
    #: the helpers of an event's any() / all(): (name, "all" | "any", condition source)
    event_helpers: list[tuple[str, str, str]] = field(default_factory=list)
    #: the engine.native helpers beyond those every kernel imports, that the code calls
    natives: set[str] = field(default_factory=set)
    tables: dict[str, str] = field(default_factory=dict)  # module-level array name -> its numpy source
    #: the names beyond a side's own that this expression's scope may use: `table` (a redeal
    #: condition) and where the match stands (score_hand's `scores`, `dealer_side`, `hand_number`)
    names: frozenset[str] = frozenset()
    #: the rules and events whose points are a constant: the kernel reads them from the numbers it
    #: is handed (N[k], Kernel.numbers) rather than holding them, so that rule files that differ
    #: only in such points share one kernel and its machine code
    numbers: list[str] = field(default_factory=list)

    def emit(self, node: Node) -> str:
        return _KernelEmitter(self).emit(node)

    def points(self, rule_id: str, node: Node) -> str | None:
        """`N[k]`, the k-th number the kernel is handed, when a rule's points are a constant."""
        if constant(node) is None:
            return None
        self.numbers.append(rule_id)
        return f"N[{len(self.numbers) - 1}]"

    def emit_play(self, node: Node) -> str:
        """An event's expression: the end-of-hand names and a play's (`PLAY_NAMES`)."""
        return _KernelEmitter(self, PLAY_NAMES, "an event").emit(node)

    def emit_sweep(self, node: Node) -> str:
        """A sweep's weight: the names of the play that swept (`SWEEP_NAMES`)."""
        return _KernelEmitter(self, SWEEP_NAMES, "a sweep's weight").emit(node)

    def emit_hand(self, node: Node) -> str:
        """A declaration's expression: a side's names and a dealt hand's (`HAND_NAMES`)."""
        return _KernelEmitter(self, HAND_NAMES, "a declaration").emit(node)


#: where the match stands, as score_hand's arguments name it (scores: each side's, as the match
#: holds them; dealer_side: the side of the hand's dealer; hand_number: 1 up)
_MATCH_NAMES = {
    "score": "scores[side]",
    "opponent_score": "best_other(scores, side)",
    "dealer": "(dealer_side == side)",
    "hand_number": "hand_number",
}
MATCH_NAMES = frozenset(_MATCH_NAMES)


def _array(values) -> str:
    return f"np.array({list(values)!r}, dtype=np.int64)"


class _KernelEmitter(_Emitter):
    def __init__(self, out: KernelExpressions, names: dict[str, str] | None = None, where: str = ""):
        super().__init__(out.env)
        self.out = out
        self.names = names or {}  # the scope's own names beyond pile, sweeps, captures and deck
        self.where = where or "a scoring expression"  # for what the kernel cannot play

    def _per_play(self, node: Call) -> None:
        if self.names:  # H, the helpers and their arguments are the end of the hand's
            raise KernelUnsupported(f"{node.function}() in {self.where}")

    def _table(self, name: str, source: str) -> str:
        self.out.tables.setdefault(name, source)
        return name

    def _row(self, node: Node) -> str:
        source = self.emit(node)
        row = self.out.rows.get(source)
        if row is None:
            row = self.out.rows[source] = len(self.out.rows)
        return f"H[{row}]"

    def emit(self, node: Node) -> str:
        if type(node) is Name and node.value is None and node.name in self.names:
            return self.names[node.name]
        if type(node) is Name and node.value is None and node.name in ("bid", "bidder"):
            raise KernelUnsupported(f"the bid named in {self.where}")  # the kernel deals no bid yet
        if type(node) is Name and node.value is None and node.name not in ("pile", "sweeps", "captures", "deck"):
            if node.name not in self.out.names or self.names:  # a play's or a deal's function is not told
                raise KernelUnsupported(f"the name '{node.name}' in {self.where}")  # the hand's number
            if node.name in _MATCH_NAMES:
                return _MATCH_NAMES[node.name]
        return super().emit(node)

    def _count(self, node: Call) -> str:
        cards = self.emit(node.args[0])
        if len(node.args) == 2:
            return f"popcount({cards} & {mask_of(node.args[1])!r})"
        return f"popcount({cards})"

    def _sum(self, node: Call) -> str:
        groups = self.env.value_groups
        values = self._table("_SUM_VALUES", _array(v for v, _ in groups))
        masks = self._table("_SUM_MASKS", _array(m for _, m in groups))
        return f"card_sum({self.emit(node.args[0])}, {values}, {masks})"

    def _primiera(self, node: Call) -> str:
        table = self.env.primiera_table
        width = max((len(groups) for _, groups in table), default=1)
        points = [[p for p, _ in groups] + [0] * (width - len(groups)) for _, groups in table]
        masks = [[m for _, m in groups] + [0] * (width - len(groups)) for _, groups in table]
        self._table("_PRIMIERA_SUITS", _array(s for s, _ in table))
        self._table("_PRIMIERA_POINTS", f"np.array({points!r}, dtype=np.int64)")
        self._table("_PRIMIERA_MASKS", f"np.array({masks!r}, dtype=np.int64)")
        return f"primiera({self.emit(node.args[0])}, _PRIMIERA_SUITS, _PRIMIERA_POINTS, _PRIMIERA_MASKS)"

    def _suits(self, node: Call) -> str:
        masks = self._table("_SUIT_MASKS", _array(self.env.suit_masks))
        return f"suits({self.emit(node.args[0])}, {masks})"

    def _straight(self, node: Call) -> str:
        masks = self._table("_RANK_MASKS", _array(self.env.rank_masks))
        return f"straight({self.emit(node.args[0])}, {masks})"

    def _equal_groups(self, node: Call) -> str:
        groups = self.env.value_groups
        values = self._table("_SUM_VALUES", _array(v for v, _ in groups))
        masks = self._table("_SUM_MASKS", _array(m for _, m in groups))
        return f"equal_groups({self.emit(node.args[0])}, {self.emit(node.args[1])}, {values}, {masks})"

    def _same_rank(self, node: Call) -> str:
        masks = self._table("_RANK_MASKS", _array(self.env.rank_masks))
        return f"most_alike({self.emit(node.args[0])}, {masks})"

    def _same_suit(self, node: Call) -> str:
        masks = self._table("_SUIT_MASKS", _array(self.env.suit_masks))
        return f"most_alike({self.emit(node.args[0])}, {masks})"

    def _same_rank_as(self, node: Call) -> str:
        masks = self._table("_RANK_MASKS", _array(self.env.rank_masks))
        self.out.natives.add("same_rank_as")
        return f"same_rank_as({self.emit(node.args[0])}, {self.emit(node.args[1])}, {masks})"

    def _most(self, node: Call) -> str:
        self._per_play(node)
        values = self._row(node.args[0])
        condition = node.keyword("eligible")
        eligible = "ALL" if condition is None else self._row(condition)
        return f"most({values}, {eligible}, side, {node.ties in ('all', 'split')!r})"

    def _quantifier(self, node: Call, which: str) -> str:
        if self.names is PLAY_NAMES:  # an event's: a loop over the other sides, with the play's names
            condition = self.emit(node.args[1])
            name = f"_event_{which}{len(self.out.event_helpers)}"
            self.out.event_helpers.append((name, which, condition))
            return f"{name}(side, {EVENT_ARGS})"
        self._per_play(node)
        condition = self.emit(node.args[1])
        name = f"_{which}{len(self.out.helpers)}"
        self.out.helpers.append((name, which, condition))
        return f"{name}(side, piles, sweeps, captures, H, ALL, scores, dealer_side, hand_number)"

    def _all(self, node: Call) -> str:
        return self._quantifier(node, "all")

    def _any(self, node: Call) -> str:
        return self._quantifier(node, "any")

    def _min(self, node: Call) -> str:
        return f"min({', '.join(self.emit(arg) for arg in node.args)})"

    def _max(self, node: Call) -> str:
        return f"max({', '.join(self.emit(arg) for arg in node.args)})"

    def _round_up(self, node: Call) -> str:
        return f"round_up({self.emit(node.args[0])}, {self.emit(node.args[1])})"

    def _round_down(self, node: Call) -> str:
        return f"round_down({self.emit(node.args[0])}, {self.emit(node.args[1])})"

    def _has(self, node: Call) -> str:
        index = node.args[1].index
        if index < 0:
            unresolved(node.args[1])
        return f"((({self.emit(node.args[0])}) >> {index!r}) & 1 == 1)"
