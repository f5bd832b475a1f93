"""The game table's widgets and drawing (the page side of :class:`tameri_kit.widgets.table.GameTable`).

:class:`TableView` builds every control of the table once, draws a state into them (:meth:`TableView.refresh`) and
keeps the page from acting on what it has not drawn yet.  The game side - deciding, the bots, undo, records -
lives in :mod:`tameri_kit.widgets.table`, whose :class:`GameTable` is a :class:`TableView`.

The decision buttons are a pool relabelled at every refresh (making widgets is what costs time; see
docs/performance.md), so a click sent by the page just before a refresh reached it would land on a button that
by then means another decision.  So from a click until the page has drawn the refreshed table, the pool is
disabled: every refresh gets a number (``_drawn``) that the page copies back (``_shown``, through a
``jsdlink`` that runs in the page), and the pool is enabled again only when the copy arrives.  A click the page
sent before that (``PoolButton``) changes nothing and says so.  Clicks made from Python (``button.click()``, as
the lessons and tests do) are not the page's and are taken at once.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..game import Settings, ghost_result, view
from ..game.core.board_view import board_html
from ..game.play.bots import BOT_NAMES
from ..openspiel.extra import table_choices
from ..game.core.settings import GHOST_LEVELS
from ..render.scores import figure_png, outcome_figure, outcome_table_html
from . import table_parts as parts
from .record_files import RecordFileError, open_record_bytes, uploaded_file
from .table_review import ReviewBar, draw_review
from .share_button import ShareButton, page_path_beside
from .common import ChartImage

#: A group of at least this many decisions is shown as a list with one button (see ``TableView._picker``).
PICKER_FROM = 17

#: The titles over the decisions and the log (review mode has its own: :mod:`~tameri_kit.widgets.table_review`).
DECISIONS_TITLE = "<b>Your decisions</b> (hover or read the line beside each for what it does)"
LOG_TITLE = "<b>What happened since your last decision</b> (newest first)"
#: Shown while the bots move after a person's decision (the page gets it at once; the bots move in the kernel).
BOTS_MOVING = "The bots are moving - the decisions come back when it is your turn again."
#: Shown when the page sent a click on a decision button before it had drawn the table's latest state.
STALE_CLICK = (
    "Not taken: a click that came before the table had been redrawn (the bots were moving), when its button may "
    "have meant another decision. Nothing was changed by it; choose again."
)


def _full() -> widgets.Layout:
    """As wide as the box holding it (a column stretches its children; a width of 100% plus the widgets' own
    margins would stick out by a few pixels)."""
    return widgets.Layout(max_width="100%")


def board_picture(state, player: str) -> str:
    """The board as ``player`` sees it (HTML): the one place the table draws the board (other hands, screens,
    Priest cards and face-down numbers are left out of the picture's model, not just hidden)."""
    return board_html(state, player)


class PoolButton(widgets.Button):
    """A decision button of the pool: a click sent by the page goes through only when ``accept(button)`` says
    the page had drawn the table's latest state; :meth:`click` from Python is always taken.  It is made disabled:
    only the page's copy of the refresh number enables it (a button made enabled would show the page a new
    decision that could be clicked before the refresh that labelled it had reached the page)."""

    def __init__(self, accept, **kwargs):
        kwargs.setdefault("disabled", True)
        super().__init__(**kwargs)
        self._accept = accept

    def _handle_button_msg(self, _, content, buffers):
        if content.get("event", "") == "click" and not self._accept(self):
            return
        super()._handle_button_msg(_, content, buffers)


class TableView:
    """The widgets of a game table and the drawing of its state; see the module docstring.

    A subclass provides ``state``, ``viewer``, ``people``, ``settings``, ``record``, ``waiting_for_bots``,
    ``log_blocks()`` and the actions the controls call (``decide``, ``why_not``, ``hint``, ``undo``, ``redo``,
    ``bots_step``, ``save``, ``load``, ``new``).
    """

    _busy = False
    #: the finished game watched in review mode (:mod:`~tameri_kit.widgets.table_review`), or None
    review = None

    def _build_widgets(self, save_path: str, auto_run: bool) -> None:
        small = widgets.Layout(width="auto")
        self.status_html = widgets.HTML(layout=_full())
        self.message_html = widgets.HTML(layout=_full())
        self.decisions_box = widgets.VBox(
            layout=widgets.Layout(max_height="330px", overflow="auto", width="100%", border="1px solid #ddd")
        )
        self.decisions_box.add_class("tameri-decisions")
        self.decision_buttons: list[widgets.Button] = []
        # the refresh the table has drawn, and the one the page has drawn (copied in the page: see the module)
        self._drawn = widgets.IntText(value=0)
        self._shown = widgets.IntText(value=-1)
        self._echo = widgets.jsdlink((self._drawn, "value"), (self._shown, "value"))
        self._shown.observe(self._on_shown, "value")
        self.choices: list = []
        self._rows: list = []
        self._titles: list = []
        self._pickers: list = []
        self._row_choice: list[int] = []  # row k of the pool shows choices[_row_choice[k]]
        self._note = widgets.HTML()
        self.why_dropdown = widgets.Dropdown(description="Not allowed", layout=widgets.Layout(width="330px"))
        self.why_button = widgets.Button(description="Why not?", icon="question", layout=small)
        self.typed_text = widgets.Text(
            placeholder="type a decision, e.g. play 59",
            description="Decision",
            layout=widgets.Layout(width="330px"),
            continuous_update=False,
        )
        self.typed_button = widgets.Button(description="Play typed", icon="keyboard-o", layout=small)
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", layout=small)
        self.undo_button = widgets.Button(description="Undo", icon="undo", layout=small)
        self.redo_button = widgets.Button(description="Redo", icon="repeat", layout=small)
        self.auto_checkbox = widgets.Checkbox(
            value=auto_run, description="Bots move at once", indent=False, layout=widgets.Layout(width="150px")
        )
        self.bot_step_button = widgets.Button(description="Bots: one step", icon="step-forward", layout=small)
        self.bot_run_button = widgets.Button(description="Bots: to my turn", icon="fast-forward", layout=small)
        self.path_text = widgets.Text(value=save_path, description="File", layout=widgets.Layout(width="330px"))
        self.save_button = widgets.Button(description="Save", icon="save", layout=small)
        self.open_button = widgets.Button(description="Open", icon="folder-open", layout=small)
        self.upload = widgets.FileUpload(accept=".json,.html", multiple=False, description="Open a file")
        self.share = ShareButton(self._shared_record, lambda: page_path_beside(self.path_text.value))
        self.own_html = widgets.HTML(layout=_full())
        self.log_html = widgets.HTML(layout=_full())
        self.board_html = widgets.HTML(layout=_full())
        self.end_html = widgets.HTML(layout=_full())
        self.end_image = ChartImage(
            "Bar chart: each player's final points by where they came from (the table gives the numbers)",
            layout=widgets.Layout(width="640px", display="none"),
        )
        self.players_dropdown = widgets.Dropdown(
            options=[1, 2, 3, 4], value=3, description="Players", layout=widgets.Layout(width="160px")
        )
        self.players_dropdown.tooltip = "Players besides the Ghost: 2-4, or 1-3 with the Ghost"
        self.ghost_dropdown = widgets.Dropdown(
            options=[("none", "")] + [(level, level) for level in GHOST_LEVELS],
            value="",
            description="Ghost",
            layout=widgets.Layout(width="200px"),
        )
        self.ghost_dropdown.tooltip = "The +1 Player Mode: the Ghost plays itself, at this difficulty"
        self.seat_dropdown = widgets.Dropdown(
            options=list(Settings.for_players(4).players),
            value="John",
            description="Your seat",
            layout=widgets.Layout(width="200px"),
        )
        self.bot_dropdown = widgets.Dropdown(
            options=list(BOT_NAMES) + list(table_choices()),
            value="greedy",
            description="Bots",
            layout=widgets.Layout(width="180px"),
            tooltip="The others' bot: random, greedy, strong, expert (the strongest: it plays each of its best "
            "moves on to the Season's end in guessed worlds, so it thinks for a moment); with OpenSpiel also "
            "mcts:16 (its search SEES the hidden cards) and ismcts:16 (its search does not peek)",
        )
        self.seed_text = widgets.IntText(value=0, description="Seed", layout=widgets.Layout(width="160px"))
        self.new_button = widgets.Button(description="New game", icon="play", layout=small)
        self.review_bar = ReviewBar(self)
        self.decisions_title = widgets.HTML(DECISIONS_TITLE)
        self.log_title = widgets.HTML(LOG_TITLE)

        self.why_button.on_click(lambda _b: self.why_not(self.why_dropdown.value or ""))
        self.typed_button.on_click(lambda _b: self._typed())
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.bot_step_button.on_click(lambda _b: self.bots_step(True))
        self.bot_run_button.on_click(lambda _b: self.bots_step(False))
        self.save_button.on_click(lambda _b: self.save())
        self.open_button.on_click(lambda _b: self.load(self.path_text.value))
        self.upload.observe(self._on_upload, "value")
        self.new_button.on_click(lambda _b: self.new())

        left = widgets.VBox(
            [
                self.decisions_title,
                self.decisions_box,
                widgets.HBox([self.why_dropdown, self.why_button]),
                widgets.HBox([self.typed_text, self.typed_button]),
                widgets.HBox([self.hint_button, self.undo_button, self.redo_button]),
                widgets.HBox([self.auto_checkbox, self.bot_step_button, self.bot_run_button]),
            ],
            layout=widgets.Layout(width="565px", max_width="100%"),
        )
        right = widgets.VBox(
            [
                self.own_html,
                self.log_title,
                self.log_html,
            ],
            layout=widgets.Layout(width="415px", max_width="100%"),
        )

        def wrap():
            return widgets.Layout(flex_flow="row wrap")

        files = widgets.HBox(
            [self.path_text, self.save_button, self.open_button, self.upload, self.share.button], layout=wrap()
        )
        setup = widgets.HBox(
            [
                self.players_dropdown,
                self.ghost_dropdown,
                self.seat_dropdown,
                self.bot_dropdown,
                self.seed_text,
                self.new_button,
            ],
            layout=wrap(),
        )
        self.box = widgets.VBox(
            [
                self.status_html,
                self.message_html,
                self.review_bar.box,
                widgets.HBox([left, right], layout=wrap()),
                self.end_html,
                self.end_image,
                self.board_html,
                files,
                self.share.html,
                setup,
            ],
            layout=widgets.Layout(width="100%", max_width="990px"),
        )
        self.box.add_class("tameri-table")

    def _controls(self) -> list:
        """Every control but the decision pool (which waits for the page: :meth:`_await_page`)."""
        return [*self.play_controls(), self.open_button, self.new_button]

    def play_controls(self) -> list:
        """The controls that play, undo, redo, ask about or save the table's game (disabled in review mode)."""
        return [
            self.why_button,
            self.typed_button,
            self.hint_button,
            self.undo_button,
            self.redo_button,
            self.bot_step_button,
            self.bot_run_button,
            self.save_button,
        ]

    def _set_disabled(self, disabled: bool) -> None:
        """Disable every control (the bots move), or enable all but the decision pool again."""
        for w in self._controls() + (self.decision_buttons if disabled else []):
            w.disabled = disabled

    def _await_page(self) -> None:
        """After a refresh: the decision pool stays disabled until the page has drawn this refresh.

        The page gets the changes in the order they are made, so each pool button is disabled before it is given
        its new label (``_draw_choices``) and a new one is made disabled (``PoolButton``): the page never shows a
        decision enabled before the kernel would take its click.  Only the page's copy of this refresh's number
        (``_on_shown``) enables the pool again."""
        for button in self.decision_buttons:
            button.disabled = True
        self._drawn.value += 1

    def _on_shown(self, change) -> None:
        if change["new"] == self._drawn.value and not self._busy:
            for button in self.decision_buttons:
                button.disabled = False

    def _accept_click(self, _button) -> bool:
        """A decision button's click from the page: taken only if the page had drawn the latest refresh."""
        if self._busy or self._shown.value != self._drawn.value:
            # keep what the click before it did in sight (a double click: the first click was played)
            before = self.message if getattr(self, "message", "").startswith("Played ") else ""
            self._say(f"{before}\n{STALE_CLICK}".strip(), error=True)
            return False
        return True

    def _typed(self) -> None:
        text = self.typed_text.value.strip()
        if not text:
            self._say("Type a decision first, e.g. 'play 59' (see the buttons for what is allowed).", error=True)
            return
        if self.decide(text):
            self.typed_text.value = ""

    def _shared_record(self):
        """What Share makes a page of: the game being reviewed in review mode, else the table's own game."""
        review = getattr(self, "review", None)
        return review.record if review is not None else self.record

    def _on_upload(self, change) -> None:
        found = uploaded_file(change["new"])
        if found is None:
            return
        try:
            opened = open_record_bytes(*found)  # the kit's reader: names what is wrong and where
        except RecordFileError as error:
            self._say(f"Could not open {error}. Nothing was changed.", error=True)
        else:
            self.load(opened)
        self.upload.value = ()  # the same file can be opened again

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "#a40000" if error else "#1a5e1a"
        self.message = text
        self.message_html.value = (
            f'<div class="tameri-message" style="color:{colour};font-size:13px;'
            f'white-space:pre-wrap">{escape(text)}</div>'
        )

    # ------------------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        start = self.clock()
        if self.review is not None:
            draw_review(self)
            self.timings["refresh"] = self.clock() - start
            return
        s, me = self.state, self.viewer
        seat = self.settings.players.index(me)
        question, rule = parts.asked(s)
        if self.waiting_for_bots and not s.is_chance:
            question += " (a bot)"
        self.status_html.value = (
            f'<div style="font-size:14px"><b>{escape(parts.header(s))}</b> - you play <b>{escape(me)}</b>'
            f"{' (hot-seat: ' + escape(', '.join(self.people)) + ')' if len(self.people) > 1 else ''}<br>"
            f'Now: {escape(question)} <i style="color:#666">[{escape(rule)}]</i><br>'
            f"{escape(parts.scores_line(s))}</div>"
        )
        obs = view(s, me).observation()
        self.own_html.value = parts.own_html(obs, seat)
        self.log_html.value = parts.log_html(self.log_blocks())
        self.board_html.value = board_picture(s, me)
        self._draw_choices()
        self.undo_button.disabled = not any(e.split(":", 1)[0] in self.people for e in self.record.entries)
        self.redo_button.disabled = not self._redo
        self.bot_step_button.disabled = self.bot_run_button.disabled = not self.waiting_for_bots
        self.hint_button.disabled = self.waiting_for_bots or s.is_terminal
        self.save_button.disabled = self.typed_button.disabled = False  # (disabled in review mode)
        self.decisions_title.value, self.log_title.value = DECISIONS_TITLE, LOG_TITLE
        self.draw_end(s)
        self._await_page()
        self.timings["refresh"] = self.clock() - start

    def draw_end(self, s) -> None:
        """The final scores under the table when ``s`` is the end of the game (else nothing)."""
        if s.is_terminal and s.outcome is not None:
            against = ghost_result(s)  # the +1 Player Mode: who beat the Ghost, by how much, at which level
            self.end_html.value = (
                "<h3>Final scores (End of the Game)</h3>"
                + (f"<p><b>{escape(against.text)}</b></p>" if against is not None else "")
                + outcome_table_html(s.outcome)
            )
            self.end_image.png = figure_png(outcome_figure(s.outcome))
            self.end_image.layout.display = None
        else:
            self.end_html.value = ""
            self.end_image.layout.display = "none"

    def _row(self, k: int):
        """Row ``k`` of the pool of decision controls (a button and its explanation), made once and reused: a
        refresh changes texts, not widgets (making widgets is what costs time).  ``_row_choice[k]`` is the index in
        ``choices`` of the decision it shows."""
        while len(self._rows) <= k:
            j = len(self._rows)
            # the button keeps its label's width (flex 0 0 auto: never squeezed to "weather remove_..." by a long
            # explanation beside it); the explanation wraps instead
            button = PoolButton(
                self._accept_click,
                layout=widgets.Layout(width="auto", min_width="120px", max_width="100%", flex="0 0 auto"),
            )
            button.on_click(lambda _b, j=j: self.decide(self.choices[self._row_choice[j]].decision))
            label = widgets.HTML()
            self._rows.append((widgets.HBox([button, label]), button, label))
            self._row_choice.append(j)
        return self._rows[k]

    def _picker(self, k: int):
        """Picker ``k`` of the pool: one group's decisions as a list, the chosen one's explanation and a button that
        makes it (a Priest action can offer 180 moves: a list reads better than 180 rows, and costs 3 widgets, not
        540).  Made once and reused; the button is labelled with the move chosen in the list."""
        while len(self._pickers) <= k:
            chooser = widgets.Dropdown(  # its description names the list for a screen reader
                description="Choose",
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto", max_width="100%"),
            )
            button = PoolButton(
                self._accept_click,
                layout=widgets.Layout(width="auto", min_width="120px", max_width="100%", flex="0 0 auto"),
            )
            label = widgets.HTML()
            picker = (widgets.VBox([chooser, widgets.HBox([button, label])]), chooser, button, label)
            chooser.observe(lambda _change, picker=picker: self._show_picked(picker), names="value")
            button.on_click(lambda _b, chooser=chooser: self.decide(self.choices[chooser.value].decision))
            self._pickers.append(picker)
        return self._pickers[k]

    def _choose_in_list(self, move: str) -> bool:
        """Choose ``move`` in the list that holds it (the Hint does, so that one click plays it); False if no list
        shown now holds it."""
        for box, chooser, _button, _label in self._pickers:
            if box not in self.decisions_box.children:
                continue
            for text, index in chooser.options:
                if text == move:
                    chooser.value = index
                    return True
        return False

    def _show_picked(self, picker) -> None:
        """Label a picker's button with the move chosen in its list, and explain it."""
        _box, chooser, button, label = picker
        if chooser.value is None or chooser.value >= len(self.choices):
            return
        choice = self.choices[chooser.value]
        button.description, button.tooltip = choice.move, choice.explanation
        label.value = f'<span style="font-size:12px">{escape(choice.explanation)}</span>'

    def _title(self, k: int) -> widgets.HTML:
        while len(self._titles) <= k:
            self._titles.append(widgets.HTML())
        return self._titles[k]

    def _draw_choices(self) -> None:
        s = self.state
        self.choices = [] if self.waiting_for_bots or s.is_terminal else parts.choices(s, s.to_move)
        rows, buttons, titles, pickers = [], [], 0, 0
        groups: list[list[int]] = []  # runs of decisions of the same group, in the order of the choices
        for k, choice in enumerate(self.choices):
            if groups and self.choices[groups[-1][0]].group == choice.group:
                groups[-1].append(k)
            else:
                groups.append([k])
        for members in groups:
            title = self._title(titles)
            titles += 1
            group = self.choices[members[0]].group
            if len(members) >= PICKER_FROM:
                title.value = f"<b>{escape(group)}</b> ({len(members)} ways: choose one in the list)"
                box, chooser, button, _label = picker = self._picker(pickers)
                pickers += 1
                button.disabled = True  # before its new list reaches the page (see _await_page)
                chooser.options = [(self.choices[k].move, k) for k in members]
                chooser.value = members[0]
                self._show_picked(picker)
                rows += [title, box]
                buttons.append(button)
                continue
            title.value = f"<b>{escape(group)}</b>"
            rows.append(title)
            for k in members:
                box, button, label = self._row(len(buttons) - pickers)
                self._row_choice[len(buttons) - pickers] = k
                choice = self.choices[k]
                button.disabled = True  # before its new label reaches the page (see _await_page)
                button.description, button.tooltip = choice.move, choice.explanation
                label.value = f'<span style="font-size:12px">{escape(choice.explanation)}</span>'
                rows.append(box)
                buttons.append(button)
        self.decision_buttons = buttons
        if not rows:
            self._note.value = (
                "<i>"
                + escape(
                    "The game is over."
                    if s.is_terminal
                    else f"Waiting for {s.to_move}: the bots move (press 'Bots: one step' or 'Bots: to my turn')."
                )
                + "</i>"
            )
            rows.append(self._note)
        self.decisions_box.children = rows
        if s.is_terminal or self.waiting_for_bots:
            options = []
        else:
            options = parts.not_allowed(s)
        self.why_dropdown.options = options
        self.why_dropdown.value = options[0] if options else None
        self.why_button.disabled = not options
