"""Exact probabilities for one weather phase, in rationals (``fractions.Fraction``) or sympy expressions.

Rulebook: Phase 1: Weather, steps 3-6 (the drop and the resolution of the ramps); Productive Fields and
Harvests; Harvest (the yield read from the river's farthest Silt).

The chance model
----------------
A phase drops a multiset of spheres - only those the supply still holds (step 3, see
:func:`~tameri_kit.rules.weather.available`).  We model the funnel like this:

* the spheres fall in an order that is a uniformly random shuffle of the multiset;
* each sphere, independently of the others and of the order, ends on ramp ``r`` with probability
  ``w_r / (w_N + w_E + w_S + w_W)``.  The weights are all 1 by default (each ramp 1/4); a "tilted pyramid" has
  other weights, which may be numbers or sympy symbols;
* nothing is resolved while spheres fall: steps 4-6 happen once every sphere has landed, one ramp at a time,
  and a ramp only ever sends Silt to its own river.

Two facts follow, and this module is built on them.  First, how many spheres of each colour reach ramp ``r``
is Binomial(n_colour, p_r), colour by colour, independently across colours (each sphere flips its own coin).
Second, once we know *which* spheres reached the ramp, every distinct order of them on the ramp is equally
likely (a uniform shuffle, restricted to a sub-multiset, is still uniform).  So a ramp's outcome depends only
on the counts (Sun, Water, Silt) that reach it and on the arrangements of those counts: a ramp's distribution
is a sum over counts ``k`` of ``P(k) * (share of the arrangements of k that resolve to this outcome)``.

``P(k)`` is ``C(n_S,k_S) C(n_W,k_W) C(n_L,k_L) p^K (1-p)^(N-K)`` with ``K = k_S+k_W+k_L`` and ``N`` the number of
spheres dropped; grouped by ``K`` a ramp's outcome probability is a polynomial in ``p``.  We keep the
coefficients as Fractions and only turn them into sympy at the very end when a weight is symbolic.

The ramps are *not* independent of each other (the spheres are shared out among them), so the joint outcome of
the whole pyramid needs the multinomial split of each colour over the four ramps: :func:`phase_distribution`.
That one is exact too but grows quickly (see its docstring); field probabilities only need one ramp at a time.

Every ramp is resolved by the rules core (:func:`~tameri_kit.rules.weather.resolve_ramp`) and every field judged
by :func:`~tameri_kit.rules.fields.is_productive`, :func:`~tameri_kit.rules.fields.weather_on` and
:func:`~tameri_kit.rules.fields.harvest_yield`: no rule is written twice.
"""

from __future__ import annotations

import html
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial
from typing import Callable, Iterable, Mapping, Sequence

from .._fast import remembered
from ..data.board import BoardMap, Field, load_map
from ..rules.common import RAMPS, Ramp, Sphere
from ..rules.fields import harvest_yield, is_productive, weather_on
from ..rules.pyramid import Pyramid
from ..rules.readings import DEFAULT, Readings
from ..rules.weather import available, resolve_ramp

__all__ = [
    "Outcome",
    "ramp_distribution",
    "count_distribution",
    "field_probabilities",
    "expected_yields",
    "phase_distribution",
    "landing_probabilities",
    "tilt",
    "as_sympy",
    "probability_table",
    "table_html",
    "words",
    "dropped_counts",
    "is_symbolic",
    "field_chances",
    "FieldChance",
    "distribution_rows",
    "clear_caches",
]

#: A ramp after the phase: (its spheres bottom first, Silt in its river).
Outcome = tuple[str, int]

_COLOURS = (Sphere.SUN, Sphere.WATER, Sphere.SILT)
_EMPTY = Pyramid(("", "", "", ""), (0, 0, 0, 0))
_LETTERS = "SWL"


# ----------------------------------------------------------------------------------------------------------------
# Inputs: what is dropped, with which weights
# ----------------------------------------------------------------------------------------------------------------
def dropped_counts(pyramid: Pyramid, spheres) -> tuple[int, int, int]:
    """(Sun, Water, Silt) that really fall (Phase 1: Weather, step 3: only what the supply holds)."""
    got, _notes = available(pyramid, spheres)
    return tuple(int(got.get(s, 0)) for s in _COLOURS)


def is_symbolic(x) -> bool:
    """True for a sympy expression that is not a plain number (e.g. a Symbol ``p``)."""
    free = getattr(x, "free_symbols", None)
    return bool(free)


def _check_weights(weights) -> tuple:
    if weights is None:
        return (1, 1, 1, 1)
    w = tuple(weights)
    if len(w) != 4:
        raise ValueError(f"landing weights need one value per ramp (N, E, S, W), got {len(w)}")
    if not any(is_symbolic(x) for x in w):
        if any(x < 0 for x in w) or sum(w) <= 0:
            raise ValueError(f"landing weights must be non-negative and not all zero, got {w}")
        return tuple(Fraction(x) if not hasattr(x, "free_symbols") else Fraction(str(x)) for x in w)
    return w


def landing_probabilities(weights=None) -> tuple:
    """The chance that one sphere lands on each ramp (N, E, S, W): ``w_r / sum(w)``.

    Fractions for numeric weights, sympy expressions when a weight is symbolic.

    >>> [str(p) for p in landing_probabilities((1, 1, 1, 1))]
    ['1/4', '1/4', '1/4', '1/4']
    >>> [str(p) for p in landing_probabilities((2, 1, 1, 0))]
    ['1/2', '1/4', '1/4', '0']
    """
    w = _check_weights(weights)
    if any(is_symbolic(x) for x in w):
        import sympy

        total = sympy.sympify(sum(w))
        return tuple(sympy.cancel(sympy.sympify(x) / total) for x in w)
    total = sum(w)
    return tuple(Fraction(x) / total for x in w)


def tilt(ramp: Ramp | str, p) -> tuple:
    """Weights for a "tilted pyramid": one sphere lands on ``ramp`` with probability ``p``, on each other ramp
    with probability ``(1 - p) / 3``.  ``p`` may be a number (use a Fraction to stay exact) or a sympy symbol.

    >>> [str(x) for x in tilt("N", Fraction(1, 2))]
    ['1/2', '1/6', '1/6', '1/6']
    """
    ramp = Ramp.parse(ramp) if not isinstance(ramp, Ramp) else ramp
    if is_symbolic(p):
        rest = (1 - p) / 3
    else:
        p = Fraction(p) if not isinstance(p, float) else Fraction(p).limit_denominator(10**6)
        if not 0 <= p <= 1:
            raise ValueError(f"a probability lies between 0 and 1, not {p}")
        rest = (1 - p) / 3
    return tuple(p if r is ramp else rest for r in RAMPS)


# ----------------------------------------------------------------------------------------------------------------
# Arrangements and resolution (memoised)
# ----------------------------------------------------------------------------------------------------------------
@remembered(size=None)
def words(n_sun: int, n_water: int, n_silt: int) -> tuple[str, ...]:
    """Every distinct order of a multiset of spheres, as strings bottom first (in the order they land).

    There are (a+b+c)! / (a! b! c!) of them.

    >>> words(2, 1, 0)
    ('SSW', 'SWS', 'WSS')
    """
    if n_sun < 0 or n_water < 0 or n_silt < 0:
        return ()
    if n_sun + n_water + n_silt == 0:
        return ("",)
    out = []
    for letter, (a, b, c) in (
        ("S", (n_sun - 1, n_water, n_silt)),
        ("W", (n_sun, n_water - 1, n_silt)),
        ("L", (n_sun, n_water, n_silt - 1)),
    ):
        out += [letter + rest for rest in words(a, b, c)]
    return tuple(out)


_RESOLVED: dict[Readings, dict[tuple[str, int], Outcome]] = {}


def resolved_outcome(seq: str, river: int, readings: Readings) -> Outcome:
    """:func:`resolve_ramp`, memoised on the sequence before resolution (one table per set of readings)."""
    table = _RESOLVED.setdefault(readings, {})
    key = (seq, river)
    out = table.get(key)
    if out is None:
        out = table[key] = resolve_ramp(seq, river, readings)
    return out


@remembered(size=None)
def _arrangement_outcomes(start: str, river: int, k: tuple[int, int, int], readings: Readings) -> tuple:
    """Given that exactly ``k`` (Sun, Water, Silt) land on a ramp holding ``start`` with ``river`` Silt: each
    outcome with the number of distinct arrangements of ``k`` that lead to it (and that number's total)."""
    table = _RESOLVED.setdefault(readings, {})
    counts: Counter = Counter()
    arrangements = words(*k)
    for w in arrangements:
        key = (start + w, river)
        out = table.get(key)
        if out is None:
            out = table[key] = resolve_ramp(start + w, river, readings)
        counts[out] += 1
    return tuple(sorted(counts.items())), len(arrangements)


def clear_caches() -> None:
    """Forget every memoised resolution and arrangement (for timing from cold, or to free memory)."""
    _RESOLVED.clear()
    words.cache_clear()
    _arrangement_outcomes.cache_clear()
    _ramp_coefficients.cache_clear()
    for clear in _MORE_CACHES:  # e.g. the simulator's lookup tables, built from the same resolutions
        clear()


#: Other memoised tables built from these resolutions (registered by their modules with :func:`also_clear`).
_MORE_CACHES: list[Callable[[], None]] = []


def also_clear(clear: Callable[[], None]) -> None:
    """Have :func:`clear_caches` also call ``clear`` (a module whose caches are built from these resolutions)."""
    _MORE_CACHES.append(clear)


def _sub_counts(n: tuple[int, int, int]) -> Iterable[tuple[int, int, int]]:
    return itertools.product(range(n[0] + 1), range(n[1] + 1), range(n[2] + 1))


@remembered
def _ramp_coefficients(start: str, river: int, n: tuple[int, int, int], readings: Readings) -> tuple:
    """outcome -> (c_0, ..., c_N) with P(outcome) = sum_K c_K p^K (1-p)^(N-K), p the ramp's landing chance."""
    total = sum(n)
    table: dict[Outcome, list[Fraction]] = {}
    for k in _sub_counts(n):
        ways = comb(n[0], k[0]) * comb(n[1], k[1]) * comb(n[2], k[2])
        outcomes, arrangements = _arrangement_outcomes(start, river, k, readings)
        K = sum(k)
        for outcome, count in outcomes:
            row = table.setdefault(outcome, [Fraction(0)] * (total + 1))
            row[K] += Fraction(ways * count, arrangements)
    return tuple(sorted((o, tuple(c)) for o, c in table.items()))


def _poly_value(coeffs: Sequence[Fraction], p):
    """sum_K c_K p^K (1-p)^(N-K) for a Fraction p (exact) or a sympy expression p."""
    N = len(coeffs) - 1
    if is_symbolic(p):
        import sympy

        expr = sum(
            sympy.Rational(c.numerator, c.denominator) * p**K * (1 - p) ** (N - K) for K, c in enumerate(coeffs) if c
        )
        return sympy.factor(sympy.cancel(expr))
    q = 1 - p
    return sum((c * p**K * q ** (N - K) for K, c in enumerate(coeffs) if c), Fraction(0))


def _setup(pyramid, spheres, weights):
    if isinstance(pyramid, str):
        pyramid = Pyramid.parse(pyramid)
    return pyramid, dropped_counts(pyramid, spheres), landing_probabilities(weights)


# ----------------------------------------------------------------------------------------------------------------
# Public: one ramp, counts, fields
# ----------------------------------------------------------------------------------------------------------------
def ramp_distribution(
    pyramid: Pyramid | str, ramp: Ramp | str, spheres, weights=None, readings: Readings = DEFAULT
) -> dict[Outcome, object]:
    """Phase 1: Weather, steps 3-6 - the exact distribution of one ramp after the phase.

    Returns ``{(ramp spheres, river Silt): probability}``; probabilities are Fractions, or sympy expressions in
    the weights' symbols.  Only the spheres the supply holds are dropped (step 3).

    >>> d = ramp_distribution("N:SS E:SS S:SS W:SS rivers:2222", "N", "W")
    >>> {k: str(v) for k, v in d.items()}   # the Water lands on North 1 time in 4 and cancels a Sun
    {('S', 2): '1/4', ('SS', 2): '3/4'}
    """
    pyramid, n, probs = _setup(pyramid, spheres, weights)
    ramp = Ramp.parse(ramp) if not isinstance(ramp, Ramp) else ramp
    p = probs[ramp.index]
    coeffs = _ramp_coefficients(pyramid.ramp(ramp), pyramid.river(ramp), n, readings)
    return {outcome: _poly_value(c, p) for outcome, c in coeffs}


def count_distribution(
    spheres, ramp: Ramp | str = Ramp.NORTH, weights=None, pyramid: Pyramid | str | None = None
) -> dict[tuple[int, int, int], object]:
    """How many (Sun, Water, Silt) of the dropped spheres land on ``ramp``: colour by colour Binomial(n_c, p).

    Each key is a tuple ``(sun, water, silt)`` - the numbers of Sun, Water and Silt spheres landing on the ramp,
    always in that order (the order of :class:`~tameri_kit.rules.common.Sphere`); each value is its exact
    probability.  Keys come in increasing order of the tuples.

    Without a ``pyramid`` every sphere asked for can fall (an empty pyramid: the whole supply is available);
    with one, only what its supply holds falls (Phase 1: Weather, step 3).

    >>> {k: str(v) for k, v in count_distribution("SS").items()}
    {(0, 0, 0): '9/16', (1, 0, 0): '3/8', (2, 0, 0): '1/16'}
    """
    pyramid = _EMPTY if pyramid is None else (Pyramid.parse(pyramid) if isinstance(pyramid, str) else pyramid)
    _pyr, n, probs = _setup(pyramid, spheres, weights)
    ramp = Ramp.parse(ramp) if not isinstance(ramp, Ramp) else ramp
    p = probs[ramp.index]
    N = sum(n)
    out = {}
    for k in _sub_counts(n):
        ways = comb(n[0], k[0]) * comb(n[1], k[1]) * comb(n[2], k[2])
        coeffs = [Fraction(0)] * (N + 1)
        coeffs[sum(k)] = Fraction(ways)
        out[k] = _poly_value(coeffs, p)
    return out


@dataclass(frozen=True)
class FieldChance:
    """One field's exact chances after a phase: P(productive) and the expected harvest of one Farmer there."""

    field: Field
    productive: object  # Fraction or sympy expression
    expected_yield: object  # Fraction or sympy expression


def _field_rows(pyramid, spheres, weights, readings, board) -> list[FieldChance]:
    pyramid, n, probs = _setup(pyramid, spheres, weights)
    board = board or load_map()
    rows = []
    for ramp in RAMPS:
        coeffs = _ramp_coefficients(pyramid.ramp(ramp), pyramid.river(ramp), n, readings)
        p = probs[ramp.index]
        for f in board.river(ramp).fields:
            prod = [Fraction(0)] * (sum(n) + 1)
            yld = [Fraction(0)] * (sum(n) + 1)
            for (seq, silt), c in coeffs:
                if is_productive(f.crop, *weather_on(seq, readings)):
                    y = harvest_yield(silt, board)
                    for K, x in enumerate(c):
                        prod[K] += x
                        yld[K] += x * y
            rows.append(FieldChance(f, _poly_value(prod, p), _poly_value(yld, p)))
    return rows


def field_probabilities(
    pyramid: Pyramid | str, spheres, weights=None, readings: Readings = DEFAULT, board: BoardMap | None = None
) -> dict[Field, object]:
    """Productive Fields and Harvests - P(each of the 8 fields is productive) right after the weather phase.

    >>> probs = field_probabilities("N:SS E:SS S:SS W:SS rivers:2222", "W")
    >>> {str(f): str(p) for f, p in probs.items()}["N-fruit"]   # Fruit dies only if the Water stays: never
    '1'
    """
    return {row.field: row.productive for row in _field_rows(pyramid, spheres, weights, readings, board)}


def expected_yields(
    pyramid: Pyramid | str, spheres, weights=None, readings: Readings = DEFAULT, board: BoardMap | None = None
) -> dict[Field, object]:
    """Harvest - the expected harvest of one Farmer on each field right after the phase (0 when not productive).

    The yield is the number beside the river's farthest Silt (:func:`~tameri_kit.rules.fields.harvest_yield`).
    """
    return {row.field: row.expected_yield for row in _field_rows(pyramid, spheres, weights, readings, board)}


def field_chances(
    pyramid: Pyramid | str, spheres, weights=None, readings: Readings = DEFAULT, board: BoardMap | None = None
) -> list[FieldChance]:
    """Both numbers for every field, in map order (N fields, E, S, W)."""
    return _field_rows(pyramid, spheres, weights, readings, board)


# ----------------------------------------------------------------------------------------------------------------
# The whole pyramid at once
# ----------------------------------------------------------------------------------------------------------------
def _compositions(n: int, parts: int = 4) -> Iterable[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, parts - 1):
            yield (first,) + rest


def phase_distribution(
    pyramid: Pyramid | str, spheres, weights=None, readings: Readings = DEFAULT
) -> dict[Pyramid, Fraction]:
    """Phase 1: Weather, steps 3-6 - the exact distribution of the whole pyramid after the phase.

    Each colour is shared out over the four ramps multinomially; given the split, each ramp's arrangement is
    uniform and independent of the others.  Numeric weights only.  The work grows like the number of splits
    (for n_S, n_W, n_L spheres: C(n_S+3,3) C(n_W+3,3) C(n_L+3,3)) times the product of the ramps' outcome
    counts.  Measured on 2 cores (3 Sun, 3 Water and the rest Silt on four different ramps): 7 spheres 0.08 s,
    8 spheres 0.2 s, 10 spheres about 1 s, and it keeps growing fast beyond that - use
    :func:`ramp_distribution` (one ramp at a time) or the simulators for bigger drops.

    >>> d = phase_distribution(Pyramid(), "W")
    >>> sorted(str(p) for p in d.values())
    ['1/4', '1/4', '1/4', '1/4']
    """
    pyramid, n, probs = _setup(pyramid, spheres, weights)
    if any(is_symbolic(p) for p in probs):
        raise ValueError("phase_distribution takes numeric weights; use ramp_distribution for symbolic ones")
    out: dict[Pyramid, Fraction] = {}
    ramp_states = [(pyramid.ramp(r), pyramid.river(r)) for r in RAMPS]
    for split_s in _compositions(n[0]):
        for split_w in _compositions(n[1]):
            for split_l in _compositions(n[2]):
                weight = Fraction(1)
                per_ramp = []
                for i in range(len(RAMPS)):
                    k = (split_s[i], split_w[i], split_l[i])
                    weight *= probs[i] ** sum(k)
                    outs, total = _arrangement_outcomes(*ramp_states[i], k, readings)
                    per_ramp.append([(o, Fraction(c, total)) for o, c in outs])
                if not weight:
                    continue
                for colour_split in (split_s, split_w, split_l):
                    weight *= Fraction(factorial(sum(colour_split)), _prod(factorial(x) for x in colour_split))
                for combo in itertools.product(*per_ramp):
                    p = weight
                    for _o, q in combo:
                        p *= q
                    state = Pyramid(tuple(o[0] for o, _q in combo), tuple(o[1] for o, _q in combo), pyramid.held_silt)
                    out[state] = out.get(state, Fraction(0)) + p
    return out


def _prod(xs) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


# ----------------------------------------------------------------------------------------------------------------
# Presentation
# ----------------------------------------------------------------------------------------------------------------
def as_sympy(prob):
    """A probability as sympy: a ``sympy.Rational`` for a Fraction, a factored expression otherwise.

    >>> as_sympy(Fraction(3, 8))
    3/8
    """
    import sympy

    if isinstance(prob, Fraction):
        return sympy.Rational(prob.numerator, prob.denominator)
    if isinstance(prob, int):
        return sympy.Integer(prob)
    return sympy.factor(sympy.sympify(prob))


def _fmt(x) -> str:
    if isinstance(x, Fraction):
        return str(x) if x.denominator != 1 else str(x.numerator)
    return str(as_sympy(x))


def probability_table(
    pyramid: Pyramid | str, spheres, weights=None, readings: Readings = DEFAULT, board: BoardMap | None = None
) -> list[tuple[str, str, str, str, str]]:
    """Rows (field, P(productive), as a decimal, expected yield, as a decimal) for a notebook or a widget.

    Decimals are given for numeric answers only (``""`` for symbolic ones).
    """
    rows = []
    for row in field_chances(pyramid, spheres, weights, readings, board):
        p, y = row.productive, row.expected_yield
        dec = (lambda x: f"{float(x):.4f}") if isinstance(p, Fraction) else (lambda x: "")
        rows.append((row.field.label, _fmt(p), dec(p), _fmt(y), dec(y)))
    return rows


def table_html(
    rows: Sequence[Sequence[str]], header: Sequence[str] = ("Field", "P(productive)", "≈", "Expected yield", "≈")
) -> str:
    """A small HTML table (no pandas) for the rows of :func:`probability_table` or any list of rows."""
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td style='padding:2px 8px'>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def distribution_rows(dist: Mapping[Outcome, object]) -> list[tuple[str, str, str]]:
    """Rows (ramp, river Silt, probability) of a :func:`ramp_distribution`, most likely first when numeric."""
    items = list(dist.items())
    if all(isinstance(v, Fraction) for _k, v in items):
        items.sort(key=lambda kv: (-kv[1], kv[0]))
    return [(seq or "-", str(silt), _fmt(p)) for (seq, silt), p in items]
