"""The Share button of the table and the scrubber (tameri_kit/widgets/share_button.py)."""

import base64
import re

from tameri_kit.game import GameRecord, Settings
from tameri_kit.widgets.game import GameScrubber
from tameri_kit.widgets.share_button import ShareButton, page_path_beside
from tameri_kit.widgets.table import GameTable


def _linked_page(html: str) -> str:
    data = re.search(r'href="data:text/html;charset=utf-8;base64,([^"]+)"', html).group(1)
    return base64.b64decode(data).decode("utf-8")


def test_the_table_writes_the_page_beside_its_record(tmp_path):
    """The table's Share writes game.html beside the path box's game.json and offers the same page as a link; the
    page's record is the table's."""
    table = GameTable(Settings.for_players(2), seed=3, people=["John"], bots="random")
    table.path_text.value = str(tmp_path / "game.json")
    table.share.button.click()
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert "Saved to" in table.share.html.value and 'download="game.html"' in table.share.html.value
    assert _linked_page(table.share.html.value) == page
    assert GameRecord.from_json(page) == table.record


def test_the_scrubber_offers_the_page_as_a_link():
    record = GameRecord(Settings.for_players(2), 0, ("chance: building G2",))
    scrubber = GameScrubber(record)
    scrubber.share.button.click()
    assert "Saved to" not in scrubber.share.html.value
    assert GameRecord.from_json(_linked_page(scrubber.share.html.value)) == record


def test_a_record_that_does_not_replay_is_said_in_words():
    bad = GameRecord(Settings.for_players(2), None, ("John: fly",))
    share = ShareButton(lambda: bad)
    share.button.click()
    assert "Could not share this game" in share.html.value and "entry 0" in share.html.value
    assert share.page == "" and not share.button.disabled


def test_the_page_goes_beside_the_record():
    assert page_path_beside("games/a.json") == "games/a.html"
    assert page_path_beside("a.html") == "a.shared.html"


def test_the_table_opens_a_shared_page(tmp_path):
    """A page shared from the table opens at the table again, as its text (an upload) or as a file."""
    table = GameTable(Settings.for_players(2), seed=3, people=["John"], bots="random")
    table.path_text.value = str(tmp_path / "game.json")
    page = table.share.share()
    entries = table.record.entries
    other = GameTable(Settings.for_players(3), seed=1, people=["John"], bots="random")
    assert other.load(page) and other.record.entries == entries
    other = GameTable(Settings.for_players(3), seed=1, people=["John"], bots="random")
    assert other.load(str(tmp_path / "game.html")) and other.record.entries == entries
