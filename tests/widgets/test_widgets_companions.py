"""Lesson 10's widget, driven without a browser: every rule answers the counts and the bag it is given."""

from math import comb

import sympy as sp

from tameri_kit.companions.ra_bag import Bag
from tameri_kit.companions.compare import four_ways
from tameri_kit.widgets.companions import CUSTOM, CompanionsWidget


def test_presets_and_sliders_recompute_every_rule():
    w = CompanionsWidget()
    assert w.counts == {"Anna": 5, "Bob": 3, "Cathy": 3}
    rows = w.comparison.rows
    # 5, 3, 3 by hand: Tameri 2 for the most; Ra +5/-2/-2 and +5/-5/-5; Favors a Major, tied second none
    assert rows["Tameri: season majority"] == {"Anna": 2, "Bob": 0, "Cathy": 0}
    assert rows["Ra: Pharaohs"] == {"Anna": 5, "Bob": -2, "Cathy": -2}
    assert rows["Ra: Sun total"] == {"Anna": 5, "Bob": -5, "Cathy": -5}
    assert rows["Favors (Minor = 1, Major = 2)"] == {"Anna": 2, "Bob": 0, "Cathy": 0}
    w.preset_dropdown.value = "2, 2, 2"
    assert w.comparison.rows["Ra: Pharaohs"] == {"Anna": 0, "Bob": 0, "Cathy": 0}
    assert w.comparison.rows["Tameri: game-end majority"] == {"Anna": 1, "Bob": 1, "Cathy": 1}
    assert "tied first" in w.table_html.value and "<svg" in w.chart_html.value
    w.count_sliders["Bob"].value = 3  # now 2, 3, 2: Bob alone has the most
    assert w.preset_dropdown.value == CUSTOM
    assert w.comparison.rows["Favors (Minor = 1, Major = 2)"] == {"Anna": 0, "Bob": 2, "Cathy": 0}
    assert w.comparison.rows["Ra: Pharaohs"] == {"Anna": -2, "Bob": 5, "Cathy": -2}


def test_player_count_shows_and_hides_sliders():
    w = CompanionsWidget((4, 4, 1))
    w.players_dropdown.value = 4
    assert list(w.counts) == ["Anna", "Bob", "Cathy", "Don"] and w.count_sliders["Don"].layout.display is None
    w.count_sliders["Don"].value = 7
    assert w.comparison.rows["Tameri: season majority"]["Don"] == 2
    w.players_dropdown.value = 2
    assert list(w.counts) == ["Anna", "Bob"] and w.count_sliders["Cathy"].layout.display == "none"
    assert w.comparison == four_ways({"Anna": 4, "Bob": 4})


def test_bag_sliders_give_exact_hypergeometric_chances():
    w = CompanionsWidget()
    assert w.bag == Bag.full() or w.bag.total == 180
    assert w.exact["next is Ra"] == sp.Rational(1, 6)
    # 3 players, 6 of 8 Ra on the track, 5 draws: at least 2 Ra among 5 from 30 of 180
    need_two = 1 - sp.Rational(comb(150, 5) + 30 * comb(150, 4), comb(180, 5))
    assert w.exact["epoch ends"] == need_two
    w.ra_slider.value = 2
    w.flood_slider.value = 1
    w.other_slider.value = 1
    w.draws_slider.value = 2
    w.bag_players_dropdown.value = 2
    w.on_track_slider.value = 4
    # bag Ra, Ra, Flood, other: both Ra in 2 draws 1/6; a Flood in 2 draws 1 - C(3,2)/C(4,2) = 1/2
    assert w.exact == {"next is Ra": sp.Rational(1, 2), "epoch ends": sp.Rational(1, 6), "a Flood": sp.Rational(1, 2)}
    assert "1/6" in w.bag_html.value
    w.bag_players_dropdown.value = 3
    assert w.on_track_slider.max == 7


def test_simulation_lands_inside_its_intervals_and_an_empty_bag_is_explained():
    w = CompanionsWidget(samples=5_000, seed=3)
    w.simulate_button.click()
    assert set(w.estimates) == {"next is Ra", "epoch ends", "a Flood"}
    share, low, high = w.estimates["a Flood"]
    assert low <= float(w.exact["a Flood"]) <= high
    assert "5,000 shuffles" in w.simulation_html.value
    w.ra_slider.value = 0
    assert w.estimates == {} and w.simulation_html.value == ""  # a change clears the old simulation
    w.flood_slider.value = 0
    w.other_slider.value = 0
    assert "empty" in w.bag_html.value and w.exact == {}
    w.simulate()
    assert "empty" in w.simulation_html.value


def test_simulate_moves_on_to_a_new_seed_and_a_typed_seed_repeats_a_draw():
    """Each press of Simulate draws with the seed box's seed, names it, and moves the box on: two presses are two
    different samples (not seed 1 every time); typing the first seed again repeats the first draw exactly.  A seed
    typed by hand marks the simulation shown as out of date."""
    w = CompanionsWidget(samples=2_000, seed=5)
    w.simulate()
    first, first_html = dict(w.estimates), w.simulation_html.value
    assert "seed 5" in first_html and w.seed_box.value == 6
    w.simulate()
    assert "seed 6" in w.simulation_html.value and w.estimates != first
    w.seed_box.value = 5
    assert w.estimates == {} and "press Simulate" in w.simulation_html.value
    w.simulate_button.click()
    assert w.estimates == first and w.simulation_html.value == first_html
