"""The end of a hand in `escoba-spec play`: the leftovers, the points table, the match's standing,
told and recorded. A part of `match.MatchRunner` (mixed in), apart so that each module stays short
to read; it uses the runner's `say`, `text`, `names`, `rs`, `cards` and `match`."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import HandState
from ...engine.protocol import whole
from ...language.cards import union
from ..text import points_text


class HandEnd:
    """How `MatchRunner` tells and records a hand's end."""

    def _end_of_hand(self, number: int, state: HandState, opening: dict, plays: list[dict]) -> dict:
        result = state.result
        sides = range(state.sides)
        left = result.leftovers
        one = left.bit_count() == 1  # "Ro left on the table goes to", "4o 6e left ... go to"
        go, are = ("goes", "is") if one else ("go", "are")
        if result.stopped:
            self.say(f"the match is decided during the hand: {self.text(left, 'nothing')} left on the table, "
                     "no end-of-hand scoring")
        elif not left:
            self.say("end of hand: the table is empty")
        elif result.leftovers_side is None and state.params.leftovers_to == "nobody":
            self.say(f"end of hand: {self.text(left)} left on the table {go} to nobody: set aside")
        elif result.leftovers_side is None:
            self.say(f"end of hand: nobody captured; {self.text(left)} left on the table {are} set aside")
        elif state.params.leftovers_to == "dealer":
            self.say(f"end of hand: {self.text(left)} left on the table {go} to side {result.leftovers_side} "
                     f"(seat {state.dealer} dealt)")
        else:
            self.say(f"end of hand: {self.text(left)} left on the table {go} to side {result.leftovers_side} "
                     f"(seat {state.last_capturer} captured last)")
        check = None
        if result.leftover_listed is not None:
            listed = ", ".join(map(str, state.params.leftover_totals))
            verdict = "one of" if result.leftover_listed else "not one of"
            self.say(f"leftover check: the leftovers total {result.leftover_total}, {verdict} the listed totals ({listed})")
            check = {"total": result.leftover_total, "listed": result.leftover_listed}
        # cards out of play, the leftovers nobody took apart
        aside = state.set_aside & ~(left if result.leftovers_side is None else 0)
        points = {str(s): dict(result.score.points[s]) for s in sides}
        self._points_table(result.score.points)
        effects = []
        for side, rule, effect in result.score.effects:
            verb = "wins" if effect == "win-match" else "loses"
            self.say(f"{self.names.get(rule, rule)}: side {side} {verb} the match")
            effects.append({"side": side, "rule": rule, "effect": effect})
        game = self.match.game_ends[-1] if self.match.game_ends else None
        game_won = game[1] if game is not None and game[0] == self.match.hands_played else None
        if game_won is not None:
            self.say(f"side {game_won} wins game {sum(self.match.games)} at "
                     + ", ".join(points_text(n) for n in game[2]) + " (games: "
                     + ", ".join(f"side {s} {n}" for s, n in enumerate(self.match.games)) + "); the scores start again")
        totals_after = {str(s): n for s, n in enumerate(self.match.scores)}
        self.say(f"totals after hand {number}: "
                 + ", ".join(f"side {s} {points_text(n)}" for s, n in enumerate(self.match.scores)))
        return {
            "number": number,
            "dealer": state.dealer,
            "opening": opening,
            "plays": plays,
            "leftovers": {"cards": self.cards.texts(left), "side": result.leftovers_side, "check": check},
            "set_aside": self.cards.texts(aside),
            "cards": {str(s): result.piles[s].bit_count() for s in sides},
            "sweeps": {str(s): result.sweeps[s] for s in sides},
            "points": points,
            "effects": effects,
            "declarations": [{"round": d.round, "seat": d.seat, "side": d.side, "id": d.id, "points": d.points,
                              "effect": d.effect} for d in state.declared],
            "stopped": result.stopped,
            "unplayed": self.cards.texts(union(state.hands) | state.stock_mask),  # a hand the match ended mid-way
            "game_won": game_won,
            "totals_after": totals_after,
        }

    def _points_table(self, points: Sequence[dict[str, int]]) -> None:
        """Points per category (rows) per side (columns) and their sum."""
        rules = self.rs.params.points_rules
        rows = [(self.names[r], [pts[r] for pts in points]) for r in rules]
        rows.append(("hand", [whole(sum(pts.values())) for pts in points]))
        width = max(len(name) for name, _ in rows)
        heads = [f"side {s}" for s in range(len(points))]
        self.say("points".ljust(width) + "".join(f"  {h:>6}" for h in heads))
        for name, values in rows:
            self.say(name.ljust(width) + "".join(f"  {points_text(v):>6}" for v in values))
