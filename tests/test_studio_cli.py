"""`escoba-spec studio` as a command: its first line, its token, its refusals."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from escoba_spec.cli.main import main

from .conftest import ROOT


def test_a_missing_folder_is_a_usage_error(capsys, tmp_path):
    assert main(["studio", str(tmp_path / "nowhere"), "--no-browser"]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_file_for_a_folder_is_a_usage_error(capsys):
    assert main(["studio", str(ROOT / "rules" / "scopa.yaml"), "--no-browser"]) == 2
    assert "is a file; give the folder" in capsys.readouterr().err


def test_a_port_out_of_range_is_a_usage_error(capsys):
    assert main(["studio", str(ROOT / "rules"), "--port", "70000", "--no-browser"]) == 2
    assert "--port must be from 0 to 65535" in capsys.readouterr().err


def test_a_busy_port_is_said_plainly(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["studio", str(ROOT / "rules"), "--port", str(port), "--no-browser"]) == 1
    err = capsys.readouterr().err
    assert f"port {port} on 127.0.0.1 is already in use" in err and "Traceback" not in err


def test_the_first_line_is_the_url_with_a_fresh_token_and_the_api_needs_it(tmp_path):
    (tmp_path / "mine.yaml").write_text("id: mine\nextends: scopa\nname: Mine\n", encoding="utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    tokens = []
    for _ in range(2):
        process = subprocess.Popen([sys.executable, "-m", "escoba_spec", "studio", str(tmp_path), "--port", "0",
                                    "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            first = process.stdout.readline().strip()
            match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]{20,})", first)
            assert match, f"first line: {first!r}"
            port, token = match.groups()
            tokens.append(token)
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:  # the socket listens from the first line on; the app answers once uvicorn runs
                try:
                    request = urllib.request.Request(base + "/api/info", headers={"Authorization": f"Bearer {token}"})
                    info = json.load(urllib.request.urlopen(request, timeout=5))
                    break
                except (urllib.error.URLError, ConnectionError):
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            assert info["files"] == ["mine.yaml"]
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(base + "/api/info", timeout=5)
            assert refused.value.code == 401
            assert "<div id=\"editor\"" in urllib.request.urlopen(base + "/", timeout=5).read().decode()
        finally:
            process.terminate()
            process.wait(10)
            process.stdout.close()
            process.stderr.close()
    assert tokens[0] != tokens[1]  # a fresh token each run
