"""Issue 36, class 9: what answered 500 answers a 4xx with a message (tests/corpus/studio-requests).

And a rule file in the folder whose name is not UTF-8 no longer breaks the listing of every file
(`/api/files`, `/api/info`): it is left out, and named, escaped, under `unlisted`.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("httpx", reason="the studio's API tests need httpx (pip install -e '.[test]')")

from escoba_spec.studio import make_app  # noqa: E402

from .conftest import ROOT  # noqa: E402
from .test_studio_api import AUTH, TOKEN, TestClient  # noqa: E402  (its client, token and warnings' quieting)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
CASES = json.loads((Path(__file__).resolve().parent / "corpus" / "studio-requests" / "cases.json")
                   .read_text(encoding="utf-8"))
ODD = os.fsdecode(b"caf\xe9.yaml")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    rules = tmp_path / "rules"
    (rules / "house").mkdir(parents=True)
    shutil.copy(ROOT / "rules" / "scopa.yaml", rules / "scopa.yaml")
    (rules / "house" / "mine.yaml").write_text("id: mine\nextends: scopa\nname: Mine\n", encoding="utf-8")
    (rules / "folder.yaml").mkdir()
    (rules / ODD).write_text("id: odd\nextends: scopa\nname: Odd\n", encoding="utf-8")
    return rules


@pytest.fixture
def client(folder: Path):
    with TestClient(make_app(folder, TOKEN), raise_server_exceptions=False) as c:
        yield c


def _send(client, case: dict):
    method, path = case["method"], case["path"]
    if "chunks" in case:
        def chunks():
            for _ in range(case["chunks"]):
                yield b" " * (case["chunk_mib"] << 20)
        return client.request(method, path, headers=AUTH, content=chunks())
    if "nested" in case:
        return client.request(method, path, headers=AUTH, content=b"[" * case["nested"] + b"]" * case["nested"])
    if "raw" in case:
        return client.request(method, path, headers=AUTH, content=case["raw"].encode("utf-8"))
    if "long_name" in case:
        name = "a" * case["long_name"] + ".yaml"
        if method == "GET":
            return client.get(path, headers=AUTH, params={"path": name})
        return client.request(method, path, headers=AUTH, json={"path": name, "text": "id: a\n"})
    return client.request(method, path, headers=AUTH, json=case["json"])


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_hostile_request_is_a_4xx_with_a_message(client, case):
    answer = _send(client, case)
    assert answer.status_code == case["status"], answer.text
    assert case["says"] in answer.json()["error"]


def test_a_name_that_is_not_utf8_is_left_out_of_the_listing_not_a_500(client):
    for route in ("/api/files", "/api/info"):
        answer = client.get(route, headers=AUTH)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["files"] == ["scopa.yaml", "house/mine.yaml"] and body["unlisted"] == ["caf\\xe9.yaml"]


def test_a_long_computation_holds_no_other_request(client, monkeypatch):
    """Issue 36, class 8: a diff (as a rulebook, a check) runs off the event loop; /api/info is
    answered while one is under way, not after it."""
    import escoba_spec.tools.diff as diff_module

    started, finished = threading.Event(), threading.Event()
    real = diff_module.diff_variants

    def slow(*args, **kwargs):
        started.set()
        time.sleep(1.0)  # a long diff; the order of the answers, not their times, is what is checked
        report = real(*args, **kwargs)
        finished.set()
        return report

    monkeypatch.setattr(diff_module, "diff_variants", slow)
    answers: dict = {}
    worker = threading.Thread(target=lambda: answers.setdefault("diff", client.post(
        "/api/diff", headers=AUTH, json={"a": "scopa.yaml", "b": "house/mine.yaml", "deals": 5})))
    worker.start()
    assert started.wait(60)
    info = client.get("/api/info", headers=AUTH)
    answered_during = not finished.is_set()
    worker.join(120)
    assert info.status_code == 200 and answered_during
    assert answers["diff"].status_code == 200, answers["diff"].text
