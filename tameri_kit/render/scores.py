"""Scores drawn for people: the final outcome as an HTML table and a stacked bar chart, the screens during the
season-end majorities as an HTML table, and the majority odds as a line chart.

Rulebook: End of the Season, step 4 (majorities); End of the Game, steps 1-6 (the categories of the breakdown).

Everything is a pure function of its input: HTML strings, or a ``matplotlib.figure.Figure`` built without pyplot
(so nothing depends on a global plotting state).  :func:`figure_png` turns a figure into PNG bytes for an
``ipywidgets.Image``.
"""

from __future__ import annotations

import io
from html import escape
from typing import TYPE_CHECKING, Mapping, Sequence

if TYPE_CHECKING:  # matplotlib is imported where a figure is made: the colours and the HTML need none
    from matplotlib.figure import Figure

from ..rules.common import RESOURCES, Resource
from ..rules.scoring import MAJORITY_POINTS, MAJORITY_TIE_POINTS

#: One colour per category of the breakdown (colour-blind friendly, Okabe-Ito), in order.
CATEGORY_COLOURS = {
    "during the game": "#bbbbbb",
    "glyph bonus": "#cc79a7",
    "buildings": "#56b4e9",
    "majorities": "#e69f00",
    "offering total": "#d55e00",
    "building sets": "#0072b2",
    "priest cards": "#009e73",
    "hand glyphs": "#f0e442",
    "leftovers": "#999933",
}
RESOURCE_COLOURS = {
    Resource.BARLEY: "#e6c229",
    Resource.PAPYRUS: "#6aa84f",
    Resource.FLAX: "#6fa8dc",
    Resource.FRUIT: "#cc4125",
}

_TABLE = "border-collapse:collapse;font-family:sans-serif;font-size:13px"
_CELL = "border:1px solid #ccc;padding:3px 8px"


#: The fill patterns of the categories' segments (matplotlib hatches), one per category in order ("" = solid).
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++", "**", "||")


def _colour(category: str, i: int) -> str:
    extra = ("#332288", "#88ccee", "#44aa99", "#117733", "#ddcc77", "#aa4499")
    return CATEGORY_COLOURS.get(category, extra[i % len(extra)])


def outcome_table_html(outcome) -> str:
    """A table of a :class:`~tameri_kit.rules.game_end.GameOutcome`: players down, categories across, totals,
    the winner(s) in bold with a crown."""
    cats = list(outcome.categories)
    head = "".join(f'<th style="{_CELL};background:{_colour(c, i)}33">{escape(c)}</th>' for i, c in enumerate(cats))
    rows = []
    for n in outcome.names:
        win = n in outcome.winners
        name = f"&#9813; {escape(n)}" if win else escape(n)
        cells = "".join(f'<td style="{_CELL};text-align:right">{outcome.breakdown[n][c]}</td>' for c in cats)
        weight = "font-weight:bold;" if win else ""
        rows.append(
            f'<tr style="{weight}"><td style="{_CELL}">{name}</td>{cells}'
            f'<td style="{_CELL};text-align:right">{outcome.total(n)}</td></tr>'
        )
    note = (
        f'<p style="font-family:sans-serif;font-size:12px">Tie-break: {escape(outcome.tiebreak)}</p>'
        if outcome.tiebreak
        else ""
    )
    return (
        f'<table style="{_TABLE}"><tr><th style="{_CELL}">player</th>{head}'
        f'<th style="{_CELL}">total</th></tr>{"".join(rows)}</table>{note}'
    )


def outcome_figure(outcome, *, width: float = 7.0, height: float = 4.0, include_earlier: bool = True) -> Figure:
    """A stacked bar per player: one segment per category of the breakdown, the total written on top.

    ``include_earlier=False`` leaves out the points scored before the end (the first category) to compare only
    what the end of the game adds."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    ax = fig.add_subplot()
    names = list(outcome.names)
    bottoms = [0] * len(names)
    for i, c in enumerate(outcome.categories):
        if i == 0 and not include_earlier:
            continue
        vals = [outcome.breakdown[n][c] for n in names]
        if not any(vals):
            continue
        # a pattern as well as a colour for each category, so the legend can be matched without colour vision
        ax.bar(
            names,
            vals,
            bottom=bottoms,
            label=c,
            color=_colour(c, i),
            edgecolor="white",
            hatch=HATCHES[i % len(HATCHES)],
        )
        bottoms = [b + v for b, v in zip(bottoms, vals)]
    for x, (n, top) in enumerate(zip(names, bottoms)):
        ax.text(x, top, f"{top}" + (" (winner)" if n in outcome.winners else ""), ha="center", va="bottom", fontsize=9)
    ax.set_ylabel("Victory Points")
    ax.set_title("Final scores by category" if include_earlier else "Points scored at the end, by category")
    ax.set_ylim(0, max(bottoms + [1]) * 1.15)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    fig.subplots_adjust(right=0.72)
    return fig


def screens_html(
    players: Sequence,
    *,
    resource: Resource | None = None,
    scorers: Mapping[str, int] | None = None,
    discarded: Sequence[str] = (),
    caption: str = "",
) -> str:
    """What stands behind each screen (players down, resources across) with each player's score.

    ``resource`` highlights the column being scored; ``scorers`` (player -> points) and ``discarded`` mark that
    column's cells: scored and discarded (struck through), or kept.
    """
    scorers = dict(scorers or {})
    head = "".join(
        f'<th style="{_CELL};background:{RESOURCE_COLOURS[r]}{"" if r == resource else "55"}">{r.label}</th>'
        for r in RESOURCES
    )
    rows = []
    for p in players:
        cells = []
        for r in RESOURCES:
            n = p.screen[r]
            style = _CELL + ";text-align:center"
            text = str(n)
            if r == resource:
                style += ";background:#fff3cd"
                if p.name in scorers:
                    text = f"<b>+{scorers[p.name]} VP</b>, discards"
                elif n:
                    text = f"{n} kept"
            cells.append(f'<td style="{style}">{text}</td>')
        rows.append(
            f'<tr><td style="{_CELL}">{escape(p.name)}</td>{"".join(cells)}'
            f'<td style="{_CELL};text-align:right">{p.screen.total}</td>'
            f'<td style="{_CELL};text-align:right"><b>{p.score}</b></td></tr>'
        )
    cap = f'<caption style="caption-side:top;text-align:left">{escape(caption)}</caption>' if caption else ""
    return (
        f'<table style="{_TABLE}">{cap}<tr><th style="{_CELL}">behind the screen</th>{head}'
        f'<th style="{_CELL}">total</th><th style="{_CELL}">score</th></tr>{"".join(rows)}</table>'
    )


def odds_figure(rows: Sequence[Mapping], *, title: str = "", width: float = 8.0, height: float = 3.6) -> Figure:
    """Chance of winning alone and of tying (left), and expected majority points (right), against ``k`` offered.

    ``rows`` are dicts with keys ``k``, ``win``, ``tie``, ``expected`` (numbers or sympy Rationals) and, optionally,
    ``expected_<rule>`` for other tie rules, drawn dashed.  Two panels, each with one y-axis and its legend below
    it; tie rules that give the same points at every ``k`` share one line and one legend entry (no line hides
    another).
    """
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height + 0.9))
    chances, points = fig.subplots(1, 2)
    ks = [r["k"] for r in rows]
    chances.plot(ks, [float(r["win"]) for r in rows], "o-", label="P(most, alone)", color="#0072b2")
    chances.plot(ks, [float(r["tie"]) for r in rows], "s-", label="P(tie for most)", color="#e69f00")
    chances.set_ylabel("probability")
    chances.set_ylim(-0.02, 1.02)
    series = [("expected", f"a tie scores {MAJORITY_TIE_POINTS} each (the rule)", "^-", "#009e73")]
    names = {
        "expected_nothing": "a tie scores nothing",
        "expected_full": f"a tie scores {MAJORITY_POINTS} each",
        "expected_split": f"a tie shares the {MAJORITY_POINTS} points",
    }
    dashed = {"expected_full": "#d55e00", "expected_nothing": "#777777", "expected_split": "#cc79a7"}
    for key in sorted(k for k in (rows[0] if rows else {}) if k.startswith("expected_")):
        series.append((key, names.get(key, key[9:]), "--", dashed.get(key, "#332288")))
    drawn: list[tuple[list[float], list[str]]] = []
    styles = []
    for key, name, style, colour in series:
        ys = [float(r[key]) for r in rows]
        same = next((d for d in drawn if all(abs(a - b) < 1e-12 for a, b in zip(d[0], ys))), None)
        if same is not None:
            same[1].append(name)  # identical to a line already drawn: one line, both names
            continue
        drawn.append((ys, [name]))
        styles.append((style, colour))
    for (ys, label_names), (style, colour) in zip(drawn, styles):
        points.plot(ks, ys, style, color=colour, label=" = ".join(label_names))
    points.set_ylabel("expected majority points")
    points.set_ylim(-0.04, 2.04)
    for ax in (chances, points):
        ax.set_xticks(ks)
        ax.set_xlabel("resources of this type you offered (k)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.3), frameon=False)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


def figure_png(fig: Figure, dpi: int = 90) -> bytes:
    """PNG bytes of a figure (for an ``ipywidgets.Image``); no timestamp in the metadata."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    return buf.getvalue()
