"""Probability on the weather ramps: exact answers worked out by hand, brute force, and simulation.

Rulebook: Phase 1: Weather, steps 3-6 (drop, then resolve each ramp); Productive Fields and Harvests; Harvest.
The board map used (tameri_kit/data/map.toml): N barley+fruit, E papyrus+flax, S barley+papyrus, W fruit+flax;
the river Silt numbers are 1, 1, 2, 3, so a river with 0/1/2/3/4 Silt yields 0/1/1/2/3.

Chance model (see tameri_kit/probability/exact.py): a uniformly shuffled drop order, each sphere on ramp r with
probability w_r / sum(w), resolution after all drops.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction as F
from math import factorial

import pytest
import sympy
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tameri_kit.data.board import Field
from tameri_kit.errors import StateError
from tameri_kit.probability.exact import (
    as_sympy,
    count_distribution,
    expected_yields,
    field_chances,
    field_probabilities,
    landing_probabilities,
    phase_distribution,
    probability_table,
    ramp_distribution,
    table_html,
    tilt,
    words,
)
from tameri_kit.probability.simulate import (
    iter_simulation,
    simulate,
    simulate_plain,
    simulate_vectorised,
    wilson_interval,
)
from tameri_kit.rules import RAMPS, Landing, Pyramid, Ramp, Resource, Sphere, available, field_status, run_phase

SETUP = "N:SS E:SS S:SS W:SS rivers:2222"
Q = F(1, 4)


def fld(text: str) -> Field:
    ramp, crop = text.split("-")
    return Field(Ramp.parse(ramp), Resource.parse(crop))


def by_name(d: dict) -> dict:
    return {str(k): v for k, v in d.items()}


# ----------------------------------------------------------------------------------------------------------------
# One drop, counts on a ramp (Phase 1: Weather, step 3)
# ----------------------------------------------------------------------------------------------------------------
def test_one_drop_lands_on_each_ramp_with_one_quarter():
    # Step 3: the spheres drop randomly; with equal weights each of the 4 ramps gets 1 in 4.
    assert landing_probabilities() == (Q, Q, Q, Q)
    for ramp in RAMPS:
        d = count_distribution("S", ramp)
        assert d == {(0, 0, 0): F(3, 4), (1, 0, 0): Q}


def test_counts_on_a_ramp_are_binomial_colour_by_colour():
    # Two Suns: each lands on North with p = 1/4, independently -> Binomial(2, 1/4):
    # P(0) = (3/4)^2 = 9/16, P(1) = 2 * 1/4 * 3/4 = 6/16, P(2) = 1/16.
    assert count_distribution("SS", "N") == {(0, 0, 0): F(9, 16), (1, 0, 0): F(6, 16), (2, 0, 0): F(1, 16)}
    # A Sun and a Water: the colours are independent, so P(1 Sun, 1 Water on E) = 1/4 * 1/4 = 1/16,
    # P(1 Sun, 0 Water) = 1/4 * 3/4 = 3/16, P(none) = 9/16.
    d = count_distribution("SW", "E")
    assert d[(1, 1, 0)] == F(1, 16) and d[(1, 0, 0)] == F(3, 16) and d[(0, 1, 0)] == F(3, 16)
    assert d[(0, 0, 0)] == F(9, 16)
    # Multinomial: 3 spheres S, S, W on South with weights (1, 1, 2, 0): p_S = 2/4 = 1/2.
    # P(2 Sun, 1 Water) = 1/2^2 * 1/2 = 1/8; P(1 Sun, 0 Water) = C(2,1) 1/2 1/2 * 1/2 = 1/4.
    d = count_distribution("SSW", "S", weights=(1, 1, 2, 0))
    assert d[(2, 1, 0)] == F(1, 8) and d[(1, 0, 0)] == Q
    assert sum(d.values()) == 1


def test_count_distribution_without_a_pyramid_has_the_whole_supply():
    # Components: 16 Suns.  Without a pyramid all 10 Suns asked for fall: P(all 10 on North) = (1/4)^10.
    assert count_distribution("S" * 10, "N")[(10, 0, 0)] == F(1, 4**10)
    # On the set-up 8 Suns are on the ramps, so only 8 can fall.
    assert max(count_distribution("S" * 10, "N", pyramid=SETUP)) == (8, 0, 0)


def test_count_distribution_respects_the_supply():
    # Step 3: only spheres in the supply are inserted.  16 Suns in play (4 on each ramp): no Sun can fall.
    full = "N:SSSS E:SSSS S:SSSS W:SSSS rivers:0000"
    assert count_distribution("SS", "N", pyramid=full) == {(0, 0, 0): 1}
    assert ramp_distribution(full, "N", "SS") == {("SSSS", 0): 1}


def test_words_lists_each_distinct_arrangement_once():
    # 2 Sun, 1 Water, 1 Silt: 4! / (2! 1! 1!) = 12 distinct orders.
    ws = words(2, 1, 1)
    assert len(ws) == 12 == len(set(ws))
    assert all(Counter(w) == Counter("SSWL") for w in ws)


# ----------------------------------------------------------------------------------------------------------------
# Tilted pyramid: symbolic weights
# ----------------------------------------------------------------------------------------------------------------
def test_tilt_with_a_symbol_gives_polynomials():
    p = sympy.Symbol("p")
    w = tilt("N", p)  # North p, the others (1-p)/3 each
    # P(neither of 2 Suns lands on North) = (1-p)^2; both: p^2; exactly one: 2p(1-p).
    d = count_distribution("SS", "N", weights=w)
    assert sympy.simplify(d[(0, 0, 0)] - (1 - p) ** 2) == 0
    assert sympy.simplify(d[(2, 0, 0)] - p**2) == 0
    assert sympy.simplify(d[(1, 0, 0)] - 2 * p * (1 - p)) == 0
    # From the set-up one Water: E-flax is productive only if the Water lands on East (2 Suns -> 1 Sun):
    # P = (1-p)/3.  N-barley is always productive (1 or 2 spheres): P = 1.
    probs = by_name(field_probabilities(SETUP, "W", weights=w))
    assert sympy.simplify(probs["E-flax"] - (1 - p) / 3) == 0
    assert sympy.simplify(probs["N-barley"] - 1) == 0
    # Plugging p = 1/4 back in gives the untilted answer 1/4.
    assert probs["E-flax"].subs(p, sympy.Rational(1, 4)) == sympy.Rational(1, 4)


def test_a_weight_symbol_gives_a_rational_function():
    # Weights (p, 1, 1, 1): one sphere lands on North with p / (p + 3).  From the set-up, one Water leaves
    # North with a single Sun exactly when it lands there.
    p = sympy.Symbol("p", positive=True)
    d = ramp_distribution(SETUP, "N", "W", weights=(p, 1, 1, 1))
    assert sympy.simplify(d[("S", 2)] - p / (p + 3)) == 0
    assert sympy.simplify(d[("SS", 2)] - 3 / (p + 3)) == 0


def test_tilt_checks_its_probability():
    assert tilt("E", F(1, 2)) == (F(1, 6), F(1, 2), F(1, 6), F(1, 6))
    with pytest.raises(ValueError):
        tilt("N", F(3, 2))
    with pytest.raises(ValueError):
        landing_probabilities((1, 1, 1))


# ----------------------------------------------------------------------------------------------------------------
# Fields, worked by hand (Productive Fields and Harvests; Harvest)
# ----------------------------------------------------------------------------------------------------------------
def test_setup_one_water_ramp_and_fields():
    # Set-up (Game Setup 1b): 2 Suns on each ramp, 2 Silt in each river.  Drop one Water.
    # On North: w.p. 1/4 it lands there -> "SSW"; step 6: the top Sun and the Water touch -> both go -> "S".
    #           w.p. 3/4 North stays "SS".  The river keeps 2 Silt (yield 1) either way.
    assert ramp_distribution(SETUP, "N", "W") == {("S", 2): Q, ("SS", 2): F(3, 4)}
    # "S": Barley ok (1 sphere), Fruit ok (1 Sun), Papyrus no (a Sun), Flax ok (1 sphere).
    # "SS": Barley ok (2), Fruit ok (2 Sun), Papyrus no, Flax no (2 spheres).
    want_p = {
        "N-barley": 1,
        "N-fruit": 1,
        "E-papyrus": 0,
        "E-flax": Q,
        "S-barley": 1,
        "S-papyrus": 0,
        "W-fruit": 1,
        "W-flax": Q,
    }
    assert by_name(field_probabilities(SETUP, "W")) == want_p
    # Yield with 2 Silt is 1, so the expected harvest equals P(productive) here.
    assert by_name(expected_yields(SETUP, "W")) == want_p


def test_silt_raises_the_expected_yield():
    # Set-up, drop one Silt.  It lands on a ramp w.p. 1/4: "SSL" -> step 5 sends it to that river (2 -> 3 Silt,
    # yield 2).  The ramps all stay "SS".
    assert ramp_distribution(SETUP, "S", "L") == {("SS", 3): Q, ("SS", 2): F(3, 4)}
    # Barley and Fruit take 2 Suns: always productive; expected yield 3/4 * 1 + 1/4 * 2 = 5/4.
    # Papyrus (Sun present) and Flax (2 spheres) never.
    y = by_name(expected_yields(SETUP, "L"))
    assert y == {
        "N-barley": F(5, 4),
        "N-fruit": F(5, 4),
        "E-papyrus": 0,
        "E-flax": 0,
        "S-barley": F(5, 4),
        "S-papyrus": 0,
        "W-fruit": F(5, 4),
        "W-flax": 0,
    }


def test_two_silt_on_empty_ramps():
    # Empty ramps, empty rivers; drop 2 Silt.  Silt in a river ~ Binomial(2, 1/4): 0 w.p. 9/16, 1 w.p. 6/16,
    # 2 w.p. 1/16 -> yield 0, 1, 1.  Every field is productive (no spheres on the ramps), and the expected
    # harvest is P(at least 1 Silt) = 7/16.
    pyr = "N:- E:- S:- W:- rivers:0000"
    assert ramp_distribution(pyr, "W", "LL") == {("", 0): F(9, 16), ("", 1): F(6, 16), ("", 2): F(1, 16)}
    assert set(field_probabilities(pyr, "LL").values()) == {1}
    assert set(expected_yields(pyr, "LL").values()) == {F(7, 16)}


def test_full_river_sends_silt_back_to_the_supply():
    # Phase 1: Weather, step 5: a river with 4 Silt has no space, the Silt returns to the supply.
    assert ramp_distribution("N:- E:- S:- W:- rivers:4000", "N", "L") == {("", 4): 1}


def test_the_order_of_landing_matters():
    # Example 2a: five Suns with a Silt above: the lowest Sun goes (step 4), then the Silt is in view (step 5).
    # Start: North "SSSS", empty river, other ramps empty.  Drop a Sun and a Silt.
    #  - both on North (1/16), Sun first (1/2): "SSSSSL" -> "SSSSL" -> Silt to river: ("SSSS", 1)   1/32
    #  - both on North, Silt first (1/2): "SSSSLS" -> no 5 in a row; the Silt (5th, visible) leaves -> the Sun
    #    slides down -> "SSSSS" (step 4 is not checked again: reading W3) -> ("SSSSS", 1)              1/32
    #  - only the Sun (1/4 * 3/4 = 3/16): "SSSSS" -> lowest Sun removed -> ("SSSS", 0)
    #  - only the Silt (3/16): "SSSSL" -> ("SSSS", 1)
    #  - neither (9/16): ("SSSS", 0)
    want = {("SSSS", 0): F(3, 16) + F(9, 16), ("SSSS", 1): F(3, 16) + F(1, 32), ("SSSSS", 1): F(1, 32)}
    assert ramp_distribution("N:SSSS E:- S:- W:- rivers:0000", "N", "SL") == want
    # On an empty ramp, Sun-then-Water and Water-then-Sun both vanish (step 6): only counts matter there.
    # East empty, drop S and W: both on East (1/16) -> empty; only one of them (3/16 each) -> that one.
    assert ramp_distribution("N:- E:- S:- W:- rivers:0000", "E", "SW") == {
        ("", 0): F(9, 16) + F(1, 16),
        ("S", 0): F(3, 16),
        ("W", 0): F(3, 16),
    }


def test_expected_yield_with_mixed_outcomes():
    # North "W", river 3 (yield 2); drop one Sun.  W.p. 1/4 it lands on North: "WS" -> pair removed -> empty.
    # Otherwise North keeps "W".  Fruit: empty -> productive (yield 2); "W" -> not.  So P = 1/4, E = 1/2.
    # Barley: productive either way (0 or 1 sphere): P = 1, E = 2.
    probs = by_name(field_probabilities("N:W E:- S:- W:- rivers:3000", "S"))
    ys = by_name(expected_yields("N:W E:- S:- W:- rivers:3000", "S"))
    assert probs["N-fruit"] == Q and ys["N-fruit"] == F(1, 2)
    assert probs["N-barley"] == 1 and ys["N-barley"] == 2
    # East: empty, river 0: a Sun lands there w.p. 1/4 -> Papyrus dies (a Sun); Flax lives (1 sphere).
    assert probs["E-papyrus"] == F(3, 4) and probs["E-flax"] == 1 and ys["E-flax"] == 0


def test_phase_distribution_one_water():
    # The whole pyramid after one Water from the set-up: the ramp it lands on is left with one Sun.
    d = phase_distribution(SETUP, "W")
    want = {Pyramid(tuple("S" if r is ramp else "SS" for r in RAMPS), (2, 2, 2, 2)): Q for ramp in RAMPS}
    assert d == want


def test_presentation_helpers():
    assert as_sympy(F(3, 8)) == sympy.Rational(3, 8)
    rows = probability_table(SETUP, "W")
    assert rows[3] == ("Flax (East)", "1/4", "0.2500", "1/4", "0.2500")
    html = table_html(rows)
    assert html.count("<tr>") == 9 and "Flax (East)" in html


# ----------------------------------------------------------------------------------------------------------------
# Sums to 1, and agrees with brute force over (drop order x ramps)
# ----------------------------------------------------------------------------------------------------------------
def brute_force(pyramid: Pyramid, spheres: str, weights) -> dict[Pyramid, F]:
    """Enumerate every labelled drop order (each 1/N!) and every ramp for each sphere (prod of p_r), and play the
    phase with the core's run_phase - an independent check of the decomposition used by exact.py."""
    got, _ = available(pyramid, spheres)
    bag = [s for s in Sphere for _ in range(got.get(s, 0))]
    total = sum(weights)
    probs = [F(w, total) for w in weights]
    out: dict[Pyramid, F] = {}
    n_orders = factorial(len(bag))
    for order in itertools.permutations(bag):
        for ramps in itertools.product(range(4), repeat=len(bag)):
            p = F(1, n_orders)
            for r in ramps:
                p *= probs[r]
            if not p:
                continue
            end = run_phase(pyramid, [Landing(s, RAMPS[r]) for s, r in zip(order, ramps)]).end
            out[end] = out.get(end, F(0)) + p
    return out


ramp_text = st.text(alphabet="SWL", max_size=4)
pyramids = st.builds(
    lambda ramps, rivers: (ramps, rivers),
    st.lists(ramp_text, min_size=4, max_size=4),
    st.lists(st.integers(0, 4), min_size=4, max_size=4),
)
drops = st.text(alphabet="SWL", max_size=3)
weight_lists = st.lists(st.integers(0, 3), min_size=4, max_size=4).filter(lambda w: sum(w) > 0)


def make(p) -> Pyramid:
    try:
        return Pyramid(tuple(p[0]), tuple(p[1]))
    except StateError:
        assume(False)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pyramids, drops, weight_lists)
def test_exact_agrees_with_brute_force(p, spheres, weights):
    pyramid = make(p)
    brute = brute_force(pyramid, spheres, weights)
    assert sum(brute.values()) == 1
    # the whole pyramid
    assert phase_distribution(pyramid, spheres, weights) == brute
    # each ramp alone (marginals of the brute force)
    for ramp in RAMPS:
        marginal: dict = {}
        for state, q in brute.items():
            key = (state.ramp(ramp), state.river(ramp))
            marginal[key] = marginal.get(key, F(0)) + q
        exact = {k: v for k, v in ramp_distribution(pyramid, ramp, spheres, weights).items() if v}
        assert exact == marginal
    # fields, judged on the brute-force end states by the core's field_status
    want_p: dict = {}
    want_y: dict = {}
    for state, q in brute.items():
        for fs in field_status(state):
            want_p[fs.field] = want_p.get(fs.field, F(0)) + (q if fs.productive else 0)
            want_y[fs.field] = want_y.get(fs.field, F(0)) + q * fs.yield_
    assert field_probabilities(pyramid, spheres, weights) == want_p
    assert expected_yields(pyramid, spheres, weights) == want_y


@settings(max_examples=40, deadline=None)
@given(pyramids, st.text(alphabet="SWL", max_size=6), weight_lists)
def test_probabilities_sum_to_one(p, spheres, weights):
    pyramid = make(p)
    for ramp in RAMPS:
        d = ramp_distribution(pyramid, ramp, spheres, weights)
        assert sum(d.values()) == 1 and all(v >= 0 for v in d.values())
    for row in field_chances(pyramid, spheres, weights):
        assert 0 <= row.productive <= 1
        assert 0 <= row.expected_yield <= 3 * row.productive


# ----------------------------------------------------------------------------------------------------------------
# Simulation
# ----------------------------------------------------------------------------------------------------------------
Z999 = 3.2905  # 99.9% intervals: with fixed seeds the tests are deterministic, and a wide interval keeps them
# meaningful for any seed one might pick.

CASES = [
    (SETUP, "W", None),
    (SETUP, "SWL", None),
    ("N:SS E:W S:- W:SL rivers:2103", "SSWWL", None),
    ("N:SSSS E:- S:LW W:WWS rivers:0142", "SLLW", (1, 2, 3, 2)),
]


@pytest.mark.parametrize("pyramid, spheres, weights", CASES)
def test_vectorised_simulation_agrees_with_exact(pyramid, spheres, weights):
    result = simulate_vectorised(pyramid, spheres, 200_000, seed=2024, weights=weights)
    assert result.n == 200_000
    est = result.estimates(z=Z999)
    for row in field_chances(pyramid, spheres, weights):
        assert est[row.field].covers(row.productive, row.expected_yield), (row, est[row.field])


@pytest.mark.parametrize("pyramid, spheres, weights", CASES)
def test_plain_simulation_agrees_with_exact(pyramid, spheres, weights):
    result = simulate_plain(pyramid, spheres, 3000, seed=7, weights=weights)
    est = result.estimates(z=Z999)
    for row in field_chances(pyramid, spheres, weights):
        assert est[row.field].covers(row.productive, row.expected_yield), (row, est[row.field])


def test_simulated_ramp_outcomes_are_the_exact_ones():
    # Every state a simulated ramp ends in has positive exact probability, and the frequencies are close.
    pyr, spheres = "N:SSSS E:- S:- W:- rivers:0000", "SL"
    result = simulate_vectorised(pyr, spheres, 100_000, seed=1)
    exact = ramp_distribution(pyr, "N", spheres)
    freq = result.ramp_frequencies("N")
    assert set(freq) == set(exact)
    for outcome, p in exact.items():
        k = round(freq[outcome] * result.n)
        lo, hi = wilson_interval(k, result.n, Z999)
        assert lo <= p <= hi


def test_same_seed_same_numbers():
    for method in ("vectorised", "plain"):
        a = simulate(SETUP, "SWL", 2000, seed=11, method=method)
        b = simulate(SETUP, "SWL", 2000, seed=11, method=method)
        c = simulate(SETUP, "SWL", 2000, seed=12, method=method)
        assert a.outcomes == b.outcomes
        assert a.outcomes != c.outcomes


def test_plain_loop_is_the_core_with_random_random():
    # The plain simulator is exactly: sample_landings with random.Random(seed) then run_phase, phase after phase.
    from tameri_kit.rules.weather import sample_landings

    rng = random.Random(5)
    counts = Counter()
    for _ in range(50):
        end = run_phase(Pyramid(), sample_landings("SWL", rng)).end
        counts[(end.ramps[0], end.rivers[0])] += 1
    assert simulate_plain(SETUP, "SWL", 50, seed=5).outcomes[0] == dict(counts)


def test_vectorised_and_plain_agree_statistically():
    pyr, spheres = "N:SS E:W S:- W:SL rivers:2103", "SSWWL"
    a = simulate_vectorised(pyr, spheres, 100_000, seed=3).estimates()
    b = simulate_plain(pyr, spheres, 3000, seed=3).estimates()
    for f in a:
        pa, pb = a[f].productive, b[f].productive
        pooled = (pa * 100_000 + pb * 3000) / 103_000
        sd = (pooled * (1 - pooled) * (1 / 100_000 + 1 / 3000)) ** 0.5
        assert abs(pa - pb) <= Z999 * sd + 1e-12, f


def test_progress_and_running_results():
    seen = []
    result = simulate(SETUP, "SW", 1000, seed=1, chunk=300, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(300, 1000), (600, 1000), (900, 1000), (1000, 1000)]
    runs = list(iter_simulation(SETUP, "SW", 1000, seed=1, chunk=300))
    assert [r.n for r in runs] == [300, 600, 900, 1000]
    assert runs[-1].outcomes == result.outcomes
    assert sum(runs[-1].outcomes[0].values()) == 1000


def test_simulation_rejects_symbols_and_bad_sizes():
    with pytest.raises(ValueError):
        simulate(SETUP, "S", 10, weights=tilt("N", sympy.Symbol("p")))
    with pytest.raises(ValueError):
        simulate(SETUP, "S", -1)
    with pytest.raises(ValueError):
        simulate(SETUP, "S", 10, method="magic")


def test_nothing_to_drop():
    # No sphere falls: the pyramid stays as it is, in every phase.
    result = simulate_vectorised(SETUP, "", 100, seed=0)
    assert all(o == {("SS", 2): 100} for o in result.outcomes)
    assert ramp_distribution(SETUP, "N", "") == {("SS", 2): 1}


def test_wilson_interval_hand_values():
    # p = 1/2, n = 100, z = 1.96: centre 0.5, half = 1.96/1.0384 * sqrt(0.0025 + 0.000096) = 0.0962
    lo, hi = wilson_interval(50, 100)
    assert abs(lo - 0.4038) < 1e-4 and abs(hi - 0.5962) < 1e-4
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0
