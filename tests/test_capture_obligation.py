"""The obligation as steps (capture.obligation as a list) and priority steps that name kinds.

Written as house rules of Scopa (Italian cards: `7d` the seven of denari, `Rb`
the re of bastoni), played through `HandState.setup` positions in both engines;
test_capture_kinds and test_kernel_kinds play whole hands of two more such
variants in both engines (`match-compulsory`, `sweep-compulsory`).
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import parse_move

from .engine_fixtures import both_engines, house_variants, moves_text, position, rulebook_leaks

IDS = ["interpreted", "kernel"]
TEXTS = {
    # "a match is compulsory, a sum optional": Scopa's own kinds, named by the obligation
    "match-compulsory": "capture:\n  obligation:\n    - {of: played-card, kinds: [match]}\n",
    # "if any card in your hand can sweep, you must sweep"
    "sweep-compulsory": "capture:\n  obligation:\n    - {of: any-card, must: sweep}\n",
    # the whole hand must capture a match when one can; a sum stays optional
    "any-match": "capture:\n  obligation:\n    - {of: any-card, kinds: [match]}\n",
}


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "obligation",
                          {name: f"id: {name}\nextends: scopa\n{text}" for name, text in TEXTS.items()})


def _engines(variants, name):
    return both_engines(variants[name])


@pytest.mark.parametrize("engine", [0, 1], ids=IDS)
def test_a_card_that_can_match_must_match_and_a_card_that_can_only_sum_may_trail(variants, engine):
    rs = _engines(variants, "match-compulsory")[engine]
    state = position(rs, [["5d", "7c"], ["1s", "2s"]], ["5s", "3b", "4c"])
    assert sorted(moves_text(state)) == ["5d+5s", "7c", "7c+4c+3b"]


@pytest.mark.parametrize("engine", [0, 1], ids=IDS)
def test_a_match_anywhere_in_the_hand_forbids_every_other_play(variants, engine):
    rs = _engines(variants, "any-match")[engine]
    state = position(rs, [["5d", "7c"], ["1s", "2s"]], ["5s", "3b", "4c"])
    assert moves_text(state) == ["5d+5s"]
    no_match = position(rs, [["6d", "7c"], ["1s", "2s"]], ["5s", "3b", "4c"])  # only a sum: free to trail
    assert sorted(moves_text(no_match)) == ["6d", "7c", "7c+4c+3b"]


@pytest.mark.parametrize("engine", [0, 1], ids=IDS)
def test_a_card_that_can_sweep_makes_the_sweep_compulsory_for_the_whole_hand(variants, engine):
    rs = _engines(variants, "sweep-compulsory")[engine]
    state = position(rs, [["7d", "2c", "3d"], ["1s", "2s", "4s"]], ["3s", "4b"])
    assert moves_text(state) == ["7d+3s+4b"]
    move = parse_move("3d+3s", rs.cards)
    reasons = state.explain_illegal(move)
    assert reasons and "capture.obligation" in reasons[0] and "7d+3s+4b" in reasons[0]
    no_sweep = position(rs, [["5d", "2c"], ["1s", "2s"]], ["3s", "5b", "4c"])  # no sweep: free to trail
    assert sorted(moves_text(no_sweep)) == ["2c", "5d", "5d+5b"]


@pytest.mark.parametrize("engine", [0, 1], ids=IDS)
def test_the_sweep_is_not_compulsory_on_the_hands_last_play(variants, engine):
    rs = _engines(variants, "sweep-compulsory")[engine]
    state = position(rs, [["7d"], []], ["3s", "4b"], dealer=1)
    assert sorted(moves_text(state)) == ["7d", "7d+3s+4b"]


def test_the_rulebook_says_each_step_and_the_freedom_left(variants):
    from escoba_spec.tools.rulebook import render_rulebook

    for name, variant in variants.items():
        assert not rulebook_leaks(variant), name
    sweep = render_rulebook(variants["sweep-compulsory"], "en", "md")
    assert ("If any card of your hand can clear the table, you must play such a card and clear it, "
            "except on the last play of the hand.") in sweep
    assert "Otherwise capturing is not compulsory: you may lay your card on the table instead." in sweep
    assert "Capturing is never compulsory" not in sweep
    match = render_rulebook(variants["match-compulsory"], "en", "md")
    assert ("If the card you play can take a card of the same value, it must: it may neither capture otherwise "
            "nor be laid on the table.") in match


def test_diff_names_the_obligation_and_explains_where_play_parts(variants):
    from escoba_spec.language.validate import load_variant
    from escoba_spec.tools.diff import diff_variants

    from .conftest import RULES

    scopa = load_variant(RULES / "scopa.yaml")
    report = diff_variants(scopa, variants["sweep-compulsory"], deals=60, seed=5)
    assert report.exit_code == 0 and not report.unexplained
    found = [d for d in report.differences if d.field == "capture.obligation"]
    assert found and "played-card" in found[0].text and "any-card sweep" in found[0].text
    assert report.diverged > 0


@pytest.mark.parametrize("obligation, code, line", [
    ("    - {of: played-card, kinds: [mtach]}\n", "unknown-kind", 5),
    ("    - {of: played-card}\n    - {of: played-card}\n", "obligation-step-repeated", 6),
    ("    - {of: hand}\n", "schema", 5),
])
def test_an_obligation_step_that_cannot_apply_is_located(validate_text, obligation, code, line):
    variant, problems = validate_text(f"id: bad\nextends: scopa\ncapture:\n  obligation:\n{obligation}",
                                      name="bad.yaml")
    found = [p for p in problems if p.code == code or (code == "schema" and p.line == line)]
    assert found, [p.format() for p in problems]
    assert (found[0].file, found[0].line) == ("bad.yaml", line) and found[0].hint
