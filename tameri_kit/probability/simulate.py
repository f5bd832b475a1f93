"""Simulated weather phases: a plain loop over the rules core, and a vectorised numpy version.

Rulebook: Phase 1: Weather, steps 3-6; Productive Fields and Harvests; Harvest.

The chance model is the one described in :mod:`tameri_kit.probability.exact` (a uniformly shuffled drop order,
each sphere landing on ramp ``r`` with probability ``w_r / sum(w)``, resolution after every sphere has landed).

* :func:`simulate_plain` plays each phase with the core: :func:`~tameri_kit.rules.weather.sample_landings` from a
  ``random.Random(seed)``, then :func:`~tameri_kit.rules.weather.run_phase`.  Slow, but it is the game itself.
* :func:`simulate_vectorised` draws a whole block of phases at once with ``numpy.random.default_rng(seed)``:
  shuffles the spheres of every phase (one row each), draws every sphere's ramp, encodes what landed on each
  ramp as a number (base 4, one digit per sphere, bottom first: 1 Sun, 2 Water, 3 Silt) and looks that number up
  in a table built beforehand by resolving every possible arrangement with the core's
  :func:`~tameri_kit.rules.weather.resolve_ramp`.  So no rule is written twice, and both simulators can be
  checked against the exact answers.

Both are seeded: the same arguments (seed, and ``chunk`` - the block size, which decides how the random stream is
cut up) give the same numbers on any machine.  (``random.Random`` is stable across Python versions for these
calls; numpy keeps ``default_rng`` streams stable across platforms, but may change them between numpy releases.)  Both return a :class:`SimulationResult` holding how often each
ramp ended in each state; estimates with confidence intervals come from it.  For progress bars and convergence
plots, :func:`iter_simulation` yields the running result after every block, and ``progress=`` takes a callback
``progress(done, total)``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field as dc_field
from typing import Callable, Iterator

import numpy as np

from .._fast import remembered
from ..data.board import BoardMap, Field, load_map
from ..rules.common import RAMPS, Ramp, Sphere
from ..rules.fields import harvest_yield, is_productive, weather_on
from ..rules.pyramid import Pyramid
from ..rules.readings import DEFAULT, Readings
from ..rules.weather import run_phase, sample_landings
from .exact import Outcome, also_clear, dropped_counts, is_symbolic, landing_probabilities, resolved_outcome, words

__all__ = [
    "SimulationResult",
    "Estimate",
    "wilson_interval",
    "mean_interval",
    "simulate",
    "simulate_plain",
    "simulate_vectorised",
    "iter_simulation",
    "convergence",
    "METHODS",
    "Z95",
]

Z95 = 1.959963984540054
METHODS = ("vectorised", "plain")
_DIGIT = {"S": 1, "W": 2, "L": 3}


# ----------------------------------------------------------------------------------------------------------------
# Intervals
# ----------------------------------------------------------------------------------------------------------------
def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends: no round-off at 0 and 1
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def mean_interval(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float]:
    """A normal-approximation interval for a mean, from the sum and the sum of squares of ``n`` values."""
    if n <= 1:
        return (-math.inf, math.inf)
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class Estimate:
    """A field's simulated P(productive) and expected yield, each with a confidence interval."""

    field: Field
    n: int
    productive: float
    productive_low: float
    productive_high: float
    expected_yield: float
    yield_low: float
    yield_high: float

    def covers(self, productive, expected_yield) -> bool:
        """Whether both intervals contain the given (e.g. exact) values."""
        return (
            self.productive_low <= float(productive) <= self.productive_high
            and self.yield_low - 1e-12 <= float(expected_yield) <= self.yield_high + 1e-12
        )


# ----------------------------------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SimulationResult:
    """How often each ramp ended in each state over ``n`` simulated phases."""

    pyramid: Pyramid
    dropped: tuple[int, int, int]  # (Sun, Water, Silt) that fell
    method: str
    seed: int
    n: int
    outcomes: tuple[dict, dict, dict, dict]  # per ramp N, E, S, W: {(spheres, river Silt): count}
    readings: Readings = DEFAULT
    board: BoardMap | None = dc_field(default=None, compare=False)

    def ramp_frequencies(self, ramp: Ramp | str) -> dict[Outcome, float]:
        ramp = Ramp.parse(ramp) if not isinstance(ramp, Ramp) else ramp
        counts = self.outcomes[ramp.index]
        return {o: c / self.n for o, c in sorted(counts.items())}

    def estimates(self, z: float = Z95) -> dict[Field, Estimate]:
        """P(productive) with a Wilson interval, and the mean yield of one Farmer with a normal interval."""
        board = self.board or load_map()
        out = {}
        for ramp in RAMPS:
            counts = self.outcomes[ramp.index]
            for f in board.river(ramp).fields:
                hits = total = total_sq = 0
                for (seq, silt), c in counts.items():
                    if is_productive(f.crop, *weather_on(seq, self.readings)):
                        y = harvest_yield(silt, board)
                        hits += c
                        total += c * y
                        total_sq += c * y * y
                lo, hi = wilson_interval(hits, self.n, z)
                ylo, yhi = mean_interval(total, total_sq, self.n, z)
                mean = total / self.n if self.n else float("nan")
                out[f] = Estimate(f, self.n, hits / self.n if self.n else float("nan"), lo, hi, mean, ylo, yhi)
        return out

    def merge(self, other: "SimulationResult") -> "SimulationResult":
        outcomes = []
        for a, b in zip(self.outcomes, other.outcomes):
            c = Counter(a)
            c.update(b)
            outcomes.append(dict(sorted(c.items())))
        return SimulationResult(
            self.pyramid,
            self.dropped,
            self.method,
            self.seed,
            self.n + other.n,
            tuple(outcomes),
            self.readings,
            self.board,
        )


# ----------------------------------------------------------------------------------------------------------------
# Plain loop
# ----------------------------------------------------------------------------------------------------------------
def _prepare(pyramid, spheres, weights):
    if isinstance(pyramid, str):
        pyramid = Pyramid.parse(pyramid)
    probs = landing_probabilities(weights)
    if any(is_symbolic(p) for p in probs):
        raise ValueError("a simulation needs numeric landing weights, not symbols")
    return pyramid, dropped_counts(pyramid, spheres), probs


def _plain_blocks(
    pyramid: Pyramid, dropped, probs, n: int, seed: int, readings: Readings, chunk: int
) -> Iterator[tuple[int, list[Counter]]]:
    rng = random.Random(seed)
    bag = Counter({s: k for s, k in zip((Sphere.SUN, Sphere.WATER, Sphere.SILT), dropped) if k})
    weights = [float(p) for p in probs]
    done = 0
    while done < n:
        m = min(chunk, n - done)
        counts = [Counter() for _ in RAMPS]
        for _ in range(m):
            end = run_phase(pyramid, sample_landings(bag, rng, weights), readings).end
            for i in range(4):
                counts[i][(end.ramps[i], end.rivers[i])] += 1
        done += m
        yield m, counts


# ----------------------------------------------------------------------------------------------------------------
# Vectorised
# ----------------------------------------------------------------------------------------------------------------
def _code(word: str) -> int:
    """A ramp's arrangement (bottom first) as a number: base-4 digits 1 Sun, 2 Water, 3 Silt, the lowest sphere
    as the leading digit.  No digit is 0, so arrangements of different lengths get different numbers.

    >>> _code("S"), _code("SW"), _code("WS"), _code("LLL")
    (1, 6, 9, 63)
    """
    code = 0
    for ch in word:
        code = 4 * code + _DIGIT[ch]
    return code


class _RampTable:
    """Every arrangement that can land on one ramp, by code, with its resolved outcome (by the core)."""

    def __init__(self, start: str, river: int, dropped, readings: Readings):
        a, b, c = dropped
        outcome_index: dict[Outcome, int] = {}
        codes, index = [], []
        for x in range(a + 1):
            for y in range(b + 1):
                for z in range(c + 1):
                    for w in words(x, y, z):
                        o = resolved_outcome(start + w, river, readings)
                        codes.append(_code(w))
                        index.append(outcome_index.setdefault(o, len(outcome_index)))
        self.outcomes = list(outcome_index)
        n_spheres = a + b + c
        dtype = np.int16 if len(self.outcomes) < 2**15 else np.int32
        if n_spheres <= 10:  # a dense table of 4**n entries (at most 1M): one fancy-indexing lookup
            self.dense = np.full(4**n_spheres, -1, dtype=dtype)
            self.dense[np.array(codes, dtype=np.int64)] = np.array(index, dtype=dtype)
        else:
            self.dense = None
            order = np.argsort(np.array(codes, dtype=np.int64))
            self.codes = np.array(codes, dtype=np.int64)[order]
            self.index = np.array(index, dtype=dtype)[order]

    def lookup(self, codes: np.ndarray) -> np.ndarray:
        if self.dense is not None:
            return self.dense[codes]
        return self.index[np.searchsorted(self.codes, codes)]


@remembered(size=64)
def _ramp_table(start: str, river: int, dropped: tuple[int, int, int], readings: Readings) -> _RampTable:
    return _RampTable(start, river, dropped, readings)


also_clear(_ramp_table.cache_clear)  # exact.clear_caches() forgets these tables too


def _vector_blocks(
    pyramid: Pyramid, dropped, probs, n: int, seed: int, readings: Readings, chunk: int
) -> Iterator[tuple[int, list[Counter]]]:
    rng = np.random.default_rng(seed)
    tables = [_ramp_table(pyramid.ramp(r), pyramid.river(r), tuple(dropped), readings) for r in RAMPS]
    colours = np.array([1] * dropped[0] + [2] * dropped[1] + [3] * dropped[2], dtype=np.int64)
    n_spheres = len(colours)
    uniform = len(set(probs)) == 1
    cum = np.array([float(sum(probs[: i + 1])) for i in range(3)])
    done = 0
    while done < n:
        m = min(chunk, n - done)
        counts = [Counter() for _ in RAMPS]
        if n_spheres == 0:
            for i in range(4):
                counts[i][tables[i].outcomes[0]] += m
        else:
            # one row per phase: the dropped spheres in a shuffled order (the order they fall)
            order = np.ascontiguousarray(rng.permuted(np.broadcast_to(colours, (m, n_spheres)), axis=1).T)
            # one row per sphere (in falling order), one column per phase: the ramp it lands on
            if uniform:
                ramps = rng.integers(0, 4, size=(n_spheres, m), dtype=np.int64)
            else:
                ramps = np.searchsorted(cum, rng.random((n_spheres, m)), side="right").astype(np.int64)
            # codes[r * m + j]: what landed on ramp r in phase j (see _code): each sphere, as it lands, appends
            # its digit to the code of the ramp it lands on
            codes = np.zeros(4 * m, dtype=np.int64)
            base = np.arange(m, dtype=np.int64)
            for k in range(n_spheres):
                ix = ramps[k] * m + base
                codes[ix] = 4 * codes[ix] + order[k]
            for i in range(4):
                idx = tables[i].lookup(codes[i * m : (i + 1) * m])
                for k, c in enumerate(np.bincount(idx, minlength=len(tables[i].outcomes))):
                    if c:
                        counts[i][tables[i].outcomes[k]] += int(c)
        done += m
        yield m, counts


# ----------------------------------------------------------------------------------------------------------------
# Public entry points
# ----------------------------------------------------------------------------------------------------------------
_DEFAULT_CHUNK = {"vectorised": 65536, "plain": 1000}


def iter_simulation(
    pyramid: Pyramid | str,
    spheres,
    n: int,
    *,
    seed: int = 0,
    method: str = "vectorised",
    weights=None,
    readings: Readings = DEFAULT,
    board: BoardMap | None = None,
    chunk: int | None = None,
) -> Iterator[SimulationResult]:
    """Simulate ``n`` weather phases block by block, yielding the running (cumulative) result after each block.

    ``method`` is ``"vectorised"`` (numpy) or ``"plain"`` (a loop over the core).  Use this for progress bars
    and convergence plots.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {method!r}")
    if n < 0 or int(n) != n:
        raise ValueError(f"the number of phases must be a whole number >= 0, not {n!r}")
    chunk = int(chunk or _DEFAULT_CHUNK[method])
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    pyramid, dropped, probs = _prepare(pyramid, spheres, weights)
    blocks = (_vector_blocks if method == "vectorised" else _plain_blocks)(
        pyramid, dropped, probs, int(n), seed, readings, chunk
    )
    result = SimulationResult(pyramid, dropped, method, seed, 0, ({}, {}, {}, {}), readings, board)
    for m, counts in blocks:
        result = result.merge(
            SimulationResult(pyramid, dropped, method, seed, m, tuple(dict(c) for c in counts), readings, board)
        )
        yield result


def simulate(
    pyramid: Pyramid | str,
    spheres,
    n: int,
    *,
    seed: int = 0,
    method: str = "vectorised",
    weights=None,
    readings: Readings = DEFAULT,
    board: BoardMap | None = None,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Simulate ``n`` weather phases and return how often each ramp ended in each state.

    ``progress(done, total)`` is called after every block (e.g. to move an ``IntProgress`` bar).
    """
    result = None
    for result in iter_simulation(
        pyramid, spheres, n, seed=seed, method=method, weights=weights, readings=readings, board=board, chunk=chunk
    ):
        if progress is not None:
            progress(result.n, n)
    if result is None:  # n == 0
        pyramid, dropped, _probs = _prepare(pyramid, spheres, weights)
        result = SimulationResult(pyramid, dropped, method, seed, 0, ({}, {}, {}, {}), readings, board)
    return result


def simulate_plain(pyramid: Pyramid | str, spheres, n: int, *, seed: int = 0, **kwargs) -> SimulationResult:
    """:func:`simulate` with the plain loop over the core (``sample_landings`` + ``run_phase``)."""
    return simulate(pyramid, spheres, n, seed=seed, method="plain", **kwargs)


def simulate_vectorised(pyramid: Pyramid | str, spheres, n: int, *, seed: int = 0, **kwargs) -> SimulationResult:
    """:func:`simulate` with the numpy version (table lookup of outcomes resolved by the core)."""
    return simulate(pyramid, spheres, n, seed=seed, method="vectorised", **kwargs)


def convergence(
    pyramid: Pyramid | str,
    spheres,
    n: int,
    *,
    seed: int = 0,
    method: str = "vectorised",
    weights=None,
    readings: Readings = DEFAULT,
    board: BoardMap | None = None,
    points: int = 40,
    progress: Callable[[int, int], None] | None = None,
) -> list[tuple[int, dict[Field, Estimate]]]:
    """Running estimates for a convergence plot: ``points`` blocks of (about) ``n / points`` phases each.

    Returns ``[(phases so far, {field: Estimate}), ...]``.  The block size is ``ceil(n / points)``, so the numbers
    depend on the seed, ``n`` and ``points`` only.
    """
    chunk = max(1, -(-int(n) // max(1, int(points))))
    history = []
    for result in iter_simulation(
        pyramid, spheres, n, seed=seed, method=method, weights=weights, readings=readings, board=board, chunk=chunk
    ):
        history.append((result.n, result.estimates()))
        if progress is not None:
            progress(result.n, n)
    return history
