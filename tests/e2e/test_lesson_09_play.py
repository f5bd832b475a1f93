"""Lesson 09 in the browser (Voila): the game table, the first round played by clicks.

The test presses *New game* (the boxes hold the lesson's game: 3 players, John, greedy bots, seed 7), then plays
John's decisions of Season 0 and round 1 by clicking their buttons, as the lesson's walk-through does.

Expected values from the rules, not read from the widget:
- Season 0, step 1: five cards dealt from deck A; at John's first decision his hand holds 5 cards and the others'
  hands are shown only as "5 cards" (they are secret).
- Season 0, step 6: John's Farmer stands on the field he clicked (W-fruit) on the board.
- Offering to the Pharaoh (Example 14): hiding 4 different resources scores 4 + 1 = 5 points; John had 0 before,
  and nothing else scores for him in round 1, so his points read 5 afterwards, and the log says it with its rule.
- Phase 4, step 3: the card taken from the Nile (73) is then in John's hand.
- Why not? shows the engine's reason and rule for a forbidden action; a typed illegal decision changes nothing.
"""

import re

from axe_support import describe, keyboard_problems, serious_violations
from e2e_support import (
    NOTEBOOKS,
    TABLE_WAIT,
    answer_question,
    click_at_table,
    expect,
    lab_notebook_url,
    open_lesson,
    question_box,
    shoot,
    shut_down_lab_sessions,
    table_button,
)
from predict_check import page_text, wrong_then_right

LESSON = NOTEBOOKS / "09_play_a_game.ipynb"
WAIT = TABLE_WAIT


def _table(page):
    return page.locator(".tameri-table").last


def _button(page, label: str):
    return table_button(_table(page), label)


def _click(page, move: str, *, decision: bool = True) -> None:
    click_at_table(_table(page), move, decision=decision)


def _status(page):
    return _table(page).locator(".widget-html").first


def test_first_round_by_clicks(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-table")
    table = _table(page)
    _click(page, "New game", decision=False)
    expect(_status(page)).to_contain_text("Season 0", timeout=WAIT)
    expect(_button(page, "keep 32")).to_be_visible(timeout=WAIT)
    expect(table).to_contain_text("you play John")
    board = table.locator(".tameri-board-view")
    expect(board).to_contain_text("John's player board")
    # the words on the picture (its <desc> says the same for screen readers)
    expect(board.locator("text").filter(has_text="Hand: 5 card(s), hidden")).to_have_count(2)  # George's and Paul's
    shoot(page, "09_play_a_game_start", table)
    # the table in play passes the accessibility audit, and works with the keyboard alone: every control is
    # reached by Tab and shows its focus; the first decision is made with Enter
    assert serious_violations(page) == [], describe(serious_violations(page))
    assert keyboard_problems(page, table) == []
    _button(page, "keep 32").focus()
    page.keyboard.press("Enter")
    expect(_button(page, "keep 32")).to_have_count(0, timeout=WAIT)

    for move in ("keep 100", "keep 50", "keep 59"):
        _click(page, move)
    expect(table).to_contain_text("place your first Farmer", timeout=WAIT)
    _click(page, "farmer W-fruit")
    expect(table).to_contain_text("Round 1 (Season 1) begins", timeout=WAIT)  # the log, with its rule
    expect(board).to_contain_text("John's Farmer on W-fruit")
    expect(_status(page)).to_contain_text("Season 1 (Akhet), round 1")

    # Why not? and a typed illegal decision: a message, nothing changes.  Phase 2: a card is played from the
    # hand, so a card lying on the Nile (card 27, revealed in the log above) is not allowed
    expect(table).to_contain_text("Card 27 is revealed in the Nile")
    not_allowed = (
        table.locator(".widget-dropdown")
        .filter(has=page.locator(".widget-label", has_text="Not allowed"))
        .locator("select")
    )
    not_allowed.select_option("play 27")
    _click(page, "Why not?", decision=False)
    message = table.locator(".tameri-message")
    expect(message).to_contain_text("Why not 'play 27'?", timeout=WAIT)
    expect(message).to_contain_text("not allowed here")
    expect(message).to_contain_text("(Phase 2: Choosing the Actions)")
    _click(page, "play 32")
    expect(_button(page, "reveal")).to_be_visible(timeout=WAIT)
    typed = (
        table.locator(".widget-text").filter(has=page.locator(".widget-label", has_text="Decision")).locator("input")
    )
    typed.fill("do builder")
    typed.press("Enter")
    _click(page, "Play typed", decision=False)
    expect(message).to_contain_text("Nothing was changed", timeout=WAIT)
    expect(message).to_contain_text("Phase 3: The Turn Order")
    expect(_button(page, "reveal")).to_be_visible()

    _click(page, "reveal")
    _click(page, "use sphinx+offering")
    _click(page, "skip sphinx")
    _click(page, "do offering")
    expect(_button(page, "offer barley,papyrus,flax,fruit")).to_be_visible(timeout=WAIT)
    expect(_status(page)).to_contain_text("John 0,")
    _click(page, "offer barley,papyrus,flax,fruit")
    expect(_status(page)).to_contain_text("John 5,", timeout=WAIT)
    log = table.locator(".tameri-log")
    expect(log).to_contain_text("4 different, so 5 points")
    expect(log).to_contain_text("[Possible Actions: Offering to the Pharaoh (Example 14)]")
    _click(page, "end actions")
    _click(page, "take 73")
    expect(_status(page)).to_contain_text("Season 1 (Akhet), round 2", timeout=WAIT)
    expect(table).to_contain_text("card 73 (B)")
    expect(log).to_contain_text("John takes card 73 from the Nile")
    shoot(page, "09_play_a_game_round2", table)
    assert not page.js_errors, page.js_errors


LAB_TIMEOUT = 240_000  # ms: Run All Cells plays the lesson's first round with greedy bots


def test_table_in_jupyterlab(page, lab_server):
    """JupyterLab: Run All Cells, then play at the table in the last output - New game, the first decision, Undo.

    The lesson opens in a JupyterLab workspace of its own (``lab_notebook_url``): the server keeps the open tabs in
    its workspace, and this test used to find the previous test's notebook (lesson 02) reopened beside lesson 09,
    where the Run menu ran lesson 02 again and lesson 09's table never appeared.  Nothing here depends on the
    seed's cards: the decision clicked is whichever the table offers first.
    """
    try:
        _play_in_jupyterlab(page, lab_server)
    finally:
        shut_down_lab_sessions(lab_server)


def _play_in_jupyterlab(page, lab_server):
    page.goto(lab_notebook_url(lab_server, LESSON.name), timeout=LAB_TIMEOUT)
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    panel.locator(".jp-Notebook").wait_for(state="visible", timeout=LAB_TIMEOUT)
    expect(page.locator(".jp-NotebookPanel")).to_have_count(1)  # lesson 09 alone: no tab of an earlier test
    # its kernel has started, connected and is idle: the status bar reads "Python 3 (ipykernel) | Idle".  (Not the
    # toolbar's indicator: it says idle while the kernel is still starting, and Run All Cells then only clears the
    # outputs - the second cause of the old hang, on a machine slow to start a kernel.)
    kernel_idle = page.locator(
        "#jp-main-statusbar .jp-StatusBar-TextItem", has_text=re.compile(r"^(?!No Kernel).+ \| Idle$")
    )
    expect(kernel_idle).to_have_count(1, timeout=LAB_TIMEOUT)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    table = panel.locator(".tameri-table").last
    expect(table).to_be_visible(timeout=LAB_TIMEOUT)
    expect(kernel_idle).to_have_count(1, timeout=LAB_TIMEOUT)
    table.scroll_into_view_if_needed()
    expect(table).to_contain_text("Season")

    def button(label):
        return table_button(table, label)

    button("New game").click()
    expect(table).to_contain_text("Season 0", timeout=WAIT)
    expect(table.locator(".tameri-message")).to_contain_text("New game", timeout=WAIT)
    first = table.locator(".tameri-decisions .widget-button").first
    expect(first).to_be_enabled(timeout=WAIT)  # enabled once the page has drawn the table's latest labels
    move = first.inner_text().strip()
    assert move.startswith("keep "), move  # Season 0, step 2: the first decision is a card to keep
    first.click()
    expect(table.locator(".tameri-log")).to_contain_text(f"John keeps card {move.split()[1]}", timeout=WAIT)
    button("Undo").click()
    expect(table.locator(".tameri-message")).to_contain_text(f"Undone: John: {move}", timeout=WAIT)
    expect(button(move)).to_be_enabled(timeout=WAIT)
    shoot(page, "jupyterlab_09_play_a_game", table)
    errors = panel.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert not [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]


def test_the_questions_wrong_then_right_and_nothing_stale(page, voila_url):
    """Phase 3: a card kept face down costs 1 Deben for each card played face down so far this Season, this one
    included; card 32 in round 1 is John's first of Season 1, so 1 Deben.  Before Check the page does not show the
    'keep face down' decision with its price (it opens under the question), and the table at the end of the lesson
    shows no message of the lesson's save into a temporary folder (gone once the cell ran).  Glyphs, Actions, and
    Unrevealed Cards: John's hand 32 [sunrise|sunset], 50 [sunset|night], 59 [sunrise|daytime], 100 [-|sunrise,
    daytime] and his board's sunrise: 32 and 59 give both actions, 2 cards (4, every card, is the slip)."""
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    before = page_text(page)
    assert "pay 1 Deben per face-down card" not in before, "the decision's price is shown before Check"
    assert "Saved " not in before and "/tmp/" not in before, "a stale message of the lesson's save"
    cards = question_box(page, "How many of these cards would let you use both")
    wrong_then_right(cards, "4", "only some give both", "2", answer_forms=["2"])
    box = question_box(page, "how many Deben would John pay")
    fold = wrong_then_right(box, "0", "leaves out a face-down card", "1", answer_forms=["1"], worked="keep face down")
    expect(box).to_contain_text("the one just played included")
    shoot(page, "09_play_a_game_question", fold)
    shoot(page, "09_play_a_game_end", _table(page))
    assert not page.js_errors, page.js_errors
