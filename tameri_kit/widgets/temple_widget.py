"""An interactive Temple board: place priests, make a move, and watch it resolve one event at a time.

Rulebook: Possible Actions: Priest (Example 10); Building B2 and G1-G5; Gifts of the Gods GG7; Sphinx 6B.
The widget only calls :mod:`tameri_kit.rules.temple_moves`: legality, events and gains all come from there.  An
illegal move is explained (the reason and the rule) instead of raising.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..data.temples_and_priests import TEMPLES, Temple, TempleBoard, load_temples
from ..errors import TameriError
from ..render.temples_svg import player_colour, temples_svg
from ..rules.common import RESOURCES
from ..rules.temple_moves import (
    BUILDING_ADVANCES,
    DEFAULT_READINGS,
    SPHINX_6B,
    Grant,
    Move,
    MoveResult,
    TempleReadings,
    TempleState,
    apply,
    explain_steps,
    free_advance,
    gift_gg7,
    legal_moves,
    priest_action,
)
from .common import EventStepper, PresetMenu, WidgetArgumentError, wrap_row

COLOURS = ("Red", "Blue", "Green", "Yellow")
#: The players of the rulebook's examples, offered as movers too (Example 10's mover, Ringo, is on no track yet).
EXAMPLE_PLAYERS = ("John", "Paul", "George", "Ringo")

#: The actions and effects that move a priest, by key.
GRANTS: dict[str, tuple[str, Grant]] = {
    "priest": ("Priest action (1 different resource per step)", priest_action()),
    "b2": ("Priest action with B2 (Great Altar: 1 resource less)", priest_action(great_altar=True)),
    "g1": ("Building G1: up to 2 free steps in Amun", BUILDING_ADVANCES["G1"][0]),
    "g2": ("Building G2: up to 2 free steps in Ra", BUILDING_ADVANCES["G2"][0]),
    "g3": ("Building G3: up to 2 free steps in Ptah (Example 9)", BUILDING_ADVANCES["G3"][0]),
    "free1": (
        "Building G4 / G5: 1 free step",
        free_advance(1, name="Building G4/G5: 1 free step", rule="Building G4 / G5"),
    ),
    "gg7": ("Gift GG7: 1st step free, then 1 resource per step (max 3)", gift_gg7()),
    "6b": ("Sphinx 6B: a Priest action", SPHINX_6B),
}

#: Ready-made boards: (label, priests, the move the controls start on: mover, temple, steps).
PRESETS: dict[str, tuple[str, str]] = {
    "empty": ("Empty temples", "Amun - | Ra - | Ptah -"),
    "ex10": ("Example 10 (John on Amun 4, George on Ra 4)", "Amun John:4 | Ra George:4 | Ptah -"),
    "ex18": (
        "Example 18 (8 priests)",
        "Amun John:5 George:3 | Ra George:6 Ringo:4 John:2 | Ptah Paul:7 Ringo:3 John:1",
    ),
    "chain": ("A crowded Ptah", "Amun Blue:2 | Ra Green:3 | Ptah Yellow:8 Green:6 Blue:4 Red:3"),
}
#: The move each preset's controls start on (Example 10: Ringo enters Ptah with 4 steps); others: Red, Ptah, +1.
PRESET_MOVES: dict[str, tuple[str, str, int]] = {"ex10": ("Ringo", "Ptah", 4)}


class TempleWidget:
    """Place priests of up to four colours, choose a mover, a temple, steps, payment and the action behind the
    move, then step through the events.

    Child widgets are attributes (``state_text``, ``mover_dropdown``, ``temple_dropdown``, ``steps_slider``,
    ``pay_checks``, ``grant_dropdown``, ``move_text``, ``move_button`` ...).  Read-only properties for tests:
    :attr:`state`, :attr:`result`, :attr:`error`, :attr:`step`, :attr:`event_count`, :attr:`event_text`.
    """

    def __init__(
        self,
        state: TempleState | str = "Amun - | Ra - | Ptah -",
        *,
        board: TempleBoard | None = None,
        readings: TempleReadings = DEFAULT_READINGS,
    ):
        if not isinstance(state, (TempleState, str)):
            raise WidgetArgumentError(
                f"TempleWidget: state must be a TempleState or its notation (e.g. "
                f"'Amun John:4 | Ra George:4 | Ptah -'), not {type(state).__name__}"
            )
        self.board = board or load_temples()
        self.readings = readings
        self._state = state if isinstance(state, TempleState) else TempleState.parse(state, self.board)
        self._result: MoveResult | None = None
        self._history: list[TempleState] = []
        self._error = ""
        self._syncing = False

        self.title = widgets.HTML("<h3 style='margin:0'>The Temples: priests, pushes and what each one gains</h3>")
        self.data_note = widgets.HTML(
            "<small>Track lengths and space effects are <b>illustrative</b> (the rulebook's pictures were lost), "
            "except Ptah's four lowest spaces: 1 point, unlock a Worker, a Farmer action, a Priest card "
            "(Example 10; their order is the kit's choice).</small>"
        )
        self.presets = PresetMenu([(v[0], k) for k, v in PRESETS.items()], self.apply_preset, width="460px")
        self.preset_dropdown = self.presets.dropdown
        self.state_text = widgets.Text(
            value=str(self._state),
            description="Priests",
            continuous_update=False,
            layout=widgets.Layout(width="640px", max_width="100%"),
            placeholder="Amun John:4 | Ra George:4 | Ptah -",
        )
        # placing priests by hand
        self.colour_dropdown = widgets.Dropdown(
            options=COLOURS, value="Red", description="Colour", layout=widgets.Layout(width="180px")
        )
        self.place_temple_dropdown = widgets.Dropdown(
            options=[t.value for t in TEMPLES],
            value="Ptah",
            description="Place in",
            layout=widgets.Layout(width="180px"),
        )
        # not a BoundedIntText: that silently turns 11 into 10; place() says what is wrong instead
        self.place_space = widgets.IntText(value=1, description="Space", layout=widgets.Layout(width="140px"))
        self.place_button = widgets.Button(description="Place", tooltip="put (or move) this colour's priest here")
        self.remove_button = widgets.Button(description="Remove", tooltip="take this colour's priest out")
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", tooltip="take back the last move or priest placed by hand"
        )
        # the move
        self.mover_dropdown = widgets.Dropdown(
            options=self._players(), value="Red", description="Mover", layout=widgets.Layout(width="180px")
        )
        self.temple_dropdown = widgets.Dropdown(
            options=[t.value for t in TEMPLES], value="Ptah", description="Temple", layout=widgets.Layout(width="180px")
        )
        self.steps_slider = widgets.IntSlider(value=1, min=1, max=4, description="Steps")
        self.grant_dropdown = widgets.Dropdown(
            options=[(v[0], k) for k, v in GRANTS.items()],
            value="priest",
            description="Action",
            layout=widgets.Layout(width="460px", max_width="100%"),
        )
        self.pay_checks = {
            r: widgets.Checkbox(value=False, description=r.label, indent=False, layout=widgets.Layout(width="90px"))
            for r in RESOURCES
        }
        self.pay_barley, self.pay_papyrus, self.pay_flax, self.pay_fruit = (self.pay_checks[r] for r in RESOURCES)
        self.auto_pay = widgets.Checkbox(value=True, description="pay automatically", indent=False)
        self.move_text = widgets.Text(
            value="",
            description="Move",
            continuous_update=False,
            layout=widgets.Layout(width="460px", max_width="100%"),
            placeholder="Red enters Ptah +3 pay barley,flax,fruit",
        )
        self.move_button = widgets.Button(
            description="Move", button_style="primary", icon="play", tooltip="make the move written in the Move box"
        )
        self.error_label = widgets.HTML("")
        self.legal_html = widgets.HTML("")
        self.steps_html = widgets.HTML("")
        # playback
        self.stepper = EventStepper(lambda: self.event_count, self._show)
        self.stepper.expose(self)
        self.event_label = widgets.HTML("")
        self.picture = widgets.HTML("")
        self.log_html = widgets.HTML("")
        self.gains_html = widgets.HTML("")

        self.state_text.observe(self._on_state_text, "value")
        self.place_button.on_click(
            lambda _b: self.place(self.colour_dropdown.value, self.place_temple_dropdown.value, self.place_space.value)
        )
        self.remove_button.on_click(
            lambda _b: self.remove(self.colour_dropdown.value, self.place_temple_dropdown.value)
        )
        self.place_temple_dropdown.observe(self._on_place_temple, "value")
        self.undo_button.on_click(lambda _b: self.undo())
        for w in (
            self.mover_dropdown,
            self.temple_dropdown,
            self.steps_slider,
            self.grant_dropdown,
            self.auto_pay,
            *self.pay_checks.values(),
        ):
            w.observe(self._on_controls, "value")
        self.move_button.on_click(lambda _b: self.play(self.move_text.value))

        self.box = widgets.VBox(
            [
                self.title,
                self.data_note,
                wrap_row([self.preset_dropdown, self.undo_button, self.presets.loaded_label]),
                self.state_text,
                wrap_row(
                    [
                        self.colour_dropdown,
                        self.place_temple_dropdown,
                        self.place_space,
                        self.place_button,
                        self.remove_button,
                    ]
                ),
                widgets.HTML("<b>Make a move</b>"),
                self.grant_dropdown,
                wrap_row([self.mover_dropdown, self.temple_dropdown, self.steps_slider]),
                wrap_row([widgets.Label("Pay:"), *self.pay_checks.values(), self.auto_pay]),
                wrap_row([self.move_text, self.move_button]),
                self.error_label,
                # two separate blocks with a gap, so their headings never run together
                wrap_row([self.steps_html, self.legal_html], grid_gap="0 32px"),
                self.stepper.row,
                self.event_label,
                wrap_row(
                    [
                        self.picture,
                        widgets.VBox(
                            [self.gains_html, self.log_html], layout=widgets.Layout(flex="1 1 320px", max_width="420px")
                        ),
                    ]
                ),
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self._on_place_temple(None)
        self._on_controls(None)
        self.undo_button.disabled = True

    # ----- read-only views ------------------------------------------------------------------------------------
    @property
    def state(self) -> TempleState:
        """The board now (after the last move made)."""
        return self._state

    @property
    def result(self) -> MoveResult | None:
        return self._result

    @property
    def error(self) -> str:
        return self._error

    @property
    def grant(self) -> Grant:
        return GRANTS[self.grant_dropdown.value][1]

    @property
    def event_count(self) -> int:
        return len(self._result.events) if self._result else 0

    @property
    def step(self) -> int:
        return self.event_slider.value

    @property
    def event_text(self) -> str:
        if not self._result:
            return ""
        if self.step == 0:
            return f"Before: {self._result.move}"
        e = self._result.events[self.step - 1]
        return f"{e.text}  [{e.step}]"

    # ----- actions ----------------------------------------------------------------------------------------------
    def set_state(self, state: TempleState | str, *, keep_history: bool = False) -> None:
        """Show a new board (clears the move being replayed, and the Undo history unless ``keep_history``)."""
        try:
            self._state = state if isinstance(state, TempleState) else TempleState.parse(state, self.board)
        except (TameriError, ValueError) as e:
            self._set_error(str(e))
            return
        self._result = None
        self.stepper.reset()
        if not keep_history:
            self._history.clear()
        self.undo_button.disabled = not self._history
        self._sync_state_text()
        self._set_error("")
        self._on_controls(None)

    def place(self, player: str, temple: Temple | str, space: int) -> None:
        """Set-up: put a priest on a space (not a rule: use a move for that).  Undo takes it back."""
        try:
            temple = Temple.parse(temple)
            length = self.board.length(temple)
            if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= length:
                raise WidgetArgumentError(f"{temple.value} has spaces 1 to {length}: there is no space {space}")
            before = self._state
            self.set_state(before.place(player, temple, space), keep_history=True)
        except (TameriError, ValueError) as e:
            self._set_error(str(e))
            return
        if self._state != before:
            self._history.append(before)
            self.undo_button.disabled = False

    def remove(self, player: str, temple: Temple | str) -> None:
        """Set-up: take a priest out.  Undo puts it back."""
        before = self._state
        self.set_state(before.remove(player, Temple.parse(temple)), keep_history=True)
        if self._state != before:
            self._history.append(before)
            self.undo_button.disabled = False

    def apply_preset(self, key: str) -> None:
        """Load a preset: the whole widget starts over (priests, mover, temple, steps, action, payment, history)."""
        if key not in PRESETS:
            raise WidgetArgumentError(f"no temple preset {key!r}; the presets are {', '.join(PRESETS)}")
        mover, temple, steps = PRESET_MOVES.get(key, ("Red", "Ptah", 1))
        self.set_state(PRESETS[key][1])
        self._syncing = True
        try:
            self.grant_dropdown.value = "priest"
            self.auto_pay.value = True
            self.mover_dropdown.value = mover
            self.temple_dropdown.value = temple
            self.colour_dropdown.value = "Red"
            self.place_temple_dropdown.value = "Ptah"
            self.place_space.value = 1
        finally:
            self._syncing = False
        self._on_controls(None)  # the steps slider's maximum follows the action before its value is set
        self.steps_slider.value = min(steps, self.steps_slider.max)

    def play(self, move: Move | str | None = None) -> MoveResult | None:
        """Make a move (the Move box's text by default).  An illegal move shows why and changes nothing."""
        text = self.move_text.value if move is None else str(move)
        try:
            result = apply(
                self._state,
                Move.parse(text) if isinstance(move, (str, type(None))) else move,
                self.grant,
                self.readings,
            )
        except (TameriError, ValueError) as e:
            self._set_error(str(e))
            self._result = None
            self.stepper.reset()
            self._show()
            return None
        self._set_error("")
        self._history.append(self._state)
        self.undo_button.disabled = False
        self._state = result.end
        self._result = result
        self._sync_state_text()
        self.stepper.reset()
        self._on_controls(None)
        self.stepper.go(self.event_count)  # show the result, as the Priests box does; First replays it
        return result

    def undo(self) -> None:
        """Take back the last move or priest placed or removed by hand."""
        if self._history:
            self._state = self._history.pop()
            self._result = None
            self.stepper.reset()
            self._sync_state_text()
            self._on_controls(None)
        self.undo_button.disabled = not self._history

    def go(self, k: int) -> None:
        self.stepper.go(k)

    # ----- callbacks ------------------------------------------------------------------------------------------
    def _players(self) -> list[str]:
        known = COLOURS + EXAMPLE_PLAYERS
        return list(known) + [p for p in self._state.players if p not in known]

    def _set_error(self, message: str) -> None:
        self._error = message
        self.error_label.value = (
            f"<pre style='color:#b00020;margin:0;white-space:pre-wrap'>Not allowed: {escape(message)}</pre>"
            if message
            else ""
        )

    def _sync_state_text(self) -> None:
        self._syncing = True
        try:
            self.state_text.value = str(self._state)
            players = self._players()
            if list(self.mover_dropdown.options) != players:
                keep = self.mover_dropdown.value
                self.mover_dropdown.options = players
                self.mover_dropdown.value = keep if keep in players else players[0]
        finally:
            self._syncing = False

    def _on_state_text(self, _change) -> None:
        if not self._syncing:
            self.set_state(self.state_text.value)

    def _on_place_temple(self, _change) -> None:
        length = self.board.length(Temple.parse(self.place_temple_dropdown.value))
        self.place_space.tooltip = f"{self.place_temple_dropdown.value} has spaces 1 to {length}"

    def _current_move(self) -> Move:
        player, temple = self.mover_dropdown.value, Temple.parse(self.temple_dropdown.value)
        pay = tuple(r for r, c in self.pay_checks.items() if c.value)
        return Move(player, temple, self.steps_slider.value, pay, self._state.space_of(player, temple) is None)

    def _on_controls(self, change) -> None:
        if self._syncing:
            return
        g = self.grant
        self._syncing = True
        try:
            self.steps_slider.max = max(g.max_steps, 1)
            if self.auto_pay.value:
                need = 0 if g.kind == "free" else max(0, self.steps_slider.value - g.free_steps)
                if g.great_altar:
                    need = max(0, need - 1)
                for i, r in enumerate(RESOURCES):
                    self.pay_checks[r].value = i < need
        finally:
            self._syncing = False
        self.move_text.value = str(self._current_move())
        self._show_legal()
        self._show()

    def _show_legal(self) -> None:
        player = self.mover_dropdown.value
        temple = Temple.parse(self.temple_dropdown.value)
        rows = []
        for k, why in explain_steps(self._state, player, temple, self.grant, self.readings):
            mark = "&#10003; allowed" if why is None else f"&#10007; {escape(why)}"
            rows.append(f"<li>+{k}: {mark}</li>")
        self.steps_html.value = (
            f"<div style='margin-right:32px'><b>{escape(player)} in {temple.value}, step by "
            f"step</b><ul style='margin-top:0'>{''.join(rows)}</ul></div>"
        )
        moves = legal_moves(self._state, player, self.grant, self.readings)
        per = {t: sorted({m.steps for m in moves if m.temple is t}) for t in TEMPLES}
        items = "".join(f"<li>{t.value}: {', '.join('+' + str(k) for k in ks) or 'none'}</li>" for t, ks in per.items())
        self.legal_html.value = (
            f"<div><b>Legal steps for {escape(player)} ({len(moves)} moves with payments)</b>"
            f"<ul style='margin-top:0'>{items}</ul></div>"
        )

    # ----- drawing --------------------------------------------------------------------------------------------
    def _show(self) -> None:
        self.stepper.update_buttons()
        k = self.step
        r = self._result
        if r is None:
            self.picture.value = temples_svg(self._state)
            self.event_label.value = ""
            self.log_html.value = ""
            self.gains_html.value = ""
            return
        # the event's text is the line above the picture (event_label): no second caption inside it
        if k == 0:
            self.picture.value = temples_svg(r.start)
        else:
            e = r.events[k - 1]
            hl = (e.gains[0].temple, [g.space for g in e.gains]) if e.gains else None
            self.picture.value = temples_svg(e.after, moving=e.moving, highlight=hl)
        self.event_label.value = f"<b>{escape(self.event_text)}</b>"
        items = []
        for i, e in enumerate(r.events, 1):
            text = f"{escape(e.text)} <small>[{escape(e.step)}]</small>"
            items.append(f"<li><b>{text}</b></li>" if i == k else f"<li>{text}</li>")
        self.log_html.value = "<b>Events</b><ol style='margin-top:0'>" + "".join(items) + "</ol>"
        self.gains_html.value = gains_table(r)

    # ----- display ----------------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


def gains_table(result: MoveResult) -> str:
    """Who gains what from a move, as an HTML table (the mover first, then the pushed priests)."""
    rows = []
    for player, effects in result.by_player().items():
        dot = f"<span style='color:{player_colour(player)}'>&#9679;</span>"
        what = "; ".join(escape(str(e)) for e in effects) or "nothing"
        rows.append(f"<tr><td>{dot} {escape(player)}</td><td>{what}</td></tr>")
    return (
        "<b>Who gains what</b><table style='border-collapse:collapse'>"
        "<tr><th style='text-align:left'>player</th><th style='text-align:left'>gains</th></tr>"
        + "".join(rows)
        + "</table>"
    )


__all__ = ["TempleWidget", "GRANTS", "PRESETS", "gains_table"]
