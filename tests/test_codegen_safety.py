"""Safe code generation: hostile text in a rule file ends up only inside string
literals of the generated module, or is refused with a located diagnostic.

Hostile text (quotes, backslashes, newlines, triple quotes, `import os`,
`__import__`, NUL, right-to-left marks, Unicode line separators, Jinja
syntax, NFKC look-alikes such as fullwidth `ｉｍｐｏｒｔ` and the `ﬁ` ligature)
is written into every free-text field that reaches the IR: the variant's
name and description, option descriptions and the values a field option
offers, source sections, scoring rule names, and the rule file's own name.
Ids (variant, scoring rule, option, choice) must be kebab-case ASCII: every
hostile id is refused where it is written.

Each generated module is then parsed with `ast` and must hold only what the
template writes: imports from the engine's modules only, calls only to an
allow-list, no dunder attribute, every string constant a value of the IR;
its comments are printable ASCII; executed in a fresh namespace it gives a
RuleSet that plays like the interpreter and carries the hostile text intact.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import io
import keyword
import random
import re
import shutil
import sys
import tokenize
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from escoba_spec.cli import main
from escoba_spec.compiler.codegen import (
    ID_PATTERN,
    UnsafeValue,
    display_path,
    generate,
    module_name,
)
from escoba_spec.compiler.modules import load_ruleset_from_source
from escoba_spec.engine import HandState
from escoba_spec.engine.bots import GreedyBot
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.engine.match import run_hand
from escoba_spec.engine.protocol import Params
from escoba_spec.language import ir
from escoba_spec.language.schema import Validator, variant_schema
from escoba_spec.language.validate import validate_file

from .conftest import RULES

HOSTILE = [
    '"', "'", '"""', "'''", "\\", "\\n", "a\nb", "a\r\nb", "\x00", "import os", "__import__('os').system('id')",
    '"; import os; os.system("id"); "', "'''\nimport os\n'''", "\u202eevil\u202c", "\u200f", "ｉｍｐｏｒｔ ｏｓ",
    "ﬁle", "𝐢𝐦𝐩𝐨𝐫𝐭", "a\u2028b", "a\x85b", "{{ 7 * 7 }}", "{% for x in y %}", "{#", "# comment", "\\x00\\u0000",
    "\\N{BULLET}", "$(rm -rf ~)", "\ufeffbom", "\x1b[2J", "é\u0301", "\U0001f0cf", "\t\v\f",
]

ALLOWED_IMPORTS = {
    "escoba_spec.language.expr": {"runtime"},
    "escoba_spec.language.cards": {"CardSet"},
    # where the match stands when score_hand is not told (a lone hand)
    "escoba_spec.language.expr.env": {"NO_MATCH"},
    "escoba_spec.engine.captures": {"match_options", "sum_options", "total_multiple", "contains_capture",
                                    "joker_totals"},
    "escoba_spec.engine.protocol": {"HandScore", "Params", "Kind"},
    # capture kinds: the engine's kind rules, built from PARAMS
    "escoba_spec.engine.kinds": {"KindRules"},
    "escoba_spec.language.ir": {"Deck", "Jokers", "Rank", "Source", "Suit"},
    # the specialised hand loop (Rules.play_hand)
    "escoba_spec.engine.moves": {"Move", "Play", "tuple_new"},
    "escoba_spec.engine.observation": {"Observation"},
    "escoba_spec.engine.dealing": {"redeal"},
    "escoba_spec.engine.state": {"HandState"},
    "bisect": {"bisect_right"},
}
ALLOWED_CALLS = {"CardSet", "Deck", "Jokers", "Rank", "Source", "Suit", "Params", "HandScore", "Kind", "KindRules",
                 "joker_totals",
                 "sum_options", "match_options", "total_multiple", "contains_capture", "Rules", "list", "tuple",
                 "range", "len", "int", "max", "sum",
                 # the hand loop: engine classes, its own helper, the locals bound to list.append and tuple.__new__
                 "_HandState", "_Observation", "_redeal", "_ways", "_reach", "_new", "new", "add", "record", "zip",
                 "bisect"}
ALLOWED_METHODS = {"append", "get", "bit_count", "bit_length",
                   "pop", "sort", "remove", "insert", "clear", "index", "sweep_weight", "_reset", "open_table", "_remainder",
                   "_finish", "options",
                   # the events of a play: the capture kinds that made it, and the events another replaces
                   "makers", "isdisjoint"}
ALLOWED_FUNCTIONS = {"__init__", "capture_options", "sweep_weight", "opening_multiple", "redeal_wanted", "score_hand",
                     "play_hand", "_ways", "_reach", "play_events", "declaration_values"}
#: the only call whose callee is not a name or an attribute: each seat's bot, `choosers[seat](view, moves)`
ALLOWED_SUBSCRIPT_CALLS = {"choosers"}
FORBIDDEN = (ast.Import, ast.Global, ast.Nonlocal, ast.Delete, ast.With, ast.AsyncWith, ast.Try, ast.Lambda,
             ast.Await, ast.Yield, ast.YieldFrom, ast.AsyncFunctionDef, ast.Raise, ast.Assert, ast.JoinedStr,
             ast.Starred, ast.NamedExpr)


def _fixed_docstrings() -> set[str]:
    """The docstrings of the template's fixed functions (the hand loop and its
    helper), read from a module generated from a plain rule file: no text of a
    rule file is in them, so a hostile file cannot change them."""
    variant, problems = validate_file(RULES / "escoba-de-15.yaml")
    assert not problems and variant is not None
    tree = ast.parse(generate(variant))
    return {ast.get_docstring(node, clean=False) for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name in {"play_hand", "_ways", "_reach"}}


def ir_strings(value, out: set[str] | None = None) -> set[str]:
    """Every string reachable from an IR value."""
    out = set() if out is None else out
    if isinstance(value, str):
        out.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            ir_strings(getattr(value, f.name), out)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            ir_strings(item, out)
    elif isinstance(value, dict):
        for key, item in value.items():
            ir_strings(key, out)
            ir_strings(item, out)
    return out


TEMPLATE_DOCSTRINGS = _fixed_docstrings()


def check_module(source: str, variant: ir.Variant) -> None:
    """The generated source holds only what the template allows."""
    tree = ast.parse(source)
    allowed_strings = ir_strings(variant) | ir_strings(Params.from_variant(variant)) | TEMPLATE_DOCSTRINGS | {
        display_path(variant.file),
        *(display_path(r.origin.file) for r in (*variant.scoring.rules, *variant.scoring.events,
                                                *variant.declarations.rules)),
        f"Compiled rules of the variant {variant.id}: a RuleSet for escoba_spec.engine.",  # the two docstrings
        f"RuleSet of {variant.id}.",
    }
    for node in ast.walk(tree):
        assert not isinstance(node, FORBIDDEN), ast.dump(node)
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module in ALLOWED_IMPORTS, node.module
            assert {a.name for a in node.names} <= ALLOWED_IMPORTS[node.module], ast.dump(node)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                assert func.id in ALLOWED_CALLS, func.id
            elif isinstance(func, ast.Subscript):
                assert isinstance(func.value, ast.Name) and func.value.id in ALLOWED_SUBSCRIPT_CALLS, ast.dump(func)
            else:
                assert isinstance(func, ast.Attribute), ast.dump(func)
                assert (isinstance(func.value, ast.Name) and func.value.id == "rt") or func.attr in ALLOWED_METHODS, \
                    ast.dump(func)
        elif isinstance(node, ast.Attribute):
            assert not node.attr.startswith("__"), node.attr
        elif isinstance(node, ast.Name):
            assert not node.id.startswith("__"), node.id
        elif isinstance(node, ast.FunctionDef):
            assert node.name in ALLOWED_FUNCTIONS, node.name
        elif isinstance(node, ast.ClassDef):
            assert node.name == "Rules" and not node.bases and not node.decorator_list
        elif isinstance(node, ast.Constant):
            assert isinstance(node.value, (int, bool, str, type(None))), repr(node.value)
            if isinstance(node.value, str):
                assert node.value in allowed_strings, repr(node.value)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            assert all(32 <= ord(ch) < 127 for ch in token.string), repr(token.string)
        elif token.type == tokenize.NAME:
            assert token.string.isascii(), repr(token.string)  # no identifier for NFKC to fold


def check_runs(source: str, variant: ir.Variant) -> None:
    """Executed in a fresh namespace, the module is a RuleSet that plays like the interpreter."""
    rules = load_ruleset_from_source(source, module_name(variant.id))
    assert rules.id == variant.id and rules.params == Params.from_variant(variant)
    namespace: dict = {}
    exec(compile(source, "<generated>", "exec"), namespace)  # noqa: S102 - the point: run what the checks accepted
    assert namespace["VARIANT_NAME"] == variant.name
    assert namespace["DECK"] == variant.deck
    assert namespace["OPTIONS"] == {o.id: o.chosen for o in variant.options}
    layout = variant.players.layouts[0]
    for ruleset in (rules, Interpreter(variant)):
        state = HandState.deal(ruleset, seed=11, players=layout.players, team_size=layout.team_size, dealer=0)
        result = run_hand(state, [GreedyBot(seat) for seat in range(layout.players)])
        if ruleset is rules:
            compiled = (list(state.history), result)
        else:
            assert (list(state.history), result) == compiled


def hostile_house_rule(text: str) -> dict:
    """A house rule carrying `text` in every free-text field that reaches the IR."""
    source = [{"seed": "000_c23e29f69b71e156.txt", "section": text or "x"}]
    return {
        "id": "hostile-house",
        "extends": "escoba-de-15",
        "name": text or "x",
        "description": text,
        "deck": {"sources": source},
        "scoring": {"rules": [
            {"id": "most-cards", "name": text or "x", "sources": source},
            {"id": "extra", "name": text or "x", "award": "sweeps > 2 and score < 30", "points": 1, "sources": source},
        ], "events": [
            {"id": "took-three", "name": text or "x", "when": "count(taken) >= 3 and not last_play",
             "kinds": ["target"], "points": "round_up(count(taken), 2)", "sources": source},
            {"id": "clean", "name": text or "x", "when": "count(table) == 0 and count(taken) > 0", "points": 2,
             "instead_of": ["took-three"], "sources": source},
        ]},
        "match": {"check": "at-once"},
        "declarations": {"wild": "7 of copas", "keep": "best", "rules": [
            {"id": "low-hand", "name": text or "x", "when": "sum(hand) <= 9 and round >= 1", "points": 3,
             "effect": "sweeps", "sources": source},
            {"id": "three-alike", "name": text or "x", "when": "same_rank(hand) == 3", "points": 10, "sources": source},
        ], "sources": source},
        "options": {
            "house-target": {"description": text, "field": "match.target", "values": [21, 15]},
            "title": {"description": text, "field": "name", "values": [text or "x", "Plain"]},
        },
    }


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("safety") / "rules"
    shutil.copytree(RULES, root)
    return root


def write(tree: Path, data: dict, name: str = "hostile.yaml") -> Path:
    path = tree / "house" / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile-{i}" for i in range(len(HOSTILE))])
def test_hostile_text_reaches_the_module_only_as_literals(tree, text):
    path = write(tree, hostile_house_rule(text))
    for options in ({}, {"title": "Plain"}):  # the option's default (the hostile name) and its other value
        variant, problems = validate_file(path, options)
        if variant is None:  # refused: then located, at the value
            errors = [p for p in problems if p.severity == "error"]
            assert errors and all(p.line >= 1 and p.column >= 1 for p in errors), [p.format() for p in problems]
            continue
        source = generate(variant)
        check_module(source, variant)
        check_runs(source, variant)
        if not options:  # intact, as YAML reads it (PyYAML writes a NEL in a plain scalar, read back as a space)
            assert variant.name == yaml.safe_load(path.read_text(encoding="utf-8"))["name"]


def test_every_hostile_text_is_accepted_as_text():
    """None of them is refused: free text may hold anything, it only ever becomes a literal
    (a YAML document cannot carry a lone surrogate, so none is here)."""
    validator = Validator(variant_schema())
    for text in HOSTILE:
        assert not list(validator.iter_errors(hostile_house_rule(text))), repr(text)


HOSTILE_FILE_NAMES = ['evil"\nimport os\n#.yaml', "evil'''.yaml", "ｉｍｐｏｒｔ.yaml", "back\\slash.yaml",
                      "{{x}}.yaml", "\u202etxt.yaml", "new\rline.yaml"]


@pytest.mark.parametrize("name", HOSTILE_FILE_NAMES, ids=[f"file-{i}" for i in range(len(HOSTILE_FILE_NAMES))])
def test_a_hostile_rule_file_name_is_only_a_literal_or_an_ascii_comment(tree, name):
    own = f"named-file-{HOSTILE_FILE_NAMES.index(name)}"  # one id a file of the tree
    path = write(tree, {"id": own, "extends": "escoba-de-15", "scoring": {"rules": [
        {"id": "extra", "award": "sweeps > 3", "points": 2}]}}, name)
    variant, problems = validate_file(path)
    assert variant is not None, [p.format() for p in problems]
    source = generate(variant)
    check_module(source, variant)
    check_runs(source, variant)
    assert display_path(variant.file).endswith(name)


HOSTILE_IDS = ["Escoba", "escoba_de_15", "escoba de 15", "escoba--15", "-escoba", "escoba-", "15-escoba", "é",
               "escoba\n", "escoba\nimport os", "import os", "x;import os", "../up", "a/b", "ｉｍｐｏｒｔ", "ﬁfteen",
               "\u0131mport", "escoba\u200f", "escobа", "", "x" * 65, "__import__", "a'b", 'a"b', "a\\b", "\x00"]


@pytest.mark.parametrize("bad", HOSTILE_IDS, ids=[f"id-{i}" for i in range(len(HOSTILE_IDS))])
def test_hostile_ids_are_refused_where_they_are_written(tree, bad):
    """Variant, scoring rule, option and choice ids: each refused with a located error."""
    kebab = re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", bad) is not None
    documents = {  # what is written, where the id is, and whether the schema's pattern lets it through
        "variant": ({"id": bad, "extends": "escoba-de-15"}, 1, kebab and len(bad) <= 64),
        "rule": ({"id": "hostile-ids", "extends": "escoba-de-15",
                  "scoring": {"rules": [{"id": bad, "award": "sweeps > 0"}]}}, 5, kebab and len(bad) <= 64),
        "option": ({"id": "hostile-ids", "extends": "escoba-de-15",
                    "options": {bad: {"field": "match.target", "values": [21]}}}, 4, kebab),
        "choice": ({"id": "hostile-ids", "extends": "escoba-de-15",
                    "options": {"pick": {"default": "a", "choices": {"a": {}, bad: {}}}}}, 8,
                   re.fullmatch(r"[a-z0-9][a-z0-9-]*", bad) is not None),
    }
    assert not kebab or len(bad) > 64
    for where, (data, line, harmless) in documents.items():
        if harmless:  # e.g. the choice name 15-escoba: plain ASCII, only ever a literal
            continue
        path = write(tree, data, "hostile-id.yaml")
        variant, problems = validate_file(path)
        assert variant is None, (where, bad)
        errors = [p for p in problems if p.severity == "error"]
        assert errors and all(p.line >= 1 and p.column >= 1 for p in errors), (where, [p.format() for p in problems])
        assert any(p.line == line and p.code in ("bad-value", "out-of-range") for p in errors), \
            (where, bad, [p.format() for p in errors])


@pytest.mark.parametrize("bad", [b for b in HOSTILE_IDS if len(b) <= 64])
def test_module_name_refuses_what_the_schema_refuses(bad):
    with pytest.raises(UnsafeValue):
        module_name(bad)


_LOWER = "abcdefghijklmnopqrstuvwxyz"
ids = st.builds(  # what ID_PATTERN accepts, drawn cheaply: kebab-case words
    lambda first, rest, parts: "-".join([first + rest, *parts])[:64].rstrip("-"),
    st.sampled_from(_LOWER), st.text(_LOWER + "0123456789", max_size=6),
    st.lists(st.text(_LOWER + "0123456789", min_size=1, max_size=5), max_size=4),
)


@given(ids, ids)
def test_accepted_ids_are_nfkc_stable_and_name_distinct_modules(a, b):
    assert ID_PATTERN.match(a) and ID_PATTERN.match(b)
    for name in (a, b):
        assert name.isascii() and unicodedata.normalize("NFKC", name) == name
        assert module_name(name).isidentifier() and not keyword.iskeyword(module_name(name))
    assert (module_name(a) == module_name(b)) == (a == b)


@pytest.mark.parametrize("variant_id", ["class", "if", "import", "none"])
def test_a_variant_id_that_is_a_python_keyword_compiles_to_an_importable_module(variant_id, tmp_path, capsys):
    house = RULES / "house" / "escoba-31-ties-all.yaml"
    rules = tmp_path / "rules"
    (rules / "house").mkdir(parents=True)
    for path in RULES.glob("*.yaml"):
        (rules / path.name).write_bytes(path.read_bytes())
    text = house.read_text(encoding="utf-8").replace("id: escoba-31-ties-all", f"id: {variant_id}")
    (rules / "house" / "kw.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / "generated"
    assert main(["compile", str(rules / "house" / "kw.yaml"), "--out", str(out)]) == 0
    expected = variant_id + "_" if keyword.iskeyword(variant_id) else variant_id
    assert [p.name for p in out.iterdir()] == [f"{expected}.py"]
    sys.path.insert(0, str(out))
    try:
        module = importlib.import_module(expected)
    finally:
        sys.path.remove(str(out))
        sys.modules.pop(expected, None)
    assert module.VARIANT_ID == variant_id


_id_schema = Validator({"type": "string", "pattern": variant_schema()["properties"]["id"]["pattern"]})
FOLDS = {"i": "ｉ", "m": "ｍ", "p": "ｐ", "o": "\u1d52", "f": "ﬀ", "1": "¹", "a": "ª", "-": "\ufe63", "e": "ℯ"}


@given(ids, st.data())
def test_nfkc_look_alikes_of_an_id_are_refused(name, data):
    """An id with any character swapped for a compatibility look-alike (that NFKC folds
    back into an ASCII id) is refused, so two ids never fold into one module name."""
    positions = [i for i, ch in enumerate(name) if ch in FOLDS]
    if not positions:
        return
    i = data.draw(st.sampled_from(positions))
    look_alike = name[:i] + FOLDS[name[i]] + name[i + 1:]
    assert list(_id_schema.iter_errors(look_alike)), look_alike
    with pytest.raises(UnsafeValue):
        module_name(look_alike)


@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12))
def test_any_text_the_id_pattern_accepts_is_plain_ascii(text):
    if not list(_id_schema.iter_errors(text)):
        assert text.isascii() and unicodedata.normalize("NFKC", text) == text and "\n" not in text


free_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60)


@settings(max_examples=max(10, settings.default.max_examples // 3))  # each example compiles a module
@given(free_text, free_text, free_text)
def test_any_free_text_is_only_ever_a_literal(tree, name, section, rule_name):
    """Hypothesis over the free-text fields: whatever validates compiles to a module the checks accept."""
    data = hostile_house_rule(name)
    data["deck"]["sources"][0]["section"] = section
    data["scoring"]["rules"][1]["name"] = rule_name
    path = write(tree, data, f"free-{random.getrandbits(32)}.yaml")
    try:
        variant, problems = validate_file(path)
    finally:
        path.unlink()
    if variant is None:
        assert all(p.line >= 1 and p.column >= 1 for p in problems if p.severity == "error")
        return
    check_module(generate(variant), variant)
