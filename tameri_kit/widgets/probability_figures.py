"""The pictures of the ramp-probability widget: matplotlib figures (never pyplot state) that notebooks show too.

Rulebook: Phase 1: Weather, steps 3-6; Productive Fields and Harvests.  :func:`convergence_figure` draws a
simulated estimate settling on the exact value; :func:`polynomial_figure` a probability as a function of a tilt,
with its lowest point (:func:`lowest_point`); :func:`figure_png` turns a figure into PNG bytes.  The widget itself is
:class:`tameri_kit.widgets.probability.RampProbabilityWidget` (which re-exports these under their old import path).
"""

from __future__ import annotations

import io
from fractions import Fraction

from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle

from ..data.board import Field, load_map
from ..probability.exact import as_sympy
from ..probability.simulate import Estimate


# ----------------------------------------------------------------------------------------------------------------
# Figures (matplotlib.figure.Figure, no pyplot)
# ----------------------------------------------------------------------------------------------------------------
def figure_png(fig: Figure, dpi: int = 90) -> bytes:
    """A Figure as PNG bytes (for an ``ipywidgets.Image``)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    return buf.getvalue()


def convergence_figure(
    history: list[tuple[int, dict[Field, Estimate]]],
    field: Field | str,
    exact: Fraction | float | None = None,
    what: str = "productive",
) -> Figure:
    """The running estimate for one field (P(productive) or the expected yield) with its 95% band, and the exact
    value as a dashed line."""
    field = field_named(field)
    fig = Figure(figsize=(6.4, 3.2))
    ax = fig.subplots()
    ns = [n for n, _e in history]
    if what == "productive":
        mid = [e[field].productive for _n, e in history]
        lo = [e[field].productive_low for _n, e in history]
        hi = [e[field].productive_high for _n, e in history]
        ax.set_ylabel("P(productive)")
    else:
        mid = [e[field].expected_yield for _n, e in history]
        lo = [e[field].yield_low for _n, e in history]
        hi = [e[field].yield_high for _n, e in history]
        ax.set_ylabel("expected harvest")
    ax.fill_between(ns, lo, hi, alpha=0.25, color="tab:blue", label="95% interval")
    ax.plot(ns, mid, color="tab:blue", label="simulated estimate")
    if exact is not None:
        ax.axhline(float(exact), color="black", linestyle="--", label=f"exact = {number_text(exact)}")
    ax.set_xscale("log")
    ax.set_xlabel("simulated phases")
    ax.set_title(f"{field.label}: the estimate settles on the exact value")
    legend_below(ax, columns=3)
    return fig


def lowest_point(expr, symbol):
    """Where ``expr`` (a polynomial in ``symbol``) is smallest on [0, 1]: ``(x, value)``, exact (sympy numbers).

    The candidates are the ends of the interval and the real roots of the derivative inside it."""
    import sympy

    candidates = {sympy.Integer(0), sympy.Integer(1)}
    derivative = sympy.diff(expr, symbol)
    try:
        roots = sympy.Poly(derivative, symbol).real_roots() if derivative != 0 else []
    except sympy.PolynomialError:  # not a polynomial: the lowest of 1001 points
        roots = [sympy.Rational(i, 1000) for i in range(1001)]
    candidates.update(r for r in roots if 0 <= r <= 1)
    x = min(sorted(candidates, key=float), key=lambda c: float(expr.subs(symbol, c)))
    return x, sympy.simplify(expr.subs(symbol, x))


def polynomial_figure(expr, symbol, label: str = "", points: int = 101) -> Figure:
    """Plot a probability that depends on a tilt ``symbol`` over ``symbol`` in [0, 1], marking the untilted
    pyramid (``symbol`` = 1/4) and the lowest point."""
    import sympy

    f = sympy.lambdify(symbol, expr, "math")
    xs = [i / (points - 1) for i in range(points)]
    fig = Figure(figsize=(5.5, 3.2))
    ax = fig.subplots()
    ax.plot(xs, [float(f(x)) for x in xs], label=label or f"${sympy.latex(expr)}$")
    quarter = sympy.Rational(1, 4)
    at_quarter = sympy.nsimplify(expr.subs(symbol, quarter))
    ax.axvline(0.25, color="#777777", linestyle=":", linewidth=1)
    ax.plot(
        [0.25],
        [float(at_quarter)],
        "o",
        color="black",
        clip_on=False,
        label=f"no tilt, ${sympy.latex(symbol)} = 1/4$: ${sympy.latex(at_quarter)}$",
    )
    low_x, low = lowest_point(expr, symbol)
    ax.plot(
        [float(low_x)],
        [float(low)],
        "v",
        color="#d55e00",
        markersize=8,
        clip_on=False,
        label=f"lowest: ${sympy.latex(low)}$ at ${sympy.latex(symbol)} = {sympy.latex(low_x)}$",
    )
    ax.set_xlabel(f"${sympy.latex(symbol)}$ (chance that a sphere lands on the tilted ramp)")
    ax.set_ylabel("probability")
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    legend_below(ax)
    return fig


def legend_below(ax, columns: int = 1) -> None:
    """The legend under the chart (below the axis label), so it never hides a line."""
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), fontsize="small", frameon=False, ncol=columns)
    ax.figure.tight_layout()


def field_named(field: Field | str) -> Field:
    """A field of the map, given as itself or by its name ('N-barley')."""
    if isinstance(field, Field):
        return field
    for f in load_map().fields:
        if str(f) == field:
            return f
    raise KeyError(f"no field {field!r}; fields are written like 'N-barley'")


def number_text(x) -> str:
    """A probability or weight as text: a fraction, a plain number, or a sympy expression."""
    if isinstance(x, Fraction):
        return str(x)
    if isinstance(x, (int, float)):
        return f"{x:g}"
    return str(as_sympy(x))


def sample_space_figure(ramp_names: str = "NESW", on: str = "N") -> Figure:
    """The sample space of two spheres dropped on a fair pyramid: a 4 x 4 grid, first sphere's ramp across, second's
    down, each square (chance 1/16) shaded by how many of the two land on ``on``: count the squares of a shade to
    get Binomial(2, 1/4) by hand."""
    fig = Figure(figsize=(4.2, 3.6))
    ax = fig.subplots()
    shades = {0: "#f2f2f2", 1: "#9ecae1", 2: "#2171b5"}
    for column, first in enumerate(ramp_names):
        for row, second in enumerate(ramp_names):
            hits = (first == on) + (second == on)
            ax.add_patch(Rectangle((column, 3 - row), 0.95, 0.95, color=shades[hits]))
            ax.text(
                column + 0.47,
                3.47 - row,
                f"{first}{second}",
                ha="center",
                va="center",
                fontsize=10,
                color="white" if hits == 2 else "black",
            )
    ax.set_xlim(0, 4)
    ax.set_ylim(0, 4)
    ax.set_xticks([i + 0.47 for i in range(4)], list(ramp_names))
    ax.set_yticks([3.47 - i for i in range(4)], list(ramp_names))
    ax.set_xlabel("ramp of the first sphere")
    ax.set_ylabel("ramp of the second sphere")
    ax.set_title(f"16 equally likely landings; shade = spheres on {on}", fontsize=10)
    for spine in ax.spines.values():
        spine.set_visible(False)
    handles = [Patch(color=shades[k], label=f"{k} on {on}") for k in shades]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=3, frameon=False, fontsize="small")
    fig.tight_layout()
    return fig


def distribution_figure(exact: dict, simulated: dict, title: str = "", n: int | None = None) -> Figure:
    """A histogram of simulated outcomes beside the exact distribution: one bar pair per outcome, one y-axis
    (probability).  ``exact`` and ``simulated`` map an outcome (a ramp and its river Silt) to its chance and to its
    simulated frequency."""
    outcomes = sorted(exact, key=lambda outcome: -float(exact[outcome]))
    labels = [
        f"{outcome[0] or '-'} | {outcome[1]}" if isinstance(outcome, tuple) else str(outcome) for outcome in outcomes
    ]
    fig = Figure(figsize=(7.5, 3.4))
    ax = fig.subplots()
    positions = range(len(outcomes))
    width = 0.4
    ax.bar(
        [x - width / 2 for x in positions], [float(exact[o]) for o in outcomes], width, color="#444444", label="exact"
    )
    ax.bar(
        [x + width / 2 for x in positions],
        [float(simulated.get(o, 0.0)) for o in outcomes],
        width,
        color="#6baed6",
        label=f"simulated{f' ({n:,} phases)' if n else ''}",
    )
    ax.set_xticks(list(positions), labels, rotation=30, ha="right", fontsize="small")
    ax.set_xlabel("ramp | Silt in its river")
    ax.set_ylabel("probability")
    if title:
        ax.set_title(title, fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    legend_below(ax, columns=2)
    return fig
