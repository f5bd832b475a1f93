"""The order in which the game table's changes reach the page, checked as the page would see them.

The decision buttons are a pool relabelled at every refresh (tameri_kit/widgets/table_view.py).  The page applies
the kernel's messages one by one, in order, and a person (or a browser test) can click at any moment between two
of them.  A click on a button the page shows enabled must mean what its label says, so in every prefix of the
messages:

- a pool button reaches the page disabled when it is made;
- a pool button gets a new label only while the page shows it disabled;
- the pool is enabled only after the page has copied back the number of the refresh it drew.

The messages are read where ipywidgets sends them (the comm), so the test sees exactly what a browser would get.
A pool button made enabled, or relabelled before it is disabled, let the browser test of lesson 12 click
"farmer W-fruit" in the moment before the kernel disabled it: the click was refused as stale and the button never
went away.
"""

from __future__ import annotations

import comm
import pytest
from table_page import page_click, page_draws

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game
from tameri_kit.widgets.table import GameTable


@pytest.fixture
def sent(monkeypatch):
    """Every message the widgets send to the page, in order: (comm id, kind, data)."""
    messages: list[tuple[str, str, dict]] = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        messages.append((self.comm_id, msg_type, data or {}))

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return messages


def _pool(table) -> dict[str, object]:
    buttons = [button for _box, button, _label in table._rows] + [picker[2] for picker in table._pickers]
    return {button.comm.comm_id: button for button in buttons}


def _broken_promises(messages, pool_ids, drawn_id, shown_id) -> list[str]:
    """Replay ``messages`` as the page applies them; what a click between two of them could have got wrong."""
    page: dict[str, dict] = {}
    broken = []
    for n, (comm_id, kind, data) in enumerate(messages):
        if kind == "comm_open":
            state = data.get("state", {})
            page[comm_id] = dict(state)
            if comm_id in pool_ids and not state.get("disabled", False):
                broken.append(f"message {n}: a pool button made enabled ({state.get('description')!r})")
            continue
        if kind != "comm_msg" or data.get("method") != "update":
            continue
        update = data.get("state", {})
        before = page.setdefault(comm_id, {})
        if comm_id in pool_ids:
            if "description" in update and not before.get("disabled", False) and not update.get("disabled", False):
                broken.append(
                    f"message {n}: a pool button relabelled {before.get('description')!r} -> "
                    f"{update['description']!r} while enabled"
                )
            if update.get("disabled") is False and page[shown_id].get("value") != page[drawn_id].get("value"):
                broken.append(f"message {n}: a pool button enabled before the page had copied the refresh back")
        before.update(update)
    return broken


def _play(table, decisions: int) -> None:
    """The page draws and clicks the first decision, ``decisions`` times (bots moved by their button when the
    table does not move them itself)."""
    for _ in range(decisions):
        page_draws(table)
        if table.state.is_terminal:
            return
        if table.waiting_for_bots:
            table.bot_run_button.click()
            continue
        entries = len(table.record.entries)
        page_click(table.decision_buttons[0])
        assert len(table.record.entries) > entries, table.message  # a click on a drawn table is always taken


def test_the_page_never_shows_a_decision_it_could_click_before_the_kernel_takes_it(sent):
    table = GameTable(Settings.for_players(3), seed=3, bots="greedy")
    _play(table, 40)  # the bots move after each decision
    table.auto_checkbox.value = False
    _play(table, 40)  # the bots wait for their button: the pool is relabelled without the bots' disabling
    finished, _ = play_game(Settings.for_players(2), seed=1, bots=["random", "random"])
    table.load(finished)  # review mode: the pool leaves the page enabled ...
    table.new_button.click()  # ... and comes back relabelled
    _play(table, 40)
    pool = _pool(table)
    opened = [n for n, (comm_id, kind, _data) in enumerate(sent) if kind == "comm_open" and comm_id in pool]
    assert len(opened) == len(pool) and opened[-1] > opened[0]  # buttons were made while the game went on
    assert table._pickers  # a Priest action's long list was drawn as a picker
    broken = _broken_promises(sent, set(pool), table._drawn.comm.comm_id, table._shown.comm.comm_id)
    assert broken == []


def test_the_replay_finds_a_button_relabelled_while_enabled(sent):
    """The check above can fail: a button made enabled, relabelled while enabled, or enabled too early is found."""
    table = GameTable(Settings.for_players(3), seed=3, bots="greedy")
    page_draws(table)
    button = table.decision_buttons[0]
    button.description = "keep 99"  # relabelled while the page shows it enabled
    button.disabled = True
    table._drawn.value += 1
    button.disabled = False  # enabled before the page copied the new number back
    pool = _pool(table)
    broken = _broken_promises(sent, set(pool), table._drawn.comm.comm_id, table._shown.comm.comm_id)
    assert len(broken) == 2
    assert "relabelled" in broken[0] and "'keep 99' while enabled" in broken[0]
    assert "before the page had copied" in broken[1]
    made = [("x", "comm_open", {"state": {"description": "keep 1", "disabled": False}})]
    assert _broken_promises(made, {"x"}, "d", "s") == ["message 0: a pool button made enabled ('keep 1')"]
