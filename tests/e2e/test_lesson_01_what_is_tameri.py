"""Lesson 01 in the browser (Voila): the pictures are there, the questions answer, nothing overflows at 1024 px.

Expected from the rules, not read from the page:
- Game Rounds: three Seasons of four rounds, so a game has 12 rounds (Season 0 not counted); 3 is wrong.  No form
  of an answer is on the page before its Check (the count of rounds and the table of Worker actions open in the
  questions once answered).
- Possible Actions: Farmer, Merchant, Builder and Priest place a Worker, so 4 of the 8 actions do.
- Glyphs, Actions, and Unrevealed Cards: a face-down card shows all four glyphs on its right, so card 89
  (Night on its left, data/actions.toml) played after one gives both its actions.
"""

import re

from e2e_support import NOTEBOOKS, answer_question, expect, open_lesson, question_box, shoot
from leak_check import answer_forms_on_page

from tameri_kit.lessons import questions_01

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
    expect(page.locator("svg.tameri-card").first).to_be_visible()  # card 89
    board = page.locator("svg.tameri-board").first  # the whole board, John's view
    expect(board).to_be_visible()
    expect(board).to_have_attribute("aria-label", re.compile(r"round 1 .*\(seen by John\)"))
    expect(page.locator("svg[aria-label*='Action card 89']").first).to_be_attached()
    expect(page.locator(".jp-OutputArea-output img").first).to_be_visible()  # the points chart

    for name in questions_01.QUESTIONS:
        assert answer_forms_on_page(page, getattr(questions_01, name)()) == [], name
    round_page = page.locator("svg.tameri-round")
    summary = page.locator(".tameri-opens-after", has_text="Farmer, Merchant, Builder and Priest place a Worker")
    expect(round_page).to_have_count(0)  # it counts the rounds: it opens once that question is checked
    expect(summary).to_have_count(0)
    rounds = question_box(page, "how many rounds")
    answer_question(rounds, "3", "Not quite: 3 is not it. You counted Seasons")
    expect(round_page).to_have_count(0)
    answer_question(rounds, "12", "Right: 12. A game has three Seasons")
    expect(rounds.locator(".tameri-question-fold")).to_contain_text("of four rounds each")
    expect(round_page).to_be_visible()
    for name in ("worker_actions", "card_89_after_face_down"):  # what the first opened gives the others nothing
        assert answer_forms_on_page(page, getattr(questions_01, name)()) == [], name
    workers = question_box(page, "how many place")
    expect(page.locator("table", has_text="places a Worker")).to_have_count(0)  # the answer's table: after Check
    answer_question(workers, "8", "needs a Worker")
    answer_question(workers, "4", "Right: 4.")
    expect(workers.locator("table", has_text="places a Worker")).to_be_visible()

    card = question_box(page, "now he plays card 89")
    answer_question(card, "only one of its two actions, his choice", "shows all four glyphs on its right")
    answer_question(card, "both of its actions, top then bottom", "Right: both of its actions")
    expect(card.locator(".tameri-feedback")).to_contain_text("whatever the board's glyph")
    expect(summary).to_be_visible()  # every question checked: the summary opens
    shoot(page, "01_what_is_tameri_question", card)

    assert page.evaluate(FITS, page.locator("body").element_handle()) == []
    expect(page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor")).to_have_count(0)
    shoot(page, "01_what_is_tameri")
    assert not page.js_errors, page.js_errors
