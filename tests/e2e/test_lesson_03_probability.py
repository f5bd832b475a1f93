"""Lesson 03 in the browser (Voila): remove the tilt, choose "Set-up, drop 1 Water", read the exact chances, move
the Water slider with the keyboard to 2 Waters, read them again, then simulate.

Expected values worked out from the rules by hand (not read from the widget):
- Set-up (Game Setup 1b): every ramp holds S S, every river 2 Silt.  Untilted, a sphere lands on each ramp with
  chance 1/4 (Phase 1: Weather, step 3).
- East's fields are Papyrus (at most 3 Water and no Sun) and Flax (at most 1 sphere) (Productive Fields and
  Harvests; the map's East river).
- One Water: if it lands on East (1/4) the ramp is S S W; step 6 removes the touching Sun and Water -> S, one
  sphere, so Flax grows; otherwise East keeps S S and Flax does not.  P(Flax East) = 1/4.  A Sun always stays, so
  P(Papyrus East) = 0.  North (Barley: at most 2 spheres; Fruit: Sun only, at most 3) ends with S S or S: both
  grow, P = 1.  East's river has 2 Silt, the farthest on a space printed 1, so the expected harvest of Flax is 1/4.
- Two Waters, k of them on East with k ~ Binomial(2, 1/4): k=0 -> S S (Flax no), k=1 -> S (Flax yes), k=2 ->
  S S W W -> S W -> empty (Flax yes, and Papyrus yes: no Sun).  P(Flax East) = 1 - (3/4)^2 = 7/16,
  P(Papyrus East) = (1/4)^2 = 1/16.

The order question (section 3): four Suns on North, a Sun and a Silt drop.  Both land on North with 1/4 x 1/4 =
1/16, and only Silt-then-Sun keeps five Suns (Sun-then-Silt is Example 2a: step 4 removes one): 1/16 x 1/2 = 1/32.
1/16 forgets the order.
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

from tameri_kit.lessons import questions_03

LESSON = NOTEBOOKS / "03_probability_on_the_ramps.ipynb"
#: the tests share one tab: the lesson is rendered once, each test goes on from the page the one before left
ONE_TAB = True


def _widget(page):
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Tilt ramp", ".widget-dropdown")).first


def _row(page, label: str):
    return (
        _widget(page)
        .locator("table.tameri-probability tr")
        .filter(has=page.locator("td", has_text=re.compile("^" + re.escape(label) + "$")))
    )


def _exact(page, label: str, productive: str, harvest: str):
    cells = _row(page, label).locator("td")
    expect(cells.nth(1)).to_have_text(productive)
    expect(cells.nth(4)).to_have_text(harvest)


def test_every_question_wrong_then_right_and_no_answer_before_check(page, voila_url):
    """Each question in turn: the rendered page shows no form of its answer outside its box before Check (nor
    after a wrong try), then the right answer is accepted."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    every_question_wrong_then_right(page, questions_03, ANSWERS)
    shoot(page, "03_probability_answered")
    assert not page.js_errors, page.js_errors


def test_exact_chances_follow_the_sliders(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    w = _widget(page)
    widget_with_label(page, "Tilt ramp", ".widget-dropdown").locator("select").select_option(label="no tilt: 1/4 each")
    widget_with_label(page, "Preset", ".widget-dropdown").locator("select").select_option(label="Set-up, drop 1 Water")
    expect(w.locator("table.tameri-probability caption")).to_contain_text(
        "Dropping 0 Sun, 1 Water, 0 Silt onto N:SS E:SS S:SS W:SS rivers:2222"
    )
    _exact(page, "Flax (East)", "1/4", "1/4")
    _exact(page, "Papyrus (East)", "0", "0")
    _exact(page, "Barley (North)", "1", "1")
    _exact(page, "Fruit (North)", "1", "1")

    water = widget_with_label(page, "Water", ".widget-slider")
    press_slider(page, water, "ArrowRight")
    expect(water.locator(".widget-readout")).to_have_text("2")
    expect(w.locator("table.tameri-probability caption")).to_contain_text("Dropping 0 Sun, 2 Water, 0 Silt")
    _exact(page, "Flax (East)", "7/16", "7/16")
    _exact(page, "Papyrus (East)", "1/16", "1/16")

    # the simulation fills the third column and the progress bar runs to the number of phases
    samples = widget_with_label(page, "Phases", ".widget-text").locator("input")
    samples.fill("20000")
    samples.press("Enter")
    w.get_by_role("button", name="Simulate").click()
    expect(w.locator("table.tameri-probability caption")).to_contain_text("20,000 simulated phases", timeout=60_000)
    expect(_row(page, "Flax (East)").locator("td").nth(3)).to_have_text(
        re.compile(r"^0\.\d{4} \[0\.\d{4}, 0\.\d{4}\]$")
    )
    # ... and the convergence plot is drawn (a loaded PNG with its text alternative, not an empty image)
    plot = w.locator("img[alt^='Line chart']").last
    expect(plot).to_have_attribute("src", re.compile(r"^blob:|^data:image/png"))
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 100", arg=plot.element_handle())
    shoot(page, "03_probability_on_the_ramps", w)
    assert overflows(w) == []  # fits a 1000 px output area: nothing sticks out, no label cut
    assert not page.js_errors, page.js_errors


def test_the_order_question_wrong_then_right(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    box = question_box(page, "North ends the phase with five Suns")
    box.get_by_role("button", name="Hint").click()
    expect(box.locator(".tameri-feedback")).to_contain_text("Hint: Which order")
    answer_question(box, "1/16", "the chance that both land on North; the order")
    answer_question(box, "3.125%", "Right: 1/32.")
    box.get_by_role("button", name="Reveal").click()
    expect(box.locator(".tameri-feedback")).to_contain_text("The answer: 1/32. Both spheres must land on North")
    shoot(page, "03_probability_question", box)
    assert not page.js_errors, page.js_errors


# the right answers by hand (1/16 x 1/2 = 1/32; 1/4; p = 1/2; 1/4 - 1/2 + 1 = 3/4); the wrong ones are the common slips the questions name
ANSWERS = {
    "five_suns_stay": ("1/16", "1/32"),
    "flax_east_one_water": ("3/4", "1/4"),
    "fruit_north_worst_tilt": ("1/4", "1/2"),
    "fruit_north_lowest_chance": ("13/16", "3/4"),
}
