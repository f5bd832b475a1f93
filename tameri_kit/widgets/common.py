"""Pieces shared by several widgets."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape
from typing import Callable

import base64

import ipywidgets as widgets

from ..data.board import WeatherData
from ..errors import TameriError
from ..rules.common import Sphere


class WidgetArgumentError(TameriError, ValueError):
    """A widget was built with a value it cannot use; the message says which argument and what is expected."""


def wrap_row(children, **layout) -> widgets.HBox:
    """A row of controls that wraps onto the next line when the output area is too narrow (no clipping)."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", **layout))


class ChartImage(widgets.HTML):
    """A PNG chart with a text alternative: ``png`` (bytes, ``b""`` for none) is shown as ``<img alt=...>``.

    Why not ``ipywidgets.Image``: it draws an ``<img>`` with no ``alt`` (a screen reader meets a nameless image;
    axe-core's image-alt rule, critical), and giving it a ``tooltip`` breaks its view in Voila (the widget-error
    icon is shown instead).  ``alt`` says what the chart shows, without its numbers (the table beside it has them).
    """

    def __init__(self, alt: str, **kwargs):
        super().__init__(**kwargs)
        self.alt = alt
        self._png = b""

    @property
    def png(self) -> bytes:
        """The chart's PNG bytes (``b""``: no chart)."""
        return self._png

    @png.setter
    def png(self, data: bytes) -> None:
        self._png = bytes(data)
        encoded = base64.b64encode(self._png).decode("ascii")
        self.value = (
            f'<img alt="{escape(self.alt)}" src="data:image/png;base64,{encoded}" style="max-width:100%">'
            if self._png
            else ""
        )


#: The prompt option of a preset menu: choosing it does nothing.
PROMPT = ""


class PresetMenu:
    """A dropdown of presets that loads the one chosen and then goes back to its prompt, so choosing the same
    preset again loads it again (every preset resets the whole widget).  ``loaded_label`` says what was loaded.

    ``options`` are (label, key) pairs; ``load(key)`` puts the whole widget in the preset's state.
    """

    def __init__(
        self,
        options,
        load: Callable[[str], None],
        *,
        description: str = "Preset",
        width: str = "480px",
        prompt: str = "choose one to load it (again: start over)",
    ):
        self._load = load
        self.labels = dict((key, label) for label, key in options)
        self.dropdown = widgets.Dropdown(
            options=[(prompt, PROMPT), *options],
            value=PROMPT,
            description=description,
            layout=widgets.Layout(width=width, max_width="100%"),
        )
        self.loaded = None
        self.loaded_label = widgets.HTML("")
        self.dropdown.observe(self._on_choice, "value")

    def _on_choice(self, change) -> None:
        key = change["new"]
        if key == PROMPT or key is None:
            return
        self.load(key)
        self.dropdown.value = PROMPT  # ready to be chosen again

    def load(self, key: str) -> None:
        if key not in self.labels:
            raise WidgetArgumentError(f"no preset {key!r}; the presets are {', '.join(map(repr, self.labels))}")
        self._load(key)
        self.loaded = key
        self.loaded_label.value = f"<small>Loaded preset: <b>{escape(self.labels[key])}</b></small>"

    def let_go(self) -> None:
        """The learner changed something by hand: the widget no longer shows the preset."""
        if self.loaded is not None:
            self.loaded = None
            self.loaded_label.value = ""


@dataclass(frozen=True)
class Preset:
    """A starting position for a weather widget: the pyramid, the spheres to drop, and (optionally) where they
    land, with a note saying what it shows."""

    key: str
    label: str
    pyramid: str
    sun: int = 0
    water: int = 0
    silt: int = 0
    landings: str = ""
    note: str = ""


class SphereChooser:
    """The spheres a weather phase drops: three sliders, or a Weather tile and a Season that set them.

    Phase 1: Weather, steps 1-2 (the tile's spheres plus the Season's).  The tiles' and seasons' contents are
    illustrative data.  Moving a slider away from what the chosen tile and season give resets the tile to "none".
    The Season only counts together with a tile, so it is disabled while the tile is "none".
    ``on_change`` (if given) is called after any change a person makes.
    """

    def __init__(
        self,
        weather: WeatherData,
        *,
        initial: tuple[int, int, int] = (2, 1, 1),
        most: int = 8,
        continuous_update: bool = True,
        on_change: Callable[[], None] | None = None,
        season_layout: widgets.Layout | None = None,
    ):
        self.weather = weather
        self.on_change = on_change
        self._syncing = False
        sun, water, silt = initial
        self.sun_slider = widgets.IntSlider(
            value=sun, min=0, max=most, description="Sun", continuous_update=continuous_update
        )
        self.water_slider = widgets.IntSlider(
            value=water, min=0, max=most, description="Water", continuous_update=continuous_update
        )
        self.silt_slider = widgets.IntSlider(
            value=silt, min=0, max=most, description="Silt", continuous_update=continuous_update
        )
        self.tile_dropdown = widgets.Dropdown(
            options=[("none: set the sliders by hand", 0)] + [(str(t), t.id) for t in weather.tiles],
            value=0,
            description="Tile",
            layout=widgets.Layout(max_width="100%"),
        )
        self.season_dropdown = widgets.Dropdown(
            options=[(str(s), s.number) for s in weather.seasons],
            value=1,
            description="Season",
            disabled=True,
            tooltip="choose a Weather tile first: a Season adds its spheres to the tile's",
            layout=season_layout or widgets.Layout(width="360px", max_width="100%"),
        )
        self.tile_dropdown.observe(self._on_tile, "value")
        self.season_dropdown.observe(self._on_tile, "value")
        for s in self.sliders:
            s.observe(self._on_slider, "value")

    @property
    def sliders(self) -> tuple[widgets.IntSlider, widgets.IntSlider, widgets.IntSlider]:
        return self.sun_slider, self.water_slider, self.silt_slider

    @property
    def rows(self) -> list[widgets.Widget]:
        return [wrap_row(self.sliders), wrap_row([self.tile_dropdown, self.season_dropdown])]

    @property
    def counts(self) -> Counter:
        """The spheres the sliders ask for."""
        return Counter(
            {
                Sphere.SUN: self.sun_slider.value,
                Sphere.WATER: self.water_slider.value,
                Sphere.SILT: self.silt_slider.value,
            }
        )

    def tile_counts(self) -> Counter:
        """What the chosen tile and season drop together."""
        return (
            self.weather.tile(self.tile_dropdown.value).counter()
            + self.weather.season(self.season_dropdown.value).counter()
        )

    def preamble(self) -> list[str]:
        """Lines for the event log saying which tile and season were used (empty when set by hand)."""
        if self.tile_dropdown.value == 0:
            return []
        tile = self.weather.tile(self.tile_dropdown.value)
        season = self.weather.season(self.season_dropdown.value)
        return [f"{tile} (illustrative)", f"{season} (illustrative)"]

    def set_counts(self, sun: int, water: int, silt: int) -> None:
        """Set the sliders by program (tile back to "none"), without calling ``on_change``."""
        self._syncing = True
        try:
            self.tile_dropdown.value = 0
            self.season_dropdown.value = 1
            self.season_dropdown.disabled = True
            self.sun_slider.value, self.water_slider.value, self.silt_slider.value = sun, water, silt
        finally:
            self._syncing = False

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _on_tile(self, _change) -> None:
        self.season_dropdown.disabled = self.tile_dropdown.value == 0
        if self._syncing or self.tile_dropdown.value == 0:
            return
        c = self.tile_counts()
        self._syncing = True
        try:
            for s, slider in zip(Sphere, self.sliders):
                slider.max = max(slider.max, c[s])
                slider.value = c[s]
        finally:
            self._syncing = False
        self._changed()

    def _on_slider(self, _change) -> None:
        if self._syncing:
            return
        if self.tile_dropdown.value and +self.counts != +self.tile_counts():
            self._syncing = True
            try:
                self.tile_dropdown.value = 0  # the sliders no longer say what the tile and season give
                self.season_dropdown.disabled = True
            finally:
                self._syncing = False
        self._changed()


class EventStepper:
    """First / Back / Next / Last buttons around a slider, for replaying a list of events one at a time.

    ``count()`` says how many events there are; ``show()`` draws the current one (``self.step``, 0 = before the
    first event).  The widget that owns the stepper calls :meth:`reset` when it has a new list of events.
    """

    def __init__(self, count: Callable[[], int], show: Callable[[], None], *, description: str = "Event"):
        self._count, self._show = count, show
        size = widgets.Layout(width="auto")
        self.first_button = widgets.Button(description="First", icon="fast-backward", tooltip="first", layout=size)
        self.prev_button = widgets.Button(description="Back", icon="step-backward", tooltip="previous", layout=size)
        self.next_button = widgets.Button(description="Next", icon="step-forward", tooltip="next", layout=size)
        self.last_button = widgets.Button(description="Last", icon="fast-forward", tooltip="last", layout=size)
        self.slider = widgets.IntSlider(value=0, min=0, max=0, description=description)
        self.first_button.on_click(lambda _b: self.go(0))
        self.prev_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))
        self.last_button.on_click(lambda _b: self.go(self._count()))
        self.slider.observe(lambda _c: self._show(), "value")

    @property
    def step(self) -> int:
        return self.slider.value

    def expose(self, owner) -> None:
        """Give ``owner`` the controls as its own attributes (``first_button`` ... ``event_slider``) for tests."""
        owner.first_button, owner.prev_button = self.first_button, self.prev_button
        owner.next_button, owner.last_button = self.next_button, self.last_button
        owner.event_slider = self.slider

    @property
    def row(self) -> widgets.HBox:
        return wrap_row([self.first_button, self.prev_button, self.slider, self.next_button, self.last_button])

    def go(self, step: int) -> None:
        """Show the state after event ``step``, clamped to the events there are."""
        self.slider.value = max(0, min(self._count(), int(step)))
        self._show()

    def reset(self) -> None:
        """A new list of events: back to the start (the caller redraws)."""
        self.slider.max = self._count()
        self.slider.value = 0

    def update_buttons(self) -> None:
        n, k = self._count(), self.step
        self.first_button.disabled = self.prev_button.disabled = k <= 0
        self.next_button.disabled = self.last_button.disabled = k >= n
        self.slider.disabled = n == 0
