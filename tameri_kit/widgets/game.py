"""A scrubber over a recorded whole game: move through every decision and chance outcome, as anyone or as one
player.

Rulebook: the whole game (Game Setup to End of the Game); what a player may see: Season 0 and Phase 2 (cards
kept and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (secret).

Every child widget is an attribute, so a test or a notebook can drive it without a browser::

    w = GameScrubber(record)                 # a tameri_kit.game.GameRecord, or its JSON text
    w.slider.value = 60                      # after the 60th entry
    w.next_button.click()
    w.viewer_dropdown.value = "Paul"         # only what Paul may see
    w.entry_label.value, w.state_html.value, w.events_html.value
    w.open("game.json")                      # or the Open button (a file from the person's computer)

Open (a path, or the ``upload`` button in the page) reads a record file through
:mod:`tameri_kit.widgets.record_files`; a file that is not a good record is named with what is wrong in
``open_html`` and the scrubber keeps the game it had.
"""

from __future__ import annotations

import bisect
from collections import Counter
from functools import reduce
from html import escape

import ipywidgets as widgets

from ..game import GameRecord, replay
from ..game.play.story import chapters, entry_seen_by, events_seen_by, new_events
from ..game.core.decisions import Decision
from ..game.core.board_view import state_html
from ..render.pyramid_svg import pyramid_svg
from ..rules.weather import Landing, drop
from .common import WidgetArgumentError, wrap_row
from .record_files import OpenedRecord, RecordFileError, open_record_bytes, open_record_path, uploaded_file
from .share_button import ShareButton

EVERYONE = "everyone (the full state)"
#: Said after a file that could not be opened.
KEPT = "Nothing was changed: this is still the game you had."
#: The width of the pyramid in the engine's state drawing (game.render.state_html).
_STATE_PYRAMID_WIDTH = 360


class GameScrubber:
    """Slider + previous/next buttons + a chapter jump + a player-view selector over a :class:`GameRecord`.

    ``states[k]`` is the state after the first ``k`` entries (``k = 0``: after the set-up is laid out, before
    any chance outcome).  The board is the engine's HTML drawing; in a player's view other hands, screens,
    face-down cards and Priest cards are hidden, and the entries of other players or of chance are described only
    by the events that player may see (the text of a chance draw into someone's hand would give it away).
    """

    def __init__(self, record, *, start: int | None = None, recent: int = 8):
        if isinstance(record, (str, bytes)):
            record = GameRecord.from_json(record.decode("utf-8") if isinstance(record, bytes) else record)
        if not isinstance(record, GameRecord):
            raise WidgetArgumentError(
                f"GameScrubber: record must be a GameRecord or a record's JSON text (as "
                f"written by record.to_json() or play --record), not {type(record).__name__}"
            )
        n = len(record.entries)
        if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= n):
            raise WidgetArgumentError(f"GameScrubber: start must be an entry number from 0 to {n}, not {start!r}")
        self.record = record
        self.states = replay(record, states=True)
        self._opening = False
        self.recent = recent
        self._following = False
        self.slider = widgets.IntSlider(
            value=n if start is None else start,
            min=0,
            max=n,
            description="Entry",
            continuous_update=False,
            layout=widgets.Layout(width="520px", max_width="100%"),
        )
        self.prev_button = widgets.Button(description="Previous", icon="step-backward")
        self.next_button = widgets.Button(description="Next", icon="step-forward", button_style="primary")
        self.chapters = chapters(self.states)
        self._chapter_starts = [k for _h, k in self.chapters]
        self.chapter_dropdown = widgets.Dropdown(
            options=[(h, k) for h, k in self.chapters],
            value=None,
            description="Jump to",
            layout=widgets.Layout(width="360px"),
        )
        self.viewer_dropdown = widgets.Dropdown(
            options=[EVERYONE, *record.settings.players], value=EVERYONE, description="Seen by"
        )
        self.entry_label = widgets.Label()
        self.upload = widgets.FileUpload(accept=".json,.html", multiple=False, description="Open a record")
        self.upload.tooltip = (
            "Open a game record: the JSON file that Save or play --record writes, or a shared page (.html)"
        )
        self.open_html = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.open_message = ""  # what open_html says, as text
        self.events_html = widgets.HTML()
        # the engine's drawing has a wide players table: it scrolls sideways rather than being cut off
        self.state_html = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.prev_button.on_click(lambda _: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self.go(self.slider.value + 1))
        self.slider.observe(lambda _: self.show(), names="value")
        self.viewer_dropdown.observe(lambda _: self.show(), names="value")
        self.chapter_dropdown.observe(self._on_chapter, names="value")
        self.upload.observe(self._on_upload, names="value")
        self.share = ShareButton(lambda: self.record)  # the page as a download link (Voila has no folder to write)
        self.box = widgets.VBox(
            [
                wrap_row([self.prev_button, self.slider, self.next_button]),
                wrap_row([self.chapter_dropdown, self.viewer_dropdown, self.upload, self.share.button]),
                self.open_html,
                self.share.html,
                self.entry_label,
                self.events_html,
                self.state_html,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.box.add_class("tameri-scrubber")
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

    # -- opening another record
    def open(self, source, *, name: str | None = None) -> bool:
        """Step through the record in ``source`` from its start: a path, the bytes of a file called ``name``, or an
        opened record of :mod:`~tameri_kit.widgets.record_files`.  A file that is not a good record is named with
        what is wrong (``open_message``, shown in ``open_html``), and the scrubber keeps its game."""
        try:
            if isinstance(source, OpenedRecord):
                opened = source
            elif isinstance(source, (bytes, bytearray, memoryview)):
                opened = open_record_bytes(name or "the file", source)
            else:
                opened = open_record_path(source)
        except RecordFileError as error:
            self._tell(f"Could not open {error}. {KEPT}", error=True)
            return False
        self._opening = True
        try:
            self.record, self.states = opened.record, opened.states
            self.chapters = chapters(self.states)
            self._chapter_starts = [k for _h, k in self.chapters]
            self.viewer_dropdown.options = [EVERYONE, *opened.record.settings.players]
            self.viewer_dropdown.value = EVERYONE
            self._following = True
            self.chapter_dropdown.options = [(h, k) for h, k in self.chapters]
            self._following = False
            self.slider.max = len(opened.record.entries)
            self.slider.value = 0
        finally:
            self._opening = self._following = False
        self.show()
        ended = "a finished game" if opened.finished else "a game still in progress"
        self._tell(
            f"Opened {opened.name}: {ended} of {len(opened.record.entries)} entries, "
            f"{', '.join(opened.record.settings.players)}. Step from the set-up (entry 0)."
        )
        return True

    def _tell(self, text: str, *, error: bool = False) -> None:
        self.open_message = text
        self.open_html.value = _message(text, error=error)

    def _on_upload(self, change) -> None:
        found = uploaded_file(change["new"])
        if found is None:
            return
        self.open(found[1], name=found[0])
        self.upload.value = ()  # the same file can be opened again

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(index, len(self.record.entries)))

    def _on_chapter(self, change) -> None:
        if change["new"] is not None and not self._following:
            self.go(change["new"])

    def chapter_at(self, k: int | None = None) -> int | None:
        """The start of the chapter entry ``k`` belongs to (None before the first chapter)."""
        k = self.index if k is None else k
        i = bisect.bisect_right(self._chapter_starts, k) - 1
        return self._chapter_starts[i] if i >= 0 else None

    def _follow_slider(self) -> None:
        """ "Jump to" shows the chapter the slider is in."""
        self._following = True
        try:
            self.chapter_dropdown.value = self.chapter_at()
        finally:
            self._following = False

    # -- the weather: spheres waiting on their ramps
    def waiting_landings(self, k: int | None = None) -> tuple[Landing, ...]:
        """The spheres that have landed in the weather phase going on after entry ``k`` and wait on their ramps
        until every sphere has fallen (Phase 1: Weather, step 3); () when no phase is under way."""
        state = self.states[self.index if k is None else k]
        for frame in reversed(state.stack):
            if frame.kind == "land":
                return tuple(frame.landings)
        return ()

    # -- what is shown
    def entry_text(self, k: int | None = None) -> str:
        """The entry that led to state ``k`` as the current viewer may read it."""
        k = self.index if k is None else k
        n = len(self.record.entries)
        if k == 0:
            return f"entry 0 of {n}: the set-up, before any card or tile is drawn"
        decision = Decision.parse(self.record.entries[k - 1])
        return f"entry {k} of {n}: {entry_seen_by(self.states[k - 1], decision, self.viewer)}"

    def visible_events(self, k: int | None = None) -> list:
        """The events entry ``k`` caused that the current viewer may see."""
        k = self.index if k is None else k
        evs = self.states[0].events() if k == 0 else new_events(self.states[k - 1], self.states[k])
        return events_seen_by(evs, None if self.viewer is None else self.record.settings.players.index(self.viewer))

    def show(self) -> None:
        if self._opening:  # a new record is being put in: drawn once when it is all in place
            return
        k, s = self.index, self.state
        seat = None if self.viewer is None else self.record.settings.players.index(self.viewer)
        self._follow_slider()
        self.entry_label.value = self.entry_text(k)
        now = self.visible_events(k)
        items = "".join(f"<li><b>{escape(e.text)}</b> <i>[{escape(e.rule)}]</i></li>" for e in now)
        waiting = self.waiting_landings(k)
        if waiting:
            last = waiting[-1]
            items += (
                f"<li><b>{escape(last.describe())}</b>: it waits on its ramp until every sphere has fallen "
                f"({len(waiting)} so far), then the ramps resolve <i>[Phase 1: Weather, steps 3-6]</i></li>"
            )
        self.events_html.value = (
            f'<ul style="font-size:12px;margin:2px">{items or "<li><i>nothing visible happened</i></li>"}</ul>'
        )
        html = state_html(s, seat, log_lines=self.recent)
        if waiting:
            html = self._with_waiting_spheres(html, s.pyramid, waiting)
        self.state_html.value = html

    @staticmethod
    def _with_waiting_spheres(html: str, pyramid, waiting: tuple[Landing, ...]) -> str:
        """The state's pyramid redrawn with the landed spheres on their ramps (a dashed ring: waiting) and the
        fields "not settled yet"."""
        plain = pyramid_svg(pyramid, width=_STATE_PYRAMID_WIDTH)
        landed = pyramid_svg(
            reduce(drop, waiting, pyramid),
            width=_STATE_PYRAMID_WIDTH,
            settled=False,
            waiting=Counter(x.ramp for x in waiting),
        )
        if plain in html:
            return html.replace(plain, landed, 1)
        return f"<div>{landed}</div>" + html

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


def _message(text: str, *, error: bool = False) -> str:
    colour = "#a40000" if error else "#1a5e1a"
    return f'<div class="tameri-open-message" style="color:{colour};font-size:13px">{escape(text)}</div>'
