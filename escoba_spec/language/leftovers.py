"""Which leftover totals legal play can leave on the table, against the totals a
leftover check lists (`end_of_deal.check.totals`).

A leftover check says the cards left on the table at the end of a hand must
total one of a few numbers (Escopa: 10, 25, 40 or 55). Every sum capture takes
a multiple of the targets' gcd, so the leftovers always keep the deck's residue
(build.py checks that); but a list can still miss totals legal play reaches.
Escopa's does: three players can leave eight courts on the table (70). The
finding is computed, per layout, in two halves that meet:

* an **upper bound** (a proof that a total cannot happen). A card left on the
  table was either dealt to it at the start (at most `table_cards` of them) or
  trailed. Under `obligation: played-card` or `any-card` a card is trailed only
  when it cannot capture, so no group of two or more leftover cards that makes a
  capture target may include a trailed card: every such group lies among the
  opening cards. A set of leftovers is *admissible* when the cards that belong to
  some target-making group of it number at most `table_cards`. Admissibility
  only grows harder as a set grows, so a search over how many cards of each
  value the set holds, pruned at the first inadmissible set, finds every
  admissible total; a total above all of them cannot be left (`obligation:
  none` bounds nothing: a player may trail every card);
* a **witness** (a proof that a total happens): a whole legal hand, the deal
  and every play, found by a seeded beam search. The search deals lazily (a
  round's hands are drawn when the round starts, which any shuffle allows),
  plays each round with a policy that keeps high cards on the table, keeps the
  most promising positions after each round, and records the leftover total of
  every hand it finishes. The witness is kept as a deck order (the engine's
  deal order: the round's leader first, the table before or after the first
  round's hands) and the plays, so the engine can replay it and confirm it
  (tools/analyze and the tests do).

A total between the two (admissible, no witness found) is *undetermined* and
reported as such, never claimed. The model plays sum captures only, which is
all a leftover check allows (build.py refuses the check otherwise); a variant
with redeal conditions, valueless cards or a priority beyond single-card-first
gets the bound and no witness search.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..cache import cache_root, write_atomically
from . import ir
from .cards import CardSet
from .derive import table_first_lead

WIDTH, SAMPLES = 4, 10  # the witness search's beam width and deals sampled per position, per unit of effort


@dataclass(frozen=True)
class Witness:
    """One legal hand: the deck (top first, in the engine's deal order), dealer 0,
    and every play as (seat, card, captured mask)."""

    deck: tuple[int, ...]
    plays: tuple[tuple[int, int, int], ...]
    leftovers: int  # the mask of the cards left on the table


@dataclass(frozen=True)
class LayoutReach:
    players: int
    team_size: int
    reached: dict[int, Witness]  # leftover total -> a hand that leaves it
    possible: tuple[int, ...]  # the totals of the residue class no argument excludes (admissible)
    searched: bool  # a witness search ran (False: the model cannot play this variant)

    @property
    def undetermined(self) -> tuple[int, ...]:
        """Totals neither excluded nor reached."""
        return tuple(t for t in self.possible if t not in self.reached)


@dataclass(frozen=True)
class LeftoverReach:
    """The leftover check's finding: for each layout what is reached and bounded."""

    listed: tuple[int, ...]
    modulus: int
    residue: int
    deck_total: int
    layouts: tuple[LayoutReach, ...] = field(default=())

    def missed(self) -> dict[int, tuple[str, ...]]:
        """Reached totals the list misses -> the layouts ('3 players') that reach them."""
        out: dict[int, list[str]] = {}
        for lay in self.layouts:
            for total in lay.reached:
                if total not in self.listed:
                    out.setdefault(total, []).append(layout_name(lay.players, lay.team_size))
        return {t: tuple(v) for t, v in sorted(out.items())}


def layout_name(players: int, team_size: int) -> str:
    return f"{players} players" + (f" in teams of {team_size}" if team_size > 1 else "")


def leftover_reach(cards: CardSet, players: ir.Players, deal: ir.Deal, capture: ir.Capture,
                   check: ir.LeftoverCheck, effort: int = 1, every_total: bool = False) -> LeftoverReach:
    """Entry point: the reachable and impossible leftover totals of each layout.
    `effort` scales the witness search (1: the fast default validate uses); witnesses
    are sought for the totals the list misses, or with `every_total` for all."""
    layouts = tuple(
        (lay.players, lay.team_size, lay.hand_size if lay.hand_size is not None else deal.hand_size,
         lay.table_cards if lay.table_cards is not None else deal.table_cards, table_first_lead(deal, lay)[0])
        for lay in players.layouts
    )
    return _reach(cards.values, cards.unsummed_mask, tuple(capture.targets), capture.obligation,
                  capture.single_card_first, bool(capture.priority), _deal_key(deal), layouts,
                  tuple(check.totals), check.modulus, effort, every_total)


def _deal_key(deal: ir.Deal) -> tuple:
    o = deal.opening
    return (deal.first_player, deal.round_dealer, deal.stock_remainder, deal.order, deal.first_lead_not,
            bool(deal.redeal), o.trigger, o.targets)


@lru_cache(maxsize=64)
def _reach(*key) -> LeftoverReach:
    """The finding for one key, from the user's cache when an earlier run made it: the witness
    search takes seconds, and validate (the studio's, on every edit) asks it each time. The
    file is named by the key and this module's own source, so a change to either makes it anew."""
    digest = hashlib.sha256(repr(key).encode() + _SOURCE_DIGEST).hexdigest()[:24]
    path = cache_root() / "leftovers" / f"{digest}.json"
    try:
        return _from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        pass  # not made yet, or unreadable: work it out
    found = _work_out(*key)
    try:
        write_atomically(path, json.dumps(_to_json(found)))
    except OSError:
        pass  # a read-only cache only costs the time
    return found


_SOURCE_DIGEST = hashlib.sha256(Path(__file__).read_bytes()).digest()


def _to_json(found: LeftoverReach) -> dict:
    return {"listed": found.listed, "modulus": found.modulus, "residue": found.residue, "deck_total": found.deck_total,
            "layouts": [{"players": lay.players, "team_size": lay.team_size, "possible": lay.possible,
                         "searched": lay.searched,
                         "reached": [[t, w.deck, w.plays, w.leftovers] for t, w in lay.reached.items()]}
                        for lay in found.layouts]}


def _from_json(data: dict) -> LeftoverReach:
    layouts = tuple(
        LayoutReach(int(lay["players"]), int(lay["team_size"]),
                    {int(t): Witness(tuple(deck), tuple(tuple(p) for p in plays), int(left))
                     for t, deck, plays, left in lay["reached"]},
                    tuple(lay["possible"]), bool(lay["searched"]))
        for lay in data["layouts"])
    return LeftoverReach(tuple(data["listed"]), int(data["modulus"]), int(data["residue"]), int(data["deck_total"]),
                         layouts)


def _work_out(values, unsummed, targets, obligation, single_first, priority, deal, layouts, listed, modulus,
              effort, every_total) -> LeftoverReach:
    total = sum(values)
    residue = total % modulus
    out = []
    for players, team, hand_size, table_cards, first_lead in layouts:
        _, sets = _admissible(values, targets, table_cards, residue, modulus)
        # without an obligation a player may trail every card: no total is excluded (the
        # admissible sets are still the ones sought, those play reaches most easily)
        possible = tuple(range(residue, total + 1, modulus)) if obligation == "none" else tuple(sets)
        # the table's own first lead in the deal's place (players.layouts[].first_lead)
        model = _Model(values, targets, obligation, single_first, (*deal[:4], first_lead, *deal[5:]), players,
                       hand_size, table_cards)
        searched = not (unsummed or priority or deal[5]) and model.rounds > 0
        reached: dict[int, Witness] = {}
        if searched:
            for goal, candidates in sets.items():
                if goal in listed and not every_total:
                    continue
                rng = random.Random(f"{players}/{team}/{goal}")  # one stream per goal: a goal's finding
                for counts in candidates:                       # does not depend on the others sought
                    witness = _search(model, _cards_of(values, counts, rng), effort, rng)
                    if witness is not None:
                        reached[goal] = witness
                        break
        out.append(LayoutReach(players, team, dict(sorted(reached.items())), possible, searched))
    return LeftoverReach(listed, modulus, residue, total, tuple(out))


@lru_cache(maxsize=16)
def _admissible(values, targets, table_cards, residue, modulus):
    return _admissible_sets(values, targets, table_cards, residue, modulus)


def _cards_of(values: tuple[int, ...], counts: dict[int, int], rng: random.Random) -> frozenset[int]:
    """Concrete cards for a set given as value -> count."""
    chosen: list[int] = []
    for v, c in counts.items():
        same = [i for i, w in enumerate(values) if w == v]
        chosen += rng.sample(same, c)
    return frozenset(chosen)


# ------------------------------------------------------------------ the bound

def _admissible_sets(values: tuple[int, ...], targets: tuple[int, ...], table_cards: int,
                     residue: int, modulus: int) -> tuple[int, dict[int, list[dict[int, int]]]]:
    """The largest total of an admissible leftover set (see the module's docstring),
    and for each total in the residue class a few admissible sets (value -> count),
    those with the fewest cards bound to the opening table first."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    vals = sorted(counts, reverse=True)
    top = max(targets)
    full = (1 << (top + 1)) - 1
    best = 0
    found: dict[int, list[tuple[int, dict[int, int]]]] = {}

    def involved(chosen: dict[int, int]) -> int:
        n = 0
        for v, c in chosen.items():
            if not c:
                continue
            reach = 1  # the subset sums (<= top) of the chosen cards less one card of value v
            for w, k in chosen.items():
                for _ in range(k - (w == v)):
                    reach |= (reach << w) & full
            if any(t > v and reach >> (t - v) & 1 for t in targets):
                n += c  # every copy of v is in some target-making group
        return n

    def walk(i: int, chosen: dict[int, int], total: int, bound_cards: int) -> None:
        nonlocal best
        if i == len(vals):
            best = max(best, total)
            if total % modulus == residue:
                kept = found.setdefault(total, [])
                kept.append((bound_cards, {v: c for v, c in chosen.items() if c}))
                kept.sort(key=lambda x: x[0])
                del kept[3:]
            return
        v = vals[i]
        for c in range(counts[v], -1, -1):
            chosen[v] = c
            n = involved(chosen) if c else bound_cards
            if n <= table_cards:
                walk(i + 1, chosen, total + c * v, n)
        del chosen[v]

    walk(0, {}, 0, 0)
    return best, {t: [s for _, s in kept] for t, kept in sorted(found.items())}


# ---------------------------------------------------------------- the model

class _Model:
    """A hand of sum captures, dealt lazily: enough of the engine's rules to find a witness."""

    def __init__(self, values, targets, obligation, single_first, deal, players, hand_size, table_cards):
        first_player, round_dealer, remainder, order, first_lead_not = deal[:5]
        self.values, self.targets, self.obligation, self.single_first = values, targets, obligation, single_first
        self.trigger, opening_targets = deal[6], deal[7] or targets
        self.opening_targets = opening_targets
        self.n, self.table_cards, self.order, self.first_lead_not = players, table_cards, order, first_lead_not
        size = len(values)
        self.hand_size = hand_size or (size - table_cards) // players
        per_round = players * self.hand_size
        self.rounds = (size - table_cards) // per_round if per_round else 0
        if (size - table_cards) % max(per_round, 1):
            self.rounds = 0  # a stock remainder: not modelled
        step = -1 if first_player == "before-dealer" else 1
        self.leaders = [((r if round_dealer == "next" else 0) + step) % players for r in range(self.rounds)]

    def captures(self, card: int, table: list[int]) -> list[int]:
        """Masks of the table subsets that make a target with `card`."""
        v = self.values[card]
        out: list[int] = []
        cards = sorted(table, key=lambda c: self.values[c])
        for t in self.targets:
            need = t - v
            if need > 0:
                self._subsets(cards, 0, need, 0, out)
        if self.single_first and any(m & (m - 1) == 0 for m in out):
            out = [m for m in out if m & (m - 1) == 0]
        return out

    def _subsets(self, cards, i, need, mask, out) -> None:
        for j in range(i, len(cards)):
            v = self.values[cards[j]]
            if v > need:
                return
            if v == need:
                out.append(mask | 1 << cards[j])
            else:
                self._subsets(cards, j + 1, need - v, mask | 1 << cards[j], out)

    def opening_fires(self, table: list[int]) -> bool:
        """Whether an opening rule could act on this table (avoided: a witness plays on)."""
        if self.trigger == "never":
            return False
        total = sum(self.values[c] for c in table)
        if total and any(total % t == 0 for t in self.opening_targets):
            return True
        sub: list[int] = []
        for t in self.opening_targets:
            self._subsets(sorted(table, key=lambda c: self.values[c]), 0, t, 0, sub)
        return bool(sub)

    def bound_to_opening(self, card: int, cards: frozenset[int]) -> bool:
        """Whether `card` makes a capture target with some of the other `cards`."""
        others = [c for c in cards if c != card]
        return bool(self.captures(card, others)) if others else False

    def card_moves(self, card: int, opts: list[int], first_play: bool) -> list[tuple[int, int]]:
        """The plays of `card` (whose captures on the table are `opts`) from a hand chosen
        to let them be legal: its captures, and a trail when it cannot capture (or,
        without an obligation, always). Under any-card the caller keeps the seat's
        later cards from capturing where it trailed."""
        if first_play and self.first_lead_not >> card & 1:
            return []  # never led on the hand's first play: a hand is found without it
        moves = [(card, m) for m in opts]
        if not opts or self.obligation == "none":
            moves.append((card, 0))
        return moves


@dataclass
class _Node:
    deck: list[int]
    plays: list[tuple[int, int, int]]
    table: list[int]
    pool: list[int]
    score: float = 0.0


def _search(model: "_Model", goal: frozenset[int], effort: int, rng: random.Random) -> Witness | None:
    """Beam search over rounds for a hand that leaves the cards `goal` on the table (see
    the module's docstring), or None when the budget runs out first."""
    width, samples = WIDTH * effort, SAMPLES * effort
    opening = [c for c in goal if model.bound_to_opening(c, goal)]
    if len(opening) > model.table_cards:
        return None
    beam = [_Node([], [], [], list(range(len(model.values))))]
    for r in range(model.rounds):
        children = []
        for node in beam:
            for _ in range(samples):
                child = _play_round(model, node, r, goal, opening, rng)
                if child is not None:
                    children.append(child)
        if r == model.rounds - 1:
            for child in children:
                if set(child.table) == goal:
                    return Witness(tuple(child.deck), tuple(child.plays), sum(1 << c for c in goal))
        children.sort(key=lambda c: -c.score)
        beam = children[:width]
        if not beam:
            return None
    return None


def _play_round(model: "_Model", node: _Node, r: int, goal: frozenset[int], opening: list[int],
                rng: random.Random) -> _Node | None:
    """Deal round `r` at random (the goal's opening-bound cards to the table) and play it
    with the policy; None when the round cannot keep the goal on the table."""
    pool = node.pool[:]
    rng.shuffle(pool)
    table = node.table[:]
    deck = node.deck[:]
    take = model.hand_size
    dealt_table: list[int] = []
    if r == 0:
        rest = [c for c in pool if c not in opening]
        for _ in range(20):
            dealt_table = opening + rest[len(rest) - (model.table_cards - len(opening)):] \
                if model.table_cards > len(opening) else opening[:]
            if not model.opening_fires(dealt_table):
                break
            rng.shuffle(rest)
        else:
            return None
        pool = [c for c in rest if c not in dealt_table]
        table = dealt_table[:]
    lead = model.leaders[r]
    held: dict[int, list[int]] = {seat: [] for seat in range(model.n)}  # the cards each seat plays, in order
    trailed_on: dict[int, list[list[int]]] = {seat: [] for seat in range(model.n)}
    plays = node.plays[:]
    seat = lead
    for turn in range(model.n * take):
        left = take - 1 - turn // model.n  # cards this seat still holds after this play
        options = []
        seen: dict[tuple[int, bool], list[int] | None] = {}  # (value, in goal) -> captures (None: barred)
        for card in pool:
            key = (model.values[card], card in goal)
            if key not in seen:
                barred = any(model.captures(card, t) for t in trailed_on[seat])
                # the seat held it when it trailed, and it could have captured then
                seen[key] = None if barred else model.captures(card, table) if table else []
            opts = seen[key]
            if opts is None:
                continue
            for move in model.card_moves(card, opts, not plays):
                if _keeps(move, goal):
                    options.append(move)
        if not options:
            return None
        card, capture = max(options, key=lambda m: _taste(m, goal, rng))
        pool.remove(card)
        held[seat].append(card)
        if capture:
            table = [c for c in table if not capture >> c & 1]
        else:
            if model.obligation == "any-card" and left:
                trailed_on[seat].append(table[:])  # the cards it plays later must not capture here
            table.append(card)
        plays.append((seat, card, capture))
        seat = (seat + 1) % model.n
    if r == 0 and model.order == "table-first":
        deck += dealt_table
    for i in range(model.n):
        deck += held[(lead + i) % model.n]
    if r == 0 and model.order != "table-first":
        deck += dealt_table
    kept = sum(c in goal for c in table)
    score = kept - 1.5 * (len(table) - kept) + rng.random()
    return _Node(deck, plays, table, pool, score)


def _keeps(move: tuple[int, int], goal: frozenset[int]) -> bool:
    """A move that leaves the goal's cards alone: a goal card is only ever trailed."""
    card, capture = move
    if capture:
        return card not in goal and not any(capture >> c & 1 for c in goal)
    return True


def _taste(move: tuple[int, int], goal: frozenset[int], rng: random.Random) -> float:
    """The policy: play the other cards first, capturing as many at once as it can, and the
    goal's cards last (trailed onto a table nothing can be taken from), with noise."""
    card, capture = move
    if capture:
        return 3.0 + 0.5 * capture.bit_count() + 2 * rng.random()
    return (0.0 if card in goal else 1.0) + 2 * rng.random()
