"""The odds of a Season-end majority as a widget: you offered k of a type, each of m opponents offers a random
amount; exact odds and expected points written as maths, and a chart (one y-axis).

Rulebook: End of the Season, step 4 (majorities, ties); the odds are :mod:`tameri_kit.probability.majority`'s.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import sympy as sp

from ..probability.majority import TIE_RULE_TEXT, TIE_RULES, binomial, majority_odds, odds_table, uniform
from ..render.scores import figure_png, odds_figure
from .common import ChartImage, wrap_row


def latex_math(expr) -> str:
    """A sympy result as inline maths for an HTMLMath widget."""
    return f"${sp.latex(sp.sympify(expr))}$"


class MajorityOddsWidget:
    """You offered k of a type; each of m opponents offers a random amount.  Exact odds and expected points,
    written as maths; with "keep q as a symbol" the answers are polynomials in q and the chart shows them
    against q.

    Speed: the exact answers come from :func:`~tameri_kit.probability.majority.majority_odds` (Poly arithmetic,
    about a second for binomial(8, q) against 5 opponents) and are remembered per question, so going back to a
    setting is instant; while one is worked out, :attr:`status_label` says so."""

    def __init__(self):
        wide = {"description_width": "initial"}
        self.k_slider = widgets.IntSlider(2, 0, 8, description="you offer k", style=wide)
        self.m_slider = widgets.IntSlider(3, 0, 5, description="opponents m", style=wide)
        self.n_slider = widgets.IntSlider(3, 0, 8, description="each offers at most n", style=wide)
        self.dist_dropdown = widgets.Dropdown(
            options=[("uniform on 0..n", "uniform"), ("binomial(n, q)", "binomial")],
            value="uniform",
            description="opponents offer",
            style=wide,
        )
        self.q_slider = widgets.FloatSlider(0.5, min=0.0, max=1.0, step=0.05, description="q", style=wide)
        self.symbolic_box = widgets.Checkbox(False, description="keep q as a symbol", indent=False)
        self.tie_dropdown = widgets.Dropdown(
            options=[(TIE_RULE_TEXT[r], r) for r in TIE_RULES], value="one_each", description="tie rule", style=wide
        )
        self.status_label = widgets.HTML("")
        self.answer_html = widgets.HTMLMath()
        self.chart_image = ChartImage(
            "Bar chart: each player's chance of each place in this majority, for the counts chosen above",
            layout=widgets.Layout(max_width="100%", align_self="flex-start"),
        )
        self._cache: dict = {}
        for w in (
            self.k_slider,
            self.m_slider,
            self.n_slider,
            self.dist_dropdown,
            self.q_slider,
            self.symbolic_box,
            self.tie_dropdown,
        ):
            w.observe(lambda _: self.update(), names="value")
        self.box = widgets.VBox(
            [
                wrap_row([self.k_slider, self.m_slider, self.n_slider]),
                wrap_row([self.dist_dropdown, self.q_slider, self.symbolic_box]),
                self.tie_dropdown,
                self.status_label,
                self.answer_html,
                self.chart_image,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.update()

    @property
    def q(self):
        return sp.Symbol("q") if self.symbolic else sp.nsimplify(round(self.q_slider.value, 2))

    @property
    def symbolic(self) -> bool:
        """q stays a symbol only for the binomial opponents (uniform ones have no q)."""
        return self.symbolic_box.value and self.dist_dropdown.value == "binomial"

    def dist(self):
        n = self.n_slider.value
        return uniform(n) if self.dist_dropdown.value == "uniform" else binomial(n, self.q)

    def odds(self, k: int | None = None):
        """The exact odds for ``k`` (default: the slider's), remembered per question."""
        k = self.k_slider.value if k is None else k
        key = (k, self.m_slider.value, self.n_slider.value, self.dist_dropdown.value, self.q)
        if key not in self._cache:
            self._cache[key] = majority_odds(k, self.m_slider.value, self.dist())
        return self._cache[key]

    def update(self):
        k, m, rule = self.k_slider.value, self.m_slider.value, self.tie_dropdown.value
        self.q_slider.disabled = self.symbolic or self.dist_dropdown.value == "uniform"
        self.symbolic_box.disabled = self.dist_dropdown.value == "uniform"
        self.status_label.value = "<i>working out the exact answer\u2026</i>"
        o = self.odds()
        rows = "".join(
            f"<tr><td>{escape(TIE_RULE_TEXT[r])}</td><td>{latex_math(v)}</td></tr>" for r, v in o.compare().items()
        )
        self.answer_html.value = (
            f"<p>P(you have the most alone) = {latex_math(o.win)}<br>P(tie for the most) = {latex_math(o.tie)}<br>"
            f"expected points ({escape(TIE_RULE_TEXT[rule])}) = {latex_math(o.expected(rule))}</p>"
            f"<table><tr><th>tie rule</th><th>expected points</th></tr>{rows}</table>"
        )
        if self.symbolic:
            fig = chances_in_q_figure(
                o, sp.Symbol("q"), title=f"k = {k} against {m} opponent(s), binomial({self.n_slider.value}, q)"
            )
        else:
            table = odds_table(m, self.dist(), range(0, self.n_slider.value + 2))
            fig = odds_figure(table, title=f"{m} opponent(s), {self.dist_dropdown.label}")
        self.chart_image.png = figure_png(fig)
        self.status_label.value = ""
        return o

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


def chances_in_q_figure(odds, q, *, title: str = "", points: int = 101):
    """P(most alone) and P(tie for the most) as functions of q on [0, 1] (one y-axis; legend below)."""
    from matplotlib.figure import Figure

    xs = [i / (points - 1) for i in range(points)]
    fig = Figure(figsize=(6.4, 3.6))
    ax = fig.subplots()
    for expr, label, colour in ((odds.win, "P(most, alone)", "#0072b2"), (odds.tie, "P(tie for most)", "#e69f00")):
        f = sp.lambdify(q, expr, "math")
        ax.plot(xs, [float(f(x)) for x in xs], color=colour, label=label)
    ax.set_xlabel("q (each opponent's chance per resource)")
    ax.set_ylabel("probability")
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.3), frameon=False, ncol=2)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig
