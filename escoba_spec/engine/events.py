"""Points as the hand goes: the events of a play, declarations, a match that ends mid-hand.

`HandEvents` is a part of `HandState`: after each play it asks the RuleSet which
of the variant's events (`scoring.events`) the play scores, keeps their points
per side and rule id, and says whether the match ends there: an event that wins
or loses the match, or (with `match.check: at-once`) points in play that reach
the target. After each round of the deal it scores the declarations
(`declarations`) each seat's hand makes, the wild card counted as whichever
card helps most. The hand's result then carries these points beside those of
the end of the hand, under the events' and declarations' ids.
"""

from __future__ import annotations

from typing import NamedTuple

from ..language.expr.env import MatchFacts, PlayFacts
from .captures import mask_total, wild_readings
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


class Declared(NamedTuple):
    """A declaration a seat made on the cards dealt to it."""

    round: int  # the round of the deal, 1 up
    seat: int
    side: int
    id: str
    points: int  # points, or sweeps for effect sweeps
    effect: str  # points | sweeps | win-match


class HandEvents:
    """The events of the plays of one hand (mixed into HandState, which holds the fields)."""

    __slots__ = ()

    def _score_play(self, play: Play, before: int, down: int = 0, top: int = 0, piles: tuple = ()) -> bool:
        """Score the events of `play`, made on the table `before` (with `down` lying face down and
        `top` a stack's top card, before the play; `piles`: the pile view it found, when a kind takes
        a pile); whether they end the match now. A stack's face-down cards are in the pile
        (`table_before`, `table`, and `taken` when they go with the play); a spread's lie apart from
        the table. A pile taken whole is `stolen`, not `taken`."""
        side = play.seat % self.sides
        history = self.history
        previous = history[-2] if len(history) > 1 else None
        stolen = play.capture & ~before & ~(1 << play.card)
        taken = play.capture & ~(1 << play.card) & ~stolen | play.claim  # a card kept from an empty table took nothing
        if play.build:  # a build takes nothing: it joins table cards (engine.builds)
            stolen = taken = 0
        table = self.table
        if self._stack:
            before |= down
            taken |= down & ~self.down
            table |= self.down
        facts = PlayFacts(
            played=1 << play.card, taken=taken, table_before=before,
            previous=1 << previous.card if previous else 0, previous_side=previous.seat % self.sides if previous else -1,
            last_play=self._played_last(), round=self.rounds, card=play.card, claim=play.claim,
            top_before=top, top=self.top, stolen=stolen, piles_before=tuple(piles),
            tops=tuple(self.tops) if self.params.pile_tops else (),
            # the stock is out; the play is the round's first (every earlier round dealt hand_size each)
            last_round=self.stock_pos >= len(self.stock),
            first_in_round=len(self.history) - 1 == (self.rounds - 1) * self.hand_size * self.n,
            declared=tuple(self.declared_cards), first_play=len(history) == 1,
        )
        standing = self.standing()
        fired = self.rs.play_events(side, self.piles, self.sweeps, self.captures, table, facts, standing)
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
        return self._reached(standing)

    def _sweep_play(self, seat: int, card: int, before: int, claim: int) -> tuple:
        """(the play, its side) for RuleSet.sweep_weight when a sweeps.weight asks about the play
        that swept (made on the table `before`, which it took whole), else (): asked before the
        play joins the history."""
        if not self.params.sweep_by_play:
            return ()
        history = self.history
        previous = history[-1] if history else None
        return (PlayFacts(
            played=1 << card, taken=before, table_before=before, previous=1 << previous.card if previous else 0,
            previous_side=previous.seat % self.sides if previous else -1, last_play=self._played_last(),
            round=self.rounds, card=card, claim=claim, last_round=self.stock_pos >= len(self.stock),
            first_in_round=len(history) == (self.rounds - 1) * self.hand_size * self.n, first_play=not history,
        ), seat % self.sides)

    def _declare(self) -> bool:
        """The declarations on the round just dealt, seat by seat from its leader; whether they end
        the match now (a declaration that wins it, or points that reach the target at once)."""
        p = self.params
        if p.declare_check == "first-round" and self.rounds > 1:
            return False
        standing = self.standing()
        won = False
        for i in range(self.n):
            seat = (self.to_play + i) % self.n
            side = seat % self.sides
            made, names = self._declarable(seat, side)
            if made:
                self.declared_cards[side] |= self.hands[seat]  # the hand as dealt: the round's first play is to come
            if made and p.declare_show:
                self.shown[seat] |= self.hands[seat]
            if names:
                self._named(seat, names)
            for index, points in made:
                declaration, effect = p.declarations[index]
                self.declared.append(Declared(self.rounds, seat, side, declaration, points, effect))
                if effect == "points":
                    mine = self.event_points[side]
                    mine[declaration] = whole(mine.get(declaration, 0) + points)
                elif effect == "sweeps":
                    self.sweeps[side] += points
                else:
                    won = True
        return won or self._reached(standing)

    def _reached(self, before: MatchFacts) -> bool:
        """With match.check at-once: whether the points just scored took a side still in the match
        from below the target to it (a side already there, out or level at the top, does not count)."""
        p = self.params
        if p.match_check != "at-once":
            return False
        target, after = p.match_target, self.standing().scores
        return any(old < target <= new for side, (old, new) in enumerate(zip(before.scores, after))
                   if side not in before.out)

    def _declarable(self, seat: int, side: int) -> tuple[list[tuple[int, int]], int]:
        """(declaration index, points) of what the seat's hand declares: each declaration at its best
        over what the wild card may stand for; with keep best, only the one worth most. With the wild
        card played as declared (CardSet.named), one reading holds for them all: the one worth most;
        and the readings of the ranks worth that much (a mask, 0: none to name)."""
        p = self.params
        hand = self.hands[seat]
        cards = self.cards
        hands = wild_readings(hand, p.declare_wild, cards.size)
        facts = PlayFacts(0, 0, self.table, 0, -1, False, self.rounds)
        standing = self.standing()
        if cards.named >= 0 and len(hands) > 1:
            return self._declared_reading(side, hands, facts, standing)
        best: list[int | None] = [None] * len(p.declarations)
        for h in hands:
            values = self.rs.declaration_values(side, h, self.table, facts, self.piles, self.sweeps, self.captures, standing)
            for i, value in enumerate(values):
                if value is not None and (best[i] is None or value > best[i]):
                    best[i] = value
        return self._kept(best), 0

    def _kept(self, best: list) -> list[tuple[int, int]]:
        """The declarations made of their values (None: does not hold): with keep best, the first
        that wins the match, else the one worth most."""
        p = self.params
        found = [(i, v) for i, v in enumerate(best) if v is not None and (v or p.declarations[i][1] == "win-match")]
        if p.declare_keep == "best" and len(found) > 1:
            won = [f for f in found if p.declarations[f[0]][1] == "win-match"]
            found = won[:1] or [max(found, key=lambda f: (f[1], -f[0]))]
        return found

    def _declared_reading(self, side: int, hands: list[int], facts: PlayFacts, standing) -> tuple[list, int]:
        """_declarable when the wild card plays as declared: each reading of the hand (as it is, then
        the wild card as each other card) declares on its own; the first worth most (a win first,
        then points) is made, and the ranks of the readings worth as much are the ones to name."""
        p, cards = self.params, self.cards
        wild = cards.named
        best_key, made, names = None, [], 0
        for h in hands:
            found = self._kept(self.rs.declaration_values(side, h, self.table, facts, self.piles, self.sweeps,
                                                          self.captures, standing))
            if not found:
                continue
            key = (any(p.declarations[i][1] == "win-match" for i, _ in found), sum(v for _, v in found))
            card = cards.cards[wild if h >> wild & 1 else (h & ~hands[0]).bit_length() - 1]
            reading = 0 if card.joker else 1 << cards.reading(card.rank)
            if best_key is None or key > best_key:
                best_key, made, names = key, found, reading
            elif key == best_key:
                names |= reading
        return made, names

    def _named(self, seat: int, names: int) -> None:
        """The wild card of the seat's declared hand as the rank it plays as: named now when one rank
        is worth most, else by its holder at their next turn (`naming`, a naming move)."""
        if names & (names - 1):
            self.naming[seat] = names
        else:
            self._name(seat, names.bit_length() - 1)

    def _name(self, seat: int, reading: int) -> None:
        """The seat's wild card plays as `reading` (a card of CardSet.named_mask); its own rank keeps the card."""
        cards = self.cards
        self.naming[seat] = 0
        self._legal = None
        if cards.cards[reading].rank == cards.cards[cards.named].rank or not self.hands[seat] >> cards.named & 1:
            return  # its own rank: the card itself
        swap = 1 << cards.named | 1 << reading
        self.hands[seat] ^= swap
        if self.shown[seat] >> cards.named & 1:
            self.shown[seat] ^= swap

    def standing(self) -> MatchFacts:
        """Where the match stands: each side's score, the hand's points scored in play included."""
        match = self.match
        bid, bidder = self.bid, self.bidder % self.sides if self.bidder >= 0 else -1
        if not any(self.event_points) and not bid:
            return match
        scores = tuple(whole(score + sum(self.event_points[side].values())) for side, score in enumerate(match.scores))
        return MatchFacts(scores, match.dealer_side, match.hand_number, match.out, match.carried, bid, bidder)

    def _with_events(self, score: HandScore | None) -> HandScore:
        """A hand's score with the points scored in play, under the events' ids (`score` None:
        the hand stopped mid-way, and only those count)."""
        points = []
        for side in range(self.sides):
            base = score.points[side] if score is not None else {}
            scored = self.event_points[side]
            points.append({rid: base[rid] if rid in base else scored.get(rid, 0) for rid in self.params.points_rules})
        effects = (score.effects if score is not None else ()) + tuple(
            (e.side, e.id, e.effect) for e in (*self.declared, *self.events) if e.effect not in ("points", "sweeps"))
        return HandScore(tuple(points), effects, score.carried if score is not None else ())

    def _stop(self) -> None:
        """The match ended at the last play: the hand ends here, with no end-of-hand scoring."""
        self.over = True
        self.claimable = ()
        left = self.cards.real(self.table | (self.down if self._stack else 0))  # a stack's face-down cards are in it
        self.result = HandResult(self._with_events(None), tuple(self.piles), tuple(self.sweeps), tuple(self.captures),
                                 left, None, mask_total(self.values, left), None, stopped=True,
                                 declared=tuple(self.declared))
