"""Symbolic chances written the way a school book writes them, not as sympy's factorings.

sympy answers ``-9*q**2*(q - 1)**3*(...)``; a learner expects ``p² − p + 1`` or one fraction.  :func:`school_form`
rewrites an expression in one variable as

- ``"expanded"``: a polynomial with its highest power first (a rational function as one fraction of two such);
- ``"fraction"``: one fraction, numerator and denominator expanded (a polynomial stays a polynomial);
- ``"factored"``: sympy's factoring, for those who want it;

and :func:`school_latex` gives the LaTeX a notebook shows (``display(Math(...))``).

    >>> import sympy
    >>> p = sympy.Symbol("p")
    >>> school_latex(1 - p * (1 - p), p)
    'p^{2} - p + 1'
    >>> school_latex(sympy.Rational(1, 2) + p / 4, p, "fraction")
    '\\\\frac{p + 2}{4}'
"""

from __future__ import annotations

import sympy

FORMS = ("expanded", "fraction", "factored")


def _parts(expr, symbol):
    """Numerator and denominator of ``expr`` as one fraction, each expanded."""
    numerator, denominator = sympy.fraction(sympy.together(sympy.cancel(sympy.sympify(expr))))
    return sympy.expand(numerator), sympy.expand(denominator)


def school_form(expr, symbol, form: str = "expanded"):
    """``expr`` (a sympy expression in ``symbol``) rewritten in the chosen school ``form``."""
    if form not in FORMS:
        raise ValueError(f"form must be one of {', '.join(FORMS)}, not {form!r}")
    if form == "factored":
        return sympy.factor(sympy.sympify(expr))
    numerator, denominator = _parts(expr, symbol)
    if form == "expanded" and not denominator.has(symbol):
        return sympy.expand(numerator / denominator)
    return sympy.Mul(numerator, sympy.Pow(denominator, -1, evaluate=False), evaluate=False)


def _latex(part, symbol) -> str:
    return sympy.latex(sympy.Poly(part, symbol).as_expr() if part.has(symbol) else part, order="lex")


def school_latex(expr, symbol, form: str = "expanded") -> str:
    """The LaTeX of :func:`school_form`, highest power first."""
    if form == "factored" or form not in FORMS:
        return sympy.latex(school_form(expr, symbol, form))
    numerator, denominator = _parts(expr, symbol)
    if form == "expanded" and not denominator.has(symbol):
        return _latex(sympy.expand(numerator / denominator), symbol)
    if denominator == 1:
        return _latex(numerator, symbol)
    return rf"\frac{{{_latex(numerator, symbol)}}}{{{_latex(denominator, symbol)}}}"
