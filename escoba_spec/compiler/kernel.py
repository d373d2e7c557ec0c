"""Stage 5b: the IR -> a variant's kernel, numba-compilable Python (`kernels.load` runs it).

The kernel plays whole hands and matches with the built-in random and greedy
bots in integer and bit-mask code: the capture rule becomes a table of the
totals each card takes and a search of the sorted table, the opening rule,
sweeps, leftovers and the match rules keep only the branches the variant
uses, and every scoring expression is compiled to mask arithmetic
(`kernel_expressions`); events during play (`kernel_events`), declarations
on the dealt hands (`kernel_declarations`) and missed-capture claims are parts
of their own, left out when unused. The same IR always gives the same bytes, and the
safety rules of `codegen` hold: only validated ids and repr-safe literals.

Not every rule of the language is in the kernel yet: `unsupported` names
what a variant uses that the kernel does not play, and such a variant runs
on the other engines (the caller says so).
"""

from __future__ import annotations

import math

import jinja2

from .. import __version__
from ..engine.bots import scoring_seven
from ..engine.protocol import Params
from ..language import ir
from ..language.cards import CardSet
from ..language.expr.env import Env
from ..language.expr.nodes import needs_bounds
from .codegen import ID_PATTERN, UnsafeValue, _comment, display_path, literal, template
from .kernel_builds import builds_context, builds_unsupported
from .kernel_declarations import declaration_context
from .kernel_events import event_args, event_context, event_flags
from .kernel_expert import expert_context
from .kernel_expressions import EVENT_ARGS, MATCH_NAMES, SWEEP_ARGS, KernelExpressions, KernelUnsupported
from .kernel_kinds import kinds_tables, needs_kinds
from .kernel_stages import EXPERT_STAGES, STAGES, stage_head
from .kernel_staging import staging_context

__all__ = ["KernelUnsupported", "generate_kernel", "unsupported"]


def unsupported(variant: ir.Variant) -> list[str]:
    """What the variant uses that the kernel does not play yet (empty: the kernel plays it all)."""
    params = Params.from_variant(variant)
    cards = CardSet(variant.deck)
    deal = variant.deal
    opening = deal.opening
    reasons = (
        ("jokers or cards of several values in an opening table split into groups",
         cards.choice_mask and opening.trigger == "total" and opening.partition),
        ("cards of several values that together can total more than 62",
         sum(max(values) for values, c in zip(cards.choices, cards.cards) if cards.choice_mask >> c.index & 1) > 62),
        ("declarations in a variant whose ties split", variant.declarations.rules and _scale(variant) > 1),
        ("the match named in a variant whose ties split", params.match_names and _scale(variant) > 1),
        ("a deck of more than 63 cards", cards.size > 63),
        ("a deck of more than 63 cards with a reading of its wild card per rank (declarations.wild_as_declared)",
         cards.size <= 63 < len(cards.cards)),
        ("capture totals above 60", params.sums_limit > 60),
        ("an opening table split into more than two groups",
         opening.partition and any(k > 2 for k in opening.multiples)),
        *builds_unsupported(variant, cards, params),
    )
    found = [reason for reason, used in reasons if used]
    if not found:
        try:
            out = _expressions(variant, cards, params)
            _scoring(variant, out)
            _redeal(variant, out)
            event_context(variant, out)
            declaration_context(variant, out)
        except KernelUnsupported as exc:
            found.append(str(exc))
    return found


def _scale(variant: ir.Variant) -> int:
    """What the kernel multiplies every point by so that a split tie's share is whole: the lcm of
    1..the most sides a table of the variant seats (1 when no rule shares its points)."""
    if not any(r.shared and r.effect == "points" for r in variant.scoring.rules):
        return 1
    return math.lcm(*range(1, 1 + max(lay.players // lay.team_size for lay in variant.players.layouts)))


def _expressions(variant: ir.Variant, cards: CardSet, params: Params) -> KernelExpressions:
    return KernelExpressions(Env.from_cardset(cards, variant.scoring.ties),
                             names=MATCH_NAMES if params.match_names else frozenset())


def _redeal(variant: ir.Variant, out: KernelExpressions) -> list[dict]:
    """The deal.redeal conditions, over the opening table (the name `table`) and the deck."""
    names = out.names
    out.names = frozenset({"table"})
    try:
        return [{"test": out.emit(c.node),
                 "origin_comment": _comment(f"{display_path(c.origin.file)}:{c.origin.line}")}
                for c in variant.deal.redeal]
    finally:
        out.names = names


def _points(node, out: KernelExpressions) -> str:
    source = out.emit(node)
    return f"clamp({source})" if needs_bounds(node) else source


def _scoring(variant: ir.Variant, out: KernelExpressions) -> list[dict]:
    rules = []
    columns = {"points": 0, "effect": 0}
    carries = 0
    for rule in variant.scoring.rules:
        if not ID_PATTERN.match(rule.id):
            raise UnsafeValue(f"not a valid rule id: {rule.id!r}")
        group = "points" if rule.effect == "points" else "effect"
        rules.append({
            "id": rule.id, "effect": rule.effect, "column": columns[group],
            "award": out.emit(rule.award),
            "points": (out.points(rule.id, rule.points) or _points(rule.points, out)) if rule.effect == "points" else "0",
            "origin_comment": _comment(f"{display_path(rule.origin.file)}:{rule.origin.line}"),
            "shared": rule.shared and rule.effect == "points",
            "carried": rule.carried and rule.effect == "points", "carry": carries,
        })
        columns[group] += 1
        carries += rule.carried and rule.effect == "points"
    return rules


def _template() -> jinja2.Template:
    return template("kernel.py.j2")


def _needs(variant: ir.Variant, cards: CardSet) -> list[list[int]]:
    """Per card, the table totals it captures: its value (match), or target - value (sum)."""
    capture = variant.capture
    needs = []
    for c in cards.cards:
        if capture.mode == "sum":
            wanted = sorted({t - c.value for t in capture.targets if t - c.value > 0})
        else:
            wanted = [c.value]
        needs.append(wanted)
    width = max(1, max(len(n) for n in needs))
    return [n + [-1] * (width - len(n)) for n in needs]


def _named(cards: CardSet) -> dict:
    """The wild card that plays as declared (CardSet.named; -1: none): its bit, its readings' mask and
    count with the deck's, the reading of each deck card's rank (-1: a joker) and of its own."""
    if cards.named < 0:
        return {"named": -1}
    reading_of = [-1 if c.joker else cards.reading(c.rank) for c in cards.cards[:cards.size]]
    return {"named": cards.named, "wild_bit": literal(1 << cards.named), "named_mask": literal(cards.named_mask),
            "bits_size": literal(len(cards.cards)), "reading_of": literal(reading_of),
            "own_reading": literal(reading_of[cards.named])}


def _bot_masks(cards: CardSet) -> dict[str, str]:
    """The heuristic bot's masks, as HeuristicBot works them out (engine.bots): a card is a joker
    to it by its own flag, so a wild card that is a joker in play only (declarations.wild_captures)
    counts as the card it is."""
    names = [s.name for s in cards.deck.suits]
    suit = names.index(cards.deck.scoring_suit) if cards.deck.scoring_suit in names else -1
    jokers = sum(1 << c.index for c in cards.cards if c.joker)
    full = cards.full_mask & ~jokers
    return {"scoring_suit": literal(sum(1 << c.index for c in cards.cards if c.suit == suit and not c.joker)),
            "sevens": literal(sum(1 << c.index for c in cards.cards if c.rank == 7 and not c.joker)),
            "full": literal(full), "bot_jokers": literal(jokers)}


def _value_masks(variant: ir.Variant, cards: CardSet) -> list[int]:
    """For every total up to the largest a card needs, the mask of the cards worth it."""
    top = max(max(n) for n in _needs(variant, cards))
    return [sum(1 << c.index for c in cards.cards if c.value == t) for t in range(max(top, 0) + 1)]


def _obligation_steps(variant: ir.Variant, params: Params) -> list[tuple[int, int, str]]:
    """Each obligation step as the kernel's literals: any-card, must sweep, the mask of its kinds
    (by their index in the kernel's kinds; 0: every capture)."""
    index = {k.id: i for i, k in enumerate(params.capture_kinds)}
    return [(int(o.of == "any-card"), int(o.must == "sweep"), literal(sum(1 << index[k] for k in o.kinds)))
            for o in variant.capture.obligations]


def _sweep_weight(variant: ir.Variant, out: KernelExpressions) -> dict:
    """The sweeps.weight of a variant as kernel code: the play's names _sweep_weight then takes."""
    weight = variant.sweeps.weight
    if weight is None:
        return {"sweep_by_play": False, "sweep_args": ""}
    source = out.emit_sweep(weight)
    return {"sweep_by_play": True, "sweep_args": SWEEP_ARGS,
            "sweep_weight_source": f"clamp({source})" if needs_bounds(weight) else f"({source})"}


def generate_kernel(variant: ir.Variant) -> str:
    """Entry point: the kernel's source; KernelUnsupported names what it cannot play."""
    reasons = unsupported(variant)
    if reasons:
        raise KernelUnsupported(f"{variant.id}: the kernel does not play {', '.join(reasons)} yet")
    cards = CardSet(variant.deck)
    params = Params.from_variant(variant)
    out = _expressions(variant, cards, params)
    groups = out.env.value_groups
    out.tables["_SUM_VALUES"] = f"np.array({[v for v, _ in groups]!r}, dtype=np.int64)"
    out.tables["_SUM_MASKS"] = f"np.array({[m for _, m in groups]!r}, dtype=np.int64)"
    rules = _scoring(variant, out)
    redeal = _redeal(variant, out)
    scale = _scale(variant)
    events = event_context(variant, out)
    declarations = declaration_context(variant, out)
    out.tables.update(kinds_tables(variant))
    deal, capture, opening = variant.deal, variant.capture, variant.deal.opening
    opening_targets = tuple(opening.targets_of(capture)) if opening.trigger != "never" else ()
    trigger = opening.trigger if opening_targets else "never"
    # the columns of a hand's points and effects: the end-of-hand rules', the events', the
    # declarations' (a declaration of sweeps has none)
    scored = (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)
    points_rules = [r for r in scored if r.effect == "points"]
    effect_rules = [r for r in scored if r.effect in ("win-match", "lose-match")]
    capture_comment = (f"targets {list(capture.targets)} less the card's value" if capture.mode == "sum"
                       else "the card's own value")
    helper_args = event_args(variant)  # what an event's any() / all() helper takes
    context = {
        "version": __version__,
        "source_file_comment": _comment(display_path(variant.file)),
        "variant_id_comment": _comment(variant.id),
        "variant_id": literal(variant.id),
        "points_rules": literal(tuple(r.id for r in points_rules)),
        "numbers": literal(tuple(out.numbers)),
        "n_numbers": len(out.numbers),
        "numbers_at": literal(4 + max(1, sum(r.carried and r.effect == "points" for r in variant.scoring.rules))),
        "effect_rules": literal(tuple(r.id for r in effect_rules)),
        "n_points": len(points_rules),
        "sweep_declarations": literal(tuple(d.id for d in variant.declarations.rules if d.effect == "sweeps")),
        "n_sweep_declarations": sum(1 for d in variant.declarations.rules if d.effect == "sweeps"),
        "n_effects": len(effect_rules),
        "effect_kinds": f"np.array({[1 if r.effect == 'win-match' else 2 for r in effect_rules] or [0]!r}, "
                        "dtype=np.int64)",
        "layouts": literal(params.layouts),
        "size": literal(cards.size),
        **_named(cards),
        "values": f"np.array({list(cards.values)!r}, dtype=np.int64)",
        # the greedy bot trails its lowest card, a joker counting as the highest (engine.bots)
        "trail_values": f"np.array({[1000 if c.joker else c.value for c in cards.cards]!r}, dtype=np.int64)",
        "kinds": needs_kinds(variant),
        "maximal_kinds": any(k.maximal for k in params.capture_kinds),
        "jokers": bool(cards.joker_mask),
        "choice": bool(cards.choice_mask),
        # a kind takes another side's pile by its top card; the piles show their tops (engine.zones)
        "pile_kinds": any(k.from_zone != "table" for k in params.capture_kinds),
        "pile_tops": params.pile_tops,
        "not_with_joker": variant.sweeps.not_with_joker,
        "weight_by_target": variant.sweeps.weight_by_target,
        "needs": f"np.array({_needs(variant, cards)!r}, dtype=np.int64)",
        # every card worth each value: the heuristic bot's takers among the unseen cards, a bid's held card
        "card_value_masks": f"np.array({list(cards.value_masks)!r}, dtype=np.int64)",
        "value_masks": f"np.array({_value_masks(variant, cards)!r}, dtype=np.int64)",
        "capture_comment": _comment(capture_comment),
        "seven": literal(scoring_seven(cards)),
        **_bot_masks(cards),
        "all_values": literal(sum(cards.values)),
        "tables": sorted(out.tables.items()),
        "rows": list(out.rows),
        "helpers": out.helpers,
        # an event's any() / all() helpers, and what they take from the event function
        "event_helpers": [(name, which, condition.replace(EVENT_ARGS, helper_args))
                          for name, which, condition in out.event_helpers],
        "event_args": helper_args,
        "natives": sorted(out.natives),
        "rules": rules,
        "events": events,
        **event_flags(variant),
        "declarations": declarations,
        # a scoring rule naming the match reads the hand's points scored in play too (HandEvents.standing)
        "score_standing": bool(events or declarations) and bool(params.match_names),
        "claims": capture.missed_capture_claim,
        "at_once": variant.match.check == "at-once",
        "single_card_first": capture.single_card_first,
        "obligation": capture.obligation,
        # the obligation as steps (templates/kernel/obligation.py.j2): (any-card, sweep, kinds mask)
        "obligation_steps": _obligation_steps(variant, params),
        "obligation_kinds": any(o.kinds for o in capture.obligations),
        "sweeps_enabled": variant.sweeps.enabled,
        "not_on_last_play": variant.sweeps.not_on_last_play,
        "weighted": variant.sweeps.weight_by_target and capture.mode == "sum",
        **_sweep_weight(variant, out),
        "min_target": literal(min(capture.targets) if capture.targets else 1),
        "opening_trigger": trigger,
        "opening_targets": [literal(t) for t in opening_targets],
        "opening_reach_mask": literal((1 << (max(opening_targets, default=0) + 1)) - 1),
        "opening_min_target": min(opening_targets, default=1),
        "multiples": sorted(opening.multiples, reverse=True),
        "partition": opening.partition,
        "opening_action": opening.action,
        "opening_taker": opening.taker,
        "opening_sweeps": opening.sweeps,
        "opening_wild": params.opening_wild if trigger != "never" else -1,
        "first_step": literal(-1 if deal.first_player == "before-dealer" else 1),
        "hand_size": literal(deal.hand_size),
        "table_cards": literal(deal.table_cards),
        "stock_remainder": deal.stock_remainder,
        "round_dealer": deal.round_dealer,
        "leftover_modulus": params.leftover_modulus,
        "leftovers_to": variant.end_of_deal.leftovers_to,
        "match_goal": variant.match.goal,
        "avoid_first_out": variant.match.avoid_ends == "first-out",
        "match_games": variant.match.games,
        "match_shutout": variant.match.shutout * scale,
        "max_hands": literal(params.max_hands),
        "dealer_step": literal(1 if deal.dealer_rotation == "next" else -1),
        # the deal's rules beyond one deal for every table (templates/kernel/deal.py.j2)
        "scale": literal(scale),
        "deals": f"np.array({[list(d) for d in params.layout_deals] or [[0, 0, 0, 0]]!r}, dtype=np.int64)",
        "layout_deals": bool(params.layout_deals),
        "table_first": deal.order == "table-first",
        "redeal": redeal,
        "first_lead_not": literal(deal.first_lead_not),
        # (players, mask) of the tables with their own first lead; any table with one at all
        "first_lead_layouts": [(players, literal(mask)) for players, mask in params.layout_first_leads],
        "first_lead_any": bool(deal.first_lead_not or any(mask for _, mask in params.layout_first_leads)),
        # the table's layout and the cards dealt face down (engine.zones), the cards replaced as dealt
        "stack": params.stack,
        "face_down": literal(deal.face_down),
        "down_first": deal.face_down > 0 and (params.stack or deal.face_down_to == "first-capturer"),
        "down_nobody": not params.stack and deal.face_down_to == "nobody",
        "bottom_shown": params.bottom_shown,
        "replace_bottom": literal(params.replace_bottom),
        "replace_table": [(literal(cards), to) for cards, to in params.replace_table],
        "replace_covered": literal(params.replace_covered),
        **expert_context(variant),
        **builds_context(variant, cards, params),
        **staging_context(variant, cards),
        "stage_head": stage_head,
        "stages": STAGES,
        "expert_stages": EXPERT_STAGES,
    }
    return _template().render(**context)
