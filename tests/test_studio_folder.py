"""Issue 36, classes 2 and 3: the studio reads nothing outside its folder, and writes only what the person changed.

The cases are files in tests/corpus/studio-folder/ (its .gitattributes keeps
their bytes: Windows and mixed line breaks, a byte order mark, Latin-1); each
test serves a copy of that tree, the studio started on its `rules/studio/`,
whose rules tree (`rules/`) holds a file the studio must not read.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.language.validate import validate_file
from escoba_spec.studio.textform import as_saved, for_page

pytest.importorskip("httpx", reason="the studio's API tests need httpx (pip install -e '.[test]')")
with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx is the one it documents and tests
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from escoba_spec.studio import make_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
CORPUS = Path(__file__).resolve().parent / "corpus" / "studio-folder"
TOKEN = "test-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
#: words of the files outside the studio's folder, none of which any answer may hold
OUTSIDE_WORDS = ("Sibling Name", "Secret Name", "never show")
PEEKS = ["peek-sibling.yaml", "peek-by-id.yaml", "peek-secret.yaml"]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(CORPUS, tmp_path / "tree")
    return tmp_path / "tree"


@pytest.fixture
def folder(tree: Path) -> Path:
    return tree / "rules" / "studio"


@pytest.fixture
def client(folder: Path):
    with TestClient(make_app(folder, TOKEN)) as c:
        yield c


def _text(folder: Path, name: str) -> str:
    return (folder / name).read_text(encoding="utf-8")


# ------------------------------------------------------------------ reading only inside the folder


@pytest.mark.parametrize("name", PEEKS)
def test_extends_reaching_out_of_the_studios_folder_is_a_located_error(client, folder, name):
    answer = client.post("/api/validate", headers=AUTH, json={"path": name, "text": _text(folder, name)})
    assert answer.status_code == 200
    [d] = [d for d in answer.json()["diagnostics"] if d["severity"] == "error"]
    assert (d["line"], d["col"]) == (3, 10)  # the value of extends:
    assert d["code"] in ("extends-outside", "extends-missing")
    assert not any(word in answer.text for word in OUTSIDE_WORDS)
    if name == "peek-by-id.yaml":  # nor where the file with that id lies
        assert "sibling.yaml" not in answer.text


def test_the_refusal_says_why_and_what_to_do(client, folder):
    answer = client.post("/api/validate", headers=AUTH,
                         json={"path": "peek-sibling.yaml", "text": _text(folder, "peek-sibling.yaml")})
    [d] = answer.json()["diagnostics"]
    assert d["code"] == "extends-outside" and "outside studio/" in d["message"]
    assert "the studio reads only inside the folder it was started on" in d["hint"]


@pytest.mark.parametrize("name", PEEKS)
def test_no_endpoint_shows_a_word_of_a_file_outside_the_folder(client, folder, name):
    text = _text(folder, name)
    answers = [
        client.post("/api/rulebook", headers=AUTH, json={"path": name, "text": text}),
        client.post("/api/play", headers=AUTH, json={"path": name, "text": text, "seed": 1}),
        client.post("/api/simulate", headers=AUTH, json={"path": name, "text": text, "games": 2}),
        client.post("/api/diff", headers=AUTH, json={"a": name, "text_a": text, "b": "own.yaml", "deals": 2}),
        client.post("/api/analyze", headers=AUTH, json={"path": name, "text": text, "budget": 0.01}),
        client.post("/api/simulate", headers=AUTH, json={"path": "own.yaml", "compare": name, "games": 2}),
    ]
    for answer in answers:
        assert answer.status_code == 422, answer.text  # the file has errors: nothing is built from it
        assert not any(word in answer.text for word in OUTSIDE_WORDS), answer.text
    listed = client.get("/api/info", headers=AUTH).json()["files"]
    assert not any(word in f for f in listed for word in OUTSIDE_WORDS)


def test_a_file_extends_a_file_of_the_folder_and_the_shipped_variants(client, folder):
    for name in ("own.yaml", "own-base.yaml"):
        answer = client.post("/api/validate", headers=AUTH, json={"path": name, "text": _text(folder, name)})
        assert answer.json() == {"diagnostics": []}
    book = client.post("/api/rulebook", headers=AUTH, json={"path": "own.yaml", "text": _text(folder, "own.yaml")})
    assert book.status_code == 200 and "Own base" in book.json()["html"]  # the base it differs from, read in the folder
    job = client.post("/api/simulate", headers=AUTH, json={"path": "own.yaml", "compare": "base", "games": 2})
    assert job.status_code == 200, job.text


def test_the_command_line_extends_the_whole_rules_tree_as_before(folder):
    """The confinement is the studio's promise: `validate` on the same file reads its rules tree."""
    variant, problems = validate_file(folder / "peek-sibling.yaml")
    assert variant is not None and variant.extends == ("c-sibling", "escoba-de-15"), problems
    _, problems = validate_file(folder / "peek-secret.yaml")
    assert [p.code for p in problems if p.severity == "error"] == ["extends-outside"]


# ------------------------------------------------------------------ writing only what changed


def test_a_latin1_file_is_not_opened_and_never_overwritten(client, folder):
    before = (folder / "latin1.yaml").read_bytes()
    opened = client.get("/api/file", headers=AUTH, params={"path": "latin1.yaml"})
    assert opened.status_code == 415
    message = opened.json()["error"]
    assert "not UTF-8" in message and "byte 0xf1 at line 4, column 19" in message and "iconv" in message
    for sha in (None, "0" * 64):
        saved = client.put("/api/file", headers=AUTH, json={"path": "latin1.yaml", "text": "id: x\n", "sha256": sha})
        assert saved.status_code in (409, 415)
    assert (folder / "latin1.yaml").read_bytes() == before


@pytest.mark.parametrize("name", ["crlf.yaml", "mixed.yaml", "bom.yaml"])
def test_a_file_opened_and_saved_unchanged_keeps_every_byte_and_is_not_written(client, folder, name):
    path = folder / name
    before, stamp = path.read_bytes(), path.stat().st_mtime_ns
    opened = client.get("/api/file", headers=AUTH, params={"path": name}).json()
    assert "\r" not in opened["text"] and "\ufeff" not in opened["text"]  # the editor's form
    saved = client.put("/api/file", headers=AUTH, json={"path": name, "text": opened["text"], "sha256": opened["sha256"]})
    assert saved.status_code == 200 and saved.json()["sha256"] == opened["sha256"]
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stamp


@pytest.mark.parametrize("name", ["crlf.yaml", "mixed.yaml", "bom.yaml"])
def test_a_line_added_changes_only_its_own_bytes(client, folder, name):
    path = folder / name
    before = path.read_bytes()
    opened = client.get("/api/file", headers=AUTH, params={"path": name}).json()
    lines = opened["text"].split("\n")
    edited = "\n".join(lines[:3] + ["description: Added"] + lines[3:])
    saved = client.put("/api/file", headers=AUTH, json={"path": name, "text": edited, "sha256": opened["sha256"]})
    assert saved.status_code == 200
    after = path.read_bytes()
    usual = {"crlf.yaml": b"\r\n", "mixed.yaml": b"\n", "bom.yaml": b"\n"}[name]  # the file's most common break
    # the bytes before the fourth line and from it on are the old ones; between them, the new line
    cut = 0
    for _ in range(3):
        cut = min(i for i in (before.find(b"\r\n", cut), before.find(b"\n", cut), before.find(b"\r", cut)) if i >= 0)
        cut += 2 if before[cut:cut + 2] == b"\r\n" else 1
    assert after == before[:cut] + b"description: Added" + usual + before[cut:]
    assert client.get("/api/file", headers=AUTH, params={"path": name}).json()["sha256"] == saved.json()["sha256"]


def test_a_new_file_never_replaces_one_that_is_there(client, folder):
    before = (folder / "own.yaml").read_bytes()
    answer = client.put("/api/file", headers=AUTH, json={"path": "own.yaml", "text": "id: other\n"})
    assert answer.status_code == 409 and "already exists" in answer.json()["error"]
    assert (folder / "own.yaml").read_bytes() == before


def test_a_lone_surrogate_is_refused_with_a_message_and_nothing_written(client, folder):
    body = json.dumps({"path": "new.yaml", "text": "id: x\ud800\n"})  # JSON escapes it; no UTF-8 file can hold it
    answer = client.put("/api/file", headers={**AUTH, "Content-Type": "application/json"}, content=body)
    assert answer.status_code == 400 and "U+D800" in answer.json()["error"]
    assert not (folder / "new.yaml").exists()


def test_a_refused_write_answers_its_reason_and_leaves_the_file_whole(client, folder, monkeypatch):
    import errno

    from escoba_spec.studio import workspace

    before = (folder / "own.yaml").read_bytes()
    opened = client.get("/api/file", headers=AUTH, params={"path": "own.yaml"}).json()
    for code, status, words in ((errno.ENOSPC, 507, "the disk is full"), (errno.EACCES, 403, "ermission denied"),
                                (errno.EIO, 500, "Input/output error")):
        def fsync(fd, code=code):
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr(workspace.os, "fsync", fsync)
        answer = client.put("/api/file", headers=AUTH,
                            json={"path": "own.yaml", "text": opened["text"] + "#\n", "sha256": opened["sha256"]})
        assert answer.status_code == status and words in answer.json()["error"]
        assert "the file on disk is as it was" in answer.json()["error"]
        assert (folder / "own.yaml").read_bytes() == before
        assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in (CORPUS / "rules" / "studio").iterdir())


_FULL_DISK = textwrap.dedent("""
    import json, os, subprocess, sys, warnings
    from pathlib import Path
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from escoba_spec.studio import make_app
    disk = Path(sys.argv[1])
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)], check=True)
    (disk / "mine.yaml").write_text("id: mine\\nextends: escoba-de-15\\nname: Mine\\n", encoding="utf-8")
    before = (disk / "mine.yaml").read_bytes()
    filler = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:  # every block of the disk taken
        while True:
            os.write(filler, b"x" * 4096)
    except OSError:
        os.close(filler)
    auth = {"Authorization": "Bearer t"}
    with TestClient(make_app(disk, "t")) as client:
        opened = client.get("/api/file", headers=auth, params={"path": "mine.yaml"}).json()
        answer = client.put("/api/file", headers=auth, json={"path": "mine.yaml", "sha256": opened["sha256"],
                                                             "text": opened["text"] + "description: " + "y" * 9000 + "\\n"})
    print(json.dumps({"status": answer.status_code, "body": answer.json(), "same": (disk / "mine.yaml").read_bytes() == before,
                      "files": sorted(p.name for p in disk.iterdir())}))
""")


def test_a_save_onto_a_full_disk_answers_507_and_leaves_the_old_file(tmp_path):
    """A real full disk: a 256 KiB tmpfs filled up, in a mount namespace of the test's own."""
    unshare = shutil.which("unshare")
    if unshare is None or not shutil.which("mount"):
        pytest.skip("needs util-linux's unshare and mount (a tmpfs in a mount namespace of the test's own)")
    command = [unshare, "-m"] if os.geteuid() == 0 else [unshare, "-Urm"]
    probe = subprocess.run([*command, "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"this machine allows no mount namespace here: {probe.stderr.decode(errors='replace').strip()}")
    (tmp_path / "disk").mkdir()
    done = subprocess.run([*command, sys.executable, "-c", _FULL_DISK, str(tmp_path / "disk")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["status"] == 507, result
    assert "the disk is full" in result["body"]["error"] and "as it was" in result["body"]["error"]
    assert result["same"] and result["files"] == ["filler", "mine.yaml"]  # no temporary file left behind


# ------------------------------------------------------------------ the text's form, for any text

_LINE = st.text(alphabet=st.characters(blacklist_characters="\r\n\ufeff", blacklist_categories=("Cs",)), max_size=12)
_BREAKS = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def _texts(draw) -> str:
    lines = draw(st.lists(st.tuples(_LINE, _BREAKS), max_size=12))
    return ("\ufeff" if draw(st.booleans()) else "") + "".join(c + b for c, b in lines) + draw(_LINE)


def _with_breaks(text: str) -> list[str]:
    """The text's lines, each with its break."""
    return re.split(r"(?<=\n)|(?<=\r)(?!\n)", text)


@given(_texts())
def test_any_text_comes_back_from_the_page_byte_for_byte(text):
    page = for_page(text)
    assert "\r" not in page and not page.startswith("\ufeff")
    assert as_saved(page, text) == text


def test_a_line_emptied_after_a_lone_carriage_return_stays_a_line_of_its_own():
    """An old-Mac break then an emptied line's Unix break would read as one Windows break, the
    line gone: the emptied line takes a break that joins no neighbour's."""
    text = "a\n\rb\n"  # lines: "a" LF, "" CR, "b" LF
    saved = as_saved("a\n\n\n", text)  # the page: "b" emptied
    assert _with_breaks(saved) == ["a\n", "\r", "\r", ""] and for_page(saved) == "a\n\n\n"


@given(_texts(), st.data())
def test_an_edited_line_changes_no_other_lines_bytes(text, data):
    page = for_page(text).split("\n")
    at = data.draw(st.integers(0, len(page) - 1))
    new = data.draw(_LINE.filter(lambda line: line != page[at]))
    saved = as_saved("\n".join(page[:at] + [new] + page[at + 1:]), text)
    old_parts, new_parts = _with_breaks(text.removeprefix("\ufeff")), _with_breaks(saved.removeprefix("\ufeff"))
    assert len(old_parts) == len(new_parts)
    assert [p for i, p in enumerate(old_parts) if i != at] == [p for i, p in enumerate(new_parts) if i != at]
    assert saved.startswith("\ufeff") == text.startswith("\ufeff")
