"""Open a record file in Voila, as a person does with the Open button (the file set on the FileUpload's file
input through Playwright's file chooser): in the scrubber (then step it and change "Seen by") and at the table (a finished game
opens in review mode: step, "Seen by", the final scores at the end, Leave review).  A damaged, an empty and an
other-version file are named with what is wrong and change nothing.  The page is
tests/e2e/fixtures/open_record.ipynb (a short game in each widget, so that it renders in seconds).

Expected values from the record and the rules, not read from the widgets: the file's game is a whole 3-player
game (seed 5, random bots) whose entries the test replays; Season 0, step 2 keeps a card in secret, so seen by
George, John's keep is only "John decides"; the last entry ends the game, so the final scores are shown there.
"""

import json
import re

import pytest
from e2e_support import FIXTURES, expect, open_lesson, overflows, shoot

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game

FIXTURE = FIXTURES / "open_record.ipynb"
WAIT = 60_000


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The friend's finished game and three files that are not good records."""
    record, _ = play_game(Settings.for_players(3), 5, ["random", "random", "random"])
    folder = tmp_path_factory.mktemp("records")
    good = folder / "friend.json"
    good.write_text(record.to_json(), encoding="utf-8")
    broken = json.loads(record.to_json())
    broken["entries"][40] = "John: fly away"
    (folder / "damaged.json").write_text(json.dumps(broken), encoding="utf-8")
    (folder / "empty.json").write_bytes(b"")
    newer = json.loads(record.to_json())
    newer["format"] = "tameri-game/2"
    (folder / "newer.json").write_text(json.dumps(newer), encoding="utf-8")
    return record, folder


def open_file(page, scope, path) -> None:
    """Pick ``path`` with the Open (FileUpload) button in ``scope``, as a person does.  ipywidgets 8 keeps the
    button's ``<input type=file>`` out of the page, so the file goes to the chooser its click opens
    (``FileChooser.set_files`` is ``set_input_files`` on that input)."""
    with page.expect_file_chooser() as chooser:
        scope.locator(".widget-upload").first.click()
    chooser.value.set_files(path)


def _dropdown(scope, page, label: str):
    return scope.locator(".widget-dropdown").filter(has=page.locator(".widget-label", has_text=label)).first


def test_open_a_record_in_the_scrubber_step_it_and_change_seen_by(page, voila_url, files):
    record, folder = files
    n = len(record.entries)
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, FIXTURE, ready_selector=".tameri-scrubber")
    scrubber = page.locator(".tameri-scrubber").first
    label = scrubber.locator(".widget-label").filter(has_text=re.compile(r"^entry \d+ of \d+")).first
    expect(label).to_have_text(re.compile(r"^entry 60 of 60: "))
    open_file(page, scrubber, folder / "friend.json")
    message = scrubber.locator(".tameri-open-message")
    expect(message).to_contain_text(f"Opened friend.json: a finished game of {n} entries", timeout=WAIT)
    expect(label).to_have_text(f"entry 0 of {n}: the set-up, before any card or tile is drawn")
    next_button = scrubber.get_by_role("button", name=re.compile(r"Next$"))
    next_button.click()
    expect(label).to_have_text(f"entry 1 of {n}: {record.entries[0]}")
    # seen by George, step to John's first (secret) keep of Season 0
    _dropdown(scrubber, page, "Seen by").locator("select").select_option("George")
    keep = next(i for i, e in enumerate(record.entries) if e.startswith("John: keep"))
    for k in range(2, keep + 2):
        next_button.click()
        expect(label).to_have_text(re.compile(rf"^entry {k} of {n}: "))
    expect(label).to_have_text(f"entry {keep + 1} of {n}: John decides")
    shoot(page, "open_record_scrubber", scrubber)
    # files that are not good records: named, and nothing changes
    for name, said in [
        ("damaged.json", "Could not open damaged.json: entry 40 'John: fly away'"),
        ("empty.json", "Could not open empty.json: the file is empty"),
        ("newer.json", "Could not open newer.json: record header, field 'format': a Tameri game record of another"),
    ]:
        open_file(page, scrubber, folder / name)
        expect(message).to_contain_text(said, timeout=WAIT)
        expect(message).to_contain_text("Nothing was changed")
        expect(label).to_have_text(f"entry {keep + 1} of {n}: John decides")
    shoot(page, "open_record_scrubber_refused", scrubber)
    assert not page.js_errors, page.js_errors


def test_open_a_finished_game_at_the_table_in_review_mode(page, voila_url, files):
    record, folder = files
    n = len(record.entries)
    page.set_viewport_size({"width": 1024, "height": 768})
    open_lesson(page, voila_url, FIXTURE, ready_selector=".tameri-table")
    table = page.locator(".tameri-table").first
    review = table.locator(".tameri-review")
    expect(review).to_be_hidden()
    open_file(page, table, folder / "friend.json")
    message = table.locator(".tameri-message")
    expect(message).to_contain_text(f"friend.json: a finished game of {n} entries, in review mode", timeout=WAIT)
    expect(review).to_be_visible()
    expect(review).to_contain_text("Review mode")
    status = table.locator(".widget-html").first
    expect(status).to_contain_text(f"entry 0 of {n}")
    expect(table.locator(".tameri-decisions")).to_contain_text("no moves can be made")
    review.get_by_role("button", name=re.compile(r"Next$")).click()
    expect(status).to_contain_text(f"entry 1 of {n}: {record.entries[0]}")
    _dropdown(review, page, "Seen by").locator("select").select_option("George")
    expect(status).to_contain_text("seen by George")
    shoot(page, "open_record_table_review", table)
    # to the end: the final scores
    _dropdown(review, page, "Jump to").locator("select").select_option(label="End of the Game (final scores)")
    expect(status).to_contain_text(f"entry {n} of {n}", timeout=WAIT)
    expect(table).to_contain_text("Final scores (End of the Game)")
    shoot(page, "open_record_table_review_end", table)
    # leaving review mode: the table's own game again, its decisions back
    review.get_by_role("button", name=re.compile(r"Leave review$")).click()
    expect(message).to_contain_text("Left review mode", timeout=WAIT)
    expect(review).to_be_hidden()
    expect(status).not_to_contain_text("Review")
    expect(table.locator(".tameri-decisions button").first).to_be_enabled(timeout=WAIT)
    # a damaged file at the table: named, nothing changed
    open_file(page, table, folder / "damaged.json")
    expect(message).to_contain_text("Could not open damaged.json: entry 40 'John: fly away'", timeout=WAIT)
    expect(review).to_be_hidden()
    # review mode fits a 1000 px output area (this widens the table: checked last)
    open_file(page, table, folder / "friend.json")
    expect(review).to_be_visible(timeout=WAIT)
    assert overflows(table) == []
    assert not page.js_errors, page.js_errors
