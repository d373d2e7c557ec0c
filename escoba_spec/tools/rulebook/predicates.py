"""Card predicates in words: which cards a `count` or a `filter` takes.

A predicate reaches the rulebook reduced to a bit mask; it is read back from
the expression's own text at the mask's position (`suit == oros and rank >= 6`
says "cards of oros whose rank is at least 6"), and described from the mask
itself when no text is there ("the sevens", "cards of copas"). `ExprText`
inherits these methods; they use its clauses for what is not about a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...language.expr import nodes as E
from ...language.expr.parse import parse
from .lang import Noun

#: The templates' names for the comparison operators, and how a comparison turns
#: when negated (INVERSE) or read from its right side (FLIP).
COMPARE_NAMES = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
INVERSE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
FLIP = {"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}


@dataclass(frozen=True)
class Person:
    kind: str  # "you": the side being scored; "they": a side quantified over (every opponent)
    subject: str = ""
    anchored: bool = False  # the sides quantified over are already named ("for every opponent, ...")


YOU = Person("you")


class PredicateWords:
    """Card predicates, and single cards, in the words of `self.lang` (a mixin of ExprText)."""

    def pred_noun(self, node: E.Node) -> Noun:
        """The cards a predicate (the 2nd argument of count/filter) holds for, as a noun."""
        source = self._index.get((node.line, node.column)) if isinstance(node, E.Mask) else node
        if source is not None and not isinstance(source, E.Mask):
            return self._pred_noun_source(source)
        return self._pred_noun_mask(node.mask if isinstance(node, E.Mask) else 0)

    def cards_noun(self, text: str, mask: int) -> Noun:
        """The cards a card predicate written as `text` holds for (the cards a capture kind
        is open to), read from the text, or from the mask when the text does not parse."""
        tree, _ = parse(text)
        if tree is not None:
            return self._pred_noun_source(tree)
        return self._pred_noun_mask(mask)

    def _field_compare(self, node: E.Node):
        """(field, op, other operand) of `field OP value` (either order), else None."""
        if not isinstance(node, E.Compare):
            return None
        fields = ("suit", "rank", "value", "joker")
        if isinstance(node.left, E.Name) and node.left.name in fields:
            return node.left.name, node.op, node.right
        if isinstance(node.right, E.Name) and node.right.name in fields:
            return node.right.name, FLIP[node.op], node.left
        return None

    def _suit_of(self, node: E.Node) -> str | None:
        found = self._field_compare(node)
        if (
            found
            and found[0] == "suit"
            and found[1] == "=="
            and isinstance(found[2], E.Name)
            and self._suit(found[2].name) in self.env.suits
        ):
            return self._suit(found[2].name)
        return None

    def _rank_number(self, node: E.Node) -> int | None:
        if isinstance(node, E.Num):
            return node.value
        if isinstance(node, E.Name) and node.name in self.env.ranks:
            return self.env.ranks[node.name]
        return None

    def _pred_noun_source(self, source: E.Node) -> Noun:
        L = self.lang
        card = L.card_noun()
        suit = self._suit_of(source)
        if suit is not None:
            return Noun("noun.card_of", card.gender, (("suit", L.suit_of(suit)),))
        found = self._field_compare(source)
        if found and found[0] == "rank" and found[1] == "==":
            number = self._rank_number(found[2])
            if number in self.env.rank_numbers:
                return L.rank_noun(L.rank_by_number(number))
        if isinstance(source, E.Name) and source.name == "joker":
            return Noun("noun.joker", L.gender("noun.joker.gender"))
        if isinstance(source, E.BoolOp) and source.op == "and":
            for this, rest in ((source.left, source.right), (source.right, source.left)):
                suit = self._suit_of(this)
                if suit is not None:
                    return Noun(
                        "noun.card_of_where",
                        card.gender,
                        (("suit", L.suit_of(suit)), ("condition", self.pred_clause(rest))),
                    )
        return Noun("noun.card_where", card.gender, (("condition", self.pred_clause(source)),))

    def _pred_noun_mask(self, mask: int) -> Noun:
        L = self.lang
        cards = self.cards
        card = L.card_noun()
        if mask == cards.full_mask:
            return card
        for index, suit_mask in enumerate(cards.suit_masks):
            if mask == suit_mask:
                return Noun("noun.card_of", card.gender, (("suit", L.suit_of(self.deck.suits[index].name)),))
        for number in self.env.rank_numbers:
            if mask == self.env.rank_masks[number - 1]:
                return L.rank_noun(L.rank_by_number(number))
        if mask and mask == cards.joker_mask:
            return Noun("noun.joker", L.gender("noun.joker.gender"))
        names = [self.card_name(i) for i in cards.indices(mask)]
        if not names:
            return Noun("noun.card_none", card.gender)
        return Noun("noun.card_among", card.gender, (("cards", L.join(names)),))

    def card_name(self, index: int) -> str:
        """A card of the deck by its index, short form ('7 of oros', 'joker 1')."""
        L = self.lang
        c = self.cards.cards[index]
        if c.joker:
            return L.t("card.joker", number=c.text.lstrip("*"))
        return L.card_short(L.rank_by_number(c.rank), self.deck.suits[c.suit].name)

    def pred_clause(self, node: E.Node) -> str:
        """A predicate as a clause about 'the card'."""
        L = self.lang
        if isinstance(node, E.Name) and node.name == "joker":
            return L.t("pred.joker")
        if isinstance(node, E.Not):
            return self.pred_negated(node.operand)
        if isinstance(node, E.BoolOp):
            return self._boolop(node.op, node.left, node.right, YOU, lambda n, p: self.pred_clause(n))
        found = self._field_compare(node)
        if found is not None:
            field, op, other = found
            return L.t(f"cmp.{COMPARE_NAMES[op]}", left=L.t(f"pred.field.{field}"), right=self.field_value(field, other))
        if isinstance(node, E.IfElse):
            return L.t(
                "bool.ifelse",
                condition=self.pred_clause(node.condition),
                then=self.pred_clause(node.then),
                otherwise=self.pred_clause(node.otherwise),
            )
        return self.clause(node, YOU)

    def pred_negated(self, node: E.Node) -> str:
        L = self.lang
        if isinstance(node, E.Name) and node.name == "joker":
            return L.t("pred.not_joker")
        if isinstance(node, E.Not):
            return self.pred_clause(node.operand)
        if isinstance(node, E.Compare):
            return self.pred_clause(E.Compare(node.line, node.column, INVERSE[node.op], node.left, node.right))
        if isinstance(node, E.BoolOp):
            op = "or" if node.op == "and" else "and"
            return self._boolop(op, node.left, node.right, YOU, lambda n, p: self.pred_negated(n), negate=True)
        return self.negated(node, YOU)

    def field_value(self, field: str, node: E.Node) -> str:
        L = self.lang
        if field == "suit" and isinstance(node, E.Name) and self._suit(node.name) in self.env.suits:
            return L.suit_name(self._suit(node.name))
        if field == "rank":
            number = self._rank_number(node)
            if number in self.env.rank_numbers:
                return L.rank_name(L.rank_by_number(number))
        if isinstance(node, E.Bool):
            return L.t("bool.yes" if node.value else "bool.no")
        return self.num(node, YOU)
