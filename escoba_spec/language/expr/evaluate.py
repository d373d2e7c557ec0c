"""The meaning of a resolved expression: its value for one side at the end of a hand.

The interpreter scores with `evaluate`; the checker reduces card predicates
to masks with `eval_node`, once per card of the deck. The arithmetic of the
functions lives in `runtime`; `engine.native` computes the same on 64-bit
words for the kernels, and the parity tests hold the two to one answer.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card
from . import runtime as rt
from .env import FIELDS, Env, ScoreContext
from .nodes import (
    ARITHMETIC,
    COMPARE,
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


def evaluate(node: Node, ctx: ScoreContext) -> int | bool:
    """The value of a resolved tree (from `compile_expression`) for `ctx.side`."""
    return eval_node(node, ctx.side, ctx, None)


def _card_field(name: str, card: Card) -> int | bool:
    if name == "suit":
        return card.suit
    if name == "rank":
        return card.rank
    if name == "value":
        return card.value
    return card.joker


def eval_node(node: Node, side: int, ctx: ScoreContext, card: Card | None) -> int | bool:
    """`node` for `side`; `card` is the card a predicate is being reduced for."""
    kind = type(node)
    if kind is Num or kind is Bool:
        return node.value
    if kind is Name:
        name = node.name
        if node.value is not None:
            return node.value
        if name == "pile":
            return ctx.piles[side]
        if name == "sweeps":
            return ctx.sweeps[side]
        if name == "captures":
            return ctx.captures[side]
        if name == "deck":
            return ctx.env.cards.full_mask
        if name == "table":
            return ctx.table
        if name == "hand":
            return ctx.hand
        if name in _MATCH_NAMES:
            return _MATCH_NAMES[name](ctx.match, side)
        if name in _PLAY_NAMES and ctx.play is not None:
            return _PLAY_NAMES[name](ctx.play, side)
        if card is not None and name in FIELDS:
            return _card_field(name, card)
        return unresolved(node)
    if kind is BinOp:
        return ARITHMETIC[node.op](eval_node(node.left, side, ctx, card), eval_node(node.right, side, ctx, card))
    if kind is Compare:
        return COMPARE[node.op](eval_node(node.left, side, ctx, card), eval_node(node.right, side, ctx, card))
    if kind is BoolOp:
        if node.op == "and":
            return eval_node(node.left, side, ctx, card) and eval_node(node.right, side, ctx, card)
        return eval_node(node.left, side, ctx, card) or eval_node(node.right, side, ctx, card)
    if kind is Not:
        return not eval_node(node.operand, side, ctx, card)
    if kind is Neg:
        return -eval_node(node.operand, side, ctx, card)
    if kind is IfElse:
        branch = node.then if eval_node(node.condition, side, ctx, card) else node.otherwise
        return eval_node(branch, side, ctx, card)
    if kind is Call:
        return _CALLS[node.function](node, side, ctx, card)
    return unresolved(node)


def _eval_count(node: Call, side: int, ctx: ScoreContext, card: Card | None) -> int:
    cards = eval_node(node.args[0], side, ctx, card)
    if len(node.args) == 2:
        cards &= mask_of(node.args[1])
    return cards.bit_count()


def _eval_has(node: Call, side: int, ctx: ScoreContext, card: Card | None) -> bool:
    index = node.args[1].index
    if index < 0:
        unresolved(node.args[1])
    return (eval_node(node.args[0], side, ctx, card) >> index) & 1 == 1


def _eval_most(node: Call, side: int, ctx: ScoreContext, card: Card | None) -> bool:
    every_side = rt.sides(ctx.piles)
    values = [eval_node(node.args[0], s, ctx, card) for s in every_side]
    condition = node.keyword("eligible")
    eligible = None if condition is None else [eval_node(condition, s, ctx, card) for s in every_side]
    return rt.most(values, eligible, side, node.ties in ("all", "split"))  # every tied side; none, carry: nobody


def _cards_helper(helper: Callable, table: Callable[[Env], object]) -> Callable:
    return lambda node, side, ctx, card: helper(eval_node(node.args[0], side, ctx, card), table(ctx.env))


def _over_others(helper: Callable) -> Callable:
    return lambda node, side, ctx, card: helper(
        eval_node(node.args[1], other, ctx, card) for other in rt.others(side, ctx.piles)
    )


def _over_args(helper: Callable) -> Callable:
    return lambda node, side, ctx, card: helper(*(eval_node(arg, side, ctx, card) for arg in node.args))


#: the match's names, for a side (score and opponent_score are 0 where no match is told)
_MATCH_NAMES: dict[str, Callable] = {
    "score": lambda m, side: m.scores[side] if m.scores else 0,
    "opponent_score": lambda m, side: rt.best_other(m.scores, side),
    "dealer": lambda m, side: m.dealer_side == side,
    "hand_number": lambda m, side: m.hand_number,
    "bid": lambda m, side: m.bid,
    "bidder": lambda m, side: m.bidder_side == side,
}
#: the names of a play (an event's condition)
_PLAY_NAMES: dict[str, Callable] = {
    "played": lambda p, side: p.played,
    "taken": lambda p, side: p.taken,
    "previous": lambda p, side: p.previous,
    "previous_opponent": lambda p, side: p.previous_side >= 0 and p.previous_side != side,
    "table_before": lambda p, side: p.table_before,
    "first_play": lambda p, side: p.first_play,
    "last_play": lambda p, side: p.last_play,
    "round": lambda p, side: p.round,
    "last_round": lambda p, side: p.last_round,
    "first_in_round": lambda p, side: p.first_in_round,
    "top_before": lambda p, side: p.top_before,
    "top": lambda p, side: p.top,
    "stolen": lambda p, side: p.stolen,
    "pile_top": lambda p, side: 1 << p.tops[side] if p.tops and p.tops[side] >= 0 else 0,
    "declared": lambda p, side: p.declared[side] if p.declared else 0,
}

_CALLS: dict[str, Callable[[Call, int, ScoreContext, Card | None], int | bool]] = {
    "count": _eval_count,
    "filter": lambda node, side, ctx, card: eval_node(node.args[0], side, ctx, card) & mask_of(node.args[1]),
    "sum": _cards_helper(rt.card_sum, lambda env: env.value_groups),
    "has": _eval_has,
    "primiera": _cards_helper(rt.primiera, lambda env: env.primiera_table),
    "suits": _cards_helper(rt.suits, lambda env: env.suit_masks),
    "straight": _cards_helper(rt.straight, lambda env: env.rank_masks),
    "most": _eval_most,
    "all": _over_others(rt.every),
    "any": _over_others(rt.some),
    "min": _over_args(rt.least),
    "max": _over_args(rt.greatest),
    "common": lambda node, side, ctx, card: eval_node(node.args[0], side, ctx, card) & eval_node(node.args[1], side, ctx, card),
    "union": lambda node, side, ctx, card: eval_node(node.args[0], side, ctx, card) | eval_node(node.args[1], side, ctx, card),
    "same_rank": _cards_helper(rt.most_alike, lambda env: env.rank_masks),
    "equal_groups": lambda node, side, ctx, card: rt.equal_groups(
        eval_node(node.args[0], side, ctx, card), eval_node(node.args[1], side, ctx, card), ctx.env.value_groups),
    "same_suit": _cards_helper(rt.most_alike, lambda env: env.suit_masks),
    "same_rank_as": lambda node, side, ctx, card: rt.same_rank_as(
        eval_node(node.args[0], side, ctx, card), eval_node(node.args[1], side, ctx, card), ctx.env.rank_masks),
    "round_up": _over_args(rt.round_up),
    "round_down": _over_args(rt.round_down),
}


# --------------------------------------------------------------------------- compilation to Python
