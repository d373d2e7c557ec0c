"""The report's `static` section: what the rule file says before a card is played.

The least and most a side can score in a hand by the rules (limits.py), points
per hand on probe piles (least and most) and rules whose award never or
always holds, both over probe piles (the empty pile, the whole deck, each
suit, each rank and 200 seeded random piles, with 0 to 3 sweeps: findings
over those piles, said so in the report, not a proof over every pile), and the leftover check's
reachable and impossible totals (language/leftovers.py), each witness
replayed on the interpreter so the report claims only what the engine plays.
"""

from __future__ import annotations

from ...engine.interpreter import Interpreter
from ...engine.state import HandState
from ...language import ir
from ...language.cards import CardSet
from ...language.leftovers import LeftoverReach, layout_name, leftover_reach
from .limits import hand_limits

#: random piles probed besides the extreme ones (the empty pile, the whole deck, each suit, each rank)
RANDOM_PILES = 200


def static_section(variant: ir.Variant, players: int, team_size: int) -> dict:
    """Entry point: the static findings of one variant at a table of `players` in teams of
    `team_size`, JSON-ready."""
    rs = Interpreter(variant)
    cards = CardSet(variant.deck)
    sides = min(lay.players // lay.team_size for lay in variant.players.layouts)
    probes = _probes(cards, sides)
    awarded = {r.id: 0 for r in variant.scoring.rules}
    totals = []
    for piles, sweeps in probes:
        try:
            score = rs.score_hand(piles, sweeps, [1] * sides)
        except Exception:  # noqa: BLE001 - a position the engine refuses tells nothing
            continue
        totals.append(float(sum(sum(p.values()) for p in score.points)))
        for rule in variant.scoring.rules:
            awarded[rule.id] += bool(score.points[0].get(rule.id))
    rules = [{"id": r.id, "name": r.name, "award": r.award_text, "points": r.points_text,
              "never": awarded[r.id] == 0, "always": awarded[r.id] == len(totals)} for r in variant.scoring.rules]
    return {"probes": len(totals), "rules": rules,
            "points_per_hand": {"least": min(totals, default=0), "most": max(totals, default=0)},
            "limits": hand_limits(variant, players, team_size),
            "leftovers": leftovers_section(variant, cards)}


def _probes(cards: CardSet, sides: int) -> list[tuple[list[int], list[int]]]:
    """Piles of side 0 (the rest of the deck dealt round the other sides), with 0 to 3 sweeps:
    the empty pile, the whole deck, each suit, each rank, and seeded random piles."""
    import random

    rng = random.Random(1)
    mine = [0, cards.full_mask, *cards.suit_masks]
    for number in sorted({c.rank for c in cards.cards if not c.joker}):
        mine.append(sum(1 << c.index for c in cards.cards if c.rank == number and not c.joker))
    mine += [rng.getrandbits(cards.size) & cards.full_mask for _ in range(RANDOM_PILES)]
    out = []
    for i, pile in enumerate(mine):
        rest = [c for c in range(cards.size) if not pile >> c & 1]
        others = [0] * (sides - 1)
        for j, c in enumerate(rest):
            others[j % (sides - 1)] |= 1 << c
        out.append(([pile, *others], [i % 4] + [0] * (sides - 1)))
    return out


def leftovers_section(variant: ir.Variant, cards: CardSet) -> dict | None:
    check = variant.end_of_deal.check
    if check is None:
        return None
    reach = leftover_reach(cards, variant.players, variant.deal, variant.capture, check, every_total=True)
    missed = leftover_reach(cards, variant.players, variant.deal, variant.capture, check).missed()
    return {
        "listed": list(check.totals), "modulus": check.modulus, "residue": reach.residue,
        "missed": {str(t): list(layouts) for t, layouts in missed.items()},
        "layouts": [_layout(variant, reach, lay, cards) for lay in reach.layouts],
    }


def _layout(variant, reach: LeftoverReach, lay, cards: CardSet) -> dict:
    everything = range(reach.residue, reach.deck_total + 1, reach.modulus)
    return {
        "layout": layout_name(lay.players, lay.team_size),
        "reached": {str(t): {"leftovers": cards.texts(w.leftovers), "verified": _verified(variant, lay, w, t)}
                    for t, w in lay.reached.items()},
        "impossible": [t for t in everything if t not in lay.possible],
        "undetermined": list(lay.undetermined),
    }


def _verified(variant: ir.Variant, lay, witness, total: int) -> bool:
    """The witness replayed on the interpreter, each play checked legal, leaves `total`."""
    state = HandState.deal(Interpreter(variant), witness.deck, players=lay.players, team_size=lay.team_size)
    for seat, card, capture in witness.plays:
        move = next((m for m in state.legal_moves() if m[0] == card and m[1] == capture), None)
        if move is None or state.to_play != seat:
            return False
        state.apply(move)
    return state.over and state.result.leftover_total == total
