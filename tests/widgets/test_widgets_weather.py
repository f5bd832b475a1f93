"""WeatherPyramidWidget, driven without a browser (set .value, call .click(), read the properties).

Rulebook: Phase 1: Weather, steps 3-6 and Examples 2a, 2b; Productive Fields and Harvests (its four pictured
cases).  Expected states are worked out by hand from those rules (see the comments).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tameri_kit.data.board import load_weather
from tameri_kit.rules import SETUP, Pyramid, Readings, Sphere, weather_phase
from tameri_kit.widgets.weather import PRESETS, WeatherPyramidWidget


@pytest.fixture
def w():
    return WeatherPyramidWidget()


def test_starts_on_the_setup(w):
    assert w.pyramid == SETUP and w.event_count == 0 and w.step == 0
    assert w.event_text == "Before the phase: N:SS E:SS S:SS W:SS rivers:2222"
    assert "<svg" in w.picture.value and w.error == ""
    assert w.prev_button.disabled and w.next_button.disabled


def test_example_2a(w):
    """Example 2a: a Sun and then a Silt land on North (SSSS -> SSSSSL).  By hand: step 4 removes the lowest Sun
    (SSSSL), the Silt is now at position 5 and in view, step 5 sends it to the empty North river's space 1."""
    w.preset_dropdown.value = "example_2a"
    w.drop_button.click()
    assert w.event_count == 4 and w.step == 0
    w.next_button.click()
    w.next_button.click()
    assert str(w.pyramid) == "N:SSSSSL E:SS S:SS W:SS rivers:0222"
    w.next_button.click()
    assert "step 4" in w.event_text and "Five Suns" in w.event_text
    assert str(w.pyramid) == "N:SSSSL E:SS S:SS W:SS rivers:0222"
    assert 'class="track highlight"' in w.picture.value  # the North ramp is outlined
    w.last_button.click()
    assert w.step == 4 and "step 5" in w.event_text
    assert str(w.pyramid) == "N:SSSS E:SS S:SS W:SS rivers:1222"
    assert w.next_button.disabled and not w.prev_button.disabled


def test_example_2b(w):
    """Example 2b: North becomes SSLWW.  By hand: the Silt goes to the river (space 3, after the 2 of the set-up),
    then S-W touch and vanish (SW), then the last S-W pair vanishes: the ramp is empty."""
    w.preset_dropdown.value = "example_2b"
    w.drop_button.click()
    w.go(3)
    assert str(w.pyramid) == "N:SSLWW E:SS S:SS W:SS rivers:2222"
    w.next_button.click()
    assert str(w.pyramid) == "N:SSWW E:SS S:SS W:SS rivers:3222"
    w.next_button.click()
    assert str(w.pyramid) == "N:SW E:SS S:SS W:SS rivers:3222" and "step 6" in w.event_text
    w.last_button.click()
    assert w.step == 6 and str(w.pyramid) == "N:- E:SS S:SS W:SS rivers:3222"
    w.first_button.click()
    assert w.step == 0 and w.pyramid == SETUP


def test_typed_landings_on_setup(w):
    """W@N S@N on the set-up: North is SS W S; the Water touches the Sun below and the one above; the lowest pair
    goes first (reading W6), leaving S S."""
    w.landings_text.value = "W@N S@N"
    w.drop_button.click()
    w.last_button.click()
    assert w.event_count == 3 and w.pyramid.ramp("N") == "SS"
    assert w.landings_used == "W@N S@N"


def test_slider_moves_the_step(w):
    w.landings_text.value = "W@E W@E"
    w.drop_button.click()
    w.event_slider.value = 2
    assert w.step == 2 and str(w.pyramid) == "N:SS E:SSWW S:SS W:SS rivers:2222"
    assert "<li><b>Water lands on ramp East" in w.log_html.value  # the current event is bold in the log


@pytest.mark.parametrize(
    "bad, column",
    [
        ("N:SX E:SS S:SS W:SS rivers:2222", 4),
        ("N:SS E:SS S:SS W:SS rivers:22a2", 30),
        ("N:SS E:SS W:SS rivers:2222", 11),
    ],
)
def test_bad_notation_shows_error_not_raise(w, bad, column):
    w.pyramid_text.value = bad
    assert f"column {column}" in w.error and "^" in w.error
    assert "^" in w.error_label.value and w.drop_button.disabled
    caret_line = w.error.splitlines()[-1]
    assert caret_line.index("^") - 2 == column - 1  # the caret sits under the bad character
    w.pyramid_text.value = "N:SS E:SS S:SS W:SS rivers:2222"
    assert w.error == "" and not w.drop_button.disabled


def test_bad_landings_show_error(w):
    w.landings_text.value = "S@N W@Q"
    assert "^" in w.error and w.drop_button.disabled
    w.landings_text.value = "S@N"
    assert w.error == "" and not w.drop_button.disabled


def test_landings_beyond_the_supply_show_error():
    """Step 3: only spheres in the supply can be dropped.  16 Suns on the ramps leave none to drop."""
    w = WeatherPyramidWidget("N:SSSS E:SSSS S:SSSS W:SSSS rivers:2222")
    w.landings_text.value = "S@N"
    w.drop_button.click()
    assert "step 3" in w.error and w.result is None
    # at random: the Sun is left out and the log says so
    w.landings_text.value = ""
    w.sun_slider.value, w.water_slider.value, w.silt_slider.value = 1, 0, 0
    w.drop_button.click()
    assert w.error == "" and w.event_count == 1
    w.next_button.click()
    assert "Only 0 Sun left" in w.event_text


def test_seeded_drop_is_reproducible_and_replayable():
    a, b = WeatherPyramidWidget(seed=7), WeatherPyramidWidget(seed=7)
    for x in (a, b):
        x.sun_slider.value, x.water_slider.value, x.silt_slider.value = 3, 2, 1
        x.drop_button.click()
    assert a.landings_used == b.landings_used and a.result == b.result
    assert Counter(x.sphere for x in a.result.landings) == Counter({Sphere.SUN: 3, Sphere.WATER: 2, Sphere.SILT: 1})
    # the widget is a view over weather_phase with random.Random(seed)
    direct = weather_phase(SETUP, a.counts, rng=random.Random(7))
    assert direct.landings == a.result.landings
    # typing the landings shown replays the same phase
    b.landings_text.value = a.landings_used
    b.drop_button.click()
    assert b.result.end == a.result.end and b.result.events == a.result.events


def test_tile_and_season_fill_the_sliders(w):
    data = load_weather()
    w.tile_dropdown.value = 3
    w.season_dropdown.value = 2
    expected = data.tile(3).counter() + data.season(2).counter()
    assert +w.counts == +expected
    w.landings_text.value = ""
    w.drop_button.click()
    assert w.event_count >= 2
    w.go(1)
    assert "Weather tile 3" in w.event_text and "illustrative" in w.event_text
    # moving a slider by hand lets go of the tile
    w.sun_slider.value = w.sun_slider.value + 1
    assert w.tile_dropdown.value == 0


@pytest.mark.parametrize(
    "key, statuses",
    [
        # Productive Fields and Harvests, the four pictured cases, on the North river (Barley and Fruit):
        ("fields_empty", {"Barley": (True, 2), "Fruit": (True, 2)}),  # no spheres; 3 Silt -> 2
        ("fields_one_sun", {"Barley": (True, 1), "Fruit": (True, 1)}),  # 1 sphere fits both; 2 Silt -> 1
        ("fields_three_suns", {"Barley": (False, 0), "Fruit": (True, 1)}),  # 3 > 2 for Barley; 3 Sun ok for Fruit
        ("fields_neither", {"Barley": (False, 0), "Fruit": (False, 0)}),  # 4 Sun: over both limits
    ],
)
def test_productivity_presets(w, key, statuses):
    w.preset_dropdown.value = key
    rows = [r for r in w.fields_html.value.split("<tr")[2:] if "<td>North</td>" in r]
    assert len(rows) == 2
    for row in rows:
        crop = row.split("<td>")[1].split("</td>")[0]
        productive, harvest = statuses[crop]
        assert ("\u2713 productive" in row) == productive
        assert row.rstrip().endswith(f"<td>{harvest}</td></tr>")


def test_every_preset_loads_and_drops():
    w = WeatherPyramidWidget()
    for p in PRESETS:
        w.preset_dropdown.value = p.key
        assert w.error == "" and w.pyramid == Pyramid.parse(p.pyramid)
        w.drop_button.click()
        assert w.error == "" and w.result is not None


def test_changing_the_start_clears_the_phase(w):
    w.landings_text.value = "S@E"
    w.drop_button.click()
    assert w.event_count == 1
    w.pyramid_text.value = "N:- E:- S:- W:- rivers:0000"
    assert w.result is None and w.event_count == 0 and w.pyramid.ramps == ("", "", "", "")


def test_readings_are_passed_through():
    """Reading W3: with repeat_five_check the ramp SSSS + W S S (SSSSWSS) loses its pair, shows five Suns and then
    loses one more: SSSS.  With the default reading it keeps SSSSS."""
    for readings, expected in ((Readings(), "SSSSS"), (Readings(repeat_five_check=True), "SSSS")):
        w = WeatherPyramidWidget("N:SSSS E:SS S:SS W:SS rivers:2222", readings=readings)
        w.landings_text.value = "W@N S@N S@N"
        w.drop_button.click()
        w.last_button.click()
        assert w.pyramid.ramp("N") == expected


def test_displays(w):
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_editing_the_start_lets_go_of_the_preset(w):
    """After editing a preset's start by hand, choosing the same preset again restores it."""
    w.preset_dropdown.value = "example_2a"
    assert w.preset_dropdown.value == "" and "Example 2a" in w.presets.loaded_label.value  # menu back at its prompt
    w.pyramid_text.value = "N:- E:- S:- W:- rivers:0000"
    assert w.presets.loaded is None and w.presets.loaded_label.value == ""
    w.preset_dropdown.value = "example_2a"
    assert str(w.pyramid) == "N:SSSS E:SS S:SS W:SS rivers:0222" and w.landings_text.value == "S@N L@N"


# ----- issue 14, defects seen in the weather widget -----------------------------------------------------------
def test_choosing_the_same_preset_again_resets_the_whole_widget(w):
    """Every preset resets the whole widget: start, sliders, tile and season, seed, landings and the phase shown."""
    w.preset_dropdown.value = "example_2b"
    w.drop_button.click()
    w.go(3)
    w.seed_text.value = 99
    w.tile_dropdown.value = 3
    w.landings_text.value = "W@E"
    w.preset_dropdown.value = "example_2b"  # the same preset again
    assert w.result is None and w.step == 0 and w.event_count == 0
    assert w.landings_text.value == "L@N W@N W@N" and w.seed_text.value == 1
    assert w.tile_dropdown.value == 0 and w.season_dropdown.value == 1 and w.season_dropdown.disabled
    assert (w.sun_slider.value, w.water_slider.value, w.silt_slider.value) == (0, 2, 1)


def test_a_presets_landings_are_not_called_typed(w):
    """Before: after choosing a preset and Drop, the widget said "Dropped the landings you typed"."""
    w.preset_dropdown.value = "example_2a"
    w.drop_button.click()
    assert "the preset's landings" in w.info_label.value and "you typed" not in w.info_label.value
    w.landings_text.value = "S@E"  # now the learner types
    w.drop_button.click()
    assert "the landings you typed" in w.info_label.value


def test_the_season_waits_for_a_tile(w):
    """The Season adds its spheres to a Weather tile's: while the tile is "none" it cannot do anything, so it is
    disabled (before: it could be changed and nothing happened)."""
    assert w.tile_dropdown.value == 0 and w.season_dropdown.disabled
    w.tile_dropdown.value = 2
    assert not w.season_dropdown.disabled
    w.season_dropdown.value = 3
    data = load_weather()
    assert +w.counts == +(data.tile(2).counter() + data.season(3).counter())
    w.sun_slider.value = w.sun_slider.value + 1  # by hand: the tile lets go, the Season waits again
    assert w.tile_dropdown.value == 0 and w.season_dropdown.disabled


def test_an_invalid_start_leaves_no_old_picture(w):
    """Before: the old pyramid, its event line, field table and info stayed beside the error."""
    w.landings_text.value = "S@N"
    w.drop_button.click()
    w.last_button.click()
    assert w.picture.value and w.info_label.value and w.fields_html.value
    w.pyramid_text.value = "N:SX E:SS S:SS W:SS rivers:2222"
    assert w.error and w.result is None and w.event_count == 0
    for html in (w.picture, w.event_label, w.fields_html, w.log_html, w.info_label):
        assert html.value == ""
    assert w.next_button.disabled and w.last_button.disabled


def test_fields_are_not_settled_in_the_middle_of_a_phase(w):
    """Productive Fields are judged after the phase: in the middle of the drop the table and picture say "not
    settled yet" (before: "not productive", which the phase might still change).  Example 2b: after the 3
    landings North shows SSLWW, but the phase ends with North empty and both North fields productive."""
    w.preset_dropdown.value = "example_2b"
    w.drop_button.click()
    w.go(3)
    assert "not settled yet" in w.fields_html.value and "not productive" not in w.fields_html.value
    assert 'class="field unsettled"' in w.picture.value and "not productive" not in w.picture.value
    w.last_button.click()
    assert "not settled yet" not in w.fields_html.value and "\u2713 productive" in w.fields_html.value
    w.first_button.click()  # before the phase: the start's fields, settled
    assert "not settled yet" not in w.fields_html.value


def test_fits_a_1000px_output_area(w):
    """The picture and the field table (its Harvest column was cut at a 1400 px window) sit in a wrapping row:
    the table goes below the picture when there is no room beside it; every row of controls wraps too."""
    import ipywidgets as widgets

    rows = [c for c in w.box.children if isinstance(c, widgets.HBox)]
    assert rows and all(r.layout.flex_flow == "row wrap" for r in rows)
    last = w.box.children[-1]
    assert w.picture in last.children and last.layout.flex_flow == "row wrap"
    assert w.picture_width + int(last.children[1].layout.min_width.rstrip("px")) <= 1000
    for c in (w.preset_dropdown, w.pyramid_text, w.landings_text):
        assert int(c.layout.width.rstrip("px")) <= 1000 and c.layout.max_width == "100%"


def test_bad_constructor_arguments_are_typed_errors():
    from tameri_kit.errors import TameriError

    with pytest.raises(TameriError, match="Pyramid or its notation"):
        WeatherPyramidWidget(42)
    with pytest.raises(TameriError, match="whole number"):
        WeatherPyramidWidget(seed="x")
    with pytest.raises(TameriError, match="no weather preset 'nope'"):
        WeatherPyramidWidget().apply_preset("nope")


# ---- honest: nothing stale, nothing from the future (issue 23) ----------------------------------------------------
def _dropped(w, preset="example_2b"):
    w.preset_dropdown.value = preset
    w.drop_button.click()
    w.last_button.click()
    assert w.event_count == 6 and w.event_text.startswith("Event 6 of 6")


@pytest.mark.parametrize(
    "change",
    [
        lambda w: setattr(w.sun_slider, "value", 3),
        lambda w: setattr(w.tile_dropdown, "value", 1),
        lambda w: setattr(w.seed_text, "value", 7),
        lambda w: setattr(w.landings_text, "value", "W@N"),
    ],
    ids=["spheres", "tile", "seed", "landings"],
)
def test_changing_an_input_forgets_the_old_phase(w, change):
    """After any input changes, no picture, landings or 'Event 6 of 6' of the old phase stays: the start shows,
    with a note to Drop again."""
    _dropped(w)
    change(w)
    assert w.result is None and w.event_count == 0 and w.pyramid == SETUP
    assert w.event_text == "Before the phase: N:SS E:SS S:SS W:SS rivers:2222"
    assert "Event 6" not in w.event_label.value and w.log_html.value == ""
    assert "press Drop" in w.info_label.value and "L@N W@N W@N" not in w.info_label.value
    assert w.next_button.disabled and w.last_button.disabled  # no step does anything now


def test_stepping_shows_only_the_events_so_far(w):
    """Example 2b has six events (by hand: three landings, the Silt to the river, two Sun-Water pairs); at event 2
    the log lists the two landings so far and hides the four to come."""
    w.preset_dropdown.value = "example_2b"
    w.drop_button.click()
    w.go(2)
    assert w.log_html.value.count("<li>") == 2
    assert "river" not in w.log_html.value and "touch" not in w.log_html.value
    assert "4 more to come" in w.log_html.value


def test_text_is_checked_as_typed(w):
    """The page sends each keystroke (continuous_update): a corrected Landings text enables Drop at once."""
    assert w.landings_text.continuous_update and w.pyramid_text.continuous_update
    for typed, usable in (("W", False), ("W@", False), ("W@N", True), ("W@N S", False), ("W@N S@E", True)):
        w.landings_text.value = typed
        assert w.drop_button.disabled is not usable, typed
        assert (w.error == "") is usable, typed


def test_an_error_clears_the_old_phase(w):
    _dropped(w)
    w.landings_text.value = "W@Q"
    assert w.drop_button.disabled and "unknown ramp" in w.error
    assert w.result is None and "Event 6" not in w.event_label.value
    w.pyramid_text.value = "N:SQ"
    assert w.picture.value == "" and w.log_html.value == "" and w.event_label.value == ""


def test_changing_the_season_forgets_the_old_phase(w):
    """The Season is an input too (with a tile chosen): after a Drop, changing it leaves no old phase shown."""
    w.tile_dropdown.value = 2
    w.drop_button.click()
    w.last_button.click()
    assert w.event_count > 0 and w.event_text.startswith(f"Event {w.event_count} of {w.event_count}")
    w.season_dropdown.value = 3
    assert w.result is None and w.event_count == 0 and w.log_html.value == ""
    assert w.event_text.startswith("Before the phase") and "Event" not in w.event_label.value
    assert "press Drop" in w.info_label.value


@pytest.mark.parametrize("preset", ["example_2a", "example_2b"])
def test_no_step_shows_an_event_still_to_come(w, preset):
    """At every step k, the event line and the log name events 1..k only: the text of each later event (unless an
    earlier one reads the same) is nowhere on the widget, and the event line counts k, never more."""
    w.preset_dropdown.value = preset
    w.drop_button.click()
    events = [e.text for e in w.result.events]
    for k in range(len(events) + 1):
        w.go(k)
        shown = w.event_label.value + w.log_html.value
        for later in events[k:]:
            if later not in events[:k]:
                assert later not in shown, (k, later)
        assert w.log_html.value.count("<li>") == k
        if k:
            assert w.event_text.startswith(f"Event {k} of {len(events)}:")
