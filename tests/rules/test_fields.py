"""Productive Fields and Harvests; Harvest yields; W4.  Values from the rulebook's productivity list."""

import pytest

from tameri_kit.rules import Pyramid, Ramp, Resource, field_status, harvest_yield, is_productive

B, F, FR, P = Resource.BARLEY, Resource.FLAX, Resource.FRUIT, Resource.PAPYRUS


@pytest.mark.parametrize(
    "crop, sun, water, ok",
    [
        # a ramp with no spheres: every field is productive
        (B, 0, 0, True),
        (F, 0, 0, True),
        (FR, 0, 0, True),
        (P, 0, 0, True),
        # Barley: 1 or 2 of any colour yes, 3 or 4 no
        (B, 1, 0, True),
        (B, 0, 2, True),
        (B, 3, 0, False),
        (B, 0, 4, False),
        # Flax: 1 yes, 2-4 no
        (F, 0, 1, True),
        (F, 1, 0, True),
        (F, 2, 0, False),
        (F, 0, 4, False),
        # Fruit: 1-3 Sun yes; 4 Sun or any Water no
        (FR, 3, 0, True),
        (FR, 4, 0, False),
        (FR, 0, 1, False),
        # Papyrus: 1-3 Water yes; 4 Water or any Sun no
        (P, 0, 3, True),
        (P, 0, 4, False),
        (P, 1, 0, False),
    ],
)
def test_productivity_limits(crop, sun, water, ok):
    """Productive Fields and Harvests: each crop's tolerance."""
    assert is_productive(crop, sun, water) is ok


def test_five_spheres_like_four():
    """W4: five of a colour behave like four - no crop grows - and counting only the lowest 4 agrees."""
    for crop in Resource:
        assert is_productive(crop, 5, 0) is False and is_productive(crop, 0, 5) is False
        assert is_productive(crop, 5, 0) == is_productive(crop, 4, 0)
        assert is_productive(crop, 0, 5) == is_productive(crop, 0, 4)


def test_yield_by_silt():
    """Productive Fields and Harvests: 1 or 2 Silt -> 1, 3 -> 2, 4 -> 3; none -> nothing."""
    assert [harvest_yield(n) for n in range(5)] == [0, 1, 1, 2, 3]
    with pytest.raises(ValueError):
        harvest_yield(5)


def status(p):
    return {str(s.field): (s.productive, s.yield_) for s in field_status(p)}


def test_the_four_pictured_cases():
    """The four cases shown on the productivity page, on the north river (Fruit and Barley, map reading M1):
    1. no spheres -> both productive, 2 each (3 Silt);  2. one Sun -> both productive, 1 each (1 Silt);
    3. three Suns -> Fruit productive (1), Barley not (more than 2 spheres);  4. Water and too much -> neither."""
    assert {k: v for k, v in status(Pyramid(("", "", "", ""), (3, 0, 0, 0))).items() if k.startswith("N")} == {
        "N-barley": (True, 2),
        "N-fruit": (True, 2),
    }
    assert {k: v for k, v in status(Pyramid(("S", "", "", ""), (1, 0, 0, 0))).items() if k.startswith("N")} == {
        "N-barley": (True, 1),
        "N-fruit": (True, 1),
    }
    assert {k: v for k, v in status(Pyramid(("SSS", "", "", ""), (2, 0, 0, 0))).items() if k.startswith("N")} == {
        "N-barley": (False, 0),
        "N-fruit": (True, 1),
    }
    assert {k: v for k, v in status(Pyramid(("WWW", "", "", ""), (2, 0, 0, 0))).items() if k.startswith("N")} == {
        "N-barley": (False, 0),
        "N-fruit": (False, 0),
    }


def test_example_11_harvest_yields():
    """Example 11: the north Barley field is not productive; the south Barley and Papyrus fields give 2 each.
    South: one Water on the ramp (Barley takes up to 2, Papyrus up to 3 Water), 3 Silt (-> 2).  North: 3 Suns."""
    s = status(Pyramid(("SSS", "", "W", ""), (2, 0, 3, 0)))
    assert s["N-barley"] == (False, 0) and s["S-barley"] == (True, 2) and s["S-papyrus"] == (True, 2)


def test_hidden_spheres_do_not_count():
    """W1: only the 5 visible positions weigh on the fields; a sixth (hidden) Water changes nothing."""
    a = field_status(Pyramid(("SSSSS", "", "", ""), (1, 0, 0, 0)))
    b = field_status(Pyramid(("SSSSSW", "", "", ""), (1, 0, 0, 0)))
    assert [(x.sun, x.water) for x in a] == [(x.sun, x.water) for x in b]


def test_reason_text():
    s = field_status(Pyramid(("SSS", "", "", ""), (2, 0, 0, 0)))[0]
    assert s.field.ramp is Ramp.NORTH
    assert "3 Sun on the ramp" in s.reason and "not productive" in s.reason
