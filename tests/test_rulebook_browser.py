"""The HTML rulebooks in a real browser: nothing overflows a phone or an A4 page.

Headless Chromium (Debian package `chromium`, installed by `.ci/run`) loads
each page with a small measuring script injected, at 375 px (a phone) and
794 px (A4 at 96 dpi), and reports every element that reaches past the
viewport. With $RULEBOOK_SHOTS set to a folder, it also writes screenshots
there for a person to look at.

One Chromium serves every page (Playwright drives it, as the studio's browser
tests do): a fresh browser context per page and width, at that width; a start
of Chromium per page and width took a second and a half each.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from escoba_spec.language.validate import load_variant
from escoba_spec.tools.rulebook import LANGS, render_rulebook

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "rules").glob("*.yaml")) + sorted((ROOT / "rules" / "house").glob("*.yaml"))
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
WIDTHS = {"phone": 375, "a4": 794}

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover
    sync_playwright = None

MISSING = ("headless Chromium is not installed (apt-get install -y chromium; .ci/run installs it)" if CHROMIUM is None
           else "Playwright is not installed (pip install -e '.[test]')" if sync_playwright is None else None)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

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


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, started once for every page of the module."""
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--hide-scrollbars"])
        yield chromium
        chromium.close()


CASES = [(path, LANGS[i % len(LANGS)]) for i, path in enumerate(FILES)]


@pytest.mark.parametrize("path,lang", CASES, ids=[f"{p.stem}-{lang}" for p, lang in CASES])
def test_rulebook_fits_phone_and_a4(path: Path, lang: str, tmp_path: Path, browser):
    html = render_rulebook(load_variant(path), lang, "html")
    page = tmp_path / f"{path.stem}.{lang}.html"
    page.write_text(html.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    shots = Path(os.environ["RULEBOOK_SHOTS"]) if os.environ.get("RULEBOOK_SHOTS") else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    for name, width in WIDTHS.items():
        context = browser.new_context(viewport={"width": width, "height": 1000})  # a window of that size
        try:
            tab = context.new_page()
            tab.goto(page.as_uri())
            measured = tab.locator("#measured")
            assert measured.count() == 1, f"no measurement from Chromium at {width}px"
            data = json.loads(measured.text_content())
            assert data["lang"] == lang
            assert data["scroll"] <= data["inner"], f"{page.name} scrolls sideways at {width}px: {data}"
            assert data["count"] == 0, f"{page.name}: elements wider than the {width}px page: {data['over']}"
            if shots is not None:  # for a person to look at
                tab.set_viewport_size({"width": width, "height": 2400})
                tab.screenshot(path=str(shots / f"{path.stem}.{lang}.{name}.png"))
        finally:
            context.close()
