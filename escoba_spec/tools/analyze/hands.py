"""The report's per-hand figures: independent hands, each dealt afresh and played
as a match's first hand at 0 all, the dealer passing round the table.

A match mixes its hands (a side deals every other one, a match ends when a side
gets there), so a seat's or the dealer's edge within one hand, the spread of a
hand's points, how often a hand has a sweep, which rules tie and how long a hand
lasts are measured here, on hands alone. They are played by the heuristic bot at
every seat (the strongest of the fast bots: docs/bots.md), on the variant's
kernel, each from its own seed.
"""

from __future__ import annotations

import hashlib
from fractions import Fraction

from ...engine.dealing import first_seat
from ..setup import deal_stream
from ..simulate.stats import mean_stats, share

#: the bot at every seat of the per-hand run
HAND_BOT = "heuristic"
#: hands at --budget 1 (a kernel plays a heuristic hand in about a millisecond from here)
HANDS_PER_BUDGET = 40


def hands_of(budget: float) -> int:
    return max(40, int(HANDS_PER_BUDGET * budget))


def hand_seed(root: int, index: int) -> int:
    """Hand `index`'s seed: fixed by the analysis's seed and the index alone."""
    digest = hashlib.sha256(f"escoba-spec analyze hand {root} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_hands(kernel, players: int, team_size: int, root: int, count: int, progress=None) -> list[dict]:
    """Entry point: `count` hands' records (dealer, each side's points by rule, sweeps, plays)."""
    size = kernel.cards.size
    bots = [HAND_BOT] * players
    out = []
    for i in range(count):
        seed = hand_seed(root, i)
        deck = list(range(size))
        deal_stream(seed).shuffle(deck)
        dealer = i % players
        hand = kernel.play_hand(deck, bots, seed, team_size=team_size, dealer=dealer, with_expert=True)
        result = hand.result
        out.append({"dealer": dealer, "points": [dict(p) for p in result.score.points],
                    "sweeps": list(result.sweeps), "plays": len(hand.history), "stopped": result.stopped})
        if progress and ((i + 1) % 50 == 0 or i + 1 == count):
            progress(i + 1)
    return out


def _f(x) -> float:
    return float(Fraction(x))


def _stats(values: list[float]) -> dict:
    return mean_stats(sum(values), sum(v * v for v in values), len(values))


def _won(totals: list[float], side: int, fewest: bool) -> bool:
    """Whether `side` alone scored the most points of the hand (the fewest, where points are bad)."""
    others = [t for s, t in enumerate(totals) if s != side]
    if not others:
        return True
    return totals[side] < min(others) if fewest else totals[side] > max(others)


def per_hand(records: list[dict], players: int, team_size: int, first_player: str, rule_names: dict[str, str],
             fewest: bool = False) -> dict:
    """The per-hand section from `play_hands`' records: each side's place at the table (the
    dealer's side, the first player's, and so on round the table) with its points and the hands
    it alone won (scored the most, or with `fewest`, where points are bad, the fewest), and the
    hands no side alone won;
    the spread of a side's and of a hand's points; the share of hands with a sweep; plays per
    hand; and per rule, how often one side, several or none scored it."""
    sides = players // team_size
    n = len(records)
    # a side's place: 0 the dealer's side, 1 the next side round the table, ...
    places: list[dict] = []
    for place in range(sides):
        points, won = [], 0
        for r in records:
            totals = [sum(_f(v) for v in p.values()) for p in r["points"]]
            side = (r["dealer"] + place) % sides
            points.append(totals[side])
            won += _won(totals, side, fewest)
        first = all((first_seat(first_player, r["dealer"], players) - r["dealer"]) % sides == place for r in records)
        places.append({"place": place, "deals": place == 0, "plays_first": first,
                       "points": _stats(points), "won": share(won, n)})
    side_points: list[float] = []
    hand_points: list[float] = []
    undecided = 0
    for r in records:
        totals = [sum(_f(v) for v in p.values()) for p in r["points"]]
        side_points += totals
        hand_points.append(sum(totals))
        undecided += not any(_won(totals, s, fewest) for s in range(sides))
    dist: dict[str, int] = {}
    for v in side_points:
        key = f"{v:g}"
        dist[key] = dist.get(key, 0) + 1
    swept = sum(1 for r in records if any(r["sweeps"]))
    plays = [r["plays"] for r in records]
    rules = {}
    for rule, name in rule_names.items():
        scored = [sum(1 for p in r["points"] if _f(p.get(rule, 0))) for r in records]
        means = [_stats([_f(r["points"][s].get(rule, 0)) for r in records]) for s in range(sides)]
        rules[rule] = {"name": name, "per_side": means, "one_side": share(sum(1 for k in scored if k == 1), n),
                       "several": share(sum(1 for k in scored if k > 1), n),
                       "none": share(sum(1 for k in scored if k == 0), n), "seen": any(scored)}
    return {
        "hands": n, "bot": HAND_BOT, "places": places, "undecided": share(undecided, n),
        "side_points": {**_stats(side_points), "least": min(side_points, default=0), "most": max(side_points, default=0),
                        "distribution": {k: dist[k] for k in sorted(dist, key=float)}},
        "hand_points": {**_stats(hand_points), "least": min(hand_points, default=0),
                        "most": max(hand_points, default=0)},
        "sweep_hands": share(swept, n),
        "plays": {**_stats([float(p) for p in plays]), "least": min(plays, default=0), "most": max(plays, default=0)},
        "stopped": sum(1 for r in records if r["stopped"]),
        "rules": rules,
    }
