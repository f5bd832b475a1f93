"""The game table with the Ghost of the +1 Player Mode (issue 15: "the other seats are bots ... or the Ghost once
the Ghost mode has landed"; issue 16): started from the New game boxes, played by clicks to the end, the Ghost never
asking the person anything."""

from tameri_kit.game import GameRecord, Settings, replay
from tameri_kit.game.rules_of_play.ghost import ghost_result
from tameri_kit.widgets.table import GameTable


def test_a_solo_game_against_the_ghost_from_the_new_game_boxes_played_by_clicks():
    table = GameTable(Settings.for_players(3), seed=0, bots="random")
    table.players_dropdown.value = 1
    table.ghost_dropdown.value = "hard"
    table.seed_text.value = 3
    table.new_button.click()
    assert table.settings == Settings.for_players(1, ghost="hard") and table.people == ("John",)
    assert table.bots == {}  # nobody but the person decides: the Ghost plays itself
    clicks = 0
    while not table.state.is_terminal:
        assert table.state.to_move == "John" and table.decision_buttons
        table.decision_buttons[0].click()
        clicks += 1
        assert clicks < 400
    final = replay(GameRecord.from_json(table.record.to_json()))
    assert final.log_text() == table.state.log_text()
    result = ghost_result(table.state)
    assert result.level == "hard" and [name for name, _, _ in result.humans] == ["John"]
    assert "Final scores" in table.end_html.value and result.text in table.end_html.value
    assert f"Against the Ghost (hard, {table.state.outcome.total('Ghost')} points)" in table.end_html.value


def test_two_players_and_the_ghost_with_a_bot():
    table = GameTable(Settings.for_players(2, ghost="easy"), seed=4, people=["George"], bots="greedy")
    assert table.bots == {"John": "greedy"}
    assert (table.players_dropdown.value, table.ghost_dropdown.value, table.seat_dropdown.value) == (
        2,
        "easy",
        "George",
    )
    assert "Ghost" in table.board_html.value


def test_a_ghost_game_needs_1_to_3_players_and_the_ghost_is_no_persons_seat():
    table = GameTable(Settings.for_players(3), seed=0, bots="random")
    before = table.record
    table.players_dropdown.value = 4
    table.ghost_dropdown.value = "easy"
    table.new_button.click()
    assert "Not started" in table.message and "1 to 3 humans" in table.message
    assert table.record == before  # nothing changed
    table.players_dropdown.value = 1
    table.ghost_dropdown.value = ""
    table.new_button.click()
    assert "Not started" in table.message and "2 to 4 players" in table.message
    try:
        GameTable(Settings.for_players(1, ghost="easy"), people=["Ghost"])
    except ValueError as error:
        assert "no seat 'Ghost' for a person" in str(error)
    else:
        raise AssertionError("the Ghost's seat was given to a person")


def test_season_0_alone_against_the_ghost_asks_for_a_card_without_passing():
    """+1 Player Mode, Season 0 step 2: alone, you draw 6 cards and keep 4 - there is nobody to pass cards to; with
    2 or 3 people the normal rule (Season 0, step 3) passes the rest of the hand on."""
    solo = GameTable(Settings.for_players(1, ghost="hard"), seed=3)
    assert solo.state.top.kind == "season_zero_pick"
    assert "keep 4 of the 6 you drew; nothing is passed on" in solo.status_html.value
    assert "+1 Player Mode: Season 0, step 2" in solo.status_html.value and "pass to the next" not in solo.text()
    duo = GameTable(Settings.for_players(2, ghost="easy"), seed=3, bots="random")
    assert duo.state.top.kind == "season_zero_pick" and "the others pass to the next player" in duo.status_html.value
