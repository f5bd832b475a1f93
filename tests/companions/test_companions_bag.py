"""Ra's bag: the hypergeometric chances against brute-force enumeration, hand computation and simulation."""

from fractions import Fraction
from math import comb

import pytest
import sympy as sp

from tameri_kit.companions.ra_bag import (
    Bag,
    at_least,
    at_least_one,
    count_distribution,
    enumerate_counts,
    epoch_ends_within,
    hypergeometric_formula,
    next_is,
    simulate_counts,
    track_length,
)
from tameri_kit.errors import NotationError, StateError
from tameri_kit.probability.simulate import wilson_interval

SMALL_BAGS = [
    Bag.of(Ra=2, Pharaoh=2),
    Bag.of(Ra=3, Flood=1, Nile=2, God=1),
    Bag.of(Ra=1, Flood=2, Art=1, Writing=1, War=1, Pyramid=2),
]


def test_the_full_bag_has_the_public_counts():
    full = Bag.full()
    assert full.total == 180
    assert (full["Ra"], full["God"], full["Gold"], full["Pharaoh"], full["Nile"], full["Flood"]) == (
        30,
        8,
        5,
        25,
        25,
        12,
    )
    assert (full["civilization"], full["monument"], full["disaster"]) == (25, 40, 10)
    assert [track_length(p) for p in (2, 3, 4, 5)] == [6, 8, 9, 10]


@pytest.mark.parametrize("bag", SMALL_BAGS, ids=str)
@pytest.mark.parametrize("kind", ["Ra", "Flood", "civilization"])
def test_hypergeometric_equals_enumeration(bag, kind):
    for draws in range(0, min(bag.total, 4) + 1):
        exact = count_distribution(bag, kind, draws)
        assert exact == {j: p for j, p in enumerate_counts(bag, kind, draws).items()}
        assert sum(exact.values()) == 1


def test_hand_computed_values():
    full = Bag.full()
    assert next_is(full, "Ra") == sp.Rational(30, 180) == sp.Rational(1, 6)
    # at least one Flood in 2 draws: 1 - (168/180)(167/179)
    assert at_least_one(full, "Flood", 2) == 1 - sp.Rational(168 * 167, 180 * 179)
    # two Ra and two Pharaohs, two draws: both Ra with (2/4)(1/3) = 1/6
    small = Bag.of(Ra=2, Pharaoh=2)
    assert at_least(small, "Ra", 2, 2) == sp.Rational(1, 6)
    assert count_distribution(small, "Ra", 2) == {0: sp.Rational(1, 6), 1: sp.Rational(2, 3), 2: sp.Rational(1, 6)}


def test_epoch_ends_within_k_draws():
    full = Bag.full()
    # 3 players, 7 of 8 Ra tiles already on the track: the next Ra ends the epoch
    assert epoch_ends_within(full, 1, players=3, on_track=7) == next_is(full, "Ra")
    # needing 2 Ra in 3 draws: sum over j = 2, 3 of C(30,j) C(150,3-j) / C(180,3)
    by_hand = Fraction(comb(30, 2) * comb(150, 1) + comb(30, 3), comb(180, 3))
    assert epoch_ends_within(full, 3, players=2, on_track=4) == sp.Rational(by_hand.numerator, by_hand.denominator)
    assert epoch_ends_within(full, 5, players=5, on_track=0) == 0  # 10 Ra needed, only 5 draws
    with pytest.raises(StateError):
        epoch_ends_within(full, 3, players=3, on_track=8)


def test_formula_as_maths():
    assert sp.simplify(hypergeometric_formula(180, 12, 3)) == at_least_one(Bag.full(), "Flood", 3)
    assert sp.simplify(hypergeometric_formula(4, 2, 2, 2)) == sp.Rational(1, 6)


def test_exact_against_simulation_within_intervals():
    full = Bag.full()
    n = 20_000
    for kind, draws in (("Flood", 5), ("Ra", 3), ("monument", 4)):
        tally = simulate_counts(full, kind, draws, n, seed=11)
        hits = n - tally.get(0, 0)
        low, high = wilson_interval(hits, n, z=3.89)  # 99.99%: a seeded run, and a wide margin
        assert low <= float(at_least_one(full, kind, draws)) <= high
    assert simulate_counts(full, "Ra", 3, 500, seed=4) == simulate_counts(full, "Ra", 3, 500, seed=4)


def test_drawing_changes_the_bag_and_frozen_values_do_not():
    full = Bag.full()
    after = full.without("Ra")
    assert after["Ra"] == 29 and full["Ra"] == 30 and after.total == 179


def test_bad_input_is_a_typed_error():
    with pytest.raises(StateError, match="negative"):
        Bag.of(Ra=-1)
    with pytest.raises(StateError, match="cannot hold"):
        Bag.of(Ra=31)  # more tiles than the game (and the bag) holds
    with pytest.raises(StateError, match="bag holds 4"):
        count_distribution(Bag.of(Ra=2, Nile=2), "Ra", 5)  # more draws than tiles
    with pytest.raises(StateError, match="no Gold"):
        Bag.of(Ra=1).without("Gold")
    with pytest.raises(NotationError, match="unknown"):
        next_is(Bag.full(), "Camel")
    with pytest.raises(StateError):
        next_is(Bag.of(), "Ra")
    with pytest.raises(StateError):
        track_length(6)
