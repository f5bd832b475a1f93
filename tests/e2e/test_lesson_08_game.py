"""Lesson 08 in the browser (Voila): the board pictures, the scrubber over the whole seeded game (as everyone and
as Paul), and two of its predict-then-check questions.

Expected values from the rules, not read from the widgets:
- Season 0, step 1: everyone is dealt 5 cards from deck A; at the first Season 0 decision nobody has kept anything
  yet, so every hand holds 5 cards.  In Paul's view the other two hands are drawn only as "5 card(s), hidden"
  (their cards are secret) while his own 5 cards are drawn.
- Season 0, step 2 is done in secret: in Paul's view John's decision is not named ("John decides"); in the full
  view it is ("John: keep N").
- Phase 3: a face-down card counts as 1 and plays before all revealed cards, so John (face down in round 1) plays
  1st.  Harvest (Productive Fields and Harvests), Paul's in round 7: his three Farmers stand on N-barley, N-fruit
  and E-papyrus; the North ramp holds 2 Sun (Barley stands 1-2 spheres, Fruit 1-3 Sun: both productive), the East
  ramp is empty (always productive), and the North and East rivers hold 4 Silt each (3 resources a field):
  3 + 3 + 3 = 9 resources.
- The game is the lesson's (3 players, seed 37, John random, George and Paul greedy); the test replays the same
  seed to know the card numbers in Paul's hand and the number of entries.
"""

import re

import pytest
from e2e_support import NOTEBOOKS, expect, open_lesson_once, shoot, widget_with_label
from predict_check import page_text, wrong_then_right

from tameri_kit.game import Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.story import chapters

LESSON = NOTEBOOKS / "08_full_game_walkthrough.ipynb"
BOTS = ["random", "greedy", "greedy"]
SEED = 37  # the lesson's model game
ENTRY = re.compile(r"^entry (\d+) of (\d+): ")


@pytest.fixture(scope="module")
def lesson(browser, voila_url):
    """The lesson opened once in Voila for all the tests below (Voila runs the whole notebook - a seeded game
    between bots - on every page load, which takes a minute or more on a busy machine); each test sets the widgets
    it reads itself."""
    page = open_lesson_once(browser, voila_url, LESSON, ready_selector=".widget-dropdown select")
    yield page
    page.close()


def _widget(page):
    """The GameScrubber: the box holding the "Jump to" dropdown."""
    return page.locator(".widget-vbox").filter(has=widget_with_label(page, "Jump to", ".widget-dropdown")).first


def _panel(scope, name: str):
    """One player's panel in the board picture."""
    return scope.locator(f'svg.tameri-board g.player-board[data-player="{name}"]')


def _hand_numbers(scope, name: str) -> list[str]:
    cards = _panel(scope, name).locator("g.hand g.action-card")
    return [cards.nth(i).get_attribute("data-number") for i in range(cards.count())]


def _question(page, words: str):
    return page.locator(".widget-vbox").filter(has=page.locator(".widget-html", has_text=words)).last


def test_board_pictures_are_drawn(lesson):
    page = lesson
    boards = page.locator(".jp-OutputArea-output svg.tameri-board")
    expect(boards.first).to_be_visible()
    assert boards.count() >= 4  # after Season 0, round 1, Season 1, before Season 3, the end (+ scrubber)
    first = boards.first
    for part in ("pyramid-part", "market", "building-row", "temples-part", "sphinx-avenue", "nile"):
        expect(first.locator(f"g.{part}").first).to_be_visible()
    expect(first.locator("g.player-board")).to_have_count(3)
    # the logs are folded away: a <details> that is closed until clicked
    log = page.locator("details", has_text="The log of the set-up and Season 0").first
    expect(log.locator("pre")).not_to_be_visible()
    log.locator("summary").click()
    expect(log.locator("pre")).to_be_visible()
    shoot(page, "08_full_game_walkthrough_board", first)
    assert not page.js_errors, page.js_errors


def test_scrubber_player_view(lesson):
    page = lesson
    record, _ = play_game(Settings.for_players(3), SEED, BOTS)
    states = replay(record, states=True)
    k = dict(chapters(states))["Season 0"]
    s = states[k]
    assert s.to_move == "chance" or s.phase == "season0"
    n = len(record.entries)

    w = _widget(page)
    jump = widget_with_label(page, "Jump to", ".widget-dropdown").locator("select")
    seen_by = widget_with_label(page, "Seen by", ".widget-dropdown").locator("select")
    label = w.locator(".widget-label", has_text=ENTRY)

    seen_by.select_option("Paul")
    jump.select_option(label="Season 0")
    expect(label).to_have_text(re.compile(f"^entry {k} of {n}: "))
    # step on to the first Season 0 decision (John keeps a card): the hands are dealt, 5 cards each
    while not states[k].to_move == "John":
        w.get_by_role("button", name=re.compile("Next$")).click()
        k += 1
        expect(label).to_have_text(re.compile(f"^entry {k} of {n}: "))
    s = states[k]
    assert all(len(p.hand) == 5 for p in s.players)
    for name in ("John", "George"):
        expect(_panel(w, name).locator("text.hand-hidden")).to_have_text("Hand: 5 card(s), hidden")
        expect(_panel(w, name).locator("g.hand g.action-card")).to_have_count(0)
    expect(_panel(w, "Paul").locator("g.hand g.action-card")).to_have_count(5)
    assert _hand_numbers(w, "Paul") == [str(c) for c in s.player("Paul").hand]

    w.get_by_role("button", name=re.compile("Next$")).click()
    expect(label).to_have_text(f"entry {k + 1} of {n}: John decides")
    seen_by.select_option("everyone (the full state)")
    expect(label).to_have_text(re.compile(f"^entry {k + 1} of {n}: John: keep \\d+$"))
    shoot(page, "08_full_game_walkthrough", w)
    assert not page.js_errors, page.js_errors


def test_scrubber_steps_and_hides_other_hands(lesson):
    page = lesson
    record, _ = play_game(Settings.for_players(3), SEED, BOTS)
    k, n = dict(chapters(replay(record, states=True)))["Season 1 (Akhet), round 1"], len(record.entries)
    w = _widget(page)
    jump = widget_with_label(page, "Jump to", ".widget-dropdown").locator("select")
    seen_by = widget_with_label(page, "Seen by", ".widget-dropdown").locator("select")
    seen_by.select_option(label="everyone (the full state)")

    label = w.locator(".widget-label").filter(has_text=ENTRY).first
    jump.select_option(label="Season 1 (Akhet), round 1")
    # the entry the jump goes to, known from the replayed game (the label's text before the jump can still change
    # when the viewer's change arrives after it is read: a file's tests may run in any order on one page)
    expect(label).to_have_text(re.compile(rf"^entry {k} of {n}: "))
    w.get_by_role("button", name=re.compile(r"\bNext$")).click()
    expect(label).to_have_text(re.compile(rf"^entry {k + 1} of {n}: "))

    full = {name: _hand_numbers(w, name) for name in ("John", "George", "Paul")}
    assert all(full.values()), full  # in Season 1 everyone holds cards
    seen_by.select_option("Paul")
    expect(_panel(w, "John").locator("g.hand g.action-card")).to_have_count(0)
    expect(_panel(w, "George").locator("g.hand g.action-card")).to_have_count(0)
    assert _hand_numbers(w, "Paul") == full["Paul"]
    svg = w.locator("svg.tameri-board").inner_html()
    for other in ("John", "George"):
        for number in full[other]:
            assert f'data-number="{number}"' not in svg, (other, number)
    shoot(page, "08_full_game_walkthrough_round1", w)
    assert not page.js_errors, page.js_errors


def test_predict_then_check(lesson):
    """Before Check the page holds none of the worked answers (round 1's log and board, Paul's Harvest log, the
    final table); each opens under its question once it is answered.  Leftovers (End of the Game, step 5): Paul's
    resources, Deben and Silt at the end of the lesson's game, every full 3 one point."""
    page = lesson
    before = page_text(page)
    for worked in ("The log of round 1", "The board after round 1", "The log of Paul's Harvest"):
        assert worked not in before, f"shown before Check: {worked}"
    expect(page.locator(".tameri-question-fold table")).to_have_count(0)  # the final table opens after Check
    order = _question(page, "In which place of the turn order does John play?")
    order.get_by_label("3rd").check()
    order.get_by_role("button", name=re.compile("Check$")).click()
    expect(order.locator(".tameri-feedback")).to_contain_text("3rd")
    expect(order.locator(".tameri-feedback")).not_to_contain_text("Right")
    expect(order.locator(".tameri-feedback")).to_contain_text("it counts as 1, lower than any revealed card")
    order.get_by_label("1st").check()
    order.get_by_role("button", name=re.compile("Check$")).click()
    expect(order.locator(".tameri-feedback")).to_contain_text("face-down card counts as the number 1")

    harvest = _question(page, "How many resources does Paul's Harvest bring in")
    harvest.locator("input[type=text]").fill("3")  # one per field: not how a Harvest counts
    harvest.get_by_role("button", name=re.compile("Check$")).click()
    expect(harvest.locator(".tameri-feedback")).to_contain_text("Not quite: 3 is not it.")
    harvest.locator("input[type=text]").fill("9")
    harvest.get_by_role("button", name=re.compile("Check$")).click()
    expect(harvest.locator(".tameri-feedback")).to_contain_text("Right: 9")
    expect(harvest.locator(".tameri-feedback")).to_contain_text("farthest Silt sphere")
    shoot(page, "08_full_game_walkthrough_question", harvest)
    for worked in ("The log of round 1", "The board after round 1", "The log of Paul's Harvest"):
        expect(page.locator(".tameri-question-fold").filter(has_text=worked).first).to_be_attached()

    _record, final = play_game(Settings.for_players(3), seed=SEED, bots=BOTS)
    paul = final.player("Paul")
    things = paul.reserve.total + paul.deben + paul.silt
    leftovers = page.locator(".tameri-question").filter(has_text="How many leftover points does Paul score").first
    fold = wrong_then_right(
        leftovers,
        str(things),
        "every three of them",
        str(things // 3),
        answer_forms=[str(things // 3)],
        worked="",
    )
    expect(fold.locator(".tameri-question-fold table").first).to_be_visible()
    shoot(page, "08_full_game_walkthrough_leftovers_fold", fold)
    assert not page.js_errors, page.js_errors


def test_open_a_record_in_the_scrubber(lesson, tmp_path):
    """Open a record (the FileUpload) in the lesson's scrubber, in Voila: a whole 2-player game (seed 3, random
    bots) replaces the lesson's game, from its set-up; its players are the seats of "Seen by".  Run last: the
    scrubber then holds that game."""
    page = lesson
    record, _ = play_game(Settings.for_players(2), 3, ["random", "random"])
    path = tmp_path / "two_players.json"
    path.write_text(record.to_json(), encoding="utf-8")
    n = len(record.entries)
    w = _widget(page)
    with page.expect_file_chooser() as chooser:  # ipywidgets keeps the upload's file input out of the page
        w.locator(".widget-upload").first.click()
    chooser.value.set_files(path)
    expect(w.locator(".tameri-open-message")).to_contain_text(f"Opened two_players.json: a finished game of {n}")
    label = w.locator(".widget-label").filter(has_text=ENTRY).first
    expect(label).to_have_text(f"entry 0 of {n}: the set-up, before any card or tile is drawn")
    w.get_by_role("button", name=re.compile(r"\bNext$")).click()
    expect(label).to_have_text(f"entry 1 of {n}: {record.entries[0]}")
    seen_by = widget_with_label(page, "Seen by", ".widget-dropdown").locator("select")
    seats = [text.replace("\xa0", " ") for text in seen_by.locator("option").all_inner_texts()]  # (no-break spaces)
    assert seats == ["everyone (the full state)", "John", "George"]
    expect(_panel(w, "Paul")).to_have_count(0)
    shoot(page, "08_full_game_walkthrough_opened", w)
    assert not page.js_errors, page.js_errors
