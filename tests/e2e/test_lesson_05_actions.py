"""Lesson 05 in the browser (Voila): a learner answers the questions (the Nile question among them), takes the
Merchant action in the explorer and trades, and nothing overflows a 1000 px output area.

Expected from the rules (Possible Actions: Merchant; Phase 4, step 4), not read from the widget:
- Trade: one resource of the player goes to the Market warehouse and the player takes the resource of each of the
  two stalls beside the Merchant, so events cite "Merchant (Trade I)" and "(Trade II)", and the Market warehouse
  and the player's resources are among the things that changed.
- The Nile question: a player holding 4 of a resource who takes a card carrying one more has 5 until the end of
  the turn, when Restore warehouse leaves at most 4: the answer is 4 (5 is wrong).
- The Builder question (Possible Actions: Builder): the lesson's Builder is not in play, so the action places it on
  space 1 and the card on space 3 is 2 steps away: printed cost + 2 (printed cost alone is wrong).
- Game Setup 3b: 8 Workers, 4 on the Locked Worker spaces: 4 may be placed (8 is wrong).
"""

import re

from e2e_support import NOTEBOOKS, expect, open_lesson, question_box, shoot
from predict_check import page_text, wrong_then_right

from tameri_kit.game.rules_of_play.payments import building_cost_slots
from tameri_kit.widgets.actions import action_position

LESSON = NOTEBOOKS / "05_workers_and_actions.ipynb"
ONE_TAB = True  # one rendering for the file: the questions first, on the fresh page, then the explorer

FITS = """(root) => [...root.querySelectorAll('.jp-OutputArea-output')].filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.innerText.slice(0, 80))"""


def _explorer(page, title: str):
    return page.locator(".tameri-decisions").filter(has_text=title).first


def _choose_and_do(explorer, part: str) -> None:
    """Pick the first decision whose text contains ``part`` and press Do it."""
    select = explorer.locator(".widget-dropdown select")
    expect(select.locator("option").filter(has_text=part).first).to_be_attached()
    texts = select.evaluate("s => [...s.options].map(o => o.textContent)")
    index = next(k for k, t in enumerate(texts) if part in t.replace("\xa0", " "))  # ipywidgets: no-break spaces
    select.select_option(index=index)
    explorer.get_by_role("button", name=re.compile("Do it")).click()


def test_each_question_wrong_then_right_and_no_worked_answer_before_check(page, voila_url):
    """Before any Check the page shows none of the worked answers the lesson used to print (the locked Workers'
    rewards, the warehouse limit's step); each question is answered wrongly (feedback without the answer), then
    rightly, and only then its worked answer opens under it."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    before = page_text(page)
    assert "Locked Worker spaces at the start" not in before and "Restore warehouse" not in before
    assert "warehouse limit of 4" not in before

    workers = question_box(page, "how many Workers may you place")
    wrong_then_right(workers, "8", "Locked Worker", "4", worked="Locked Worker spaces at the start")

    builder = _builder_position()
    target = builder.state.row[2]
    printed = len(building_cost_slots(target, 0))
    box = question_box(page, "takes the Builder action")
    expect(box).to_contain_text("no Builder in play yet")
    wrong_then_right(box, str(printed), "each step it is short", str(printed + 2), answer_forms=[str(printed + 2)])

    nile = question_box(page, "takes card")
    fold = wrong_then_right(
        nile, "5", "puts back everything above the limit", "4", answer_forms=["4"], worked="Restore warehouse"
    )
    shoot(page, "05_workers_and_actions_nile_fold", fold)
    assert not page.js_errors, page.js_errors


def test_trade_in_the_explorer(page, voila_url):
    """After the questions (the same tab): the Merchant explorer trades, and nothing sticks out of its output area."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-decisions")
    merchant = _explorer(page, "Merchant: seed")
    merchant.scroll_into_view_if_needed()
    expect(merchant.locator("svg.tameri-board")).to_have_count(0)  # the board opens after a decision
    _choose_and_do(merchant, "do merchant")
    expect(merchant.get_by_text("[Possible Actions: Merchant]").first).to_be_visible()
    expect(merchant.locator("svg.tameri-board")).to_be_visible()
    _choose_and_do(merchant, "merchant space")
    _choose_and_do(merchant, ": trade ")
    expect(merchant.get_by_text(re.compile(r"\[Possible Actions: Merchant \(Trade I\)\]")).first).to_be_visible()
    expect(merchant.get_by_text(re.compile(r"\(Trade II\)")).first).to_be_visible()
    changed = merchant.locator("table.tameri-changes")
    expect(changed).to_contain_text("Market warehouse")
    expect(changed).to_contain_text("resources")
    merchant.get_by_role("button", name="before").click()
    expect(merchant.get_by_role("button", name="before")).to_have_class(re.compile("mod-active"))
    shoot(page, "05_workers_and_actions_merchant", merchant)

    assert page.evaluate(FITS, page.locator("body").element_handle()) == []
    shoot(page, "05_workers_and_actions")
    assert not page.js_errors, page.js_errors


def _builder_position():
    return action_position("builder", seed=0, when=lambda state, seat: state.players[seat].reserve.total >= 4)
