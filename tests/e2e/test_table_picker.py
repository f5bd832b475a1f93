"""The game table shows a group of many decisions (a Priest action: about 90 moves) as one list and one button
(tests/e2e/fixtures/table_many_moves.ipynb, in Voila, real Chromium): choosing a move in the list relabels the
button and explains the move; the Hint chooses its move in the list; clicking the button plays the chosen move; the
list fits a 1000 px output area.  Then new games against OpenSpiel's information-set search (ismcts:16) and against
the kit's expert bot, chosen in the Bots list: the bot answers the person's decisions."""

import re

import pytest

from e2e_support import FIXTURES, TABLE_WAIT, click_at_table, expect, open_lesson, overflows, shoot

FIXTURE = FIXTURES / "table_many_moves.ipynb"
WAIT = TABLE_WAIT
#: the tests share one tab: the second starts a new game at the table the first left
ONE_TAB = True


def test_choose_a_priest_move_in_the_list_and_play_it(page, voila_url):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, FIXTURE, ready_selector=".tameri-table")
    table = page.locator(".tameri-table").first
    decisions = table.locator(".tameri-decisions")
    expect(decisions).to_contain_text("ways: choose one in the list", timeout=WAIT)
    chooser = decisions.locator(".widget-dropdown select").first
    # ipywidgets writes the options' spaces as no-break spaces
    options = [text.replace("\xa0", " ") for text in chooser.locator("option").all_inner_texts()]
    assert len(options) >= 17 and all(option.startswith("priest ") for option in options)
    button = decisions.get_by_role("button", name=options[0], exact=True)
    expect(button).to_be_visible()
    shoot(page, "table_picker_list", table)

    # the Hint chooses the expert bot's move in the list: the button then names it
    table.get_by_role("button", name=re.compile(r"Hint\s*$")).click()
    message = table.locator(".tameri-message")
    expect(message).to_contain_text("now chosen in the list", timeout=WAIT)
    hinted = re.search(r"would choose '([^']+)'", message.inner_text()).group(1)
    expect(decisions.get_by_role("button", name=hinted, exact=True)).to_be_visible(timeout=WAIT)

    chosen = options[-1]
    chooser.select_option(index=len(options) - 1)
    button = decisions.get_by_role("button", name=chosen, exact=True)
    expect(button).to_be_visible(timeout=WAIT)  # the button now names the chosen move
    expect(button).to_be_enabled(timeout=WAIT)
    button.click()
    log = table.locator(".tameri-log")
    expect(log).to_contain_text(f"John: {chosen}", timeout=WAIT)
    shoot(page, "table_picker_played", table)
    assert overflows(table) == []  # the whole table in a 1000 px output area (this widens it: checked last)
    assert not page.js_errors, page.js_errors


def _labelled(page, table, label: str, css: str):
    """The widget ``css`` in ``table`` whose label reads ``label`` (the inner locator is the page's: it is queried
    inside each widget)."""
    return table.locator(css).filter(has=page.locator(".widget-label", has_text=re.compile(rf"^{label}$")))


def _new_two_player_game(page, voila_url, bot: str, offered: set):
    """Open the fixture's table, check the Bots list offers ``offered``, and start a 2-player game (seed 3) with
    ``bot`` in the other seat; returns the table."""
    open_lesson(page, voila_url, FIXTURE, ready_selector=".tameri-table")
    table = page.locator(".tameri-table").first
    bots = _labelled(page, table, "Bots", ".widget-dropdown").locator("select")
    options = [text.replace("\xa0", " ") for text in bots.locator("option").all_inner_texts()]
    assert offered <= set(options)
    _labelled(page, table, "Players", ".widget-dropdown").locator("select").select_option("2")
    bots.select_option(bot)
    seed = _labelled(page, table, "Seed", ".widget-inline-hbox").locator("input")
    seed.fill("3")
    seed.press("Enter")
    table.get_by_role("button", name=re.compile(r"New game\s*$")).click()
    return table


def test_a_new_game_against_the_information_set_search(page, voila_url):
    """Issue 26: the Bots list offers OpenSpiel's search bots; a 2-player game (seed 3) against ismcts:16 (its search
    does not peek at hidden cards).  Season 0 (steps 2-4): each keeps a card of the hand and passes the rest on, so
    John's second hand (card 14 among its cards) is the one George passed after its search chose what to keep."""
    pytest.importorskip("pyspiel")
    table = _new_two_player_game(page, voila_url, "ismcts:16", {"mcts:16", "ismcts:16"})
    click_at_table(table, "keep 10")
    # George (ismcts:16) has kept one of its cards and passed the others on: John's next choice is among them
    expect(table.locator(".tameri-decisions").get_by_role("button", name="keep 14", exact=True)).to_be_visible(
        timeout=WAIT
    )
    expect(table.locator(".tameri-log")).to_contain_text("George (ismcts:16) decides", timeout=WAIT)
    shoot(page, "table_against_ismcts", table)
    assert not page.js_errors, page.js_errors


def test_a_new_game_against_the_expert_bot(page, voila_url):
    """Issue 33: the Bots list offers the expert bot; a 2-player game (seed 3) against it.  Season 0 (steps 2-4):
    John keeps card 10 and passes the rest on; the expert bot (George) keeps one of its hand after playing its best
    candidates out in worlds it samples, and passes the others to John, whose next hand is then shown (card 10 is
    no longer among John's choices).  While it thinks the page says the bots are moving; the log names it."""
    table = _new_two_player_game(page, voila_url, "expert", {"expert"})
    decisions = table.locator(".tameri-decisions")
    click_at_table(table, "keep 10")
    expect(table.locator(".tameri-log")).to_contain_text("George (expert) decides", timeout=WAIT)
    expect(decisions.get_by_role("button", name=re.compile(r"^keep \d+$")).first).to_be_visible(timeout=WAIT)
    expect(decisions.get_by_role("button", name="keep 10", exact=True)).to_have_count(0)
    shoot(page, "table_against_expert", table)
    assert not page.js_errors, page.js_errors
