"""Weather Effects on the Cards, Extra Weather Effects, and reading W5."""

import pytest

from tameri_kit import IllegalActionError
from tameri_kit.rules import (
    DEFAULT,
    EXTRA_PRICES,
    Pyramid,
    Ramp,
    Sphere,
    buy_silt,
    field_status,
    gain_silt,
    pay_to_remove,
    place_silt,
    remove_sphere,
)


def test_prices():
    """Extra Weather Effects: 1 Deben to remove a Sun or Water, 2 Deben for a Silt, placing your own Silt is free."""
    assert EXTRA_PRICES == {"remove": 1, "buy_silt": 2, "place_silt": 0}


def test_remove_a_sun_card_effect():
    p = Pyramid(("SS", "W", "", ""), (0, 0, 0, 0))
    after, events = remove_sphere(p, Ramp.NORTH, Sphere.SUN)
    assert after.ramp(Ramp.NORTH) == "S" and events[0].text == "Sun removed from ramp North"
    assert after.supply(Sphere.SUN) == p.supply(Sphere.SUN) + 1


def test_remove_any_takes_sun_or_water():
    """Example 15 (card 34): a sphere of your choice is a Water or a Sun."""
    p = Pyramid(("", "W", "", ""), (0, 0, 0, 0))
    assert remove_sphere(p, Ramp.EAST)[0].ramp(Ramp.EAST) == ""
    with pytest.raises(IllegalActionError, match="only Sun and Water"):
        remove_sphere(p, Ramp.EAST, Sphere.SILT)


def test_nothing_to_remove_is_refused_and_changes_nothing():
    p = Pyramid(("SS", "", "", ""), (0, 0, 0, 0))
    with pytest.raises(IllegalActionError, match="no Water sphere to remove on ramp North") as e:
        remove_sphere(p, Ramp.NORTH, Sphere.WATER)
    assert e.value.rule == "Weather Effects on the Cards"
    assert p == Pyramid(("SS", "", "", ""), (0, 0, 0, 0))


def test_gain_and_place_silt():
    p = Pyramid(("", "", "", ""), (4, 3, 0, 0))
    q, _ = gain_silt(p)
    assert q.held_silt == 1 and q.supply(Sphere.SILT) == p.supply(Sphere.SILT) - 1
    with pytest.raises(IllegalActionError, match="North river is full"):
        place_silt(q, Ramp.NORTH)
    r, events = place_silt(q, Ramp.EAST)
    assert r.river(Ramp.EAST) == 4 and r.held_silt == 0 and "space 4" in events[0].text
    with pytest.raises(IllegalActionError, match="no Silt on the player board"):
        place_silt(r, Ramp.SOUTH)


def test_no_silt_left_in_supply():
    """Immediate Effects: with no Silt left in the supply the effect cannot be used."""
    p = Pyramid(("", "", "", ""), (4, 4, 4, 4), held_silt=8)
    assert p.supply(Sphere.SILT) == 0
    with pytest.raises(IllegalActionError, match="no Silt sphere is left"):
        gain_silt(p)
    with pytest.raises(IllegalActionError, match="no Silt sphere is left"):
        buy_silt(p, 5)


def test_paying_deben():
    p = Pyramid(("W", "", "", ""), (0, 0, 0, 0))
    with pytest.raises(IllegalActionError, match="costs 1 Deben, but the player has 0"):
        pay_to_remove(p, 0, Ramp.NORTH)
    with pytest.raises(IllegalActionError, match="costs 2 Deben"):
        buy_silt(p, 1)
    r = buy_silt(p, 3, to_river=Ramp.SOUTH)
    assert r.deben == 1 and r.pyramid.river(Ramp.SOUTH) == 1 and r.pyramid.held_silt == 0


def test_example_16():
    """Example 16: Paul pays 1 Deben to remove the Water, places the Silt from his board, pays 2 more for another
    Silt into the river, and can then harvest 3 Fruit and 3 Barley (north river: Fruit and Barley, map M1).
    Start: one Water on North (Fruit not productive), 2 Silt in the river (yield 1), 1 Silt on his board, 3 Deben.
    After: no spheres (both productive), 4 Silt (yield 3), 0 Deben."""
    p = Pyramid(("W", "", "", ""), (2, 0, 0, 0), held_silt=1)
    r = pay_to_remove(p, 3, Ramp.NORTH, Sphere.WATER)
    q, _ = place_silt(r.pyramid, Ramp.NORTH)
    r2 = buy_silt(q, r.deben, to_river=Ramp.NORTH)
    assert r2.deben == 0
    north = {s.field.crop.value: s.yield_ for s in field_status(r2.pyramid) if s.field.ramp is Ramp.NORTH}
    assert north == {"barley": 3, "fruit": 3}


def test_removal_settles_the_ramp():
    """W5: WWWWW with a Silt hidden above.  Removing a Water lets the Silt slide into view: under the chosen reading it
    goes to the river at once; under the alternative it stays on the ramp."""
    p = Pyramid(("WWWWWL", "", "", ""), (0, 0, 0, 0))
    settled, events = remove_sphere(p, Ramp.NORTH, Sphere.WATER)
    assert settled.ramp(Ramp.NORTH) == "WWWW" and settled.river(Ramp.NORTH) == 1
    assert [e.kind for e in events] == ["remove", "silt_to_river"]
    unsettled, _ = remove_sphere(p, Ramp.NORTH, Sphere.WATER, readings=DEFAULT.but(settle_after_removal=False))
    assert unsettled.ramp(Ramp.NORTH) == "WWWWL" and unsettled.river(Ramp.NORTH) == 0


def test_removal_settles_touching_pairs():
    """W5: SSSSS with a Water hidden above: removing a Sun brings the Water into view touching a Sun; both go."""
    p = Pyramid(("SSSSSW", "", "", ""), (0, 0, 0, 0))
    after, events = remove_sphere(p, Ramp.NORTH, Sphere.SUN)
    assert after.ramp(Ramp.NORTH) == "SSS" and [e.kind for e in events] == ["remove", "pair"]


def test_remembered_effects_answer_as_the_rule_does():
    """remove_sphere and place_silt keep their latest answers (tameri_kit._fast.remembered): asked twice, and
    against the function itself, every ramp of many pyramids gives the same pyramid and events, and an illegal use
    raises the same error each time (errors are not kept)."""
    pyramids = [
        Pyramid(),
        Pyramid(("SWS", "WW", "", "SLW"), (0, 4, 1, 3), held_silt=2),
        Pyramid(("L", "SSWW", "WLS", "S"), (4, 4, 4, 4), held_silt=0),
        Pyramid(("SWLSW", "LWS", "WWS", "SS"), (1, 0, 2, 3), held_silt=1),
    ]
    calls = 0
    for pyramid in pyramids:
        for ramp in Ramp:
            for colour in (None, Sphere.SUN, Sphere.WATER):
                for readings in (DEFAULT, DEFAULT.but(settle_after_removal=False)):
                    asked = [
                        (remove_sphere, (pyramid, ramp, colour), {"readings": readings}),
                        (place_silt, (pyramid, ramp), {}),
                    ]
                    for function, arguments, keywords in asked:
                        answers = []
                        for call in (function, function, function.__wrapped__):
                            try:
                                answers.append(call(*arguments, **keywords))
                            except IllegalActionError as error:
                                answers.append(("refused", str(error)))
                            calls += 1
                        assert answers[0] == answers[1] == answers[2]
    assert remove_sphere.cache_info().hits > 0 and calls == 4 * 4 * 3 * 2 * 2 * 3
