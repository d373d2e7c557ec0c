"""The studio's page ships built inside the package: the build is current and whole.

`npm run build` in studio-web/ writes escoba_spec/studio/static/ and its
build-stamp.json: the sha256 of the front end's sources and lock file, and of
each file it wrote. Here both are recomputed: a source changed without a
rebuild, or a built file edited by hand, fails with the command that fixes it.
With $STUDIO_REBUILD=1 and npm on the machine, the page is also rebuilt from
the lock file in a copy and must come out byte for byte as shipped.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT

WEB = ROOT / "studio-web"
STATIC = ROOT / "escoba_spec" / "studio" / "static"
#: what stamp.mjs hashes (keep the two lists the same)
SOURCES = ["index.html", "package.json", "package-lock.json", "vite.config.js", "stamp.mjs", "src"]
FIX = "run `npm ci && npm run build` in studio-web/ and commit escoba_spec/studio/static/"


def _files(root: Path, entries: list[str]) -> list[str]:
    out = []
    for entry in entries:
        path = root / entry
        paths = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]
        out += [p.relative_to(root).as_posix() for p in paths]
    return sorted(out)


def sources_digest(root: Path = WEB) -> str:
    digest = hashlib.sha256()
    for name in _files(root, SOURCES):
        digest.update(name.encode() + b"\0")
        digest.update((root / name).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def _stamp() -> dict:
    return json.loads((STATIC / "build-stamp.json").read_text(encoding="utf-8"))


def test_the_shipped_page_was_built_from_the_current_sources():
    assert _stamp()["sources"] == sources_digest(), f"studio-web/ changed since the page was built: {FIX}"


def test_the_built_files_are_the_ones_the_build_wrote():
    outputs = _stamp()["outputs"]
    shipped = {p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file()} - {"build-stamp.json"}
    assert shipped == set(outputs), f"files in static/ the build did not write, or lost: {FIX}"
    for name, sha in outputs.items():
        assert hashlib.sha256((STATIC / name).read_bytes()).hexdigest() == sha, f"static/{name} was edited: {FIX}"


def test_the_page_loads_only_its_own_assets():
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert refs, "index.html references no script"
    for ref in refs:
        if ref == "data:,":  # the empty favicon: no request at all
            continue
        assert ref.startswith("/assets/"), f"index.html loads {ref}: nothing may come from elsewhere"
        assert (STATIC / ref.lstrip("/")).is_file()


def test_the_package_data_ships_the_page():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"escoba_spec.studio" = ["static/*.html", "static/*.json", "static/assets/*"]' in text


@pytest.mark.skipif(not os.environ.get("STUDIO_REBUILD"), reason="set STUDIO_REBUILD=1 to rebuild the page with npm "
                    "(needs npm and the npm registry; a minute)")
def test_a_rebuild_from_the_lock_file_gives_the_shipped_bytes(tmp_path):
    if shutil.which("npm") is None:
        pytest.fail("STUDIO_REBUILD=1 but npm is not installed")
    copy = tmp_path / "repo"
    shutil.copytree(WEB, copy / "studio-web", ignore=shutil.ignore_patterns("node_modules"))
    (copy / "escoba_spec" / "studio").mkdir(parents=True)
    for command in (["npm", "ci", "--no-audit", "--no-fund"], ["npm", "run", "build"]):
        subprocess.run(command, cwd=copy / "studio-web", check=True, capture_output=True, timeout=600)
    built = copy / "escoba_spec" / "studio" / "static"
    assert json.loads((built / "build-stamp.json").read_text(encoding="utf-8")) == _stamp(), FIX
