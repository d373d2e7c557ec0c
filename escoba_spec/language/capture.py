"""Stage 4, the capture rule: `capture` -> `ir.Capture`, with its kinds and priority checked.

A file says how cards capture in one of two ways. The seeds' words, `mode: sum`
(with `targets`) or `mode: match` (with `single_card_first`), stand for a list
of capture kinds that this module writes out, so every later stage (the
engines, the rulebook, diff) sees kinds. Or the file lists its `kinds` itself:
what each takes, which played cards may use it (a card predicate of the
expression language, reduced over the deck to a mask), and whether clearing
the table with it is a sweep; and a `priority`, an ordered list of rules over
the captures a played card has. Every field that cannot apply is a located
error, never a silent no-op.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import ir
from .builds import build_builds
from .cards import CardSet
from .derive import kinds_of
from .diagnostics import did_you_mean
from .expr.check import compile_predicate
from .expr.env import Env

DEFAULTS: dict[str, Any] = {"targets": [15], "single_card_first": False, "obligation": "played-card",
                            "missed_capture_claim": False}
VALUE_TAKES = frozenset({"equal-value", "sum", "sum-with-played"})
_ONLY_WHOLE_TABLE = ("unless_rank_on_table", "empty_table")
_NAMING = frozenset({"prefer", "always"})


def build_capture(b, cards: CardSet | None) -> ir.Capture:
    """Entry point: the capture rule of the resolved document `b.data` (b is the
    builder: it holds the positions and collects the problems)."""
    spec = dict(b.section("capture"))
    _nearest_rule(b, spec)
    c = b.with_defaults(spec, DEFAULTS)
    listed = "kinds" in spec
    if listed:
        for key in ("mode", "targets", "single_card_first"):
            if key in spec:
                b.error(f"capture.{key}", "capture-mode-and-kinds",
                        f"capture.kinds lists the capture kinds, so capture.{key} cannot be given as well",
                        f"remove {key}: the kinds say how cards capture (mode sum is one kind take: sum-with-played)")
    mode = "kinds" if listed else spec.get("mode", "sum")
    if mode == "match" and "targets" in spec:
        b.error("capture.targets", "targets-unused", "capture targets are not used when mode is match",
                "remove targets, or use mode: sum", severity="warning")
    steps = c["obligation"] if isinstance(c["obligation"], list) else None
    obligation = "none" if steps is not None else c["obligation"]  # steps: free to trail unless one says not
    if c["missed_capture_claim"] and obligation != "none":
        b.error("capture.missed_capture_claim", "claim-never-applies",
                f"with obligation {c['obligation']} a player never misses a capture, so no claim can arise",
                "set capture.obligation: none for missed captures to be possible", severity="warning")
    if listed:
        env = Env.from_cardset(cards, "none") if cards is not None else None
        kinds = tuple(k for i, item in enumerate(spec.get("kinds") or [])
                      if "take" in item and (k := _kind(b, i, item, cards, env)) is not None)  # no take: resolve said
        targets = tuple(sorted({t for k in kinds for t in k.targets}))
    else:
        targets = tuple(sorted(c["targets"])) if mode == "sum" else ()
        kinds = ()
    capture = ir.Capture(mode, targets, bool(c["single_card_first"]), obligation, bool(c["missed_capture_claim"]),
                         b.sources(spec, "capture"), kinds)
    # a kind the file lists but that could not be built has been reported: naming it is no second error
    named = tuple(k.id for k in kinds_of(capture)) + tuple(
        str(item.get("id")) for item in (spec.get("kinds") or []) if isinstance(item, dict))
    priority = _priority(b, spec.get("priority") or [], tuple(dict.fromkeys(named)), kinds_of(capture))
    obligations = _obligations(b, steps or [], tuple(dict.fromkeys(named)))
    return replace(capture, priority=priority, obligations=obligations, builds=build_builds(b, cards, capture))


def _nearest_rule(b, spec: dict) -> None:
    """A house rule that lists kinds replaces its base's mode words, and one that gives
    mode words replaces its base's kinds: the file nearer the variant wins (the same
    file giving both is capture-mode-and-kinds)."""
    words = [key for key in ("mode", "targets", "single_card_first") if key in spec]
    if "kinds" not in spec or not words:
        return
    order = list(b.r.docs)  # the files of the extends chain, from the root base to the variant
    where = {key: b.r.origins.get(f"capture.{key}") for key in ("kinds", *words)}
    rank = {key: order.index(f) if f in order else len(order) for key, f in where.items()}
    if all(rank[key] < rank["kinds"] for key in words):
        for key in words:
            del spec[key]
    elif all(rank[key] > rank["kinds"] for key in words):
        del spec["kinds"]
        if b.r.origins.get("capture.priority") != where[words[0]]:
            spec.pop("priority", None)  # the base's steps name the base's kinds


def _kind(b, i: int, item: dict, cards: CardSet | None, env: Env | None) -> ir.CaptureKind | None:
    path = f"capture.kinds[{i}]"
    take = item["take"]
    for key in _ONLY_WHOLE_TABLE:
        if key in item and take != "whole-table":
            b.error(f"{path}.{key}", "kind-field-unused", f"{key} applies to take whole-table, not {take}",
                    f"remove {key}, or use take: whole-table")
    if "targets" in item and take != "sum-with-played":
        b.error(f"{path}.targets", "kind-field-unused", f"targets apply to take sum-with-played, not {take}",
                "remove targets: this kind takes by rank or by the played card's own value")
    if take == "sum-with-played" and "targets" not in item:
        b.error(path, "kind-needs-targets", "a sum-with-played kind needs the totals it makes",
                "add targets: [15] (or [15, 30])")
    if item.get("run") and take == "whole-table":
        b.error(f"{path}.run", "kind-field-unused", "a whole-table capture leaves nothing on the table to run to",
                "remove run, or put it on a kind that takes part of the table")
    if item.get("sets") in ("many", "all", "maximal") and take == "whole-table":
        b.error(f"{path}.sets", "kind-field-unused", "a whole-table capture is one set already",
                f"remove sets: {item.get('sets')}")
    elif item.get("sets") == "all" and take not in ("equal-rank", "equal-value"):
        b.error(f"{path}.sets", "sets-all-needs-single-cards",
                f"sets: all takes every card a kind finds at once, and take {take} finds groups that share cards",
                "use it with take equal-rank or equal-value (every table card of the played rank or value), "
                "or sets: many for disjoint groups")
    if cards is None or env is None:
        return None
    mask, text = ir.EVERY_CARD, ""
    if "cards" in item:
        text = str(item["cards"])
        mask = _predicate(b, f"{path}.cards", text, env)
        if mask is None:
            return None
        if not mask:
            b.error(f"{path}.cards", "kind-no-cards", f"no card of the deck is {text}, so no card captures this way",
                    "name cards of this deck, e.g. rank == ace or value <= 7")
            return None
    if take in VALUE_TAKES and not mask & cards.full_mask & ~cards.valueless_mask:
        b.error(f"{path}.cards" if "cards" in item else path, "kind-no-cards",
                f"take {take} goes by capture value, and these cards have none",
                "give them capture values (deck.values), or let them take by rank: take: equal-rank")
        return None
    return ir.CaptureKind(
        id=item["id"], take=take, cards=mask, cards_text=text,
        targets=tuple(sorted(item.get("targets") or ())) if take == "sum-with-played" else (),
        sets=item.get("sets", "one"), run=bool(item.get("run", False)),
        unless_rank_on_table=bool(item.get("unless_rank_on_table", False)),
        empty_table=item.get("empty_table", "lay"), sweep=bool(item.get("sweep", True)),
        sources=b.sources(item, path), from_zone=item.get("from", "table"),
    )


def _predicate(b, path: str, text: str, env: Env) -> int | None:
    """The mask of a kind's card predicate, its problems located inside the YAML scalar."""
    mask, problems = compile_predicate(text, env, "the cards of a capture kind")
    b.in_scalar(path, text, problems)
    return mask


def _priority(b, steps: list, names: tuple[str, ...], kinds: tuple[ir.CaptureKind, ...]) -> tuple[ir.PriorityStep, ...]:
    ids = list(names)
    out = []
    rules = [s.get("rule") for s in steps]
    if "fewest-cards" in rules and "most-cards" in rules:
        b.error(f"capture.priority[{rules.index('most-cards')}]", "priority-conflict",
                "a capture cannot be kept both for the fewest and for the most cards",
                "keep one of fewest-cards and most-cards")
    for i, step in enumerate(steps):
        path = f"capture.priority[{i}]"
        rule, named = step["rule"], list(step.get("kinds") or [])
        if rule in _NAMING and not named:
            b.error(path, "priority-needs-kinds", f"the priority rule {rule} names the capture kinds it is about",
                    "add kinds: [<kind id>, ...]" + (f" (kinds here: {', '.join(ids)})" if ids else ""))
            continue
        _known(b, path, named, ids)
        if rule == "prefer" and set(named) >= set(ids):
            b.error(f"{path}.kinds", "priority-does-nothing",
                    "prefer names every capture kind, so it excludes nothing",
                    "name the kinds that come first, not all of them", severity="warning")
        out.append(ir.PriorityStep(rule, tuple(named)))
    return tuple(out)


def _known(b, path: str, named: list, ids: list) -> None:
    """Each kind a step names is one of the capture's kinds (unknown-kind, located)."""
    for j, kid in enumerate(named):
        if kid not in ids:
            b.error(f"{path}.kinds[{j}]", "unknown-kind", f"no capture kind has the id '{kid}'",
                    did_you_mean(kid, ids) or ("kinds here: " + ", ".join(ids)))


def _obligations(b, steps: list, names: tuple[str, ...]) -> tuple[ir.ObligationStep, ...]:
    """The obligation's steps, when the file gives a list: the kinds each names must exist, and
    a step that repeats an earlier one is said (it changes nothing)."""
    out: list[ir.ObligationStep] = []
    for i, step in enumerate(steps):
        path = f"capture.obligation[{i}]"
        named = list(step.get("kinds") or [])
        _known(b, path, named, list(names))
        made = ir.ObligationStep(step["of"], step.get("must", "capture"), tuple(named))
        if made in out:
            b.error(path, "obligation-step-repeated", "this step repeats an earlier one of the obligation",
                    "remove it", severity="warning")
            continue
        out.append(made)
    return tuple(out)
