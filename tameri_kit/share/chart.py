"""The final scores of a shared page: a stacked bar chart (SVG, one y-axis) and the same numbers as a table.

Rulebook: End of the Game, steps 1-6 (the categories of the breakdown; the winner and the tie-break).

Drawn here rather than with :func:`tameri_kit.render.scores.outcome_figure` because the page must work without
Python and without a plotting library: a matplotlib SVG would draw every letter as a path (large, and unreadable to
a screen reader).  The colours are the Okabe-Ito ones of :data:`tameri_kit.render.scores.CATEGORY_COLOURS`; they
never carry the meaning alone: every segment says its category and points in its tooltip, the legend names each
colour, and the table below the chart gives every number.  Pure: the same outcome gives the same text.
"""

from __future__ import annotations

from html import escape

from ..render.scores import CATEGORY_COLOURS

#: One colour per category (colour-blind friendly, Okabe-Ito): the score pictures' own.
COLOURS = CATEGORY_COLOURS
_EXTRA = ("#332288", "#88ccee", "#44aa99", "#117733", "#ddcc77", "#aa4499")
#: Drawing units of the chart (it scales to its width through the viewBox).
WIDTH, HEIGHT = 640, 380
_LEFT, _TOP, _BOTTOM, _LEGEND = 56, 34, 320, 450


def colour(category: str, index: int) -> str:
    """The colour of a category (its index in the breakdown picks one for a category the table does not name)."""
    return COLOURS.get(category, _EXTRA[index % len(_EXTRA)])


def _ticks(top: int) -> list[int]:
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if top / s <= 8)
    return list(range(0, top + step, step))


def scores_chart_svg(outcome) -> str:
    """A stacked bar per player (categories bottom to top in the breakdown's order), the total above each bar,
    one y-axis: Victory Points.  ``outcome``: a :class:`~tameri_kit.rules.game_end.GameOutcome`."""
    names = list(outcome.names)
    categories = [c for c in outcome.categories if any(outcome.breakdown[n][c] for n in names)]
    totals = {n: sum(max(0, outcome.breakdown[n][c]) for c in categories) for n in names}
    ticks = _ticks(max([*totals.values(), 1]))
    top = ticks[-1]
    plot_w = _LEGEND - _LEFT - 20
    band = plot_w / max(len(names), 1)
    bar = min(70.0, band * 0.6)

    def y(points: float) -> float:
        return _BOTTOM - (_BOTTOM - _TOP) * points / top

    parts = []
    for tick in ticks:
        parts.append(
            f'<line x1="{_LEFT}" x2="{_LEGEND - 20}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#dddddd"/>'
            f'<text x="{_LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="12">{tick}</text>'
        )
    parts.append(f'<line x1="{_LEFT}" x2="{_LEFT}" y1="{_TOP}" y2="{_BOTTOM}" stroke="#333333"/>')
    parts.append(
        f'<text transform="translate(16 {(_TOP + _BOTTOM) / 2:.0f}) rotate(-90)" text-anchor="middle" '
        'font-size="13">Victory Points</text>'
    )
    for i, name in enumerate(names):
        x = _LEFT + band * i + (band - bar) / 2
        base = 0
        for index, category in enumerate(outcome.categories):
            points = outcome.breakdown[name][category]
            if category not in categories or points <= 0:
                continue
            parts.append(
                f'<rect x="{x:.1f}" y="{y(base + points):.1f}" width="{bar:.1f}" '
                f'height="{y(base) - y(base + points):.1f}" fill="{colour(category, index)}" stroke="#ffffff">'
                f"<title>{escape(name)}: {escape(category)} {points} points</title></rect>"
            )
            base += points
        winner = " \u2655" if name in outcome.winners else ""
        parts.append(
            f'<text x="{x + bar / 2:.1f}" y="{y(base) - 6:.1f}" text-anchor="middle" font-size="13" '
            f'font-weight="bold">{outcome.total(name)}{winner}</text>'
            f'<text x="{x + bar / 2:.1f}" y="{_BOTTOM + 18}" text-anchor="middle" font-size="13">{escape(name)}</text>'
        )
    parts.append(f'<line x1="{_LEFT}" x2="{_LEGEND - 20}" y1="{_BOTTOM}" y2="{_BOTTOM}" stroke="#333333"/>')
    ly = _TOP
    parts.append(f'<text x="{_LEGEND}" y="{ly - 12}" font-size="12" font-weight="bold">bottom to top:</text>')
    for index, category in enumerate(outcome.categories):
        if category not in categories:
            continue
        parts.append(
            f'<rect x="{_LEGEND}" y="{ly}" width="14" height="14" fill="{colour(category, index)}" stroke="#333333"/>'
            f'<text x="{_LEGEND + 20}" y="{ly + 12}" font-size="12">{escape(category)}</text>'
        )
        ly += 22
    winners = ", ".join(outcome.winners)
    summary = "; ".join(
        f"{name} {outcome.total(name)} ("
        + ", ".join(f"{c} {outcome.breakdown[name][c]}" for c in categories if outcome.breakdown[name][c])
        + ")"
        for name in names
    )
    desc = (
        f"A stacked bar chart of the final scores, one bar per player, its segments the categories of the "
        f"breakdown in the legend's order; the y-axis counts Victory Points. Winner: {winners} (marked by a crown). "
        f"{summary}."
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        f'aria-labelledby="scores-chart-title scores-chart-desc" class="scores-chart" font-family="sans-serif" '
        f'fill="#222222"><title id="scores-chart-title">Final scores by category</title>'
        f'<desc id="scores-chart-desc">{escape(desc)}</desc>{"".join(parts)}</svg>'
    )


def scores_table_html(outcome) -> str:
    """The breakdown as a table: players down, the total and then the categories across; the winner(s) named."""
    categories = list(outcome.categories)
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in categories)
    rows = []
    for name in outcome.names:
        won = name in outcome.winners
        marked = ' class="winner"' if won else ""
        cells = "".join(f"<td>{outcome.breakdown[name][c]}</td>" for c in categories)
        rows.append(  # the total second: on a phone it is in view without scrolling the table sideways
            f'<tr{marked}><th scope="row">{escape(name)}{" (winner)" if won else ""}'
            f"</th><td><strong>{outcome.total(name)}</strong></td>{cells}</tr>"
        )
    tiebreak = f"<p>Tie-break: {escape(outcome.tiebreak)}</p>" if outcome.tiebreak else ""
    winners = ", ".join(outcome.winners)
    return (
        f"<p>Winner: <strong>{escape(winners)}</strong>.</p>"
        f'<div class="table-scroll" role="region" aria-label="Final scores table" tabindex="0"><table>'
        "<caption>Final scores by category</caption>"
        f'<thead><tr><th scope="col">player</th><th scope="col">total</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>{tiebreak}"
    )
