"""One majority, four games: the same counts scored by Tameri (season and game end), Ra (Pharaohs, Suns) and the
Favors, side by side.  Every number comes from the game's own rule function; nothing is re-implemented here.

- Tameri, End of the Season step 4: :func:`tameri_kit.rules.season_end_scoring.majority_step` (the counts as Barley);
- Tameri, End of the Game step 1: :func:`tameri_kit.rules.game_end.game_end` (the counts as what is left behind the
  screen);
- Ra, *Pharaohs* and *Suns*: :func:`.ra_scoring.extreme_points` with the Pharaohs' (+5, -2) and the Suns' (+5, -5)
  points - the rule of :func:`.ra_scoring.pharaoh_points` and :func:`.ra_scoring.sun_points` without their check
  that the counts fit Ra's components (here they are any counts: 3 Sun "totals" or 40 Pharaohs are fine);
- the Favors: :func:`.favors.favors`, in Minor-Favor units (a Major counts 2, since 2 Minor make 1 Major).

>>> four_ways({"A": 5, "B": 3, "C": 3}).rows["Ra: Pharaohs"]
{'A': 5, 'B': -2, 'C': -2}
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Mapping

from . import checks
from ..rules.game_end import game_end
from ..rules.offering import Stock
from ..rules.scoring import PlayerSituation
from ..rules.season_end_scoring import majority_step
from .favors import favors
from .ra_scoring import PHARAOH_FEWEST, PHARAOH_MOST, SUN_FEWEST, SUN_MOST, extreme_points
from ..render.card_icons import svg_labels

RULE_NAMES = (
    "Tameri: season majority",
    "Tameri: game-end majority",
    "Ra: Pharaohs",
    "Ra: Sun total",
    "Favors (Minor = 1, Major = 2)",
)
PLAYER_COLOURS = ("#1565c0", "#e65100", "#2e7d32", "#6a1b9a", "#795548")
#: 1 to 5 players (Ra's most), each count 0 to MAX_COUNT
MOST_PLAYERS, MAX_COUNT = 5, 999


@dataclass(frozen=True)
class Comparison:
    counts: Mapping[str, int]
    rows: Mapping[str, Mapping[str, int]]  # rule -> player -> points
    why: Mapping[str, str]  # rule -> the rule's own words for this case

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.counts)

    def _repr_html_(self) -> str:
        return comparison_table_html(self) + comparison_svg(self)


def four_ways(counts: Mapping[str, int]) -> Comparison:
    """Score ``counts`` (player name -> how many, 1 to 5 players, each 0 to 999) with every rule; anything else
    raises StateError."""
    counts = checks.player_values(counts, "the counts", high=MAX_COUNT, players=(1, MOST_PLAYERS))
    players = [PlayerSituation(name, screen=Stock(barley=count)) for name, count in counts.items()]
    barley = majority_step(players)[0]
    season = {n: 0 for n in counts} | dict(barley.points)
    outcome = game_end(players)
    final = {n: outcome.points(n, "offering total") for n in counts}
    fav = favors(counts)
    rows = {
        RULE_NAMES[0]: season,
        RULE_NAMES[1]: final,
        RULE_NAMES[2]: extreme_points(counts, PHARAOH_MOST, PHARAOH_FEWEST),
        RULE_NAMES[3]: extreme_points(counts, SUN_MOST, SUN_FEWEST),
        RULE_NAMES[4]: fav.values,
    }
    ra_case = "all equal: nobody scores" if len(set(counts.values())) == 1 else "most and fewest score, ties each"
    why = {
        RULE_NAMES[0]: barley.text.split(";")[0],
        RULE_NAMES[1]: outcome.events[0].text,
        RULE_NAMES[2]: f"most +5, fewest -2: {ra_case}",
        RULE_NAMES[3]: f"highest +5, lowest -5: {ra_case}",
        RULE_NAMES[4]: fav.rule,
    }
    return Comparison(counts, rows, why)


def comparison_table_html(comparison: Comparison) -> str:
    comparison = checks.instance(comparison, Comparison, "the comparison (from four_ways)")
    names = comparison.names
    head = "".join(f"<th style='padding:3px 10px'>{html.escape(n)} ({comparison.counts[n]})</th>" for n in names)
    body = "".join(
        f"<tr><td style='padding:3px 10px'><b>{html.escape(rule)}</b></td>"
        + "".join(f"<td style='text-align:center;padding:3px 10px'>{row[n]:+d}</td>" for n in names)
        + f"<td style='padding:3px 10px;font-size:90%;color:#444'>{html.escape(comparison.why[rule])}</td></tr>"
        for rule, row in comparison.rows.items()
    )
    return (
        f"<table class='companions-table' style='border-collapse:collapse;max-width:980px'>"
        f"<caption style='text-align:left'>One majority scored four ways</caption>"
        f"<tr><th style='text-align:left;padding:3px 10px'>rule</th>{head}"
        f"<th style='text-align:left;padding:3px 10px'>why</th></tr>{body}</table>"
    )


def comparison_svg(comparison: Comparison, width: int = 900, height: int = 300) -> str:
    """Grouped bars: one group per rule, one bar per player, on one y-axis (points; Favors in Minor units)."""
    comparison = checks.instance(comparison, Comparison, "the comparison (from four_ways)")
    width = checks.whole_number(width, "the chart's width", low=300, high=4000)
    height = checks.whole_number(height, "the chart's height", low=150, high=4000)
    names, rows = comparison.names, comparison.rows
    values = [v for row in rows.values() for v in row.values()] + [0]
    top, bottom = max(max(values), 1), min(min(values), 0)
    left, right, upper, lower = 56, 16, 34, 46
    plot_h = height - upper - lower
    scale = plot_h / (top - bottom)

    def y(v):
        return upper + (top - v) * scale

    group_w = (width - left - right) / len(rows)
    bar_w = min(28, (group_w - 16) / max(len(names), 1))
    said = " ".join(
        f"{rule}: "
        + ", ".join(f"{name} {'+' if row.get(name, 0) > 0 else ''}{row.get(name, 0)}" for name in names)
        + "."
        for rule, row in rows.items()
    )
    attrs, words = svg_labels("One majority scored four ways: points per player", said)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"{attrs} font-family="sans-serif" font-size="12" class="companions-chart">'
        + words
    ]
    for tick in sorted({bottom, 0, top} | set(range(bottom - bottom % 5, top + 1, 5))):
        if bottom <= tick <= top:
            parts.append(
                f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                f'stroke="{"#333" if tick == 0 else "#ddd"}"/>'
                f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:+d}</text>'
            )
    parts.append(
        f'<text x="12" y="{upper + plot_h / 2}" transform="rotate(-90 12 {upper + plot_h / 2})" '
        f'text-anchor="middle">points (Favors: Minor 1, Major 2)</text>'
    )
    for g, (rule, row) in enumerate(rows.items()):
        x0 = left + g * group_w + (group_w - bar_w * len(names)) / 2
        for i, n in enumerate(names):
            v = row[n]
            top_y, bar_h = (y(v), y(0) - y(v)) if v >= 0 else (y(0), y(v) - y(0))
            parts.append(
                f'<rect x="{x0 + i * bar_w:.1f}" y="{top_y:.1f}" width="{bar_w - 3:.1f}" '
                f'height="{max(bar_h, 1):.1f}" fill="{PLAYER_COLOURS[i % len(PLAYER_COLOURS)]}">'
                f"<title>{html.escape(n)}: {v:+d}</title></rect>"
            )
        label = rule.replace(" (Minor = 1, Major = 2)", "")
        parts.append(
            f'<text x="{left + (g + 0.5) * group_w:.1f}" y="{height - lower + 18}" '
            f'text-anchor="middle">{html.escape(label)}</text>'
        )
    for i, n in enumerate(names):
        parts.append(
            f'<rect x="{left + i * 110}" y="8" width="12" height="12" '
            f'fill="{PLAYER_COLOURS[i % len(PLAYER_COLOURS)]}"/>'
            f'<text x="{left + i * 110 + 16}" y="18">{html.escape(n)} ({comparison.counts[n]})</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
