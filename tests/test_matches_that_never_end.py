"""Issue 36, class 5: a rule file whose matches cannot end. Where the validator can tell (the
sides level after every hand; a winning declaration every side is dealt), a located error at
the rule; where it cannot, play, simulate and analyze end the match with a message and exit 1,
never an internal error."""

from __future__ import annotations

import json

import pytest

from escoba_spec.cli import main

DROPPED = "".join(f"    - {{id: {rid}, drop: true}}\n"
                  for rid in ("most-cards", "most-denari", "settebello", "primiera", "scope"))


def _scored_by(award: str, points: str = "1") -> str:
    return (f"id: level\nname: Level\nextends: scopa\nsweeps: {{enabled: false}}\nscoring:\n  rules:\n{DROPPED}"
            f"    - {{id: everyone, name: Everyone, award: '{award}', points: {points}}}\n")


def _errors(problems) -> list[str]:
    return [p.code for p in problems if p.severity == "error"]


@pytest.mark.parametrize("award", ["count(pile) >= 0", "score >= 0 or count(pile) > 100", "hand_number >= 0"])
def test_a_rule_every_side_meets_for_the_same_points_every_hand_is_refused(validate_text, award):
    variant, problems = validate_text(_scored_by(award))
    assert variant is None and _errors(problems) == ["match-always-level"]
    level = next(p for p in problems if p.code == "match-always-level")
    assert (level.line, level.column) == (12, 45) and "level after every hand" in level.message


@pytest.mark.parametrize("award, points", [("count(pile) >= 0", "count(pile)"),  # the points tell the sides apart
                                           ("most(count(pile))", "1"),  # so does a majority
                                           ("count(pile) > 20", "1")])  # and a rule only some hands meet
def test_a_rule_that_can_tell_the_sides_apart_is_not_refused(validate_text, award, points):
    variant, problems = validate_text(_scored_by(award, points))
    assert variant is not None and problems == [], [p.format() for p in problems]


def test_a_level_rule_beside_an_event_that_may_score_is_not_refused(validate_text):
    text = _scored_by("count(pile) >= 0") + "  events:\n    - {id: limpia, when: 'count(table) == 0', points: 1}\n"
    variant, problems = validate_text(text)
    assert variant is not None and _errors(problems) == [], [p.format() for p in problems]


def test_a_winning_declaration_every_player_is_dealt_is_refused_at_its_condition(validate_text):
    text = ("id: all-win\nname: All win\nextends: scopa\ndeclarations:\n  rules:\n"
            "    - {id: dealt, name: Dealt, when: 'count(hand) == 3', effect: win-match}\n")
    variant, problems = validate_text(text)
    assert variant is None and _errors(problems) == ["declared-every-hand"]
    found = next(p for p in problems if p.code == "declared-every-hand")
    assert (found.line, found.column) == (6, 38) and "every side wins at once" in found.message


@pytest.mark.parametrize("when", ["same_rank(hand) == 3",  # a hand only some are dealt: Cuarenta's kind
                                  "count(hand) == 3 and has(hand, 7 of denari)"])  # one seat at most
def test_a_winning_declaration_some_players_are_dealt_is_valid(validate_text, when):
    text = ("id: some-win\nname: Some win\nextends: scopa\ndeclarations:\n  rules:\n"
            f"    - {{id: dealt, name: Dealt, when: '{when}', effect: win-match}}\n")
    variant, problems = validate_text(text)
    assert variant is not None and problems == [], [p.format() for p in problems]


def test_a_level_match_the_validator_cannot_prove_ends_play_with_exit_1(tmp_path, capsys):
    """`count(pile) >= count(pile)` always holds, but the deck's numbers do not tell: the match
    is played, and ended after its limit of hands with the reason, in text and JSON."""
    path = tmp_path / "level.yaml"
    path.write_text(_scored_by("count(pile) >= count(pile)"), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    assert main(["play", str(path), "--bots", "random,random", "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert "could not be finished" in err and "the sides at the top are level" in err and "Traceback" not in err
    assert main(["play", str(path), "--bots", "random,random", "--seed", "1", "--format", "json"]) == 1
    captured = capsys.readouterr()
    assert "the sides at the top are level" in captured.err and "Traceback" not in captured.err
    for line in captured.out.splitlines():
        json.loads(line)  # what was printed before the match was given up stays JSON
    code = main(["simulate", str(path), "--games", "2", "--engine", "interpreted", "--seed", "1"])
    err = capsys.readouterr().err
    assert code == 1 and "could not be played" in err and "level" in err and "Traceback" not in err
