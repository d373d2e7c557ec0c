"""Points during play: the events of a play, and a match that ends mid-hand.

`HandEvents` is a part of `HandState`: after each play it asks the RuleSet which
of the variant's events (`scoring.events`) the play scores, keeps their points
per side and rule id, and says whether the match ends there: an event that wins
or loses the match, or (with `match.check: at-once`) points in play that reach
the target. The hand's result then carries the points scored in play beside
those of the end of the hand, under the events' ids.
"""

from __future__ import annotations

from typing import NamedTuple

from ..language.expr.env import MatchFacts, PlayFacts
from .captures import mask_total
from .moves import Play
from .protocol import HandScore, whole
from .records import HandResult


class Scored(NamedTuple):
    """An event a play scored."""

    play: int  # its index in the hand's history
    side: int
    id: str  # the event's id
    points: int
    effect: str  # points | win-match | lose-match


class HandEvents:
    """The events of the plays of one hand (mixed into HandState, which holds the fields)."""

    __slots__ = ()

    def _score_play(self, play: Play, before: int) -> bool:
        """Score the events of `play`, made on the table `before`; whether they end the match now."""
        side = play.seat % self.sides
        history = self.history
        previous = history[-2] if len(history) > 1 else None
        facts = PlayFacts(
            played=1 << play.card, taken=play.capture | play.claim, table_before=before,
            previous=1 << previous.card if previous else 0, previous_side=previous.seat % self.sides if previous else -1,
            last_play=self._played_last(), round=self.rounds, card=play.card, claim=play.claim,
        )
        fired = self.rs.play_events(side, self.piles, self.sweeps, self.captures, self.table, facts, self.standing())
        if not fired:
            return False
        index = len(history) - 1
        mine = self.event_points[side]
        for event_id, points, effect in fired:
            self.events.append(Scored(index, side, event_id, points, effect))
            if effect == "points":
                mine[event_id] = whole(mine.get(event_id, 0) + points)
        if any(effect != "points" for _, _, effect in fired):
            return True  # a win or a loss of the match, the moment it happens
        p = self.params
        return p.match_check == "at-once" and any(score >= p.match_target for score in self.standing().scores)

    def standing(self) -> MatchFacts:
        """Where the match stands: each side's score, the hand's points scored in play included."""
        match = self.match
        if not self.events:
            return match
        scores = tuple(whole(score + sum(self.event_points[side].values())) for side, score in enumerate(match.scores))
        return MatchFacts(scores, match.dealer_side, match.hand_number)

    def _with_events(self, score: HandScore | None) -> HandScore:
        """A hand's score with the points scored in play, under the events' ids (`score` None:
        the hand stopped mid-way, and only those count)."""
        points = []
        for side in range(self.sides):
            base = score.points[side] if score is not None else {}
            scored = self.event_points[side]
            points.append({rid: base[rid] if rid in base else scored.get(rid, 0) for rid in self.params.points_rules})
        effects = (score.effects if score is not None else ()) + tuple(
            (e.side, e.id, e.effect) for e in self.events if e.effect != "points")
        return HandScore(tuple(points), effects)

    def _stop(self) -> None:
        """The match ended at the last play: the hand ends here, with no end-of-hand scoring."""
        self.over = True
        self.claimable = ()
        left = self.table
        self.result = HandResult(self._with_events(None), tuple(self.piles), tuple(self.sweeps), tuple(self.captures),
                                 left, None, mask_total(self.values, left), None, stopped=True)
