"""The bad-input corpus: every file yields exactly the errors its header names.

Each file in tests/corpus/ starts with `# case: what it does wrong` and one
`# expect: CODE LINE:COLUMN [in FILE]` line per error it must produce (the
same error may be listed several times). The set of errors, with their
positions, must be exactly that: no more, no fewer, none elsewhere. `in FILE`
names the file an error points into when it is not the case file itself (a
base it extends). Warnings are not counted.

The files are validated inside a copy of the shipped rules tree (in a
`corpus/` folder), so a house-rule case may `extends: escoba-de-15`, and cases
may extend each other (cycles, a broken base). Every case id starts `c-` so
none shadows a shipped variant.

Inputs that cannot live in a text file of the repository (invalid UTF-8, a
byte order mark, control characters, files over 1 MiB, symlinks, a chain of
18 files) are written at test time by the GENERATED table below.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections import Counter
from pathlib import Path

import pytest
import yaml

from escoba_spec.language.loader import MAX_BYTES
from escoba_spec.language.validate import validate_file

from .conftest import RULES

CORPUS = Path(__file__).resolve().parent / "corpus"
FILES = sorted(p.name for p in CORPUS.glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (?P<code>[a-z0-9]+(?:-[a-z0-9]+)*) (?P<line>\d+):(?P<column>\d+)"
                    r"(?: in (?P<file>\S+))?$")
CATEGORIES = ("yaml", "schema", "expr", "sem")


def category(name: str) -> str:
    return name.split("-", 1)[0].replace("yaml11", "yaml")


def expected_errors(name: str, text: str) -> Counter:
    found = Counter()
    for line in text.splitlines():
        match = EXPECT.match(line)
        if match:
            found[(match["code"], int(match["line"]), int(match["column"]), match["file"] or name)] += 1
    return found


def actual_errors(problems) -> Counter:
    return Counter((p.code, p.line, p.column, Path(p.file).name) for p in problems if p.severity == "error")


def assert_well_formed(problems) -> None:
    for p in problems:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", p.code), p
        assert p.line >= 1 and p.column >= 1, p.format()
        assert p.message and "Traceback" not in p.message, p
        assert p.severity in ("error", "warning")


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """The shipped rules with the corpus in rules/corpus/."""
    root = tmp_path_factory.mktemp("corpus") / "rules"
    shutil.copytree(RULES, root)
    shutil.copytree(CORPUS, root / "corpus")
    return root


@pytest.mark.parametrize("name", FILES, ids=[Path(f).stem for f in FILES])
def test_corpus_file_yields_exactly_its_expected_errors(tree, name, record_property):
    path = tree / "corpus" / name
    expected = expected_errors(name, path.read_text(encoding="utf-8"))
    start = time.perf_counter()
    variant, problems = validate_file(path, display=f"corpus/{name}")
    record_property("seconds", round(time.perf_counter() - start, 4))  # measured for the record, never asserted
    assert variant is None
    assert_well_formed(problems)
    got = actual_errors(problems)
    assert got == expected, "\n".join(p.format() for p in problems)


def test_every_corpus_file_states_its_case_and_expectations():
    assert len(FILES) >= 60
    counts = Counter(category(name) for name in FILES)
    assert set(counts) == set(CATEGORIES), counts
    shipped = {yaml.safe_load(p.read_text(encoding="utf-8"))["id"] for p in RULES.rglob("*.yaml")}
    for name in FILES:
        raw = (CORPUS / name).read_bytes()
        assert len(raw) < 100_000, name  # big inputs are written by GENERATED
        text = raw.decode("utf-8")
        assert text.startswith("# case: "), name
        assert expected_errors(name, text), f"{name} names no expected error"
        ids = re.findall(r"^id: (\S+)$", text, re.MULTILINE)
        assert not set(ids) & shipped, f"{name} reuses a shipped id"


# ------------------------------------------------------------- written at test time

HOUSE = b"id: c-gen\nextends: escoba-de-15\n"


def _write(tree: Path, name: str, data: bytes) -> Path:
    """Write one case; its `id: c-gen` made its own (`c-gen-<name>`), as two files of a rules
    tree may not share an id."""
    path = tree / "generated" / name
    path.parent.mkdir(exist_ok=True)
    own = re.sub(r"[^a-z0-9]+", "-", Path(name).stem.lower()).strip("-").encode()
    path.write_bytes(re.sub(rb"id: c-gen(?=\r|\n)", b"id: c-gen-" + own, data, count=1))
    return path


def _flat_list(tree: Path, name: str) -> Path:
    """A list of ones filling the file up to just under 1 MiB: 500,000 values."""
    head = HOUSE + b"name: ["
    count = (MAX_BYTES - len(head) - 64) // 2  # room for the id _write makes its own
    return _write(tree, name, head + b"1," * count + b"1]\n")


def _many_keys(tree: Path, name: str) -> Path:
    return _write(tree, name, HOUSE + b"".join(b"k%d: %d\n" % (i, i) for i in range(6000)))


def _chain(tree: Path, name: str) -> Path:
    """18 house rules, each extending the one before: past the limit of 16."""
    folder = tree / "generated" / "chain"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(18):
        base = "escoba-de-15" if i == 0 else f"c-chain-{i - 1}"
        (folder / f"chain-{i:02d}.yaml").write_text(f"id: c-chain-{i}\nextends: {base}\n", encoding="utf-8")
    return folder / "chain-17.yaml"


def _outside(tree: Path) -> Path:
    """A valid rule file outside the rules tree."""
    outside = tree.parent / "outside"
    outside.mkdir(exist_ok=True)
    target = outside / "evil.yaml"
    target.write_text("id: c-evil\nextends: escoba-de-15\nname: From outside\n", encoding="utf-8")
    return target


def _symlink_by_path(tree: Path, name: str) -> Path:
    link = tree / "generated" / "link-by-path.yaml"
    link.parent.mkdir(exist_ok=True)
    if not link.is_symlink():
        link.symlink_to(_outside(tree))
    return _write(tree, name, b"id: c-gen\nextends: link-by-path.yaml\n")


def _symlink_by_id(tree: Path, name: str) -> Path:
    link = tree / "generated" / "link-by-id.yaml"
    link.parent.mkdir(exist_ok=True)
    if not link.is_symlink():
        link.symlink_to(_outside(tree))
    return _write(tree, name, b"id: c-gen\nextends: c-evil\n")


def _bytes(data: bytes):
    return lambda tree, name: _write(tree, name, data)


#: (name, writer(tree, name) -> path, expected errors as (code, line, column[, file]))
GENERATED = [
    ("utf8-invalid-byte", _bytes(HOUSE + b"name: caf\xe9\n"), [("invalid-utf8", 3, 10)]),
    ("utf8-truncated-at-end", _bytes(HOUSE + b"name: caf\xc3"), [("invalid-utf8", 3, 10)]),
    ("utf8-overlong-slash", _bytes(HOUSE + b"extends2: ..\xc0\xafetc\n"), [("invalid-utf8", 3, 13)]),
    ("utf8-encoded-surrogate", _bytes(HOUSE + b"name: \xed\xa0\x80\n"), [("invalid-utf8", 3, 7)]),
    ("utf16-file", _bytes("id: c-gen\nextends: escoba-de-15\n".encode("utf-16")), [("invalid-utf8", 1, 1)]),
    ("latin1-file", _bytes(HOUSE + "name: Escoba de cafés\n".encode("latin-1")), [("invalid-utf8", 3, 20)]),
    ("bom-valid-house-rule", _bytes(b"\xef\xbb\xbf" + HOUSE + b"name: With a BOM\n"), []),
    ("bom-duplicate-key", _bytes(b"\xef\xbb\xbf" + HOUSE + b"name: A\nname: B\n"), [("duplicate-key", 4, 1)]),
    ("bom-twice", _bytes(b"\xef\xbb\xbf\xef\xbb\xbf" + HOUSE), []),  # YAML itself skips a BOM at the start
    ("crlf-duplicate-key", _bytes(HOUSE.replace(b"\n", b"\r\n") + b"match:\r\n  target: 21\r\n  target: 31\r\n"),
     [("duplicate-key", 5, 3)]),
    ("cr-only-line-ends", _bytes(HOUSE.replace(b"\n", b"\r") + b"match:\r  taget: 21\r"), [("unknown-key", 4, 3)]),
    ("nul-byte", _bytes(HOUSE + b"name: Esc\x00oba\n"), [("yaml-syntax", 3, 10)]),
    ("bell-character", _bytes(HOUSE + b"match:\n  target: 2\x071\n"), [("yaml-syntax", 4, 12)]),
    ("ansi-escape", _bytes(HOUSE + b"name: \x1b[2J\x1b[31mred\n"), [("yaml-syntax", 3, 7)]),
    ("c1-control", _bytes(HOUSE + "name: a\u009bb\n".encode("utf-8")), [("yaml-syntax", 3, 8)]),
    ("file-too-large", _bytes(HOUSE + b"#" * MAX_BYTES), [("file-too-large", 1, 1)]),
    ("flat-list-of-500000", _flat_list, [("too-many-nodes", 3, 9994)]),
    ("six-thousand-keys", _many_keys, [("too-many-nodes", 2500, 8)]),
    ("extends-chain-of-18", _chain, [("extends-too-deep", 2, 10, "chain-01.yaml")]),
    ("symlink-out-by-path", _symlink_by_path, [("extends-outside", 2, 10)]),
    ("symlink-out-by-id", _symlink_by_id, [("extends-missing", 2, 10)]),
]


@pytest.mark.parametrize("name,writer,expected", GENERATED, ids=[g[0] for g in GENERATED])
def test_generated_input_yields_exactly_its_expected_errors(tree, name, writer, expected):
    path = writer(tree, f"{name}.yaml")
    variant, problems = validate_file(path, display=path.name)
    assert_well_formed(problems)
    want = Counter((e[0], e[1], e[2], e[3] if len(e) > 3 else path.name) for e in expected)
    assert actual_errors(problems) == want, "\n".join(p.format() for p in problems)
    assert (variant is None) == bool(expected)


def test_a_missing_file_and_a_folder_are_located_errors(tree):
    for path in (tree / "no-such-file.yaml", tree / "house"):
        variant, problems = validate_file(path, display=path.name)
        assert variant is None
        assert [(p.code, p.line, p.column) for p in problems] == [("unreadable-file", 1, 1)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_extends_to_a_named_pipe_does_not_hang(tree):
    """A base that is a pipe would block a reader forever: it is no rule file."""
    pipe = tree / "generated" / "pipe.yaml"
    pipe.parent.mkdir(exist_ok=True)
    if not pipe.exists():
        os.mkfifo(pipe)
    path = _write(tree, "extends-pipe.yaml", b"id: c-gen\nextends: pipe.yaml\n")
    _, problems = validate_file(path, display=path.name)
    assert [(p.code, p.line, p.column) for p in problems] == [("extends-missing", 2, 10)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_in_the_rules_tree_does_not_block_extends_by_id(tmp_path):
    """Finding a base by id reads the rules tree: a pipe there must be skipped, not read.

    Run in a child process so that a regression fails (on its timeout) instead of hanging the suite."""
    import subprocess
    import sys

    root = tmp_path / "rules"
    shutil.copytree(RULES, root)
    os.mkfifo(root / "a-pipe.yaml")
    case = root / "house-by-id.yaml"
    case.write_text("id: c-gen\nextends: escoba-de-15\nname: Next to a pipe\n", encoding="utf-8")
    code = ("import sys; from escoba_spec.language.validate import validate_file; v, p = validate_file(sys.argv[1]); "
            "print('valid' if v else [d.code for d in p])")
    done = subprocess.run([sys.executable, "-c", code, str(case)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.stdout.strip() == "valid", done.stderr
