"""The shared page (``python -m tameri_kit share``) in a real browser, opened from file:// with every other
request refused: stepping by keyboard (arrows, Home/End, a typed number and Enter) and by mouse, the seat chooser,
the chapters, and the page at a phone's 375 px and a desktop's 1920 px (screenshots in screenshots/)."""

from __future__ import annotations

import re

import pytest

from e2e_support import SCREENSHOTS, expect, shoot
from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game
from tameri_kit.share import share_page


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """A finished two-player game (greedy bots, seed 1) shared as a page in a temporary folder."""
    record, final = play_game(Settings.for_players(2), 1, ["greedy", "greedy"])
    path = tmp_path_factory.mktemp("shared") / "game.html"
    path.write_text(share_page(record), encoding="utf-8")
    return path, record


def _offline(page, path):
    """Open ``path`` with every request but the file itself refused; returns the list of refused requests."""
    url = path.resolve().as_uri()
    refused: list[str] = []

    def route(request_route):
        if request_route.request.url.split("#")[0] == url:
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    page.goto(url)
    return refused


def _heading(page):
    return page.locator("#step-heading")


def test_stepping_through_a_shared_game_by_keyboard(page, shared):
    path, record = shared
    n = len(record.entries)
    page.set_viewport_size({"width": 1920, "height": 1080})
    refused = _offline(page, path)
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 0 of {n}: Game Setup"))
    board0 = page.locator("#board-shared").inner_html()
    log0 = page.locator("#step-log").inner_text()
    assert "<title>" in board0 and "<desc>" in board0

    page.keyboard.press("ArrowRight")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 1 of {n}"))
    assert page.locator("#step-log").inner_text() != log0
    page.keyboard.press("ArrowLeft")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 0 of {n}"))
    page.keyboard.press("End")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {n} of {n}: End of the Game"))
    expect(page.locator("#next")).to_be_disabled()
    page.keyboard.press("Home")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 0 of {n}"))
    for key in "120":
        page.keyboard.press(key)
    expect(page.locator("#typed")).to_contain_text("Go to step 120")
    page.keyboard.press("Enter")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 120 of {n}: Season 1"))
    assert page.locator("#board-shared").inner_html() != board0  # the picture changed with the step
    assert page.evaluate("location.hash") == "#step-120"

    # the seat chooser: John's view shows George's hand hidden; George's view shows it
    expect(page.locator("#panel-1")).to_contain_text("hidden")
    page.select_option("#seat", "George")
    expect(page.locator("#board-heading")).to_contain_text("seen by George")
    expect(page.locator("#panel-0")).to_contain_text("hidden")
    expect(page.locator("#board-shared")).to_contain_text("seen by George")
    page.select_option("#seat", "")  # everyone: offered because the game is over
    expect(page.locator("#board-heading")).to_contain_text("everyone")

    # buttons by keyboard and by mouse, and a chapter
    page.locator("#next").focus()
    page.keyboard.press("Enter")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 121 of {n}"))
    page.locator("#previous").click()
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 120 of {n}"))
    page.get_by_role("button", name=re.compile("^End of Season 1")).click()
    expect(_heading(page)).to_have_text(re.compile(r": End of Season 1 \(Akhet\)$"))
    page.fill("#jump-to", "7")
    page.keyboard.press("Enter")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step 7 of {n}"))

    # every picture says what it shows (each picture of the page: the pictures the board nests inside itself
    # are named by their own <title>); nothing was fetched; no script error
    missing = page.evaluate(
        """() => [...document.querySelectorAll('svg')].filter(s => !s.parentElement.closest('svg')).filter(
            s => !s.querySelector(':scope > title') || !s.querySelector(':scope > desc')).length"""
    )
    assert missing == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    shoot(page, "share_page_1920")
    assert refused == []
    assert page.js_errors == []


def test_the_shared_page_on_a_phone(page, shared):
    path, record = shared
    page.set_viewport_size({"width": 375, "height": 800})
    refused = _offline(page, path)
    expect(_heading(page)).to_have_text(re.compile(r"^Step 0 of "))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(_heading(page)).to_have_text(re.compile(r"^Step 2 of "))
    # nothing wider than the phone: the board scales with its viewBox, the table scrolls inside its own box
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    width = page.locator("#board-shared > svg").bounding_box()["width"]
    assert 300 <= width <= 375
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "share_page_375.png"))  # the top: title, chapters, the controls
    page.locator("#step-heading").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "share_page_375_step.png"))  # the step's log and the board
    # the larger board: drawn 1000 px wide, it scrolls sideways inside its own box; the page stays 375 px wide
    page.locator("#zoom").click()
    expect(page.locator("#zoom")).to_have_attribute("aria-pressed", "true")
    assert page.locator("#board-shared > svg").bounding_box()["width"] >= 999
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator("#board-heading").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "share_page_375_larger.png"))
    page.locator("#zoom").click()
    page.locator("#scores-heading").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "share_page_375_scores.png"))
    assert refused == []
    assert page.js_errors == []


@pytest.mark.parametrize("width", [375, 1920])
def test_the_shared_page_passes_the_accessibility_audit_and_works_by_keyboard(page, shared, width):
    """axe-core (the pinned copy, injected by the test: the page itself fetches nothing) finds no serious or
    critical violation at a middle step of the game, on a phone and on a desktop; every control of the page is
    reached by Tab alone and shows where the focus is."""
    from axe_support import describe, keyboard_problems, serious_violations

    path, record = shared
    page.set_viewport_size({"width": width, "height": 900})
    _offline(page, path)
    middle = len(record.entries) // 2
    page.keyboard.type(str(middle))
    page.keyboard.press("Enter")
    expect(_heading(page)).to_have_text(re.compile(rf"^Step {middle} of "))
    violations = serious_violations(page)
    assert violations == [], describe(violations)
    assert keyboard_problems(page, page.locator("body")) == []
