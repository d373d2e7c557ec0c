"""One run of `validate` shows every error: a schema error does not hide the expression,
semantic and option errors elsewhere in the file (issue 20, item 1)."""

from __future__ import annotations

import subprocess
import sys

import yaml
from hypothesis import given
from hypothesis import strategies as st

from .conftest import ROOT, RULES

SHIPPED = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(RULES.glob("*.yaml"))}
#: keys no schema mapping allows: a misspelling anywhere is an unknown key
STRAY = st.sampled_from(["taget", "awrd", "pionts", "colour", "x-y"])


def codes(problems) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in sorted(problems, key=lambda d: (d.line, d.column)) if d.severity == "error"]


def test_misspelt_key_and_misspelt_function_are_both_reported_in_one_run(validate_text):
    variant, problems = validate_text(
        "id: mine\nname: Mine\nextends: escoba-de-15\n"
        "match:\n  taget: 31\n"
        "scoring:\n  rules:\n    - id: most-cards\n      award: most(cuont(pile))\n")
    assert variant is None
    assert codes(problems) == [("unknown-key", 5), ("expr-unknown-function", 9)]
    assert [d.hint for d in problems] == ["did you mean 'target'?", "did you mean 'count'?"]


def test_the_command_line_prints_both_errors_and_exits_1(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    path = rules / "mine.yaml"
    path.write_text("id: mine\nname: Mine\nextends: escoba-de-15\nmatch:\n  taget: 31\n"
                    "scoring:\n  rules:\n    - id: most-cards\n      award: most(cuont(pile))\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "escoba_spec", "validate", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1
    assert "mine.yaml:5:3: error[unknown-key]" in proc.stdout
    assert "mine.yaml:9:19: error[expr-unknown-function]" in proc.stdout


def test_the_key_a_misspelling_meant_is_not_reported_again_where_an_option_sets_it(validate_text):
    """A base file whose `match` has `taget` for `target`, and an option setting match.target:
    the later stages, which see no `target`, would say the option's default is missing."""
    text = (RULES / "escoba-de-15.yaml").read_text(encoding="utf-8").replace("  target: 21", "  taget: 21")
    variant, problems = validate_text(text.replace("id: escoba-de-15", "id: mine"))
    line = text.splitlines().index("  taget: 21") + 1
    assert variant is None
    assert codes(problems) == [("unknown-key", line)]


def test_an_entry_with_a_wrong_type_still_lets_the_other_rules_be_checked(validate_text):
    variant, problems = validate_text(
        "id: mine\nname: Mine\nextends: escoba-de-15\n"
        "scoring:\n  rules:\n    - id: extra\n      award: sweeps > 0\n      points: [1]\n"
        "    - id: other\n      award: most(count(pile, suit == orros))\n      points: 1\n")
    assert variant is None
    assert ("wrong-type", 8) in codes(problems)
    assert any(d.code.startswith("expr-") and d.line == 10 for d in problems)


def test_an_error_in_extends_still_stops_at_the_schema(validate_text):
    variant, problems = validate_text("id: mine\nextends: [escoba-de-15]\nmatch:\n  target: 31\n")
    assert variant is None
    assert codes(problems) == [("wrong-type", 2)]


def _mappings(data, prefix=()):
    if isinstance(data, dict):
        yield prefix
        for key, value in data.items():
            yield from _mappings(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _mappings(value, prefix + (i,))


@given(st.sampled_from(sorted(SHIPPED)), st.data(), STRAY)
def test_a_stray_key_anywhere_in_a_shipped_file_gives_one_error_there_and_none_elsewhere(validate_text, name, data, stray):
    """Salvaging adds no error of its own: a valid file with one unknown key gets exactly
    that one error, wherever the key is (the later stages, run on the rest, find nothing)."""
    doc = yaml.safe_load(yaml.safe_dump(SHIPPED[name]))
    doc["id"] = f"c-{doc['id']}"  # its own id: the shipped file is in the same rules tree
    where = data.draw(st.sampled_from([p for p in _mappings(doc) if "options" not in p[:1]]))
    node = doc
    for part in where:
        node = node[part]
    node[stray] = 1
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.lstrip(" -").startswith(f"{stray}: 1"))
    variant, problems = validate_text(text)
    assert variant is None
    # where a mapping takes any name (a deck's values by rank) the stray key is an unknown rank;
    # either way, the one error is at the stray key
    assert [d.line for d in problems if d.severity == "error"] == [line], "\n".join(d.format() for d in problems)


def test_a_stray_key_in_a_files_only_rule_is_its_one_error_not_also_no_rules_left(validate_text):
    """Found by the test above: Rubamazzo's one scoring rule taken out for a stray language in its
    name left no rules, and 'no scoring rules, so no one can ever win' was said besides; the
    pruned rule now accounts for what is said of its list."""
    doc = yaml.safe_load(yaml.safe_dump(SHIPPED["rubamazzo.yaml"]))
    doc["id"] = "c-rubamazzo"
    assert len(doc["scoring"]["rules"]) == 1
    doc["scoring"]["rules"][0]["name"]["taget"] = 1
    variant, problems = validate_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
    assert variant is None
    assert [d.code for d in problems if d.severity == "error"] == ["unknown-language"], [d.format() for d in problems]


@given(st.sampled_from(sorted(n for n, d in SHIPPED.items() if "scoring" in d)), st.data(), STRAY)
def test_a_stray_key_does_not_hide_a_broken_expression(validate_text, name, data, stray):
    doc = yaml.safe_load(yaml.safe_dump(SHIPPED[name]))
    rules = doc["scoring"]["rules"]
    broken = data.draw(st.integers(0, len(rules) - 1))
    rules[broken]["award"] = "most(cuont(pile))"
    where = data.draw(st.sampled_from([p for p in _mappings(doc)
                                       if "options" not in p[:1] and p[:3] != ("scoring", "rules", broken)]))
    node = doc
    for part in where:
        node = node[part]
    node[stray] = 1
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.lstrip(" -").startswith(f"{stray}: 1"))
    variant, problems = validate_text(text)
    assert variant is None
    errors = [d for d in problems if d.severity == "error"]
    assert any(d.line == line for d in errors)  # the stray key's own error
    assert any(d.code == "expr-unknown-function" for d in errors), "\n".join(d.format() for d in problems)


def test_a_mistake_in_a_node_an_alias_reuses_is_said_once_where_it_is_written(validate_text):
    """`sources: *card-points` uses one written node in several rules: its mistake is one error,
    at the line where it is written, not one per use."""
    variant, problems = validate_text(
        "id: mine\nextends: escoba-de-15\nscoring:\n  rules:\n"
        "    - id: extra\n      award: sweeps > 0\n      points: 1\n      sources: &cited\n"
        "        - url: https://example.org/rules\n          taget: 1\n"
        "    - id: other\n      award: sweeps > 1\n      points: 1\n      sources: *cited\n")
    assert variant is None
    assert [(d.code, d.line) for d in problems if d.severity == "error"] == [("unknown-key", 10)]


# ---------------------------------------------------------------- diagnostics a designer follows (issue 41 item 4)


def test_a_yaml_11_word_is_one_error_that_names_the_values_allowed(validate_text):
    """`ties: yes` gave three errors (the YAML 1.1 boolean, "cannot be true", "must be text")."""
    variant, problems = validate_text("id: mine\nextends: escoba-de-15\nscoring:\n  ties: yes\n")
    (problem,) = [p for p in problems if p.severity == "error"]
    assert (problem.code, problem.line) == ("yaml11-boolean", 4)
    assert "none, all, split, carry" in problem.hint


def test_an_enum_says_null_not_none_and_its_hint_is_a_guess_not_the_schemas_description(validate_text):
    _, problems = validate_text("id: mine\nextends: escoba-de-15\ndeck:\n  preset: spanish40\n")
    (problem,) = [p for p in problems if p.code == "bad-value"]
    assert problem.message.endswith("french-52, null") and "None" not in problem.message
    assert problem.hint == "did you mean 'spanish-40'?"
    _, problems = validate_text("id: mine\nextends: escoba-de-15\nscoring:\n  ties: sometimes\n")
    (problem,) = [p for p in problems if p.code == "bad-value"]
    assert problem.hint == ""  # no guess: the message lists the values, the description is for editors


def test_a_misspelt_id_of_the_bases_rule_asks_did_you_mean_not_for_an_award(validate_text):
    """`id: escoba` where the base has `escobas`: following "add award:" would add a second sweep rule."""
    _, problems = validate_text("id: mine\nextends: escoba-de-15\nscoring:\n  rules:\n    - id: escoba\n      points: 2\n")
    (problem,) = [p for p in problems if p.severity == "error"]
    assert problem.code == "missing-key" and "no base has one of that id" in problem.message
    assert problem.hint.startswith("did you mean 'escobas'?")


def test_base_for_extends_is_asked_did_you_mean_extends(validate_text):
    """No spelling of `base` is close to `extends`: the hint listed every allowed key."""
    _, problems = validate_text("id: mine\nbase: escoba-de-15\n")
    (problem,) = [p for p in problems if p.code == "unknown-key"]
    assert problem.hint.startswith("did you mean 'extends'?")
