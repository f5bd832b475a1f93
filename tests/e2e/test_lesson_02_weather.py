"""Lesson 02 in the browser (Voila): choose Example 2b from the Preset dropdown, press Drop, and step through the
phase with the Event slider (keyboard), the next button and the last button.

Expected values worked out from the rules, not read from the widget:
- Game Setup 1b: every ramp holds 2 Suns, every river 2 Silt  -> ``N:SS E:SS S:SS W:SS rivers:2222``.
- Example 2b drops a Silt, a Water, a Water on North; step 3 stacks them bottom-up: SS + L + W + W = ``SSLWW``
  after the third drop (event 3).
- Step 5 moves the Silt off the ramp into the North river: ramp ``SSWW``, river 2 + 1 = 3 (event 4).
- Step 6 removes a touching Sun and Water in pairs: SSWW -> SW -> empty; the end is ``N:- ...rivers:3222``
  after 3 drops + 1 Silt move + 2 pair removals = 6 events.
- Productive Fields and Harvests: North's fields are Barley (at most 2 spheres) and Fruit (at most 3 Sun, no
  Water); an empty ramp suits both; 3 Silt in the river -> the farthest Silt sits on the space printed 2 (spaces
  1, 1, 2, 3), so each harvests 2.

The Example 2b question (Phase 1: Weather, steps 5 and 6): S S L W W -> the Silt leaves (S S W W) -> the middle
pair leaves (S W) -> the last pair leaves: an empty ramp.  "SSWW" is the common slip of stopping after step 5.
"""

import re

from e2e_support import (
    NOTEBOOKS,
    answer_question,
    expect,
    open_lesson,
    overflows,
    press_slider,
    question_box,
    shoot,
    widget_with_label,
)
from leak_check import every_question_wrong_then_right, wrong_then_right

from tameri_kit.lessons import questions_02

LESSON = NOTEBOOKS / "02_weather_pyramid.ipynb"
#: the tests share one tab: the lesson is rendered once, each test goes on from the page the one before left
ONE_TAB = True
SETUP = "N:SS E:SS S:SS W:SS rivers:2222"


def _widget(page):
    """The WeatherPyramidWidget on the page (the box holding the Preset dropdown), not the lesson's other pictures."""
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Preset", ".widget-dropdown")).first


def _pyramid(page):
    """The widget's pyramid picture (its accessible name carries the pyramid in notation)."""
    return _widget(page).locator("svg.tameri-pyramid").first


def _shows(page, notation: str):
    expect(_pyramid(page)).to_have_attribute("aria-label", f"The Great Pyramid from above: {notation}")


def test_every_question_wrong_then_right_and_no_answer_before_check(page, voila_url):
    """Each question in turn: the rendered page shows no form of its answer outside its box before Check (nor
    after a wrong try), then the right answer is accepted."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    every_question_wrong_then_right(page, questions_02, ANSWERS)
    shoot(page, "02_weather_pyramid_answered")
    assert not page.js_errors, page.js_errors


def test_example_2b_step_by_step(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    preset = widget_with_label(page, "Preset", ".widget-dropdown").locator("select")
    preset.select_option(label="Example 2b: Silt leaves, then a Sun-Water cascade")
    _shows(page, SETUP)

    page.get_by_role("button", name="Drop").click()
    events = _widget(page).locator("ol li").filter(has_text=re.compile(r"\[.*Weather.*\]"))
    expect(_widget(page).get_by_text("6 more to come")).to_be_visible()  # the events to come stay hidden
    expect(events).to_have_count(0)

    event_slider = widget_with_label(page, "Event", ".widget-slider")
    handle = event_slider.locator(".noUi-handle").first
    expect(event_slider.locator(".widget-readout")).to_have_text("0")
    handle.focus()
    for _ in range(3):
        handle.press("ArrowRight")
    expect(event_slider.locator(".widget-readout")).to_have_text("3")
    _shows(page, "N:SSLWW E:SS S:SS W:SS rivers:2222")
    expect(events).to_have_count(3)

    page.locator("button[title='next']").click()
    _shows(page, "N:SSWW E:SS S:SS W:SS rivers:3222")

    page.locator("button[title='last']").click()
    _shows(page, "N:- E:SS S:SS W:SS rivers:3222")
    expect(_widget(page).get_by_text(re.compile(r"^Event 6 of 6\b"))).to_be_visible()
    expect(events).to_have_count(6)
    press_slider(page, widget_with_label(page, "Sun", ".widget-slider"), "ArrowRight")  # an input changes:
    expect(_widget(page).get_by_text(re.compile(r"^Event 6 of 6\b"))).to_have_count(0)  # the old phase goes
    expect(_widget(page).get_by_text("press Drop")).to_be_visible()
    _shows(page, SETUP)
    page.get_by_role("button", name="Drop").click()
    page.locator("button[title='last']").click()
    for crop in ("Barley", "Fruit"):
        row = (
            _widget(page)
            .locator("table.tameri-fields tr")
            .filter(has=page.locator("td", has_text=re.compile(f"^{crop}$")))
            .filter(has=page.locator("td", has_text=re.compile("^North$")))
        )
        expect(row.locator("td")).to_have_text([crop, "North", "0 Sun, 0 Water", "\u2713 productive", "3", "2"])
    shoot(page, "02_weather_pyramid", _widget(page))
    assert overflows(_widget(page)) == []
    assert not page.js_errors, page.js_errors


def test_the_example_2b_question_wrong_then_right(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    box = question_box(page, "a Silt and then two Waters land on North")
    answer_question(box, "SSWW", "Not quite: SSWW is not it. That is the ramp after step 5")
    expect(box.get_by_role("button", name="Reveal")).to_be_enabled()
    answer_question(box, "-", "Right: - (an empty ramp).")
    expect(box.locator(".tameri-feedback")).to_contain_text("Step 5 sends the Silt to the North river first")
    shoot(page, "02_weather_pyramid_question", box)
    assert not page.js_errors, page.js_errors


def test_the_link_to_the_register_opens(page, voila_url):
    """The lessons link to ../docs/*.md; served as `make app` serves them, the link opens the file (not a 404)."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    page.locator("a", has_text="docs/ambiguities.md").first.click()
    expect(page).to_have_url(re.compile(r"/voila/files/docs/ambiguities\.md$"))
    expect(page.locator("body")).to_contain_text("Register of rule readings")
    assert not page.js_errors, page.js_errors


# the right answers by hand (see the module docstring and tests/test_lesson_questions.py: -, SS, S, 2); the wrong ones are the common slips the questions name
ANSWERS = {
    "example_2b_north": ("SSWW", "-"),
    "north_after_water_and_sun": ("SSWS", "SS"),
    "east_after_four_spheres": ("SSW", "S"),
    "east_flax_harvest": ("1", "2"),
}
