"""Turn order (Phase 3; Season 0 step 5; +1 Player Mode Phase 3).  Expected orders are read off the examples."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tameri_kit.data import load_actions
from tameri_kit.errors import IllegalActionError
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.turn_order import GHOST, order_key, season0_order, turn_order

C = load_actions()


def P(n, down=False):
    return Played(C.card(n), down)


def test_example_1_season_0():
    """Example 1: Paul 9, John 10, George 15, Ringo 61 -> Paul places the first Farmer."""
    order = season0_order({"John": 10, "George": 15, "Ringo": 61, "Paul": 9})
    assert order.players == ("Paul", "John", "George", "Ringo")
    assert order.reasons[0].startswith("Paul is 1st")


def test_example_5a():
    """Example 5a: John 59, Ringo 14, George 2, Paul 21 -> George, Ringo, Paul, John."""
    order = turn_order({"John": P(59), "Ringo": P(14), "George": P(2), "Paul": P(21)})
    assert order.players == ("George", "Ringo", "Paul", "John")
    assert str(order) == "George, Ringo, Paul, John"


def test_example_5b():
    """Example 5b: George face down (value 1), Ringo 65, Paul 24, John 44 -> George, Paul, John, Ringo."""
    order = turn_order({"George": P(7, True), "Ringo": P(65), "Paul": P(24), "John": P(44)})
    assert order.players == ("George", "Paul", "John", "Ringo")
    assert "face-down cards count as 1" in order.reasons[0]


def test_face_down_cards_ordered_by_real_number():
    """Phase 3, third bullet: several face-down cards are ordered among themselves by their numbers, before all
    revealed cards (here the revealed 2 is lower than both hidden numbers, yet plays after them)."""
    order = turn_order([("A", P(97, True)), ("B", P(2)), ("C", P(45, True))])
    assert order.players == ("C", "A", "B")
    assert "2nd lowest" in order.reasons[1]


def test_promo_zero_plays_first():
    """Phase 3: promo card 0 revealed plays even before face-down cards."""
    order = turn_order([("A", P(45, True)), ("B", P(0)), ("C", P(2))])
    assert order.players == ("B", "A", "C")
    assert "promo card 0" in order.reasons[0] and "after the promo card 0" in order.reasons[1]


def test_promo_infinity_plays_last():
    """Register G3: infinity counts as the highest number."""
    order = turn_order([("A", P(math.inf)), ("B", P(224)), ("C", P(2))])
    assert order.players == ("C", "B", "A")


def test_ghost_last():
    order = turn_order([("A", P(2)), ("B", P(5))], ghost=True)
    assert order.players == ("A", "B", GHOST)
    assert "always plays last" in order.reasons[-1]


def test_duplicate_cards_rejected():
    with pytest.raises(IllegalActionError):
        turn_order([("A", P(2)), ("B", P(2, True))])
    with pytest.raises(IllegalActionError):
        season0_order({"A": 9, "B": 9})


numbers = sorted(c.number for c in C)


@given(st.lists(st.tuples(st.sampled_from(numbers), st.booleans()), min_size=1, max_size=4, unique_by=lambda t: t[0]))
@settings(max_examples=300, deadline=None)
def test_order_is_a_permutation_that_respects_the_numbers(spec):
    """Phase 3: a permutation of the players; face-down (value 1) before revealed, except a revealed 0 first;
    within each group the lower number first."""
    plays = [(f"p{i}", P(n, d)) for i, (n, d) in enumerate(spec)]
    order = turn_order(plays)
    assert sorted(order.players) == sorted(p for p, _ in plays)
    by = dict(plays)
    seq = [by[p] for p in order.players]

    def value(pl):  # the rule's value: 1 for face-down, the number otherwise; 0 beats 1
        return 1 if pl.face_down else pl.card.number

    for a, b in zip(seq, seq[1:]):
        assert value(a) <= value(b) or (a.face_down and not b.face_down)
        if a.face_down == b.face_down:
            assert a.card.number < b.card.number
    assert [order_key(x) for x in seq] == sorted(order_key(x) for x in seq)
    assert len(order.reasons) == len(plays)
