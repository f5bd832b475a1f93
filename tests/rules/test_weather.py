"""Phase 1: Weather, steps 3-6, and the readings W1-W3, W6 (docs/ambiguities.md).

Expected values are worked out by hand from the rulebook; the comment beside each says how.
"""

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings, strategies as st

from tameri_kit import IllegalActionError, NotationError, StateError
from tameri_kit.rules import (
    DEFAULT,
    RAMPS,
    SETUP,
    SPHERE_TOTALS,
    Landing,
    Pyramid,
    Ramp,
    Readings,
    Sphere,
    drop_outcomes,
    format_landings,
    parse_landings,
    resolve,
    resolve_ramp,
    run_phase,
    sample_landings,
    weather_phase,
)
from tameri_kit.rules.weather import WeatherEvent, available, ramp_step4, ramp_step5, ramp_step6

ALL_VISIBLE = Readings(visible=None)


def only_north(ramp: str, river: int = 0) -> Pyramid:
    return Pyramid((ramp, "", "", ""), (river, 0, 0, 0))


# ---------------------------------------------------------------------------------------------------- set-up
def test_setup_two_sun_per_ramp_two_silt_per_river():
    """Game Setup 1b: 2 Sun on each ramp, 2 Silt in each river; the rest in the supply (Components: 16/16/24)."""
    assert SETUP.ramps == ("SS",) * 4 and SETUP.rivers == (2,) * 4
    # 16 - 4*2 = 8 Sun; 16 Water untouched; 24 - 4*2 = 16 Silt
    assert SETUP.supply_counts == {Sphere.SUN: 8, Sphere.WATER: 16, Sphere.SILT: 16}


# ---------------------------------------------------------------------------------------------------- step 3
def test_a_sphere_rolls_down_onto_the_others():
    """Step 3: a sphere lands on a ramp and rests on top of the spheres already there."""
    r = run_phase(SETUP, "W@E")
    assert r.events[0].text == "Water lands on ramp East" and r.events[0].step.endswith("step 3")
    assert r.events[0].after.ramp(Ramp.EAST) == "SSW"


def test_only_spheres_in_the_supply_can_be_dropped():
    """Step 3: with every Sun on the board, a hand-given Sun landing is refused and nothing changes."""
    full = Pyramid(("SSSS", "SSSS", "SSSS", "SSSS"), (0, 0, 0, 0))
    assert full.supply(Sphere.SUN) == 0
    with pytest.raises(IllegalActionError, match=r"landing 2 \(S@N\).*no Sun") as e:
        run_phase(full, "W@N S@N")
    assert "step 3" in str(e.value)
    assert full.ramps == ("SSSS",) * 4


def test_weather_phase_drops_only_what_the_supply_holds():
    """Step 3: 'insert only those available' - 3 Sun wanted, 1 left: one is dropped and the shortfall reported."""
    p = Pyramid(("SSSS", "SSSS", "SSSS", "SSS"), (0, 0, 0, 0))
    r = weather_phase(p, "SSSW", rng=random.Random(1))
    assert Counter(x.sphere for x in r.landings) == Counter({Sphere.SUN: 1, Sphere.WATER: 1})
    assert any(e.kind == "not_enough" and "Only 1 Sun" in e.text for e in r.events)


def test_hand_given_landings_must_match_the_phase():
    with pytest.raises(IllegalActionError, match="step 3"):
        weather_phase(SETUP, "SW", landings="S@N")


# ---------------------------------------------------------------------------------------------------- step 4
def test_five_in_a_row_removes_the_lowest():
    """Step 4: five Suns in a row -> the lowest one goes to the supply."""
    log = ramp_step4("SSSSS", 0)
    assert [(k, what, seq) for k, what, seq, _ in log] == [("five", ("S", None), "SSSS")]


def test_five_in_a_row_repeats_until_gone():
    """Step 4, 'repeat': six Suns visible under W1 (5 visible): remove, five again in view, remove again -> 4."""
    assert resolve_ramp("SSSSSS", 0) == ("SSSS", 0)
    assert len(ramp_step4("SSSSSS", 0)) == 2


def test_four_in_a_row_is_fine():
    assert ramp_step4("WWWW", 0) == []


# ---------------------------------------------------------------------------------------------------- step 5
def test_silt_goes_to_the_nearest_free_river_space():
    """Step 5: the Silt leaves the ramp for the space nearest the pyramid that is free: with 2 there, space 3."""
    r = run_phase(SETUP, "L@S")
    ev = [e for e in r.events if e.kind == "silt_to_river"]
    assert len(ev) == 1 and ev[0].text == "Silt leaves ramp South for the South river, space 3"
    assert r.end.ramp(Ramp.SOUTH) == "SS" and r.end.river(Ramp.SOUTH) == 3


def test_silt_with_no_free_space_returns_to_the_supply():
    """Step 5: a full river (4 spaces) sends the Silt back to the supply."""
    p = Pyramid(("", "", "", ""), (4, 0, 0, 0))
    r = run_phase(p, "L@N")
    assert r.end.river(Ramp.NORTH) == 4 and r.end.supply(Sphere.SILT) == p.supply(Sphere.SILT)
    assert [e.kind for e in r.events] == ["land", "silt_to_supply"]


# ---------------------------------------------------------------------------------------------------- step 6
def test_sun_and_water_touching_vanish():
    """Step 6: SW -> both removed; SSW -> one Sun left."""
    assert resolve_ramp("SW", 0) == ("", 0)
    assert resolve_ramp("SSW", 0) == ("S", 0)


def test_cascade():
    """Step 6: SSWW - the middle pair goes, the outer S and W now touch and go too."""
    log = ramp_step6("SSWW", 0)
    assert [seq for _, _, seq, _ in log] == ["SW", ""]


def test_pairs_lowest_first():
    """W6: SWS - the lowest pair (S, W) is removed first, leaving the top Sun."""
    log = ramp_step6("SWS", 0)
    assert log[0][1] == "SW" and log[-1][2] == "S"


@given(st.text(alphabet="SW", max_size=12))
def test_sun_water_run_leaves_the_surplus(seq):
    """W6: without Silt in between (and no five in a row for step 4 to act on), a run of Sun and Water shrinks to
    exactly its surplus colour, whatever the order: |#Sun - #Water| spheres of the commoner colour."""
    assume("SSSSS" not in seq and "WWWWW" not in seq)
    out, _ = resolve_ramp(seq, 0, ALL_VISIBLE)
    s, w = seq.count("S"), seq.count("W")
    assert out == ("S" * (s - w) if s >= w else "W" * (w - s))


def test_hidden_silt_comes_into_view_in_step_6():
    """Note after step 6 (W1): SSSSW with a Silt hidden above. Step 5 cannot see the Silt; step 6 removes S4/W5,
    the Silt slides to position 4, comes into view and goes to the river."""
    r = run_phase(only_north("SSSSWL"), [])
    kinds = [e.kind for e in r.events]
    assert kinds == ["pair", "silt_into_view"]
    assert r.events[1].step == "Phase 1: Weather, note after step 6"
    assert r.end.ramp(Ramp.NORTH) == "SSS" and r.end.river(Ramp.NORTH) == 1


# ---------------------------------------------------------------------------------------------------- examples
def test_example_2a():
    """Example 2a: five Suns, the bottom one is removed, which makes a Silt (just above them) appear; it goes to the
    river.  SSSSS|L -> step 4: SSSS L (Silt now at visible position 5) -> step 5: river space 1."""
    r = run_phase(only_north("SSSSSL"), [])
    assert [e.kind for e in r.events] == ["five", "silt_to_river"]
    assert r.events[0].text == "Five Suns in a row on North: the lowest is removed and goes back to the supply"
    assert r.end.ramp(Ramp.NORTH) == "SSSS" and r.end.river(Ramp.NORTH) == 1


def test_example_2b():
    """Example 2b: first the Silt goes to the river, then the touching Sun and Water vanish, which makes two more
    vanish; the ramp is left empty.  S S L W W: step 5 -> SSWW; step 6 -> SW -> empty."""
    r = run_phase(only_north("SSLWW"), [])
    assert [e.kind for e in r.events] == ["silt_to_river", "pair", "pair"]
    assert r.end.ramp(Ramp.NORTH) == "" and r.end.river(Ramp.NORTH) == 1


def test_steps_run_in_order_across_ramps():
    """Steps 4, 5, 6 each run over all ramps before the next step (N, E, S, W)."""
    p = Pyramid(("SW", "SSSSS", "L", ""), (0, 0, 0, 0))
    r = run_phase(p, [])
    assert [(e.kind, e.ramp.value) for e in r.events] == [("five", "E"), ("silt_to_river", "S"), ("pair", "N")]


# ---------------------------------------------------------------------------------------------------- readings
def test_hidden_five_only_counts_under_all_visible():
    """W1.  W SSSSS (six spheres).  5 visible: the window W S S S S has no five; step 6 removes W+S -> SSSS.
    All visible: step 4 sees S x5 at positions 2-6, removes the Sun at 2 -> WSSSS; step 6 -> SSS."""
    assert resolve_ramp("WSSSSS", 0) == ("SSSS", 0)
    assert resolve_ramp("WSSSSS", 0, ALL_VISIBLE) == ("SSS", 0)


def test_visible_below_five_is_refused():
    with pytest.raises(ValueError, match="at least 5"):
        Readings(visible=4)


def test_repeat_five_check():
    """W3.  S S L S S | S: step 4 sees SSLSS (no five); step 5 takes the Silt -> SSSSS.  Not repeated: five Suns
    stay.  Repeated: step 4 again removes one -> SSSS."""
    assert resolve_ramp("SSLSSS", 0) == ("SSSSS", 1)
    assert resolve_ramp("SSLSSS", 0, DEFAULT.but(repeat_five_check=True)) == ("SSSS", 1)


def test_five_silt_reading_changes_story_not_outcome():
    """W2.  Five Silt in a row, river empty: five Silt leave in all; the river takes four, one goes to the supply -
    under either reading.  Only which Silt went where differs."""
    p = only_north("LLLLL")
    a = run_phase(p, [])
    b = run_phase(p, [], DEFAULT.but(five_silt_to="supply"))
    assert a.end == b.end == only_north("", 4)
    assert a.events[0].text.endswith("goes to the North river, space 1")
    assert b.events[0].text.endswith("goes back to the supply")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="SWL", max_size=11), st.integers(0, 4))
def test_five_silt_reading_never_changes_the_state(seq, river):
    """W2 property: the resolved ramp and river are the same under both readings."""
    assert resolve_ramp(seq, river) == resolve_ramp(seq, river, DEFAULT.but(five_silt_to="supply"))


# ---------------------------------------------------------------------------------------------------- chance
def test_drop_outcomes_uniform_and_tilted():
    """One drop: 1/4 per ramp; weights 2,1,1,0 -> 1/2, 1/4, 1/4, 0."""
    assert [p for _, p in drop_outcomes(Sphere.WATER)] == [0.25] * 4
    assert [str(p) for _, p in drop_outcomes(Sphere.WATER, (2, 1, 1, 0))] == ["1/2", "1/4", "1/4", "0"]


def test_sampling_is_seeded_and_respects_zero_weights():
    a = sample_landings("SSWWL", random.Random(11))
    b = sample_landings("SSWWL", random.Random(11))
    assert a == b
    assert Counter(x.sphere.value for x in a) == Counter("SSWWL")
    tilted = sample_landings("S" * 8 + "W" * 8, random.Random(3), (0, 1, 0, 0))
    assert {x.ramp for x in tilted} == {Ramp.EAST}


def test_sampling_needs_an_explicit_generator():
    with pytest.raises(TypeError, match="random.Random"):
        sample_landings("S", 7)


def test_landing_notation_round_trip_and_errors():
    ls = parse_landings("S@N w@e L@S")
    assert format_landings(ls) == "S@N W@E L@S"
    with pytest.raises(NotationError) as e:
        parse_landings("S@N X@E")
    assert e.value.position == 4 and "unknown sphere" in str(e.value)


# ---------------------------------------------------------------------------------------------------- properties
@st.composite
def pyramids_(draw):
    ramps = draw(st.lists(st.text(alphabet="SWL", max_size=4), min_size=4, max_size=4))
    rivers = draw(st.lists(st.integers(0, 4), min_size=4, max_size=4))
    try:
        return Pyramid(tuple(ramps), tuple(rivers))
    except StateError:  # more spheres of a colour than the game has
        assume(False)


pyramids = pyramids_()


@settings(max_examples=150, deadline=None)
@given(
    pyramids,
    st.text(alphabet="SWL", max_size=8),
    st.integers(0, 2**32 - 1),
    st.sampled_from([DEFAULT, ALL_VISIBLE, DEFAULT.but(repeat_five_check=True)]),
)
def test_every_change_is_explained_by_an_event(p, spheres, seed, readings):
    """Conservation, by accounting: each Sun/Water on the ramps after = before + landed - removed by events; each
    Silt that left a ramp is in a river or (when the event says so) back in the supply; totals never change."""
    r = weather_phase(p, spheres, rng=random.Random(seed), readings=readings)
    kinds = Counter(e.kind for e in r.events)
    landed = Counter(x.sphere.value for x in r.landings)
    fives = Counter(e.text.split()[1] for e in r.events if e.kind == "five")
    on = lambda q, ch: sum(x.count(ch) for x in q.ramps)  # noqa: E731
    for ch, name in (("S", "Suns"), ("W", "Waters")):
        assert on(r.end, ch) == on(p, ch) + landed[ch] - kinds["pair"] - fives[name]
    silt_left_ramps = on(p, "L") + landed["L"] - on(r.end, "L")
    into_rivers = sum(r.end.rivers) - sum(p.rivers)
    to_supply = kinds["silt_to_supply"] + sum(
        1 for e in r.events if e.kind == "five" and "Silt" in e.text and "supply" in e.text
    )
    assert silt_left_ramps == into_rivers + to_supply
    for s in Sphere:
        assert r.end.supply(s) + r.end.in_play(s) == SPHERE_TOTALS[s] and r.end.supply(s) >= 0
    for e in r.events:  # the rules build their pyramids without checks (_fast.from_fields): each must pass them
        assert Pyramid(e.after.ramps, e.after.rivers, e.after.held_silt) == e.after
        # and their events from their fields (_fast.from_fields): each is the constructor's event, fields in order
        built = WeatherEvent(e.step, e.kind, e.ramp, e.text, e.after)
        assert type(e) is WeatherEvent and e == built and list(vars(e).items()) == list(vars(built).items())


@settings(max_examples=150, deadline=None)
@given(
    pyramids, st.text(alphabet="SWL", max_size=8), st.integers(0, 2**32 - 1), st.sampled_from([DEFAULT, ALL_VISIBLE])
)
def test_shape_of_a_resolved_ramp(p, spheres, seed, readings):
    """After steps 4-6: no Silt in view, no Sun touching a Water in view, rivers within 0-4; with the check repeated,
    no five in a row either, and resolving again changes nothing."""
    r = weather_phase(p, spheres, rng=random.Random(seed), readings=readings)
    for seq in r.end.ramps:
        seen = seq if readings.visible is None else seq[: readings.visible]
        assert "L" not in seen
        assert "SW" not in seen and "WS" not in seen
    assert all(0 <= n <= 4 for n in r.end.rivers)
    rep = readings.but(repeat_five_check=True)
    fixed, _ = resolve(weather_phase(p, spheres, rng=random.Random(seed), readings=rep).end, rep)
    again, events = resolve(fixed, rep)
    assert events == [] and again == fixed


def test_each_event_carries_the_state_after_it():
    r = run_phase(SETUP, "W@N W@N L@E")
    states = [r.start] + [e.after for e in r.events]
    assert states[-1] == r.end
    assert states[1].ramp(Ramp.NORTH) == "SSW" and states[2].ramp(Ramp.NORTH) == "SSWW"


def test_same_seed_same_phase_text():
    """Reproducibility: the same seed gives the same landings and the same log, byte for byte."""
    a = weather_phase(SETUP, "SSWWL", rng=random.Random(2026))
    b = weather_phase(SETUP, "SSWWL", rng=random.Random(2026))
    assert a.log() == b.log() and format_landings(a.landings) == format_landings(b.landings)


def test_available_keeps_what_the_supply_lacks_out():
    """Phase 1, step 3: only spheres still in the supply are dropped (the set-up pyramid holds 8 Suns of 16)."""
    got, notes = available(SETUP, {Sphere.SUN: 10, Sphere.WATER: 2, Sphere.SILT: -1})
    assert got == Counter({Sphere.SUN: 8, Sphere.WATER: 2})
    assert notes == ["Only 8 Sun left in the supply: 2 not dropped"]
    assert available(SETUP, "SSWL") == (Counter({Sphere.SUN: 2, Sphere.WATER: 1, Sphere.SILT: 1}), [])
    assert available(SETUP, Counter("SSW"))[0] == Counter({Sphere.SUN: 2, Sphere.WATER: 1})  # letters as keys
