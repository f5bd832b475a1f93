"""Lesson 07 in the browser (Voila): the season-end majorities, step by step.

Expected values from the rules (End of the Season, step 4 and Example 21), not read from the widget:
- Example 21 (its screens rebuilt by the kit): after all four types, Ringo has scored 6, John 2, Paul 1,
  George 0 - the totals the rulebook's example states.
- "Three-way tie on Barley" (Ringo, John, Paul 2 each, George 1), then Ringo's Barley slider moved up to 3.
  Step 4b: Ringo alone offered the most Barley and scores 2 (without the move the tie would give 1 each);
  step 4c: he discards his Barley, John and Paul keep their 2 and George his 1 behind the screen.

The best-split question (End of the Game, step 2): A A A B B C splits best as ABC + AB + A = 4 + 2 + 1 = 7;
AB + AB + AC gives only 2 + 2 + 2 = 6.
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
from predict_check import assert_not_on_page, page_text, wrong_then_right

LESSON = NOTEBOOKS / "07_majority_scoring.ipynb"
#: the tests share one tab: the lesson is rendered once, each test goes on from the page the one before left
ONE_TAB = True


def _widget(page):
    """The MajorityWidget: the box holding the "Start from" dropdown."""
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Start from", ".widget-dropdown")).first


def _column(page, name: str):
    """One player's column of sliders in the MajorityWidget (a box whose heading reads the player's name)."""
    heading = page.locator(".widget-html", has_text=re.compile(f"^{name}$"))
    return (
        _widget(page).locator(".widget-vbox").filter(has=heading).filter(has_not=page.locator(".widget-dropdown")).last
    )


def _slider(page, name: str, resource: str):
    return (
        _column(page, name)
        .locator(".widget-slider")
        .filter(has=page.locator(".widget-label", has_text=re.compile(f"^{resource}$")))
    )


def _score_row(page, name: str):
    table = _widget(page).locator("table").filter(has=page.locator("caption", has_text="Scoring")).first
    return table.locator("tr").filter(has=page.locator("td", has_text=re.compile(f"^{name}$")))


def _step_button(page, name: str):
    return _widget(page).get_by_role("button", name=re.compile(f"\\b{name}$"))


def test_offering_and_odds_questions_wrong_then_right(page, voila_url):
    """Nothing on the page before Check gives the answers: neither Paul's scored offering nor E(2) = 35/64, E(3) =
    91/64 or their difference 7/8.  Worked by hand (Offering to the Pharaoh; C5; B3): barley papyrus flax
    fruit=flax+barley@C5 counts 4 different -> 5 points (4 forgets the +1); behind the screen 3 + 2 (C5) + 1 (B3) =
    6 (5 forgets B3).  Three opponents each 0..3 (End of the Season, step 4): E(3) - E(2) = 91/64 - 35/64 = 7/8."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    assert_not_on_page(page, ["7/8", "0.875", "35/64", "91/64"])
    before = page_text(page)
    assert "hides Barley, Papyrus, Flax" not in before and "tie: 1 each (the rule)" not in before
    points = question_box(page, "How many points does he score for it now?")
    wrong_then_right(points, "4", "counted only the kinds", "5", answer_forms=["5"], worked="so 5 points")
    assert "(6 resources)" not in page_text(page), "the second question's answer opened with the first"
    screen = question_box(page, "how many resources end up behind Paul's screen")
    wrong_then_right(screen, "5", "Buildings puts", "6", answer_forms=["6"], worked="6 resources")
    odds = question_box(page, "how much is a third resource worth")
    fold = wrong_then_right(
        odds, "1", "Less than a whole point", "7/8", answer_forms=["7/8", "0.875"], worked="tie: 1 each (the rule)"
    )
    expect(fold.locator("img")).to_be_visible()
    shoot(page, "07_majority_scoring_odds_fold", fold)
    assert not page.js_errors, page.js_errors


def test_majorities_step_by_step(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    w = _widget(page)
    start = widget_with_label(page, "Start from", ".widget-dropdown").locator("select")

    # the three-way tie on Barley, then Ringo offers one more Barley (one key press on his Barley slider)
    start.select_option("three-way tie on Barley")  # also hides the screens, wherever the lesson's cells left them
    expect(w.get_by_text("screens hidden")).to_be_visible()
    for name, n in (("Ringo", "2"), ("John", "2"), ("Paul", "2"), ("George", "1")):
        expect(_slider(page, name, "Barley").locator(".widget-readout")).to_have_text(n)
    press_slider(page, _slider(page, "Ringo", "Barley"), "ArrowRight")
    expect(_slider(page, "Ringo", "Barley").locator(".widget-readout")).to_have_text("3")
    _step_button(page, "Next").click()
    expect(w.get_by_text("screens revealed")).to_be_visible()
    _step_button(page, "Next").click()
    expect(w.get_by_text("type 1 of 4: Barley")).to_be_visible()
    expect(w.locator("li").filter(has_text=re.compile(r"^Barley: Ringo offered the most \(3\)"))).to_be_visible()
    for name, total in (("Ringo", "2"), ("John", "0"), ("Paul", "0"), ("George", "0")):
        expect(_score_row(page, name).locator("td").last).to_have_text(total)
    expect(_score_row(page, "Ringo").locator("td").nth(1)).to_contain_text("discards")
    for name, kept in (("John", "2 kept"), ("Paul", "2 kept"), ("George", "1 kept")):
        expect(_score_row(page, name).locator("td").nth(1)).to_have_text(kept)
    shoot(page, "07_majority_scoring", w)

    # Example 21: reveal, then every type; the totals the rulebook states
    # a change of preset loads the screens afresh, hidden (as the first preset above did); no Hide click: the
    # button's enabled state is set by the kernel after the change, so reading it at once raced with it
    start.select_option("Example 21 (rebuilt)")
    expect(_step_button(page, "Hide screens")).to_be_disabled()
    expect(w.get_by_text("screens hidden")).to_be_visible()
    _step_button(page, "Next").click()
    expect(w.get_by_text("screens revealed")).to_be_visible()
    _step_button(page, "All").click()
    expect(w.get_by_text("type 4 of 4: Fruit")).to_be_visible()
    for name, total in (("Ringo", "6"), ("John", "2"), ("Paul", "1"), ("George", "0")):
        expect(_score_row(page, name).locator("td").last).to_have_text(total)
    shoot(page, "07_majority_scoring_example21", w)
    assert overflows(w) == []  # fits a 1000 px output area: nothing sticks out, no label cut

    # the other two scoring widgets of the lesson fit too; the odds are shown as maths (MathJax), not as code
    end_game = page.locator(".widget-vbox").filter(has=widget_with_label(page, "score so far", ".widget-slider")).first
    odds = page.locator(".widget-vbox").filter(has=widget_with_label(page, "you offer k", ".widget-slider")).first
    expect(odds.locator("mjx-container, .MathJax").first).to_be_visible()
    shoot(page, "07_majority_odds", odds)
    for box in (end_game, odds):
        assert overflows(box) == []
    assert not page.js_errors, page.js_errors


def test_the_best_split_question_wrong_then_right(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    box = question_box(page, "Buildings with the symbols A A A B B C")
    answer_question(box, "six", "cannot read 'six' as a number")
    answer_question(box, "6", "a set of three")
    answer_question(box, "7", "Right: 7.")
    expect(box.locator(".tameri-feedback")).to_contain_text("ABC + AB + A = 4 + 2 + 1 = 7")
    shoot(page, "07_majority_scoring_question", box)
    assert not page.js_errors, page.js_errors
