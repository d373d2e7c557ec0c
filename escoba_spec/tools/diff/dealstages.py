"""The stated differences of a staged first round, packets and the bid (deal.stages, deal.packets, deal.bid).

Each is said as a designer wrote it: the stages as a list of steps in the
file's order ("4 cards to the first player, the table, bid, turn-up, 1 play,
each player up to the hand"), packets as a number of cards or "each player's
whole share at once", the bid by the cards it names (compared by their mask,
told by their text, like a capture kind's cards) and its first_play.
"""

from __future__ import annotations

from ...language import ir
from .effects import FIELDS

PATHS = ("deal.stages", "deal.packets", "deal.bid")


def stage_words(stage: ir.DealStage) -> str:
    """One stage as a designer reads it."""
    if stage.step == "deal":
        return {"first-player": f"{stage.cards} card{'s' * (stage.cards != 1)} to the first player",
                "table": "the table cards", "each": "each player dealt up to the hand"}[stage.to]
    if stage.step == "play":
        return f"{stage.cards} play{'s' * (stage.cards != 1)}"
    return {"bid": "the bid", "turn-up": "the face-down table cards turned up"}[stage.step]


def deal_stage_differences(path: str, va: object, vb: object, add) -> None:
    """The difference at one of PATHS (add(path, label, a, b, effects), as in differences._walk)."""
    label, effects = FIELDS[path]
    if path == "deal.stages":
        if va != vb:  # none: the first round dealt at once (deal.order)
            add(path, label, tuple(stage_words(s) for s in va) or _AT_ONCE, tuple(stage_words(s) for s in vb) or _AT_ONCE,
                effects)
    elif path == "deal.packets":
        if va != vb:
            add(path, label, va or "each player's whole share at once", vb or "each player's whole share at once",
                effects)
    elif va is None or vb is None:
        if va is not vb:
            add(path, label, _bid_words(va), _bid_words(vb), effects)
    else:
        if va.cards != vb.cards:  # the same cards said another way are no difference
            add("deal.bid.cards", FIELDS["deal.bid.cards"][0], va.cards_text, vb.cards_text, FIELDS["deal.bid.cards"][1])
        if va.first_play != vb.first_play:
            add("deal.bid.first_play", FIELDS["deal.bid.first_play"][0], _FIRST_PLAY[va.first_play],
                _FIRST_PLAY[vb.first_play], FIELDS["deal.bid.first_play"][1])


_AT_ONCE = "none (the first round dealt at once)"

#: deal.bid.first_play as a designer reads it (engine.staging._bound)
_FIRST_PLAY = {"free": "free", "bid-value": "bid-value (a card of the bid value, or a build of it)"}


def _bid_words(bid: ir.Bid | None) -> str | None:
    if bid is None:
        return None
    return f"on cards where {' '.join(bid.cards_text.split())}, first play {_FIRST_PLAY[bid.first_play]}"
