"""Stage 4, the table (continued): `deal.stages`, `deal.packets` and `deal.bid` -> the staged first round.

A first round dealt in stages (Seep: four cards to the bidder and four face
down to the table, the bid, the table turned up, the opening play, then the
rest in packets of four) is a list of steps the engine runs in order, pausing
for the bid and for the plays. Whether a list can be dealt is worked out here,
table by table, by counting the cards each seat is dealt and plays: a play
by a seat with no card, a bid before the bidder holds a card, a round that
leaves a seat short of its hand are located errors, as are the rules a staged
deal cannot be combined with (they look at a table the stages have not laid).
"""

from __future__ import annotations

from . import ir
from .cards import CardSet
from .derive import table_deal
from .expr.check import compile_predicate
from .expr.env import Env
from .expr.nodes import Name, children


def build_stages(b, spec: dict, cards: CardSet | None) -> tuple[tuple[ir.DealStage, ...], int, ir.Bid | None]:
    """Entry point: the stages, the packet size and the bid of `deal` (b is the builder)."""
    stages = []
    for item in spec.get("stages") or ():
        if isinstance(item, str):
            stages.append(ir.DealStage(item))
        elif "deal" in item:
            stages.append(ir.DealStage("deal", item["deal"], int(item.get("cards", 0))))
        else:
            stages.append(ir.DealStage("play", "", int(item["play"])))
    bid = None
    if isinstance(spec.get("bid"), dict) and cards is not None:
        text = str(spec["bid"]["cards"])
        mask, problems = compile_predicate(text, Env.from_cardset(cards, "none"), "the cards bid on")
        b.in_scalar("deal.bid.cards", text, problems)
        if mask is not None and not mask:
            b.error("deal.bid.cards", "bid-on-no-card", f"{text} holds for no card of the deck, so no bid could be made",
                    "name the cards whose value may be bid, e.g. value >= 9")
        if mask:
            bid = ir.Bid(mask, text, spec["bid"].get("first_play", "free"), b.sources(spec["bid"], "deal.bid"))
    return tuple(stages), int(spec.get("packets", 0)), bid


def check_stages(b, cards: CardSet, players: ir.Players, deal: ir.Deal, variant_parts: dict) -> None:
    """A staged first round can be dealt at every table, and says nothing another rule contradicts."""
    if "bid" in b.section("deal") and not any(s.step == "bid" for s in deal.stages):
        b.error("deal.bid", "bid-without-stage", "no stage of the deal is a bid, so the bid is never made",
                "add bid to deal.stages, after the first player's cards are dealt")
    if not deal.stages:
        return
    steps = [s.step for s in deal.stages]
    if "bid" in steps and deal.bid is None and "bid" not in b.section("deal"):
        b.error(f"deal.stages[{steps.index('bid')}]", "bid-stage-without-bid", "a bid stage, and deal.bid does not say what may be bid",
                "add deal.bid with the cards whose value may be bid, e.g. cards: value >= 9")
    for step in ("bid", "turn-up"):
        if steps.count(step) > 1:
            b.error(f"deal.stages[{len(steps) - 1 - steps[::-1].index(step)}]", "stage-repeated",
                    f"{step} is a stage of the deal twice", "a hand has one bid and one turning up of the table")
    if "play" in steps and "bid" in steps and steps.index("bid") > steps.index("play"):
        b.error(f"deal.stages[{steps.index('bid')}]", "bid-after-play", "the bid comes after a play",
                "move bid before the first play stage: the bid binds the opening play")
    for why, used, path in (
        ("an opening-table rule looks at the table as the first round lays it",
         deal.opening.trigger != "never", "deal.opening.trigger"),
        ("a redeal condition looks at the table as the first round lays it", bool(deal.redeal), "deal.redeal"),
        ("a replacement looks at the table as the first round lays it", bool(deal.replace), "deal.replace"),
        ("the table is a stack", variant_parts["stack"], "table.layout"),
        ("a missed capture may be claimed", variant_parts["claims"], "capture.missed_capture_claim"),
        ("declarations are checked as a round is dealt", variant_parts["declarations"], "declarations"),
    ):
        if used:
            b.error(path, "stages-cannot-combine", f"the deal is in stages, and {why}",
                    "remove one of the two: a staged deal lays the table and the hands in its own order")
    tables = [s for s in deal.stages if s.step == "deal" and s.to == "table"]
    if len(tables) > 1:
        b.error(f"deal.stages[{deal.stages.index(tables[1], deal.stages.index(tables[0]) + 1)}]", "stage-repeated",
                "the table is dealt twice", "deal the table cards once")
    for i, layout in enumerate(players.layouts):
        if _check_layout(b, cards, deal, layout, i):
            break


def _check_layout(b, cards: CardSet, deal: ir.Deal, layout: ir.Layout, index: int) -> bool:
    """Count the cards each seat is dealt and plays through the stages at one table; an error (and
    True) at the first stage that cannot be run, or when the round leaves a seat short."""
    hand, table = table_deal(deal, layout, cards.size)
    n = layout.players
    dealt, held = [0] * n, [0] * n
    laid = down = False
    seat = 0  # the seat to play, counted from the first player
    where = f"a table of {n} players"
    for i, stage in enumerate(deal.stages):
        path = f"deal.stages[{i}]"
        if stage.step == "deal" and stage.to == "first-player":
            if not stage.cards:
                b.error(path, "stage-needs-cards", "cards to the first player, and not how many",
                        "say how many, e.g. {deal: first-player, cards: 4}")
                return True
            if dealt[0] + stage.cards > hand:
                b.error(path, "stage-deals-too-many", f"at {where} the first player is dealt {dealt[0] + stage.cards} "
                        f"cards by this stage, more than the round's {hand}", "deal at most the round's hand size")
                return True
            dealt[0] += stage.cards
            held[0] += stage.cards
        elif stage.step == "deal" and stage.to == "table":
            laid, down = True, deal.face_down > 0
        elif stage.step == "deal":  # each: every seat up to `cards` dealt this round, or the round's hand size
            upto = stage.cards or hand
            if upto > hand:
                b.error(path, "stage-deals-too-many", f"at {where} each player is dealt up to {upto} cards by this "
                        f"stage, more than the round's {hand}", "deal at most the round's hand size")
                return True
            for s in range(n):
                held[s] += max(upto - dealt[s], 0)
                dealt[s] = max(upto, dealt[s])
        elif stage.step == "bid" and not held[0]:
            b.error(path, "bid-before-cards", "the first player bids before holding a card",
                    "deal the first player their cards before the bid: {deal: first-player, cards: 4}")
            return True
        elif stage.step == "turn-up" and not down:
            b.error(path, "turn-up-nothing", "nothing lies face down to turn up here" + (
                "" if laid else ": the table is not dealt yet"),
                "deal the table before turning it up, with deal.face_down cards face down")
            return True
        elif stage.step == "turn-up":
            down = False
        elif stage.step == "play":
            for _ in range(stage.cards):
                if not held[seat % n]:
                    b.error(path, "stage-play-without-card", f"at {where} the {_ordinal(seat % n)} to play holds no card "
                            "when this stage asks for a play", "deal before the play, or ask for fewer plays")
                    return True
                held[seat % n] -= 1
                seat += 1
    if table and not laid:
        b.error("deal.stages", "stages-without-table", f"no stage deals the table its {table} cards",
                "add {deal: table} where the table is dealt")
        return True
    if dealt != [hand] * n:
        b.error("deal.stages", "stages-leave-hands-short", f"at {where} the stages deal {dealt} cards to the seats "
                f"(from the first player on), not the round's {hand} to each", "end the stages with {deal: each}")
        return True
    return False


def _ordinal(seat: int) -> str:
    return "first player" if seat == 0 else f"player {seat + 1} from the first"


def check_bid_names(b, deal: ir.Deal, scoring: ir.Scoring, declarations: ir.Declarations) -> None:
    """An expression naming the bid (`bid`, `bidder`) in a variant where no bid is made would read
    0 and false in every hand: an error at the rule."""
    if deal.bid is not None:
        return
    exprs = [(r.origin, r.award, r.points) for r in scoring.rules] + [(e.origin, e.when, e.points) for e in scoring.events]
    exprs += [(d.origin, d.when, d.points) for d in declarations.rules]
    for origin, *nodes in exprs:
        named = sorted({n.name for n in _names(nodes) if n.name in ("bid", "bidder")})
        if named:
            b.error(origin.path, "bid-never-made", f"{' and '.join(named)} named, and no bid is made in this game",
                    "add deal.bid and a bid stage to deal.stages, or leave the bid out of the rule")


def _names(nodes) -> list[Name]:
    found, stack = [], [n for n in nodes if n is not None]
    while stack:
        node = stack.pop()
        if type(node) is Name and node.value is None:
            found.append(node)
        stack.extend(children(node))
    return found
