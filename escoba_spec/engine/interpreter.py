"""The interpreter: a RuleSet that reads the IR directly.

It is the oracle the kernels are checked against, so it favours
plainness over speed: each behaviour reads the IR fields it needs and calls
the shared mask arithmetic of `engine.captures`; scoring evaluates the
rules' expression trees with `escoba_spec.evaluate`.
"""

from __future__ import annotations

from typing import Sequence

from ..language import ir
from ..language.cards import CardSet
from ..language.expr import runtime as rt
from ..language.expr.env import NO_MATCH, Env, MatchFacts, PlayFacts, ScoreContext
from ..language.expr.evaluate import evaluate
from .captures import (
    ChoiceTotals,
    contains_capture,
    mask_total,
    match_options,
    sum_options,
    total_multiple,
)
from .kinds import KindRules
from .protocol import HandScore, Params, PileView, SubsetSums


class Interpreter:
    """`RuleSet` for any `ir.Variant`, walking its IR."""

    def __init__(self, variant: ir.Variant):
        self.variant = variant
        self.id = variant.id
        self.cards = CardSet(variant.deck)
        self.params = Params.from_variant(variant)
        self._values = self.cards.values
        self._joker_mask = self.cards.joker_mask
        # the values each card may take when played or count when taken: its own, or each of its
        # several (a joker's, the wild card's, Tablić's ace's)
        self._played = self.cards.choices
        self._choice_mask = self.cards.choice_mask
        self._totals = ChoiceTotals(self._played)
        self._capture = variant.capture
        # the subset totals each card captures when no joker is on the table
        if variant.capture.mode == "sum":
            self._needs = tuple(
                tuple(sorted({t - v for t in variant.capture.targets for v in played if t - v > 0}))
                for played in self._played
            )
        else:
            self._needs = tuple(tuple(sorted(set(played))) for played in self._played)
        self._single_first = variant.capture.single_card_first
        self._sweeps = variant.sweeps
        self._min_target = min(variant.capture.targets) if variant.capture.targets else 0
        # capture kinds beyond the seeds' two modes: the shared kind engine, from the IR
        self._kinds = None
        if self.params.capture_kinds:
            self._kinds = KindRules(self._values, [c.rank for c in self.cards.cards], self._joker_mask,
                                    self.cards.valueless_mask, self._played, self._choice_mask,
                                    self.params.capture_kinds, self.params.capture_priority)
        self._env = Env.from_cardset(self.cards, variant.scoring.ties)

    # ----------------------------------------------------------------- captures

    def capture_options(self, card: int, table: int, sums: SubsetSums, last_play: bool = False,
                        piles: PileView | None = None) -> Sequence[int]:
        if self._kinds is not None:
            return self._kinds.options(card, table, sums, last_play, piles)
        cap = self._capture
        table_choice = table & self._choice_mask
        if not table_choice:
            needs = self._needs[card]
            if len(needs) == 1:  # the common case: one look-up in the subset index
                found = sums.get(needs[0], ())
                if self._single_first and len(found) > 1:
                    return [m for m in found if not m & (m - 1)] or found
                return found
        if cap.mode == "sum":
            return sum_options(self._played[card], cap.targets, sums, table_choice, self._totals, cap.single_card_first)
        return match_options(self._played[card], sums, table_choice, self._totals, cap.single_card_first)

    def capture_makers(self, card: int, capture: int, table: int, piles: PileView | None = None) -> frozenset[str]:
        return frozenset(self._kinds.makers(card, capture, table, piles)) if self._kinds is not None else frozenset()

    def sweep_weight(self, card: int, captured: int, last_play: bool, play: PlayFacts | None = None,
                     side: int = 0) -> int:
        weighed = self._sweep_count(card, captured, last_play)
        weight = self._sweeps.weight
        if not weighed or weight is None:
            return weighed
        if play is None:
            raise ValueError(f"{self.id}: sweeps.weight asks the play that swept, and none was given")
        return weighed * rt.points(evaluate(weight, ScoreContext(side, [], [], [], self._env, 0, NO_MATCH, play)))

    def _sweep_count(self, card: int, captured: int, last_play: bool) -> int:
        """What a sweep counts before its weight: 1, its target multiple, 0 when it is none."""
        sw = self._sweeps
        if not sw.enabled or (sw.not_on_last_play and last_play):
            return 0
        taken = captured | 1 << card
        jokers = taken & self._joker_mask
        if sw.not_with_joker and jokers:
            return 0
        if self._kinds is not None:
            return self._kinds.sweep_weight(card, captured, sw.weight_by_target)
        if not (sw.weight_by_target and self._capture.mode == "sum"):
            return 1
        choice = taken & self._choice_mask
        fixed = mask_total(self._values, taken & ~self._choice_mask)
        if not choice:
            return fixed // self._min_target
        # cards of several values stand for whatever the player chose: credit the largest target reachable
        reachable = [t for t in self._capture.targets if t - fixed in self._totals.totals(choice)]
        return max(reachable, default=self._min_target) // self._min_target

    def opening_multiple(self, table: int, sums: SubsetSums) -> int:
        o = self.variant.deal.opening
        targets = o.targets_of(self._capture)
        if o.trigger == "never" or not targets:
            return 0
        if o.trigger == "contains-capture":
            return int(contains_capture(sums, table & self._choice_mask, self._totals, targets))
        return total_multiple(
            self._values, table, self._choice_mask, self._played, min(targets), o.multiples, o.partition
        )

    def redeal_wanted(self, table: int) -> bool:
        return any(evaluate(c.node, ScoreContext(0, [], [], [], self._env, table)) for c in self.variant.deal.redeal)

    # ------------------------------------------------------------------ scoring

    def score_hand(self, piles: Sequence[int], sweeps: Sequence[int], captures: Sequence[int],
                   match: MatchFacts = NO_MATCH) -> HandScore:
        piles, sweeps, captures = list(piles), list(sweeps), list(captures)
        points: list[dict[str, int]] = []
        effects: list[tuple[int, str, str]] = []
        rules = self.variant.scoring.rules
        contexts = [ScoreContext(side, piles, sweeps, captures, self._env, 0, match) for side in range(len(piles))]
        # ties: split: how many sides a shared rule is awarded to, who then share its points
        sharing = {rule.id: sum(bool(evaluate(rule.award, ctx)) for ctx in contexts)
                   for rule in rules if rule.shared and rule.effect == "points"}
        # ties: carry: the points each such rule carries into this hand, and whether a side scores it
        carry = [r for r in rules if r.carried]
        carried_in = dict(zip((r.id for r in carry), match.carried or (0,) * len(carry)))
        scored = {r.id: False for r in carry}
        for side, ctx in enumerate(contexts):
            mine: dict[str, int] = {}
            for rule in rules:
                awarded = bool(evaluate(rule.award, ctx))
                if rule.effect == "points":
                    value = rt.points(evaluate(rule.points, ctx)) if awarded else 0  # below 0 scores 0
                    mine[rule.id] = rt.share(value, sharing[rule.id]) if awarded and rule.id in sharing else value
                    if awarded and rule.id in carried_in:
                        mine[rule.id] += carried_in[rule.id]
                        scored[rule.id] = True
                elif awarded:
                    effects.append((side, rule.id, rule.effect))
            points.append(mine)
        carried = tuple(0 if scored[r.id] else carried_in[r.id] + rt.points(evaluate(r.points, contexts[0]))
                        for r in carry)
        return HandScore(tuple(points), tuple(effects), carried)

    # ------------------------------------------------------------------- events

    def declaration_values(self, side: int, hand: int, table: int, play: PlayFacts, piles: Sequence[int],
                           sweeps: Sequence[int], captures: Sequence[int], match: MatchFacts) -> tuple[int | None, ...]:
        ctx = ScoreContext(side, list(piles), list(sweeps), list(captures), self._env, table, match, play, hand)
        return tuple(rt.points(evaluate(d.points, ctx)) if evaluate(d.when, ctx) else None
                     for d in self.variant.declarations.rules)

    def play_events(self, side: int, piles: Sequence[int], sweeps: Sequence[int], captures: Sequence[int],
                    table: int, play: PlayFacts, match: MatchFacts) -> tuple[tuple[str, int, str], ...]:
        ctx = ScoreContext(side, list(piles), list(sweeps), list(captures), self._env, table, match, play)
        makers = None
        fired = []
        for event in self.variant.scoring.events:
            if event.kinds:
                if makers is None:
                    makers = self._makers(play)
                if not makers.intersection(event.kinds):
                    continue
            if evaluate(event.when, ctx):
                fired.append(event)
        replaced = {other for event in fired for other in event.instead_of}
        out = []
        for event in fired:
            if event.id in replaced:
                continue
            points = rt.points(evaluate(event.points, ctx)) if event.effect == "points" else 0
            if points or event.effect != "points":
                out.append((event.id, points, event.effect))
        return tuple(out)

    def _makers(self, play: PlayFacts) -> set[str]:
        """The capture kinds that make the play's capture (none for a trail)."""
        if self._kinds is None:
            return set()
        if play.stolen:  # a pile taken whole: the kinds from a pile looked at the piles as they were
            return self._kinds.makers(play.card, play.stolen, play.table_before & ~play.claim,
                                      PileView(*play.piles_before))
        if self.params.stack:  # the kinds looked at the top card, and took it with the pile (engine.zones)
            return self._kinds.makers(play.card, play.top_before if play.taken else 0, play.top_before)
        return self._kinds.makers(play.card, play.taken & ~play.claim, play.table_before & ~play.claim)
