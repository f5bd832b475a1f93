"""RampProbabilityWidget, driven without a browser (set .value, call .click(), read the results).

Rulebook: Phase 1: Weather, steps 3-6; Productive Fields and Harvests; Harvest.  Expected values are worked out
by hand (see the comments); the map is N barley+fruit, E papyrus+flax, S barley+papyrus, W fruit+flax.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

import pytest

from tameri_kit.data.board import load_weather
from tameri_kit.rules import Pyramid, Sphere
from tameri_kit.widgets.probability import (
    EXACT_LIMIT,
    PRESETS,
    RampProbabilityWidget,
    convergence_figure,
    figure_png,
    polynomial_figure,
)


@pytest.fixture
def w():
    return RampProbabilityWidget(samples=20_000, seed=3)


def test_one_water_from_the_setup(w):
    # Set-up (2 Sun per ramp, 2 Silt per river), one Water: it lands on each ramp 1 time in 4 and cancels a Sun
    # there (step 6), leaving 1 Sun.  Flax needs at most 1 sphere -> 1/4; Papyrus never (a Sun stays);
    # Barley (<= 2 spheres) and Fruit (<= 3 Sun, no Water) always.  2 Silt -> yield 1.
    w.preset_dropdown.value = "setup_water"
    assert w.dropped == (0, 1, 0)
    assert w.exact == {
        "N-barley": 1,
        "N-fruit": 1,
        "E-papyrus": 0,
        "E-flax": F(1, 4),
        "S-barley": 1,
        "S-papyrus": 0,
        "W-fruit": 1,
        "W-flax": F(1, 4),
    }
    assert w.exact_yields == w.exact
    assert "1/4" in w.table_html.value and "0.2500" in w.table_html.value
    assert w.error == ""


def test_tilting_a_ramp(w):
    w.preset_dropdown.value = "setup_water"
    # Tilt East to 40%: East 2/5, the other three (1 - 2/5)/3 = 1/5 each.
    w.tilt_dropdown.value = "E"
    w.tilt_slider.value = 40
    assert w.weights == (F(1, 5), F(2, 5), F(1, 5), F(1, 5))
    assert "2/5" in w.weights_label.value
    # E-flax is productive exactly when the Water lands on East: 2/5; W-flax: 1/5.
    assert w.exact["E-flax"] == F(2, 5) and w.exact["W-flax"] == F(1, 5)
    w.tilt_dropdown.value = ""
    assert w.exact["E-flax"] == F(1, 4) and w.tilt_slider.disabled


def test_tile_and_season_set_the_sliders(w):
    data = load_weather()  # illustrative data: read the counts from it rather than hard-coding them
    w.tile_dropdown.value = 4
    w.season_dropdown.value = 3
    want = data.tile(4).counter() + data.season(3).counter()
    assert (w.sun_slider.value, w.water_slider.value, w.silt_slider.value) == tuple(
        want.get(s, 0) for s in ("S", "W", "L")
    )
    # moving a slider by hand forgets the tile
    w.sun_slider.value = w.sun_slider.value + 1
    assert w.tile_dropdown.value == 0
    assert "illustrative" in w.data_note.value


def test_only_what_the_supply_holds_falls(w):
    # Phase 1: Weather, step 3.  16 Suns are on the ramps: the Sun slider asks for 2 but none can fall, so the
    # pyramid cannot change: every N field sees 4 Suns -> Barley and Fruit never productive.
    w.pyramid_text.value = "N:SSSS E:SSSS S:SSSS W:SSSS rivers:2222"
    w.sun_slider.value, w.water_slider.value, w.silt_slider.value = 2, 0, 0
    assert w.dropped == (0, 0, 0)
    assert w.exact["N-barley"] == 0 and w.exact["N-fruit"] == 0


def test_simulation_beside_the_exact_values(w):
    w.preset_dropdown.value = "order"
    w.samples_text.value = 20_000
    w.simulate_button.click()
    assert w.result is not None and w.result.n == 20_000
    assert w.progress.value == w.progress.max == 20_000
    assert len(w.history) == 40 and w.history[-1][0] == 20_000
    assert w.plot_png.startswith(b"\x89PNG")
    # the exact values lie in the simulation's (99.9%) intervals; seeded, so deterministic
    est = w.result.estimates(z=3.2905)
    for f, e in est.items():
        assert e.covers(w.exact[str(f)], w.exact_yields[str(f)])
    assert "simulated phases (vectorised, seed 3)" in w.table_html.value
    # same seed, same numbers; a new seed, new numbers
    first = w.result.outcomes
    w.simulate_button.click()
    assert w.result.outcomes == first
    w.seed_text.value = 4
    w.simulate_button.click()
    assert w.result.outcomes != first


def test_plain_simulator_and_its_limit(w):
    w.preset_dropdown.value = "setup_water"
    w.method_toggle.value = "plain"
    w.samples_text.value = 10**6
    w.simulate_button.click()
    assert "plain loop is slow" in w.error and w.result is None
    w.samples_text.value = 400
    w.simulate_button.click()
    assert w.error == "" and w.result.method == "plain" and w.result.n == 400


def test_plot_choices(w):
    w.preset_dropdown.value = "empty_silt"
    w.simulate_button.click()
    before = w.plot_png
    w.plot_what_toggle.value = "yield"
    assert w.plot_png.startswith(b"\x89PNG") and w.plot_png != before
    w.plot_field_dropdown.value = "W-flax"
    assert w.plot_png.startswith(b"\x89PNG")


def test_changing_the_question_clears_the_simulation(w):
    w.simulate_button.click()
    assert w.result is not None
    w.water_slider.value = 2
    assert w.result is None and w.history == [] and w.plot_png == b""


def test_bad_inputs(w):
    w.pyramid_text.value = "N:SX E:- S:- W:- rivers:0000"
    assert "unexpected 'X'" in w.error
    assert w.exact_button.disabled and w.simulate_button.disabled
    w.pyramid_text.value = "N:- E:- S:- W:- rivers:0000"
    assert w.error == "" and not w.exact_button.disabled
    w.sun_slider.value, w.water_slider.value, w.silt_slider.value = 6, 6, 0
    assert sum(w.dropped) == 12 > EXACT_LIMIT
    assert "limited to" in w.error and w.exact == {}
    w.samples_text.value = 0
    w.simulate_button.click()
    assert "at least 1" in w.error


def test_every_preset_loads():
    w = RampProbabilityWidget()
    for p in PRESETS:
        w.preset_dropdown.value = p.key
        assert w.error == "" and len(w.exact) == 8
        assert w.start == Pyramid.parse(p.pyramid)
        assert w.counts == Counter({Sphere.SUN: p.sun, Sphere.WATER: p.water, Sphere.SILT: p.silt})


def test_display_and_figures(w):
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    import sympy

    p = sympy.Symbol("p")
    fig = polynomial_figure((1 - p) ** 2, p, "P(no Sun on North)")
    assert figure_png(fig).startswith(b"\x89PNG")
    w.simulate_button.click()
    fig = convergence_figure(w.history, "N-barley", w.exact["N-barley"])
    assert fig.axes[0].get_xlabel() == "simulated phases"


# ----- issue 14, defects seen in the probability widget --------------------------------------------------------
def test_choosing_the_plain_loop_with_the_default_phases_simulates():
    """Before: the default 100,000 phases exceeded the plain loop's limit, so plain + Simulate failed at once."""
    from tameri_kit.widgets.probability import PLAIN_DEFAULT, PLAIN_LIMIT

    w = RampProbabilityWidget(seed=3)
    assert w.samples_text.value == 100_000 > PLAIN_LIMIT
    w.method_toggle.value = "plain"
    assert w.samples_text.value == PLAIN_DEFAULT <= PLAIN_LIMIT and "slow" in w.info_label.value
    w.simulate_button.click()
    assert w.error == "" and w.result.method == "plain" and w.result.n == PLAIN_DEFAULT


def test_a_preset_resets_the_whole_widget_even_chosen_again(w):
    """Before: a tilt set by an earlier cell survived choosing a preset (and the same preset could not be chosen
    again).  Now tilt, seed, phases, simulator and plot choices go back too."""
    w.preset_dropdown.value = "order"
    w.tilt_dropdown.value = "N"
    w.tilt_slider.value = 50
    w.seed_text.value = 11
    w.samples_text.value = 500
    w.plot_what_toggle.value = "yield"
    w.simulate_button.click()
    w.preset_dropdown.value = "order"  # the same preset again
    assert w.tilt_dropdown.value == "" and w.tilt_slider.value == 25 and w.tilt_slider.disabled
    assert w.weights == (F(1, 4),) * 4
    assert (w.seed_text.value, w.samples_text.value, w.method_toggle.value) == (3, 20_000, "vectorised")
    assert w.plot_what_toggle.value == "productive" and w.result is None and w.plot_png == b""
    assert "Loaded preset" in w.presets.loaded_label.value and w.preset_dropdown.value == ""


def test_the_first_plot_is_of_an_uncertain_field(w):
    """Before: the plot showed N-barley whatever the question, often a field with chance 1 (a flat line).  Now
    it shows the field whose chance is closest to 1/2 until the learner picks one.  Preset 'order' (by hand):
    North holds SSSS; Sun then Silt on North leaves 4 Suns, Silt then Sun leaves 5 (one goes): 4 either way, so
    North's fields are certain; East/South/West are empty and a single Sun there leaves 1 Sun: Flax needs at
    most 1 sphere (certain), Papyrus no Sun: P(no Sun on East) = 3/4."""
    w.preset_dropdown.value = "order"
    chosen = w.exact[w.plot_field_dropdown.value]
    assert w.plot_field_dropdown.value == "E-papyrus" and chosen == F(3, 4)  # the first of the two 3/4 fields
    assert all(abs(F(1, 2) - chosen) <= abs(F(1, 2) - p) for p in w.exact.values())
    w.plot_field_dropdown.value = "N-barley"  # the learner's choice stays
    w.water_slider.value = 1
    assert w.plot_field_dropdown.value == "N-barley"


def test_the_polynomial_plot_marks_a_quarter_and_its_lowest_point():
    """(1 - p)^2 + p^2 (two Suns, both or neither on one ramp): 5/8 at p = 1/4; lowest 1/2 at p = 1/2."""
    import sympy

    from tameri_kit.widgets.probability import lowest_point

    p = sympy.Symbol("p")
    expr = (1 - p) ** 2 + p**2
    assert lowest_point(expr, p) == (sympy.Rational(1, 2), sympy.Rational(1, 2))
    assert lowest_point((1 - p) ** 3, p) == (1, 0)  # falling all the way: lowest at the end
    labels = polynomial_figure(expr, p, "P").axes[0].get_legend_handles_labels()[1]
    assert any("1/4" in x and "\\frac{5}{8}" in x for x in labels)
    assert any(x.startswith("lowest: $\\frac{1}{2}$") for x in labels)


# ---- honest: no simulation of other inputs, no table beside an error (issue 23) -----------------------------------
def test_a_new_seed_or_number_of_phases_forgets_the_simulation():
    w = RampProbabilityWidget(samples=2_000, seed=3)
    w.simulate_button.click()
    assert w.result is not None
    w.seed_text.value = 4
    assert w.result is None and w.estimates == {} and "press Simulate" in w.info_label.value
    assert w.exact, "the exact table still holds: it does not depend on the seed"
    w.simulate_button.click()
    w.samples_text.value = 3_000
    assert w.result is None and w.plot_image.layout.display == "none"
    w.simulate_button.click()
    w.method_toggle.value = "plain"
    assert w.result is None


def test_a_bad_start_clears_the_old_tables():
    w = RampProbabilityWidget(samples=2_000, seed=3)
    w.simulate_button.click()
    assert w.pyramid_text.continuous_update  # checked as typed
    w.pyramid_text.value = "N:SQ"
    assert w.error and w.result is None and w.table_html.value == "" and w.simulate_button.disabled
