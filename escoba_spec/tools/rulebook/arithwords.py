"""Arithmetic in words, with its grouping said wherever the words alone would lose it.

A part of `ExprText` (which mixes it in). Words have no precedence a reader can
rely on: "2 times the number of escobas plus 1" reads as `2 * sweeps + 1`
whatever the rule meant. So an operand is put in brackets exactly when the
words would otherwise read another tree:

* an operand that binds more loosely than its operator (a sum under a product),
  or as loosely on its right-hand side (`a - (b - c)`; not `a + (b + c)`, which
  is the same number however it is grouped, unless the words of the right-hand
  chain start with another operator of its rank: `a * (b // 2 * c)`);
* an operand of a prefix form's first slot ("the remainder of (a times b)
  divided by c"), and any operand of a negation that is itself an operation;
* a conditional value ("x if c, otherwise y") anywhere inside arithmetic;
* an operand whose words end open ("the lowest of a and b", "the remainder of
  a divided by b") when more of its operator's words follow it.

Nowhere else: `a + b * c` stays "a plus b times c". The property test in
tests/test_rulebook_fidelity.py reads the words back into a tree, in every
language, and holds that tree equal to the rule's.
"""

from __future__ import annotations

from ...language.expr import nodes as E
from .predicates import Person

#: The templates' names for the arithmetic operators of the expression language.
ARITH_NAMES = {"+": "add", "-": "sub", "*": "mul", "//": "floordiv", "%": "mod"}
#: how tightly each operator binds, as the expression language parses it
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2}
#: operators whose value does not depend on how a chain of them is grouped
ASSOCIATIVE = frozenset({"+", "*"})
#: operators said with words before their first operand ("the remainder of a divided by b")
PREFIXED = frozenset({"%"})
#: operators said with words after their second operand ("a divided by b, rounded down")
CLOSED = frozenset({"//"})
#: functions of numbers said as "the lowest of a and b", "a rounded up to a multiple of b"
LISTS = frozenset({"min", "max"})
ROUNDING = frozenset({"round_up", "round_down"})


class ArithWords:
    """The words of arithmetic (mixed into ExprText, which gives `lang`, `num`)."""

    def arithmetic(self, node: E.Node, p: Person) -> str | None:
        """`node` in words if it is arithmetic (an operation, a negation, min/max, a rounding),
        its operands grouped where the words need it; None for anything else."""
        L = self.lang
        if isinstance(node, E.BinOp):
            op = node.op
            # the operator's words always follow its first operand; a closing suffix
            # (", rounded down") ends the second as the end of the phrase would
            left = self._operand(node.left, p, group=self._groups(node.left, op, "left", final=False))
            right = self._operand(node.right, p, group=self._groups(node.right, op, "right", final=True))
            return L.t(f"num.{ARITH_NAMES[op]}", left=left, right=right)
        if isinstance(node, E.Neg):
            operand = node.operand
            return L.t("num.neg", operand=self._operand(operand, p, self._compound(operand)))
        if isinstance(node, E.Call) and node.function in LISTS:
            last = len(node.args) - 1
            values = [self._operand(a, p, self._open_item(a, final=i == last)) for i, a in enumerate(node.args)]
            return L.t(f"num.{node.function}", values=L.join(values))
        if isinstance(node, E.Call) and node.function in ROUNDING:
            value, step = node.args[0], node.args[1]
            group = self._compound(value) or self.open_ended(value)
            return L.t(f"num.{node.function}", value=self._operand(value, p, group),
                       step=self._operand(step, p, isinstance(step, E.IfElse)))
        return None

    def then_words(self, then: E.Node, text: str) -> str:
        """The words of a conditional value's first branch ("x if c, otherwise y"), bracketed when
        they end open or are a conditional themselves: "if c" would seem to go on with them."""
        return self.lang.t("num.group", value=text) if isinstance(then, E.IfElse) or self.open_ended(then) else text

    def _operand(self, node: E.Node, p: Person, group: bool) -> str:
        text = self.num(node, p)
        return self.lang.t("num.group", value=text) if group else text

    def _groups(self, child: E.Node, op: str, side: str, final: bool) -> bool:
        """Whether the operand `child` on `side` of `op` needs brackets (the module's rules)."""
        if isinstance(child, E.IfElse) or _rounding(child):  # "a plus b rounded up": which is rounded?
            return True
        if op in PREFIXED and side == "left" and self._compound(child):
            return True
        if isinstance(child, E.BinOp):
            inner, outer = PRECEDENCE[child.op], PRECEDENCE[op]
            if inner < outer:
                return True
            if inner == outer and side == "right" and not (op in ASSOCIATIVE and _chain_of(child, op)):
                return True
        return not final and self.open_ended(child)

    @staticmethod
    def _compound(node: E.Node) -> bool:
        """An operand that needs brackets after a prefix's words ("minus", "the remainder of"):
        its own words would otherwise seem to apply to the prefix's phrase or end inside it."""
        return isinstance(node, (E.BinOp, E.IfElse)) or _rounding(node)

    def _open_item(self, child: E.Node, final: bool) -> bool:
        """An item of "the lowest of a, b and c": a conditional value always, an open one unless last."""
        return isinstance(child, E.IfElse) or (not final and self.open_ended(child))

    def open_ended(self, node: E.Node) -> bool:
        """Whether the words of `node` end in an operand that the words after them could seem to
        continue ("... the lowest of a and b" followed by "plus c"). Bracketed operands close."""
        if isinstance(node, E.IfElse):
            return True
        if isinstance(node, E.Call) and node.function in LISTS | ROUNDING:
            return True
        if isinstance(node, E.Neg):
            return not self._compound(node.operand) and self.open_ended(node.operand)
        if isinstance(node, E.BinOp):
            if node.op in PREFIXED:
                return True
            if node.op in CLOSED:
                return False
            right_grouped = self._groups(node.right, node.op, "right", final=True)
            return not right_grouped and self.open_ended(node.right)
        return False


def _chain_of(node: E.Node, op: str) -> bool:
    """Whether `node`, read from the left as words read it, is a chain of `op` alone: `a * (b * c)`
    needs no brackets, but `a * (b // 2 * c)` does (words would read `(a * b) // 2 * c`)."""
    while isinstance(node, E.BinOp) and PRECEDENCE[node.op] == PRECEDENCE[op]:
        if node.op != op:
            return False
        node = node.left
    return True


def _rounding(node: E.Node) -> bool:
    return isinstance(node, E.Call) and node.function in ROUNDING
