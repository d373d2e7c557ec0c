"""The fewest and the most points one side can score in one hand, read from the rules.

Each source of points is bounded on its own and the bounds are added: a scoring rule by
the range of its points (nothing when its award may fail), a play's events by the side's
plays, a round's declarations by its seats and the hand's rounds, a sweep by the side's
plays and the sweep's weight. No hand can score outside the sum, so the report may say
"at most" (and "exact" where a played hand reaches it). Where a rule reads what the rules
do not bound (the match's score, a bid, points carried over from a tie), that end has no
bound and the report says only what play has seen.
"""

from __future__ import annotations

from math import ceil, inf

from ...language import ir
from ...language.cards import CardSet
from ...language.derive import kinds_of, table_deal
from ...language.reach import ALWAYS, NEVER, held_ranges, number_range, truth


def hand_limits(variant: ir.Variant, players: int, team_size: int) -> dict:
    """Entry point: {"least", "most"} a side can score in one hand at this table (None where the
    rules give no bound), and "unbounded": why an end has none."""
    cards = CardSet(variant.deck)
    layout = next((lay for lay in variant.players.layouts if lay.players == players and lay.team_size == team_size),
                  variant.players.layouts[0])
    plays = _side_plays(variant, layout, cards.size)
    hand_size = table_deal(variant.deal, layout, cards.size)[0]
    rounds = 1 if variant.declarations.check == "first-round" else max(1, ceil(plays / team_size / max(1, hand_size)))
    why: list[str] = []
    sweeps = _sweeps(variant, cards, plays, team_size * rounds, why)
    names = {"sweeps": (0, sweeps), "captures": (0, plays + 2)}  # a play's capture, the opening's, the leftovers
    least = most = 0.0
    for rule in variant.scoring.rules:
        if rule.effect != "points":
            continue
        low, high = _award(rule.award, rule.points, cards, names)
        if rule.carried:
            high = inf
            why.append(f"{rule.id}: points carried over from a tie")
        least, most = least + low, most + high
    low, high = _events(variant.scoring.events, cards, names)  # only the side that played scores them
    least, most = least + plays * low, most + plays * high
    made = _declared(variant, cards, names, "points")
    least, most = least + team_size * rounds * made[0], most + team_size * rounds * made[1]
    penalty = variant.end_of_deal.penalty
    if penalty is not None:  # the side's own penalty, or its opponents' paid to it
        least -= penalty.points_lost + (sweeps if penalty.points_lost_add_sweeps else 0)
        most += penalty.points_to_opponents + (sweeps if penalty.opponents_add_sweeps else 0)
    if least == -inf or most == inf:
        sources = (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)
        why += [f"{s.id}: {s.points_text}" for s in sources
                if s.effect in ("points", "sweeps") and inf in map(abs, number_range(s.points, cards, names))]
    return {"least": None if least == -inf else least, "most": None if most == inf else most,
            "plays": plays, "unbounded": sorted(set(why))}


def against_play(limits: dict, hands: dict | None) -> dict:
    """The rules' bounds beside what the per-hand run saw (hands.per_hand's side_points): an end
    is exact where a played hand scored its bound."""
    out = {**limits, "seen_least": None, "seen_most": None, "least_exact": False, "most_exact": False}
    if hands:
        seen = hands["side_points"]
        out.update(seen_least=seen["least"], seen_most=seen["most"], hands=hands["hands"],
                   least_exact=limits["least"] is not None and abs(seen["least"] - limits["least"]) < 1e-9,
                   most_exact=limits["most"] is not None and abs(seen["most"] - limits["most"]) < 1e-9)
    return out


def _side_plays(variant: ir.Variant, layout: ir.Layout, size: int) -> int:
    """The most cards one side plays in a hand: its seats' share of every card not laid on the
    table at the start (a share rounded up: a remainder dealt round goes a card a seat)."""
    table_cards = table_deal(variant.deal, layout, size)[1]
    return layout.team_size * ceil(max(0, size - table_cards) / layout.players)


def _award(award, points, cards: CardSet, names: dict) -> tuple[float, float]:
    """A rule's least and most: its points' range where its award always holds, widened to 0
    where it may fail, nothing where it never holds. The points are read as the award holds:
    its comparisons with a number (`count(pile) >= 20 and score < 38`) narrow what they compare."""
    holds = truth(award, cards)
    if holds == NEVER:
        return 0, 0
    low, high = number_range(points, cards, {**names, **held_ranges(award, cards, names)})
    return (low, high) if holds == ALWAYS else (min(low, 0), max(high, 0))


def _now_and_then(when, points, cards: CardSet, names: dict) -> tuple[float, float]:
    """An event's or a declaration's range on one play or round: `_award`'s, widened to 0 even where
    its condition always holds (a hand may end before a seat plays or is dealt again)."""
    low, high = _award(when, points, cards, names)
    return min(low, 0), max(high, 0)


def _events(events, cards: CardSet, names: dict) -> tuple[float, float]:
    """What one play's events can give its side: each event's range, widened to 0, added; where
    an event scores instead of others (instead_of) that only it replaces, the group gives the most
    of it or of them together, never both."""
    ranges = {e.id: _now_and_then(e.when, e.points, cards, names) for e in events if e.effect == "points"}
    replacers: dict[str, list[str]] = {}
    for event in events:
        for other in event.instead_of:
            replacers.setdefault(other, []).append(event.id)
    low = sum(r[0] for r in ranges.values())
    high = sum(r[1] for r in ranges.values())
    for event in events:
        group = [o for o in event.instead_of if o in ranges and replacers[o] == [event.id] and o != event.id]
        if event.id in ranges and event.id not in replacers and group:
            alone, together = ranges[event.id][1], sum(ranges[o][1] for o in group)
            high -= alone + together - max(alone, together)
    return low, high


def _declared(variant: ir.Variant, cards: CardSet, names: dict, effect: str) -> tuple[float, float]:
    """What one seat's declarations of this effect give on one round: the best of them when a seat
    keeps its best, else all of them."""
    ranges = [(0, 0)]
    for rule in variant.declarations.rules:
        if rule.effect == effect:
            ranges.append(_now_and_then(rule.when, rule.points, cards, names))
    if variant.declarations.keep == "best":
        return min(r[0] for r in ranges), max(r[1] for r in ranges)
    return sum(r[0] for r in ranges), sum(r[1] for r in ranges)


def _sweeps(variant: ir.Variant, cards: CardSet, plays: int, declaring: int, why: list[str]) -> float:
    """The most sweeps one side counts in a hand: a sweep a play at the most it weighs, the
    opening table's, and those its seats declare (`declaring`: seat-rounds)."""
    sweeps = variant.sweeps
    total = 0.0
    if sweeps.enabled:
        if sweeps.weight is not None:
            weight = number_range(sweeps.weight, cards)[1]
        elif sweeps.weight_by_target:
            # a sweep counts its capture's total over the least target: a total a target, where every
            # kind captures to one (sum-with-played), else at most every card's value
            targets = [t for t in variant.capture.targets if t > 0]
            if all(kind.take == "sum-with-played" for kind in kinds_of(variant.capture)) and targets:
                captured = max(targets)
            else:
                captured = sum(v for v in cards.values if v > 0) if not cards.choice_mask else inf
            weight = captured // min(targets) if targets else 1
        else:
            weight = 1
        total += plays * max(weight, 0)
    opening = variant.deal.opening
    if opening.sweeps:
        total += max(opening.multiples, default=1)
    total += declaring * _declared(variant, cards, {}, "sweeps")[1]
    if total == inf:
        why.append("sweeps: a weight the rules do not bound")
    return total
