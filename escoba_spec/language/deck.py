"""Stage 4, the deck: `deck` -> `ir.Deck`, a preset with the file's values.

A preset gives the suits and ranks (`cards.PRESETS`); the file may change the
capture and primiera values of ranks by name, and give a rank no capture value
at all (`values: {fante: null}`): such cards take part in no sum and capture,
and are captured, only by rank (Cicera's courts).
"""

from __future__ import annotations

from . import ir
from .cards import PRESETS, preset_ranks, preset_suits
from .diagnostics import did_you_mean


def build_deck(b) -> ir.Deck | None:
    """Entry point: the deck of the resolved document (b is the builder)."""
    spec = b.section("deck")
    preset = spec.get("preset", "spanish-40")
    if preset not in PRESETS:
        return None
    suits = preset_suits(preset)
    ranks = list(preset_ranks(preset))
    rank_names = [r.name for r in ranks]
    for field, attr in (("values", "value"), ("primiera", "primiera")):
        for name, number in (spec.get(field) or {}).items():
            if name not in rank_names:
                b.error(f"deck.{field}.{name}", "unknown-rank", f"the {preset} deck has no rank '{name}'",
                        did_you_mean(name, rank_names) or "ranks: " + ", ".join(rank_names))
                continue
            i = rank_names.index(name)
            if number is None:  # a capture value only: the schema wants a primiera value a number
                ranks[i] = ir.Rank(**{**ranks[i].__dict__, "value": 0, "valued": False})
            elif attr == "value" and number < 1:
                b.error(f"deck.{field}.{name}", "out-of-range", f"a capture value must be at least 1, not {number}",
                        "or null: the rank has no capture value and captures only by rank")
            else:
                ranks[i] = ir.Rank(**{**ranks[i].__dict__, attr: number})
    if all(not r.valued for r in ranks):
        b.error("deck.values", "no-capture-values", "no rank of the deck has a capture value",
                "give some ranks a value: only cards with one take part in sums")
    suit_names = [s.name for s in suits]
    scoring_suit = spec.get("scoring_suit", suit_names[0])
    if scoring_suit not in suit_names:
        b.error("deck.scoring_suit", "unknown-suit", f"the {preset} deck has no suit '{scoring_suit}'",
                did_you_mean(scoring_suit, suit_names) or "suits: " + ", ".join(suit_names))
    joker_spec = spec.get("jokers") or {}
    values_all = sorted({r.value for r in ranks if r.valued})
    jokers = ir.Jokers(
        count=int(joker_spec.get("count", 0)),
        values=tuple(sorted(joker_spec.get("values") or values_all)),
        primiera=int(joker_spec.get("primiera", 0)),
    )
    if jokers.count == 0:
        jokers = ir.Jokers(0, (), 0)
    return ir.Deck(preset, suits, tuple(ranks), scoring_suit, jokers, b.sources(spec, "deck"))
