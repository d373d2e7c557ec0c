"""Stage 4, the table: `players` and `deal` -> `ir.Players`, `ir.Deal`, with their checks.

The deal gives every table the same hand size and table cards unless a layout
gives its own (four players get 10 each and no table card, two get 3 and 4);
`hand_size: all` deals the whole deck in one round. `order` says whether the
first round deals the table or the hands first; `first_lead` names the cards
the first player may not lead (a layout may name its own: the regola del vile
at four players only); `redeal` lists conditions on the opening
table (expressions over `table` and `deck`) that void the deal. Each is
checked against the deck: a stock that does not divide, a condition that
holds for (nearly) every table, a first lead that forbids nothing or
everything are located errors.
"""

from __future__ import annotations

import random
from typing import Any

from . import ir
from .cards import CardSet
from .derive import table_deal
from .expr.check import compile_expression, compile_predicate
from .expr.env import Env, ScoreContext
from .expr.evaluate import evaluate
from .stages import build_stages

DEFAULTS: dict[str, Any] = {
    "deal": {"hand_size": 3, "table_cards": 4, "first_player": "after-dealer", "dealer_rotation": "next",
             "round_dealer": "same", "stock_remainder": "none", "order": "hands-first", "face_down": 0,
             "face_down_to": "first-capturer", "bottom_card": "hidden"},
    "opening": {"trigger": "never", "multiples": [1], "partition": False, "action": "play-on",
                "taker": "dealer", "sweeps": False},
}
#: a redeal condition that held for every one of this many sample tables would void nearly every deal
REDEAL_SAMPLES = 200


def _size(value) -> int:
    """A hand size as the IR holds it: `all` is 0."""
    return 0 if value == "all" else int(value)


def build_players(b, cards: CardSet | None = None) -> ir.Players:
    """Entry point for `players` (b is the builder; cards, the deck, for a layout's first lead)."""
    spec = b.section("players")
    layouts = []
    counts: dict[int, int] = {}
    env = Env.from_cardset(cards, "none") if cards is not None else None
    for i, item in enumerate(spec.get("layouts") or [{"players": 2}]):
        path = f"players.layouts[{i}]"
        first_lead, first_text = None, ""
        if "first_lead" in item and env is not None:
            first_text = str(item["first_lead"])
            first_lead = _first_lead(b, first_text, env, cards, f"{path}.first_lead")
        layout = ir.Layout(int(item["players"]), int(item.get("team_size", 1)),
                           _size(item["hand_size"]) if "hand_size" in item else None,
                           int(item["table_cards"]) if "table_cards" in item else None, first_lead, first_text)
        if layout.players % layout.team_size:
            b.error(path, "bad-layout", f"{layout.players} players cannot form teams of {layout.team_size}",
                    f"team sizes that fit {layout.players} players: " + ", ".join(
                        str(t) for t in range(1, layout.players) if layout.players % t == 0 and layout.players // t >= 2))
        elif layout.sides < 2:
            b.error(path, "bad-layout", f"{layout.players} players in teams of {layout.team_size} make a single side",
                    "a game needs at least two sides")
        if layout.players in counts:
            b.error(path, "duplicate-layout",
                    f"{layout.players} players are listed twice (first as layouts[{counts[layout.players]}])",
                    "list each player count once")
        counts.setdefault(layout.players, i)
        layouts.append(layout)
    return ir.Players(tuple(layouts), spec.get("direction", "counterclockwise"), b.sources(spec, "players"))


def build_deal(b, cards: CardSet | None) -> ir.Deal:
    """Entry point for `deal` (b is the builder)."""
    spec = b.section("deal")
    d = b.with_defaults(spec, DEFAULTS["deal"])
    o_spec = spec.get("opening") or {}
    o = b.with_defaults(o_spec, DEFAULTS["opening"])
    opening = ir.OpeningTable(o["trigger"], tuple(o["multiples"]), bool(o["partition"]), o["action"], o["taker"],
                              bool(o["sweeps"]), b.sources(o_spec, "deal.opening"),
                              tuple(sorted(o_spec.get("targets") or ())))
    env = Env.from_cardset(cards, "none") if cards is not None else None
    first_lead, first_text = 0, ""
    if "first_lead" in spec and env is not None:
        first_text = str(spec["first_lead"])
        first_lead = _first_lead(b, first_text, env, cards, "deal.first_lead")
    redeal = tuple(c for i, text in enumerate(spec.get("redeal") or [])
                   if env is not None and (c := _redeal(b, i, str(text), env)) is not None)
    replace = tuple(r for i, item in enumerate(spec.get("replace") or [])
                    if env is not None and isinstance(item, dict) and (r := _replacement(b, i, item, env, cards)) is not None)
    if "face_down_to" in spec and not d["face_down"]:
        b.error("deal.face_down_to", "face-down-unused", "no table card is dealt face down, so face_down_to never applies",
                "set deal.face_down, or remove face_down_to", severity="warning")
    stages, packets, bid = build_stages(b, spec, cards)
    return ir.Deal(_size(d["hand_size"]), int(d["table_cards"]), d["first_player"], d["dealer_rotation"],
                   d["round_dealer"], d["stock_remainder"], opening, b.sources(spec, "deal"), d["order"],
                   first_lead, first_text, redeal, int(d["face_down"]), d["face_down_to"], d["bottom_card"], replace,
                   stages, packets, bid)


def _replacement(b, i: int, item: dict, env: Env, cards: CardSet) -> ir.Replacement | None:
    path = f"deal.replace[{i}]"
    where = item["where"]
    if where == "bottom" and "to" in item:
        b.error(f"{path}.to", "replace-field-unused",
                "a bottom card that may not lie there is swapped for the nearest card above it: it goes nowhere else",
                "remove to, or use where: table")
    text = str(item["cards"])
    mask, problems = compile_predicate(text, env, "the cards replaced")
    b.in_scalar(f"{path}.cards", text, problems)
    if mask is None:
        return None
    if not mask or mask == cards.full_mask:
        what = "no card" if not mask else "every card"
        b.error(f"{path}.cards", "replace-does-nothing" if not mask else "replace-every-card",
                f"{text} holds for {what} of the deck, so " + (
                    "no card is ever replaced" if not mask else "no card could ever take the place of another"),
                "name the cards that may not lie there, e.g. rank == jack")
        return None
    return ir.Replacement(mask, text, where, item.get("to", "stock-bottom"), b.sources(item, path))


def _first_lead(b, text: str, env: Env, cards: CardSet, path: str) -> int:
    mask, problems = compile_predicate(text, env, path)
    b.in_scalar(path, text, problems)
    if mask is None:
        return 0
    if not mask or mask == cards.full_mask:
        what = "no card" if not mask else "every card"
        b.error(path, "first-lead-does-nothing",
                f"{text} holds for {what} of the deck, so the rule forbids the first player nothing",
                "name the cards that may not be led, e.g. rank == ace")
        return 0
    return mask


def _redeal(b, i: int, text: str, env: Env) -> ir.RedealCondition | None:
    path = f"deal.redeal[{i}]"
    node, problems = compile_expression(text, "bool", env, scope="table")
    b.in_scalar(path, text, problems)
    if node is None:
        return None
    pos = b.r.pos(path)
    return ir.RedealCondition(text, node, ir.Origin(pos.file, pos.line, pos.column, path))


def _tables(cards: CardSet, players: ir.Players, deal: ir.Deal) -> set[int]:
    """The table cards each allowed table is dealt."""
    return {table_deal(deal, layout, cards.size)[1] for layout in players.layouts}


def check_redeal(b, cards: CardSet, players: ir.Players, deal: ir.Deal) -> None:
    """A redeal condition that holds for every one of many seeded opening tables (of each size
    a table is dealt) would void nearly every deal."""
    env = Env.from_cardset(cards, "none")
    for condition in deal.redeal:
        for table_cards in sorted(_tables(cards, players, deal) - {0}):
            rng = random.Random(f"{condition.text}/{table_cards}")  # the same samples, run after run
            held = 0
            for _ in range(REDEAL_SAMPLES):
                table = sum(1 << c for c in rng.sample(range(cards.size), min(table_cards, cards.size)))
                held += bool(evaluate(condition.node, ScoreContext(0, [], [], [], env, table)))
            if held == REDEAL_SAMPLES:
                b.error(condition.origin.path, "redeal-almost-always",
                        f"the condition held for every one of {REDEAL_SAMPLES} opening tables of {table_cards} "
                        "cards, so nearly every deal would be dealt again",
                        "say when the table is void, e.g. count(table, rank == re) >= 3")
                break


def check_stock(b, cards: CardSet, players: ir.Players, deal: ir.Deal) -> None:
    """Every table can be dealt: the deck fills a round, and the stock divides into
    rounds or stock_remainder says what becomes of the rest."""
    for i, layout in enumerate(players.layouts):
        hand, table = table_deal(deal, layout, cards.size)
        stock = cards.size - table
        round_size = layout.players * hand
        # said at the table, or at what a house rule changed that made it fail (its deal, its deck)
        path = b.blamed(f"players.layouts[{i}]", f"players.layouts[{i}].hand_size", f"players.layouts[{i}].table_cards",
                        "deal.hand_size", "deal.table_cards", "deal.stock_remainder", "deck")
        if hand < 1 or stock < round_size:
            b.error(path, "deck-too-small",
                    f"{cards.size} cards cannot deal {table} to the table and {max(hand, 1)} to each of "
                    f"{layout.players} players", "use fewer players or a smaller hand")
            continue
        remainder = stock % round_size
        if remainder and deal.stock_remainder == "none":
            b.error(path, "stock-does-not-divide",
                    f"with {layout.players} players the {stock} cards left after the table do not divide into "
                    f"rounds of {round_size}: {remainder} would be left over",
                    "state what happens to them: deal.stock_remainder: to-table, set-aside or to-hands")


def check_face_down(b, cards: CardSet, players: ir.Players, deal: ir.Deal, table: ir.Table) -> None:
    """Face-down cards are some of the table cards; a stack's go with its first capture; a card
    covered by a face-down card turned up needs a stack and face-down cards."""
    for i, r in enumerate(deal.replace):
        if r.to == "covered" and table.layout != "stack":
            b.error(f"deal.replace[{i}].to", "covered-needs-stack",
                    "a card covered by the next card turned up stays under it only on a stack table",
                    "use to: stock-bottom or stock-middle, or table.layout: stack")
        elif r.to == "covered" and not deal.face_down:
            b.error(f"deal.replace[{i}].to", "covered-needs-face-down",
                    "a card is covered by the next face-down table card turned up, and no table card is dealt "
                    "face down", "set deal.face_down, or use to: stock-bottom")
    if deal.face_down:
        for i, layout in enumerate(players.layouts):
            cards_on_table = table_deal(deal, layout, cards.size)[1]
            if deal.face_down > cards_on_table:
                b.error("deal.face_down", "face-down-exceeds-table",
                        f"{deal.face_down} table cards face down, but a table of {layout.players} players is dealt "
                        f"{cards_on_table} table cards", "deal at most as many face down as the table cards")
                break
    if table.layout == "stack" and deal.face_down_to != "first-capturer":
        b.error("deal.face_down_to", "face-down-on-stack",
                "on a stack table the face-down cards lie under the pile, so they go with its first capture",
                "remove face_down_to, or use table.layout: spread")
    if any(r.where == "table" for r in deal.replace) and _tables(cards, players, deal) == {0}:
        b.error("deal.replace", "opening-without-table", "a replacement on the table needs table cards",
                "set deal.table_cards, or use where: bottom")


def check_opening(b, cards: CardSet, deal: ir.Deal, capture: ir.Capture, players: ir.Players) -> None:
    """An opening rule measures the table against targets, and needs table cards."""
    o = deal.opening
    if o.trigger != "never" and not o.targets_of(capture):
        what = "an opening total is a multiple" if o.trigger == "total" else "an opening capture is a group of cards"
        b.error("deal.opening.trigger", "opening-needs-sum",
                f"{what} of a target, and this capture rule has none (only a capture making a target with the "
                "played card has: capture mode sum, or take: sum-with-played)",
                "give the opening its own totals, e.g. deal.opening.targets: [15], or use trigger never")
    if o.trigger != "never" and o.action == "play-on":
        b.error("deal.opening.action", "opening-does-nothing",
                f"the opening trigger {o.trigger} is stated but the action is play-on",
                "choose set-aside, redeal or capture, or set trigger: never", severity="warning")
    tables = _tables(cards, players, deal)
    if o.trigger != "never" and tables == {0}:
        b.error("deal.opening.trigger", "opening-without-table", "an opening rule needs table cards",
                "set deal.table_cards, or trigger: never")
    if deal.redeal and tables == {0}:
        b.error("deal.redeal", "opening-without-table",
                "a redeal condition looks at the opening table, and no table is dealt any card",
                "set deal.table_cards, or remove deal.redeal")
