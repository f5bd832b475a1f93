"""The scrubber's Share button in Voila: it offers the game as a download link, and the page behind the link is the
shared page of that game (its record block reads back as the same record)."""

import base64
import re

from e2e_support import FIXTURES, expect, open_lesson, shoot

from tameri_kit.game import GameRecord, Settings
from tameri_kit.game.play.bots import play_game

FIXTURE = FIXTURES / "share_scrubber.ipynb"


def test_the_scrubbers_share_button_offers_the_page(page, voila_url):
    open_lesson(page, voila_url, FIXTURE, ready_selector=".widget-dropdown select")
    page.get_by_role("button", name=re.compile("Share$")).click()
    link = page.get_by_role("link", name=re.compile(r"^Download the page \(\d+ kB\)$"))
    expect(link).to_be_visible(timeout=120_000)
    assert link.get_attribute("download") == "tameri_game.html"
    href = link.get_attribute("href")
    assert href.startswith("data:text/html;charset=utf-8;base64,")
    shared = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    record, _final = play_game(Settings.for_players(2), 1, ["greedy", "greedy"])
    assert GameRecord.from_json(shared) == record.truncated(30)
    shoot(page, "share_button_scrubber")
    assert page.js_errors == []
