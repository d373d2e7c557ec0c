"""Every class of bad input gets a located diagnostic, never a traceback.

Each case pins the code, line and column of the first error it must produce.
"""

from __future__ import annotations

import pytest

HOUSE = "id: my-house\nextends: escoba-de-15\n"

CASES = [
    # (name, text, code, line, column)
    ("malformed", "id: x\nname: [unclosed\n", "yaml-syntax", 3, 1),
    ("mapping-in-scalar", "id: a: b\n", "yaml-syntax", 1, 6),
    ("tab-indent", "id: x\nmatch:\n\ttarget: 21\n", "tab-indent", 3, 1),
    ("empty", "", "empty-file", 1, 1),
    ("only-comments", "# nothing here\n\n", "empty-file", 1, 1),
    ("top-level-list", "- id: x\n", "not-a-mapping", 1, 1),
    ("top-level-scalar", "escoba\n", "not-a-mapping", 1, 1),
    ("duplicate-key", HOUSE + "match:\n  target: 21\n  target: 31\n", "duplicate-key", 5, 3),
    ("unknown-key", HOUSE + "match:\n  taget: 21\n", "unknown-key", 4, 3),
    ("unknown-top-key", HOUSE + "scorng: {}\n", "unknown-key", 3, 1),
    ("quoted-number", HOUSE + "match:\n  target: \"15\"\n", "wrong-type", 4, 11),
    ("bool-for-number", HOUSE + "match:\n  target: true\n", "wrong-type", 4, 11),
    ("yes-for-bool", HOUSE + "sweeps:\n  enabled: yes\n", "yaml11-boolean", 4, 12),
    ("no-for-bool", HOUSE + "visibility:\n  open_hands: no\n", "yaml11-boolean", 4, 15),
    ("on-off", HOUSE + "sweeps:\n  not_on_last_play: off\n", "yaml11-boolean", 4, 21),
    ("octal", HOUSE + "match:\n  target: 021\n", "yaml11-octal", 4, 11),
    ("sexagesimal", HOUSE + "name: 1:30\n", "yaml11-sexagesimal", 3, 7),
    ("python-tag", HOUSE + "name: !!python/object/apply:os.system ['echo hi']\n", "unsafe-tag", 3, 7),
    ("custom-tag", HOUSE + "name: !shell ls\n", "unsafe-tag", 3, 7),
    ("multiple-documents", HOUSE + "---\nid: other\n", "multiple-documents", 3, 1),
    ("merge-key", HOUSE + "match:\n  <<: {target: 21}\n", "merge-key", 4, 3),
    ("bad-enum", HOUSE + "capture:\n  obligation: must\n", "bad-value", 4, 15),
    ("out-of-range", HOUSE + "match:\n  target: 0\n", "out-of-range", 4, 11),
    ("bad-id", "id: Escoba de 15\nextends: escoba-de-15\n", "bad-value", 1, 5),
    ("missing-id", "name: x\nextends: escoba-de-15\n", "missing-key", 1, 1),
    ("base-missing-sections", "id: lonely\nname: Lonely\n", "missing-key", 1, 1),
    ("extends-missing", "id: x\nextends: escoba-de-16\n", "extends-missing", 2, 10),
    ("extends-url", "id: x\nextends: https://example.org/escoba.yaml\n", "extends-url", 2, 10),
    ("extends-absolute", "id: x\nextends: /etc/passwd.yaml\n", "extends-outside", 2, 10),
    ("extends-escape", "id: x\nextends: ../../outside.yaml\n", "extends-outside", 2, 10),
    ("duplicate-rule-id", HOUSE + "scoring:\n  rules:\n    - {id: extra, award: 'true', points: 1}\n    - {id: extra, award: 'true', points: 1}\n",
     "duplicate-id", 6, 12),
    ("bad-layout", HOUSE + "players:\n  layouts:\n    - {players: 5, team_size: 2}\n", "bad-layout", 5, 7),
    ("duplicate-layout", HOUSE + "players:\n  layouts:\n    - {players: 2}\n    - {players: 2}\n", "duplicate-layout", 6, 7),
    ("stock-does-not-divide", HOUSE + "players:\n  layouts:\n    - {players: 5}\n", "stock-does-not-divide", 5, 7),
    ("unreachable-target", HOUSE + "capture:\n  targets: [500]\n", "unreachable-target", 4, 13),
    ("wrong-checksum", HOUSE + "deal:\n  opening: {trigger: never}\nend_of_deal:\n  check: {totals: [10, 20]}\n",
     "wrong-checksum", 6, 24),
    ("checksum-jokers", HOUSE + "deck:\n  jokers: {count: 2}\ndeal:\n  stock_remainder: to-table\n  opening: {trigger: never}\nend_of_deal:\n  check: {totals: [10]}\n",
     "checksum-with-jokers", 9, 10),
    ("unknown-rank", HOUSE + "deck:\n  values: {queen: 8}\n", "unknown-rank", 4, 19),
    ("unknown-suit", HOUSE + "deck:\n  scoring_suit: diamonds\n", "unknown-suit", 4, 17),
    ("option-unknown-field", HOUSE + "options:\n  t:\n    field: match.taget\n    values: [21]\n", "unknown-option-field", 5, 12),
    ("option-bad-value", HOUSE + "options:\n  t:\n    field: match.target\n    values: [21, -3]\n", "bad-option-value", 6, 18),
    ("option-missing-default", HOUSE + "options:\n  t:\n    field: match.target\n    values: [11, 31]\n", "option-default-missing", 5, 12),
    ("expr-unknown-name", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: most(count(pile, suit == oro))\n",
     "expr-unknown-name", 6, 39),
    ("expr-unknown-function", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: >-\n        most(cont(pile))\n",
     "expr-unknown-function", 7, 14),
    ("expr-syntax", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: has(pile, 7 of oros) and\n",
     "expr-syntax", 6, 38),
    ("expr-type", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: count(pile) + 1\n", "expr-type", 6, 14),
    ("expr-quoted-keyword", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: \"most(count(pile), ties: some)\"\n",
     "expr-arguments", 6, 39),
    ("expr-division-by-zero", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: sweeps > 0\n      points: sweeps // 0\n",
     "expr-division-by-zero", 7, 25),
    ("expr-card", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: has(pile, 7 of diamonds)\n", "expr-card", 6, 29),
    ("expr-depth", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: " + "(" * 100 + "true" + ")" * 100 + "\n",
     "expr-depth", 6, 14 + 64),
    ("expr-unquoted-keyword", HOUSE + "scoring:\n  rules:\n    - id: x\n      award: most(count(pile), ties: all)\n",
     "yaml-syntax", 6, 36),
    ("option-unknown-choice", HOUSE + "options:\n  t:\n    choices: {a: {}}\n    default: b\n", "unknown-choice", 6, 14),
]


@pytest.mark.parametrize("name,text,code,line,column", CASES, ids=[c[0] for c in CASES])
def test_bad_input_gets_exact_located_diagnostic(validate_text, name, text, code, line, column):
    variant, problems = validate_text(text)
    assert variant is None
    errors = [p for p in problems if p.severity == "error"]
    assert errors, "no error reported"
    matching = [p for p in errors if p.code == code]
    assert matching, f"expected {code}, got {[(p.code, p.line, p.column, p.message) for p in errors]}"
    assert (matching[0].line, matching[0].column) == (line, column), matching[0].format()
    assert matching[0].message and matching[0].file == "case.yaml"


def test_duplicate_key_names_both_lines(validate_text):
    _, problems = validate_text(HOUSE + "match:\n  target: 21\n  target: 31\n")
    dup = next(p for p in problems if p.code == "duplicate-key")
    assert "line 4" in dup.message and "line 5" in dup.message


def test_unknown_key_suggests_the_closest(validate_text):
    _, problems = validate_text(HOUSE + "match:\n  taget: 21\n")
    assert "did you mean 'target'" in problems[0].hint


def test_every_error_of_a_file_is_reported(validate_text):
    text = HOUSE + "match:\n  taget: 21\ncapture:\n  targets: [\"15\"]\n  obligation: must\nsweeps:\n  enabled: yes\n"
    _, problems = validate_text(text)
    assert {p.code for p in problems} >= {"unknown-key", "wrong-type", "bad-value", "yaml11-boolean"}


def test_file_over_one_mebibyte_is_refused_before_parsing(validate_text):
    big = "id: x\n" + "# padding\n" * 120_000
    _, problems = validate_text(big)
    assert [(p.code, p.line, p.column) for p in problems] == [("file-too-large", 1, 1)]


def test_invalid_utf8_is_located(validate_text):
    _, problems = validate_text(b"id: x\nname: caf\xe9\n")
    assert [(p.code, p.line, p.column) for p in problems] == [("invalid-utf8", 2, 10)]


def test_byte_order_mark_is_accepted(validate_text):
    variant, problems = validate_text(("\ufeff" + HOUSE).encode("utf-8"))
    assert variant is not None, [p.format() for p in problems]


def test_alias_bomb_is_refused_quickly(validate_text):
    lines = ["id: x", "extends: escoba-de-15", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    # expanded, this is 9**10 values; the walker stops counting at MAX_NODES
    _, problems = validate_text("\n".join(lines) + "\n")
    assert [(p.code, p.line) for p in problems] == [("too-many-nodes", 3)]


def test_many_aliases_are_capped(validate_text):
    lines = ["id: x", "extends: escoba-de-15", "a: &a 1"] + [f"b{i}: *a" for i in range(150)]
    _, problems = validate_text("\n".join(lines) + "\n")
    assert [(p.code, p.line) for p in problems] == [("too-many-aliases", 104)]


def test_deep_nesting_is_capped(validate_text):
    _, problems = validate_text("id: x\nname: " + "[" * 5000 + "]" * 5000 + "\n")
    assert [(p.code, p.line, p.column) for p in problems] == [("nesting-too-deep", 2, 7 + 63)]


def test_extends_cycle_is_reported_with_the_chain(validate_text):
    validate_text("id: cyc-a\nextends: cyc-b\n", name="cyc-a.yaml")
    _, problems = validate_text("id: cyc-b\nextends: cyc-a\n", name="cyc-b.yaml")
    cycle = [p for p in problems if p.code == "extends-cycle"]
    assert cycle and "cyc-a.yaml" in cycle[0].message and "cyc-b.yaml" in cycle[0].message


def test_self_extension_is_a_cycle(validate_text):
    _, problems = validate_text("id: selfish\nextends: ./case.yaml\n")
    assert [p.code for p in problems] == ["extends-cycle"]


def test_unquoted_keyword_argument_hints_at_quoting(validate_text):
    _, problems = validate_text(HOUSE + "scoring:\n  rules:\n    - id: x\n      award: most(count(pile), ties: all)\n")
    assert "must be quoted" in problems[0].hint
