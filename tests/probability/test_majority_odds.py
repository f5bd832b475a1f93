"""Exact odds of a season-end majority (End of the Season step 4b; register S4), by hand and by brute force."""

import random

import pytest
import sympy as sp
from hypothesis import given, settings, strategies as st

from tameri_kit.probability.majority import (
    TIE_RULES,
    binomial,
    brute_force,
    distribution,
    expected_points,
    majority_odds,
    marginal_value,
    odds_table,
    simulate,
    uniform,
)

R = sp.Rational


def test_one_opponent_uniform_by_hand():
    """k=2 vs one opponent on 0..3: below on {0,1} -> 1/2 win; equal on {2} -> 1/4 tie; 2*1/2 + 1/4 = 5/4."""
    o = majority_odds(2, 1, uniform(3))
    assert (o.win, o.tie, o.lose) == (R(1, 2), R(1, 4), R(1, 4))
    assert o.expected() == R(5, 4)


def test_two_opponents_coin_by_hand():
    """k=1 vs two opponents each 0 or 1 (1/2 each):
    both 0 -> win 1/4; exactly one at 1 -> tie with 1, 2 * 1/4 = 1/2; both at 1 -> tie with 2, 1/4.
    rule: 2/4 + 1/2 + 1/4 = 5/4; nothing: 1/2; full: 1/2 + 2*3/4 = 2; split: 1/2 + 1/2 + (2/3)(1/4) = 7/6."""
    o = majority_odds(1, 2, uniform(1))
    assert o.win == R(1, 4) and o.tie_with == (R(1, 2), R(1, 4))
    assert o.compare() == {"one_each": R(5, 4), "nothing": R(1, 2), "full": 2, "split": R(7, 6)}


def test_symbolic_q_by_hand():
    """One opponent offering 1 with probability q (else 0), k=1: win 1 - q, tie q, expected 2(1-q) + q = 2 - q."""
    q = sp.Symbol("q")
    o = majority_odds(1, 1, binomial(1, q))
    assert sp.simplify(o.win - (1 - q)) == 0 and sp.simplify(o.tie - q) == 0
    assert sp.simplify(o.expected() - (2 - q)) == 0
    assert sp.simplify(o.expected("nothing") - 2 * (1 - q)) == 0


def test_symbolic_matches_brute_force():
    q = sp.Symbol("q")
    for k in range(4):
        exact = majority_odds(k, 2, binomial(2, q))
        brute = brute_force(k, 2, binomial(2, q))
        assert sp.expand(exact.win - brute["win"]) == 0
        assert sp.expand(exact.tie - brute["tie"]) == 0
        assert sp.expand(exact.expected() - brute["expected"]) == 0


def test_offering_zero_never_scores():
    """S4: with 0 offered you cannot have the most; if nobody offered, nobody scores."""
    o = majority_odds(0, 2, uniform(2))
    assert o.win == 0 and o.tie == 0 and o.expected() == 0
    assert o.nobody == R(1, 9)  # both opponents at 0: (1/3)^2
    assert o.lose == R(8, 9)


def test_lone_player_always_has_the_most():
    assert majority_odds(1, 0, uniform(3)).expected() == 2
    assert brute_force(1, 0, uniform(3))["expected"] == 2


def test_different_opponents():
    """Opponent A always offers 2, opponent B 0 or 1: with k=2 you always tie with exactly A -> 1 point."""
    o = majority_odds(2, None, [{2: 1}, uniform(1)])
    assert o.win == 0 and o.tie_with == (1, 0) and o.expected() == 1


def test_marginal_value():
    """vs one opponent on 0..3: E(1) = 2*1/4 + 1/4 = 3/4, E(2) = 5/4 -> one more is worth 1/2."""
    assert expected_points(1, 1, uniform(3)) == R(3, 4)
    assert marginal_value(1, 1, uniform(3)) == R(1, 2)


def test_distribution_normalises_and_rejects():
    assert distribution({0: 1, 2: 3}) == {0: R(1, 4), 2: R(3, 4)}
    with pytest.raises(ValueError):
        distribution({0: -1, 1: 2})
    with pytest.raises(ValueError):
        majority_odds(-1, 1, uniform(1))
    with pytest.raises(ValueError):
        majority_odds(1, 1, uniform(1)).expected("bogus")


def test_odds_table_rows_sum_to_one():
    for row in odds_table(3, uniform(3)):
        k = row["k"]
        nobody = R(1, 64) if k == 0 else 0
        assert row["win"] + row["tie"] + row["lose"] + nobody == 1


def test_simulation_agrees_with_exact():
    exact = majority_odds(2, 3, uniform(3))
    sim = simulate(2, 3, uniform(3), 4000, random.Random(5))
    assert abs(sim["win"] - float(exact.win)) < 0.03
    assert abs(sim["expected"] - float(exact.expected())) < 0.06


small_dists = st.dictionaries(st.integers(0, 3), st.integers(1, 4), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.lists(small_dists, min_size=0, max_size=3), st.sampled_from(TIE_RULES))
def test_exact_equals_brute_force(k, dists, rule):
    exact = majority_odds(k, None, dists)
    brute = brute_force(k, None, dists, rule)
    assert exact.win == brute["win"]
    assert exact.tie == brute["tie"]
    assert exact.expected(rule) == brute["expected"]
    assert exact.win + exact.tie + exact.lose + exact.nobody == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 4), st.integers(0, 3), small_dists)
def test_more_is_never_worse_and_rules_are_ordered(k, m, d):
    """More offered never lowers expected points; nothing <= split <= one_each <= full (split gives 2/(j+1) <= 1)."""
    a, b = majority_odds(k, m, d), majority_odds(k + 1, m, d)
    assert b.expected() >= a.expected()
    e = a.compare()
    assert e["nothing"] <= e["split"] <= e["one_each"] <= e["full"]
