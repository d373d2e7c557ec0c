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
    module_name,
)
from escoba_spec.compiler.kernel import generate_kernel
from escoba_spec.compiler.kernels import load_kernel
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


def _code(source: str) -> list[str]:
    """The source's code tokens: everything but strings, comments and layout."""
    skip = {tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
            tokenize.ENDMARKER}
    return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in skip]


def check_module(source: str, variant: ir.Variant, plain: str) -> None:
    """The kernel holds only what its templates write: the same code, token for token, as the
    kernel of the file with plain text (`plain`); every string a value of the IR or one the
    templates write; comments printable ASCII; names ASCII, none a dunder."""
    assert _code(source) == _code(plain)
    allowed = ir_strings(variant) | ir_strings(Params.from_variant(variant)) | {
        display_path(variant.file),
        *(display_path(r.origin.file) for r in (*variant.scoring.rules, *variant.scoring.events,
                                                *variant.declarations.rules)),
    } | {ast.literal_eval(t.string) for t in tokenize.generate_tokens(io.StringIO(plain).readline)
         if t.type == tokenize.STRING}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            assert not node.attr.startswith("__"), node.attr
        elif isinstance(node, ast.Name):
            assert not node.id.startswith("__"), node.id
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value in allowed, repr(node.value)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            assert all(32 <= ord(ch) < 127 for ch in token.string), repr(token.string)
        elif token.type == tokenize.NAME:
            assert token.string.isascii(), repr(token.string)  # no identifier for NFKC to fold


def check_runs(variant: ir.Variant) -> None:
    """Run (as plain Python), the kernel plays a hand as the interpreter does."""
    kernel = load_kernel(variant, native=False)
    assert kernel.module.VARIANT_ID == variant.id
    layout = variant.players.layouts[0]
    played = []
    for ruleset in (kernel.ruleset(), Interpreter(variant)):
        state = HandState.deal(ruleset, seed=11, players=layout.players, team_size=layout.team_size, dealer=0)
        result = run_hand(state, [GreedyBot(seat) for seat in range(layout.players)])
        played.append((list(state.history), result))
    assert played[0] == played[1]


def kernel_of(tree: Path, data: dict, name: str, plain: dict, options: dict | None = None):
    """(variant, its kernel's source, the kernel's source of `plain`, the same file with plain
    text) for `data` written as `name`; (None, the problems, None) when it does not validate."""
    path = write(tree, data, name)
    variant, problems = validate_file(path, options)
    if variant is None:
        return None, problems, None
    source = generate_kernel(variant)
    plain_variant, plain_problems = validate_file(write(tree, plain, name), options)  # in its place
    assert plain_variant is not None, [p.format() for p in plain_problems]
    write(tree, data, name)
    return variant, source, generate_kernel(plain_variant)


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
def test_hostile_text_reaches_the_kernel_only_as_literals(tree, text):
    plain = hostile_house_rule("plain")
    for options in ({}, {"title": "Plain"}):  # the option's default (the hostile name) and its other value
        variant, source, plain_source = kernel_of(tree, hostile_house_rule(text), "hostile.yaml", plain, options)
        if variant is None:  # refused: then located, at the value
            errors = [p for p in source if p.severity == "error"]
            assert errors and all(p.line >= 1 and p.column >= 1 for p in errors), [p.format() for p in source]
            continue
        check_module(source, variant, plain_source)
        check_runs(variant)
        path = tree / "house" / "hostile.yaml"
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
    data = {"id": own, "extends": "escoba-de-15", "scoring": {"rules": [
        {"id": "extra", "award": "sweeps > 3", "points": 2}]}}
    variant, problems = validate_file(write(tree, data, name))
    assert variant is not None, [p.format() for p in problems]
    source = generate_kernel(variant)
    (tree / "house" / name).unlink()
    plain, problems = validate_file(write(tree, data, "plain-name.yaml"))
    (tree / "house" / "plain-name.yaml").unlink()
    assert plain is not None, [p.format() for p in problems]
    check_module(source, variant, generate_kernel(plain))
    check_runs(variant)
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
def test_a_variant_id_that_is_a_python_keyword_compiles_to_an_importable_kernel(variant_id, tmp_path, capsys):
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


@settings(max_examples=max(10, settings.default.max_examples // 3))  # each example writes a kernel
@given(free_text, free_text, free_text)
def test_any_free_text_is_only_ever_a_literal(tree, name, section, rule_name):
    """Hypothesis over the free-text fields: whatever validates gives a kernel the checks accept."""
    data = hostile_house_rule(name)
    data["deck"]["sources"][0]["section"] = section
    data["scoring"]["rules"][1]["name"] = rule_name
    file = f"free-{random.getrandbits(32)}.yaml"
    try:
        variant, source, plain_source = kernel_of(tree, data, file, hostile_house_rule("plain"))
    finally:
        (tree / "house" / file).unlink()
    if variant is None:
        assert all(p.line >= 1 and p.column >= 1 for p in source if p.severity == "error")
        return
    check_module(source, variant, plain_source)
