"""Scoring expressions in words, in any language of the catalogues.

A renderer over the resolved expression tree of `escoba_spec.language.expr`. Every
node kind and every function has a catalogue template (the coverage test
enumerates them from `language/expr/`); the commonest shapes also have idioms so
that the rules read as a player would say them:

* a count of the side's cards, escobas, captures or suits compared with a
  constant reads "you have captured at least 3 cards of oros", "all 4
  sevens", "no capture" (`> n` is said as "at least n + 1": integers);
* `most(...)` reads "you have captured the most cards", with its tie policy
  and `eligible:` condition as notes;
* `all(opponents, ...)` / `any(...)` make every opponent the subject;
* `not` is pushed inwards (comparisons invert, De Morgan), so a negation
  never needs a "not the case that".

Everything is addressed to the reader's side ("you"): the rulebook says once
that "you" means your side, a player or a team. Card predicates (reduced to
bit masks in the resolved tree) are read from the expression's own text at
the mask's position, and described from the mask itself when no text is
available.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...compiler.expressions import to_python
from ...language import ir
from ...language.expr import nodes as E
from ...language.expr.env import SCORING_SUIT, Env
from ...language.expr.parse import parse
from .arithwords import ArithWords
from .lang import Lang, Noun
from .playwords import ONE_CARD, PlayWords
from .predicates import COMPARE_NAMES, FLIP, INVERSE, YOU, Person, PredicateWords

PERSONS = ("you", "they")
QUANTITY_KINDS = ("captured", "sweeps", "captures", "suits")


@dataclass(frozen=True)
class Quantity:
    """A count of something the side has: the idioms' unit."""

    kind: str  # one of QUANTITY_KINDS
    noun: Noun
    maximum: int | None  # the most it can be (every such card of the deck), if known


def _index(text: str) -> dict[tuple[int, int], E.Node]:
    """Every node of the parsed `text` by its start, the outermost one first."""
    tree, _ = parse(text)
    index: dict[tuple[int, int], E.Node] = {}
    if tree is None:
        return index
    stack = [tree]
    while stack:
        node = stack.pop()
        index.setdefault((node.line, node.column), node)
        stack.extend(reversed(list(E.children(node))))
    return index


class ExprText(PredicateWords, PlayWords, ArithWords):
    """Scoring rules of one variant in one language."""

    def __init__(self, lang: Lang, env: Env, variant: ir.Variant | None = None):
        self.lang = lang
        self.env = env
        self.cards = env.cards
        self.deck = env.cards.deck
        self.variant = variant
        self.notes: list[str] = []
        self.unit = "points.n"  # what a number counts: points, or sweeps (a sweep's weight, sweeps.n)
        self._index: dict[tuple[int, int], E.Node] = {}

    # ------------------------------------------------------------ entry points

    def rule(self, rule: ir.ScoringRule) -> str:
        """One scoring rule as one or more sentences."""
        L = self.lang
        self.notes, self.unit = [], "points.n"
        award_index, points_index = _index(rule.award_text), _index(rule.points_text)
        self._index = points_index
        points, simple, per = ("", True, None)
        if rule.effect == "points":
            points, simple, per = self.points(rule.points)
        self._index = award_index
        award = rule.award
        if rule.effect == "points":
            if isinstance(award, E.Bool):
                text = L.t("rule.always" if award.value else "rule.never", points=points)
            elif per is not None and self._implied(award, per):
                text = L.t("rule.per", points=points)
            elif self._threshold(award, rule.points) is not None:
                text = self._threshold(award, rule.points)
            else:
                condition = self.clause(award, YOU)
                key = "ir.ScoringRule.effect.points" if simple else "rule.complex"
                text = L.t(key, points=points, condition=condition)
        else:
            condition = self.clause(award, YOU)
            text = L.t(f"ir.ScoringRule.effect.{rule.effect}", condition=condition)
        sentences = [L.sentence(text)] + [L.sentence(note) for note in dict.fromkeys(self.notes)]
        return " ".join(sentences)

    def expression(self, node: E.Node, text: str = "", kind: str = E.BOOL, unit: str = "points.n") -> str:
        """Any resolved expression (for tests and the coverage check); a number counted in `unit`."""
        self.notes, self.unit = [], unit
        self._index = _index(text) if text else {}
        if kind == E.BOOL:
            out = self.clause(node, YOU)
        else:
            out = self.points(node)[0]
        return " ".join([out] + self.notes)

    # ----------------------------------------------------------------- points

    def points(self, node: E.Node) -> tuple[str, bool, E.Node | None]:
        """(text, is it a constant, the per-unit quantity node if it is 'k per unit')."""
        L = self.lang
        value = self.const(node)
        if value is not None:
            return L.n(self.unit, value, sweep=L.sweep(1), sweeps=L.sweep(2)), True, None
        if isinstance(node, E.IfElse):
            then = self.then_words(node.then, self.points(node.then)[0])
            otherwise = self.points(node.otherwise)[0]
            cond = self.clause(node.condition, YOU)
            return L.t("points.ifelse", then=then, condition=cond, otherwise=otherwise), False, None
        factor, unit = 1, node
        if isinstance(node, E.BinOp) and node.op == "*":
            if self.const(node.left) is not None:
                factor, unit = self.const(node.left), node.right
            elif self.const(node.right) is not None:
                factor, unit = self.const(node.right), node.left
        q = self.quantity(unit)
        if q is not None:
            text = L.t(f"per.{q.kind}.you", points=L.n(self.unit, factor, sweep=L.sweep(1), sweeps=L.sweep(2)),
                       noun=q.noun.sg(L))
            return text, False, unit
        return L.t("points.as_many", amount=self.num(node, YOU)), False, None

    def _implied(self, award: E.Node, unit: E.Node) -> bool:
        """Is the award just 'the unit counted is not zero' (so '1 point per escoba' says it all)?"""
        if not isinstance(award, E.Compare):
            return False
        left, op, right = award.left, award.op, award.right
        if self.const(left) is not None:
            left, op, right = right, FLIP[op], left
        c = self.const(right)
        if c is None or not self._same(left, unit):
            return False
        return (op == ">" and c == 0) or (op == ">=" and c == 1) or (op == "!=" and c == 0)

    def _threshold(self, award: E.Node, points: E.Node) -> str | None:
        """'as many points as X, if that number is at least k' for award X >= k, points X."""
        if not isinstance(award, E.Compare) or award.op == "!=":
            return None
        left, op, right = award.left, award.op, award.right
        if self.const(left) is not None:
            left, op, right = right, FLIP[op], left
        c = self.const(right)
        if c is None or self.const(points) is not None or not self._same(left, points):
            return None
        if op == ">":
            op, c = ">=", c + 1
        elif op == "<":
            op, c = "<=", c - 1
        L = self.lang
        qty = L.t(f"qty.{COMPARE_NAMES[op]}", n=c)
        return L.t("rule.as_many_if", amount=self.num(points, YOU), qty=qty)

    def _same(self, a: E.Node, b: E.Node) -> bool:
        try:
            return to_python(a, self.env) == to_python(b, self.env)
        except Exception:  # noqa: BLE001 - unresolved trees are never the same
            return False

    # ---------------------------------------------------------------- helpers

    def const(self, node: E.Node) -> int | None:
        if isinstance(node, E.Num):
            return node.value
        if isinstance(node, E.Neg):
            v = self.const(node.operand)
            return None if v is None else -v
        if isinstance(node, E.BinOp):
            a, b = self.const(node.left), self.const(node.right)
            if a is None or b is None or (node.op in ("//", "%") and b == 0):
                return None
            return {"+": a + b, "-": a - b, "*": a * b, "//": a // b if b else 0, "%": a % b if b else 0}[node.op]
        return None

    def quantity(self, node: E.Node) -> Quantity | None:
        L = self.lang
        if isinstance(node, E.Name):
            if node.name == "sweeps":
                return Quantity("sweeps", L.sweep_noun(), None)
            if node.name == "captures":
                return Quantity("captures", Noun("noun.capture", L.gender("noun.capture.gender")), None)
            return None
        if isinstance(node, E.Call) and node.args and isinstance(node.args[0], E.Name) and node.args[0].name == "pile":
            if node.function == "count":
                if len(node.args) == 2:
                    mask = self.mask_of(node.args[1])
                    maximum = mask.bit_count() if mask is not None else None
                    return Quantity("captured", self.pred_noun(node.args[1]), maximum)
                return Quantity("captured", L.card_noun(), self.cards.size)
            if node.function == "suits":
                return Quantity("suits", Noun("noun.suit", L.gender("noun.suit.gender")), len(self.deck.suits))
        return None

    def mask_of(self, node: E.Node) -> int | None:
        return node.mask if isinstance(node, E.Mask) else None

    # ---------------------------------------------------------------- clauses

    def clause(self, node: E.Node, p: Person) -> str:
        L = self.lang
        if isinstance(node, E.Bool):
            return L.t("bool.true" if node.value else "bool.false")
        if isinstance(node, E.Not):
            return self.negated(node.operand, p)
        if isinstance(node, E.BoolOp):
            return self._boolop(node.op, node.left, node.right, p, self.clause)
        if isinstance(node, E.Compare):
            return self.compare(node.left, node.op, node.right, p)
        if isinstance(node, E.IfElse):
            return L.t(
                "bool.ifelse",
                condition=self.clause(node.condition, p),
                then=self.clause(node.then, p),
                otherwise=self.clause(node.otherwise, p),
            )
        if isinstance(node, E.Call):
            f = node.function
            if f == "has":
                return self.has(node, p, negated=False)
            if f == "equal_groups":
                return L.t("bool.equal_groups", cards=self.cardset(node.args[0], p), below=self.num(node.args[1], p))
            if f == "most":
                return self.most(node, p, negated=False)
            if f in ("all", "any"):
                return self.quantified(f, node.args[0], node.args[1], p, negated=False)
        if isinstance(node, E.Name) and node.name == "joker":
            return L.t("pred.joker")
        if self.is_flag(node):
            return self.flag(node, p, negated=False)
        raise ValueError(f"not a boolean expression: {type(node).__name__}")

    def _boolop(self, op: str, left: E.Node, right: E.Node, p: Person, render, negate: bool = False) -> str:
        L = self.lang

        def part(child: E.Node) -> str:
            text = render(child, p)
            inner_op = child.op if isinstance(child, E.BoolOp) else None
            if negate and isinstance(child, E.BoolOp):
                inner_op = "or" if inner_op == "and" else "and"
            if op == "and" and inner_op == "or":
                # keep the grouping: 'either A or B' inside an 'and'
                return L.t("bool.grouped", clause=text)
            return text

        return L.t(f"bool.{op}", first=part(left), last=part(right))

    def negated(self, node: E.Node, p: Person) -> str:
        """The clause of `not node`, the negation pushed inwards."""
        L = self.lang
        if isinstance(node, E.Not):
            return self.clause(node.operand, p)
        if isinstance(node, E.Bool):
            return L.t("bool.false" if node.value else "bool.true")
        if isinstance(node, E.Compare):
            return self.compare(node.left, INVERSE[node.op], node.right, p)
        if isinstance(node, E.BoolOp):
            op = "or" if node.op == "and" else "and"
            return self._boolop(op, node.left, node.right, p, self.negated, negate=True)
        if isinstance(node, E.Call):
            if node.function == "has":
                return self.has(node, p, negated=True)
            if node.function == "most":
                return self.most(node, p, negated=True)
            if node.function in ("all", "any"):
                return self.quantified(node.function, node.args[0], node.args[1], p, negated=True)
        if isinstance(node, E.Name) and node.name == "joker":
            return L.t("pred.not_joker")
        if self.is_flag(node):
            return self.flag(node, p, negated=True)
        return L.t("bool.not", clause=self.clause(node, p))

    def has(self, node: E.Call, p: Person, negated: bool) -> str:
        L = self.lang
        card = self.card(node.args[1])
        cards = node.args[0]
        if isinstance(cards, E.Name) and cards.name == "pile":
            return L.t(f"has.{'not.' if negated else ''}{p.kind}", subject=p.subject, card=card)
        if isinstance(cards, E.Name) and cards.name in ONE_CARD:  # "the card played is the seven of diamonds"
            return L.t("cmp.card_is_not" if negated else "cmp.card_is", card=self.cardset(cards, p), noun=card)
        return L.t("has.not.generic" if negated else "has.generic", card=card, cards=self.cardset(cards, p))

    def quantified(self, function: str, sides: E.Node, condition: E.Node, p: Person, negated: bool) -> str:
        """all(S, C) / any(S, C); not all = some not, not any = none."""
        L = self.lang
        name = sides.name if isinstance(sides, E.Name) else "opponents"
        if negated:
            function = "any" if function == "all" else "all"
        subject = L.t(f"subj.{function}.{name}")
        if isinstance(condition, E.BoolOp):  # several clauses: the sides named once, then "that opponent"
            who = Person("they", L.t(f"subj.that.{name}"), anchored=True)
            inner = self.negated(condition, who) if negated else self.clause(condition, who)
            return L.t("bool.for_subject", subject=subject, clause=inner)
        who = Person("they", subject)
        return self.negated(condition, who) if negated else self.clause(condition, who)

    def most(self, node: E.Call, p: Person, negated: bool) -> str:
        L = self.lang
        value = node.args[0]
        q = self.quantity(value)
        prefix = "most.not." if negated else "most."
        if q is not None:
            text = L.t(f"{prefix}{q.kind}.{p.kind}", subject=p.subject, noun=q.noun.pl(L))
        elif (
            isinstance(value, E.Call)
            and value.function == "primiera"
            and isinstance(value.args[0], E.Name)
            and value.args[0].name == "pile"
        ):
            text = L.t(f"{prefix}primiera.{p.kind}", subject=p.subject, primiera=L.primiera())
        else:
            text = L.t(f"{prefix}generic.{p.kind}", subject=p.subject, amount=self.num(value, p))
        ties = node.ties or (self.env.default_ties if self.env else "none")
        self.notes.append(L.t(f"ir.Scoring.ties.{ties}"))
        eligible = node.keyword("eligible")
        if eligible is not None:
            self.notes.append(L.t("most.eligible", condition=self.clause(eligible, YOU)))
        return text

    def compare(self, left: E.Node, op: str, right: E.Node, p: Person) -> str:
        L = self.lang
        if self.const(left) is not None and self.const(right) is None:
            left, op, right = right, FLIP[op], left
        q = self.quantity(left)
        c = self.const(right)
        if q is not None and c is not None and op != "!=":
            return self.count_clause(q, op, c, p)
        one_card = self.card_is(left, op, c, p) if c is not None else None
        if one_card is not None:
            text = one_card
        elif c is not None and self.is_overlap(left):
            text = self.overlap(left.args[0], op, c, p)
        else:
            text = L.t(f"cmp.{COMPARE_NAMES[op]}", left=self.value(left, p), right=self.value(right, p))
        if p.kind == "they" and not p.anchored:
            return L.t("bool.for_subject", subject=p.subject, clause=text)
        return text

    def count_clause(self, q: Quantity, op: str, c: int, p: Person) -> str:
        L = self.lang
        if op == ">":
            op, c = ">=", c + 1
        if (op == "<" and c == 1) or (op == "<=" and c == 0):
            op, c = "==", 0
        if op == ">=" and q.maximum is not None and c == q.maximum:
            op = "=="
        if op == ">=" and c <= 0:
            return L.t("bool.true")
        if op == "==" and c == 0:
            if q.kind == "captured":
                return L.t(
                    f"none.captured.{p.kind}.{q.noun.gender}",
                    subject=p.subject, noun_sg=q.noun.sg(L), noun_pl=q.noun.pl(L),
                )
            return L.t(f"none.{q.kind}.{p.kind}", subject=p.subject, noun_sg=q.noun.sg(L), noun_pl=q.noun.pl(L))
        if op == "==" and q.maximum is not None and c == q.maximum and q.kind in ("captured", "suits"):
            key = f"all.captured.{p.kind}.{q.noun.gender}" if q.kind == "captured" else f"all.suits.{p.kind}"
            return L.t(key, subject=p.subject, n=c, noun=q.noun.form(L, c))
        qty = L.t(f"qty.{COMPARE_NAMES[op]}", n=c)
        return L.t(f"cmp.{q.kind}.{p.kind}", subject=p.subject, qty=qty, noun=q.noun.form(L, c))

    # ------------------------------------------------------------ noun phrases

    def value(self, node: E.Node, p: Person) -> str:
        """Any operand of a comparison as a noun phrase."""
        if isinstance(node, (E.Bool, E.BoolOp, E.Not, E.Compare)) or self.is_flag(node) or (
            isinstance(node, E.Call) and node.function in ("has", "most", "all", "any")
        ):
            return self.lang.t("bool.whether", clause=self.clause(node, p))
        if (isinstance(node, E.Name) and node.name in ("pile", "deck", "table")) or self.is_play_cards(node):
            return self.cardset(node, p)
        if isinstance(node, E.Call) and node.function == "filter":
            return self.cardset(node, p)
        return self.num(node, p)

    def num(self, node: E.Node, p: Person) -> str:
        L = self.lang
        if isinstance(node, E.Num):
            return str(node.value)
        played = self.play_number(node, p)
        if played is not None:
            return played
        arithmetic = self.arithmetic(node, p)
        if arithmetic is not None:
            return arithmetic
        if isinstance(node, E.IfElse):
            then = self.then_words(node.then, self.value(node.then, p))
            return L.t(
                "num.ifelse",
                then=then,
                condition=self.clause(node.condition, p),
                otherwise=self.value(node.otherwise, p),
            )
        if isinstance(node, E.Name):
            return self.name(node, p)
        if isinstance(node, E.CardLit):
            return self.card(node)
        if isinstance(node, E.Mask):
            return self.pred_noun(node).pl(L)
        if isinstance(node, E.Call):
            f = node.function
            if f == "count":
                cards = node.args[0]
                if len(node.args) == 2:
                    noun = self.pred_noun(node.args[1]).pl(L)
                    if isinstance(cards, E.Name) and cards.name == "pile":
                        return L.t(f"num.count_pile.{p.kind}", subject=p.subject, noun=noun)
                    return L.t("num.count_in", noun=noun, cards=self.cardset(cards, p))
                if isinstance(cards, E.Name) and cards.name == "pile":
                    return L.t(f"num.count_pile.{p.kind}", subject=p.subject, noun=L.card_noun().pl(L))
                return L.t("num.count", cards=self.cardset(cards, p))
            if f in ("sum", "suits", "straight"):
                return L.t(f"num.{f}", cards=self.cardset(node.args[0], p))
            if f == "primiera":
                return L.t("num.primiera", primiera=L.primiera(), cards=self.cardset(node.args[0], p))
            if f in ("has", "most", "all", "any", "equal_groups"):
                return self.value(node, p)
            if f in ("filter", "common", "union", "same_rank_as"):
                return self.cardset(node, p)
        raise ValueError(f"no words for {type(node).__name__}")

    def name(self, node: E.Name, p: Person) -> str:
        L = self.lang
        name = node.name
        if name == "sweeps":
            return L.t(f"num.sweeps.{p.kind}", subject=p.subject, sweeps=L.sweep(2))
        if name == "captures":
            return L.t(f"num.captures.{p.kind}", subject=p.subject)
        if name in ("pile", "deck", "table", "declared") or self.is_play_cards(node):
            return self.cardset(node, p)
        if self.is_flag(node):
            return self.value(node, p)
        if name in ("opponents", "others"):
            return L.t(f"sides.{name}")
        if name in ("suit", "rank", "value", "joker"):
            return L.t(f"pred.field.{name}")
        name = self._suit(name)
        if name in self.env.suits:
            return L.suit_name(name)
        if name in self.env.ranks:
            return L.rank_name(L.rank_by_number(self.env.ranks[name]))
        raise ValueError(f"no words for the name '{name}'")

    def cardset(self, node: E.Node, p: Person) -> str:
        L = self.lang
        if isinstance(node, E.Name):
            if node.name in ("pile", "declared"):
                return L.t(f"cards.{node.name}.{p.kind}", subject=p.subject)
            if node.name in ("deck", "table"):
                return L.t(f"cards.{node.name}")
        if self.is_play_cards(node):
            return self.play_cards(node, p)
        if isinstance(node, E.Call) and node.function == "filter":
            pred = self.pred_noun(node.args[1])
            noun = pred.pl(L)
            inner = node.args[0]
            if isinstance(inner, E.Name) and inner.name == "pile":
                return L.t(f"cards.filter_pile.{p.kind}.{pred.gender}", subject=p.subject, noun=noun)
            return L.t(f"cards.filter.{pred.gender}", noun=noun, cards=self.cardset(inner, p))
        if isinstance(node, E.IfElse):
            return L.t(
                "cards.ifelse",
                then=self.cardset(node.then, p),
                condition=self.clause(node.condition, p),
                otherwise=self.cardset(node.otherwise, p),
            )
        raise ValueError(f"no words for the cards {type(node).__name__}")

    def card(self, node: E.Node) -> str:
        L = self.lang
        if not isinstance(node, E.CardLit):
            raise TypeError(f"not a card: {type(node).__name__}")
        number = int(node.rank) if node.rank.isdigit() else self.env.ranks[node.rank]
        return L.card_the(L.rank_by_number(number), self._suit(node.suit))

    def _suit(self, name: str) -> str:
        """A suit name as the expression text wrote it, with `scoring_suit` read as the deck's."""
        return self.env.scoring_suit if name == SCORING_SUIT else name
