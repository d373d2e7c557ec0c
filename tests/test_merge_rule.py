"""The house-rule merge rule: maps merge, lists replace, rules merge by id, drop removes, null replaces."""

from __future__ import annotations

from pathlib import Path

from escoba_spec.language.resolve import Resolver


def resolve(rules_tree: Path, text: str, name: str = "house.yaml", options=None):
    path = rules_tree / name
    path.write_text(text, encoding="utf-8")
    resolved, problems = Resolver().resolve(path, name, options)
    assert resolved is not None, [p.format() for p in problems]
    return resolved


def rule_ids(resolved) -> list[str]:
    return [r["id"] for r in resolved.data["scoring"]["rules"]]


def test_maps_merge_key_by_key(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\ncapture:\n  obligation: none\n")
    assert r.data["capture"]["obligation"] == "none"
    assert r.data["capture"]["targets"] == [15]  # untouched sibling kept
    assert r.data["capture"]["mode"] == "sum"


def test_lists_replace_whole(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\nplayers:\n  layouts:\n    - {players: 6, team_size: 3}\n")
    assert r.data["players"]["layouts"] == [{"players": 6, "team_size": 3}]


def test_scoring_rules_merge_by_id(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\nscoring:\n  rules:\n"
                "    - {id: most-cards, points: 2}\n"
                "    - {id: extra, award: 'sweeps > 2', points: 1}\n")
    assert rule_ids(r) == ["most-cards", "most-oros", "siete-de-velo", "setenta", "escobas", "extra"]
    most = r.data["scoring"]["rules"][0]
    assert most["points"] == 2 and most["award"] == "most(count(pile))"


def test_drop_removes_a_rule_and_positions_follow(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\nscoring:\n  rules:\n    - {id: most-oros, drop: true}\n")
    assert rule_ids(r) == ["most-cards", "siete-de-velo", "setenta", "escobas"]
    # the rule now at index 1 keeps the position it had in the base file
    pos = r.pos("scoring.rules[1].award")
    base_line = next(i for i, l in enumerate((rules_tree / "escoba-de-15.yaml").read_text().splitlines(), 1)
                     if "has(pile, 7 of scoring_suit)" in l)
    assert (pos.file.endswith("escoba-de-15.yaml"), pos.line) == (True, base_line)


def test_overridden_value_points_at_the_house_rule(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\nmatch:\n  target: 31\n")
    pos = r.pos("match.target")
    assert (pos.file, pos.line, pos.column) == ("house.yaml", 4, 11)
    assert r.pos("match.tie").file.endswith("escoba-de-15.yaml")


def test_null_replaces(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escopa\nend_of_deal:\n  check: null\n")
    assert r.data["end_of_deal"]["check"] is None


def test_extends_by_relative_path_and_chain(rules_tree):
    (rules_tree / "house" / "mine").mkdir(parents=True, exist_ok=True)
    resolve(rules_tree, "id: first\nextends: ../escoba-de-15.yaml\nmatch: {target: 31}\n", name="house/first.yaml")
    r = resolve(rules_tree, "id: second\nextends: first\nvisibility: {open_hands: true}\n", name="house/mine/second.yaml")
    assert r.chain == ["first", "escoba-de-15"]
    assert r.data["match"]["target"] == 31 and r.data["visibility"]["open_hands"] is True
    assert r.data["id"] == "second"


def test_options_field_and_choice(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\n", options={"target": "31"})
    assert r.data["match"]["target"] == 31
    assert r.chosen["target"] == "31" and r.defaults["target"] == "21"


def test_option_dropped_by_house_rule(rules_tree):
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\noptions:\n  target: {drop: true}\n")
    assert "target" not in r.data["options"]


ACE = ("id: ace\nextends: scopa\ncapture:\n  kinds:\n"
       "    - {id: all, take: whole-table, cards: rank == ace, unless_rank_on_table: true, sweep: false}\n"
       "    - {id: match, take: equal-value}\n    - {id: sum, take: sum}\n")


def test_capture_kinds_merge_by_id(rules_tree):
    resolve(rules_tree, ACE, name="ace.yaml")
    r = resolve(rules_tree, "id: h\nextends: ace\ncapture:\n  kinds:\n    - {id: all, sweep: true}\n"
                "    - {id: sum, drop: true}\n    - {id: run, take: equal-rank, run: true}\n")
    kinds = r.data["capture"]["kinds"]
    assert [k["id"] for k in kinds] == ["all", "match", "run"]
    assert kinds[0] == {"id": "all", "take": "whole-table", "cards": "rank == ace", "unless_rank_on_table": True,
                        "sweep": True}
    assert r.pos("capture.kinds[0].sweep").file == "house.yaml"
    assert r.pos("capture.kinds[0].take").file.endswith("ace.yaml")


def test_a_kind_with_no_take_or_dropping_what_is_not_there_is_an_error(rules_tree):
    resolve(rules_tree, ACE, name="ace.yaml")
    for body, code in (("    - {id: extra, sweep: true}\n", "missing-key"), ("    - {id: none, drop: true}\n", "unknown-drop"),
                       ("    - {id: all, sweep: true}\n    - {id: all, run: true}\n", "duplicate-id")):
        path = rules_tree / "h.yaml"
        path.write_text(f"id: h\nextends: ace\ncapture:\n  kinds:\n{body}", encoding="utf-8")
        resolved, problems = Resolver().resolve(path, "h.yaml")
        assert [p.code for p in problems] == [code], [p.format() for p in problems]
        assert problems[0].line >= 5 and problems[0].hint


def test_a_text_by_language_replaces_whole_wherever_it_stands(rules_tree):
    """A rule's name written by language, in a house rule, replaces the base's forms (a name
    in Italian only must not keep the base's English), as the variant's own name does, while
    the rest of the rule merges key by key. (Options are replaced whole anyway.)"""
    r = resolve(rules_tree, "id: h\nextends: escoba-de-15\nscoring:\n  rules:\n"
                "    - {id: most-cards, name: {it: Più carte}}\n")
    assert r.data["scoring"]["rules"][0]["name"] == {"it": "Più carte"}
    assert r.data["scoring"]["rules"][0]["award"] == "most(count(pile))"


def test_an_empty_list_in_a_house_rule_removes_the_bases(rules_tree):
    """Issue 37 item 8: `redeal: []` drops Cirulla's redeal on two aces; `instead_of: []` lets
    Pişti's pişti of jacks score beside the pişti it replaced; `kinds: []` opens an event to any
    play. An empty list replaces, as every list does."""
    from escoba_spec.language.validate import load_variant

    r = resolve(rules_tree, "id: h\nextends: cirulla\ndeal:\n  redeal: []\n")
    assert r.data["deal"]["redeal"] == []
    assert load_variant(rules_tree / "house.yaml").deal.redeal == ()
    resolve(rules_tree, "id: p\nextends: pisti\nscoring:\n  events:\n    - {id: jack-pisti, instead_of: []}\n",
            name="p.yaml")
    events = {e.id: e for e in load_variant(rules_tree / "p.yaml").scoring.events}
    assert events["jack-pisti"].instead_of == () and events["jack-pisti"].points is not None
