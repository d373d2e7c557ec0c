"""A reference opponent for the expert: perfect-information Monte Carlo (PIMC), written apart.

The kind of bot the expert is measured against (issue 40): for each decision, `worlds`
random re-deals of the cards its seat cannot see (the other hand and the stock, uniformly),
each searched by negamax with alpha-beta and a transposition table to `depth` plies, leaves
valued by a linear evaluation over the piles (cards, cards of the scoring suit, the seven of
the scoring suit, sevens for the primiera, sweeps); the move with the best sum over the worlds.

It is an independent model of the two-player games (Scopa: a card takes an equal card, a
single equal card before a sum; Escoba de 15: a card and table cards adding to 15; a card
that can take must take; a sweep is a point, not on the hand's last play where the file says
so; the last capturer takes what is left). It never reads the engine's hidden state: it is
handed an `Observation` and the legal moves like every bot, and chooses among those moves.

    python bench/reference_pimc.py --only scopa,escoba-de-15 --bots expert,expert:800 --matches 1000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from escoba_spec.engine.match import play_match  # noqa: E402
from escoba_spec.language.validate import load_variant  # noqa: E402
from escoba_spec.tools.setup import deal_stream, make_bot, make_ruleset  # noqa: E402
from escoba_spec.tools.simulate.stats import wilson  # noqa: E402

#: the leaf's weights: a point is 1 (a sweep, the seven of the scoring suit); the majorities
#: are worth a point over 21 cards, 6 of the scoring suit, 3 sevens, so a card counts a share
WEIGHTS = {"cards": 1 / 12, "suit": 1 / 5, "seven": 1.0, "sevens": 1 / 3, "sweeps": 1.0}


class Model:
    """The rules the reference searches by, read from the variant's file (two seats)."""

    def __init__(self, variant):
        capture = variant.capture
        self.sum_to = capture.targets[0] if capture.mode == "sum" else None
        self.single_first = bool(getattr(capture, "single_card_first", False))
        self.no_last_sweep = bool(getattr(variant.sweeps, "not_on_last_play", False))
        self.hand_size = variant.deal.hand_size
        deck = variant.deck
        suit = [s.name for s in deck.suits].index(deck.scoring_suit)
        self.size = len(deck.suits) * len(deck.ranks)
        self.value = []
        self.features = []  # per card: (scoring suit, seven of the scoring suit, a seven)
        for s in range(len(deck.suits)):
            for rank in deck.ranks:
                self.value.append(rank.value)
                self.features.append((s == suit, s == suit and rank.number == 7, rank.number == 7))
        self._captures: dict[tuple[int, int], tuple[int, ...]] = {}

    def captures(self, card: int, table: int) -> tuple[int, ...]:
        """The sets of table cards `card` takes (masks), none when it must trail."""
        key = (self.value[card], table)
        found = self._captures.get(key)
        if found is None:
            cards = [c for c in range(self.size) if table >> c & 1]
            value = self.value[card]
            want = value if self.sum_to is None else self.sum_to - value
            sets = []
            if self.sum_to is None and self.single_first:
                sets = [1 << c for c in cards if self.value[c] == want]
            if not sets:
                for k in range(1, len(cards) + 1):
                    for group in combinations(cards, k):
                        if sum(self.value[c] for c in group) == want:
                            sets.append(sum(1 << c for c in group))
            found = self._captures[key] = tuple(sets)
        return found

    def moves(self, hand: int, table: int) -> list[tuple[int, int]]:
        out = []
        rest = hand
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            sets = self.captures(card, table)
            out.extend((card, s) for s in sets) if sets else out.append((card, 0))
        # captures first (more cards first), then trails of low cards: alpha-beta cuts sooner
        out.sort(key=lambda m: (-(m[1].bit_count() + 10 * bool(m[1])), self.value[m[0]]))
        return out

    def gains(self, taken: int) -> tuple[int, int, int, int]:
        cards = suit = seven = sevens = 0
        while taken:
            low = taken & -taken
            c = low.bit_length() - 1
            taken ^= low
            f = self.features[c]
            cards += 1
            suit += f[0]
            seven += f[1]
            sevens += f[2]
        return cards, suit, seven, sevens


class World:
    """One determinized hand: both hands and the stock's order known; the search's position."""

    def __init__(self, model: Model, hands, table, stock, to_move, last, score):
        self.m = model
        self.hands = list(hands)
        self.table = table
        self.stock = stock  # the cards still to deal, in order
        self.pos = 0
        self.to_move = to_move
        self.last = last
        self.score = score  # side 0's linear value less side 1's

    def key(self):
        return (self.hands[0], self.hands[1], self.table, self.pos, self.to_move, self.last)

    def value(self, taken: int, sweep: bool) -> float:
        w = WEIGHTS
        cards, suit, seven, sevens = self.m.gains(taken)
        return w["cards"] * cards + w["suit"] * suit + w["seven"] * seven + w["sevens"] * sevens + w["sweeps"] * sweep

    def play(self, card: int, capture: int):
        """Make the move; what undo needs."""
        seat = self.to_move
        saved = (self.hands[0], self.hands[1], self.table, self.pos, seat, self.last, self.score)
        self.hands[seat] &= ~(1 << card)
        if capture:
            self.table &= ~capture
            last_play = not self.hands[0] and not self.hands[1] and self.pos >= len(self.stock)
            sweep = not self.table and not (self.m.no_last_sweep and last_play)
            gain = self.value(capture | 1 << card, sweep)
            self.score += gain if seat == 0 else -gain
            self.last = seat
        else:
            self.table |= 1 << card
        self.to_move = 1 - seat
        if not self.hands[0] and not self.hands[1]:
            if self.pos < len(self.stock):  # a new round from the world's stock
                k = self.m.hand_size
                for s in (self.to_move, 1 - self.to_move):
                    for c in self.stock[self.pos:self.pos + k]:
                        self.hands[s] |= 1 << c
                    self.pos += k
            elif self.table and self.last >= 0:  # the hand's end: the rest to the last capturer
                gain = self.value(self.table, False)
                self.score += gain if self.last == 0 else -gain
                self.table = 0
        return saved

    def undo(self, saved):
        self.hands[0], self.hands[1], self.table, self.pos, self.to_move, self.last, self.score = saved

    def over(self) -> bool:
        return not self.hands[0] and not self.hands[1]


def negamax(world: World, depth: int, alpha: float, beta: float, table: dict) -> float:
    """The position's value for the seat to move, `depth` plies deep."""
    sign = 1 if world.to_move == 0 else -1
    if depth == 0 or world.over():
        return sign * world.score
    key = (world.key(), depth)
    hit = table.get(key)
    if hit is not None:
        flag, v = hit
        if flag == 0 or (flag == 1 and v >= beta) or (flag == -1 and v <= alpha):
            return v
    start = alpha
    best = float("-inf")
    for card, capture in world.m.moves(world.hands[world.to_move], world.table):
        saved = world.play(card, capture)
        v = -negamax(world, depth - 1, -beta, -alpha, table)
        world.undo(saved)
        if v > best:
            best = v
        if v > alpha:
            alpha = v
        if alpha >= beta:
            break
    table[key] = (0 if start < best < beta else 1 if best >= beta else -1, best)
    return best


class Timed:
    """A bot whose decisions (those with a choice) are counted and timed."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, obs, moves):
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        move = self.bot.choose(obs, moves)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return move


class PimcBot:
    """The reference: `worlds` determinizations, each searched `depth` plies (see the module)."""

    def __init__(self, model: Model, seed: int, worlds: int = 12, depth: int = 5):
        self.m = model
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.depth = depth
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, obs, moves):
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        m = self.m
        me = obs.seat
        seen = obs.hand | obs.table
        for pile in obs.piles:
            seen |= pile
        unseen = [c for c in range(m.size) if not seen >> c & 1]
        other = obs.hand_sizes[1 - me]
        stock = obs.stock_count
        totals = [0.0] * len(moves)
        score = 0.0  # the piles so far do not change which move is best: the search counts from here
        for _ in range(self.worlds):
            self.rng.shuffle(unseen)
            hands = [0, 0]
            hands[me] = obs.hand
            hands[1 - me] = sum(1 << c for c in unseen[:other])
            world = World(m, hands, obs.table, unseen[other:other + stock], me, obs.last_capturer, score)
            table: dict = {}
            for i, move in enumerate(moves):
                saved = world.play(move[0], move[1])
                v = -negamax(world, self.depth - 1, float("-inf"), float("inf"), table)
                world.undo(saved)
                totals[i] += v
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        self.decisions += 1
        self.seconds += time.perf_counter() - start
        return moves[best]


def duel(variant_id: str, other: str, matches: int, worlds: int, depth: int, first_seed: int = 0) -> dict:
    """The reference against the kernel bot `other`, `matches` in each seating from the same seeds:
    the other bot's match wins, the rate with its 95% Wilson interval, the reference's time a decision."""
    variant = load_variant(ROOT / "rules" / f"{variant_id}.yaml")
    ruleset = make_ruleset(variant)
    model = Model(variant)
    wins = played = 0
    refs = []
    timed = []
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + matches):
        for ref_seat in (0, 1):
            ref = PimcBot(model, seed * 2 + ref_seat, worlds, depth)
            refs.append(ref)
            bots = [None, None]
            bots[ref_seat] = ref
            bots[1 - ref_seat] = Timed(make_bot(other, seed, 1 - ref_seat, variant))
            timed.append(bots[1 - ref_seat])
            match = play_match(ruleset, bots, seed, rng=deal_stream(seed))
            played += 1
            wins += match.winner == (1 - ref_seat)
    lo, hi = wilson(wins, played)
    decisions = sum(r.decisions for r in refs)
    return {"variant": variant_id, "bot": other, "reference": f"pimc {worlds} worlds, depth {depth}",
            "matches": played, "wins": wins, "rate": wins / played, "ci95": [lo, hi],
            "reference_ms_a_decision": 1000 * sum(r.seconds for r in refs) / max(1, decisions),
            "bot_ms_a_decision": 1000 * sum(t.seconds for t in timed) / max(1, sum(t.decisions for t in timed)),
            "seconds": time.perf_counter() - start}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="scopa,escoba-de-15", help="comma-separated rule file ids (two players)")
    parser.add_argument("--bots", default="expert", help="comma-separated kernel bots to measure (expert:N for a budget)")
    parser.add_argument("--matches", type=int, default=100, help="matches in each seating (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the first match seed")
    parser.add_argument("--worlds", type=int, default=12)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    rows = []
    for vid in args.only.split(","):
        for bot in args.bots.split(","):
            row = duel(vid, bot, args.matches, args.worlds, args.depth, args.seed)
            rows.append(row)
            lo, hi = row["ci95"]
            print(f"| {vid} | {bot} | {row['reference']} | {row['matches']} | {row['rate']:.1%} | "
                  f"{lo:.1%}–{hi:.1%} | {row['bot_ms_a_decision']:.1f} ms | {row['reference_ms_a_decision']:.1f} ms | "
                  f"{row['seconds']:.0f} s |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
