"""The game table (tameri_kit.widgets.table.GameTable), driven by clicks as a person would, without a browser.

Expected values come from the engine itself (replaying the record, stepping the decision) or from the rules
(what a seat may see: Season 0 and Phase 2 cards are secret, screens and Priest cards are hidden), never from the
table's own output pasted back.
"""

import json
from html import escape
import re
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from table_page import page_click, page_draws

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import GameRecord, Settings, legal_actions, replay, step
from tameri_kit.game.play.bots import bot_view, make_bot, play_game
from tameri_kit.rules.offering import Stock
from tameri_kit.widgets import table_parts
from tameri_kit.widgets.table import GameTable
from tameri_kit.widgets.table_view import PICKER_FROM


def everything_shown(table) -> str:
    """Every text the table sends to the page: HTML values, button labels and tooltips, dropdown options."""
    out = [
        table.status_html.value,
        table.own_html.value,
        table.log_html.value,
        table.board_html.value,
        table.end_html.value,
        table.message_html.value,
    ]
    for b in table.decision_buttons:
        out += [b.description, b.tooltip]
    widgets = list(table.decisions_box.children)
    while widgets:  # every widget in the decisions box, boxes in boxes included (a picker: its list and button)
        w = widgets.pop()
        widgets += getattr(w, "children", ())
        value = getattr(w, "value", "")
        out.append(value if isinstance(value, str) else "")
        out.append(getattr(w, "description", "") or "")
        out += [str(option) for option in getattr(w, "options", ())]
    out += [str(o) for o in table.why_dropdown.options]
    return "\n".join(out)


def click_first_until(table, condition, limit=400):
    for _ in range(limit):
        if condition():
            return
        table.decision_buttons[0].click()
    raise AssertionError("condition never met")


def test_whole_game_by_clicking_first_control_replays_to_the_same_outcome():
    table = GameTable(Settings.for_players(3), seed=5, bots="random")
    clicks = 0
    while not table.state.is_terminal:
        assert table.decision_buttons, table.text()  # at every person's decision there is something to click
        assert table.state.to_move == "John"
        table.decision_buttons[0].click()
        clicks += 1
        assert clicks < 400
    final = replay(GameRecord.from_json(table.record.to_json()))
    assert final.is_terminal
    assert {n: final.outcome.total(n) for n in final.outcome.names} == {
        n: table.state.outcome.total(n) for n in table.state.outcome.names
    }
    assert final.outcome.winners == table.state.outcome.winners
    # the end: final score table and chart shown, no decision left
    assert "Final scores" in table.end_html.value and table.end_image.png[:4] == b"\x89PNG"
    assert table.decision_buttons == [] and "game is over" in table.text()
    for name in final.outcome.names:
        assert f">{final.outcome.total(name)}</td></tr>" in table.end_html.value


def test_first_control_is_the_first_legal_decision_and_the_buttons_are_the_legal_set():
    table = GameTable(Settings.for_players(3), seed=2, bots="greedy")
    s = table.state
    legal = {d.move for d in legal_actions(s)}
    assert {b.description for b in table.decision_buttons} == legal
    first = table.choices[0].decision
    table.decision_buttons[0].click()
    k = table.record.entries.index(str(first))
    assert replay(table.record, upto=k + 1).log is not None
    assert table.record.entries[k] == f"John: {first.move}"


def _secret_variant(state, seat):
    """``state`` with everything ``seat`` may not see changed: the other hands, screens and Priest cards."""
    players = []
    for j, p in enumerate(state.players):
        if j == seat:
            players.append(p)
            continue
        total = p.screen.total
        players.append(
            p.but(
                hand=tuple(9001 + k for k in range(len(p.hand))),
                priest_cards=tuple(8001 + k for k in range(len(p.priest_cards))),
                screen=Stock(barley=total),
            )
        )
    return state.but(players=tuple(players))


def test_hidden_information_never_reaches_the_seated_persons_page():
    table = GameTable(Settings.for_players(3), seed=9, bots="greedy")
    checked = 0
    for _ in range(45):  # Season 0 and the first rounds of Season 1
        s, seat = table.state, 0
        shown = everything_shown(table)
        words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown))
        public = (
            {n for n, _ in s.nile}
            | set(s.players[seat].hand)
            | {x.card.number for p in s.players for x in p.row if not x.face_down}
        )
        for j, p in enumerate(s.players):
            if j == seat:
                continue
            # the others' hands are shown only by their size (rulebook: cards chosen and kept in secret)
            for number in set(p.hand) - public:
                assert f"card {number} (" not in words and f"Action card {number} " not in words, number
            assert f"Hand: {len(p.hand)} card(s), hidden" in table.board_html.value
        # changing what John may not see changes nothing on his page
        table.states[-1] = _secret_variant(s, seat)
        table.refresh()
        varied = everything_shown(table)
        assert "9001" not in varied and "8001" not in varied
        assert varied == shown
        table.states[-1] = s
        table.refresh()
        checked += 1
        table.decision_buttons[0].click()
    assert checked == 45 and table.state.season >= 1


def test_undo_and_redo_round_trip_and_replay_identically():
    table = GameTable(Settings.for_players(3), seed=4, bots="greedy")
    for _ in range(6):
        table.decision_buttons[0].click()
    before = table.record.to_json()
    before_text = table.text()
    entries = table.record.entries
    last_mine = max(k for k, e in enumerate(entries) if e.startswith("John: "))
    table.undo_button.click()
    assert table.record.entries == entries[:last_mine]
    assert table.state.to_move == "John"
    assert "Undone: " + entries[last_mine] in table.message
    table.redo_button.click()
    assert table.record.to_json() == before and table.text() == before_text
    # undo, then take the same decision again: the bots and chance after it replay identically
    table.undo_button.click()
    table.decide(entries[last_mine])
    assert table.record.entries == entries
    # a new decision after an undo clears the redo
    table.undo_button.click()
    table.decision_buttons[-1].click()
    assert table.redo_button.disabled


def test_save_and_reopen_round_trip(tmp_path):
    table = GameTable(Settings.for_players(3), seed=6, people=["George"], bots={"John": "random", "Paul": "greedy"})
    for _ in range(5):
        table.decision_buttons[0].click()
    path = tmp_path / "game.json"
    table.path_text.value = str(path)
    table.save_button.click()
    saved = json.loads(path.read_text())
    assert saved["entries"] == list(table.record.entries)
    again = GameTable.from_record(path.read_text())
    assert again.people == ("George",) and again.bots == {"John": "random", "Paul": "greedy"}
    assert again.record.entries == table.record.entries and again.text() == table.text()
    # the two tables continue identically
    table.decision_buttons[0].click()
    again.decision_buttons[0].click()
    assert again.record.entries == table.record.entries
    # Open (path box) and the upload widget reopen a table too
    other = GameTable(Settings.for_players(2), seed=1)
    other.path_text.value = str(path)
    other.open_button.click()
    assert other.record.entries[: len(saved["entries"])] == tuple(saved["entries"]) and other.people == ("George",)
    third = GameTable(Settings.for_players(2), seed=1)
    data = path.read_bytes()
    third.upload.value = (
        {
            "name": "game.json",
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime(2026, 1, 1, tzinfo=UTC),
        },
    )
    assert third.record.entries == other.record.entries


def test_bad_input_is_shown_and_changes_nothing(tmp_path):
    table = GameTable(Settings.for_players(3), seed=8, bots="greedy")
    click_first_until(table, lambda: table.state.top.kind == "main")
    s, rec = table.state, table.record
    legal = {d.move for d in legal_actions(s)}
    illegal = next(m for m in table.why_dropdown.options if m not in legal)
    # an illegal typed decision: the engine's own error text
    with pytest.raises(IllegalActionError) as err:
        step(s, f"John: {illegal}")
    table.typed_text.value = illegal
    table.typed_button.click()
    assert str(err.value) in table.message and "Nothing was changed" in table.message
    assert table.state is s and table.record == rec
    # Why not? shows the same text
    table.why_dropdown.value = illegal
    table.why_button.click()
    assert str(err.value) in table.message and "(" + err.value.rule + ")" in table.message
    # malformed notation, another player's decision
    table.typed_text.value = "George:"
    table.typed_button.click()
    assert "NAME: MOVE" in table.message and table.record == rec
    table.decide("George: end actions")
    assert "George" in table.message and table.record == rec
    # corrupt and foreign records (a finished one opens in review mode: tests/widgets/test_widgets_open_record.py)
    for text, why in [
        ("{not json", "not JSON"),
        (json.dumps({"format": "chess-pgn"}), "not a Tameri game record"),
        (
            json.dumps({"format": "tameri-game/1", "settings": {"players": ["A", "B"]}, "entries": ["A: fly away"]}),
            "entry 0",
        ),
    ]:
        assert not table.load(text)
        assert why in table.message and "Nothing was changed" in table.message and table.record == rec
    table.upload.value = (
        {
            "name": "x.json",
            "type": "",
            "size": 2,
            "content": memoryview(b"\xff\xfe"),
            "last_modified": datetime(2026, 1, 1, tzinfo=UTC),
        },
    )
    assert "x.json: record header: not UTF-8 text" in table.message and table.record == rec
    # a click while the bots are moving
    table._busy = True
    table.decision_buttons[0].click()
    assert "bots are moving" in table.message and table.record == rec
    table._busy = False


def test_bots_stepped_one_at_a_time_then_to_my_turn():
    table = GameTable(Settings.for_players(3), seed=10, bots="greedy", auto_run=False)
    assert table.waiting_for_bots and table.decision_buttons == []
    table.decide("John: keep 1")
    assert "not yours" in table.message and table.record.entries == ()
    table.bot_step_button.click()
    assert len(table.record.entries) == 1
    table.bot_run_button.click()
    assert table.state.to_move == "John" and not table.waiting_for_bots
    n = len(table.record.entries)
    table.decision_buttons[0].click()
    assert len(table.record.entries) == n + 1 and table.waiting_for_bots
    assert table.log().splitlines()[0].startswith(f"{n + 1}. John: ")  # the log starts at my decision


def test_hint_names_a_legal_decision_and_its_reason():
    table = GameTable(Settings.for_players(3), seed=12, bots="greedy")
    click_first_until(table, lambda: table.state.phase == "turns" and table.state.to_move == "John")
    text = table.hint()
    legal = {d.move for d in legal_actions(table.state)}
    move = text.split("'")[1]
    assert move in legal
    # the expert bot's own figures, in plain words: how many decisions, how many it played out, the margins
    assert text.startswith("Hint: the expert bot would choose") and f"Of the {len(legal)} decisions open" in text
    bot = table_parts.hint_bot(table_parts.entry_seed(table.seed, len(table.record.entries), "hint"))
    assert bot.choose(bot_view(table.state, "John")).move == move
    judged = bot.judged()
    if judged:
        assert f"it tried the {len(judged)} most promising" in text and f"{judged[0].playouts} times" in text
        assert f"{abs(judged[0].margin):.1f} point" in text
        if len(judged) > 1:
            assert f"with '{judged[1].move}', the next best," in text
    assert table.hint() == text  # the same hint twice


def test_log_shows_bot_moves_and_chance_with_rules_but_not_secret_choices():
    table = GameTable(Settings.for_players(3), seed=13, bots="greedy")
    click_first_until(table, lambda: table.state.phase == "choose")
    table.decision_buttons[0].click()  # John's card for the round; the bots choose theirs (in secret)
    log = table.log()
    assert "George (greedy) decides" in log and "[Phase 2: Choosing the Actions]" in log
    assert "George: play" not in log
    assert all(line.strip().endswith("]") for line in log.splitlines() if line.startswith("    "))


def test_hot_seat_shows_the_person_to_decide():
    table = GameTable(Settings.for_players(3), seed=14, people=["John", "Paul"], bots="random")
    seen = set()
    for _ in range(8):
        seen.add(table.viewer)
        assert table.viewer == table.state.to_move
        assert f"you play <b>{table.viewer}</b>" in table.status_html.value
        table.decision_buttons[0].click()
    assert seen == {"John", "Paul"}


def test_settings_errors_are_plain():
    with pytest.raises(ValueError, match="no seat"):
        GameTable(Settings.for_players(2), people=["Paul"])
    with pytest.raises(ValueError, match="needs a bot"):
        GameTable(Settings.for_players(2), bots="clever")
    table = GameTable(Settings.for_players(2), seed=1)
    table.players_dropdown.value = 4
    table.seat_dropdown.value = "Ringo"
    table.seed_text.value = 21
    table.new_button.click()
    assert table.settings.players == ("John", "George", "Paul", "Ringo") and table.people == ("Ringo",)
    assert table.state.to_move == "Ringo" and table.seed == 21
    assert replace(table.settings) == Settings.for_players(4)


def test_decision_buttons_wait_for_the_page_after_each_click():
    """The pool of decision buttons is relabelled at every refresh, so from a click until the page has drawn the
    new labels the buttons are disabled, and a click the page sent before that (on what was then another
    decision) changes nothing; the other controls are enabled again at once."""
    table = GameTable(Settings.for_players(3), seed=3, bots="greedy")
    link = table._echo
    assert (link.source, link.target) == ((table._drawn, "value"), (table._shown, "value"))  # copied in the page
    assert all(b.disabled for b in table.decision_buttons)  # the page has not drawn the first refresh yet
    entries = table.record.entries
    page_click(table.decision_buttons[0])
    assert table.record.entries == entries and "Nothing was changed" in table.message
    page_draws(table)
    assert not any(b.disabled for b in table.decision_buttons)
    first = table.choices[0].decision
    seen = []
    table._say = lambda text, error=False, say=table._say: (seen.append(text), say(text, error=error))
    page_click(table.decision_buttons[0])
    assert table.record.entries[len(entries)] == first.text and len(table.record.entries) > len(entries) + 1
    assert "The bots are moving" in seen[0] and table.message == f"Played {first}."  # said while they moved
    # the page's second click, sent before it drew the bots' moves: the button now means another decision
    after = table.record.entries
    assert all(b.disabled for b in table.decision_buttons) and not table.undo_button.disabled
    page_click(table.decision_buttons[0])
    assert table.record.entries == after and "Nothing was changed" in table.message
    assert table.message.startswith(f"Played {first}.\nNot taken:")  # the first click of the two was played
    page_draws(table)
    assert not any(b.disabled for b in table.decision_buttons)
    page_click(table.decision_buttons[0])
    assert len(table.record.entries) > len(after)
    # from Python (lessons, tests) a click is taken at once, whatever the page has drawn
    before = table.record.entries
    table.decision_buttons[0].click()
    assert len(table.record.entries) > len(before)


def test_a_group_of_many_decisions_is_a_list_with_one_button():
    """A Priest action can offer about 90-180 moves: the table shows such a group (PICKER_FROM or more) as one list
    and one button labelled with the move chosen in the list, with its explanation; choosing another move in the
    list relabels the button, and clicking it plays that move.  Every legal decision can still be made: it is a
    button or an entry of a list.  (The person clicks the first control each time, against random bots, seed 7.)"""
    table = GameTable(Settings.for_players(3), seed=7, bots="random")
    click_first_until(table, lambda: table.state.top.kind == "advance" and table.state.to_move == "John")
    legal = {d.move for d in legal_actions(table.state)}
    assert len(legal) >= PICKER_FROM
    box, chooser, button, label = table._pickers[0]
    assert box in table.decisions_box.children
    listed = {move for move, _ in chooser.options}
    buttons = {b.description for b in table.decision_buttons if b is not button}
    assert listed | buttons == legal and not listed & buttons and len(listed) >= PICKER_FROM
    assert len(table.decision_buttons) == len(buttons) + 1  # one button for the whole list
    assert button.description == chooser.options[0][0] and table.decision_buttons[0] is button
    # the Hint chooses the greedy bot's move in the list (here a Priest move), so that its button plays it
    table.hint_button.click()
    hinted = re.search(r"would choose '([^']+)'", table.message).group(1)
    assert hinted in listed and button.description == hinted and "now chosen in the list" in table.message
    # choose the last move of the list: the button and the explanation follow; the click plays it
    move, index = chooser.options[-1]
    chooser.value = index
    assert button.description == move and escape(table.choices[index].explanation) in label.value
    before = len(table.record.entries)
    button.click()
    assert table.record.entries[before] == f"John: {move}"


# ---- glyphs as badges and names, never as one-character signs (issue 23) -----------------------------------------
SIGNS = "\u25d3\u2600\u25d2\u263e"  # Glyph.symbol's signs (Sunrise and Sunset look alike): kept in game logs only


def test_the_table_shows_glyphs_as_named_badges_and_words_never_as_signs():
    """The seated person's hand (HTML) draws each card's glyphs as badges, one per glyph, each labelled with its
    glyph's name; the decisions' explanations and the printed table name the glyphs in words.  Which glyphs a
    card has is read from the card data (load_actions), not from the table."""
    from tameri_kit.data import load_actions

    cards = {c.number: c for c in load_actions().cards}
    table = GameTable(Settings.for_players(3), seed=9, bots="greedy")
    for _ in range(30):  # Season 0's draft and the first rounds of Season 1
        shown = everything_shown(table) + table.text()
        assert not any(sign in shown for sign in SIGNS)
        hand = table.state.players[0].hand
        title = table.own_html.value.split("<ul", 1)[0]
        assert f">{table.state.players[0].glyph.label} glyph</title>" in title  # the board's glyph, a badge
        line = table.own_html.value.split("<li>hand: ", 1)[1].split("</li>", 1)[0]
        for number, part in zip(hand, line.split("; ")):
            card = cards[number]
            left, right = part.split(" | ")
            for side, glyphs in ((left, card.left), (right, card.right)):
                labels = re.findall(r">(\w+) glyph</title>", side)
                assert labels == [g.label for g in glyphs], (number, side)
        for choice in table.choices:
            for word in choice.move.split()[1:2]:
                if choice.move.split()[0] in ("keep", "play", "take") and word.isdigit():
                    card = cards[int(word)]
                    names = " | ".join(
                        "+".join(GLYPH_WORDS[g] for g in side) or "-" for side in (card.left, card.right)
                    )
                    assert f"[{names}]" in choice.explanation
        table.decision_buttons[0].click()


GLYPH_WORDS = {"sunrise": "Sunrise", "daytime": "Daytime", "sunset": "Sunset", "night": "Night"}  # as the card badges


def test_the_hints_words_follow_where_the_playouts_stop():
    """Seasons 1-2: played to the Season's end and valued from there by the learned points to come; the last
    Season: played to the end of the game, in points; the first version (hand-set values): the strong bot's count."""
    from tameri_kit.game.play.expert_bot import ExpertBot, Judged

    judged = (Judged("offer barley", 6.5, 4.5, 0.0, 2), Judged("pass", 0.0, -1.2, 0.0, 2))
    learned, hand = ExpertBot(1), ExpertBot(1, values="hand")
    for bot in (learned, hand):
        bot._judged = judged
    early = table_parts.expert_words(learned, 12, season=1)
    assert "to the end of the Season 2 times" in early and "thousands of games" in early
    assert (
        "expected to finish 4.5 points ahead of the best rival" in early
        and "'pass', the next best, 1.2 points behind" in early
    )
    last = table_parts.expert_words(learned, 12, season=3)
    assert "to the end of the game 2 times" in last and "thousands" not in last and "4.5 points ahead" in last
    assert "strong bot's count" in table_parts.expert_words(hand, 12, season=2)
