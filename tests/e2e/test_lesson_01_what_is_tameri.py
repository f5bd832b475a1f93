"""Lesson 01 in the browser (Voila): the pictures are there, the questions answer, nothing overflows at 1024 px.

Expected from the rules, not read from the page:
- Playing the Game: three Seasons of four rounds, so a game has 12 rounds (Season 0 not counted); 3 is wrong.
- Possible Actions: Farmer, Merchant, Builder and Priest place a Worker, so 4 of the 8 actions do.
"""


import re

from e2e_support import NOTEBOOKS, expect, open_lesson, shoot

LESSON = NOTEBOOKS / "01_what_is_tameri.ipynb"

FITS = """(root) => [...root.querySelectorAll('.jp-OutputArea-output')].filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.innerText.slice(0, 80))"""


def _answer(page, prompt: str, value: str):
    question = page.locator(".tameri-question").filter(has_text=prompt).first
    question.scroll_into_view_if_needed()
    question.locator("input[type=text]").fill(value)
    question.get_by_role("button", name="Check").click()
    return question


def test_what_is_tameri(page, voila_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    expect(page.locator("svg.tameri-card").first).to_be_visible()          # card 89
    board = page.locator("svg.tameri-board").first                          # the whole board, John's view
    expect(board).to_be_visible()
    expect(board).to_have_attribute("aria-label", re.compile(r"round 1 .*\(seen by John\)"))
    expect(page.locator("svg[aria-label*='Action card 89']").first).to_be_attached()
    expect(page.locator(".jp-OutputArea-output img").first).to_be_visible()  # the points chart

    expect(_answer(page, "how many rounds", "3")).to_contain_text("Not quite")
    expect(_answer(page, "how many rounds", "12")).to_contain_text("Right: 12")
    expect(_answer(page, "how many place", "4")).to_contain_text("Right: 4")

    glyph = page.locator(".tameri-question").filter(has_text="LEFT edge of card 89").first
    glyph.get_by_text("Night", exact=True).click()
    glyph.get_by_role("button", name="Check").click()
    expect(glyph).to_contain_text("Right: Night")   # data/actions.toml: card 89 has left = ["night"]

    assert page.evaluate(FITS, page.locator("body").element_handle()) == []
    expect(page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor")).to_have_count(0)
    shoot(page, "01_what_is_tameri")
    assert not page.js_errors, page.js_errors
