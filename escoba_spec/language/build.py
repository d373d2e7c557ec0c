"""Stage 4: a resolved document -> the IR, with every semantic check.

The schema has already said the document is well formed; here we say whether
it makes a playable game: the capture target can be reached with the deck's
values, the player counts fit the team layouts and divide the stock, the
stated leftover check agrees with the deck, the scoring expressions
type-check. Every check has its own code and every problem is collected.
"""

from __future__ import annotations

import dataclasses
import os
from math import gcd
from typing import Any

from . import ir
from .capture import build_capture
from .cards import CardSet
from .deal import build_deal, build_players, check_face_down, check_opening, check_redeal, check_stock
from .stages import check_bid_names, check_stages
from .deck import build_deck
from .declarations import build_declarations, declared_wild
from .derive import kinds_of
from .diagnostics import Diagnostic, did_you_mean, has_errors, shown_name
from .events import build_events, check_match_events
from .reach import check_declared_every_hand, check_reach
from .expr.check import compile_expression
from .expr.env import Env
from .expr.nodes import carries_points, constant, shares_points
from .leftovers import leftover_reach
from .options import option_choices
from .prose import prose
from .resolved import Resolved
from .piles import build_piles, check_piles
from .sweeps import build_sweeps
from .table import build_table, check_stack

DEFAULTS: dict[str, Any] = {
    "end_of_deal": {"leftovers_to": "last-capturer", "leftovers_sweep": False, "check": None, "penalty": None},
    "match": {"target": 21, "both_past_target": "higher-wins", "tie": "another-hand", "goal": "reach",
              "check": "end-of-hand", "games": 1, "shutout": 0, "avoid_ends": "last-left"},
    "penalty": {"loses_match": False, "points_to_opponents": 0, "opponents_add_sweeps": False, "points_lost": 0,
                "points_lost_add_sweeps": False},
}


#: the scoring expressions of one variant may add up to this many characters: each is
#: capped at 2000, but 64 rules of two capped expressions would take seconds to parse
MAX_EXPRESSION_TEXT = 16_000


def build_variant(resolved: Resolved) -> tuple[ir.Variant | None, list[Diagnostic]]:
    """Entry point: the IR of a resolved document (None when it has an error), and
    every semantic problem found, in the order the checks found them."""
    builder = _Builder(resolved)
    variant = builder.build()
    return variant, builder.problems


class _Builder:
    def __init__(self, resolved: Resolved):
        self.r = resolved
        self.data = resolved.data
        self.problems: list[Diagnostic] = []
        self.expression_text = 0  # characters of scoring expressions compiled so far

    # --- helpers ---------------------------------------------------------------

    def blamed(self, path: str, *causes: str) -> str:
        """Where to say an error worked out from several values: at `path`, unless the file being
        checked did not write it but wrote one of `causes` (a house rule that changed what its base
        dealt): there, at the line the designer changed."""
        if self._origin(path) == self.r.file:
            return path
        return next((cause for cause in causes if self._origin(cause) == self.r.file), path)

    def _origin(self, path: str) -> str | None:
        """The file that wrote `path`, or the value holding it."""
        while path:
            if path in self.r.origins:
                return self.r.origins[path]
            path = path[:path.rindex("[")] if path.endswith("]") else path.rpartition(".")[0]
        return None

    def error(self, path: str, code: str, message: str, hint: str = "", severity: str = "error") -> None:
        pos = self.r.pos(path)
        pos, message, hint = self._under_new_deck(path, pos, code, message, hint)
        self.problems.append(Diagnostic(pos.file, pos.line, pos.column, code, message, hint, path, severity))  # type: ignore[arg-type]

    def _under_new_deck(self, path: str, pos, code: str, message: str, hint: str):
        """An expression a base wrote that fails under the deck this house rule changed (the base's
        `wild: 7 of coppe` under a French deck) is said at the house rule's deck, the line the
        designer changed, naming the base's value (they cannot edit the base)."""
        if not code.startswith("expr-") or self._origin(path) in (None, self.r.file):
            return pos, message, hint
        changed = sorted((k for k, file in self.r.origins.items() if file == self.r.file
                          and (k == "deck" or k.startswith("deck.")) and not k.startswith("deck.sources")),
                         key=lambda k: (k != "deck.preset", k))  # the preset first: it changes every card
        if not changed:
            return pos, message, hint
        at = self.r.pos(changed[0])
        base = os.path.relpath(pos.file) if not os.path.relpath(pos.file).startswith("..") else pos.file
        where = f"{shown_name(base)}:{pos.line}:{pos.column}"
        return (at, f"under this file's deck, the base's {path} ({where}) fails: {message}",
                f"set {path} here for this deck" + (f"; {hint}" if hint else ""))

    def in_scalar(self, path: str, text: str, problems, literal: bool = False) -> None:
        """The problems of an expression or card predicate written as the scalar at `path`, each at
        its own line and column inside the YAML (at the scalar itself for a `literal` that is
        not the file's text, e.g. a number)."""
        for problem in problems:
            if literal:
                pos = self.r.pos(path)
            else:
                pos = self.r.locate_in_scalar(path, _offset(text, problem.line, problem.column))
            pos, message, hint = self._under_new_deck(path, pos, problem.code, problem.message, problem.hint)
            self.problems.append(Diagnostic(pos.file, pos.line, pos.column, problem.code, message, hint, path))

    def section(self, name: str) -> dict:
        value = self.data.get(name)
        return value if isinstance(value, dict) else {}

    def sources(self, section: dict | None, path: str) -> tuple[ir.Source, ...]:
        """The citations of a section; each must name one thing cited (a seed text, a
        page, a book or a repository file; the schema asks a seed for its section and a
        repository for its path)."""
        items = (section or {}).get("sources") or []
        out = []
        for i, item in enumerate(items):
            kinds = [k for k in ir.SOURCE_KINDS if k in item]
            where = f"{path}.sources[{i}]"
            if len(kinds) != 1:
                named = ", ".join(kinds) if kinds else "none of them"
                self.error(where, "bad-source", f"a source cites one of {', '.join(ir.SOURCE_KINDS)}; this one names {named}",
                           "e.g. {seed: 000_c23e29f69b71e156.txt, section: ...}, {url: https://..., title: ...}, "
                           "{book: ..., author: ..., pages: ...}, {repository: ..., path: ...} or {note: ...}")
                continue
            out.append(ir.Source(**{k: str(v) for k, v in item.items()}))
        return tuple(out)

    @staticmethod
    def with_defaults(section: dict, defaults: dict) -> dict:
        merged = dict(defaults)
        merged.update({k: v for k, v in section.items() if k in defaults or k == "sources"})
        return merged

    # --- the IR ------------------------------------------------------------------

    def build(self) -> ir.Variant | None:
        deck = build_deck(self)
        if deck is not None:  # a wild card that plays as declared: its readings are cards the rules see
            deck = dataclasses.replace(deck, named=declared_wild(self, deck))
        cards = CardSet(deck) if deck is not None else None
        players = build_players(self, cards)
        deal = build_deal(self, cards)
        table = build_table(self)
        capture = build_capture(self, cards)
        check_stack(self, table, capture, deal)
        piles = build_piles(self)
        check_piles(self, piles, capture, deal)
        sweeps = build_sweeps(self, cards)
        scoring = self.build_scoring(cards)
        scoring = ir.Scoring(scoring.ties, scoring.rules, build_events(self, cards, capture, scoring.rules, table, piles))
        match = self.build_match(scoring)
        declarations = build_declarations(self, cards, {r.id for r in (*scoring.rules, *scoring.events)})
        check_match_events(self, match, scoring.events, declarations)
        check_bid_names(self, deal, scoring, declarations)
        if not has_errors(self.problems):  # a rule left out for an error would look like one that never scores
            check_reach(self, cards, scoring, declarations, match)
        if declarations.wild_opening and declarations.wild >= 0 and deal.opening.trigger == "never":
            self.error("declarations.wild_opening", "wild-opening-unused", "the deal has no opening-table rule "
                       "(deal.opening.trigger never), so the wild card is never wild there",
                       "set deal.opening, or remove wild_opening", severity="warning")
        if deck is not None and declarations.wild_captures and declarations.wild >= 0:
            deck = dataclasses.replace(deck, wild=declarations.wild)  # the wild card is a joker in play too
            cards = CardSet(deck)
        end = self.build_end_of_deal(cards, capture, deal)
        visibility = ir.Visibility(bool(self.section("visibility").get("open_hands", False)),
                                   self.sources(self.section("visibility"), "visibility"))
        if cards is not None:
            self.check_capture_reachable(cards, capture)
            self.check_valueless(cards, capture)
            check_stock(self, cards, players, deal)
            check_face_down(self, cards, players, deal, table)
            check_opening(self, cards, deal, capture, players)
            check_redeal(self, cards, players, deal)
            check_stages(self, cards, players, deal, {"stack": table.layout == "stack", "claims": capture.missed_capture_claim,
                                                      "declarations": bool(declarations.rules)})
            if end.check is not None and not has_errors(self.problems):
                self.check_leftover_reach(cards, players, deal, capture, end.check)
            if not has_errors(self.problems):  # a deal that cannot be dealt is said already
                check_declared_every_hand(self, cards, players, deal, declarations)
        self.check_sources()
        self.check_option_labels()
        if has_errors(self.problems) or deck is None:
            return None
        options = tuple(self.build_option(name, spec) for name, spec in (self.data.get("options") or {}).items())
        name, names = prose(self.data.get("name"), self.data["id"])
        description, descriptions = prose(self.data.get("description"), fold=True)
        return ir.Variant(
            id=self.data["id"], name=name, names=names, description=description, descriptions=descriptions,
            file=self.r.file, sha256=self.r.sha256, extends=tuple(self.r.chain),
            deck=deck, players=players, deal=deal, capture=capture, sweeps=sweeps, end_of_deal=end,
            scoring=scoring, match=match, visibility=visibility, options=options, declarations=declarations,
            table=table,
            piles=piles,
        )

    def build_option(self, name: str, spec: dict) -> ir.Option:
        description, descriptions = prose(spec.get("description"), fold=True)
        label, labels = prose(spec.get("label"))
        value_labels = tuple((str(choice), *prose(text)) for choice, text in (spec.get("labels") or {}).items())
        return ir.Option(
            id=name, description=description, descriptions=descriptions, label=label, labels=labels,
            value_labels=value_labels,
            choices=tuple(option_choices(spec)),
            default=_option_default(spec, self.r, name),
            chosen=self.r.chosen.get(name, ""),
            sources=self.sources(spec, f"options.{name}"),
        )

    def check_option_labels(self) -> None:
        """Each label of an option's values names one of its values or choices."""
        for name, spec in (self.data.get("options") or {}).items():
            if not isinstance(spec, dict) or not isinstance(spec.get("labels"), dict):
                continue
            choices = option_choices(spec)
            for value in spec["labels"]:
                if str(value) not in choices:
                    hint = did_you_mean(str(value), choices) or "its values: " + ", ".join(choices)
                    where = f"options.{name}.labels.{value}"
                    pos = self.r.keys.get(where) or self.r.pos(where)  # at the key naming the value
                    self.problems.append(Diagnostic(pos.file, pos.line, pos.column, "unknown-option-label",
                                                    f"the option '{name}' labels the value '{value}', which it "
                                                    "does not offer", hint, where))

    def build_end_of_deal(self, cards: CardSet | None, capture: ir.Capture, deal: ir.Deal) -> ir.EndOfDeal:
        spec = self.section("end_of_deal")
        e = self.with_defaults(spec, DEFAULTS["end_of_deal"])
        check = None
        if isinstance(e["check"], dict) and cards is not None:
            check = self.build_check(e["check"], cards, capture, deal)
        penalty = None
        if isinstance(e["penalty"], dict):
            p = self.with_defaults(e["penalty"], DEFAULTS["penalty"])
            penalty = ir.Penalty(bool(p["loses_match"]), int(p["points_to_opponents"]), bool(p["opponents_add_sweeps"]),
                                 int(p["points_lost"]), bool(p["points_lost_add_sweeps"]),
                                 self.sources(e["penalty"], "end_of_deal.penalty"))
            if check is None and not has_errors(self.problems):
                self.error("end_of_deal.penalty", "penalty-without-check",
                           "a penalty is stated but no leftover check can find a mistake",
                           "add end_of_deal.check, or remove the penalty", severity="warning")
        return ir.EndOfDeal(e["leftovers_to"], bool(e["leftovers_sweep"]), check, penalty, self.sources(spec, "end_of_deal"))

    def build_check(self, spec: dict, cards: CardSet, capture: ir.Capture, deal: ir.Deal) -> ir.LeftoverCheck | None:
        path = "end_of_deal.check"
        if cards.deck.capture_jokers()[0]:
            self.error(path, "checksum-with-jokers",
                       "a leftover check cannot hold with jokers: a joker takes whatever value a capture needs",
                       "set end_of_deal.check: null for a deck with jokers")
            return None
        if cards.named >= 0:
            self.error(path, "checksum-with-declared-wild",
                       "a leftover check cannot hold when the wild card plays as the card it was declared as "
                       "(declarations.wild_as_declared): its captures add up to the declared card's value",
                       "set end_of_deal.check: null, or remove wild_as_declared")
            return None
        several = [r.name for r in cards.deck.ranks if r.other_values]
        if several:
            self.error(path, "checksum-with-several-values",
                       f"a leftover check cannot hold when a card's value is its holder's choice ({several[0]}: "
                       f"{' or '.join(map(str, next(r for r in cards.deck.ranks if r.other_values).capture_values))})",
                       "set end_of_deal.check: null, or give the rank one value")
            return None
        kinds = kinds_of(capture)
        if not kinds and has_errors(self.problems):
            return None  # the capture rule has an error of its own, reported where it is
        if not kinds or any(k.take != "sum-with-played" or k.sets != "one" or k.run for k in kinds):
            self.error(path, "checksum-needs-sum",
                       "a leftover check needs every capture to make a target with the played card (capture mode "
                       "sum): captures of another kind take other totals",
                       "set end_of_deal.check: null, or use capture.mode: sum")
            return None
        if deal.face_down and deal.face_down_to != "last-capturer":
            self.error("deal.face_down", "checksum-with-face-down",
                       f"table cards dealt face down go {'to the first capturer' if deal.face_down_to == 'first-capturer' else 'out of play'}"
                       " without making a total, so the leftover total (end_of_deal.check) cannot be checked",
                       "set end_of_deal.check: null, or let them go with the leftovers (deal.face_down_to: last-capturer)")
            return None
        if deal.opening.action == "capture" and deal.opening.trigger == "contains-capture":
            self.error("deal.opening.trigger", "checksum-with-opening",
                       "the opening table is taken whole when it merely contains a capture, so the cards taken need "
                       "not make a total and the leftover total (end_of_deal.check) cannot be checked",
                       "use deal.opening.trigger: total (the table taken when it makes the target), or set "
                       "end_of_deal.check: null")
            return None
        if deal.opening.action == "set-aside" and deal.opening.trigger != "never":
            self.error(path, "checksum-with-set-aside",
                       "opening cards set aside out of play change the leftover total, so the check cannot hold",
                       "use another opening-table action, or set end_of_deal.check: null")
            return None
        modulus = 0
        for t in capture.targets:
            modulus = gcd(modulus, t)
        total = cards.total_value
        residue = total % modulus
        right = [residue + k * modulus for k in range(4)]
        totals = list(spec["totals"])
        for i, value in enumerate(totals):
            if value % modulus != residue:
                self.error(f"{path}.totals[{i}]", "wrong-checksum",
                           f"a leftover total of {value} is impossible: the deck's values add up to {total} and every "
                           f"capture takes a multiple of {modulus}, so the leftovers total {residue} more than a multiple of {modulus}",
                           "the possible totals are " + ", ".join(map(str, right)) + ", ...")
        return ir.LeftoverCheck(tuple(totals), modulus, self.sources(spec, path))

    def check_leftover_reach(self, cards: CardSet, players: ir.Players, deal: ir.Deal, capture: ir.Capture,
                             check: ir.LeftoverCheck) -> None:
        """A warning for every leftover total legal play reaches that the check's list misses
        (language/leftovers.py: found by a witness hand, never asserted)."""
        missed = leftover_reach(cards, players, deal, capture, check).missed()
        if not missed:
            return
        where = "; ".join(f"{total} ({', '.join(layouts)})" for total, layouts in missed.items())
        totals = ", ".join(map(str, missed))
        self.error("end_of_deal.check.totals", "leftover-total-unlisted",
                   f"legal play can leave leftovers totalling {where}, which the list misses; "
                   "the engine plays such a hand as no mistake",
                   f"add {totals} to end_of_deal.check.totals if the check should accept them; "
                   "`escoba-spec analyze` shows a hand that leaves each", severity="warning")

    def build_scoring(self, cards: CardSet | None) -> ir.Scoring:
        spec = self.section("scoring")
        ties = spec.get("ties", "none")
        rules = []
        env = Env.from_cardset(cards, ties) if cards is not None else None
        for i, rule in enumerate(spec.get("rules") or []):
            path = f"scoring.rules[{i}]"
            award_text = str(rule.get("award", "false"))
            points_raw = rule.get("points", 1)
            points_text = str(points_raw)
            award = self.compile_expression(f"{path}.award", award_text, "bool", env)
            points = self.compile_expression(f"{path}.points", points_text, "num", env, literal=not isinstance(points_raw, str))
            fixed = constant(points) if points is not None else None
            if fixed is not None and fixed < 0:
                self.error(f"{path}.points", "negative-points",
                           f"the scoring rule '{rule['id']}' gives {fixed} points; a scoring rule gives 0 or more",
                           "to take points away, use end_of_deal.penalty (points_lost), or award the opponents")
            carried = award is not None and carries_points(award)
            if carried and rule.get("effect", "points") != "points":
                self.error(f"{path}.award", "carry-needs-points",
                           f"the scoring rule '{rule['id']}' carries its points over a tie (ties: carry), but it "
                           f"{'wins' if rule.get('effect') == 'win-match' else 'loses'} the match and has no points",
                           "use ties: none for a rule that wins or loses the match")
            elif carried and points is not None and fixed is None:
                self.error(f"{path}.points", "carry-needs-constant-points",
                           f"the scoring rule '{rule['id']}' carries its points to the next hand on a tie (ties: "
                           "carry): they must be a number, the same for every side",
                           "give the points as a number, e.g. points: 30")
            pos = self.r.pos(path)
            name, names = prose(rule.get("name"), rule["id"])
            rules.append(ir.ScoringRule(
                id=rule["id"], name=name, names=names, award=award, points=points,
                effect=rule.get("effect", "points"), award_text=award_text, points_text=points_text,
                origin=ir.Origin(pos.file, pos.line, pos.column, path), sources=self.sources(rule, path),
                shared=award is not None and shares_points(award), carried=carried,
            ))
        return ir.Scoring(ties, tuple(rules))

    def compile_expression(self, path: str, text: str, expected: str, env, literal: bool = False, scope: str = "side"):
        if env is None or self.expression_text > MAX_EXPRESSION_TEXT:
            return None
        self.expression_text += len(text)
        if self.expression_text > MAX_EXPRESSION_TEXT:
            self.error(path, "expr-total-too-long",
                       f"the scoring expressions add up to more than {MAX_EXPRESSION_TEXT} characters by this one",
                       "a variant's expressions are a few hundred characters; simplify the rules")
            return None
        node, problems = compile_expression(text, expected, env, scope)
        self.in_scalar(path, text, problems, literal)
        return node

    def build_match(self, scoring: ir.Scoring) -> ir.Match:
        spec = self.section("match")
        m = self.with_defaults(spec, DEFAULTS["match"])
        scorers = [*scoring.rules, *scoring.events]
        if scoring.rules and all(r.effect != "points" or r.points_text.strip() in ("0",) for r in scorers):
            self.error("match.target", "unreachable-match-target",
                       f"no scoring rule can give points, so the target of {m['target']} can never be reached",
                       "add a scoring rule with effect points and positive points")
        # an event-only game (points as plays are made, or as hands are dealt) needs no end-of-hand
        # rule: whether what it has can score is language.reach's question (match-cannot-end)
        if not scoring.rules and not scoring.events and not self.section("declarations").get("rules"):
            where = "scoring.rules" if "rules" in self.section("scoring") else "scoring"  # a house rule may drop them all
            self.error(where, "unreachable-match-target", "the variant has no scoring rules, events or declarations, "
                       "so no one can ever win", "add scoring.rules")
        if m["shutout"] and m["games"] == 1:
            self.error("match.shutout", "shutout-without-games", "a shutout loses the set, but the match is one game",
                       "add match.games: 2 (or more), or remove match.shutout", severity="warning")
        elif m["shutout"] and m["goal"] == "avoid":
            self.error("match.shutout", "shutout-with-avoid", "with goal avoid the loser of a game is the side at the "
                       "target, so a shutout (a game lost with too few points) cannot apply",
                       "remove match.shutout, or use goal reach")
        elif m["shutout"] and m["shutout"] > m["target"] and m["goal"] == "reach":
            self.error("match.shutout", "shutout-above-target", f"every loser of a game has fewer than {m['target']} "
                       f"points, so a shutout of {m['shutout']} ends the set with the first game",
                       f"a shutout below the target, e.g. {max(1, m['target'] // 4)}")
        if "avoid_ends" in spec and m["goal"] != "avoid":
            self.error("match.avoid_ends", "avoid-ends-unused", f"avoid_ends says how a match of goal avoid ends, and "
                       f"this match's goal is {m['goal']}", "remove avoid_ends, or set goal: avoid", severity="warning")
        if m["goal"] == "lead" and m["check"] == "at-once":
            self.error("match.check", "lead-at-once", "with goal lead the match is won by a lead at the end of a hand, "
                       "so points scored during play cannot end it at once",
                       "remove check: at-once, or use goal reach")
        return ir.Match(int(m["target"]), m["both_past_target"], m["tie"], self.sources(spec, "match"),
                        m["goal"], m["check"], int(m["games"]), int(m["shutout"]), m["avoid_ends"])

    # --- semantic checks -----------------------------------------------------------

    def check_capture_reachable(self, cards: CardSet, capture: ir.Capture) -> None:
        values = [c.value for c in cards.cards if not c.joker and not cards.valueless_mask >> c.index & 1]
        jokers = cards.deck.jokers
        for j, kind in enumerate(kinds_of(capture)):
            if kind.take != "sum-with-played" or not values:
                continue
            where = "capture.targets" if capture.mode == "sum" else f"capture.kinds[{j}].targets"
            self._check_targets(values, jokers, kind.targets, where)

    def _check_targets(self, values: list[int], jokers: ir.Jokers, targets: tuple[int, ...], where: str) -> None:
        for i, target in enumerate(targets):
            if not _reachable(values, target, jokers):
                best = max(values) + sum(sorted(values)[-1:])
                self.error(f"{where}[{i}]", "unreachable-target",
                           f"no capture can make {target}: a played card and any table cards of this deck "
                           f"({min(values)} to {max(values)} each) never add up to it",
                           f"targets that work with this deck: 15 is classic; a target needs two or more cards, e.g. at most {sum(values)}"
                           if target > sum(values) else f"for example {best} (two of the highest cards)")

    def check_valueless(self, cards: CardSet, capture: ir.Capture) -> None:
        """Cards with no capture value go by rank or by the whole table: some kind must say how."""
        valueless = cards.valueless_mask
        if not valueless:
            return
        if not any(k.take in ("equal-rank", "whole-table") and k.cards & valueless for k in kinds_of(capture)):
            names = [r.name for r in cards.deck.ranks if not r.valued]
            self.error(f"deck.values.{names[0]}", "valueless-never-captures",
                       f"{', '.join(names)} have no capture value, and no capture kind takes by rank or takes the "
                       "whole table, so these cards never capture and are never captured",
                       "add a kind for them, e.g. capture.kinds: [{id: courts, take: equal-rank, cards: rank >= fante}, ...]")

    def check_sources(self) -> None:
        """Base variants cite a seed for every section and scoring rule (a warning otherwise)."""
        if self.r.chain:
            return
        for name in ("deck", "players", "capture", "match"):
            if name in self.data and not self.data[name].get("sources"):
                self.error(name, "missing-sources", f"the section '{name}' cites no source",
                           _SOURCES_HINT, severity="warning")
        for key, what in (("rules", "scoring rule"), ("events", "event")):
            for i, rule in enumerate(self.section("scoring").get(key) or []):
                if isinstance(rule, dict) and not rule.get("sources"):
                    self.error(f"scoring.{key}[{i}]", "missing-sources", f"the {what} '{rule.get('id')}' cites no source",
                               _SOURCES_HINT, severity="warning")


#: what a missing citation's warning suggests: a published text, or the designer's own note
_SOURCES_HINT = ("add sources: [{url: https://..., title: ...}] (or a seed, a book, a repository file); for a rule "
                 "of your own, sources: [{note: who decided it and why}]")


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    line = max(1, min(line, len(lines)))
    return sum(len(l) + 1 for l in lines[: line - 1]) + max(0, column - 1)


def _reachable(values: list[int], target: int, jokers: ir.Jokers) -> bool:
    """Can one played card and at least one other card of the deck add up to target?"""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    # sums[k] = set of totals of k-card multisets (k capped at 2+): track sums with >= 2 cards
    one = set()
    many: set[int] = set()  # totals of two or more cards
    for v, n in counts.items():
        for _ in range(n):
            new_many = {s + v for s in many | one if s + v <= target}
            many |= new_many
            one.add(v)
    if target in many:
        return True
    joker_values = set(jokers.values) if jokers.count else set()
    return bool(joker_values) and any(target - j in one or target - j in many for j in joker_values)


def _option_default(spec: dict, resolved: Resolved, name: str) -> str:
    return resolved.defaults.get(name, "")
