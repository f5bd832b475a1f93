"""Lesson 04 in the browser (Voila): Examples 5a and 5b from the Preset dropdown, then John keeps his second card
face down (a click on its checkbox) and the turn order of round 2 changes.

Expected values from the rules (Phase 3: The Turn Order; Examples 5a, 5b), not read from the widget:
- Example 5a: cards 59 (John), 14 (Ringo), 2 (George), 21 (Paul): the lowest number plays first, so George,
  Ringo, Paul, John - as the example says.
- Example 5b: George face down (value 1, before every revealed card), Ringo 65, Paul 24, John 44: George, Paul,
  John, Ringo - as the example says.
- John also keeps his 44 face down: two unrevealed cards play before the revealed ones, ordered between
  themselves by their real numbers (George's 7 before John's 44); then Paul 24, Ringo 65.  So George, John, Paul,
  Ringo.  John pays 1 Deben: the number of cards he has played unrevealed this Season, this one included.

The last question (Phase 3): Paul's revealed promo card 0 plays before everyone, face-down cards included; the
face-down cards count as 1 and go before revealed ones, between themselves by real number (John 44, Ringo 65);
George's revealed 2 comes last: Paul, John, Ringo, George.  Putting George's 2 second forgets that face-down
cards count as 1.
"""

import re

from e2e_support import (
    NOTEBOOKS,
    answer_question,
    expect,
    open_lesson,
    overflows,
    question_box,
    shoot,
    widget_with_label,
)
from leak_check import every_question_wrong_then_right, wrong_then_right

from tameri_kit.lessons import questions_04

LESSON = NOTEBOOKS / "04_glyph_chains.ipynb"
#: the tests share one tab: the lesson is rendered once, each test goes on from the page the one before left
ONE_TAB = True


def _widget(page):
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Players", ".widget-slider")).first


def _round(page, r: int):
    return _widget(page).locator("p").filter(has_text=re.compile(f"^Round {r}:"))


def test_the_turn_order_question_wrong_then_right(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    box = question_box(page, "Paul reveals the promo card 0")
    answer_question(box, "Paul, George, Ringo", "name each of the 4 players exactly once")  # cannot be read
    expect(box.get_by_role("button", name="Reveal")).to_be_disabled()  # not a try yet
    answer_question(box, "Paul, George, John, Ringo", "where a face-down card goes")
    answer_question(box, "paul john ringo george", "Right: Paul, John, Ringo, George.")
    shoot(page, "04_glyph_chains_question", box)
    assert not page.js_errors, page.js_errors


def test_every_question_wrong_then_right_and_no_answer_before_check(page, voila_url):
    """Each question in turn: the rendered page shows no form of its answer outside its box before Check (nor
    after a wrong try), then the right answer is accepted."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    every_question_wrong_then_right(page, questions_04, ANSWERS)
    shoot(page, "04_glyph_chains_answered")
    assert not page.js_errors, page.js_errors


def test_face_down_card_changes_turn_order(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    w = _widget(page)
    preset = widget_with_label(page, "Preset", ".widget-dropdown").locator("select")
    preset.select_option(label="Empty: build your own")  # the lesson's cells changed the board: start afresh
    preset.select_option(label="Examples 5a and 5b: the first two rounds of Season 1")
    expect(_round(page, 1)).to_have_text("Round 1: George, Ringo, Paul, John")
    expect(_round(page, 2)).to_have_text("Round 2: George, Paul, John, Ringo")

    # John is the first player (his name is the widget's first text box); his row of round slots is the first,
    # each slot a label "Round r" above its card dropdown and face-down box
    expect(w.locator(".widget-text input").first).to_have_value("John")
    john = w.locator(".widget-hbox").filter(has=page.locator(".widget-label", has_text=re.compile("^Round 2$"))).first
    slot2 = john.locator(".widget-vbox").filter(has=page.locator(".widget-label", has_text=re.compile("^Round 2$")))
    expect(slot2.locator("select")).to_have_value(re.compile("44"))
    slot2.get_by_label("face down").check()

    expect(_round(page, 2)).to_have_text("Round 2: George, John, Paul, Ringo")
    john_round2 = (
        w.locator("tr")
        .filter(has=page.locator("td", has_text=re.compile("^John$")))
        .filter(has=page.locator("td", has_text=re.compile(r"^2$")))
    )
    expect(john_round2).to_contain_text("1 Deben (face down)")
    # glyphs are drawn as the named badges of the card pictures, never as one-character signs (issue 23): John's
    # board is Sunrise (register D4) and his round-1 card 59 shows Sunrise | Daytime (the kit's illustrative data)
    expect(w.locator("svg.tameri-glyph-inline[aria-label='Sunrise glyph']").first).to_be_visible()
    john_round1 = (
        w.locator("tr")
        .filter(has=page.locator("td", has_text=re.compile("^John$")))
        .filter(has=page.locator("td", has_text=re.compile(r"^1$")))
    )
    expect(john_round1.locator("svg.tameri-glyph-inline")).to_have_count(2)
    expect(john_round1).to_contain_text("Sunrise | Daytime")
    assert not re.search("[\u25d3\u2600\u25d2\u263e]", w.inner_text())
    shoot(page, "04_glyph_chains", w)
    assert overflows(w) == []  # fits a 1000 px output area: nothing sticks out, no label cut
    assert not page.js_errors, page.js_errors


# the right answers by hand (2 < 14 < 21 < 59; the second face-down card costs 2; promo 0, then face-down 44 < 65, then 2); the wrong ones are the common slips the questions name
ANSWERS = {
    "example_5a_order": ("John, Paul, Ringo, George", "George, Ringo, Paul, John"),
    "second_face_down_cost": ("1", "2"),
    "promo_and_face_down_order": ("Paul, George, John, Ringo", "Paul, John, Ringo, George"),
}
