"""WeatherPyramidWidget: drop weather spheres into the Great Pyramid and replay the phase one event at a time.

Rulebook: Phase 1: Weather (steps 1-6 and the note after step 6); Productive Fields and Harvests.

A thin view over :mod:`tameri_kit.rules`: it parses what the learner types, calls
:func:`~tameri_kit.rules.weather_phase`, and shows each event's ``after`` state with
:func:`~tameri_kit.render.pyramid_svg.pyramid_svg`.  Every child widget is an attribute, so a test or a notebook
can drive it without a browser::

    w = WeatherPyramidWidget()
    w.preset_dropdown.value = "example_2a"   # loads the preset; the menu goes back to its prompt
    w.drop_button.click()
    w.last_button.click()
    str(w.pyramid)          # 'N:SSSS E:SS S:SS W:SS rivers:1222'
"""

from __future__ import annotations

import random
from collections import Counter
from html import escape

import ipywidgets as widgets

from ..data.board import BoardMap, load_map, load_weather
from ..errors import TameriError
from ..render.pyramid_svg import fields_table, pyramid_svg
from ..rules.pyramid import SETUP, Pyramid
from ..rules.readings import DEFAULT, Readings
from ..rules.weather import PhaseResult, format_landings, parse_landings, weather_phase
from .common import EventStepper, Preset, PresetMenu, SphereChooser, WidgetArgumentError, wrap_row


#: The presets offered in the dropdown.  The productivity cases use the North river (Barley and Fruit, the pair
#: the rulebook's four pictured cases are about).
PRESETS: tuple[Preset, ...] = (
    Preset(
        "setup",
        "Set-up (Game Setup 1b)",
        str(SETUP),
        sun=2,
        water=1,
        silt=1,
        note="The set-up: 2 Sun on every ramp, 2 Silt in every river. Choose spheres and press Drop.",
    ),
    Preset(
        "example_2a",
        "Example 2a: five Suns with a Silt above them",
        "N:SSSS E:SS S:SS W:SS rivers:0222",
        sun=1,
        silt=1,
        landings="S@N L@N",
        note="A Sun and then a Silt land on North: five Suns in a row, the lowest goes, and the Silt comes into view.",
    ),
    Preset(
        "example_2b",
        "Example 2b: Silt leaves, then a Sun-Water cascade",
        str(SETUP),
        water=2,
        silt=1,
        landings="L@N W@N W@N",
        note="North becomes S S L W W: step through the phase to see what steps 5 and 6 leave on it.",
    ),
    Preset(
        "fields_empty",
        "Fields: no spheres on the ramp (both grow, 2 each)",
        "N:- E:SS S:SS W:SS rivers:3222",
        note="No spheres on North: every field there is productive; 3 Silt in the river, so each yields 2.",
    ),
    Preset(
        "fields_one_sun",
        "Fields: one Sun (both grow, 1 each)",
        "N:S E:SS S:SS W:SS rivers:2222",
        note="One Sun on North is within both Barley's and Fruit's limits; 2 Silt, so each yields 1.",
    ),
    Preset(
        "fields_three_suns",
        "Fields: three Suns (Fruit grows, Barley does not)",
        "N:SSS E:SS S:SS W:SS rivers:1222",
        note="Three Suns: Fruit takes up to 3 Sun, Barley at most 2 spheres.",
    ),
    Preset(
        "fields_neither",
        "Fields: four Suns (neither grows)",
        "N:SSSS E:SS S:SS W:SS rivers:2222",
        note="Four Suns: too many for Barley (2 at most) and for Fruit (3 Sun at most).",
    ),
)
_BY_KEY = {p.key: p for p in PRESETS}


class WeatherPyramidWidget:
    """Set up a pyramid, drop spheres (at random with a seed, or where you say), and step through what happens.

    Read-only properties for tests and notebooks: :attr:`pyramid` (the state shown), :attr:`event_text`,
    :attr:`event_count`, :attr:`step`, :attr:`result`, :attr:`landings_used`, :attr:`error`.
    """

    def __init__(
        self,
        pyramid: Pyramid | str = SETUP,
        *,
        readings: Readings = DEFAULT,
        board: BoardMap | None = None,
        seed: int = 1,
        picture_width: int = 520,
    ):
        if not isinstance(pyramid, (Pyramid, str)):
            raise WidgetArgumentError(
                f"WeatherPyramidWidget: pyramid must be a Pyramid or its notation "
                f"(e.g. {str(SETUP)!r}), not {type(pyramid).__name__}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise WidgetArgumentError(f"WeatherPyramidWidget: seed must be a whole number, not {seed!r}")
        self.readings = readings
        self.board = board or load_map()
        self.weather = load_weather()
        self.picture_width = picture_width
        self.initial_seed = seed
        self._start: Pyramid | None = None
        self._result: PhaseResult | None = None
        self._error = ""
        self._landings_from_preset = ""  # the preset whose landings are in the box (cleared when edited by hand)

        text = str(pyramid) if isinstance(pyramid, Pyramid) else pyramid
        self.title = widgets.HTML("<h3 style='margin:0'>The Great Pyramid: a weather phase, one event at a time</h3>")
        self.presets = PresetMenu([(p.label, p.key) for p in PRESETS], self.apply_preset)
        self.preset_dropdown = self.presets.dropdown
        self.pyramid_text = widgets.Text(
            value=text,
            description="Start",
            continuous_update=True,  # checked as typed: an error shows (and Drop greys) at once, and goes at once
            layout=widgets.Layout(width="480px", max_width="100%"),
            placeholder="N:SS E:SS S:SS W:SS rivers:2222",
        )
        self.spheres = SphereChooser(
            self.weather,
            initial=(2, 1, 1),
            most=8,
            season_layout=widgets.Layout(width="360px"),
            on_change=self._inputs_changed,
        )
        self.sun_slider, self.water_slider, self.silt_slider = self.spheres.sliders
        self.tile_dropdown, self.season_dropdown = self.spheres.tile_dropdown, self.spheres.season_dropdown
        self.data_note = widgets.HTML(
            "<small>The tiles' and seasons' spheres are <b>illustrative</b>: the "
            "rulebook's pictures of them were lost (see docs/data.md).</small>"
        )
        self.seed_text = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="160px"))
        self.landings_text = widgets.Text(
            value="",
            description="Landings",
            continuous_update=True,  # checked as typed: Drop is enabled again the moment the text is right
            placeholder="optional, e.g. S@N W@E (empty: random, from the seed)",
            layout=widgets.Layout(width="380px", max_width="100%"),
        )
        self.drop_button = widgets.Button(
            description="Drop", button_style="primary", icon="tint", tooltip="Run the weather phase (steps 3-6)"
        )
        self.error_label = widgets.HTML("")
        self.info_label = widgets.HTML("")
        self.stepper = EventStepper(lambda: self.event_count, self._show)
        self.stepper.expose(self)
        self.event_label = widgets.HTML("")
        self.picture = widgets.HTML("")
        self.fields_html = widgets.HTML("")
        self.log_html = widgets.HTML("")

        self.pyramid_text.observe(self._on_start_text, "value")
        self.landings_text.observe(self._on_landings_text, "value")
        self.seed_text.observe(lambda _change: self._inputs_changed(), "value")
        self.drop_button.on_click(lambda _b: self.drop())

        self.box = widgets.VBox(
            [
                self.title,
                wrap_row([self.preset_dropdown, self.presets.loaded_label]),
                self.pyramid_text,
                *self.spheres.rows,
                self.data_note,
                wrap_row([self.seed_text, self.landings_text, self.drop_button]),
                self.error_label,
                self.info_label,
                self.stepper.row,
                self.event_label,
                # side by side where there is room, the table and log below the picture where there is not
                wrap_row(
                    [
                        self.picture,
                        widgets.VBox(
                            [self.fields_html, self.log_html],
                            layout=widgets.Layout(flex="1 1 380px", min_width="380px", max_width="520px"),
                        ),
                    ]
                ),
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self._on_start_text(None)

    # ----- read-only views ------------------------------------------------------------------------------------
    @property
    def start(self) -> Pyramid | None:
        """The starting pyramid typed in the box (None while the text does not parse)."""
        return self._start

    @property
    def result(self) -> PhaseResult | None:
        """The last phase run with Drop (None before the first Drop, or after the start was changed)."""
        return self._result

    @property
    def event_count(self) -> int:
        return len(self._result.events) if self._result else 0

    @property
    def step(self) -> int:
        """0: before the phase; k: right after event k."""
        return self.event_slider.value

    @property
    def pyramid(self) -> Pyramid | None:
        """The pyramid shown now: the start, or the state right after the current event."""
        if self._result and self.step > 0:
            return self._result.events[self.step - 1].after
        return self._result.start if self._result else self._start

    @property
    def event_text(self) -> str:
        """The current event and its rule step, in plain text."""
        if self._result is None or self.step == 0:
            return f"Before the phase: {self.pyramid}" if self.pyramid else ""
        e = self._result.events[self.step - 1]
        return f"Event {self.step} of {self.event_count}: {e.text} [{e.step}]"

    @property
    def landings_used(self) -> str:
        """The landings of the last Drop in notation (paste them into the landings box to replay it exactly)."""
        return format_landings(self._result.landings) if self._result else ""

    @property
    def error(self) -> str:
        """The current error message in plain text ('' when there is none)."""
        return self._error

    @property
    def counts(self) -> Counter:
        """The spheres the sliders ask for."""
        return self.spheres.counts

    # ----- actions ----------------------------------------------------------------------------------------------
    def drop(self) -> None:
        """Run the weather phase from the start pyramid (what the Drop button does)."""
        if self._start is None:
            return
        typed = self.landings_text.value.strip()
        try:
            if typed:
                landings = parse_landings(typed)
                spheres = Counter(x.sphere for x in landings)
                result = weather_phase(self._start, spheres, landings=landings, readings=self.readings)
                whose = "the preset's landings" if self._landings_from_preset else "the landings you typed"
                info = f"Dropped {whose}, <code>{escape(typed)}</code> (the sphere sliders are not used)."
            else:
                result = weather_phase(
                    self._start,
                    self.counts,
                    rng=random.Random(self.seed_text.value),
                    readings=self.readings,
                    preamble=self.spheres.preamble(),
                )
                info = (
                    f"Dropped at random with seed {self.seed_text.value}. To replay exactly, type these "
                    f"landings: <code>{escape(format_landings(result.landings)) or '(none)'}</code>"
                )
        except (TameriError, ValueError) as e:
            self._forget_result()  # no old phase stays beside the error
            self._set_error(str(e))
            return
        self._set_error("")
        self._result = result
        self.info_label.value = f"<small>{info}</small>"
        self.stepper.reset()
        self._show()

    def go(self, step: int) -> None:
        """Show the state after event ``step`` (0: before the phase), clamped to the events there are."""
        self.stepper.go(step)

    def apply_preset(self, key: str) -> None:
        """Load a preset by key (see :data:`PRESETS`): the whole widget starts over (start, spheres, tile and
        season, seed, landings; the phase shown is cleared)."""
        if key not in _BY_KEY:
            raise WidgetArgumentError(f"no weather preset {key!r}; the presets are {', '.join(_BY_KEY)}")
        p = _BY_KEY[key]
        self.spheres.set_counts(p.sun, p.water, p.silt)
        self.seed_text.value = self.initial_seed
        self.landings_text.value = p.landings
        self._landings_from_preset = key if p.landings else ""
        self.pyramid_text.value = p.pyramid
        self._on_start_text(None)  # also when the text did not change
        self.info_label.value = f"<small>{escape(p.note)}</small>"

    # ----- callbacks ------------------------------------------------------------------------------------------
    def _forget_result(self, note: str = "") -> None:
        """The phase shown no longer fits the inputs: back to the start pyramid, with ``note`` saying why."""
        had = self._result is not None
        self._result = None
        self.stepper.reset()
        self.info_label.value = f"<small>{escape(note)}</small>" if note and had else ""
        self._show()

    def _inputs_changed(self) -> None:
        """A sphere count, the tile, the season, the seed or the landings changed: the old phase is out of date."""
        if self._result is not None:
            self._forget_result("The inputs changed: press Drop to run the phase with them.")

    def _set_error(self, message: str) -> None:
        self._error = message
        self.error_label.value = f"<pre style='color:#b00020;margin:0'>{escape(message)}</pre>" if message else ""

    def _on_start_text(self, _change) -> None:
        chosen = self.presets.loaded
        if chosen is not None and self.pyramid_text.value != _BY_KEY[chosen].pyramid:
            self.presets.let_go()  # edited by hand
        try:
            self._start = Pyramid.parse(self.pyramid_text.value)
        except (TameriError, ValueError) as e:
            self._start = None
            self._result = None
            self._set_error(str(e))
            self.drop_button.disabled = True
            self._clear_pictures()  # nothing of the old pyramid stays beside the error
            return
        self._result = None
        self.stepper.reset()
        self.info_label.value = ""
        self._check_landings()
        self._show()

    def _check_landings(self) -> bool:
        try:
            parse_landings(self.landings_text.value)
        except (TameriError, ValueError) as e:
            self._set_error(str(e))
            self.drop_button.disabled = True
            return False
        self._set_error("")
        self.drop_button.disabled = self._start is None
        return True

    def _on_landings_text(self, _change) -> None:
        if self._landings_from_preset and self.landings_text.value != _BY_KEY[self._landings_from_preset].landings:
            self._landings_from_preset = ""  # typed by hand now
        if self._start is None:  # the start text's error is shown until it is fixed
            return
        self._inputs_changed()
        self._check_landings()

    # ----- drawing --------------------------------------------------------------------------------------------
    def _show(self) -> None:
        self.stepper.update_buttons()
        k = self.step
        p = self.pyramid
        if p is None:
            return
        ramp = self._result.events[k - 1].ramp if self._result and k > 0 else None
        settled = self.settled
        self.picture.value = pyramid_svg(
            p, self.board, self.readings, highlight=ramp, width=self.picture_width, settled=settled
        )
        self.event_label.value = f"<b>{escape(self.event_text)}</b>"
        self.fields_html.value = fields_table(p, self.board, self.readings, settled=settled)
        self.log_html.value = self._log()

    @property
    def settled(self) -> bool:
        """False in the middle of a phase: the fields are judged only once steps 3-6 are over."""
        return self._result is None or self.step in (0, self.event_count)

    def _clear_pictures(self) -> None:
        self.stepper.reset()
        self.stepper.update_buttons()
        for html in (self.picture, self.event_label, self.fields_html, self.log_html, self.info_label):
            html.value = ""

    def _log(self) -> str:
        """The events so far (up to the one shown): the ones still to come stay hidden until stepped to."""
        if not self._result:
            return ""
        items = []
        for i, e in enumerate(self._result.events[: self.step], 1):
            text = f"{escape(e.text)} <small>[{escape(e.step)}]</small>"
            items.append(f"<li><b>{text}</b></li>" if i == self.step else f"<li>{text}</li>")
        later = self.event_count - self.step
        more = f"<small>{later} more to come: press Next.</small>" if later else ""
        return "<b>Events so far</b><ol style='margin-top:0'>" + "".join(items) + "</ol>" + more

    # ----- display ----------------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


__all__ = ["WeatherPyramidWidget", "PRESETS", "Preset"]
