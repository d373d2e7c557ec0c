"""Points during play (scoring.events), the match's names and goals, in both engines.

A house rule on Scopa (`1d` the ace of denari, `Fc` the fante of coppe) with
three events of the Cuarenta kind: the caída (taking, by an equal card, the
card the previous player just played), the limpia (clearing the table) and a
caída-y-limpia that replaces both; a second one ends the match the moment a
side reaches 11 with points scored in play; a third plays to avoid the target.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.engine import HandState, MatchState, play_match
from escoba_spec.engine.bots import GreedyBot, RandomBot
from escoba_spec.engine.observation import Observation
from escoba_spec.language.expr.env import MatchFacts
from escoba_spec.language.expr.runtime import round_down, round_up
from escoba_spec.language.validate import load_variant, validate_file
from escoba_spec.tools.diff import variant_differences
from escoba_spec.tools.diff.effects import MATCH, POINTS

from .conftest import RULES
from .engine_fixtures import (
    both_engines,
    deck_order,
    finished_hand,
    house_variants,
    kernel_rules,
    play,
    position,
    rulebook_leaks,
)

EVENTS = """\
id: scopa-events
extends: scopa
scoring:
  events:
    - id: caida
      name: Caída
      when: count(common(taken, previous)) > 0 and previous_opponent
      kinds: [match]
      points: 2
    - id: limpia
      name: Limpia
      when: count(table) == 0 and count(taken) > 0
      points: 2
    - id: caida-y-limpia
      name: Caída y limpia
      when: count(common(taken, previous)) > 0 and previous_opponent and count(table) == 0
      kinds: [match]
      points: 3
      instead_of: [caida, limpia]
    - id: late-sum
      name: A late sum
      when: last_play and round >= 1
      kinds: [sum]
      points: 1
"""
AT_ONCE = """\
id: scopa-at-once
extends: scopa-events
match:
  target: 11
  check: at-once
"""
AVOID = """\
id: scopa-avoid
extends: scopa
match:
  goal: avoid
"""
DECLARATIONS = """\
id: cirulla-like
extends: scopa
deck:
  preset: italian-40
options:
  deck: {drop: true}
declarations:
  wild: 7 of coppe
  keep: best
  rules:
    - id: low-hand
      name: Low hand
      when: sum(hand) <= 9
      points: 3
      effect: sweeps
    - id: three-alike
      name: Three alike
      when: same_rank(hand) == 3
      points: 10
    - id: aces-late
      name: Three aces in the second round
      when: round == 2 and same_rank(hand) == 3 and sum(hand) == 3
      effect: win-match
"""
FIRST_ROUND = """\
id: cirulla-first-round
extends: cirulla-like
declarations:
  check: first-round
  keep: all
"""
WILD_IN_PLAY = """\
id: cirulla-wild-in-play
extends: cirulla-like
declarations:
  wild_captures: true
"""
NEGATIVE = """\
id: scopa-negative-points
extends: scopa
scoring:
  rules:
    - id: many-cards
      award: count(pile) > 0
      points: min(count(pile) - 25, 3)
  events:
    - id: big-take
      when: count(taken) > 0
      points: round_up(count(taken) - 3, 2)
"""
KEPT_ACE = """\
id: dassi-kept-ace
extends: scopa-dassi
capture:
  kinds:
    - {id: ace-takes-all, empty_table: keep}
scoring:
  events:
    - id: ace-kept
      kinds: [ace-takes-all]
      points: 1
    - id: took-something
      when: count(taken) > 0
      points: 1
"""
MATCH_NAMES = """\
id: scopa-match-names
extends: scopa
scoring:
  rules:
    - id: primiera
      award: "most(primiera(pile), eligible: suits(pile) == 4) and score < 5"
    - id: dealer-bonus
      name: Dealer's bonus
      award: dealer and opponent_score >= 3 and hand_number > 1
      points: 2
"""


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "events", {
        "scopa-events": EVENTS, "scopa-at-once": AT_ONCE, "scopa-avoid": AVOID, "scopa-match-names": MATCH_NAMES,
        "cirulla-like": DECLARATIONS, "cirulla-first-round": FIRST_ROUND, "cirulla-wild-in-play": WILD_IN_PLAY,
        "scopa-negative-points": NEGATIVE, "dassi-kept-ace": KEPT_ACE})


@pytest.fixture(scope="module", params=["interpreted", "kernel"])
def engines(request, variants):
    index = 0 if request.param == "interpreted" else 1
    return {name: both_engines(v)[index] for name, v in variants.items()}


def _two(rs, mine, theirs, table, **kwargs):
    """Seat 0 holds `mine`, seat 1 `theirs`; seat 0 plays first."""
    return position(rs, [mine, theirs], table, **kwargs)


def test_a_caida_scores_the_moment_the_card_just_played_is_taken_by_an_equal_card(engines):
    state = _two(engines["scopa-events"], ["3d", "Rd"], ["3c", "Rc"], ["5b", "6b"])
    play(state, "3d")  # seat 0 trails the three
    play(state, "3c+3d")  # seat 1 takes it with the other three: a caída, the table still holds 5b 6b
    assert [(e.side, e.id, e.points) for e in state.events] == [(1, "caida", 2)]
    assert state.event_points == [{}, {"caida": 2}]
    assert state.standing().scores == (0, 2)


def test_taking_the_card_just_played_by_a_sum_is_no_caida(engines):
    """kinds: [match]: a capture made only by the sum kind (1 + 2 taken by a three) does not count."""
    state = _two(engines["scopa-events"], ["2d", "Rd"], ["3c", "Rc"], ["1b", "6b"])
    play(state, "2d")
    play(state, "3c+1b+2d")
    assert state.events == []


def test_a_caida_that_clears_the_table_scores_the_replacing_event_alone(engines):
    state = _two(engines["scopa-events"], ["3d", "Rd"], ["3c", "Rc"], [])
    play(state, "3d")
    play(state, "3c+3d")
    assert [e.id for e in state.events] == ["caida-y-limpia"]
    assert state.event_points[1] == {"caida-y-limpia": 3}


def test_clearing_the_table_by_a_sum_is_a_limpia_and_counts_at_the_end_of_the_hand(engines):
    state = _two(engines["scopa-events"], ["7d"], ["Rc"], ["3b", "4b"])
    play(state, "7d+3b+4b")
    play(state, "Rc")
    assert [e.id for e in state.events] == ["limpia"]
    points = state.result.score.points
    assert points[0]["limpia"] == 2 and points[1]["limpia"] == 0
    assert list(points[0])[-4:] == ["caida", "limpia", "caida-y-limpia", "late-sum"]  # events after the rules


def test_an_event_can_look_at_the_last_play_and_the_round(engines):
    state = _two(engines["scopa-events"], ["7d"], ["3c"], ["1b", "2b"])
    play(state, "7d")
    play(state, "3c+1b+2b")  # the hand's last play, a sum
    assert [e.id for e in state.events] == ["late-sum"]


def test_with_check_at_once_the_match_ends_mid_hand_when_points_in_play_reach_the_target(engines):
    rs = engines["scopa-at-once"]
    state = _two(rs, ["3d", "Rd"], ["3c", "Rc"], ["5b"])
    state.match = MatchFacts((4, 9), 1, 3)
    play(state, "3d")
    play(state, "3c+3d")  # the caída brings side 1 to 11
    assert state.over and state.result.stopped and state.hands == [rs.cards.mask_of(["Rd"]), rs.cards.mask_of(["Rc"])]
    assert state.result.score.totals() == (0, 2)  # no end-of-hand scoring: only what was scored in play
    match = MatchState(rs, 2, scores=[4, 9], hands_played=2)
    assert match.record(state.result) == 1 and match.scores == [4, 11]


def test_at_once_ends_the_hand_only_when_a_side_in_the_match_reaches_the_target_now(engines):
    """A side already past the target (a tie at the top plays on) or out of the match does not stop a hand."""
    rs = engines["scopa-at-once"]
    for facts in (MatchFacts((11, 11), 1, 3), MatchFacts((4, 9), 1, 3, (1,))):
        state = _two(rs, ["3d", "Rd"], ["3c", "Rc"], ["5b"])
        state.match = facts
        play(state, "3d")
        play(state, "3c+3d")  # side 1's caída
        assert state.events and not state.over


def test_points_below_zero_score_zero_in_both_engines(engines):
    rs = engines["scopa-negative-points"]
    state = _two(rs, ["7d", "Rd"], ["Rc", "Rs"], ["3b", "4b"])
    play(state, "7d+3b+4b")  # two cards taken: round_up(2 - 3, 2) is 0
    assert state.events == []
    cards = rs.cards
    assert rs.score_hand([cards.mask_of(["1d"]), 0], [0, 0], [1, 0]).points[0]["many-cards"] == 0


def test_a_card_kept_from_an_empty_table_took_nothing_but_its_kind_made_the_capture(engines):
    state = _two(engines["dassi-kept-ace"], ["1d", "5d"], ["2c", "6c"], [])
    play(state, "1d")
    assert [e.id for e in state.events] == ["ace-kept"]


def test_without_check_at_once_points_in_play_wait_for_the_end_of_the_hand(engines):
    state = _two(engines["scopa-events"], ["3d", "Rd"], ["3c", "Rc"], ["5b"])
    state.match = MatchFacts((4, 9), 1, 3)
    play(state, "3d")
    play(state, "3c+3d")
    assert not state.over


def test_with_goal_avoid_the_first_side_to_the_target_loses(engines):
    rs = engines["scopa-avoid"]
    match = MatchState(rs, 2)
    assert match.record(finished_hand(6, 3)) is None
    assert match.record(finished_hand(5, 2)) == 1  # side 0 reached 11
    both = MatchState(rs, 2, scores=[9, 8])
    assert both.record(finished_hand(3, 5)) == 0  # both past: the lowest total (12 to 13) wins
    level = MatchState(rs, 2, scores=[9, 9])
    assert level.record(finished_hand(3, 3)) is None  # level at the lowest: another hand


def test_with_goal_avoid_three_sides_are_eliminated_one_by_one(engines):
    """PlayAural's Inverse Scopa: the sides reaching the target are out, the last left wins."""
    rs = engines["scopa-avoid"]
    match = MatchState(rs, 3)
    assert match.record(finished_hand(9, 11, 7)) is None and match.eliminated == {1}
    assert match.record(finished_hand(3, 0, 2)) == 2  # A reaches 12 and is out: C is left


def test_scoring_rules_can_name_the_match(engines, variants):
    rs = engines["scopa-match-names"]
    cards = rs.cards
    piles = [cards.mask_of(["7d", "6c", "1b", "5s"]), cards.mask_of(["2d"])]
    early = rs.score_hand(piles, [0, 0], [1, 1], MatchFacts((0, 3), 0, 2)).points[0]
    late = rs.score_hand(piles, [0, 0], [1, 1], MatchFacts((5, 3), 1, 2)).points[0]
    assert (early["primiera"], early["dealer-bonus"]) == (1, 2)
    assert (late["primiera"], late["dealer-bonus"]) == (0, 0)  # stops counting at 5; not the dealer


ALL = ["scopa-events", "scopa-at-once", "scopa-avoid", "scopa-match-names", "cirulla-like", "cirulla-first-round",
       "cirulla-wild-in-play", "scopa-negative-points", "dassi-kept-ace"]


def _dealt(rs, hands, later=()):
    """A hand dealt from these cards (seat 1 deals, so seat 0 is dealt and plays first)."""
    return HandState.deal(rs, deck_order(rs.cards, hands, ["Rb", "Rs", "Cb", "Cs"], dealer=1, later=later),
                          players=2, dealer=1)


def test_a_hand_of_three_of_a_kind_is_declared_as_it_is_dealt(engines):
    state = _dealt(engines["cirulla-like"], [["5d", "5c", "5s"], ["1d", "6c", "Fb"]])
    assert [(d.round, d.seat, d.id, d.points) for d in state.declared] == [(1, 0, "three-alike", 10)]
    assert state.event_points == [{"three-alike": 10}, {}]


def test_the_wild_seven_counts_as_whichever_card_helps(engines):
    """pagat (Cirulla): the matta counts as any card: Q Q and the matta score the 10 of three of a kind;
    the matta with a 3 and a 4 scores the 3 of a hand of 9 or less."""
    state = _dealt(engines["cirulla-like"], [["Fd", "Fs", "7c"], ["7b", "3c", "4d"]])
    assert [(d.seat, d.id, d.points, d.effect) for d in state.declared] == [(0, "three-alike", 10, "points")]
    state = _dealt(engines["cirulla-like"], [["7c", "3s", "4d"], ["1d", "6c", "Fb"]])
    assert [(d.seat, d.id, d.points, d.effect) for d in state.declared] == [(0, "low-hand", 3, "sweeps")]
    assert state.sweeps == [3, 0]  # scored as scope


def test_keep_best_scores_one_declaration_and_keep_all_scores_each(engines):
    """pagat (Cirulla): "2-2-2 - only the 10 scope bonus is awarded"."""
    best = _dealt(engines["cirulla-like"], [["2d", "2c", "2s"], ["1d", "6c", "Fb"]])
    assert [d.id for d in best.declared] == ["three-alike"]
    every = _dealt(engines["cirulla-first-round"], [["2d", "2c", "2s"], ["1d", "6c", "Fb"]])
    assert [d.id for d in every.declared] == ["low-hand", "three-alike"]


def test_declarations_are_made_every_round_or_on_the_first_only(engines):
    later = [[["1s", "1b", "1c"], ["4s", "5b", "Cd"]]]
    every = _dealt(engines["cirulla-like"], [["6d", "6c", "Fd"], ["4c", "5c", "Cc"]], later)
    first = _dealt(engines["cirulla-first-round"], [["6d", "6c", "Fd"], ["4c", "5c", "Cc"]], later)
    for state in (every, first):
        for _ in range(6):
            state.apply(state.legal_moves()[-1])
    assert [(d.round, d.id) for d in every.declared] == [(2, "aces-late")]
    assert first.declared == [] and not first.over


def test_a_declaration_that_wins_the_match_ends_the_hand_as_it_is_dealt(engines):
    later = [[["1s", "1b", "1c"], ["4s", "5b", "Cd"]]]
    state = _dealt(engines["cirulla-like"], [["6d", "6c", "Fd"], ["4c", "5c", "Cc"]], later)
    for _ in range(6):
        state.apply(state.legal_moves()[-1])
    assert state.over and state.result.stopped
    assert state.result.score.effects == ((0, "aces-late", "win-match"),)
    assert MatchState(state.rs, 2).record(state.result) == 0


def test_a_wild_card_in_play_too_stands_for_any_value_and_keeps_its_suit_in_scoring(engines):
    from .test_capture_kinds import options

    plain, wild = engines["cirulla-like"], engines["cirulla-wild-in-play"]
    assert options(plain, "7c", ["4d", "Rs"]) == [] and options(wild, "7c", ["4d", "Rs"]) == ["4d", "Rs"]
    assert options(plain, "5s", ["7c"]) == [] and options(wild, "5s", ["7c"]) == ["7c"]
    assert wild.cards.joker_mask == wild.cards.mask_of(["7c"]) and plain.cards.joker_mask == 0
    pile = wild.cards.mask_of(["7c", "7d", "6s", "1b"])  # the seven of coppe still counts in the primiera
    assert wild.score_hand([pile, 0], [0, 0], [1, 0]).points[0]["primiera"] == 1


@pytest.mark.parametrize("name", ALL)
@given(seed=st.integers(0, 2**32 - 1), greedy=st.booleans())
def test_the_kernel_scores_events_and_ends_matches_as_the_interpreter(variants, name, seed, greedy):
    bot = GreedyBot if greedy else RandomBot
    interpreted, kernel = both_engines(variants[name])
    a = play_match(interpreted, [bot(seed), bot(seed + 1)], seed)
    b = play_match(kernel, [bot(seed), bot(seed + 1)], seed)
    assert a.results == b.results and (a.scores, a.winner, a.eliminated) == (b.scores, b.winner, b.eliminated)


def test_round_up_and_round_down_give_cuarentas_cartones():
    """Cuarenta's cartón (en.wikipedia): 20 cards 6 points, 21 cards 8, 23 or 24 cards 10."""
    assert [round_up(n - 14, 2) for n in (20, 21, 22, 23, 24, 25)] == [6, 8, 8, 10, 10, 12]
    assert [round_down(n, 5) for n in (0, 4, 5, 9, -1)] == [0, 0, 5, 5, -5]


def test_events_and_the_match_check_are_stated_by_diff(variants):
    base = load_variant(RULES / "scopa.yaml")
    fields = {d.field: d for d in variant_differences(base, variants["scopa-at-once"])}
    assert {"scoring.events.caida", "scoring.events.limpia", "scoring.events.caida-y-limpia",
            "scoring.events.late-sum", "match.check"} <= set(fields)
    assert set(fields["scoring.events.caida"].effects) == {POINTS, MATCH}
    avoid = [d.field for d in variant_differences(base, variants["scopa-avoid"])]
    assert avoid == ["match.goal"]


@pytest.mark.parametrize("name", ALL)
def test_the_rulebooks_of_events_and_match_rules_leak_nothing(variants, name):
    assert rulebook_leaks(variants[name]) == {}


BAD = """\
id: bad-events
extends: scopa
scoring:
  rules:
    - id: late
      award: last_play and count(hand) > 0
  events:
    - id: settebello
      when: count(taken) > 0
      kinds: [mtach]
    - id: twice
      instead_of: [twice, nothing]
      points: round_up(count(taken), count(pile))
match:
  check: at-once
"""


def test_bad_events_are_located_errors_with_hints(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    variant, diagnostics = validate_file(path)
    assert variant is None
    found = {(d.code, d.line, d.column): d for d in diagnostics}
    codes = {code for code, _, _ in found}
    assert {"expr-unknown-name", "duplicate-id", "unknown-kind", "unknown-event", "expr-step"} <= codes
    assert ("expr-unknown-name", 6, 14) in found  # `last_play` in a scoring rule: only on a play
    assert "declaration" in found[("expr-unknown-name", 6, 34)].message  # `hand`: only in a declaration
    assert ("unknown-kind", 10, 15) in found and "match" in found[("unknown-kind", 10, 15)].hint
    assert ("duplicate-id", 8, 11) in found  # the event settebello and Scopa's rule settebello


CYCLE = """\
id: bad-cycle
extends: scopa
scoring:
  events:
    - id: a
      when: count(taken) > 2
      instead_of: [b]
    - id: b
      when: count(table) == 0
      instead_of: [a]
    - id: c
      effect: win-match
      points: 3
      when: count(taken) > 5
"""


def test_events_that_replace_each_other_and_points_that_never_count_are_said(tmp_path):
    path = tmp_path / "cycle.yaml"
    path.write_text(CYCLE, encoding="utf-8")
    variant, diagnostics = validate_file(path)
    found = {(d.code, d.line, d.column, d.severity) for d in diagnostics}
    assert variant is None
    assert ("instead-of-cycle", 10, 20, "error") in found and ("points-unused", 13, 15, "warning") in found


def test_how_declarations_are_made_is_stated_by_diff(variants):
    fields = [d.field for d in variant_differences(variants["cirulla-like"], variants["cirulla-wild-in-play"])]
    assert fields == ["declarations.wild_captures"]
    fields = {d.field for d in variant_differences(variants["cirulla-like"], variants["cirulla-first-round"])}
    assert fields == {"declarations.check", "declarations.keep"}


def test_a_product_of_points_is_held_below_a_billion_by_both_engines(validate_text):
    """Issue 21, class 10: literals are at most a million, but a product of them grows past
    what a float holds (a split tie's half crashed every JSON output); runtime.points holds
    every rule's points at MAX_POINTS, in the interpreter and the kernel alike. (A product past
    2**62, which the kernel's 64-bit integers would wrap, is refused since issue 36: expr-overflow.)"""
    import json

    from escoba_spec.engine import play_match
    from escoba_spec.engine.bots import GreedyBot
    from escoba_spec.engine.interpreter import Interpreter
    from escoba_spec.language.expr.runtime import MAX_POINTS
    from escoba_spec.tools.text import json_text

    variant, problems = validate_text(
        "id: huge-points\nname: Huge\nextends: escoba-de-15\nscoring:\n  ties: split\n  rules:\n"
        "    - id: most-cards\n      points: count(pile) * 1000000 * 1000000\n")
    assert variant is not None, [p.format() for p in problems]
    kernel = kernel_rules(variant)
    matches = [play_match(rs, [GreedyBot(1), GreedyBot(2)], 5) for rs in (kernel, Interpreter(variant))]
    assert matches[0].results == matches[1].results
    for result in matches[0].results:
        assert all(0 <= p.get("most-cards", 0) <= MAX_POINTS for p in result.score.points)
    json.loads(json_text([dict(r.score.points[0]) for r in matches[0].results]))


ROUND_EVENTS = """\
id: scopa-rounds
extends: scopa
scoring:
  events:
    - {id: opening, name: Opening a round, when: first_in_round, points: 1}
    - {id: closing, name: In the last round, when: last_round, points: 1}
"""


@pytest.mark.parametrize("engine", [0, 1], ids=["interpreted", "kernel"])
def test_an_event_knows_the_rounds_first_play_and_the_hands_last_round(tmp_path_factory, engine):
    """Scopa for two deals 3 cards each per round from the 36 left after the table: six rounds
    of six plays. first_in_round holds on plays 0, 6, ..., 30 and last_round on plays 30 to 35
    (issue 37 item 7)."""
    variant = house_variants(tmp_path_factory, "rounds", {"scopa-rounds": ROUND_EVENTS})["scopa-rounds"]
    rs = both_engines(variant)[engine]
    state = HandState.deal(rs, seed=7)
    bots = [RandomBot(1), RandomBot(2)]
    while not state.over:
        state.apply(bots[state.to_play].choose(Observation(state, state.to_play), state.legal_moves()))
    assert len(state.history) == 36
    assert [e.play for e in state.events if e.id == "opening"] == [0, 6, 12, 18, 24, 30]
    assert [e.play for e in state.events if e.id == "closing"] == list(range(30, 36))


def test_a_wild_card_on_the_opening_table_needs_one_and_an_opening_rule(validate_text):
    _, problems = validate_text("id: w\nextends: scopa\ndeclarations:\n  wild_opening: true\n", name="w.yaml")
    assert [(p.code, p.line, p.column, p.severity) for p in problems if p.code.startswith("wild")] == [
        ("wild-opening-without-wild", 4, 17, "error")]
    variant, problems = validate_text("id: w\nextends: cirulla\ndeal:\n  opening: {trigger: never}\n", name="w.yaml")
    assert variant is not None and [(p.code, p.severity) for p in problems] == [("wild-opening-unused", "warning")]


def test_a_card_wild_on_the_opening_table_only_is_said_and_diffed(validate_text, rules_tree):
    from escoba_spec.tools.rulebook import render_rulebook

    text = ("id: opening-wild\nextends: cirulla\ndeclarations:\n  rules:\n    - {id: low-hand, drop: true}\n"
            "    - {id: three-of-a-kind, drop: true}\n")
    variant, problems = validate_text(text, name="opening-wild.yaml")
    assert variant is not None and not variant.declarations.rules and not problems, [p.format() for p in problems]
    english = render_rulebook(load_variant(rules_tree / "opening-wild.yaml"), "en", "md")
    assert ("On the opening table the seven of coppe is wild: the rule above holds if it would hold with the seven "
            "of coppe counted as whichever card helps most.") in english
    assert "In declarations" not in english.replace("removed: “In declarations", "")  # but as a change from cirulla
    plain, problems = validate_text(text.replace("opening-wild", "plain") + "  wild_opening: false\n", name="plain.yaml")
    assert plain is not None, [p.format() for p in problems]
    assert [d.field for d in variant_differences(plain, variant)] == ["declarations.wild_opening"]



EVENTS_ONLY = ("id: events-only\nname: Events only\nextends: scopa\nscoring:\n  rules:\n"
               + "".join(f"    - {{id: {rid}, drop: true}}\n"
                         for rid in ("most-cards", "most-denari", "settebello", "primiera", "scope"))
               + "  events:\n    - {id: limpia, name: Limpia, when: 'count(table) == 0 and count(taken) > 0', points: 1}\n"
               + "options:\n  primiera-suits: {drop: true}\n")  # Scopa's option of the primiera it drops


def test_a_game_of_events_only_is_valid_and_both_engines_play_it_alike(validate_text, rules_tree):
    """Issue 36, class 11: a game scored only as plays are made needs no end-of-hand rule (it was
    refused: 'no scoring rules, so no one can ever win'); one whose events can never hold cannot
    end, and is refused (match-cannot-end)."""
    from escoba_spec.engine import play_match
    from escoba_spec.engine.bots import GreedyBot
    from escoba_spec.engine.interpreter import Interpreter

    variant, problems = validate_text(EVENTS_ONLY, name="events-only.yaml")
    assert variant is not None and problems == [], [p.format() for p in problems]
    matches = [play_match(rs, [GreedyBot(1), GreedyBot(2)], 9) for rs in (kernel_rules(variant), Interpreter(variant))]
    assert matches[0].results == matches[1].results and matches[0].winner == matches[1].winner is not None
    from escoba_spec.tools.rulebook import render_rulebook

    english = render_rulebook(load_variant(rules_tree / "events-only.yaml"), "en", "md")  # no end-of-hand rules
    assert "every side scores by these rules" not in english.replace("removed: “At the end of each hand, every side", "")
    assert "During play, a side scores the moment one of its plays does one of these:" in english
    never, problems = validate_text(EVENTS_ONLY.replace("count(taken) > 0", "count(taken) > 40"), name="events-only.yaml")
    assert never is None and [p.code for p in problems if p.severity == "error"] == ["match-cannot-end"]


def test_a_wild_card_played_as_declared_needs_one_a_declaration_and_no_joker_or_leftover_check(validate_text):
    """declarations.wild_as_declared: each thing it cannot be said with, located at the field."""
    def codes(text):
        _, problems = validate_text(text, name="w.yaml")
        return [(p.code, p.line, p.column) for p in problems if p.severity == "error"]

    assert codes("id: w\nextends: scopa\ndeclarations:\n  wild_as_declared: true\n") == [
        ("as-declared-without-wild", 4, 21)]
    assert [c for c, _, _ in codes("id: w\nextends: cirulla\ndeclarations:\n  wild_captures: true\n")] == [
        "as-declared-with-wild-captures"]
    text = ("id: w\nextends: cirulla\ndeclarations:\n  rules:\n    - {id: low-hand, drop: true}\n"
            "    - {id: three-of-a-kind, drop: true}\n")
    assert codes(text) == []  # inherited from Cirulla with every declaration dropped: idle, not said
    _, problems = validate_text(text + "  wild_as_declared: true\n", name="w.yaml")
    assert [(p.code, p.severity) for p in problems] == [("as-declared-without-rules", "warning")]
    text = "id: w\nextends: escopa\ndeclarations:\n  wild: 7 of hearts\n  wild_as_declared: true\n" + \
        "  rules:\n    - {id: low, when: 'sum(hand) <= 9', points: 1}\n"
    assert [c for c, _, _ in codes(text)] == ["checksum-with-declared-wild"]
