"""The Seth dice (rulebooks/003: Key Concepts), against enumeration of the faces and hand computation."""

import itertools
from collections import Counter

import pytest
import sympy as sp

from tameri_kit.companions.seth_dice import (
    BLUE,
    GREEN,
    ORDINARY,
    RED,
    change_value,
    die,
    die_yield,
    face_distribution,
    max_distribution,
    mean,
    reachable,
    simulate,
    sum_distribution,
    variance,
)
from tameri_kit.errors import IllegalActionError, StateError
from tameri_kit.probability.simulate import wilson_interval

R = sp.Rational


def _enumerate(dice, how):
    tally = Counter(how(roll) for roll in itertools.product(*(d.faces for d in dice)))
    total = sum(tally.values())
    return {v: R(c, total) for v, c in sorted(tally.items())}


def test_one_die():
    assert face_distribution(RED) == {2: R(1, 6), 3: R(1, 3), 4: R(1, 3), 5: R(1, 6)}
    assert face_distribution(ORDINARY) == {v: R(1, 6) for v in range(1, 7)}
    # the same mean 7/2; variance (4+9+9+16+16+25)/6 - 49/4 = 11/12 against 35/12
    assert mean(GREEN) == mean(ORDINARY) == R(7, 2)
    assert variance(BLUE) == R(11, 12) and variance(ORDINARY) == R(35, 12)


def test_two_seth_dice_by_hand():
    sums = sum_distribution([RED, BLUE])
    assert sums[4] == R(1, 36) and sums[10] == R(1, 36) and sums[7] == R(10, 36)
    maxima = max_distribution([RED, RED])
    assert maxima == {2: R(1, 36), 3: R(8, 36), 4: R(16, 36), 5: R(11, 36)}


@pytest.mark.parametrize(
    "dice",
    [[RED], [RED, ORDINARY], [RED, BLUE, GREEN], [ORDINARY, ORDINARY, RED]],
    ids=lambda ds: "+".join(d.colour for d in ds),
)
def test_sums_and_maxima_against_enumeration(dice):
    assert sum_distribution(dice) == _enumerate(dice, sum)
    assert max_distribution(dice) == _enumerate(dice, max)


def test_soldiers_and_priests():
    assert (die_yield("red", 5).track, die_yield("red", 5).after) == ("Soldiers", 5)
    assert (die_yield("blue", 3, 2).track, die_yield("blue", 3, 2).after) == ("Priests", 5)
    capped = die_yield("red", 4, 8)  # gains above 10 are lost
    assert (capped.after, capped.gained, capped.lost) == (10, 2, 2)
    assert die_yield("green", 4).track is None and die_yield("green", 4).gained == 0


def test_what_a_value_change_can_and_cannot_reach():
    assert reachable("red", 3, 1) == (2, 3, 4)
    assert reachable("red", 5, 3) == (2, 3, 4, 5)  # never a 1
    assert reachable("green", 4, 9) == (2, 3, 4, 5)  # never a 6, however many Scribes
    assert reachable("ordinary", 5, 1) == (4, 5, 6)
    assert reachable("blue", 4, 0) == (4,)
    assert change_value("red", 2, 5, 3) == 3
    with pytest.raises(IllegalActionError, match="has no 6"):
        change_value("red", 5, 6, 1)
    with pytest.raises(IllegalActionError, match="needs 3 Scribe"):
        change_value("blue", 2, 5, 2)


def test_simulation_within_intervals():
    n = 20_000
    result = simulate([RED, RED], n, seed=5)
    for value, exact in max_distribution([RED, RED]).items():
        low, high = wilson_interval(result["max"][value], n, z=3.89)
        assert low <= float(exact) <= high
    assert simulate([RED], 100, seed=1) == simulate([RED], 100, seed=1)


def test_bad_input_is_a_typed_error():
    with pytest.raises(StateError, match="cannot show 6"):
        die_yield("red", 6)
    with pytest.raises(StateError, match="cannot show 1"):
        reachable("green", 1, 2)
    with pytest.raises(StateError):
        die_yield("red", 3, 11)
    with pytest.raises(StateError, match="unknown die"):
        die("purple")
    with pytest.raises(StateError):
        reachable("red", 3, -1)
    with pytest.raises(StateError):
        sum_distribution([])


def test_dice_draw_themselves():
    assert RED._repr_svg_().startswith("<svg") and ">5<" in RED._repr_svg_()


def test_k1_one_step_per_scribe_no_wrap():
    assert reachable("ordinary", 6, 1) == (5, 6)  # 6 does not wrap round to 1
    assert reachable("red", 5, 1) == (4, 5)
    assert change_value("ordinary", 1, 4, 3) == 3
