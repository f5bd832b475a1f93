"""A scrubber over a recorded whole game: move through every decision and chance outcome, as anyone or as one
player.

Rulebook: the whole game (Game Setup to End of the Game); what a player may see: Season 0 and Phase 2 (cards
kept and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (secret).

Every child widget is an attribute, so a test or a notebook can drive it without a browser::

    w = GameScrubber(record)                 # a tameri_kit.game.GameRecord
    w.slider.value = 60                      # after the 60th entry
    w.next_button.click()
    w.viewer_dropdown.value = "Paul"         # only what Paul may see
    w.entry_label.value, w.state_html.value, w.events_html.value
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..game.cli import chapters, new_events
from ..game.decisions import Decision
from ..game.record import replay
from ..game.board_view import state_html

EVERYONE = "everyone (the full state)"


class GameScrubber:
    """Slider + previous/next buttons + a chapter jump + a player-view selector over a :class:`GameRecord`.

    ``states[k]`` is the state after the first ``k`` entries (``k = 0``: after the set-up is laid out, before
    any chance outcome).  The board is the engine's HTML drawing; in a player's view other hands, screens,
    face-down cards and Priest cards are hidden, and the entries of other players or of chance are described only
    by the events that player may see (the text of a chance draw into someone's hand would give it away).
    """

    def __init__(self, record, *, start: int | None = None, recent: int = 8):
        self.record = record
        self.states = replay(record, states=True)
        self.recent = recent
        n = len(record.entries)
        self.slider = widgets.IntSlider(value=n if start is None else start, min=0, max=n, description="Entry",
                                        continuous_update=False, layout=widgets.Layout(width="520px"))
        self.prev_button = widgets.Button(description="Previous", icon="step-backward")
        self.next_button = widgets.Button(description="Next", icon="step-forward", button_style="primary")
        self.chapters = chapters(self.states)
        self.chapter_dropdown = widgets.Dropdown(options=[(h, k) for h, k in self.chapters], value=None,
                                                 description="Jump to", layout=widgets.Layout(width="360px"))
        self.viewer_dropdown = widgets.Dropdown(options=[EVERYONE, *record.settings.players], value=EVERYONE,
                                                description="Seen by")
        self.entry_label = widgets.Label()
        self.events_html = widgets.HTML()
        self.state_html = widgets.HTML()
        self.prev_button.on_click(lambda _: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self.go(self.slider.value + 1))
        self.slider.observe(lambda _: self.show(), names="value")
        self.viewer_dropdown.observe(lambda _: self.show(), names="value")
        self.chapter_dropdown.observe(self._on_chapter, names="value")
        self.box = widgets.VBox([
            widgets.HBox([self.prev_button, self.slider, self.next_button]),
            widgets.HBox([self.chapter_dropdown, self.viewer_dropdown]),
            self.entry_label, self.events_html, self.state_html])
        self.show()

    # -- moving
    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def state(self):
        return self.states[self.index]

    @property
    def viewer(self) -> str | None:
        v = self.viewer_dropdown.value
        return None if v == EVERYONE else v

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(index, len(self.record.entries)))

    def _on_chapter(self, change) -> None:
        if change["new"] is not None:
            self.go(change["new"])

    # -- what is shown
    def entry_text(self, k: int | None = None) -> str:
        """The entry that led to state ``k`` as the current viewer may read it."""
        k = self.index if k is None else k
        n = len(self.record.entries)
        if k == 0:
            return f"entry 0 of {n}: the set-up, before any card or tile is drawn"
        d = Decision.parse(self.record.entries[k - 1])
        v = self.viewer
        shown = str(d) if v is None or d.player == v else (
            "a chance outcome" if d.is_chance else f"{d.player} decides")
        return f"entry {k} of {n}: {shown}"

    def visible_events(self, k: int | None = None) -> list:
        """The events entry ``k`` caused that the current viewer may see."""
        k = self.index if k is None else k
        evs = self.states[0].events() if k == 0 else new_events(self.states[k - 1], self.states[k])
        seat = None if self.viewer is None else self.record.settings.players.index(self.viewer)
        return [e for e in evs if seat is None or e.seat is None or e.seat == seat]

    def show(self) -> None:
        k, s = self.index, self.state
        seat = None if self.viewer is None else self.record.settings.players.index(self.viewer)
        self.entry_label.value = self.entry_text(k)
        now = self.visible_events(k)
        items = "".join(f"<li><b>{escape(e.text)}</b> <i>[{escape(e.rule)}]</i></li>" for e in now) or \
            "<li><i>nothing visible happened</i></li>"
        self.events_html.value = f'<ul style="font-size:12px;margin:2px">{items}</ul>'
        self.state_html.value = state_html(s, seat, log_lines=self.recent)

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
