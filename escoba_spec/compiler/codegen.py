"""Stage 5: the IR -> one Python module per variant (`generated/<id>.py`).

The module is a RuleSet for the engine, specialised for its variant: the
capture rule becomes a table look-up with the variant's constants, the sweep
rule keeps only the branches the variant uses, and every scoring expression
becomes straight Python (`to_python`). The same IR always gives the same
bytes.

Safety: nothing from the rule file reaches the source as code. Values pass
through `literal`, which accepts only ints, bools, None, strings (as `repr`),
tuples, dicts and the IR's own dataclasses, the way Jinja's `has_safe_repr`
does; rule ids are checked against the schema's id pattern before they
appear in comments; expressions are compiled from their typed trees, never
from their text. The result is parsed back with `ast` before it is returned.
"""

from __future__ import annotations

import ast
import dataclasses
import keyword
import re
from functools import lru_cache
from pathlib import Path

import jinja2

from .. import __version__
from ..engine.protocol import Kind, Params
from ..language import ir
from ..language.cards import CardSet
from ..language.expr.env import Env
from ..language.expr.nodes import needs_bounds
from .expressions import to_python

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")  # \Z: `$` would allow a final newline
_LITERAL_CLASSES = {cls.__name__: cls for cls in (ir.Deck, ir.Jokers, ir.Rank, ir.Suit, ir.Source, Params, Kind)}


class UnsafeValue(ValueError):
    """A value that cannot be written into generated code as a literal."""


def module_name(variant_id: str) -> str:
    """The module (file) name of a variant id: `escoba-de-15` -> `escoba_de_15`.

    An id that would make a Python keyword (`class`, `if`, `none` does not)
    gets a trailing underscore, as PEP 8 does for names, so that the module
    can be imported by name: `import class` cannot be written. (The hard
    keywords are the same on every Python this project supports, so the
    file name does not depend on the Python that compiled it.)"""
    if not ID_PATTERN.match(variant_id):
        raise UnsafeValue(f"not a valid variant id: {variant_id!r}")
    name = variant_id.replace("-", "_")
    if keyword.iskeyword(name):
        name += "_"
    return name


def literal(value: object) -> str:
    """Python source for a value, refusing anything that is not a plain literal."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(int(value))
    if isinstance(value, str):
        return repr(str(value))
    if isinstance(value, tuple):
        items = ", ".join(literal(v) for v in value)
        return f"({items},)" if len(value) == 1 else f"({items})"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and type(value).__name__ in _LITERAL_CLASSES \
            and _LITERAL_CLASSES[type(value).__name__] is type(value):
        # a field at its default is left out: the literal says what the value holds, and a
        # field the IR gains later does not change every module that leaves it unset
        fields = ", ".join(f"{f.name}={literal(getattr(value, f.name))}" for f in dataclasses.fields(value)
                           if f.default is dataclasses.MISSING or getattr(value, f.name) != f.default)
        return f"{type(value).__name__}({fields})"
    raise UnsafeValue(f"cannot write a {type(value).__name__} into generated code")


def _comment(text: str) -> str:
    """Text safe inside a `#` comment: printable ASCII only, no line breaks."""
    return "".join(ch if 32 <= ord(ch) < 127 else "?" for ch in text)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    """The one Jinja environment of the compiler's templates (the module's and the kernel's)."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("escoba_spec.compiler", "templates"),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined, autoescape=False,
    )


def template(name: str) -> jinja2.Template:
    """A template of `compiler/templates` (Jinja caches the parsed ones)."""
    return _environment().get_template(name)


def _template() -> jinja2.Template:
    return template("module.py.j2")


def display_path(file: str) -> str:
    """The rule file's path as written into the module: relative to the folder
    holding `rules/`, so compiling from anywhere gives the same bytes."""
    path = Path(file)
    try:
        resolved = path.resolve()
        for parent in resolved.parents:
            if parent.name == "rules":
                return resolved.relative_to(parent.parent).as_posix()
    except OSError:
        pass
    return path.name


def _signature_weights(cards: CardSet, limit: int) -> dict[str, str]:
    """The weight of each card value in a table signature of the hand loop (the
    count of each value as one digit, in a base above any value's card count),
    and for each total up to `limit` + 1 the weight that cuts a signature down
    to the values up to that total (the weight of the lowest value above it)."""
    counts: dict[int, int] = {}
    for value in cards.values:
        counts[value] = counts.get(value, 0) + 1
    base = max(counts.values()) + 1
    weights = [0] * (max(counts) + 1)
    for digit, value in enumerate(sorted(counts)):
        weights[value] = base ** digit
    above_all = base ** len(counts)  # more than any signature
    cuts = tuple(min([weights[v] for v in counts if v > total] or [above_all]) for total in range(limit + 2))
    return {"signature_base": literal(base), "weights": literal(tuple(weights)), "cuts": literal(cuts)}


def _points(node, env: Env, hoisted: dict[str, str] | None = None) -> str:
    """The points of a rule, event or declaration as Python: those that may come out below zero
    (`sweeps - 1`) score 0 then, as in the interpreter (`rt.points`)."""
    source = to_python(node, env, hoisted)
    return f"rt.points({source})" if needs_bounds(node) else source


def generate(variant: ir.Variant) -> str:
    """Entry point: the source of the variant's compiled module."""
    cards = CardSet(variant.deck)
    env = Env.from_cardset(cards, variant.scoring.ties)
    capture = variant.capture
    joker_count, joker_values = variant.deck.capture_jokers()
    played = tuple(joker_values if cards.joker_mask >> c.index & 1 else (c.value,) for c in cards.cards)
    targets = tuple(capture.targets)
    opening_targets = tuple(variant.deal.opening.targets_of(capture))
    params = Params.from_variant(variant)
    if params.capture_kinds:
        needs = ()
        kind = "kinds"
    elif capture.mode == "sum":
        needs = tuple(tuple(sorted({t - v for t in targets for v in p if t - v > 0})) for p in played)
        kind = "sum-single" if len(targets) == 1 and not joker_count else "sum-multi"
    else:
        needs = ()
        kind = "match"
    rules = []
    point_rules = []
    hoisted: dict[str, str] = {}  # per-side lists of `most`, computed once per hand
    for index, rule in enumerate(variant.scoring.rules):
        if not ID_PATTERN.match(rule.id):
            raise UnsafeValue(f"not a valid rule id: {rule.id!r}")
        entry = {
            "id": rule.id,
            "id_literal": literal(rule.id),
            "effect": rule.effect,
            "effect_literal": literal(rule.effect),
            "award": to_python(rule.award, env, hoisted),
            "points": _points(rule.points, env, hoisted),
            "origin_comment": _comment(f"{display_path(rule.origin.file)}:{rule.origin.line}"),
            "index": index,
            "shared": rule.shared,
        }
        rules.append(entry)
        if rule.effect == "points":
            point_rules.append(entry)
    events = []
    for event in variant.scoring.events:
        if not ID_PATTERN.match(event.id) or not all(ID_PATTERN.match(k) for k in (*event.kinds, *event.instead_of)):
            raise UnsafeValue(f"not a valid event id: {event.id!r}")
        events.append({
            "id": event.id, "id_literal": literal(event.id), "effect": event.effect,
            "effect_literal": literal(event.effect), "when": to_python(event.when, env),
            "points": _points(event.points, env),
            "kinds": literal(tuple(event.kinds)) if event.kinds else "",
            "origin_comment": _comment(f"{display_path(event.origin.file)}:{event.origin.line}"),
        })
    declarations = []
    for d in variant.declarations.rules:
        if not ID_PATTERN.match(d.id):
            raise UnsafeValue(f"not a valid declaration id: {d.id!r}")
        declarations.append({"id": d.id, "when": to_python(d.when, env), "points": _points(d.points, env),
                             "origin_comment": _comment(f"{display_path(d.origin.file)}:{d.origin.line}")})
    source_file = display_path(variant.file)
    deal = variant.deal
    generic = (("jokers", joker_count), ("missed-capture claims", capture.missed_capture_claim),
               ("capture kinds beyond the seeds' two modes", params.capture_kinds),
               ("a deal of its own for some tables", params.layout_deals),
               ("the table dealt before the hands", deal.order == "table-first"),
               ("a first-lead rule", deal.first_lead_not), ("redeal conditions", deal.redeal),
               ("the stock's remainder dealt to the hands", deal.stock_remainder == "to-hands"),
               ("events during play", variant.scoring.events), ("the match named in its scoring", params.match_names),
               ("declarations", variant.declarations.rules))
    context = {
        "version": __version__,
        "source_file_comment": _comment(source_file),
        "variant_id_comment": _comment(variant.id),
        "sha256": _comment(variant.sha256),
        "sha256_literal": literal(variant.sha256),
        "variant_id": literal(variant.id),
        "variant_name": literal(variant.name),
        "source_file": literal(source_file),
        "options": literal({o.id: o.chosen for o in variant.options}),
        "deck": literal(variant.deck),
        "params": literal(params),
        "origins": literal({r.id: (display_path(r.origin.file), r.origin.line, r.origin.column)
                            for r in (*variant.scoring.rules, *variant.scoring.events, *variant.declarations.rules)}),
        "events": events,
        "declarations": declarations,
        "events_use_kinds": any(e.kinds for e in variant.scoring.events),
        "any_instead": any(e.instead_of for e in variant.scoring.events),
        "instead_of": literal({e.id: e.instead_of for e in variant.scoring.events if e.instead_of}),
        "values": literal(tuple(cards.values)),
        "joker_mask": literal(cards.joker_mask),
        "joker_values": literal(joker_values),
        "joker_count": literal(joker_count),
        "played": literal(played),
        "need": literal(tuple(n[0] if n else -1 for n in needs)) if kind == "sum-single" else "",
        "needs": literal(needs) if kind == "sum-multi" else "",
        "capture_kind": kind,
        "targets": literal(targets),
        "min_target": literal(min(targets) if targets else 1),
        "single_card_first": capture.single_card_first,
        "single_card_first_literal": literal(capture.single_card_first),
        "sweeps_enabled": variant.sweeps.enabled,
        "not_on_last_play": variant.sweeps.not_on_last_play,
        "not_with_joker": variant.sweeps.not_with_joker,
        "weighted": variant.sweeps.weight_by_target and capture.mode in ("sum", "kinds"),
        "weighted_literal": literal(variant.sweeps.weight_by_target),
        "ranks": literal(tuple(c.rank for c in cards.cards)),
        "valueless_mask": literal(cards.valueless_mask),
        "opening_trigger": variant.deal.opening.trigger if opening_targets else "never",
        "opening_targets": literal(opening_targets),
        "opening_min_target": literal(min(opening_targets) if opening_targets else 1),
        "multiples": literal(tuple(variant.deal.opening.multiples)),
        "partition": literal(variant.deal.opening.partition),
        "rules": rules,
        "point_rules": point_rules,
        "redeal": [{"test": to_python(c.node, env), "origin_comment": _comment(f"{display_path(c.origin.file)}:{c.origin.line}")}
                   for c in variant.deal.redeal],
        "hoisted": [(name, source) for source, name in hoisted.items()],
        # the specialised hand loop: every variant but those below, which keep the generic engine's loop
        "fast_hand": not any(used for _, used in generic),
        "generic_loop_reason": _comment(", ".join(reason for reason, used in generic if used)),
        "reach_mask": literal((1 << (params.sums_limit + 1)) - 1),
        **_signature_weights(cards, params.sums_limit),
        "key_base": literal(params.sums_limit + 2),
        "sums_limit_plus_one": literal(params.sums_limit + 1),
        "hand_size": literal(variant.deal.hand_size),
        "hand_size_count": int(variant.deal.hand_size),
        "table_cards": literal(variant.deal.table_cards),
        "opening_action": variant.deal.opening.action,
        "opening_taker": variant.deal.opening.taker,
        "opening_sweeps": variant.deal.opening.sweeps,
        "obligation": capture.obligation,
        "round_dealer": variant.deal.round_dealer,
        "max_seats": literal(max(6, *(layout.players for layout in variant.players.layouts))),
    }
    source = _template().render(**context)
    ast.parse(source)  # a template or literal bug must never produce a module that does not parse
    return source
