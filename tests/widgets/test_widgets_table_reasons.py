"""The table keeps its bots' reasons in the record it saves (``GameRecord.reasons``, issue 36): one for each bot
decision, none for a person's or a chance outcome; undo drops those it undoes, redo gives them back, and a saved
game opened again keeps them."""

from __future__ import annotations

import json

from tameri_kit.game import GameRecord, Settings, replay
from tameri_kit.game.play.bots import decide
from tameri_kit.widgets import table_parts
from tameri_kit.widgets.table import GameTable


def _play(table: GameTable, entries: int) -> None:
    while len(table.record.entries) < entries and not table.state.is_terminal:
        table.decision_buttons[0].click()


def test_the_table_saves_each_bot_decisions_reason(tmp_path):
    table = GameTable(Settings.for_players(2), seed=3, people=["John"], bots="greedy")
    _play(table, 120)
    record = table.record
    george = [k for k, entry in enumerate(record.entries) if entry.startswith("George: ")]
    assert george and [index for index, _ in record.reasons] == george  # the bot's decisions, and only them
    states = replay(record, states=True)
    for k in george[:25]:  # the bot's words, asked again of the same bot on the same seed at that entry
        bot = table_parts.bot_for("greedy", table.seed, k, "George")
        assert decide(bot, states[k]).text == record.entries[k]
        assert record.reason_at(k) == bot.last_reason

    saved = json.loads(table.save(tmp_path / "game.json"))
    assert {int(key) for key in saved["reasons"]} == set(george)
    assert GameRecord.from_json((tmp_path / "game.json").read_text(encoding="utf-8")) == record

    assert table.undo()
    cut = len(table.record.entries)
    assert table.record.reasons == tuple(pair for pair in record.reasons if pair[0] < cut)
    assert table.redo()
    assert table.record == record

    again = GameTable(Settings.for_players(2), seed=0, people=["John"], bots="greedy")
    assert again.load(str(tmp_path / "game.json"))
    assert again.record.reasons[: len(george)] == record.reasons  # opened with them (and the bots played on)
