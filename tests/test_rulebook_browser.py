"""The HTML rulebooks in a real browser: nothing overflows a phone or an A4 page.

Headless Chromium (Debian package `chromium`, installed by `.ci/run`) loads
each page with a small measuring script injected, at 375 px (a phone) and
794 px (A4 at 96 dpi), and reports every element that reaches past the
viewport. With $RULEBOOK_SHOTS set to a folder, it also writes screenshots
there for a person to look at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from escoba_spec.language.validate import load_variant
from escoba_spec.tools.rulebook import LANGS, render_rulebook

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "rules").glob("*.yaml")) + sorted((ROOT / "rules" / "house").glob("*.yaml"))
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
WIDTHS = {"phone": 375, "a4": 794}

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="headless Chromium is not installed (apt-get install -y chromium; .ci/run installs it)",
)

MEASURE = """
<script>
(function () {
  var width = window.innerWidth, over = [];
  var all = document.querySelectorAll('body *');
  for (var i = 0; i < all.length; i++) {
    var r = all[i].getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > width + 0.5 || r.left < -0.5) {
      over.push(all[i].tagName + ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ': '
                + (all[i].textContent || '').trim().slice(0, 60));
    }
  }
  var out = {inner: width, scroll: document.documentElement.scrollWidth, over: over.slice(0, 10), count: over.length,
             lang: document.documentElement.lang};
  var pre = document.createElement('pre');
  pre.id = 'measured';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def _chromium(args: list[str], tmp: Path) -> subprocess.CompletedProcess:
    profile = tmp / "profile"
    profile.mkdir(exist_ok=True)
    command = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
        f"--user-data-dir={profile}", *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


CASES = [(path, LANGS[i % len(LANGS)]) for i, path in enumerate(FILES)]


@pytest.mark.parametrize("path,lang", CASES, ids=[f"{p.stem}-{lang}" for p, lang in CASES])
def test_rulebook_fits_phone_and_a4(path: Path, lang: str, tmp_path: Path):
    html = render_rulebook(load_variant(path), lang, "html")
    page = tmp_path / f"{path.stem}.{lang}.html"
    page.write_text(html.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    shots = Path(os.environ["RULEBOOK_SHOTS"]) if os.environ.get("RULEBOOK_SHOTS") else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    for name, width in WIDTHS.items():
        result = _chromium([f"--window-size={width},1000", "--dump-dom", page.as_uri()], tmp_path)
        found = re.search(r'<pre id="measured">(.*?)</pre>', result.stdout, re.DOTALL)
        assert found, f"no measurement from Chromium at {width}px: {result.stderr[-500:]}"
        data = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        assert data["lang"] == lang
        assert data["scroll"] <= data["inner"], f"{page.name} scrolls sideways at {width}px: {data}"
        assert data["count"] == 0, f"{page.name}: elements wider than the {width}px page: {data['over']}"
        if shots is not None:  # for a person to look at
            _chromium([f"--window-size={width},2400", f"--screenshot={shots / f'{path.stem}.{lang}.{name}.png'}",
                       page.as_uri()], tmp_path)
