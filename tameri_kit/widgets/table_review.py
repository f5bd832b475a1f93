"""The table's review mode: a finished game opened at the table is watched, not played.

Opening a record whose game has ended (Open, the upload button, ``GameTable.from_record``) puts the table in
review mode: a bar above the table steps through the record (Previous, the entry slider, Next) and chooses whom
it is "Seen by" - one seat (only what that seat could see at that moment: its own hand, screen and Priest cards;
the others' decisions named, not what they chose in secret) or everyone (the game is over, so nothing is secret
any more).  No move can be made; the table's own game waits unchanged and "Leave review" goes back to it.

Rulebook: the whole game (Game Setup to End of the Game); what a player may see: Season 0 and Phase 2 (cards
kept and chosen in secret), Phase 3 (face-down cards), Offering (behind the screen), Priest Cards (secret).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..game import Decision, view
from ..game.core.board_view import board_html
from ..game.play.story import chapters, entry_seen_by, events_seen_by, new_events
from . import table_parts as parts
from .game import EVERYONE

#: The last item of "Jump to": the final state (the scores).
THE_END = "End of the Game (final scores)"
#: Said whenever a person tries to play in review mode.
NO_MOVES = (
    "Review mode: this game is finished, so it is only watched - no moves can be made. Press 'Leave review' to go "
    "back to your game at the table (or New game, or Open another record)."
)


@dataclass(frozen=True)
class ReviewedGame:
    """The finished game being watched: where it came from (``name``), its record and every state of it."""

    name: str
    record: object
    states: list


def entry_words(reviewed: ReviewedGame, k: int, viewer: str | None) -> str:
    """The entry that led to state ``k``, as ``viewer`` (None: everyone) may read it
    (:func:`~tameri_kit.game.play.story.entry_seen_by`)."""
    n = len(reviewed.record.entries)
    if k == 0:
        return f"entry 0 of {n}: the set-up, before any card or tile is drawn"
    decision = Decision.parse(reviewed.record.entries[k - 1])
    return f"entry {k} of {n}: {entry_seen_by(reviewed.states[k - 1], decision, viewer)}"


def visible_events(reviewed: ReviewedGame, k: int, viewer: str | None) -> list:
    """The events entry ``k`` caused that ``viewer`` may see (k = 0: the set-up's)."""
    states = reviewed.states
    events = states[0].events() if k == 0 else new_events(states[k - 1], states[k])
    return events_seen_by(events, None if viewer is None else reviewed.record.settings.players.index(viewer))


class ReviewBar:
    """The controls of review mode (hidden while the table is played): a banner that says what review mode is,
    Previous / the entry slider / Next, "Seen by" and "Leave review".  ``table`` is the
    :class:`~tameri_kit.widgets.table.GameTable` they act on."""

    def __init__(self, table):
        self.table = table
        self.banner_html = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.note_html = widgets.HTML()  # in the decisions' place: why there are none
        self.prev_button = widgets.Button(
            description="Previous", icon="step-backward", layout=widgets.Layout(width="auto")
        )
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=1,  # (a slider whose min and max are equal is not drawn right in the page; start() sets it)
            description="Entry",
            continuous_update=False,
            layout=widgets.Layout(width="420px", max_width="100%"),
        )
        self.next_button = widgets.Button(
            description="Next", icon="step-forward", button_style="primary", layout=widgets.Layout(width="auto")
        )
        self.jump_dropdown = widgets.Dropdown(
            options=[], value=None, description="Jump to", layout=widgets.Layout(width="330px")
        )
        self.seen_by_dropdown = widgets.Dropdown(
            options=[EVERYONE], value=EVERYONE, description="Seen by", layout=widgets.Layout(width="300px")
        )
        self.leave_button = widgets.Button(
            description="Leave review", icon="sign-out", button_style="warning", layout=widgets.Layout(width="auto")
        )
        self.leave_button.tooltip = "Back to the game at the table (the finished game is closed)"
        self._setting = False
        self.prev_button.on_click(lambda _b: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _b: self.go(self.slider.value + 1))
        self.slider.observe(self._changed, names="value")
        self.seen_by_dropdown.observe(self._changed, names="value")
        self.jump_dropdown.observe(self._jump, names="value")
        self.leave_button.on_click(lambda _b: table.leave_review())
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.box = widgets.VBox(
            [
                self.banner_html,
                widgets.HBox([self.prev_button, self.slider, self.next_button], layout=row),
                widgets.HBox([self.jump_dropdown, self.seen_by_dropdown, self.leave_button], layout=row),
            ],
            layout=widgets.Layout(
                display="none", max_width="100%", border="2px solid #b36b00", padding="4px", margin="0 0 6px 0"
            ),
        )
        self.box.add_class("tameri-review")

    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def viewer(self) -> str | None:
        value = self.seen_by_dropdown.value
        return None if value == EVERYONE else value

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(index, self.slider.max))

    def _jump(self, change) -> None:
        if change["new"] is not None and not self._setting:
            self.go(change["new"])

    def _changed(self, _change) -> None:
        if not self._setting and self.table.review is not None:
            self.table.refresh()

    def start(self, reviewed: ReviewedGame) -> None:
        """Show the bar for ``reviewed``, at the set-up (entry 0), seen by everyone."""
        self._setting = True
        try:
            self.seen_by_dropdown.options = [EVERYONE, *reviewed.record.settings.players]
            self.seen_by_dropdown.value = EVERYONE
            self.slider.max = len(reviewed.record.entries)
            self.slider.value = 0
            self.jump_dropdown.options = [*chapters(reviewed.states), (THE_END, len(reviewed.record.entries))]
            self.jump_dropdown.value = None
        finally:
            self._setting = False
        self.banner_html.value = (
            '<div style="font-size:14px"><b>Review mode</b> - a finished game, '
            f"{escape(reviewed.name)} ({len(reviewed.record.entries)} entries, "
            f"{escape(', '.join(reviewed.record.settings.players))}): step through it; no moves can be made. "
            "<b>Leave review</b> goes back to your game at the table.</div>"
        )
        self.box.layout.display = None

    def follow(self, k: int) -> None:
        """ "Jump to" shows the part of the game entry ``k`` is in."""
        starts = [start for _heading, start in self.jump_dropdown.options if start <= k]
        self._setting = True
        try:
            self.jump_dropdown.value = starts[-1] if starts else None
        finally:
            self._setting = False

    def stop(self) -> None:
        self.box.layout.display = "none"


def review_text(reviewed: ReviewedGame, k: int, viewer: str | None) -> str:
    """What review mode shows at entry ``k`` seen by ``viewer``, as text (for printing in a lesson)."""
    state = reviewed.states[k]
    lines = [
        f"Review of a finished game ({reviewed.name}), seen by {viewer or 'everyone'}",
        entry_words(reviewed, k, viewer),
        parts.header(state),
        parts.scores_line(state),
    ]
    lines += [f"    {e}" for e in visible_events(reviewed, k, viewer)]
    if viewer is not None:
        lines += parts.own_lines(view(state, viewer).observation(), state.seat(viewer))
    if state.is_terminal and state.outcome is not None:
        lines.append(state.outcome.table_text())
    return "\n".join(lines)


def draw_review(table) -> None:
    """Draw the reviewed game into ``table``'s widgets: the entry and its events as the chosen seat may see them,
    that seat's panel (every panel for everyone), the board picture of that seat, the final scores at the end;
    every control that would play, undo or save is disabled."""
    reviewed, bar = table.review, table.review_bar
    k, viewer = bar.index, bar.viewer
    state = reviewed.states[k]
    table.status_html.value = (
        f'<div style="font-size:14px"><b>Review</b> (seen by <b>{escape(viewer or "everyone")}</b>): '
        f"{escape(entry_words(reviewed, k, viewer))}<br><b>{escape(parts.header(state))}</b><br>"
        f"{escape(parts.scores_line(state))}</div>"
    )
    if viewer is None:
        table.own_html.value = "".join(parts.own_html(state, seat) for seat in range(len(state.players)))
    else:
        table.own_html.value = parts.own_html(view(state, viewer).observation(), state.seat(viewer))
    heading = entry_words(reviewed, k, viewer).split(": ", 1)[-1]
    table.log_html.value = parts.log_html([(heading, visible_events(reviewed, k, viewer))])
    table.board_html.value = board_html(state, viewer)
    table.decisions_title.value = "<b>No decisions</b> (review mode: the game is finished)"
    table.log_title.value = "<b>What this entry did</b> (as the chosen seat saw it)"
    table.choices, table.decision_buttons = [], []
    bar.note_html.value = f"<i>{escape(NO_MOVES)}</i>"
    table.decisions_box.children = [bar.note_html]
    table.why_dropdown.options = []
    for control in table.play_controls():
        control.disabled = True
    bar.follow(k)
    bar.prev_button.disabled = k == 0
    bar.next_button.disabled = k == bar.slider.max
    table.draw_end(state)
