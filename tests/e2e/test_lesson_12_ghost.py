"""Lesson 12 in the browser (Voila): the board pictures with the Ghost's pieces marked, its predict-then-check
questions answered wrongly then rightly (each worked answer opening only after its Check), the chart and table of the
Ghost study, the scrubber over the seeded solo game, and the solo table.

Expected values from the rulebook's text, not read from the widgets:
- Example 30: the third card shows the Barley field at the bottom again, where a Ghost Farmer already stands; the
  Ghost never has two Farmers on a field, so the Farmer goes on to "the Papyrus field, i.e. the first one in
  clockwise order" - S-papyrus (the kit's name for the South river's Papyrus field, reading X1).
- Ghost Farmer action b: the Ghost Farmer that reaches the card's field first moving clockwise moves there: going
  back round reading X1's ring (N-barley, N-fruit, E-papyrus, E-flax, S-barley, S-papyrus, W-fruit, W-flax) from the
  field, the first Ghost Farmer met; the first met going forwards is the common wrong answer.  The prompt names the
  Ghost's Farmers and the field.
- Phase 4 (Ghost): in Season 2 the Ghost takes the card with the middle value of the three left; the lowest is its
  Season 1 choice.  The test replays the lesson's seed (1 human, intermediate, seed 2, John greedy) to know which
  three cards are left.
- Ghost Player step 4: an easy Ghost starts with 3 points; Season 0 alone: keep 4 of 6 cards, then place a Farmer.
- Why the Ghost wins (the stored study, docs/ghost_study/easy.jsonl): End of the Season step 1 deals one Priest card
  per Priest in the Temples and the Ghost keeps its 3 Priests from the set-up: 3 x 3 Seasons = 9 cards (3 is one
  Season's).  Its richest source in the stored games is its Sphinx actions (tests/explore/test_ghost_study.py pins the
  means); the Priest cards are the common wrong answer.  The chart of the sources is drawn as a picture.
"""

import re

import pytest
from e2e_support import (
    NOTEBOOKS,
    TABLE_WAIT,
    answer_question,
    click_at_table,
    expect,
    open_lesson_once,
    question_box,
    shoot,
    widget_with_label,
)

from tameri_kit.game import Settings, replay
from tameri_kit.game.play.bots import play_game

LESSON = NOTEBOOKS / "12_solo_against_the_ghost.ipynb"
WAIT = TABLE_WAIT
ENTRY = re.compile(r"^entry (\d+) of (\d+): ")


@pytest.fixture(scope="module")
def lesson(browser, voila_url):
    """The lesson opened once in Voila for all the tests below (Voila runs the whole notebook, a seeded solo game
    included, on every page load)."""
    page = open_lesson_once(browser, voila_url, LESSON, ready_selector=".tameri-table")
    yield page
    page.close()


def _season_2_cards_left() -> list[int]:
    record, _ = play_game(Settings.for_players(1, ghost="intermediate"), seed=2, bots=["greedy"])
    states = replay(record, states=True)
    k = next(k for k, e in enumerate(record.entries, 1) if states[k].season == 2 and e.startswith("John: take "))
    took = int(record.entries[k - 1].split()[-1])
    return sorted(n for n, _ in states[k - 1].nile if n != took)


def _worked_answer(box):
    """The worked answer a question of the lesson opens under itself after its Check (``Question(fold=...)``)."""
    return box.locator(".tameri-question-fold")


def test_the_ghost_is_marked_on_the_board(lesson):
    page = lesson
    boards = page.locator(".jp-OutputArea-output svg.tameri-board")
    expect(boards.first).to_be_visible()
    first = boards.first
    ghost = first.locator('g.player-board.ghost[data-player="Ghost"]')
    expect(ghost).to_have_count(1)
    expect(ghost).to_contain_text("the Ghost, plays itself")
    expect(first.locator('g.player-board[data-player="John"]:not(.ghost)')).to_have_count(1)
    shoot(page, "12_solo_against_the_ghost_board", first)
    assert not page.js_errors, page.js_errors


def test_example_30_wrong_then_right(lesson):
    page = lesson
    box = question_box(page, "Example 30")
    worked = _worked_answer(box)
    answer_question(box, "S-barley", "never has two Farmers on one field")
    expect(box.locator(".tameri-feedback")).to_contain_text("Not quite")
    expect(worked).to_be_hidden()  # a wrong answer opens nothing: only the note says where it will open
    expect(box.locator(".tameri-fold-note")).to_contain_text("opens here once you have checked")
    answer_question(box, "S-papyrus", "Right: S-papyrus")
    expect(box.locator(".tameri-feedback")).to_contain_text("first available field going clockwise")
    # the engine's Example 30 opens only now: a Ghost Farmer on the Papyrus field of the South river
    expect(worked).to_contain_text("the Ghost places a Farmer on S-papyrus")
    expect(worked.locator("svg title", has_text="Ghost's Farmer on S-papyrus").first).to_be_attached()
    shoot(page, "12_solo_against_the_ghost_example_30", box)
    shoot(page, "12_solo_against_the_ghost_example_30_worked", worked)
    assert not page.js_errors, page.js_errors


RING = ("N-barley", "N-fruit", "E-papyrus", "E-flax", "S-barley", "S-papyrus", "W-fruit", "W-flax")


def test_ghost_farmer_wrong_then_right(lesson):
    page = lesson
    box = question_box(page, "Its Farmer action draws a Ghost card")
    prompt = re.search(
        r"Farmers stand on (.+?)\. Its Farmer action draws a Ghost card showing (\S+),", box.inner_text()
    )
    farmers, field = prompt.group(1).split(", "), prompt.group(2)
    k = RING.index(field)
    back = next(RING[(k - d) % 8] for d in range(1, 8) if RING[(k - d) % 8] in farmers)
    forwards = next(RING[(k + d) % 8] for d in range(1, 8) if RING[(k + d) % 8] in farmers)
    assert back != forwards
    answer_question(box, forwards, "closest Ghost Farmer going anticlockwise")
    worked = _worked_answer(box)
    expect(worked).to_be_hidden()
    expect(box.locator(".tameri-fold-note")).to_contain_text("opens here once you have checked")
    answer_question(box, back, f"Right: {back}.")
    expect(worked).to_contain_text(f"on {back}, moves clockwise to it")
    shoot(page, "12_solo_against_the_ghost_farmer", box)
    assert not page.js_errors, page.js_errors


def test_season_2_nile_card_wrong_then_right(lesson):
    page = lesson
    low, middle, high = _season_2_cards_left()
    box = question_box(page, "It is Season 2")
    expect(box).to_contain_text(f"cards {low}, {middle}, {high} are left")
    answer_question(box, str(low), "choice in Season 1")
    worked = _worked_answer(box)
    expect(worked).to_be_hidden()
    expect(box.locator(".tameri-fold-note")).to_contain_text("opens here once you have checked")
    answer_question(box, str(middle), f"Right: {middle}.")
    expect(box.locator(".tameri-feedback")).to_contain_text("the middle value in Season 2")
    expect(worked).to_contain_text(f"Ghost takes card {middle}")
    shoot(page, "12_solo_against_the_ghost_nile", box)
    assert not page.js_errors, page.js_errors


def test_scrubber_steps_through_the_solo_game(lesson):
    page = lesson
    w = page.locator(".widget-vbox").filter(has=widget_with_label(page, "Jump to", ".widget-dropdown")).first
    jump = widget_with_label(page, "Jump to", ".widget-dropdown").locator("select")
    label = w.locator(".widget-label").filter(has_text=ENTRY).first
    before = label.inner_text()
    jump.select_option(label="Season 2 (Peret), round 6")  # the lesson left it on Season 3, round 9
    expect(label).not_to_have_text(before)
    k, n = map(int, ENTRY.match(label.inner_text()).groups())
    w.get_by_role("button", name=re.compile(r"\bNext$")).click()
    expect(label).to_have_text(re.compile(rf"^entry {k + 1} of {n}: "))
    expect(w.locator('svg.tameri-board g.player-board.ghost[data-player="Ghost"]')).to_have_count(1)
    shoot(page, "12_solo_against_the_ghost_scrubber", w)
    assert not page.js_errors, page.js_errors


def test_why_the_ghost_wins_questions_and_chart(lesson):
    page = lesson
    box = question_box(page, "which of these sources gave the Ghost the most points")
    answer_question(box, "the Priest cards it reveals at the end", "another source scores more per game")
    answer_question(box, "its Sphinx actions", "Right: its Sphinx actions.")
    expect(box.locator(".tameri-feedback")).to_contain_text("Mean points per game over the stored games")
    shoot(page, "12_solo_against_the_ghost_top_source", box)
    cards = question_box(page, "How many Priest cards is the Ghost dealt")
    expect(cards.locator("input[type=text]")).to_have_attribute("placeholder", "a whole number")
    answer_question(cards, "3", "one draft only")
    answer_question(cards, "9", "Right: 9.")
    shoot(page, "12_solo_against_the_ghost_draft_cards", cards)
    # the chart of the sources follows the questions (the lesson's first matplotlib picture)
    chart = page.locator(".jp-OutputArea-output img[src^='data:image/png']").first
    expect(chart).to_be_visible()
    chart.scroll_into_view_if_needed()
    shoot(page, "12_solo_against_the_ghost_breakdown_chart", chart)
    # the table of the readings and card sets, then their chart
    conditions = page.locator(".jp-OutputArea-output table").filter(has_text="change, same seeds")
    expect(conditions).to_contain_text("X9: no points once 3 are built")
    expect(conditions).to_contain_text("second card set")
    shoot(page, "12_solo_against_the_ghost_conditions_table", conditions)
    second = page.locator(".jp-OutputArea-output img[src^='data:image/png']").nth(1)
    expect(second).to_be_visible()
    assert second.bounding_box()["width"] <= 1000  # fits a 1000 px output area
    shoot(page, "12_solo_against_the_ghost_conditions_chart", second)
    assert not page.js_errors, page.js_errors


def _table(page):
    return page.locator(".tameri-table").last


def _click(page, move: str) -> None:
    click_at_table(_table(page), move)


def test_solo_table_season_0(lesson):
    page = lesson
    table = _table(page)
    table.scroll_into_view_if_needed()
    expect(table).to_contain_text("you play John")
    expect(table).to_contain_text("Ghost 3")  # an easy Ghost starts with 3 points
    expect(table.locator(".tameri-board-view")).to_contain_text("the Ghost, plays itself")
    expect(table).to_contain_text("you keep 4 of the 6 you drew; nothing is passed on")  # +1 Player Mode, Season 0
    for move in ("keep 32", "keep 59", "keep 21", "keep 6"):
        _click(page, move)
    expect(table).to_contain_text("place your first Farmer", timeout=WAIT)
    _click(page, "farmer W-fruit")
    expect(table).to_contain_text("Round 1 (Season 1) begins", timeout=WAIT)
    expect(table.locator(".tameri-board-view")).to_contain_text("John's Farmer on W-fruit")
    shoot(page, "12_solo_against_the_ghost_table", table)
    assert not page.js_errors, page.js_errors
