"""Offering to the Pharaoh (Possible Actions), substitutions (Permanent Effects, Buildings B3, C1-C5)."""

import pytest
from hypothesis import given, strategies as st

from tameri_kit.errors import IllegalActionError, NotationError, StateError
from tameri_kit.rules.common import RESOURCES, Resource
from tameri_kit.rules.offering import Offering, Payment, Stock, offer
from tameri_kit.rules.scoring import PlayerSituation, offer_player

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT


def test_example_14_three_resources_score_four():
    """Example 14: Ringo hides 1 Barley, 1 Fruit, 1 Papyrus on top of earlier offerings and scores 3 + 1 = 4."""
    earlier = Stock(barley=1, flax=2)
    r = offer(Stock(barley=1, papyrus=2, fruit=1), earlier, "barley fruit papyrus")
    assert r.points == 4
    assert r.screen == Stock(barley=2, papyrus=1, flax=2, fruit=1)  # joined the earlier ones
    assert r.reserve == Stock(papyrus=1)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_points_are_count_plus_one(n):
    """Offering to the Pharaoh: n different resources score n + 1."""
    o = Offering.of(*RESOURCES[:n])
    assert o.points == n + 1


def test_offering_nothing_is_illegal():
    """Offering to the Pharaoh, IMPORTANT note: no 0-resource offering for 1 point."""
    with pytest.raises(IllegalActionError) as e:
        Offering(())
    assert "Offering to the Pharaoh" in e.value.rule
    with pytest.raises(IllegalActionError):
        Offering.parse("   ")


def test_duplicates_without_substitution_are_illegal():
    with pytest.raises(IllegalActionError):
        Offering.of("barley", "barley")


def test_example_28_c2_places_barley_for_papyrus():
    """Example 28: with C2 George places 1 Barley in place of a Papyrus - still 4 different, 5 points."""
    reserve = Stock(barley=2, flax=1, fruit=1)
    r = offer(reserve, Stock(), "barley papyrus=barley@C2 flax fruit", buildings=["C2"])
    assert r.points == 5
    assert r.screen == Stock(barley=2, flax=1, fruit=1)  # two identical resources behind the screen
    assert r.used_effects == {"C2"}


def test_example_28_needs_the_building():
    with pytest.raises(IllegalActionError) as e:
        offer(Stock(barley=2, flax=1, fruit=1), Stock(), "barley papyrus=barley@C2 flax fruit", buildings=["C1"])
    assert "C2" in str(e.value)


def test_c5_five_resources_count_as_four():
    """C5 IMPORTANT note: 5 resources behind the screen still count as 4, scoring 5 not 6."""
    r = offer(
        Stock(barley=1, papyrus=1, flax=2, fruit=1),
        Stock(),
        "barley papyrus flax fruit=flax+fruit@C5",
        buildings=["C5"],
    )
    assert r.screen.total == 5
    assert r.points == 5


def test_each_effect_once_per_turn():
    """Permanent Effects: each once per turn - twice in one offering, or already used earlier this turn."""
    with pytest.raises(IllegalActionError):
        Offering.parse("papyrus=barley@C2 barley=papyrus@C2")
    with pytest.raises(IllegalActionError):
        offer(Stock(barley=2), Stock(), "barley papyrus=barley@C2", buildings=["C2"], used_effects=["C2"])


@pytest.mark.parametrize(
    "text",
    [
        "barley=papyrus@C1",  # C1 swaps Barley and Fruit only
        "papyrus=fruit@C2",  # C2 swaps Barley and Papyrus only
        "barley=fruit@C3",  # C3 swaps Papyrus and Fruit only
        "barley=fruit@C4",  # C4: only Flax stands in for another
        "flax=flax@C4",  # not a substitution
        "barley=flax@C5",  # C5 places two for one
        "barley=flax",  # no Building named
    ],
)
def test_bad_substitutions(text):
    with pytest.raises(IllegalActionError):
        Offering.parse(text)


@pytest.mark.parametrize(
    "text,placed",
    [
        ("barley=fruit@C1", Stock(fruit=1)),
        ("fruit=barley@C1", Stock(barley=1)),
        ("barley=papyrus@C2", Stock(papyrus=1)),
        ("fruit=papyrus@C3", Stock(papyrus=1)),
        ("fruit=flax@C4", Stock(flax=1)),
    ],
)
def test_good_substitutions(text, placed):
    o = Offering.parse(text)
    assert o.placed == placed and o.points == 2


def test_b3_extra_counts_for_majority_not_points():
    """B3: 1 extra resource from the supply - no point now, but it is behind the screen."""
    r = offer(Stock(fruit=1), Stock(), "fruit +barley@B3", buildings=["B3"])
    assert r.points == 2
    assert r.screen == Stock(barley=1, fruit=1)
    assert r.reserve == Stock()  # the extra came from the general supply


def test_not_enough_resources_leaves_state_untouched():
    reserve, screen = Stock(barley=1), Stock(fruit=1)
    with pytest.raises(StateError):
        offer(reserve, screen, "barley fruit")
    assert reserve == Stock(barley=1) and screen == Stock(fruit=1)


def test_notation_errors_point_at_the_character():
    with pytest.raises(NotationError) as e:
        Offering.parse("barley gold")
    assert e.value.position == 7
    with pytest.raises(NotationError):
        Offering.parse("barley +fruit")  # an extra needs @B3


def test_player_offering_updates_score_and_screen():
    p = PlayerSituation("Ringo", score=10, reserve=Stock(barley=1, fruit=1, papyrus=1))
    q, r = offer_player(p, "barley fruit papyrus")
    assert q.score == 14 and q.screen == Stock(barley=1, papyrus=1, fruit=1) and q.reserve == Stock()


def test_stock_text_round_trip():
    s = Stock(barley=2, fruit=1)
    assert str(s) == "2 barley, 1 fruit"
    assert Stock.parse(str(s)) == s
    assert str(Stock()) == "nothing" and Stock.parse("nothing") == Stock()
    with pytest.raises(NotationError):
        Stock.parse("2 barley, x fruit")


def test_stock_arithmetic_by_hand():
    s = Stock(barley=1, flax=2)
    assert Stock.of([B, "flax", X]) == Stock(barley=1, flax=2) == Stock.of({"barley": 1, X: 2})
    assert s.plus([F, F]) == Stock(barley=1, flax=2, fruit=2)
    assert s.minus(Stock(flax=2)) == Stock(barley=1) and s.minus([B]).total == 2
    with pytest.raises(StateError, match=r"not enough resources: 2 fruit short \(have 1 barley, 2 flax\)"):
        s.minus([F, F])
    with pytest.raises(ValueError, match="unknown resource 'corn'"):
        Stock.of(["corn"])
    with pytest.raises(StateError):
        Stock(barley=-1)
    assert s.with_count(X, 0) == Stock(barley=1) and s.with_count("fruit", 3) == Stock(barley=1, flax=2, fruit=3)
    assert s.without(B) == Stock(flax=2) and s == Stock(barley=1, flax=2)  # s itself unchanged
    with pytest.raises(StateError):
        s.with_count(F, -1)


offerings = st.builds(
    lambda kinds, sub, extra: _make(kinds, sub, extra),
    st.lists(st.sampled_from(RESOURCES), min_size=1, max_size=4, unique=True),
    st.sampled_from([None, "C1", "C2", "C3", "C4", "C5"]),
    st.one_of(st.none(), st.sampled_from(RESOURCES)),
)


def _make(kinds, sub, extra):
    pays = [Payment(r, (r,)) for r in kinds]
    first = kinds[0]
    if sub == "C5":
        pays[0] = Payment(first, (B, X), "C5")
    elif sub == "C4" and first != X:
        pays[0] = Payment(first, (X,), "C4")
    elif sub in ("C1", "C2", "C3"):
        pair = {"C1": {B, F}, "C2": {B, P}, "C3": {P, F}}[sub]
        if first in pair:
            pays[0] = Payment(first, tuple(pair - {first}), sub)
    return Offering(tuple(pays), extra)


@given(offerings)
def test_text_form_parses_back(o):
    assert Offering.parse(str(o)) == o
    assert o.points == len(o.counts_as) + 1
    assert 2 <= o.points <= 5
    assert o.placed.total == o.from_reserve.total + (1 if o.extra else 0)
