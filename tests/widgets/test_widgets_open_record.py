"""Open a record file in the scrubber (tameri_kit.widgets.game) and the table (tameri_kit.widgets.table): good,
finished, damaged, foreign, other-version and empty files, through the upload button as the page sends them.

What is expected comes from the record format (docs/records.md: ``"format": "tameri-game/1"``, entries in order)
and from the rules of what a seat may see: Season 0, step 1 deals 5 cards of deck A to each player and step 2
keeps them in secret, so in George's view John's cards are never drawn and John's decision is only named
("John decides"); the game being over, "everyone" sees every hand.  A file that is refused changes nothing: the
widget keeps the record, the entry and the view it had.
"""

import json
from datetime import UTC, datetime

import pytest

from tameri_kit.game import Decision, GameRecord, Settings, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.widgets.game import EVERYONE, GameScrubber
from tameri_kit.widgets.record_files import RecordFileError, open_record_bytes, open_record_path
from tameri_kit.widgets.table import GameTable
from tameri_kit.widgets.table_review import NO_MOVES, THE_END


@pytest.fixture(scope="module")
def finished():
    """A whole 2-player game between random bots (seed 3): John and George."""
    record, final = play_game(Settings.for_players(2), 3, ["random", "random"])
    assert final.is_terminal
    return record


@pytest.fixture(scope="module")
def finished3():
    """A whole 3-player game (seed 5): John, George and Paul."""
    record, _final = play_game(Settings.for_players(3), 5, ["random", "random", "random"])
    return record


def upload(widget, data: bytes, name: str = "game.json") -> None:
    """What the page sends when a person picks a file with the widget's Open button (ipywidgets 8)."""
    widget.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime(2026, 1, 1, tzinfo=UTC),
        },
    )


def damaged(record: GameRecord, index: int, text: str) -> bytes:
    d = json.loads(record.to_json())
    d["entries"][index] = text
    return json.dumps(d).encode()


def bad_files(record: GameRecord) -> list[tuple[str, bytes, str]]:
    """``(name, bytes, what the message must say)``: each names the file and what in it is wrong, and where."""
    other_version = json.loads(record.to_json())
    other_version["format"] = "tameri-game/2"
    whole = record.to_json().encode()
    return [
        ("empty.json", b"", "empty.json: the file is empty"),
        ("blank.json", b"  \n", "blank.json: the file is empty"),
        ("cut.json", whole[: len(whole) // 2], "cut.json: record header: not JSON"),
        ("chess.json", json.dumps({"format": "chess-pgn"}).encode(), "chess.json: record header, field 'format'"),
        ("list.json", b"[1, 2, 3]", "list.json: record header: not a Tameri game record"),
        ("photo.json", b"\x89PNG\r\n\x1a\n\xff\xfe", "photo.json: record header: not UTF-8 text"),
        (
            "new.json",
            json.dumps(other_version).encode(),
            "new.json: record header, field 'format': a Tameri game record of another version ('tameri-game/2')",
        ),
        # entry 40 (0-based) is in Season 0 or later: a made-up move there is not a decision of the game
        ("bad_entry.json", damaged(record, 40, "John: fly away"), "bad_entry.json: entry 40 'John: fly away'"),
        # the first chance outcome is the first Building card drawn: "G9" is not a building at all
        (
            "bad_chance.json",
            damaged(record, 0, "chance: building G9"),
            "bad_chance.json: entry 0 'chance: building G9'",
        ),
    ]


# ---- the reader ------------------------------------------------------------------------------------------------
def test_the_reader_names_the_file_and_the_problem(finished, tmp_path):
    for name, data, said in bad_files(finished):
        with pytest.raises(RecordFileError) as error:
            open_record_bytes(name, data)
        assert str(error.value).startswith(said), (name, str(error.value))
    opened = open_record_bytes("good.json", finished.to_json().encode("utf-8-sig"))  # a byte-order mark is fine
    assert opened.finished and opened.record == finished and len(opened.states) == len(finished.entries) + 1
    # by path: the kit's file reader (a folder, a missing file are named as such)
    with pytest.raises(RecordFileError, match="no such file"):
        open_record_path(tmp_path / "missing.json")
    with pytest.raises(RecordFileError, match="a folder, not a regular file"):
        open_record_path(tmp_path)
    # a record whose chance outcomes are not its seed's (the seed changed by hand), as replay refuses it
    d = json.loads(finished.to_json())
    d["seed"] = 4
    with pytest.raises(RecordFileError, match=r"field 'seed': entry \d+ .* not those of seed 4"):
        open_record_bytes("seed.json", json.dumps(d).encode())


# ---- the scrubber ----------------------------------------------------------------------------------------------
def test_scrubber_opens_a_file_and_steps_it(finished, finished3, tmp_path):
    w = GameScrubber(finished)
    upload(w.upload, finished3.to_json().encode(), "three.json")
    n = len(finished3.entries)
    assert w.record == finished3 and w.slider.max == n and w.index == 0
    assert "Opened three.json: a finished game of" in w.open_html.value
    assert w.viewer_dropdown.options == (EVERYONE, "John", "George", "Paul") and w.viewer is None
    assert w.entry_label.value == f"entry 0 of {n}: the set-up, before any card or tile is drawn"
    assert w.upload.value == ()  # emptied: the same file can be picked again
    w.next_button.click()
    assert w.entry_label.value == f"entry 1 of {n}: {finished3.entries[0]}"
    # the first decision of a person: John keeps a card in Season 0, in secret
    k = next(i for i, e in enumerate(finished3.entries) if e.startswith("John: keep"))
    w.slider.value = k + 1
    w.viewer_dropdown.value = "George"
    assert w.entry_label.value == f"entry {k + 1} of {n}: John decides"
    john_hand = w.state.player("John").hand
    assert len(john_hand) > 0
    for number in john_hand:
        assert f'data-number="{number}"' not in w.state_html.value
    w.viewer_dropdown.value = EVERYONE
    assert w.entry_label.value == f"entry {k + 1} of {n}: {finished3.entries[k]}"
    # a game still in progress opens too (by path)
    path = tmp_path / "half.json"
    path.write_text(finished.truncated(100).to_json(), encoding="utf-8")
    assert w.open(str(path))
    assert w.slider.max == 100 and "a game still in progress of 100 entries" in w.open_html.value


def test_scrubbers_open_offers_records_and_shared_pages(finished):
    """The file dialog of Open lists both kinds of file the scrubber reads: a record (.json) and a shared page
    (.html, its embedded record); a page opened this way steps like its record."""
    from tameri_kit.share import share_page

    w = GameScrubber(finished)
    assert set(w.upload.accept.split(",")) == {".json", ".html"}
    short = finished.truncated(30)
    upload(w.upload, share_page(short).encode("utf-8"), "game.html")
    assert w.record == short and w.slider.max == 30
    assert "Opened game.html" in w.open_html.value


def test_scrubber_keeps_its_game_when_a_file_is_refused(finished, finished3):
    w = GameScrubber(finished3)
    w.slider.value = 50
    w.viewer_dropdown.value = "Paul"
    shown = w.state_html.value, w.entry_label.value
    for name, data, said in bad_files(finished):
        upload(w.upload, data, name)
        assert f"Could not open {said}" in w.open_html.value.replace("&#x27;", "'"), name
        assert "Nothing was changed" in w.open_html.value
        assert w.record == finished3 and w.index == 50 and w.viewer == "Paul" and w.slider.max == len(finished3)
        assert (w.state_html.value, w.entry_label.value) == shown
    assert not w.open("/no/such/record.json")
    assert "/no/such/record.json: no such file" in w.open_html.value and w.record == finished3


# ---- the table -------------------------------------------------------------------------------------------------
def test_table_opens_a_finished_game_in_review_mode(finished3):
    table = GameTable(Settings.for_players(2), seed=4, bots="greedy")
    table.decision_buttons[0].click()
    own_game, own_state = table.record, table.state
    bar = table.review_bar
    upload(table.upload, finished3.to_json().encode(), "friend.json")
    n = len(finished3.entries)
    assert table.review is not None and bar.box.layout.display is None
    assert "friend.json: a finished game of" in table.message and "review mode" in table.message
    assert "Review mode" in bar.banner_html.value and "Leave review" in bar.banner_html.value
    assert bar.slider.max == n and bar.index == 0 and bar.viewer is None
    assert table.decision_buttons == [] and all(c.disabled for c in table.play_controls())
    # step forward and back
    bar.next_button.click()
    bar.next_button.click()
    bar.prev_button.click()
    assert bar.index == 1 and f"entry 1 of {n}: {finished3.entries[0]}" in table.status_html.value
    assert bar.jump_dropdown.label == "Game Setup"  # the chapters of the game, as the scrubber's
    # seen by George: John's secret keep is only named, John's cards are not drawn, George's are
    k = next(i for i, e in enumerate(finished3.entries) if e.startswith("John: keep"))
    bar.slider.value = k + 1
    bar.seen_by_dropdown.value = "George"
    state = replay(finished3.truncated(k + 1))
    assert f"entry {k + 1} of {n}: John decides" in table.status_html.value
    for number in state.player("John").hand:
        assert f'data-number="{number}"' not in table.board_html.value
    for number in state.player("George").hand:
        assert f'data-number="{number}"' in table.board_html.value
    assert "John decides" in table.text() and "George (" in table.text()
    # everyone, after the end: every hand, and the final scores
    bar.seen_by_dropdown.value = EVERYONE
    bar.jump_dropdown.value = dict(bar.jump_dropdown.options)[THE_END]
    assert bar.index == n
    assert bar.next_button.disabled and "Final scores" in table.end_html.value
    assert Decision.parse(finished3.entries[-1]).text in table.status_html.value
    # no move can be made; the table's own game is untouched
    for act in (lambda: table.decide("John: keep 1"), table.undo, table.redo, table.bots_step):
        assert not act()
        assert NO_MOVES in table.message
    table.save()
    assert "Nothing was saved" in table.message
    assert table.record == own_game and table.state is own_state
    # leaving review mode: back to the game at the table, as it was
    table.review_bar.leave_button.click()
    assert table.review is None and bar.box.layout.display == "none"
    assert "Left review mode" in table.message and table.record == own_game
    assert table.decision_buttons and not table.save_button.disabled and "Review" not in table.status_html.value


def test_table_still_plays_on_a_record_in_progress_and_refuses_bad_files(finished):
    table = GameTable(Settings.for_players(3), seed=8, bots="greedy")
    rec = table.record
    for name, data, said in bad_files(finished):
        upload(table.upload, data, name)
        assert f"Could not open {said}" in table.message, name
        assert "Nothing was changed" in table.message and table.record == rec and table.review is None
    half = finished.truncated(100)
    upload(table.upload, half.to_json().encode(), "half.json")
    assert table.review is None and table.record.entries[:100] == half.entries
    assert "Opened a record of 100 entries" in table.message
    # opening a finished game from review, then a game in progress, leaves review mode
    assert table.load(finished.to_json()) and table.review is not None
    upload(table.upload, half.to_json().encode(), "half.json")
    assert table.review is None and table.review_bar.box.layout.display == "none"
    # New game leaves review mode too
    assert table.load(finished) and table.review is not None
    table.new_button.click()
    assert table.review is None and "New game" in table.message


def test_table_opens_a_finished_game_by_path(finished, tmp_path):
    """The File box and Open: the same review mode as the upload; a missing file is named."""
    path = tmp_path / "done.json"
    path.write_text(finished.to_json(), encoding="utf-8")
    table = GameTable(Settings.for_players(2), seed=1)
    table.path_text.value = str(tmp_path / "nothing.json")
    table.open_button.click()
    assert "nothing.json: no such file" in table.message and table.review is None
    table.path_text.value = str(path)
    table.open_button.click()
    assert table.review is not None and f"Opened {path}: a finished game of {len(finished)}" in table.message


def test_from_record_of_a_finished_game(finished):
    table = GameTable.from_record(finished.to_json())
    assert table.review is not None and table.review_bar.slider.max == len(finished.entries)
    assert table.people == ("John",)  # a record made by play, not at the table: the first seat
