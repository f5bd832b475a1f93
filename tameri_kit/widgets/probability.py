"""RampProbabilityWidget: exact chances for the fields after a weather phase, beside a seeded simulation.

Rulebook: Phase 1: Weather, steps 3-6; Productive Fields and Harvests; Harvest.

A thin view over :mod:`tameri_kit.probability`: the teacher picks a starting pyramid, the spheres to drop (by
hand or from a Weather tile and a Season - illustrative data), optionally tilts one ramp, and reads
P(productive) and the expected harvest of one Farmer on each field as exact fractions, next to simulated
estimates with 95% Wilson intervals, a progress bar and a convergence plot.  Every child widget is an attribute::

    w = RampProbabilityWidget()
    w.water_slider.value = 1; w.sun_slider.value = 0; w.silt_slider.value = 0
    w.exact_button.click()
    w.exact["E-flax"]          # Fraction(1, 4)
    w.simulate_button.click()
    w.estimates["E-flax"].productive

The plotting helpers (:func:`convergence_figure`, :func:`polynomial_figure`, :func:`figure_png`,
:func:`lowest_point`) live in :mod:`tameri_kit.widgets.probability_figures` and are importable from here too; they
build ``matplotlib.figure.Figure`` objects (never pyplot state), so notebooks can show them too.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ..data.board import BoardMap, load_map, load_weather
from ..errors import TameriError
from ..probability.exact import FieldChance, dropped_counts, field_chances, tilt
from ..probability.simulate import Estimate, SimulationResult, iter_simulation
from ..rules.common import RAMPS
from ..rules.pyramid import SETUP, Pyramid
from ..rules.readings import DEFAULT, Readings
from .common import ChartImage, Preset, PresetMenu, SphereChooser, WidgetArgumentError, wrap_row
from .probability_figures import (
    convergence_figure,
    field_named,
    figure_png,
    lowest_point,
    number_text,
    polynomial_figure,
)

#: The exact computation enumerates every arrangement; beyond this many dropped spheres it gets slow.
EXACT_LIMIT = 10
#: The plain loop plays each phase with the core: keep its runs short.
PLAIN_LIMIT = 50_000
#: What choosing the plain loop sets "Phases" to when more were asked for (a few seconds).
PLAIN_DEFAULT = 10_000


PRESETS: tuple[Preset, ...] = (
    Preset(
        "setup_water",
        "Set-up, drop 1 Water",
        str(SETUP),
        water=1,
        note="Each ramp gets the Water 1 time in 4; where it lands, it cancels one Sun (step 6).",
    ),
    Preset(
        "setup_mix",
        "Set-up, drop 1 Sun, 1 Water, 1 Silt",
        str(SETUP),
        sun=1,
        water=1,
        silt=1,
        note="Three spheres: counts on a ramp are Binomial colour by colour, and their order on the ramp matters.",
    ),
    Preset(
        "order",
        "Four Suns on North, drop 1 Sun and 1 Silt",
        "N:SSSS E:- S:- W:- rivers:0000",
        sun=1,
        silt=1,
        note="Sun then Silt on North: five Suns, one goes. Silt then Sun: the Silt leaves and five Suns stay.",
    ),
    Preset(
        "empty_silt",
        "Empty ramps, drop 2 Silt",
        "N:- E:- S:- W:- rivers:0000",
        silt=2,
        note="All fields grow (empty ramps); the harvest depends on how much Silt reaches each river.",
    ),
    Preset(
        "mixed",
        "A mid-game pyramid, drop 2 Sun, 2 Water, 1 Silt",
        "N:SS E:W S:- W:SL rivers:2103",
        sun=2,
        water=2,
        silt=1,
        note="Four different ramps: every ramp has its own distribution.",
    ),
)
_BY_KEY = {p.key: p for p in PRESETS}


# ----------------------------------------------------------------------------------------------------------------
# The widget
# ----------------------------------------------------------------------------------------------------------------
class RampProbabilityWidget:
    """Exact chances for the 8 fields after one weather phase, beside a seeded simulation.

    Read-only properties: :attr:`start`, :attr:`counts`, :attr:`weights`, :attr:`exact` ({"N-barley": Fraction}),
    :attr:`exact_yields`, :attr:`result` (the last :class:`SimulationResult`), :attr:`estimates`
    ({"N-barley": Estimate}), :attr:`history` (for the convergence plot), :attr:`error`.
    """

    def __init__(
        self,
        pyramid: Pyramid | str = SETUP,
        *,
        readings: Readings = DEFAULT,
        board: BoardMap | None = None,
        seed: int = 1,
        samples: int = 100_000,
    ):
        if not isinstance(pyramid, (Pyramid, str)):
            raise WidgetArgumentError(
                f"RampProbabilityWidget: pyramid must be a Pyramid or its notation "
                f"(e.g. {str(SETUP)!r}), not {type(pyramid).__name__}"
            )
        for name, value in (("seed", seed), ("samples", samples)):
            if isinstance(value, bool) or not isinstance(value, int) or (name == "samples" and value < 1):
                raise WidgetArgumentError(
                    f"RampProbabilityWidget: {name} must be a whole number"
                    f"{' of at least 1' if name == 'samples' else ''}, not {value!r}"
                )
        self.readings = readings
        self.board = board or load_map()
        self.weather = load_weather()
        self.initial_seed, self.initial_samples = seed, samples
        self._plot_field_chosen = False  # until the learner picks one, plot the most uncertain field
        self._start: Pyramid | None = None
        self._chances: list[FieldChance] = []
        self._result: SimulationResult | None = None
        self._history: list = []
        self._error = ""
        self._syncing = False

        text = str(pyramid) if isinstance(pyramid, Pyramid) else pyramid
        self.title = widgets.HTML("<h3 style='margin:0'>Chances on the weather ramps: exact and simulated</h3>")
        self.presets = PresetMenu([(p.label, p.key) for p in PRESETS], self.apply_preset)
        self.preset_dropdown = self.presets.dropdown
        self.pyramid_text = widgets.Text(
            value=text,
            description="Start",
            continuous_update=True,  # checked as typed
            layout=widgets.Layout(width="480px", max_width="100%"),
            placeholder="N:SS E:SS S:SS W:SS rivers:2222",
        )
        self.spheres = SphereChooser(
            self.weather, initial=(1, 1, 1), most=6, continuous_update=False, on_change=lambda: self._on_inputs(None)
        )
        self.sun_slider, self.water_slider, self.silt_slider = self.spheres.sliders
        self.tile_dropdown, self.season_dropdown = self.spheres.tile_dropdown, self.spheres.season_dropdown
        self.data_note = widgets.HTML(
            "<small>The tiles' and seasons' spheres are <b>illustrative</b> (the "
            "rulebook's pictures of them were lost), not the publisher's.</small>"
        )
        self.tilt_dropdown = widgets.Dropdown(
            options=[("no tilt: 1/4 each", "")] + [(r.label, r.value) for r in RAMPS], value="", description="Tilt ramp"
        )
        self.tilt_slider = widgets.IntSlider(
            value=25,
            min=0,
            max=100,
            step=1,
            description="its chance %",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.weights_label = widgets.HTML("")
        self.exact_button = widgets.Button(
            description="Exact",
            button_style="primary",
            icon="calculator",
            tooltip="Compute the exact probabilities (fractions)",
        )
        self.samples_text = widgets.IntText(value=samples, description="Phases", layout=widgets.Layout(width="200px"))
        self.seed_text = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="160px"))
        self.method_toggle = widgets.ToggleButtons(
            options=[("vectorised (numpy)", "vectorised"), ("plain loop (the core)", "plain")],
            value="vectorised",
            description="Simulator",
        )
        self.simulate_button = widgets.Button(
            description="Simulate", button_style="info", icon="random", tooltip="Simulate the phase many times (seeded)"
        )
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Progress")
        self.plot_field_dropdown = widgets.Dropdown(
            options=[(f.label, str(f)) for f in self.board.fields],
            value=str(self.board.fields[0]),
            description="Plot field",
        )
        self.plot_what_toggle = widgets.ToggleButtons(
            options=[("P(productive)", "productive"), ("expected harvest", "yield")], value="productive"
        )
        self.error_label = widgets.HTML("")
        self.info_label = widgets.HTML("")
        self.table_html = widgets.HTML("")
        self.plot_image = ChartImage(
            "Line chart: the running share of the samples so far, beside the exact chance",
            layout=widgets.Layout(max_width="100%", display="none", align_self="flex-start"),
        )

        self.pyramid_text.observe(self._on_inputs, "value")
        self.seed_text.observe(self._on_simulation_inputs, "value")
        self.samples_text.observe(self._on_simulation_inputs, "value")
        self.method_toggle.observe(self._on_method, "value")
        self.tilt_dropdown.observe(self._on_inputs, "value")
        self.tilt_slider.observe(self._on_inputs, "value")
        self.plot_field_dropdown.observe(self._on_plot_field, "value")
        self.plot_what_toggle.observe(lambda _c: self._draw_plot(), "value")
        self.exact_button.on_click(lambda _b: self.compute_exact())
        self.simulate_button.on_click(lambda _b: self.run_simulation())

        self.box = widgets.VBox(
            [
                self.title,
                wrap_row([self.preset_dropdown, self.presets.loaded_label]),
                self.pyramid_text,
                *self.spheres.rows,
                self.data_note,
                wrap_row([self.tilt_dropdown, self.tilt_slider]),
                self.weights_label,
                wrap_row([self.exact_button, self.samples_text, self.seed_text, self.simulate_button]),
                self.method_toggle,
                self.progress,
                self.error_label,
                self.info_label,
                self.table_html,
                wrap_row([self.plot_field_dropdown, self.plot_what_toggle]),
                self.plot_image,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self._on_inputs(None)

    # ----- read-only views ------------------------------------------------------------------------------------
    @property
    def start(self) -> Pyramid | None:
        return self._start

    @property
    def counts(self) -> Counter:
        """The spheres the sliders ask for (the supply may hold fewer: see :attr:`dropped`)."""
        return self.spheres.counts

    @property
    def dropped(self) -> tuple[int, int, int]:
        """(Sun, Water, Silt) that really fall (Phase 1: Weather, step 3: only what the supply holds)."""
        return dropped_counts(self._start, self.counts) if self._start else (0, 0, 0)

    @property
    def weights(self) -> tuple:
        """The landing chances of the four ramps (N, E, S, W) as Fractions."""
        if not self.tilt_dropdown.value:
            return (Fraction(1, 4),) * 4
        return tilt(self.tilt_dropdown.value, Fraction(self.tilt_slider.value, 100))

    @property
    def exact(self) -> dict[str, Fraction]:
        """{"N-barley": P(productive), ...} from the last exact computation."""
        return {str(c.field): c.productive for c in self._chances}

    @property
    def exact_yields(self) -> dict[str, Fraction]:
        return {str(c.field): c.expected_yield for c in self._chances}

    @property
    def result(self) -> SimulationResult | None:
        return self._result

    @property
    def estimates(self) -> dict[str, Estimate]:
        return {str(f): e for f, e in self._result.estimates().items()} if self._result else {}

    @property
    def history(self) -> list:
        return self._history

    @property
    def error(self) -> str:
        return self._error

    @property
    def plot_png(self) -> bytes:
        """The convergence plot shown, as PNG bytes (b"" before a simulation)."""
        return bytes(self.plot_image.png)

    # ----- actions ----------------------------------------------------------------------------------------------
    def compute_exact(self) -> None:
        """What the Exact button does."""
        if self._start is None:
            return
        n = sum(self.dropped)
        if n > EXACT_LIMIT:
            self._chances = []
            self._set_error(
                f"{n} spheres fall: the exact computation is limited to {EXACT_LIMIT} here "
                "(it lists every arrangement); use the simulation."
            )
            self._draw_table()
            return
        try:
            self._chances = field_chances(self._start, self.counts, self.weights, self.readings, self.board)
        except (TameriError, ValueError) as e:
            self._set_error(str(e))
            return
        self._set_error("")
        self._choose_plot_field()
        self._draw_table()
        self._draw_plot()

    def run_simulation(self) -> None:
        """What the Simulate button does: a seeded run in about 40 blocks, moving the progress bar.

        The numbers are those of ``convergence(start, spheres, n, seed=..., method=..., weights=...)``."""
        if self._start is None:
            return
        n, method = int(self.samples_text.value), self.method_toggle.value
        if n < 1:
            self._set_error("simulate at least 1 phase")
            return
        if method == "plain" and n > PLAIN_LIMIT:
            self._set_error(f"the plain loop is slow: at most {PLAIN_LIMIT:,} phases here (try the vectorised one)")
            return
        self.progress.max, self.progress.value = n, 0
        self.simulate_button.disabled = True
        history, result = [], None
        try:
            # about 40 blocks: each block moves the progress bar and adds a point to the convergence plot
            for result in iter_simulation(
                self._start,
                self.counts,
                n,
                seed=int(self.seed_text.value),
                method=method,
                weights=self.weights,
                readings=self.readings,
                board=self.board,
                chunk=max(1, -(-n // 40)),
            ):
                history.append((result.n, result.estimates()))
                self.progress.value = result.n
        except (TameriError, ValueError) as e:
            self._set_error(str(e))
            return
        finally:
            self.simulate_button.disabled = False
        self._history, self._result = history, result
        self._set_error("")
        self._draw_table()
        self._draw_plot()

    def apply_preset(self, key: str) -> None:
        """Load a preset: the whole widget starts over (start, spheres, tile, no tilt, seed, phases, simulator,
        plotted field and quantity; the answers shown are cleared)."""
        if key not in _BY_KEY:
            raise WidgetArgumentError(f"no probability preset {key!r}; the presets are {', '.join(_BY_KEY)}")
        p = _BY_KEY[key]
        self._syncing = True
        try:
            self.spheres.set_counts(p.sun, p.water, p.silt)
            self.pyramid_text.value = p.pyramid
            self.tilt_dropdown.value = ""
            self.tilt_slider.value = 25
            self.seed_text.value = self.initial_seed
            self.samples_text.value = self.initial_samples
            self.method_toggle.value = "vectorised"
            self.plot_what_toggle.value = "productive"
            self._plot_field_chosen = False
        finally:
            self._syncing = False
        self._on_inputs(None)
        self.info_label.value = f"<small>{escape(p.note)}</small>"

    def _on_method(self, _change) -> None:
        """The plain loop is limited to PLAIN_LIMIT phases: choosing it with more asked for lowers the number
        (before, the default 100,000 made Simulate fail at once).  Another simulator's numbers differ: the
        simulation shown is out of date."""
        self._on_simulation_inputs(None)
        if self._syncing or self.method_toggle.value != "plain" or self.samples_text.value <= PLAIN_LIMIT:
            return
        self.samples_text.value = PLAIN_DEFAULT
        self.info_label.value = (
            f"<small>The plain loop plays every phase with the rules core, so it is slow: "
            f"Phases set to {PLAIN_DEFAULT:,} (at most {PLAIN_LIMIT:,}).</small>"
        )

    def _on_plot_field(self, _change) -> None:
        if not self._syncing:
            self._plot_field_chosen = True
        self._draw_plot()

    def _choose_plot_field(self) -> None:
        """Until the learner picks a field, plot the one whose chance is least certain (closest to 1/2): a field
        with chance 0 or 1 gives a flat line."""
        if self._plot_field_chosen or not self._chances:
            return
        best = max(self._chances, key=lambda c: c.productive * (1 - c.productive))
        self._syncing = True
        try:
            self.plot_field_dropdown.value = str(best.field)
        finally:
            self._syncing = False

    # ----- callbacks ------------------------------------------------------------------------------------------
    def _set_error(self, message: str) -> None:
        self._error = message
        self.error_label.value = f"<pre style='color:#b00020;margin:0'>{escape(message)}</pre>" if message else ""

    def _on_inputs(self, _change) -> None:
        """Anything that changes the question forgets the answers shown."""
        if self._syncing:
            return
        self.presets.let_go()  # the question is no longer the preset's (a preset reloads itself after this)
        try:
            self._start = Pyramid.parse(self.pyramid_text.value)
        except (TameriError, ValueError) as e:
            self._start = None
            self._set_error(str(e))
            self.exact_button.disabled = self.simulate_button.disabled = True
            self._chances, self._result, self._history = [], None, []  # no old answer stays beside the error
            self.table_html.value = self.info_label.value = self.weights_label.value = ""
            self.progress.value = 0
            self._set_plot(b"")
            return
        self._set_error("")
        self.exact_button.disabled = self.simulate_button.disabled = False
        self.tilt_slider.disabled = not self.tilt_dropdown.value
        self.weights_label.value = (
            "<small>One sphere lands on N, E, S, W with chances "
            + ", ".join(number_text(w) for w in self.weights)
            + "</small>"
        )
        self._chances, self._result, self._history = [], None, []
        self.progress.value = 0
        self.info_label.value = ""
        self._set_plot(b"")
        self.compute_exact()  # fast (well under a second up to EXACT_LIMIT spheres), so always up to date

    def _on_simulation_inputs(self, _change) -> None:
        """A new seed, number of phases or simulator: the simulation shown is out of date (the exact table holds)."""
        if self._syncing or self._result is None:
            return
        self._result, self._history = None, []
        self.progress.value = 0
        self._set_plot(b"")
        self.info_label.value = "<small>The simulation's settings changed: press Simulate to run it again.</small>"
        self._draw_table()

    def _set_plot(self, png: bytes) -> None:
        """Show the convergence plot, or hide the image while there is none (no broken-image icon)."""
        self.plot_image.png = png
        self.plot_image.layout.display = None if png else "none"

    # ----- drawing --------------------------------------------------------------------------------------------
    def _draw_table(self) -> None:
        est = self._result.estimates() if self._result else {}
        head = (
            "<tr><th>Field</th><th>P(productive) exact</th><th>\u2248</th><th>simulated [95%]</th>"
            "<th>Expected harvest exact</th><th>\u2248</th><th>simulated [95%]</th></tr>"
        )
        rows = []
        chances = {c.field: c for c in self._chances}
        for f in self.board.fields:
            c, e = chances.get(f), est.get(f)
            cells = [escape(f.label)]
            cells += [number_text(c.productive), f"{float(c.productive):.4f}"] if c else ["", ""]
            cells += [f"{e.productive:.4f} [{e.productive_low:.4f}, {e.productive_high:.4f}]"] if e else [""]
            cells += [number_text(c.expected_yield), f"{float(c.expected_yield):.4f}"] if c else ["", ""]
            cells += [f"{e.expected_yield:.4f} [{e.yield_low:.4f}, {e.yield_high:.4f}]"] if e else [""]
            rows.append("<tr>" + "".join(f"<td style='padding:2px 8px'>{x}</td>" for x in cells) + "</tr>")
        caption = ""
        if self._start is not None:
            s, w, l = self.dropped
            caption = f"<caption>Dropping {s} Sun, {w} Water, {l} Silt onto {escape(str(self._start))}"
            if self._result:
                caption += f"; {self._result.n:,} simulated phases ({self._result.method}, seed {self._result.seed})"
            caption += "</caption>"
        self.table_html.value = f"<table class='tameri-probability'>{caption}{head}{''.join(rows)}</table>"

    def _draw_plot(self) -> None:
        if not self._history:
            self._set_plot(b"")
            return
        f = field_named(self.plot_field_dropdown.value)
        what = self.plot_what_toggle.value
        chances = {c.field: c for c in self._chances}
        exact = None
        if f in chances:
            exact = chances[f].productive if what == "productive" else chances[f].expected_yield
        self._set_plot(figure_png(convergence_figure(self._history, f, exact, what)))

    # ----- display ----------------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


__all__ = [
    "RampProbabilityWidget",
    "PRESETS",
    "Preset",
    "convergence_figure",
    "polynomial_figure",
    "figure_png",
    "lowest_point",
    "EXACT_LIMIT",
    "PLAIN_LIMIT",
]
