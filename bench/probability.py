"""Benchmarks for :mod:`tameri_kit.probability`: exact computation time, simulated phases per second.

Targets (docs/performance.md): exact field probabilities for up to 10 dropped spheres in < 0.5 s; the vectorised
simulator >= 20x the plain loop and >= 1,000,000 phases per second.
"""

from __future__ import annotations

import time

from tameri_kit.probability.exact import clear_caches, field_chances
from tameri_kit.probability.simulate import simulate

#: Four different ramps (so no ramp can reuse another's work) - the hard case for the exact computation.
MIXED = "N:SS E:W S:- W:SL rivers:2103"
SETUP = "N:SS E:SS S:SS W:SS rivers:2222"

#: n dropped spheres: 3 Sun, 3 Water and the rest Silt (n >= 6); smaller n takes a prefix of this mix.
DROPS = {4: "SSWL", 5: "SSWWL", 6: "SSSWWL", 7: "SSSWWWL", 8: "SSSWWWLL", 9: "SSSWWWLLL", 10: "SSSWWWLLLL"}


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def exact_times(repeat: int = 3) -> list[tuple]:
    """Seconds for field_chances (P(productive) and expected yield of all 8 fields), from cold caches."""
    rows = []
    for n, spheres in DROPS.items():
        def cold(pyr=None, spheres=spheres):
            clear_caches()
            field_chances(pyr, spheres)
        t_mixed = _best(lambda: cold(MIXED), repeat)
        t_setup = _best(lambda: cold(SETUP), repeat)
        field_chances(MIXED, spheres)
        t_warm = _best(lambda spheres=spheres: field_chances(MIXED, spheres), repeat)
        rows.append((n, spheres, t_mixed, t_setup, t_warm))
    return rows


def simulation_rates(quick: bool = False) -> list[tuple]:
    """Phases per second for the plain loop and the vectorised simulator (each run includes building its tables,
    which are memoised across runs, so the rate is the steady one), and the time to build the tables cold."""
    rows = []
    n_plain = 1000 if quick else 5000
    n_vec = 200_000 if quick else 2_000_000
    for spheres in ("SWL", "SSSWWL", "SSSWWWLLLL"):
        t_plain = _best(lambda spheres=spheres: simulate(MIXED, spheres, n_plain, seed=1, method="plain"),
                        1 if quick else 2)

        def table_only(spheres=spheres):  # building the lookup tables, from cold caches (each arrangement once)
            clear_caches()
            simulate(MIXED, spheres, 1, seed=1, method="vectorised")
        t_table = _best(table_only, 1)
        t_vec = _best(lambda spheres=spheres: simulate(MIXED, spheres, n_vec, seed=1, method="vectorised"),
                      1 if quick else 3)
        plain_rate = n_plain / t_plain
        vec_rate = n_vec / t_vec
        rows.append((spheres, plain_rate, vec_rate, vec_rate / plain_rate, t_table))
    return rows


def run(quick: bool = False) -> None:
    print("\nExact field probabilities (tameri_kit.probability.exact.field_chances), best of runs, cold caches")
    print(f"  mixed pyramid {MIXED!r}; set-up pyramid {SETUP!r}; target < 0.5 s")
    print(f"  {'n':>3} {'spheres':<12} {'mixed (s)':>10} {'set-up (s)':>11} {'warm (s)':>9}  target")
    for n, spheres, t_mixed, t_setup, t_warm in exact_times(1 if quick else 5):
        ok = "ok" if max(t_mixed, t_setup) < 0.5 else "MISSED"
        print(f"  {n:>3} {spheres:<12} {t_mixed:>10.3f} {t_setup:>11.3f} {t_warm:>9.4f}  {ok}")
    print(f"\nSimulated weather phases per second on {MIXED!r} (seeded; plain = sample_landings + run_phase)")
    print("  targets: vectorised >= 1,000,000 phases/s and >= 20x the plain loop")
    print(f"  {'spheres':<12} {'plain/s':>10} {'vectorised/s':>13} {'ratio':>7} {'table (s)':>10}  target")
    for spheres, plain_rate, vec_rate, ratio, t_table in simulation_rates(quick):
        ok = "ok" if vec_rate >= 1e6 and ratio >= 20 else "MISSED"
        print(f"  {spheres:<12} {plain_rate:>10,.0f} {vec_rate:>13,.0f} {ratio:>6.0f}x {t_table:>10.3f}  {ok}")
