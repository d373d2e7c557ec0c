"""Scoring expressions compiled to Python: one expression per resolved tree.

The emitter `kernel_expressions` builds on (a kernel's mask arithmetic overrides
what it must), and `to_python`, a tree's canonical Python text: the rulebook
tells two trees apart by it. The text calls the helpers of
`language.expr.runtime` (as `rt`), which the interpreter's `evaluate` calls too.
No text of the rule file is copied: only the resolved tree's operators, ints and
the deck's tables.
"""

from __future__ import annotations

from ..language.expr.env import Env
from ..language.expr.nodes import (
    BinOp,
    Bool,
    BoolOp,
    Call,
    Compare,
    IfElse,
    Name,
    Neg,
    Node,
    Not,
    Num,
    mask_of,
    unresolved,
)


def to_python(node: Node, env: Env, hoisted: dict[str, str] | None = None) -> str:
    """One Python expression computing `evaluate(node, ...)` for a resolved tree.

    Its free names are `side`, `piles`, `sweeps`, `captures`, `match`, `play` and `rt` (the
    module `escoba_spec.language.expr.runtime`); deck tables are emitted as int literals and no
    text of the expression is copied into it. Values for another side (inside
    most/all/any) come from comprehensions that rebind `side`, so evaluate it
    inside a function (or with every name in one globals dict).

    With `hoisted`, the per-side value lists of `most` (which do not depend on
    the side being scored) are not inlined: each distinct list goes into
    `hoisted` (source -> name `_h<n>`) and the expression refers to the name,
    so a scoring function computes it once per hand instead of once per side
    and rule. The caller assigns the names first, in insertion order.
    """
    return _Emitter(env, hoisted).emit(node)


#: the match's and a play's names: `match` (env.MatchFacts) and `play` (env.PlayFacts) are free
#: names of the code they appear in, as `side` and `piles` are
_NAMES = {
    "score": "(match.scores[side] if match.scores else 0)",
    "opponent_score": "rt.best_other(match.scores, side)",
    "dealer": "(match.dealer_side == side)",
    "hand_number": "match.hand_number",
    "bid": "match.bid",
    "bidder": "(match.bidder_side == side)",
    "played": "play.played",
    "taken": "play.taken",
    "previous": "play.previous",
    "previous_opponent": "(play.previous_side >= 0 and play.previous_side != side)",
    "table_before": "play.table_before",
    "last_play": "play.last_play",
    "round": "play.round",
    "last_round": "play.last_round",
    "first_in_round": "play.first_in_round",
    "top_before": "play.top_before",
    "top": "play.top",
    "stolen": "play.stolen",
    "pile_top": "(1 << play.tops[side] if play.tops and play.tops[side] >= 0 else 0)",
    "declared": "(play.declared[side] if play.declared else 0)",
    "hand": "hand",
}


class _Emitter:
    def __init__(self, env: Env, hoisted: dict[str, str] | None = None):
        self.env = env
        self.hoisted = hoisted

    def _per_side(self, node: Node) -> str:
        """`[value for side in rt.sides(piles)]`, or its hoisted name."""
        if self.hoisted is None:
            return f"[{self.emit(node)} for side in rt.sides(piles)]"
        source = f"[{self.emit(node)} for side in range(len(piles))]"  # once a hand: no call to rt.sides
        name = self.hoisted.get(source)
        if name is None:
            name = self.hoisted[source] = f"_h{len(self.hoisted)}"
        return name

    def emit(self, node: Node) -> str:
        kind = type(node)
        if kind is Num or kind is Bool:
            return repr(node.value)
        if kind is Name:
            if node.value is not None:
                return repr(node.value)
            if node.name in ("pile", "sweeps", "captures"):
                return f"{'piles' if node.name == 'pile' else node.name}[side]"
            if node.name == "deck":
                return repr(self.env.cards.full_mask)
            if node.name == "table":
                return "table"
            if node.name in _NAMES:
                return _NAMES[node.name]
            return unresolved(node)
        if kind is BinOp or kind is Compare or kind is BoolOp:
            return f"({self.emit(node.left)} {node.op} {self.emit(node.right)})"
        if kind is Not:
            return f"(not {self.emit(node.operand)})"
        if kind is Neg:
            return f"(-{self.emit(node.operand)})"
        if kind is IfElse:
            return f"({self.emit(node.then)} if {self.emit(node.condition)} else {self.emit(node.otherwise)})"
        if kind is Call:
            return getattr(self, "_" + node.function)(node)
        return unresolved(node)

    def _count(self, node: Call) -> str:
        cards = self.emit(node.args[0])
        if len(node.args) == 2:
            return f"({cards} & {mask_of(node.args[1])!r}).bit_count()"
        return f"({cards}).bit_count()"

    def _filter(self, node: Call) -> str:
        return f"({self.emit(node.args[0])} & {mask_of(node.args[1])!r})"

    def _has(self, node: Call) -> str:
        index = node.args[1].index
        if index < 0:
            unresolved(node.args[1])
        return f"(({self.emit(node.args[0])} >> {index!r}) & 1 == 1)"

    def _sum(self, node: Call) -> str:
        return f"rt.card_sum({self.emit(node.args[0])}, {self.env.value_groups!r})"

    def _primiera(self, node: Call) -> str:
        return f"rt.primiera({self.emit(node.args[0])}, {self.env.primiera_table!r})"

    def _suits(self, node: Call) -> str:
        return f"rt.suits({self.emit(node.args[0])}, {self.env.suit_masks!r})"

    def _straight(self, node: Call) -> str:
        return f"rt.straight({self.emit(node.args[0])}, {self.env.rank_masks!r})"

    def _most(self, node: Call) -> str:
        values = self._per_side(node.args[0])
        condition = node.keyword("eligible")
        eligible = "None" if condition is None else self._per_side(condition)
        return f"rt.most({values}, {eligible}, side, {node.ties in ('all', 'split')!r})"

    def _all(self, node: Call) -> str:
        return f"rt.every({self.emit(node.args[1])} for side in rt.others(side, piles))"

    def _any(self, node: Call) -> str:
        return f"rt.some({self.emit(node.args[1])} for side in rt.others(side, piles))"

    def _min(self, node: Call) -> str:
        return f"rt.least({', '.join(self.emit(arg) for arg in node.args)})"

    def _max(self, node: Call) -> str:
        return f"rt.greatest({', '.join(self.emit(arg) for arg in node.args)})"

    def _common(self, node: Call) -> str:
        return f"({self.emit(node.args[0])} & {self.emit(node.args[1])})"

    def _union(self, node: Call) -> str:
        return f"({self.emit(node.args[0])} | {self.emit(node.args[1])})"

    def _equal_groups(self, node: Call) -> str:
        return f"rt.equal_groups({self.emit(node.args[0])}, {self.emit(node.args[1])}, {self.env.value_groups!r})"

    def _same_rank(self, node: Call) -> str:
        return f"rt.most_alike({self.emit(node.args[0])}, {self.env.rank_masks!r})"

    def _same_suit(self, node: Call) -> str:
        return f"rt.most_alike({self.emit(node.args[0])}, {tuple(self.env.suit_masks)!r})"

    def _same_rank_as(self, node: Call) -> str:
        return f"rt.same_rank_as({self.emit(node.args[0])}, {self.emit(node.args[1])}, {tuple(self.env.rank_masks)!r})"

    def _round_up(self, node: Call) -> str:
        return f"rt.round_up({self.emit(node.args[0])}, {self.emit(node.args[1])})"

    def _round_down(self, node: Call) -> str:
        return f"rt.round_down({self.emit(node.args[0])}, {self.emit(node.args[1])})"
