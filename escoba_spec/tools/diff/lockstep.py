"""The observed divergences: the same seeded deals played under both variants, side by side.

Every deal is dealt from the same seed under both, and the same seeded bots
play it; the first point where the two part (the deal, the legal moves, the
chosen move, the sweeps, the hand points, the match end) is a `Divergence`,
explained by the stated differences that can produce its kind.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ...engine import (
    HandState,
    MatchState,
    MatchTooLong,
    Move,
    Observation,
    format_move,
)
from ...language import ir
from .effects import CAPTURES, DEAL, EXPLAINS, KINDS, LEGAL, MATCH, POINTS, SWEEPS
from .report import DiffReport, Divergence


def deal_seeds(seed: int, deals: int) -> Iterator[int]:
    """One seed per deal, derived from the run's seed, made as the deals are played
    (a billion deals must not be a billion seeds in memory before the first)."""
    rng = random.Random(seed)
    for _ in range(deals):
        yield rng.getrandbits(48)


def bot_seed(deal_seed: int, seat: int) -> int:
    """The same seed for a seat's bot in both runs of a deal."""
    return deal_seed * 16 + seat


class Lockstep:
    """Plays every deal under both variants side by side and records where they part."""

    def __init__(self, report: DiffReport, rulesets, names, makers, layout: ir.Layout, differences):
        self.report = report
        self.rs = rulesets
        self.names = names
        self.makers = makers
        self.n = layout.players
        self.team_size = layout.team_size
        self.differences = differences
        self.steps = tuple(1 if rs.params.dealer_rotation == "next" else -1 for rs in rulesets)

    def run(self, progress=None) -> None:
        """Every deal in turn; `progress(done)` after each (it may raise to stop the run)."""
        report = self.report
        kinds: dict[str, int] = {}
        matches = self._new_matches()
        carried: list[str] = []  # what explains the divergences of the current matches
        for index, deal_seed in enumerate(deal_seeds(report.seed, report.deals)):
            states = [HandState.deal(rs, seed=deal_seed, players=self.n, team_size=self.team_size,
                                     dealer=(index * step) % self.n, match=m.facts())
                      for rs, step, m in zip(self.rs, self.steps, matches)]
            found = self._play(index + 1, deal_seed, states)
            if found is None:
                found = self._compare_scores(index + 1, deal_seed, states)
            ends = [self._record(m, s.result) for m, s in zip(matches, states)]
            if found is None and ends[0] != ends[1]:
                found = self._match_end(index + 1, deal_seed, matches, carried)
            if found is not None:
                kinds[found.kind] = kinds.get(found.kind, 0) + 1
                report.diverged += 1
                report.first_divergence = report.first_divergence or found
                carried.extend(f for f in found.explained_by if f not in carried)
                if not found.explained:
                    report.unexplained.append(found)
            if ends[0][0] or ends[1][0]:
                matches, carried = self._new_matches(), []
            if progress is not None:
                progress(index + 1)
        report.kinds = {k: kinds[k] for k in KINDS if k in kinds}

    def _new_matches(self) -> list[MatchState]:
        return [MatchState(rs, self.n, self.team_size) for rs in self.rs]

    @staticmethod
    def _record(match: MatchState, result) -> tuple[bool, int | None]:
        """Add a hand to a running match: (ended, winning side)."""
        try:
            match.record(result)
        except MatchTooLong:
            return True, None
        return match.over, match.winner

    # -- one deal, play by play

    def _play(self, deal: int, deal_seed: int, states: list[HandState]) -> Divergence | None:
        """Play the deal to its end under both; the first point where they part."""
        bots = [[make(bot_seed(deal_seed, seat)) for seat, make in enumerate(self.makers)] for _ in states]
        views = [[Observation(s, seat) for seat in range(self.n)] for s in states]
        found = None
        if not self.report.comparable:
            found = self._divergence(deal, deal_seed, 0, None, DEAL, "the decks are not the same cards", None,
                                     [_position(s) for s in states])
        elif _snapshot(states[0]) != _snapshot(states[1]):
            found = self._divergence(deal, deal_seed, 0, None, DEAL, "the deals differ", None,
                                     [{**_position(s), "opening": _opening(s)} for s in states])
        turn = 0
        while found is None and not states[0].over:
            turn += 1
            sa, sb = states
            seat = sa.to_play
            la, lb = sa.legal_moves(), sb.legal_moves()
            if la != lb:
                kind = CAPTURES if _captures(la) != _captures(lb) else LEGAL
                found = self._divergence(deal, deal_seed, turn, seat, kind, f"the {kind} of seat {seat} differ",
                                         _position(sa), [_allowed(s, mine, other) for s, mine, other in
                                                         ((sa, la, lb), (sb, lb, la))])
                break
            before = _position(sa)
            moves = [bots[i][seat].choose(views[i][seat], la) for i in range(2)]
            plays = [s.apply(m) for s, m in zip(states, moves)]
            if moves[0] != moves[1]:
                found = self._divergence(deal, deal_seed, turn, seat, "chosen move", f"seat {seat}'s bot chose "
                                         "differently from the same legal moves", before,
                                         [{"played": format_move(m, s.cards)} for s, m in zip(states, moves)])
            elif plays[0].sweeps != plays[1].sweeps:
                found = self._divergence(deal, deal_seed, turn, seat, SWEEPS, "the same play scored different "
                                         "sweeps", before, [{"played": format_move(moves[0], s.cards),
                                                             "sweeps": p.sweeps} for s, p in zip(states, plays)])
            elif _snapshot(sa) != _snapshot(sb):
                kind = DEAL if (sa.stock_pos, sa.hands, sa.over) != (sb.stock_pos, sb.hands, sb.over) else (
                    LEGAL if sa.claimable != sb.claimable else CAPTURES)
                found = self._divergence(deal, deal_seed, turn, seat, kind, "the same play led to different "
                                         "positions", before, [_position(s) for s in states])
        for state, seat_bots, seat_views in zip(states, bots, views):  # each plays on alone
            while not state.over:
                seat = state.to_play
                state.apply(seat_bots[seat].choose(seat_views[seat], state.legal_moves()))
        return found

    def _compare_scores(self, deal: int, deal_seed: int, states: list[HandState]) -> Divergence | None:
        """Identical play: do the hand points (per-side totals) or the match effects differ?"""
        ra, rb = states[0].result, states[1].result
        if ra.totals != rb.totals:
            return self._divergence(deal, deal_seed, None, None, POINTS, "identical play scored differently", None,
                                    [{"points": _points(r.score), "totals": list(r.totals)} for r in (ra, rb)])
        if ra.score.effects != rb.score.effects:
            return self._divergence(deal, deal_seed, None, None, MATCH, "identical play awarded different match "
                                    "effects", None, [{"effects": [list(e) for e in r.score.effects]}
                                                      for r in (ra, rb)])
        return None

    def _match_end(self, deal: int, deal_seed: int, matches: list[MatchState], carried: list[str]):
        """The hands agree but the match outcome after this deal does not."""
        words = [f"ends, side {m.winner} wins" if m.winner is not None else ("ends" if m.over else "goes on")
                 for m in matches]
        detail = f"after this deal the match {words[0]} in {self.names[0]} and {words[1]} in {self.names[1]}"
        return self._divergence(deal, deal_seed, None, None, MATCH, detail, None,
                                [{"scores": list(m.scores), "winner": m.winner, "target": m.ruleset.params.match_target}
                                 for m in matches], carried if matches[0].scores != matches[1].scores else ())

    def _divergence(self, deal, deal_seed, turn, seat, kind, detail, position, sides, also=()) -> Divergence:
        need = EXPLAINS[kind]
        explained = [d.field for d in self.differences if need in d.effects]
        explained += [f for f in also if f not in explained]
        return Divergence(deal, deal_seed, turn, seat, kind, detail, position, sides[0], sides[1], tuple(explained))


def _snapshot(s: HandState) -> tuple:
    return (s.to_play, tuple(s.hands), s.table, tuple(s.piles), tuple(s.sweeps), tuple(s.captures), s.set_aside,
            s.stock_pos, len(s.stock), s.over, s.claimable, s.last_capturer)


def _captures(moves: list[Move]) -> list[Move]:
    return [m for m in moves if m.capture or m.claim]


def _points(score) -> list[dict[str, int]]:
    """Per side, the rules that gave points (a rule that gave nothing is no difference)."""
    return [{rid: pts for rid, pts in side.items() if pts} for side in score.points]


def _position(s: HandState) -> dict:
    cards = s.cards
    return {
        "dealer": s.dealer,
        "to_play": s.to_play,
        "hands": [cards.texts(h) for h in s.hands],
        "table": cards.texts(s.table & ~s.built),
        "builds": [f"{'+'.join(cards.texts(b.cards))}:{b.value}" for b in s.builds],  # capture.builds
        "stock": len(s.stock) - s.stock_pos,
        "plays": [format_move(Move(p.card, p.capture, p.claim, p.build), cards) for p in s.history],
    }


def _opening(s: HandState) -> str:
    o = s.opening
    if o is None:
        return "no opening rule applied"
    taker = f" by seat {o.taker}" if o.taker >= 0 else ""
    return f"opening table {' '.join(s.cards.texts(o.cards))} (multiple {o.multiple}): {o.action}{taker}"


def _allowed(state: HandState, mine: list[Move], other: list[Move]) -> dict:
    cards = state.cards
    theirs = set(other)
    return {"allows": [format_move(m, cards) for m in mine],
            "only_here": [format_move(m, cards) for m in mine if m not in theirs]}
