"""`escoba-spec diff`: the stated differences, the lockstep play, the attribution, the CLI."""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass, replace

import pytest

from escoba_spec.cli import main
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.diff import diff_variants, variant_differences
from escoba_spec.tools.diff.effects import FIELDS, SECTIONS, SKIP

from .conftest import RULES

ESCOBA = load_variant(RULES / "escoba-de-15.yaml")
ESCOPA = load_variant(RULES / "escopa.yaml")
OPEN = load_variant(RULES / "open-table.yaml")


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["diff", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------ Done when


def test_open_table_names_the_difference_and_nothing_diverges(capsys):
    code, out, _ = _run(capsys, str(RULES / "escoba-de-15.yaml"), str(RULES / "open-table.yaml"), "--deals", "500")
    assert code == 0
    assert "every hand played face up: no in escoba-de-15, yes in open-table" in out
    assert "can change: what bots see" in out
    assert "diverged: 0 of 500 deals" in out
    assert "Unexplained divergences: none" in out


def test_escopa_names_the_capture_rules_and_explains_the_first_divergence(capsys):
    code, out, _ = _run(capsys, str(RULES / "escoba-de-15.yaml"), str(RULES / "escopa.yaml"), "--deals", "500",
                        "--format", "json")
    assert code == 0
    report = json.loads(out)
    texts = [d["text"] for d in report["differences"]]
    assert "capture targets: [15] in escoba-de-15, [15, 30] in escopa" in texts
    assert "capture obligation: played-card in escoba-de-15, any-card in escopa" in texts
    first = report["first_divergence"]
    assert first is not None and first["explained"]
    assert any(f.startswith("capture.") for f in first["explained_by"])
    assert report["deals"] == 500 and report["diverged"] > 0 and report["unexplained"] == []


def test_same_inputs_give_the_same_bytes(capsys):
    args = (str(RULES / "escoba-de-15.yaml"), str(RULES / "escopa.yaml"), "--deals", "40", "--seed", "9")
    first = _run(capsys, *args)
    assert first == _run(capsys, *args)
    assert _run(capsys, *args, "--format", "json") == _run(capsys, *args, "--format", "json")


# --------------------------------------------------------- stated differences


def test_a_variant_against_itself_has_no_difference_and_never_diverges():
    report = diff_variants(ESCOBA, ESCOBA, deals=50, seed=3, bots=["random", "greedy"])
    assert report.differences == []
    assert report.diverged == 0 and report.first_divergence is None and report.exit_code == 0
    assert report.a == "escoba-de-15 (A)" and report.b == "escoba-de-15 (B)"


def test_every_ir_field_the_walk_reaches_has_words_and_effects():
    """A new IR field must say what it can change (else it silently counts as 'everything')."""

    def leaves(path, value):
        if is_dataclass(value):
            for f in fields(value):
                if f.name not in SKIP:  # citations, layouts (a set) and texts told with their masks
                    yield from leaves(f"{path}.{f.name}", getattr(value, f.name))
        else:
            yield path

    for variant in (ESCOBA, ESCOPA):
        for section in SECTIONS:
            for path in leaves(section, getattr(variant, section)):
                assert path in FIELDS, path
    assert {"end_of_deal.check", "end_of_deal.penalty"} <= set(FIELDS)


def test_scoring_rules_compare_by_id_and_by_meaning():
    diffs = {d.field: d for d in variant_differences(ESCOBA, ESCOPA)}
    assert diffs["scoring.rules.escobas"].text == (
        "scoring rule escobas in escoba-de-15 is escopas in escopa (same award and points)")
    assert diffs["scoring.rules.escobas"].effects == ()
    assert "scoring rule setenta (Setenta) only in escoba-de-15" in diffs["scoring.rules.setenta"].text
    assert diffs["scoring.rules.all-diamonds"].b == {"award": "count(pile, suit == scoring_suit) == 10", "points": "3",
                                                     "effect": "points"}
    assert diffs["scoring.rules.most-cards.points"].effects == ("hand points",)
    assert diffs["deck.preset"].effects == ("card names",)


def test_the_tie_policy_is_one_difference_not_one_per_majority_rule():
    ties = load_variant(RULES / "house" / "escoba-31-ties-all.yaml")
    fields_ = [d.field for d in variant_differences(ESCOBA, ties)]
    assert fields_ == ["scoring.ties", "match.target", "options.target.chosen", "options.ties.chosen"]


def test_a_scoring_only_house_rule_is_only_a_scoring_difference():
    napola = load_variant(RULES / "house" / "scopa-napola.yaml")
    scopa = load_variant(RULES / "scopa.yaml")
    (only,) = variant_differences(scopa, napola)
    assert only.field == "scoring.rules.napola" and only.effects == ("hand points",) and only.a is None


def test_leftover_check_and_penalty_are_described_in_words():
    dropped = load_variant(RULES / "house" / "escopa-no-leftover-check.yaml")
    diffs = {d.field: d for d in variant_differences(ESCOPA, dropped)}
    assert diffs["end_of_deal.check"].text == (
        "leftover check: totals [10, 25, 40, 55] (modulo 15) in escopa, none in escopa-no-leftover-check")
    assert "the side at fault loses the match, 6 points plus its sweeps to the opponents" in \
        diffs["end_of_deal.penalty"].text
    assert diffs["end_of_deal.check"].a == {"totals": [10, 25, 40, 55], "modulus": 15}


# --------------------------------------------------------------- lockstep play


def test_a_scoring_difference_diverges_only_in_hand_points_and_match_end():
    ties = load_variant(RULES / "house" / "escoba-31-ties-all.yaml")
    report = diff_variants(ESCOBA, ties, deals=150, seed=1, bots=["greedy", "random"])
    assert report.kinds and set(report.kinds) <= {"hand points", "match end"}
    assert "hand points" in report.kinds and report.first_divergence.turn is None
    assert report.exit_code == 0


def test_a_target_option_diverges_only_at_the_match_end():
    to31 = load_variant(RULES / "escoba-de-15.yaml", {"target": "31"})
    report = diff_variants(ESCOBA, to31, deals=60, seed=2)
    assert set(report.kinds) == {"match end"}
    first = report.first_divergence
    assert first.explained_by == ("match.target",)
    assert first.a["winner"] is not None and first.b["winner"] is None


def test_the_dealer_rotation_shows_at_the_second_deal_of_three_players():
    previous = replace(ESCOBA, deal=replace(ESCOBA.deal, dealer_rotation="previous"))
    report = diff_variants(ESCOBA, previous, deals=5, bots=["greedy"] * 3)
    first = report.first_divergence
    assert (first.deal, first.turn, first.kind) == (2, 0, "deal")
    assert first.a["dealer"] == 1 and first.b["dealer"] == 2
    assert first.explained_by == ("deal.dealer_rotation",)


def test_the_round_dealer_shows_when_the_second_round_is_dealt():
    """004's deal passing on after every round: the two variants play the first
    round alike; the second round is dealt from another seat on."""
    rotating = replace(ESCOBA, deal=replace(ESCOBA.deal, round_dealer="next"))
    report = diff_variants(ESCOBA, rotating, deals=3, bots=["greedy", "greedy"])
    first = report.first_divergence
    assert (first.deal, first.turn, first.kind) == (1, 6, "deal")  # turns count from 1: the sixth play ends round one
    assert (first.a["to_play"], first.b["to_play"]) == (1, 0) and first.a["hands"] == first.b["hands"][::-1]
    assert first.explained_by == ("deal.round_dealer",)
    assert [d.field for d in variant_differences(ESCOBA, rotating)] == ["deal.round_dealer"]


def test_the_first_player_before_the_dealer_shows_at_the_deal():
    letter = load_variant(RULES / "escoba-francesa.yaml", {"first-player": "before-dealer"})
    usual = load_variant(RULES / "escoba-francesa.yaml")
    report = diff_variants(usual, letter, deals=2, bots=["greedy"] * 3)
    first = report.first_divergence
    assert (first.deal, first.kind, first.explained_by) == (1, "deal", ("deal.first_player",))


def test_decks_of_other_cards_are_not_compared_card_by_card():
    comodines = load_variant(RULES / "comodines.yaml")
    report = diff_variants(ESCOBA, comodines, deals=10)
    assert not report.comparable and "cannot be compared card by card" in report.notes[0]
    assert report.kinds == {"deal": 10}
    assert "deck.jokers.count" in report.first_divergence.explained_by


def test_no_common_table_plays_nothing_and_bots_for_no_common_table_are_refused():
    six = load_variant(RULES / "house" / "escoba-6-teams-of-3.yaml")
    report = diff_variants(ESCOBA, six, deals=10)
    assert report.deals == 0 and report.players is None and report.exit_code == 0
    assert [d.field for d in report.differences] == ["players.layouts"]
    with pytest.raises(ValueError, match="not a table both variants allow"):
        diff_variants(ESCOBA, six, deals=10, bots=["greedy"] * 6)


def test_four_players_play_in_the_teams_both_allow():
    report = diff_variants(ESCOBA, ESCOPA, deals=20, bots=["random"] * 4)
    assert (report.players, report.team_size) == (4, 2)
    assert report.exit_code == 0


class _DoubleSweeps(Interpreter):
    """A faulty rule set: every sweep counts twice, which no rule says."""

    def sweep_weight(self, card, captured, last_play):
        return 2 * super().sweep_weight(card, captured, last_play)


def test_a_divergence_no_difference_explains_is_unexplained():
    report = diff_variants(ESCOBA, OPEN, deals=30, rulesets=(Interpreter(ESCOBA), _DoubleSweeps(OPEN)))
    assert report.unexplained and report.exit_code == 1
    first = report.unexplained[0]
    assert first.kind == "sweeps" and not first.explained
    assert first.b["sweeps"] == 2 * first.a["sweeps"]


# ------------------------------------------------------------------------ CLI


def test_cli_exits_1_and_says_so_when_a_divergence_is_unexplained(capsys, monkeypatch):
    import escoba_spec.engine.interpreter

    def faulty(variant):
        return _DoubleSweeps(variant) if variant.id == "open-table" else Interpreter(variant)

    monkeypatch.setattr(escoba_spec.engine.interpreter, "Interpreter", faulty)
    code, out, _ = _run(capsys, str(RULES / "escoba-de-15.yaml"), str(RULES / "open-table.yaml"), "--deals", "30",
                        "--engine", "interpreted")  # the faulty engine is an interpreter
    assert code == 1
    assert "Unexplained divergences (" in out and "UNEXPLAINED: no stated difference can change the sweeps" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.yaml", "rules/escopa.yaml"], "no such file"),
        (["rules/scopa.yaml", "rules/escopa.yaml", "--bots", "genius"], "unknown bot 'genius'"),
        (["rules/scopa.yaml", "rules/escopa.yaml", "--deals", "0"], "--deals must be at least 1"),
        (["rules/scopa.yaml", "rules/escopa.yaml", "--bots", "greedy,greedy,greedy"], "not a table both"),
        (["rules/scopa.yaml", "rules/escopa.yaml", "--format", "xml"], "invalid choice"),
        (["rules/scopa.yaml"], "needs a second rule file B"),
    ],
)
def test_usage_errors_exit_2(args, message, capsys, monkeypatch):
    monkeypatch.chdir(RULES.parent)
    try:
        code = main(["diff", *args])
    except SystemExit as stop:  # argparse's own errors
        code = stop.code
    assert code == 2
    assert message in capsys.readouterr().err


def test_an_invalid_rule_file_prints_its_diagnostics_and_exits_1(rules_tree, capsys):
    bad = rules_tree / "house" / "bad.yaml"
    bad.write_text("id: bad\nextends: escoba-de-15\nmatch: {taget: 3}\n")
    code, out, _ = _run(capsys, str(rules_tree / "escoba-de-15.yaml"), str(bad))
    assert code == 1
    assert "error[unknown-key]" in out and "did you mean 'target'?" in out


def test_bots_may_be_given_one_per_argument_or_comma_separated(capsys):
    files = (str(RULES / "escoba-de-15.yaml"), str(RULES / "escopa.yaml"), "--deals", "5", "--format", "json")
    code, out, _ = _run(capsys, *files, "--bots", "greedy", "random")
    code2, out2, _ = _run(capsys, *files, "--bots", "greedy,random")
    assert code == code2 == 0 and out == out2
    assert json.loads(out)["bots"] == ["greedy", "random"]
