"""sweeps.weight: what a sweep counts by the play that made it (issue 38, item 3).

Seep's sweep is worth 50, only 25 on the hand's very first play and nothing on its last
(pagat's Seep; docs/research/cassino-and-seep.md S6). A house rule of Escoba de 15 with
that weight plays two recorded hands, one with a first-play sweep and one with a last-play
sweep, on the kernel (natively compiled) and on the interpreter: every play alike, and the
sweeps 25, 50 and 0 where the play says. Three more house rules hold the engines together
over a handful of hands each: a weight over every name of a sweep, on top of Escopa's count
by target; the Seep weight with capture kinds (and a count by target), and with missed-capture
claims. The language's checks, the rulebook's sentence and `diff` are here too.
"""

from __future__ import annotations

import pytest

from escoba_spec.compiler.kernel import unsupported
from escoba_spec.engine import HandState, run_hand
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.observation import Observation
from escoba_spec.engine.stream import Stream, seat_seed
from escoba_spec.language.expr.env import PlayFacts

from .engine_fixtures import house_variants
from .kernel_support import assert_same_hand, assert_same_matches, made_up_engines, play_same_hands, stream_bots

SEEP = '"0 if last_play else 25 if first_play else 50"'
HOUSES = {
    "seep-sweeps": f"id: seep-sweeps\nextends: escoba-de-15\nsweeps:\n  weight: {SEEP}\n",
    # every name of a sweep, times Escopa's count by target (a 30-sweep counts 2); first_play in an event
    "sweep-names": "id: sweep-names\nextends: escopa\nsweeps:\n  weight: \"3 if first_in_round and previous_opponent "
                   "else 2 if count(taken) >= 3 or count(common(played, previous)) == 0 and round > 1 and not "
                   "last_round else 1\"\nend_of_deal:\n  check: null\n"
                   # first_play in an event too, and in an event's any()
                   "scoring:\n  events:\n    - id: opening-take\n"
                   "      when: count(taken) > 0 and (first_play or any(opponents, first_play))\n",
    # the Seep weight on capture kinds: several sets at once, a sweep first, counted by target
    "sweep-kinds": "id: sweep-kinds\nextends: comodines\ncapture:\n  kinds:\n    - {id: match, take: equal-value}\n"
                   "    - {id: fifteen, take: sum-with-played, targets: [15, 30], sets: many}\n"
                   "  priority:\n    - {rule: sweep}\n    - {rule: fewest-cards}\n"
                   f"sweeps:\n  weight_by_target: true\n  not_with_joker: false\n  weight: {SEEP}\n",
    # the Seep weight where the next player may claim a missed capture (the claim's cards are taken too)
    "sweep-claims": "id: sweep-claims\nextends: escoba-de-15\ncapture:\n  obligation: none\n"
                    f"  missed_capture_claim: true\nsweeps:\n  weight: {SEEP}\n",
}
#: (deck, seed) of two hands of seep-sweeps between two greedy bots, the first dealt by seat 0,
#: and the sweeps each makes: ("first" | "middle" | "last" play, what it counted)
HANDS = (
    ([21, 16, 37, 2, 33, 31, 10, 4, 14, 1, 15, 30, 23, 39, 11, 25, 9, 38, 26, 13, 5, 24, 22, 19, 3, 0, 7, 32, 8, 20,
      17, 29, 28, 36, 12, 34, 18, 35, 6, 27], 951584273,
     [("first", 25), ("middle", 50), ("middle", 50), ("middle", 50), ("middle", 50)]),
    ([29, 15, 0, 32, 19, 30, 39, 37, 31, 24, 14, 20, 12, 18, 21, 28, 4, 5, 11, 17, 13, 26, 3, 33, 23, 9, 38, 6, 36, 35,
      8, 7, 27, 2, 1, 25, 22, 10, 16, 34], 3439122246,
     [("middle", 50)] * 5 + [("last", 0)]),
)
BOTS = ["greedy", "greedy"]


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "sweep-weight", HOUSES)


def _clearing_plays(ruleset, deck, seed) -> tuple[HandState, list[tuple[str, int]]]:
    """The hand of `deck` played by BOTS, and each play that cleared the table: where it came
    in the hand and the sweeps it counted (0 for a sweep worth nothing)."""
    state = HandState.deal(ruleset, deck, players=2, team_size=1, dealer=0, rng=Stream(seat_seed(seed, 0)))
    bots = stream_bots(BOTS, seed)
    views = [Observation(state, seat) for seat in range(2)]
    cleared = []
    while not state.over:
        before, seat = state.table, state.to_play
        play = state.apply(bots[seat].choose(views[seat], state.legal_moves()))
        if play.capture and not before & ~play.capture & ~play.claim:
            at = "first" if len(state.history) == 1 else "last" if state.over else "middle"
            cleared.append((at, play.sweeps))
    return state, cleared


@pytest.mark.parametrize("deck,seed,expected", HANDS, ids=["first-play", "last-play"])
def test_a_seep_sweep_counts_25_on_the_first_play_50_after_and_0_on_the_last_in_both_engines(
        variants, deck, seed, expected):
    variant = variants["seep-sweeps"]
    kernel, interp = made_up_engines("seep-sweeps", variant)
    for ruleset in (interp, kernel.ruleset()):  # the kernel's step functions weigh the sweep too
        state, cleared = _clearing_plays(ruleset, deck, seed)
        assert cleared == expected
        result = state.result
        assert sum(result.sweeps) == sum(worth for _, worth in expected)
        assert [side["escobas"] for side in result.score.points] == list(result.sweeps)  # points: sweeps
    mine = kernel.play_hand(deck, BOTS, seed, dealer=0)
    assert_same_hand(mine, state, ("seep-sweeps", seed))


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_a_weighted_sweep_is_the_same_play_by_play_in_both_engines(variants, name):
    variant = variants[name]
    assert unsupported(variant) == []
    kernel, interp = made_up_engines(name, variant)
    for lay in variant.players.layouts[:2]:
        names = ["random", "greedy", "random", "greedy"][:lay.players]
        play_same_hands(kernel, interp, 38, names, team_size=lay.team_size, count=6, where=(name,))
    assert_same_matches(kernel, interp, [3, 4], ["greedy", "random"], where=(name,))


def test_the_weight_multiplies_the_count_by_target_in_both_engines(variants):
    """Escopa's 30-sweep counts 2; weighed 3, 1 or 2 by its play it adds 6, 2 or 4; a 15-sweep 1, 2."""
    variant = variants["sweep-names"]
    kernel, interp = made_up_engines("sweep-names", variant)
    ten = [c for c in range(40) if kernel.cards.values[c] == 10][:3]  # a ten takes two tens: 30
    taken = 1 << ten[1] | 1 << ten[2]
    five = kernel.cards.values.index(5)

    def play(previous_side: int, round_: int) -> PlayFacts:
        return PlayFacts(played=1 << ten[0], taken=taken, table_before=taken, previous=1, previous_side=previous_side,
                         last_play=False, round=round_, card=ten[0], first_in_round=True)

    for ruleset in (interp, kernel.ruleset()):
        assert ruleset.sweep_weight(ten[0], taken, False, play(1, 1), 0) == 6  # first in its round, after an opponent
        assert ruleset.sweep_weight(ten[0], taken, False, play(0, 1), 0) == 2  # after a partner: weighed 1
        assert ruleset.sweep_weight(ten[0], taken, False, play(0, 2), 0) == 4  # round 2, not the last: weighed 2
        assert ruleset.sweep_weight(ten[0], 1 << five, False, play(0, 2), 0) == 2  # a 15-sweep counts 1: weighed 2


@pytest.mark.parametrize("weight,extra,code,column,hint", [
    ('"50 - count(taken)"', "", "negative-sweep-weight", 11, "without a minus"),
    ('"count(taken) * 100"', "", "sweep-weight-too-large", 11, "at most 1000"),
    ('"count(pile)"', "", "expr-unknown-name", 18, "first_play, last_play"),
    ('"2 if score > 10 else 1"', "", "expr-unknown-name", 17, "a scoring rule's points"),
    ('"2 if most(count(taken)) else 1"', "", "expr-type", 17, "looks at the play"),
    ('"0 if last_play else 1"', "  not_on_last_play: true\n", "sweep-weight-last-play", 11, "not_on_last_play: false"),
    ('"0 if last_play else 1"', "  enabled: false\n", "sweep-weight-unused", 11, "remove weight"),
])
def test_a_weight_with_no_meaning_is_a_located_error_with_a_hint(validate_text, weight, extra, code, column, hint):
    _, problems = validate_text(f"id: h\nextends: escoba-de-15\nsweeps:\n{extra}  weight: {weight}\n")
    line = 5 if extra else 4
    found = [p for p in problems if p.code == code]
    assert [(p.line, p.column) for p in found] == [(line, column)], [p.format() for p in problems]
    assert hint in found[0].hint


def test_first_play_is_a_name_of_an_event_and_no_scoring_rule(validate_text):
    variant, problems = validate_text("id: h\nextends: escoba-de-15\nscoring:\n  events:\n"
                                      "    - {id: opener, when: first_play and count(taken) > 0}\n")
    assert variant is not None and not [p for p in problems if p.severity == "error"]
    _, problems = validate_text("id: h\nextends: escoba-de-15\nscoring:\n  rules:\n"
                                "    - {id: opener, award: first_play}\n")
    assert [p.code for p in problems] == ["expr-unknown-name"]


def test_the_rulebook_says_the_weight_in_five_languages_and_diff_names_it(variants):
    from escoba_spec.language.validate import load_variant
    from escoba_spec.tools.diff import variant_differences
    from escoba_spec.tools.rulebook import render_rulebook

    from .conftest import RULES

    variant = variants["seep-sweeps"]
    words = {"en": "25 escobas if this is the hand's first play", "es": "25 escobas si es la primera jugada de la mano",
             "fr": "25 escobas si c'est le premier coup de la donne",
             "it": "25 scope se è la prima giocata della mano", "pt": "25 escobas se é a primeira jogada da mão"}
    for lang, said in words.items():
        assert said in render_rulebook(variant, lang, "md", example=False), lang
    found = variant_differences(load_variant(RULES / "escoba-de-15.yaml"), variant)
    assert [(d.field, d.a, d.b) for d in found] == [
        ("sweeps.weight", None, "0 if last_play else 25 if first_play else 50")]
