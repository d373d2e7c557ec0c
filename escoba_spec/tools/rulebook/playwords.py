"""Words for the names of a play and of the match, and the functions that go with them.

A part of `ExprText` (which mixes it in): the cards of a play (`played`,
`taken`, `previous`, `table_before`), the match's numbers (`score`,
`opponent_score`, `hand_number`, the hand's `bid`) and a play's (`round`), the flags (`dealer`, `bidder`,
`first_play`, `last_play`, `previous_opponent`), a declaration's `hand`, and `common`,
`same_rank`, `same_suit`, `same_rank_as`.
Each has a catalogue entry of its own; those that belong to a side have a
"you" and a "they" form, as the side's own names do.
"""

from __future__ import annotations

from ...language.expr import nodes as E
from .predicates import COMPARE_NAMES, Person

#: the names of a play that stand for cards
PLAY_CARDS = frozenset({"played", "taken", "previous", "table_before", "hand", "top_before", "top", "stolen",
                        "pile_top"})
#: the names of a play that hold one card at most: a count of them says what that card is
ONE_CARD = frozenset({"played", "previous", "top_before", "top", "pile_top"})
#: numbers said for a side ("your score") and numbers said of the hand or the play
SIDE_NUMBERS = frozenset({"score", "opponent_score"})
NUMBERS = frozenset({"hand_number", "round", "bid"})
#: booleans: said for a side, or of the play
SIDE_FLAGS = frozenset({"dealer", "bidder"})
FLAGS = frozenset({"first_play", "last_play", "previous_opponent", "last_round", "first_in_round"})


class PlayWords:
    """The words of the play's and the match's names (mixed into ExprText)."""

    def is_play_cards(self, node: E.Node) -> bool:
        return (isinstance(node, E.Name) and node.name in PLAY_CARDS) or (
            isinstance(node, E.Call) and node.function in ("common", "union", "same_rank_as"))

    def is_flag(self, node: E.Node) -> bool:
        return isinstance(node, E.Name) and node.name in SIDE_FLAGS | FLAGS

    def is_overlap(self, node: E.Node) -> bool:
        """`count(common(a, b))`: compared with 0 it reads "a include(s) b"."""
        return (isinstance(node, E.Call) and node.function == "count" and len(node.args) == 1
                and isinstance(node.args[0], E.Call) and node.args[0].function == "common")

    def overlap(self, common: E.Call, op: str, c: int, p: Person) -> str:
        """count(common(a, b)) compared with the constant `c`: "a include b" when it says some
        card is in both, "a do not include b" when none is, the plain comparison otherwise."""
        L = self.lang
        some = (op, c) in ((">", 0), (">=", 1), ("!=", 0))
        none = (op, c) in (("==", 0), ("<", 1), ("<=", 0))
        first, second = self.cardset(common.args[0], p), self.cardset(common.args[1], p)
        if some or none:
            return L.t(f"cmp.{'overlap' if some else 'no_overlap'}", first=first, second=second)
        return L.t(f"cmp.{COMPARE_NAMES[op]}", left=self.value(common, p), right=str(c))

    def one_card_count(self, node: E.Node) -> tuple[E.Node, E.Node] | None:
        """(the name, the predicate) of `count(played, P)` or `count(filter(played, P))` over a name
        of one card (`ONE_CARD`); None for any other number."""
        if not (isinstance(node, E.Call) and node.function == "count"):
            return None
        args = node.args
        if len(args) == 1 and isinstance(args[0], E.Call) and args[0].function == "filter":
            args = args[0].args
        if len(args) == 2 and isinstance(args[0], E.Name) and args[0].name in ONE_CARD:
            return args[0], args[1]
        return None

    def card_is(self, node: E.Node, op: str, c: int, p: Person) -> str | None:
        """A count over one card compared with 0 or 1: "the card played is a jack" or "is not a
        jack" (never "the number of jacks among the card played"); None for other comparisons."""
        found = self.one_card_count(node)
        some = (op, c) in ((">", 0), (">=", 1), ("!=", 0), ("==", 1))
        none = (op, c) in (("==", 0), ("<", 1), ("<=", 0), ("!=", 1))
        if found is None or not (some or none):
            return None
        name, predicate = found
        L = self.lang
        return L.t("cmp.card_is" if some else "cmp.card_is_not", card=self.cardset(name, p),
                   noun=self.pred_noun(predicate).a(L))

    def play_cards(self, node: E.Node, p: Person) -> str:
        """`played`, `taken`, ... or `common(a, b)` as a noun phrase."""
        L = self.lang
        if isinstance(node, E.Call):
            return L.t(f"cards.{node.function}", first=self.cardset(node.args[0], p), second=self.cardset(node.args[1], p))
        return L.t(f"cards.{node.name}")

    def play_number(self, node: E.Node, p: Person) -> str | None:
        """A number of the match or the play; None for anything else (round_up and round_down are
        arithmetic: ArithWords)."""
        L = self.lang
        if isinstance(node, E.Name) and node.name in SIDE_NUMBERS:
            return L.t(f"num.{node.name}.{p.kind}")
        if isinstance(node, E.Name) and node.name in NUMBERS:
            return L.t(f"num.{node.name}")
        if isinstance(node, E.Call) and node.function in ("same_rank", "same_suit"):
            return L.t(f"num.{node.function}", cards=self.cardset(node.args[0], p))
        return None

    def flag(self, node: E.Name, p: Person, negated: bool) -> str:
        """A boolean name as a clause, or its negation."""
        no = "not." if negated else ""
        if node.name in SIDE_FLAGS:
            return self.lang.t(f"flag.{no}{node.name}.{p.kind}")
        return self.lang.t(f"flag.{no}{node.name}")
