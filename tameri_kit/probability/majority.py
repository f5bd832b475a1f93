"""Exact odds of a season-end majority, for questions a teacher can pose.

Rulebook: End of the Season, step 4b (the most offered of a type scores 2, a tie 1 each) and register S4 (nobody
scores a type that nobody offered; a lone offerer has the most).

You offered ``k`` of one type; each of ``m`` opponents offers a random amount, independently, from a stated
distribution (:func:`uniform` on 0..n, :func:`binomial` with n and q, where q may be a sympy symbol, or any
``{amount: probability}``; a list gives each opponent their own).  :func:`majority_odds` returns the exact chance
of having the most alone, of tying for the most, and the expected points under a tie rule:

- ``"one_each"``  - the rule: a tie scores 1 for each tied player;
- ``"nothing"``   - a tie scores nothing;
- ``"full"``      - a tie scores the full 2 for each tied player;
- ``"split"``     - the 2 points are shared among the tied players (2/(j+1) each).

>>> o = majority_odds(2, 1, uniform(3))        # one opponent, 0..3 equally likely
>>> o.win, o.tie, o.expected()                 # wins alone on 0 or 1, ties on 2: 2*1/2 + 1*1/4
(1/2, 1/4, 5/4)

:func:`brute_force` gets the same numbers by listing every combination of the opponents' offers and scoring each
with the kit's own rules function; the tests compare the two.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Mapping, Sequence

import sympy as sp

from ..rules.scoring import MAJORITY_POINTS, MAJORITY_TIE_POINTS, majority_points

TIE_RULES = ("one_each", "nothing", "full", "split")
TIE_RULE_TEXT = {
    "one_each": f"a tie scores {MAJORITY_TIE_POINTS} each (the rule)",
    "nothing": "a tie scores nothing",
    "full": f"a tie scores {MAJORITY_POINTS} each",
    "split": f"a tie shares the {MAJORITY_POINTS} points",
}


def _r(x) -> sp.Expr:
    return sp.nsimplify(x, rational=True) if isinstance(x, float) else sp.sympify(x)


def uniform(n: int) -> dict[int, sp.Expr]:
    """Each amount 0..n with probability 1/(n+1).

    >>> uniform(2)
    {0: 1/3, 1: 1/3, 2: 1/3}
    """
    if n < 0:
        raise ValueError("uniform(n) needs n >= 0")
    return {i: sp.Rational(1, n + 1) for i in range(n + 1)}


def binomial(n: int, q) -> dict[int, sp.Expr]:
    """Amount ~ Binomial(n, q): n chances to add one, each with probability q (a number or a sympy symbol).

    >>> binomial(2, sp.Rational(1, 2))
    {0: 1/4, 1: 1/2, 2: 1/4}
    """
    if n < 0:
        raise ValueError("binomial(n, q) needs n >= 0")
    q = _r(q)
    return {i: sp.binomial(n, i) * q**i * (1 - q) ** (n - i) for i in range(n + 1)}


def distribution(d: Mapping[int, object]) -> dict[int, sp.Expr]:
    """A distribution from ``{amount: weight}``; numeric weights are scaled to sum to 1."""
    out = {int(k): _r(v) for k, v in d.items()}
    if any(k < 0 for k in out):
        raise ValueError("amounts offered cannot be negative")
    total = _tidy(sum(out.values(), sp.Integer(0)))
    if total.is_number:
        if total <= 0 or any(v.is_number and v < 0 for v in out.values()):
            raise ValueError("probabilities must be >= 0 and not all 0")
        if total != 1:
            out = {k: v / total for k, v in out.items()}
    return out


def _opponents(m: int, dist) -> list[dict[int, sp.Expr]]:
    if isinstance(dist, Mapping):
        if m < 0:
            raise ValueError("the number of opponents cannot be negative")
        return [distribution(dist)] * m
    ds = [distribution(d) for d in dist]
    if m is not None and len(ds) != m:
        raise ValueError(f"{m} opponents but {len(ds)} distributions")
    return ds


def _below(d: Mapping[int, sp.Expr], k: int) -> sp.Expr:
    return sum((p for a, p in d.items() if a < k), sp.Integer(0))


def _tidy(expr) -> sp.Expr:
    """A polynomial in the distribution's symbols, factored.  Speed: expanded as a sympy Poly (fast) rather than
    with ``sp.expand`` on nested products (slow for binomial(8, q) against 5 opponents)."""
    expr = sp.sympify(expr)
    symbols = sorted(expr.free_symbols, key=str)
    if not symbols:
        return sp.factor(sp.expand(expr))
    try:
        return sp.factor(_as_poly(expr, symbols).as_expr())
    except sp.PolynomialError:
        return sp.factor(sp.expand(expr))


def _as_poly(expr: sp.Expr, symbols) -> sp.Poly:
    """``expr`` (sums, products and whole powers of polynomials) as a Poly, multiplied out with Poly arithmetic."""
    if expr.is_Add:
        out = sp.Poly(0, *symbols)
        for term in expr.args:
            out = out + _as_poly(term, symbols)
        return out
    if expr.is_Mul:
        out = sp.Poly(1, *symbols)
        for factor in expr.args:
            out = out * _as_poly(factor, symbols)
        return out
    if expr.is_Pow and expr.exp.is_Integer and expr.exp >= 0:
        return _as_poly(expr.base, symbols) ** int(expr.exp)
    return sp.Poly(expr, *symbols)


def _tie_points(rule: str, j: int) -> sp.Expr:
    """Points for you when you tie for the most with ``j`` opponents (the rule's numbers are the rules' own:
    :data:`~tameri_kit.rules.scoring.MAJORITY_POINTS` and ``MAJORITY_TIE_POINTS``)."""
    if rule == "one_each":
        return sp.Integer(MAJORITY_TIE_POINTS)
    if rule == "nothing":
        return sp.Integer(0)
    if rule == "full":
        return sp.Integer(MAJORITY_POINTS)
    if rule == "split":
        return sp.Rational(MAJORITY_POINTS, j + 1)
    raise ValueError(f"tie_rule must be one of {', '.join(TIE_RULES)}, not {rule!r}")


@dataclass(frozen=True)
class MajorityOdds:
    """The exact odds for ``k`` offered against ``m`` opponents.

    ``tie_with[j-1]`` is the chance of tying for the most with exactly ``j`` opponents (others below).
    ``nobody`` is the chance that nobody offered any (only possible when ``k == 0``).
    """

    k: int
    m: int
    win: sp.Expr
    tie_with: tuple[sp.Expr, ...]
    nobody: sp.Expr

    @property
    def tie(self) -> sp.Expr:
        """The chance of tying for the most, with any number of opponents."""
        return _tidy(sum(self.tie_with, sp.Integer(0)))

    @property
    def lose(self) -> sp.Expr:
        """The chance that someone else offered more."""
        return _tidy(1 - self.win - sum(self.tie_with, sp.Integer(0)) - self.nobody)

    def expected(self, tie_rule: str = "one_each") -> sp.Expr:
        """Expected majority points (2 for the most alone; a tie as ``tie_rule`` says)."""
        e = MAJORITY_POINTS * self.win + sum(
            (_tie_points(tie_rule, j) * p for j, p in enumerate(self.tie_with, 1)), sp.Integer(0)
        )
        return _tidy(e)

    def compare(self) -> dict[str, sp.Expr]:
        """Expected points under every tie rule."""
        return {rule: self.expected(rule) for rule in TIE_RULES}


def majority_odds(k: int, m: int | None, dist) -> MajorityOdds:
    """End of the Season step 4b: exact chances for ``k`` offered against ``m`` independent opponents.

    ``dist`` is one distribution for all opponents, or a list with one per opponent (then ``m`` may be None).
    Offering 0 never scores (register S4).
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"k (the amount you offered) must be a whole number >= 0, not {k!r}")
    ops = _opponents(m, dist)
    m = len(ops)
    if k == 0:
        nobody = sp.Integer(1)
        for d in ops:
            nobody *= d.get(0, 0)
        return MajorityOdds(0, m, sp.Integer(0), tuple(sp.Integer(0) for _ in range(m)), sp.factor(sp.expand(nobody)))
    # exactly-j-at-k generating polynomial: each opponent is below k (weight 1) or at k (weight t).
    # Speed: multiplied as sympy Polys in t and the distribution's symbols (e.g. q), not as expressions to
    # expand - binomial(8, q), k=8, m=5 took minutes with expand, a tenth of a second this way
    # (tests/widgets/test_widgets_scoring.py::test_symbolic_odds_agree_with_brute_force guards the result).
    t = sp.Dummy("t")
    symbols = sorted(set().union(*(v.free_symbols for d in ops for v in d.values())), key=str)
    poly = sp.Poly(1, t, *symbols)
    for d in ops:
        poly = poly * _as_poly(_below(d, k) + d.get(k, 0) * t, (t, *symbols))
    coeffs: dict[int, sp.Expr] = {}
    for monomial, c in poly.terms():
        term = c * sp.Mul(*(x**e for x, e in zip(symbols, monomial[1:])))
        coeffs[monomial[0]] = coeffs.get(monomial[0], sp.Integer(0)) + term
    win = sp.factor(coeffs.get(0, sp.Integer(0)))
    ties = tuple(sp.factor(coeffs.get(j, sp.Integer(0))) for j in range(1, m + 1))
    return MajorityOdds(k, m, win, ties, sp.Integer(0))


def expected_points(k: int, m: int | None, dist, tie_rule: str = "one_each") -> sp.Expr:
    """Expected majority points of having offered ``k`` of a type (the Offering action's own k+1 points aside)."""
    return majority_odds(k, m, dist).expected(tie_rule)


def marginal_value(k: int, m: int | None, dist, tie_rule: str = "one_each") -> sp.Expr:
    """How many majority points one more of this type is worth on average: E(k+1) - E(k)."""
    return sp.factor(sp.expand(expected_points(k + 1, m, dist, tie_rule) - expected_points(k, m, dist, tie_rule)))


def odds_table(m: int | None, dist, ks: Sequence[int] | None = None, *, q_value=None, q_symbol=None) -> list[dict]:
    """One row per k: ``k, win, tie, lose, expected`` and ``expected_<rule>`` for the other tie rules.

    With a symbolic distribution, pass ``q_symbol`` and ``q_value`` to get numbers (for a plot).
    """
    ops = _opponents(m, dist)
    if ks is None:
        ks = range(0, max(max(d) for d in ops) + 2 if ops else 3)
    rows = []
    for k in ks:
        o = majority_odds(k, None, ops)
        row = {"k": k, "win": o.win, "tie": o.tie, "lose": o.lose, "expected": o.expected()}
        for rule in TIE_RULES[1:]:
            row[f"expected_{rule}"] = o.expected(rule)
        if q_symbol is not None:
            row = {key: (v.subs(q_symbol, q_value) if isinstance(v, sp.Expr) else v) for key, v in row.items()}
        rows.append(row)
    return rows


def brute_force(k: int, m: int | None, dist, tie_rule: str = "one_each") -> dict[str, sp.Expr]:
    """The same odds by listing every combination of the opponents' offers (small cases only).

    Each combination is scored with :func:`tameri_kit.rules.scoring.majority_points` (the rule) or, for the other
    tie rules, by their definitions.  Returns ``win``, ``tie``, ``expected``.
    """
    ops = _opponents(m, dist)
    win = tie = exp = sp.Integer(0)
    for combo in itertools.product(*[sorted(d.items()) for d in ops]):
        p = sp.Integer(1)
        counts = {"you": k}
        for i, (amount, prob) in enumerate(combo):
            p *= prob
            counts[f"o{i}"] = amount
        won = majority_points(counts)
        if "you" not in won:
            continue
        if len(won) == 1:  # the most alone
            win += p
            exp += won["you"] * p
        else:  # tied for the most with len(won) - 1 opponents
            tie += p
            exp += _tie_points(tie_rule, len(won) - 1) * p
    return {"win": sp.factor(sp.expand(win)), "tie": sp.factor(sp.expand(tie)), "expected": sp.factor(sp.expand(exp))}


def simulate(
    k: int, m: int, dist: Mapping[int, object], trials: int, rng: random.Random, tie_rule: str = "one_each"
) -> dict[str, float]:
    """Monte Carlo estimate of the same numbers (numeric distributions only), to set beside the exact answer."""
    if not isinstance(rng, random.Random):
        raise TypeError("simulate needs a random.Random, e.g. random.Random(1)")
    d = distribution(dist)
    amounts = sorted(d)
    weights = [float(d[a]) for a in amounts]
    win = tie = exp = 0.0
    for _ in range(trials):
        others = rng.choices(amounts, weights, k=m)
        best = max(others, default=0)
        if k == 0 or k < best:
            continue
        if k > best:
            win += 1
            exp += MAJORITY_POINTS
        else:
            tie += 1
            exp += float(_tie_points(tie_rule, others.count(k)))
    return {"win": win / trials, "tie": tie / trials, "expected": exp / trials}
