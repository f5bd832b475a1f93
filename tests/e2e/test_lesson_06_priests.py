"""Lesson 06 in the browser (Voila): a priest push, and a push the top rule forbids.

Expected values worked out from the rules by hand (Possible Actions: Priest; Example 10), not read from the widget:
- Example 10: John on Amun 4, George on Ra 4.  A new priest entering a temple is placed on the lowest space and
  that placement is its first step, so 4 steps end on space 4.  In Amun that space holds John: ending exactly on
  an occupied space pushes its priest 1 space forward, so John goes to 5 (and gains that space's effect).  The
  board becomes ``Amun John:5 Red:4 | Ra George:4 | Ptah -`` (priests listed from the top down).
- Ptah has 8 spaces (the kit's track data).  With Yellow 8, Green 7, Blue 6, Red 3: Red +1 -> 4 and +2 -> 5 are
  free; +3 ends on 6 and pushes Blue to 7, Green to 8 and Yellow past the top, which no priest may do; +4 ends on
  7 and would push Green to 8 and Yellow past the top.  So only +1 and +2 are allowed, and the board must not
  change when +3 is tried.

The questions: the top rule above gives "+1 and +2" (+3 lands on Blue and pushes Yellow past the top).  The puzzle
(Amun Yellow 7, Green 4, Blue 3): Red entering Amun with 3 steps lands on Blue, who is pushed onto Green, who goes
to 5 - two pushed; entering Ra with 2 lands on Blue (2), who moves to the empty 3 - only one.
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
from predict_check import page_text, wrong_then_right

LESSON = NOTEBOOKS / "06_priest_pushes.ipynb"


def _widget(page):
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Mover", ".widget-dropdown")).first


def _select(page, label: str, option: str) -> None:
    widget_with_label(page, label, ".widget-dropdown").locator("select").select_option(label=option)


def _set_steps(page, key: str, n: int) -> None:
    """Move the Steps slider with one key press, then wait until the kernel has taken it: the Move box (which the
    kernel rewrites from the controls) says ``+n``; only then may the Move button be pressed."""
    steps = widget_with_label(page, "Steps", ".widget-slider")
    press_slider(page, steps, key)
    expect(steps.locator(".widget-readout")).to_have_text(str(n))
    move = widget_with_label(page, "Move", ".widget-text").locator("input")
    expect(move).to_have_value(re.compile(rf" \+{n}\b"))


def test_the_questions_wrong_then_right(page, voila_url):
    """Before any Check the page shows neither the kit's list of allowed steps nor Example 18's draft order (both
    open under their question once it is answered); each question wrong, then right.  Example 18: one card is kept
    per priest and John has a priest in each of the three temples: 3 (1, one per player, is the slip)."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    before = page_text(page)
    for worked in ("+1: allowed", "+3: not allowed", "John -> George -> George", "keeps three"):
        assert worked not in before, f"shown before Check: {worked}"
    steps = question_box(page, "Which steps may Red's priest take?")
    fold = wrong_then_right(steps, "+1, +2 and +3", "push chain", "+1 and +2", worked="+3: not allowed")
    shoot(page, "06_priest_pushes_question_steps", fold)

    puzzle = question_box(page, "Find a move that pushes two other priests")
    answer_question(puzzle, "Red enters Ra +2 pay barley,flax", "That move pushes only Blue (2 to 3)")
    answer_question(puzzle, "Red enters Amun +3 pay barley,oats,flax", "unknown resource 'oats'")
    answer_question(
        puzzle, "Red enters Amun +3 pay fruit,flax,barley", "Right: Red enters Amun +3 pay barley,flax,fruit."
    )
    shoot(page, "06_priest_pushes_question_puzzle", puzzle)

    draft = question_box(page, "How many Priest cards does John keep")
    fold = wrong_then_right(draft, "1", "by priest", "3", answer_forms=["3"], worked="John -> George -> George")
    shoot(page, "06_priest_pushes_question_draft", fold)

    for label in ("Priest cards:", "Gifts of the Gods:", "Temple cards 202"):
        picture = page.locator(f"svg[aria-label^='{label}']").first
        picture.scroll_into_view_if_needed()
        expect(picture).to_be_visible()
    shoot(page, "06_priest_pushes_cards", page.locator("svg[aria-label^='Gifts of the Gods:']").first)
    assert not page.js_errors, page.js_errors


def test_example_10_push_and_the_top_rule(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".widget-dropdown select")
    w = _widget(page)
    priests = widget_with_label(page, "Priests", ".widget-text").locator("input")

    # Example 10: enter Amun with 4 steps, John is pushed from 4 to 5
    _select(page, "Preset", "Example 10 (John on Amun 4, George on Ra 4)")
    expect(priests).to_have_value("Amun John:4 | Ra George:4 | Ptah -")
    # the preset sets the priests first and the controls after (Ringo enters Ptah +4): wait for the whole of it,
    # or the kernel's "Ringo" can land after our "Red" (a race CI once lost)
    move = widget_with_label(page, "Move", ".widget-text").locator("input")
    expect(move).to_have_value(re.compile(r"^Ringo enters Ptah \+4\b"))
    _select(page, "Mover", "Red")
    expect(move).to_have_value(re.compile(r"^Red enters "))
    _move_temple(page).select_option("Amun")
    _set_steps(page, "End", 4)  # the slider's end: a Priest action moves at most 4 steps
    w.get_by_role("button", name=re.compile(r"\bMove$")).click()
    expect(priests).to_have_value("Amun John:5 Red:4 | Ra George:4 | Ptah -")
    gains = w.locator("table").filter(has_text="gains")
    expect(gains.locator("tr").filter(has_text="John")).to_have_count(1)  # the pushed priest gains too
    expect(w.locator("button[title='last']")).to_be_disabled()  # after Move the result (last event) is shown
    expect(w.locator(".widget-html").filter(has_text=re.compile(r"\[.*Priest.*\]")).first).to_be_visible()
    shoot(page, "06_priest_pushes", w)

    # the top rule: in a full Ptah, only +1 and +2 are allowed for Red on 3
    priests.fill("Ptah Yellow:8 Green:7 Blue:6 Red:3")
    priests.press("Enter")
    expect(priests).to_have_value("Amun - | Ra - | Ptah Yellow:8 Green:7 Blue:6 Red:3")
    _move_temple(page).select_option("Ptah")
    steps_list = w.locator("li").filter(has_text=re.compile(r"^\+\d:"))
    expect(steps_list).to_have_count(4)
    for k, ok in ((1, True), (2, True), (3, False), (4, False)):
        expect(steps_list.nth(k - 1)).to_contain_text(f"+{k}: " + ("\u2713 allowed" if ok else "\u2717"))
    _set_steps(page, "ArrowLeft", 3)
    w.get_by_role("button", name=re.compile(r"\bMove$")).click()
    expect(w.get_by_text(re.compile(r"^Not allowed: "))).to_be_visible()
    expect(priests).to_have_value("Amun - | Ra - | Ptah Yellow:8 Green:7 Blue:6 Red:3")
    shoot(page, "06_priest_pushes_top_rule", w)
    assert overflows(w) == []  # fits a 1000 px output area: nothing sticks out, no label cut
    assert not page.js_errors, page.js_errors


def _move_temple(page):
    """The Temple dropdown of the move (the one for placing priests by hand is labelled "Place in")."""
    return (
        page.locator(".widget-dropdown").filter(has=page.locator(".widget-label", has_text="Temple")).locator("select")
    )
