#!/usr/bin/env python
"""The studio's waits as a designer meets them (run by hand; not part of the test suite).

    python bench/studio_times.py                        # Escoba de 15, 200 matches
    python bench/studio_times.py --rules rules/cuarenta.yaml --games 500 --json

In a fresh kernel cache (a temporary folder, so nothing of the user's is used or
changed), the studio's own API (`escoba_spec.studio.make_app`, through
Starlette's TestClient: the same requests the page sends) is asked to simulate
the rule file, and the wall seconds from the request to the finished result
are taken for:

* first run: the file as it is, its kernel not yet compiled;
* again: the same request, the kernel cached;
* edit: target: the editor's buffer with the match's target changed (21 -> 31);
* edit: points: the buffer with a rule's constant points changed (1 -> 2);
* edit: a rule: the buffer with a rule's award changed (a new condition).

Each edit is what a designer does between two runs; what it costs is the
kernel compile it does or does not cause. Needs the test extra (httpx).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def edits(text: str) -> list[tuple[str, str]]:
    """The buffers a designer sends after the first runs: (what changed, the text)."""
    target = re.search(r"^(  target: )(\d+)$", text, re.M)
    points = re.search(r"^(      points: )(\d+)$", text, re.M)
    award = re.search(r"^(      award: )(.+)$", text, re.M)
    out = []
    if target:
        value = int(target.group(2)) + 10
        out.append(("edit: target", text[:target.start(2)] + str(value) + text[target.end(2):]))
    if points:
        value = int(points.group(2)) + 1
        out.append(("edit: points", text[:points.start(2)] + str(value) + text[points.end(2):]))
    if award:
        changed = f"({award.group(2).strip()}) and count(pile) > 0"
        out.append(("edit: a rule", text[:award.start(2)] + json.dumps(changed) + text[award.end(2):]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default=str(ROOT / "rules" / "escoba-de-15.yaml"),
                    help="a rule file that extends nothing (default: rules/escoba-de-15.yaml)")
    ap.add_argument("--games", type=int, default=200, help="matches per run (default 200)")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="escoba-spec-studio-times-"))
    try:
        os.environ["ESCOBA_SPEC_CACHE"] = str(work / "cache")  # before the package reads it
        try:
            from starlette.testclient import TestClient
        except ImportError as exc:
            ap.error(f"the studio's client needs the test extra (pip install -e '.[test]'): {exc}")
        from escoba_spec.studio import make_app

        folder = work / "rules"
        folder.mkdir()
        source = Path(args.rules)
        shutil.copy(source, folder / source.name)
        text = source.read_text(encoding="utf-8")
        runs = [("first run", None), ("again", None), *edits(text)]
        rows = []
        with TestClient(make_app(folder, TOKEN)) as client:
            for label, buffer in runs:
                body = {"path": source.name, "games": args.games, "seed": 1}
                if buffer is not None:
                    body["text"] = buffer
                start = time.perf_counter()
                job = client.post("/api/simulate", headers=AUTH, json=body).json()
                while job.get("state") in ("queued", "running"):
                    time.sleep(0.02)
                    job = client.get(f"/api/jobs/{job['id']}", headers=AUTH).json()
                seconds = time.perf_counter() - start
                if job.get("state") != "done":
                    print(f"{label}: the job ended {job.get('state')}: {job.get('error') or job}", file=sys.stderr)
                    return 1
                rows.append({"run": label, "seconds": round(seconds, 2), "engine": job["result"]["engine"]})
        result = {"rules": str(source), "games": args.games, "python": sys.version.split()[0], "runs": rows}
        if args.json:
            print(json.dumps(result, indent=1))
        else:
            print(f"{source.name}, {args.games} matches a run, a fresh kernel cache")
            for row in rows:
                print(f"  {row['run']:<14} {row['seconds']:7.2f} s  ({row['engine']})")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
