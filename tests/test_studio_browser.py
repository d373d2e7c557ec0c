"""The studio end to end: the real server, the shipped page, headless Chromium (Debian's).

Playwright drives /usr/bin/chromium (`executable_path`: Playwright's own
browser download is never used). The server is the one `escoba-spec studio`
runs (uvicorn, in a thread here) on a tmp copy of rules/, so saves touch
nothing of the checkout. Screenshots go to $STUDIO_SHOTS when set (else to
the test's tmp folder), for a person to look at.

Without Chromium or Playwright the tests are skipped with the reason, except
under CI=true, where a skip would hide a missing install step: they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from .conftest import ROOT, needs_plots

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or "")
                 if p and os.path.exists(p)), None)
try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover
    sync_playwright = None

MISSING = ("Debian's chromium is not installed (apt-get install -y chromium; .ci/run installs it)" if CHROMIUM is None
           else "Playwright is not installed (pip install -e '.[test]')" if sync_playwright is None else None)
if MISSING and os.environ.get("CI"):
    pytest.fail(f"the studio's browser tests cannot run in CI: {MISSING}", pytrace=False)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

TOKEN = "browser-test-token"
HOUSE = "house/escoba-31-ties-all.yaml"


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """The studio serving a copy of rules/ on a free port: (base URL, folder)."""
    import uvicorn

    from escoba_spec.studio import make_app

    folder = tmp_path_factory.mktemp("studio") / "rules"
    shutil.copytree(ROOT / "rules", folder)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    server = uvicorn.Server(uvicorn.Config(make_app(folder, TOKEN), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the studio did not start"
    yield f"http://127.0.0.1:{sock.getsockname()[1]}", folder
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, studio, tmp_path):
    base, _ = studio
    context = browser.new_context(viewport={"width": 1500, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.shots = Path(os.environ.get("STUDIO_SHOTS") or tmp_path)  # type: ignore[attr-defined]
    page.shots.mkdir(parents=True, exist_ok=True)  # type: ignore[attr-defined]

    def open_file(file: str) -> None:  # the page with `file` open in the editor, its panels ready
        page.goto(f"{base}/?token={TOKEN}#file={file}")
        expect(page.locator("#file-name")).to_have_text(file)
        expect(page.locator("#play-start")).to_be_attached()

    page.open = open_file  # type: ignore[attr-defined]
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


def _start_play(page, name: str, seed: int) -> None:
    """Open a rule file, start a match on the Play tab with a seed, and wait for the person's first move."""
    page.open(name)
    page.click("#tabs button[data-panel=panel-play]")
    page.fill("#play-seed", str(seed))
    page.click("#play-start")
    expect(page.locator("#play-moves button").first).to_be_visible(timeout=10000)


def _shot(page, name: str) -> None:
    page.screenshot(path=str(page.shots / f"studio-{name}.png"))


def test_without_the_token_the_page_says_how_to_open_it(page, studio):
    page.goto(studio[0] + "/")
    expect(page.locator("#status")).to_contain_text("URL it printed")


def test_a_misspelt_key_is_underlined_at_its_place_and_the_fix_refreshes_the_rulebook(page):
    page.open(HOUSE)
    expect(page.locator("#file-name")).to_have_text(HOUSE)
    expect(page.locator("#rulebook-status")).to_contain_text("up to date", timeout=20000)
    frame = page.frame_locator("#rulebook-frame")
    expect(frame.locator("h1")).to_contain_text("Escoba de 15 to 31")

    target = page.locator(".cm-line", has_text="target: 31")
    target.click()
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")  # the line's text, its indent kept
    page.keyboard.type("taget: 15")
    underline = page.locator(".cm-lintRange-error")
    expect(underline).to_have_text("taget", timeout=10000)
    expect(page.locator("#problems li")).to_contain_text("51:3 error[unknown-key] unknown key 'taget' in 'match'")
    expect(page.locator("#problems li .hint")).to_have_text("hint: did you mean 'target'?")
    line51 = page.locator(".cm-line", has_text="taget: 15")
    assert line51.locator(".cm-lintRange-error").count() == 1
    # the underline starts at column 3, the key's first letter: after the two spaces of indent
    letter_x = line51.evaluate("""line => { const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let node; while ((node = walker.nextNode()) && !node.textContent.includes('t')) {}
        const r = document.createRange(); const i = node.textContent.indexOf('t'); r.setStart(node, i);
        r.setEnd(node, i + 1); return r.getBoundingClientRect().x; }""")
    assert abs(underline.bounding_box()["x"] - letter_x) < 1
    expect(page.locator("#rulebook-status")).to_contain_text("errors")
    underline.hover()
    expect(page.locator(".cm-tooltip-lint")).to_contain_text("did you mean 'target'?")
    _shot(page, "misspelt-key")

    page.mouse.move(0, 0)  # the tooltip goes
    expect(page.locator(".cm-tooltip-lint")).to_have_count(0)
    line51.click()
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.type("target: 15")  # a value the option offers (41 is an error: see the API tests)
    expect(page.locator("#problems-count")).to_have_text("no problems", timeout=10000)
    expect(underline).to_have_count(0)
    # the rulebook now says the new target: the edit reached it without a save
    expect(frame.locator("body")).to_contain_text("first side to reach 15 points", timeout=20000)
    expect(page.locator("#rulebook-status")).to_contain_text("up to date")
    expect(page.locator("#file-name")).to_have_text(HOUSE + " •")
    _shot(page, "fixed-rulebook")


def test_with_errors_the_rulebook_keeps_the_last_valid_one_and_says_so(page, studio):
    """Issue 41 item 7: while the text has errors the frame keeps the file's last valid rulebook,
    with a note above it saying that it is the last valid one and that the text has errors; a
    file opened with errors shows no other file's rulebook as its own."""
    _, folder = studio
    broken = folder / "house" / "broken.yaml"
    broken.write_text("id: broken\nextends: escoba-de-15\nname: Broken\nmatch:\n  taget: 21\n", encoding="utf-8")
    try:
        page.open(HOUSE)
        expect(page.locator("#rulebook-status")).to_contain_text("up to date", timeout=20000)
        note = page.locator("#rulebook-note")
        expect(note).to_be_hidden()
        frame = page.frame_locator("#rulebook-frame")
        line = page.locator(".cm-line", has_text="target: 31")
        line.click()
        page.keyboard.press("End")
        page.keyboard.press("Shift+Home")
        page.keyboard.type("taget: 15")
        expect(page.locator("#problems-count")).to_have_text("1 error, 0 warnings", timeout=10000)
        expect(note).to_be_visible()
        expect(note).to_contain_text("has 1 error: this is the last valid rulebook")
        expect(frame.locator("h1")).to_contain_text("Escoba de 15 to 31")  # still there, not blank
        expect(frame.locator("body")).to_contain_text("31 points")
        page.select_option("#rulebook-lang", "es")  # no rulebook of a text with errors: the note stays
        expect(note).to_contain_text("(en, written at")
        _shot(page, "rulebook-last-valid")
        page.select_option("#rulebook-lang", "en")
        page.keyboard.press("Control+z")  # the valid text again: the note goes
        expect(page.locator("#problems-count")).to_have_text("no problems", timeout=10000)
        expect(note).to_be_hidden(timeout=20000)
        expect(page.locator("#rulebook-status")).to_contain_text("up to date")

        page.locator("#files button.file", has_text="broken.yaml").click()
        expect(page.locator("#file-name")).to_have_text("house/broken.yaml")
        expect(note).to_contain_text("house/broken.yaml has had no valid rulebook yet", timeout=10000)
        expect(frame.locator("h1")).to_have_count(0)  # not the last file's rulebook as this one's
    finally:
        broken.unlink()


def test_completion_and_hover_come_from_the_schema(page):
    page.open("escoba-de-15.yaml")
    expect(page.locator("#problems-count")).to_have_text("no problems", timeout=20000)
    page.locator(".cm-content").click()
    page.keyboard.press("Control+Home")  # a new block at the top: completion inside it knows its path
    page.keyboard.type("match:\n  go")
    popup = page.locator(".cm-tooltip-autocomplete")
    expect(popup).to_contain_text("goal", timeout=5000)
    labels = popup.locator("li").all_inner_texts()
    assert "goal" in labels and "target" not in labels  # the keys of match, as far as 'go' says
    expect(page.locator(".cm-completionInfo")).to_contain_text("the first side to the target wins")
    _shot(page, "completion")
    page.wait_for_timeout(150)  # CodeMirror takes Enter as a choice only once the list has been seen (75 ms)
    page.keyboard.press("Enter")  # take it: 'goal: ', then the values the schema lists
    page.keyboard.press("Control+Space")
    expect(popup.locator("li")).to_have_text(["avoid", "lead", "reach"])
    page.keyboard.press("Escape")
    key = page.locator(".cm-line", has_text="goal:").first.locator("text=goal")
    box = key.bounding_box()
    doc = page.locator(".schema-doc")
    for _ in range(20):  # the mouse comes to rest on the key, as a person's does, until the tooltip shows
        page.mouse.move(0, 0)
        page.mouse.move(box["x"] + 6, box["y"] + box["height"] / 2)
        page.wait_for_timeout(500)
        if doc.count():
            break
    _shot(page, "hover")
    expect(doc).to_contain_text("the first side to the target wins", timeout=5000)
    _shot(page, "hover")


def test_the_editor_undoes_and_redoes_an_edit_and_a_file_opened_starts_a_history_of_its_own(page):
    """Issue 41: undo/redo in the editor. An edit that made an error is undone (the error goes with
    it) and redone (it comes back); a file opened after it cannot undo into the other file's text."""
    page.open(HOUSE)
    expect(page.locator("#problems-count")).to_have_text("no problems", timeout=20000)
    page.locator(".cm-line", has_text="target: 31").click()
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.type("taget: 15")
    expect(page.locator(".cm-lintRange-error")).to_have_text("taget", timeout=10000)
    for _ in range(6):  # typing is grouped into undo steps by time: undo until the line is back
        if page.locator(".cm-line", has_text="target: 31").count():
            break
        page.keyboard.press("Control+z")
    expect(page.locator(".cm-line", has_text="target: 31")).to_have_count(1)
    expect(page.locator("#problems-count")).to_have_text("no problems", timeout=10000)
    for _ in range(6):
        if page.locator(".cm-line", has_text="taget: 15").count():
            break
        page.keyboard.press("Control+Shift+z")
    expect(page.locator(".cm-line", has_text="taget: 15")).to_have_count(1)
    expect(page.locator(".cm-lintRange-error")).to_have_text("taget", timeout=10000)
    page.open("scopa.yaml")  # another file: its own history, nothing to undo into the last one
    page.locator(".cm-content").click()
    before = page.locator(".cm-content").inner_text()
    for _ in range(3):
        page.keyboard.press("Control+z")
    assert page.locator(".cm-content").inner_text() == before


def test_save_writes_the_file_inside_the_folder(page, studio):
    _, folder = studio
    page.open("house/scopa-napola.yaml")
    expect(page.locator("#problems-count")).to_have_text("no problems", timeout=20000)
    page.locator(".cm-content").click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("# saved from the studio\n")
    page.keyboard.press("Control+s")
    expect(page.locator("#status")).to_have_text("saved house/scopa-napola.yaml")
    assert (folder / "house" / "scopa-napola.yaml").read_text(encoding="utf-8").startswith("# saved from the studio\n")


def test_the_open_file_is_duplicated_renamed_and_deleted_from_the_page(page, studio):
    """Issue 41 item 7: Duplicate, Rename and Delete act on the open file, in the folder; a name
    already taken is refused with the reason, nothing overwritten."""
    _, folder = studio
    house = folder / "house"
    (house / "draft.yaml").write_bytes((house / "escoba-31-ties-all.yaml").read_bytes())
    answers: list[str] = []
    page.on("dialog", lambda dialog: dialog.accept(answers.pop(0)) if dialog.type == "prompt" else dialog.accept())
    try:
        page.open("house/draft.yaml")
        answers.append("house/draft-2.yaml")
        page.click("#file-duplicate")
        expect(page.locator("#status")).to_have_text("house/draft-2.yaml is a copy of house/draft.yaml")
        assert (house / "draft-2.yaml").read_bytes() == (house / "draft.yaml").read_bytes()
        expect(page.locator("#files button.file", has_text="draft-2.yaml")).to_have_count(1)

        answers.append("house/draft-2.yaml")  # taken: refused, nothing overwritten
        page.click("#file-rename")
        expect(page.locator("#status")).to_contain_text("not renamed: house/draft-2.yaml already exists")
        answers.append("house/renamed.yaml")
        page.click("#file-rename")
        expect(page.locator("#file-name")).to_have_text("house/renamed.yaml")
        expect(page.locator("#status")).to_have_text("renamed house/draft.yaml to house/renamed.yaml")
        assert not (house / "draft.yaml").exists() and (house / "renamed.yaml").exists()
        expect(page.locator("#files button.file.current")).to_have_text("house/renamed.yaml")

        page.click("#file-delete")  # confirmed
        expect(page.locator("#status")).to_have_text("deleted house/renamed.yaml")
        assert not (house / "renamed.yaml").exists()
        expect(page.locator("#files button.file", has_text="renamed.yaml")).to_have_count(0)
        expect(page.locator("#file-name")).not_to_have_text("house/renamed.yaml")
    finally:
        for name in ("draft.yaml", "draft-2.yaml", "renamed.yaml"):
            (house / name).unlink(missing_ok=True)


def test_a_rule_file_whose_name_is_not_utf8_is_listed_as_one_to_rename(page, studio):
    _, folder = studio
    odd = os.path.join(os.fsencode(folder), b"caf\xe9.yaml")  # a Latin-1 name, as an old archive leaves it
    with open(odd, "wb") as f:
        f.write(b"extends: scopa\n")
    try:
        page.open("scopa.yaml")
        unlisted = page.locator("#files li.unlisted")
        expect(unlisted).to_have_count(1)
        expect(unlisted).to_contain_text("caf\\xe9.yaml")
        expect(unlisted).to_contain_text("rename")
        expect(page.locator("#files button.file", has_text="caf")).to_have_count(0)  # nothing to click that cannot open
    finally:
        os.remove(odd)


def test_a_hand_is_played_to_its_score(page):
    _start_play(page, "escoba-de-15.yaml", 7)
    assert page.locator("#play-hand .card").count() == 3
    # a Spanish card shows its own suit by name, in its colour, never a French symbol
    first = page.locator("#play-hand .card").first
    assert first.locator(".suit-name").inner_text() in ("oros", "copas", "espadas", "bastos")
    assert page.locator("#play-hand .card .symbol").count() == 0
    assert re.fullmatch(r"(\d|sota|caballo|rey) de (oros|copas|espadas|bastos) \(\w+\): counts \d+",
                        first.get_attribute("title"))
    colours = set(page.evaluate("() => [...document.querySelectorAll('#play-hand .card, #play-table .card')]"
                                ".map((c) => [c.querySelector('.suit-name').textContent, getComputedStyle(c).color])"
                                ".map(([s, c]) => s + ' ' + c)"))
    by_suit = {}
    for shown in colours:
        suit, colour = shown.split(" ", 1)
        by_suit.setdefault(suit, set()).add(colour)
    assert all(len(c) == 1 for c in by_suit.values()), by_suit  # one colour a suit
    assert len({next(iter(c)) for c in by_suit.values()}) == len(by_suit), by_suit  # and each its own
    assert not set("♦♥♠♣") & set(page.locator("#play-moves").inner_text())
    captured = False
    for _ in range(40):
        if page.locator("#play-next").count():
            break
        shown = page.locator("#play-board").get_attribute("data-shown")
        takes = page.locator("#play-moves button", has_text="takes")
        if takes.count() and not captured:
            assert page.locator("#play-hand .card.can-capture").count() >= 1  # its card is marked in the hand
            # the pointer may still rest where the last click left it, over this very button now: a
            # new element under a still pointer gets no mouseenter, so it comes from elsewhere first;
            # and on a loaded machine the board may still be showing the bot's play and draw the
            # moves again under the pointer, so the hover is made again until the list holds still
            taken = page.locator("#play-table .card.taken").first
            for _ in range(4):
                page.mouse.move(0, 0)
                takes.first.hover()  # the cards it takes light up on the table
                try:
                    expect(taken).to_be_visible(timeout=2500)
                    break
                except AssertionError:
                    continue
            expect(taken).to_be_visible()
            _shot(page, "play-capture")
            captured = True
            takes.first.click()
        else:
            page.locator("#play-moves button").first.click()
        expect(page.locator("#play-board")).not_to_have_attribute("data-shown", shown or "", timeout=10000)
    assert captured, "no capture was offered in a whole hand"
    expect(page.locator("#play-next")).to_be_visible()
    points = page.locator("#play-points")
    expect(points).to_contain_text("Setenta")
    totals = points.locator("tr.total td").all_inner_texts()[1:]
    expect(page.locator("#play-scores")).to_contain_text(f"side 0 (you): {totals[0]} · side 1: {totals[1]}")
    expect(page.locator("#play-log")).to_contain_text("totals after hand 1")
    _shot(page, "play-score")
    page.click("#play-next")
    expect(page.locator("#play-moves button").first).to_be_visible()


def test_a_stack_is_shown_bottom_to_top_with_its_face_down_cards_counted_never_shown(page):
    """Pişti: the stack's cards in order, the top last and the others dimmed; the three cards face
    down under it told by their number; the stock's bottom card, face up, named."""
    _start_play(page, "pisti.yaml", 2)  # the bot leads and trails: three cards still face down
    expect(page.locator("#play-table")).to_have_class(re.compile(r"\bstack\b"))
    expect(page.locator("#play-face-down")).to_have_text("3 cards face down under it")
    expect(page.locator("#play-stock")).to_contain_text("its bottom card, face up:")
    assert page.locator("#play-hand .card").count() == 4
    assert page.locator("#play-hand .card .symbol").first.inner_text() in "♦♥♠♣"  # a French deck: its symbols
    assert page.locator("#play-hand .card .suit-name").count() == 0
    table = page.evaluate("() => [...document.querySelectorAll('#play-table .card')].map((c) => c.dataset.card)")
    assert table, "the stack is empty"
    # the narration names the opening stack and counts the cards under it, as the board does
    expect(page.locator("#play-log")).to_contain_text("3 cards face down under the stack")
    _shot(page, "play-stack")


def test_the_piles_show_each_sides_top_card_where_a_steal_can_take_it(page):
    """Rubamazzo: every side's pile is listed with its size and its top card, face up for all (or
    none before its first capture); a move taking a pile is offered as a capture."""
    _start_play(page, "rubamazzo.yaml", 3)
    piles = page.locator("#play-piles .pile")
    expect(piles).to_have_count(2)
    expect(piles.nth(0)).to_contain_text("side 0 (you):")
    shown = page.evaluate("() => [...document.querySelectorAll('#play-piles .pile')].map((p) => "
                          "[parseInt(p.textContent.split(': ')[1]), p.querySelector('.card') !== null])")
    # a pile with cards shows its top card; an empty one says it has none
    assert [has for _, has in shown] == [n > 0 for n, _ in shown], shown
    for side, (count, has) in enumerate(shown):
        expect(piles.nth(side)).to_contain_text("no top card" if not has else f"{count} card")
    _shot(page, "play-piles")


def test_a_build_is_shown_apart_with_its_value_and_taken_by_a_card_of_that_value(page):
    """Cassino, seed 4: the bot leading builds 10 with 7d on 3h; the board shows that build apart from
    the loose cards, with its value and maker, and the 10 in the person's hand takes it whole."""
    _start_play(page, "cassino.yaml", 4)
    build = page.locator("#play-table .build")
    expect(build).to_have_count(1)
    expect(build).to_contain_text("build of 10 (seat 1):")
    assert sorted(build.locator(".card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")) == ["3h", "7d"]
    assert page.locator("#play-table > .card").count() == 3  # the loose cards: J, J, K
    expect(page.locator("#play-moves button[data-move='10s+7d+3h']")).to_be_visible()
    expect(page.locator("#play-log")).to_contain_text("plays 7d♦ on 3h♥, building 10")
    _shot(page, "play-build")


def test_a_matta_to_name_says_so_when_it_is_clicked(page):
    """Cirulla, seed 75: the person's declared matta is to be named first (its readings are the moves);
    clicking the card says so, rather than that it cannot be played."""
    _start_play(page, "cirulla.yaml", 75)
    expect(page.locator("#play-moves button[data-move='7c=2']")).to_be_visible()
    page.locator("#play-hand .card[data-card='7c']").click()
    expect(page.locator("#play-status")).to_have_text("name the rank 7c plays as first: pick one below")


def test_a_seep_bid_is_offered_as_buttons_the_table_face_down_until_it_is_made(page, studio):
    """Seep (deal.bid), seed 0, two players: the bot bids at hand 1 and the board says so; at hand 2
    the person bids first: the table's four cards lie face down (backs) and the moves are the values
    to bid, with their ranks' names; once bid, the table is turned up and the bid shown."""
    _, folder = studio
    shutil.copy(ROOT / "rules" / "seep.yaml", folder / "seep.yaml")
    page.open("seep.yaml")
    page.click("#tabs button[data-panel=panel-play]")
    page.fill("#play-seed", "0")
    page.fill("#play-players", "2")
    page.click("#play-start")
    expect(page.locator("#play-moves button").first).to_be_visible(timeout=20000)
    expect(page.locator("#play-bid")).to_have_text("bid: seat 1 bid 9 (nine)")
    for _ in range(30):  # hand 1 to its score, the first legal move each turn
        if page.locator("#play-next").count():
            break
        shown = page.locator("#play-board").get_attribute("data-shown")
        page.locator("#play-moves button").first.click()
        expect(page.locator("#play-board")).not_to_have_attribute("data-shown", shown or "", timeout=10000)
    page.click("#play-next")
    expect(page.locator("#play-moves button").first).to_be_visible(timeout=10000)
    expect(page.locator("#play-moves button")).to_have_text(["bid 9 (nine)", "bid 11 (jack)", "bid 12 (queen)"])
    expect(page.locator("#play-table .card.back")).to_have_count(4)
    assert page.locator("#play-table .card:not(.back)").count() == 0
    expect(page.locator("#play-face-down")).to_have_text("4 cards face down apart, turned up after the bid")
    expect(page.locator("#play-status")).to_have_text("your bid: pick a value below, that of a card you hold")
    assert page.locator("#play-bid").count() == 0
    page.locator("#play-hand .card").first.click()
    expect(page.locator("#play-status")).to_have_text("bid first: pick a value below (9, 11, 12)")
    _shot(page, "play-bid")
    page.locator("#play-moves button[data-move='bid:11']").click()
    expect(page.locator("#play-bid")).to_have_text("bid: you bid 11 (jack)")
    expect(page.locator("#play-table .card:not(.back)")).to_have_count(4)
    assert page.locator("#play-table .card.back").count() == 0 and page.locator("#play-face-down").count() == 0
    expect(page.locator("#play-log")).to_contain_text("seat 0 (side 0) bids 11 (jack)")
    _shot(page, "play-bid-made")


def _simulate_against_its_base(page) -> None:
    """The house rule's 20 matches and its base's, on the interpreter, to their end."""
    page.open(HOUSE)
    page.click("#tabs button[data-panel=panel-simulate]")
    page.fill("#sim-games", "20")
    page.select_option("#sim-engine", "interpreted")
    page.select_option("#sim-compare", "base")
    page.click("#sim-run")
    expect(page.locator("#sim-status")).to_contain_text("done: 40 of 40 matches", timeout=60000)


@needs_plots
def test_simulate_shows_progress_the_plots_and_the_comparison_and_diff_the_divergence(page):
    _simulate_against_its_base(page)
    expect(page.locator("#sim-summary")).to_contain_text("escoba-31-ties-all")
    expect(page.locator("#sim-summary")).to_contain_text("escoba-de-15")
    expect(page.locator("#sim-plots img")).to_have_count(3)
    assert page.locator("#sim-plots img").first.evaluate("img => img.naturalWidth") > 100
    _shot(page, "simulate")

    page.click("#tabs button[data-panel=panel-diff]")
    page.select_option("#diff-b", "escoba-de-15.yaml")
    page.fill("#diff-deals", "40")
    page.click("#diff-run")
    expect(page.locator("#diff-differences li").first).to_contain_text("ties for a majority", timeout=30000)
    expect(page.locator("#diff-first")).to_contain_text("explained by")
    _shot(page, "diff")


def test_the_diff_follows_the_open_file(page):
    """Issue 41 item 7: the diff tab's A is the file open; opening another one makes A that file
    and clears the last file's diff, which compared a file no longer in the editor."""
    page.open(HOUSE)
    page.click("#tabs button[data-panel=panel-diff]")
    expect(page.locator("#diff-a option").first).to_have_text(f"this file ({HOUSE})")
    page.select_option("#diff-a", "scopa.yaml")
    page.select_option("#diff-b", "escoba-de-15.yaml")
    page.fill("#diff-deals", "5")
    page.click("#diff-run")
    expect(page.locator("#diff-differences li").first).to_be_visible(timeout=60000)
    expect(page.locator("#diff-status")).to_contain_text("stated difference")

    page.locator("#files button.file", has_text="escoba-de-15.yaml").click()
    expect(page.locator("#file-name")).to_have_text("escoba-de-15.yaml")
    assert page.locator("#diff-a").input_value() == ""  # A: this file, the one now open
    expect(page.locator("#diff-a option:checked")).to_have_text("this file (escoba-de-15.yaml)")
    expect(page.locator("#diff-out")).to_be_empty()
    expect(page.locator("#diff-status")).to_have_text("")
    assert page.locator("#diff-b").input_value() == "escoba-de-15.yaml"  # B is kept
    _shot(page, "diff-follows")


def test_a_hand_is_played_against_the_expert_to_its_score(page):
    page.open("escoba-de-15.yaml")
    page.click("#tabs button[data-panel=panel-play]")
    assert page.locator("#play-bot option").all_inner_texts() == ["greedy", "random", "heuristic", "montecarlo",
                                                                    "expert"]
    expect(page.locator("#play-playouts")).to_be_hidden()
    page.select_option("#play-bot", "expert")
    page.fill("#play-playouts", "30")
    page.fill("#play-seed", "11")
    page.click("#play-start")
    # the expert's first match loads the variant's kernel (compiled the first time: a fresh CI cache)
    expect(page.locator("#play-moves button").first).to_be_visible(timeout=240000)
    expect(page.locator("#play-board .others")).to_contain_text("seat 1 (expert:30)")
    _shot(page, "play-expert")
    for _ in range(40):
        if page.locator("#play-next").count():
            break
        shown = page.locator("#play-board").get_attribute("data-shown")
        page.locator("#play-moves button").first.click()
        expect(page.locator("#play-board")).not_to_have_attribute("data-shown", shown or "", timeout=30000)
    expect(page.locator("#play-next")).to_be_visible()
    totals = page.locator("#play-points tr.total td").all_inner_texts()[1:]
    expect(page.locator("#play-scores")).to_contain_text(f"side 0 (you): {totals[0]} · side 1: {totals[1]}")
    expect(page.locator("#play-log")).to_contain_text("totals after hand 1")
    _shot(page, "play-expert-score")


@needs_plots
def test_analyze_shows_the_balance_report_in_a_frame_where_nothing_runs(page):
    from escoba_spec.tools.analyze import total_matches

    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.open(HOUSE)
    page.click("#tabs button[data-panel=panel-analyze]")
    page.fill("#analyze-budget", "0.05")
    page.fill("#analyze-playouts", "5")
    page.select_option("#analyze-compare", "base")
    page.click("#analyze-run")
    expect(page.locator("#analyze-cancel")).to_be_enabled()
    expect(page.locator("#analyze-status")).to_contain_text(f"done: {2 * total_matches(0.05, 5)} matches",
                                                            timeout=240000)
    frame_node = page.locator("#analyze-frame")
    expect(frame_node).to_be_visible()
    assert frame_node.get_attribute("sandbox") == ""  # no scripts, no same origin
    assert frame_node.evaluate("f => f.contentDocument === null")  # the page cannot reach into it either
    frame = page.frame_locator("#analyze-frame")
    expect(frame.locator("h1")).to_contain_text("Balance report: Escoba de 15 to 31, ties all score · Escoba de 15")
    assert frame.locator("h2").all_inner_texts()[0] == "Verdict"  # at the top, the findings in words
    assert frame.locator("h2").all_inner_texts()[3] == "Differences"
    headings = frame.locator("h3").all_inner_texts()
    assert headings[:4] == ["Before play", "Seat advantage (per match)", "A hand", "Skill"]
    assert "Stated differences" in headings
    plots = frame.locator("figure svg")
    assert plots.count() >= 2
    expect(plots.first).to_be_visible()
    assert plots.first.bounding_box()["width"] > 200
    expect(page.locator("#analyze-headline .variant")).to_have_count(3)  # two variants, their differences
    expect(page.locator("#analyze-headline")).to_contain_text("skill: expert against greedy wins")
    expect(page.locator("#analyze-headline")).to_contain_text("the first player's edge")
    expect(page.locator("#analyze-differences")).to_contain_text("stated differences")
    # item 7: per variant, each bot's run and the points per rule, as tables one can see (the column
    # of the panel squeezed them to no height at all, under the report's frame)
    for table in ("#analyze-table-runs-0", "#analyze-table-rules-0", "#analyze-table-runs-1"):
        expect(page.locator(table)).to_be_visible()
        assert page.locator(table).bounding_box()["height"] > 60, table
    expect(page.locator("#analyze-table-runs-0 tbody tr")).to_have_count(4)  # random, greedy, heuristic, expert
    last = page.locator("#analyze-table-rules-1").bounding_box()
    assert frame_node.bounding_box()["y"] >= last["y"] + last["height"] - 1  # above the report, not under it
    expect(page.locator("#analyze-run")).to_be_enabled()
    _shot(page, "analyze")
    frame.locator("h3", has_text="Skill").first.evaluate("h => h.scrollIntoView()")
    _shot(page, "analyze-skill")
    frame.locator("h2", has_text="Differences").evaluate("h => h.scrollIntoView()")
    _shot(page, "analyze-differences")

    with page.expect_download() as download:
        page.click("#analyze-downloads a[data-file='report.md']")
    assert Path(download.value.path()).read_text(encoding="utf-8").startswith("# Balance report: Escoba de 15 to 31")
    page.select_option("#analyze-lang", "es")  # written again in Spanish, nothing played again
    expect(frame.locator("h1")).to_contain_text("Informe de equilibrio", timeout=20000)
    expect(page.locator("#analyze-status")).to_contain_text("report in es")
    _shot(page, "analyze-es")
    assert not console, f"console errors: {console}"


@needs_plots
def test_the_options_picker_rewrites_the_rulebook_and_simulate_compares_the_file_under_other_options(page):
    """Issue 41 item 7: the variant's options as selects on every tab; the rulebook is written
    under the choice made, and Simulate compares the file with itself under B's options."""
    page.open("escoba-de-15.yaml")
    expect(page.locator("#rulebook-status")).to_contain_text("up to date", timeout=20000)
    intro = page.frame_locator("#rulebook-frame").locator("p", has_text="A fishing card game")
    expect(intro).to_contain_text("The first side to reach 21 points")
    for tab in ("rulebook", "play", "sim", "analyze"):
        expect(page.locator(f"#{tab}-options select[data-option=target]")).to_be_attached()
    target = page.locator("#rulebook-options select[data-option=target]")
    assert target.locator("option").all_inner_texts() == ["21 — default", "15", "31"]
    target.select_option("31")
    expect(intro).to_contain_text("The first side to reach 31 points", timeout=20000)
    expect(page.locator("#rulebook-status")).to_contain_text("up to date")
    _shot(page, "rulebook-options")

    page.click("#tabs button[data-panel=panel-simulate]")
    expect(page.locator("#sim-options-b")).to_be_hidden()
    page.fill("#sim-games", "20")
    page.select_option("#sim-engine", "interpreted")
    page.select_option("#sim-compare", "self")
    expect(page.locator("#sim-options-b")).to_be_visible()
    page.select_option("#sim-options-b select[data-option=target]", "31")
    page.click("#sim-run")
    expect(page.locator("#sim-status")).to_contain_text("done: 40 of 40 matches", timeout=60000)
    expect(page.locator("#sim-summary")).to_contain_text("escoba-de-15.yaml target=31")


@needs_plots
def test_simulate_shows_its_results_as_sortable_tables_beside_the_plots_and_downloads_them_as_a_zip(page):
    """Issue 41 item 7: a run's figures per side and per rule, with their intervals, as tables
    sorted by a click on a header, the plots beside them, the results folder as one zip."""
    import io
    import zipfile

    _simulate_against_its_base(page)
    sides = page.locator("#sim-table-sides")
    expect(sides.locator("tbody tr")).to_have_count(2)
    assert sides.locator("th").all_inner_texts()[-2:] == ["B − A", "p"]
    rules = page.locator("#sim-table-rules")
    column = rules.locator("th").all_inner_texts().index("A mean")
    means = rules.locator("th").nth(column)
    means.click()
    expect(means).to_have_attribute("data-sort", "ascending")

    def values():
        return [float(t.split()[0]) for t in rules.locator(f"tbody td:nth-child({column + 1})").all_inner_texts()]
    assert values() == sorted(values())
    means.click()
    expect(means).to_have_attribute("data-sort", "descending")
    assert values() == sorted(values(), reverse=True)
    # the plots beside the tables, not below them, and every column of the tables in sight (item 7's
    # screenshots: eight columns were cut off at the side's right edge, to be scrolled to)
    tables, plots = page.locator("#sim-tables").bounding_box(), page.locator("#sim-plots").bounding_box()
    assert plots["x"] >= tables["x"] + tables["width"] - 1 or plots["y"] < tables["y"] + tables["height"]
    for table in ("#sim-table-sides", "#sim-table-rules", "#sim-table-match"):
        box = page.locator(table).bounding_box()
        assert box["x"] + box["width"] <= tables["x"] + tables["width"] + 1, (table, box, tables)
    assert page.locator("#sim-plots img").first.bounding_box()["width"] >= 200  # a plot one can read
    _shot(page, "simulate-tables")
    with page.expect_download() as download:
        page.click("#sim-zip")
    names = set(zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes())).namelist())
    assert {"summary.json", "timing.json", "games.csv", "games-compare.csv", "win-rate.png"} <= names


def test_undo_takes_back_the_last_move_on_the_board(page):
    """Issue 41 item 7: *Undo my last move* puts the board back as it was before the move."""
    _start_play(page, "escoba-de-15.yaml", 7)
    expect(page.locator("#play-undo")).to_have_count(0)  # nothing to take back yet

    def board():
        return (page.locator("#play-hand").inner_text(), page.locator("#play-table").inner_text(),
                page.locator("#play-moves").inner_text(), page.locator("#play-log").inner_text())

    first = board()
    shown = page.locator("#play-board").get_attribute("data-shown")
    page.locator("#play-moves button").last.click()
    expect(page.locator("#play-board")).not_to_have_attribute("data-shown", shown or "", timeout=10000)
    expect(page.locator("#play-moves button").first).to_be_visible()
    assert board() != first
    shown = page.locator("#play-board").get_attribute("data-shown")
    page.click("#play-undo")
    expect(page.locator("#play-board")).not_to_have_attribute("data-shown", shown or "", timeout=10000)
    expect(page.locator("#play-moves button").first).to_be_visible()
    assert board() == first
    expect(page.locator("#play-undo")).to_have_count(0)
