"""Capture kinds and priority: what each kind takes, what each step keeps, and both engines agreeing.

Kinds are written as house rules of Scopa (the Italian deck: `7d` is the seven
of denari, `Fc` the fante of coppe, `1s` the ace of spade) and played through
`HandState.setup` positions; the differential tests play whole matches.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.engine import play_match
from escoba_spec.engine.bots import GreedyBot, HeuristicBot, RandomBot
from escoba_spec.engine.captures import build_sums
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.derive import kinds_of
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import (
    both_engines,
    house_variants,
    moves_text,
    play,
    position,
    rulebook_leaks,
    variant_with,
)

FILES = sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))
SEEDS = st.integers(0, 2**32 - 1)
BOTS = {"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot}


def kinds(validate_text, capture: str, name: str = "kinds.yaml", extra: str = ""):
    """A house rule of Scopa whose capture section is `capture` (YAML, indented two spaces)."""
    vid = "kinds" if name == "kinds.yaml" else "kinds-" + name.removesuffix(".yaml")  # one id a file of the tree
    variant, problems = validate_text(f"id: {vid}\nextends: scopa\ncapture:\n{capture}{extra}", name=name)
    assert variant is not None, [p.format() for p in problems]
    return variant


both = both_engines


def options(rs, card: str, table: list[str]) -> list[str]:
    cards = rs.cards
    mask = cards.mask_of(table)
    sums = build_sums(cards.values, mask & ~cards.unsummed_mask, rs.params.sums_limit)
    return sorted("+".join(cards.texts(m)) for m in rs.capture_options(cards.parse(card), mask, sums))


# ------------------------------------------------------------- the seeds' modes


def as_kinds(variant):
    """The same variant with its mode written out as the capture kinds it stands for."""
    capture = dataclasses.replace(variant.capture, mode="kinds", kinds=kinds_of(variant.capture))
    return dataclasses.replace(variant, capture=capture)


#: the shipped files that say their capture rule with a mode (the others list kinds already)
MODE_FILES = [path for path in FILES if not Interpreter(load_variant(path)).params.capture_kinds]
KIND_FILES = {path: as_kinds(load_variant(path)) for path in MODE_FILES}


def _record(ruleset, names, seed: int, team_size: int):
    log = []

    class Logged:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, obs, moves):
            move = self.bot.choose(obs, moves)
            log.append((tuple(moves), move))
            return move

    bots = [Logged(BOTS[name](seed + seat)) for seat, name in enumerate(names)]
    match = play_match(ruleset, bots, seed, team_size=team_size)
    return log, match.scores, match.winner, [r.piles for r in match.results]


@given(path=st.sampled_from(MODE_FILES), seed=SEEDS, data=st.data())
def test_the_kind_engine_plays_every_shipped_variant_as_its_modes_own_code_does(path, seed, data):
    variant = load_variant(path)
    layout = data.draw(st.sampled_from(variant.players.layouts))
    names = [data.draw(st.sampled_from(sorted(BOTS))) for _ in range(layout.players)]
    kinds_variant = KIND_FILES[path]
    assert Interpreter(kinds_variant).params.capture_kinds and not Interpreter(variant).params.capture_kinds
    seeds_own = _record(Interpreter(variant), names, seed, layout.team_size)
    for ruleset in both(kinds_variant):
        assert _record(ruleset, names, seed, layout.team_size) == seeds_own


def test_a_single_card_first_in_mode_sum_is_the_same_rule_in_both_engines():
    """It was applied by kernels and ignored by the interpreter; now both keep a
    capture of one card over captures of several, for each value a played card may take."""
    escoba = load_variant(RULES / "escoba-de-15.yaml")
    for targets in ((15,), (15, 30)):
        interpreted, kernel = both(variant_with(escoba, capture={"single_card_first": True, "targets": targets}))
        rng = random.Random(7)
        for _ in range(500):
            card, *table = rng.sample([c.text for c in interpreted.cards.cards], 6)
            assert options(interpreted, card, table) == options(kernel, card, table)
        assert options(interpreted, "5o", ["Ro", "7c", "3e"]) == ["Ro"]  # 5 + rey; 5 + 7 + 3 takes two
        assert options(interpreted, "5o", ["7c", "3e"]) == ["7c+3e"]  # no single card: the sum


# ------------------------------------------------------------------ each kind


def test_equal_rank_takes_one_card_of_the_played_rank(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: rank, take: equal-rank}\n")
    for rs in both(v):
        assert options(rs, "Fd", ["Fc", "Fs", "3b"]) == ["Fc", "Fs"]
        assert options(rs, "5d", ["2c", "3b"]) == []  # no sums


def test_equal_value_and_sum(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: one, take: equal-value}\n    - {id: sum, take: sum}\n")
    for rs in both(v):
        assert options(rs, "7d", ["3c", "4b", "7s"]) == ["3c+4b", "7s"]


def test_sum_with_played_makes_a_target(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: fifteen, take: sum-with-played, targets: [15]}\n")
    for rs in both(v):
        assert options(rs, "Rd", ["5c", "2s", "3b"]) == ["2s+3b", "5c"]  # the re is 10


def test_the_ace_takes_all_but_only_the_ace_when_an_ace_is_on_the_table(validate_text):
    """PlayAural's tests (research: Scopa d'Assi): table 5, 2, 3 and an ace played: one
    capture of all three; table ace, 2 and an ace played: only the ace."""
    v = kinds(validate_text, "  kinds:\n"
              "    - {id: all, take: whole-table, cards: rank == ace, unless_rank_on_table: true, sweep: false}\n"
              "    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n"
              "  priority:\n    - {rule: prefer, kinds: [all]}\n    - {rule: prefer, kinds: [match]}\n")
    for rs in both(v):
        assert options(rs, "1d", ["5c", "2s", "3b"]) == ["5c+2s+3b"]
        assert options(rs, "1d", ["1c", "2s"]) == ["1c"]
        assert options(rs, "5d", ["5c", "2s", "3b"]) == ["5c"]  # the other cards as in Scopa
        state = position(rs, [["1d", "7s"], ["2b"]], ["5c", "2s", "3b"], stock=["4b", "4c"])
        assert play(state, "1d+5c+2s+3b").sweeps == 0  # the ace's sweep is no scopa
        lone = position(rs, [["1d", "7s"], ["2b"]], ["1c"], stock=["4b", "4c"])
        assert play(lone, "1d+1c").sweeps == 1  # an ace taking a lone ace by value is one


def test_an_ace_led_to_an_empty_table_is_kept_in_the_pile(validate_text):
    v = kinds(validate_text, "  kinds:\n"
              "    - {id: all, take: whole-table, cards: rank == ace, empty_table: keep, sweep: false}\n"
              "    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n")
    for rs in both(v):
        state = position(rs, [["1d", "7s"], ["2b"]], [], stock=["4b", "4c"])
        assert "1d" in moves_text(state)
        played = play(state, "1d")
        assert (state.table, state.piles[0], played.capture, played.sweeps) == (0, 1 << rs.cards.parse("1d"),
                                                                                1 << rs.cards.parse("1d"), 0)
        assert state.last_capturer == 0 and state.captures[0] == 1
        other = position(rs, [["7s", "1d"], ["2b"]], [], stock=["4b", "4c"])
        play(other, "7s")
        assert other.table == 1 << rs.cards.parse("7s")  # any other card is laid as ever


def test_a_run_takes_the_next_ranks_in_sequence(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: rank, take: equal-rank, run: true}\n")
    for rs in both(v):
        assert options(rs, "3d", ["3c", "4s", "5b", "7b"]) == ["3c+4s+5b"]  # a 3 takes a 3, then a 4, then a 5
        assert options(rs, "3d", ["3c", "4s", "4b"]) == ["3c+4b", "3c+4s"]  # one 4 of the two
        assert options(rs, "3d", ["3c", "5b"]) == ["3c"]  # the sequence stops at the missing 4


def test_several_sets_at_once(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: sum, take: sum, sets: many}\n")
    for rs in both(v):
        assert options(rs, "5d", ["5c", "2s", "3b"]) == ["2s+3b", "5c", "5c+2s+3b"]


def test_cards_that_may_use_a_kind(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: rank, take: equal-rank, cards: rank >= fante}\n"
              "    - {id: sum, take: sum, cards: rank <= 7}\n")
    for rs in both(v):
        assert options(rs, "Fd", ["Fc", "5s", "3b"]) == ["Fc"]  # a fante: by rank only, not 5 + 3
        assert options(rs, "7d", ["7c", "4s", "3b"]) == ["4s+3b", "7c"]  # a 7: by sum only


# ---------------------------------------------------------------- priority


def test_fewest_and_most_cards(validate_text):
    """Club del gioco (research: Scopone, W2): table ace, 3, 4, 5, fante and a cavallo (9)
    played: the ace and the fante, or the 4 and the 5, not the ace, 3 and 5."""
    base = "  kinds:\n    - {id: sum, take: sum}\n  priority:\n"
    table = ["1c", "3c", "4s", "5b", "Fb"]
    for rs in both(kinds(validate_text, base + "    - {rule: fewest-cards}\n")):
        assert options(rs, "Cd", table) == ["1c+Fb", "4s+5b"]
    for rs in both(kinds(validate_text, base + "    - {rule: most-cards}\n", name="most.yaml")):
        assert options(rs, "Cd", table) == ["1c+3c+5b"]


def test_prefer_and_always(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n"
              "    - {id: fifteen, take: sum-with-played, targets: [15]}\n"
              "  priority:\n    - {rule: always, kinds: [fifteen]}\n    - {rule: prefer, kinds: [match]}\n")
    for rs in both(v):
        # the 7 takes the 7 (match first), not 3 + 4; and 7 + 8 = 15 is always allowed
        assert options(rs, "7d", ["7c", "3s", "4b", "Fb"]) == ["7c", "Fb"]


def test_one_card_first(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: sum, take: sum}\n  priority:\n    - {rule: one-card-first}\n")
    for rs in both(v):
        assert options(rs, "7d", ["3c", "4s", "7b"]) == ["7b"]
        assert options(rs, "7d", ["3c", "4s", "2b", "5b"]) == ["2b+5b", "3c+4s"]  # no single card: every sum


def test_a_sweep_is_compulsory_except_on_the_last_play(validate_text):
    v = kinds(validate_text, "  kinds:\n    - {id: sum, take: sum, sets: many}\n  priority:\n    - {rule: sweep}\n")
    for rs in both(v):
        state = position(rs, [["7d", "2b"], ["2c"]], ["3c", "4s", "7b"], stock=["4b", "4c"])
        assert [m for m in moves_text(state) if m.startswith("7d")] == ["7d+3c+4s+7b"]
        last = position(rs, [["7d"], []], ["3c", "4s", "7b"])
        assert sorted(moves_text(last)) == ["7d+3c+4s", "7d+3c+4s+7b", "7d+7b"]


# ----------------------------------------------------------- both engines


KIND_VARIANTS = {
    "ace-takes-all": "  kinds:\n    - {id: all, take: whole-table, cards: rank == ace, unless_rank_on_table: true, sweep: false}\n"
                     "    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n"
                     "  priority:\n    - {rule: prefer, kinds: [all]}\n    - {rule: prefer, kinds: [match]}\n",
    "ace-keeps": "  kinds:\n    - {id: all, take: whole-table, cards: rank == ace, empty_table: keep}\n"
                 "    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n",
    "runs-and-sets": "  kinds:\n    - {id: rank, take: equal-rank, run: true}\n    - {id: sum, take: sum, sets: many}\n"
                     "  priority:\n    - {rule: most-cards}\n  obligation: none\n",
    "fifteen-always": "  kinds:\n    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n"
                      "    - {id: fifteen, take: sum-with-played, targets: [15], sweep: false}\n"
                      "  priority:\n    - {rule: always, kinds: [fifteen]}\n    - {rule: prefer, kinds: [match]}\n"
                      "    - {rule: fewest-cards}\n    - {rule: sweep}\n  obligation: any-card\n",
    "courts-by-rank": "  kinds:\n    - {id: rank, take: equal-rank, cards: rank >= 8}\n"
                      "    - {id: sum, take: sum, cards: rank <= 7}\n  priority:\n    - {rule: one-card-first}\n",
    # a match is compulsory, a sum (of numerals only) optional; of the sums, only those of the most cards
    "match-compulsory": "  kinds:\n    - {id: match, take: equal-value}\n    - {id: sum, take: sum, cards: rank <= 7}\n"
                        "  priority:\n    - {rule: most-cards, kinds: [sum]}\n"
                        "  obligation:\n    - {of: played-card, kinds: [match]}\n",
    # if any card can sweep it must; an ace that can take the table must; a single card matched first
    "sweep-compulsory": "  kinds:\n    - {id: all, take: whole-table, cards: rank == ace}\n"
                        "    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n"
                        "  priority:\n    - {rule: one-card-first, kinds: [match]}\n    - {rule: sweep, kinds: [sum]}\n"
                        "  obligation:\n    - {of: any-card, must: sweep}\n    - {of: played-card, kinds: [all]}\n",
}


@pytest.fixture(scope="module")
def kind_variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "kinds", {name: f"id: {name}\nextends: scopa\ncapture:\n{capture}"
                                                      for name, capture in KIND_VARIANTS.items()})


@given(name=st.sampled_from(sorted(KIND_VARIANTS)), seed=SEEDS, data=st.data())
def test_the_kernel_plays_capture_kinds_exactly_like_the_interpreter(kind_variants, name, seed, data):
    variant = kind_variants[name]
    names = [data.draw(st.sampled_from(sorted(BOTS))) for _ in range(2)]
    interpreted, kernel = both(variant)
    assert _record(kernel, names, seed, 1) == _record(interpreted, names, seed, 1)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("capture, code, line", [
    ("  mode: match\n  kinds:\n    - {id: sum, take: sum}\n", "capture-mode-and-kinds", 4),
    ("  kinds:\n    - {id: sum, take: sum, targets: [15]}\n", "kind-field-unused", 5),
    ("  kinds:\n    - {id: sum, take: sum-with-played}\n", "kind-needs-targets", 5),
    ("  kinds:\n    - {id: all, take: whole-table, run: true}\n", "kind-field-unused", 5),
    ("  kinds:\n    - {id: all, take: sum, unless_rank_on_table: true}\n", "kind-field-unused", 5),
    ("  kinds:\n    - {id: ten, take: equal-rank, cards: rank == 11}\n", "expr-card", 5),
    ("  kinds:\n    - {id: none, take: equal-rank, cards: rank == 7 and rank == 6}\n", "kind-no-cards", 5),
    ("  kinds:\n    - {id: sum, take: sum}\n  priority:\n    - {rule: prefer, kinds: [mtach]}\n", "unknown-kind", 7),
    ("  kinds:\n    - {id: sum, take: sum}\n  priority:\n    - {rule: prefer}\n", "priority-needs-kinds", 7),
    ("  kinds:\n    - {id: sum, take: sum}\n  priority:\n    - {rule: fewest-cards}\n    - {rule: most-cards}\n",
     "priority-conflict", 8),
    ("  kinds:\n    - {id: sum, take: sum}\n    - {id: sum, take: equal-value}\n", "duplicate-id", 6),
])
def test_a_kind_or_step_that_cannot_apply_is_a_located_error(validate_text, capture, code, line):
    variant, problems = validate_text(f"id: kinds\nextends: scopa\ncapture:\n{capture}", name="bad.yaml")
    assert variant is None
    found = [p for p in problems if p.code == code]
    assert found, [p.format() for p in problems]
    assert (found[0].file, found[0].line) == ("bad.yaml", line) and found[0].hint


def test_prefer_naming_every_kind_is_a_warning(validate_text):
    variant, problems = validate_text("id: kinds\nextends: scopa\ncapture:\n  kinds:\n    - {id: sum, take: sum}\n"
                                      "  priority:\n    - {rule: prefer, kinds: [sum]}\n", name="warn.yaml")
    assert variant is not None
    assert [(p.code, p.severity) for p in problems] == [("priority-does-nothing", "warning")]


def test_every_kind_and_step_is_worded_in_every_language(kind_variants):
    from escoba_spec.tools.rulebook import render_rulebook

    for name, variant in kind_variants.items():  # each with its differences from Scopa and an example play
        assert not rulebook_leaks(variant), name
    english = render_rulebook(kind_variants["ace-takes-all"], "en", "md")
    assert ("- With aces: take every card on the table, but not while a card of the same rank lies on the table. "
            "Clearing the table this way is not a scopa.") in english
    # the priority names the kind whole: a sum that happens to clear the table takes no precedence
    assert ("When the card you play can take the whole table with an ace, while no card of its rank lies on "
            "the table (never a scopa), it may not capture in another way.") in english


def test_diff_names_the_kinds_and_explains_where_play_parts(kind_variants):
    from escoba_spec.tools.diff import diff_variants

    scopa = load_variant(RULES / "scopa.yaml")
    for name, variant in kind_variants.items():
        report = diff_variants(scopa, variant, deals=40, seed=3)
        assert report.exit_code == 0 and not report.unexplained, name
        fields_ = {d.field for d in report.differences}
        assert "capture.mode" in fields_ and any(f.startswith("capture.kinds") for f in fields_), name
    report = diff_variants(scopa, kind_variants["ace-takes-all"], deals=40, seed=3)
    texts = [d.text for d in report.differences]
    assert "capture kind all: none in scopa, whole-table with rank == ace in ace-takes-all" in texts
    assert report.diverged > 0
