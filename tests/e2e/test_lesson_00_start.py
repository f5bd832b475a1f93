"""Lesson 00 in the browser (Voila): a short welcome that renders as an app with no code shown and no error: two
questions answered wrongly then rightly (no answer on the page before Check), the pyramid at the set-up opening
below them only once both are answered, the lesson map with a link to every lesson 01-12 in order, the commands
to run (never a bare ``python``), and the honest-data note last.

Expected by hand: Game Setup 1b puts 2 Sun on each ramp and 2 Silt in each river, so the picture is of
``N:SS E:SS S:SS W:SS rivers:2222`` (its accessible label names it).  Game Setup: four ramps (North, East,
South, West), each draining into a river with a field on each bank: 8 fields.
"""

import re

from e2e_support import NOTEBOOKS, answer_question, expect, open_lesson, question_box, shoot
from leak_check import answer_forms_on_page

from tameri_kit.lessons import questions_00

LESSON = NOTEBOOKS / "00_start_here.ipynb"

ORDER = [
    "01_what_is_tameri",
    "02_weather_pyramid",
    "03_probability_on_the_ramps",
    "04_glyph_chains",
    "05_workers_and_actions",
    "06_priest_pushes",
    "07_majority_scoring",
    "08_full_game_walkthrough",
    "09_play_a_game",
    "10_other_egyptian_games",
    "11_exploring_the_rules",
    "12_solo_against_the_ghost",
]


def test_start_here_renders(page, voila_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    pyramid = page.locator("svg[aria-label*='N:SS E:SS S:SS W:SS rivers:2222']")
    expect(pyramid).to_have_count(0)  # the picture answers both questions: it opens only after Check
    for question in (questions_00.ramps(), questions_00.fields()):
        assert answer_forms_on_page(page, question) == []
    links = page.locator("table a[href$='.ipynb']")
    hrefs = [
        h.split("/")[-1].removesuffix(".ipynb") for h in links.evaluate_all("as => as.map(a => a.getAttribute('href'))")
    ]
    assert hrefs == ORDER
    body = page.locator("body").inner_text()
    assert ".venv/bin/python -m tameri_kit" in body and "tameri-kit" in body
    assert re.search(r"(?m)^\s*python -m", body) is None  # no bare python command
    assert body.index("Honest data") > body.index("How to run things") > body.index("The lessons")
    expect(page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor")).to_have_count(0)  # Voila shows no code
    assert "from tameri_kit import" not in page.content()
    assert "Run the lesson first" not in body  # the JupyterLab line stays out of Voila (which runs the lesson itself)
    ramps = question_box(page, "how many ramps")
    answer_question(ramps, "3", "Not quite")
    expect(pyramid).to_have_count(0)
    answer_question(ramps, "4", "Right: 4")
    expect(pyramid).to_have_count(0)  # one question checked: the picture still answers the other
    fields = question_box(page, "How many fields")
    answer_question(fields, "4", "one field per river")
    assert answer_forms_on_page(page, questions_00.fields()) == []
    shoot(page, "00_start_here_before")
    answer_question(fields, "8", "Right: 8")
    expect(
        page.locator(".tameri-opens-after").locator("svg[aria-label*='N:SS E:SS S:SS W:SS rivers:2222']")
    ).to_be_visible()
    shoot(page, "00_start_here")
    assert not page.js_errors, page.js_errors
