"""What ``python -m tameri_kit explore`` prints after a sweep: win rates with intervals, the overall seat test, the
seat (and bot) differences with intervals in win rate and in points, and a warning when the table answers many
questions at once.

Seats are numbered as in the lessons: seat 1 is the first player.  The seats of one game are not independent
(they cannot all win) and the rotations of a seed share its luck, so the test counts games and the differences
resample seeds (:mod:`tameri_kit.explore.stats`).
"""

from __future__ import annotations

from .stats import StatsError, differences, format_p, seat_test, win_rates


def _percent(value: float) -> str:
    return f"{value:+.1%}"


def rates_lines(title: str, rates, unit: str, label=str) -> list[str]:
    """One line per row of :func:`tameri_kit.explore.stats.win_rates`."""
    lines = [title]
    for key, row in rates.iterrows():
        counted = f"{row['wins']:g} wins in {int(row['games'])} {unit}"
        if row["low"] == row["high"]:  # every seed gives the same share (a bot in every seat): no interval to show
            lines.append(f"  {label(key):<10} {row['rate']:6.1%}  exactly: every seed gives the same share ({counted})")
            continue
        lines.append(
            f"  {label(key):<10} {row['rate']:6.1%}  [{row['low']:6.1%}, {row['high']:6.1%}]  ({counted}; {row['interval']})"
        )
    return lines


def ghost_lines(table) -> list[str]:
    """How often the humans beat the Ghost, level by level, and their mean margin."""
    from .ghost_stats import ghost_rates

    lines = []
    for level, row in ghost_rates(table).iterrows():
        lines.append(
            f"against the Ghost ({level}): beaten {row['rate']:6.1%}  [{row['low']:6.1%}, {row['high']:6.1%}]  "
            f"({int(row['beaten'])} of {int(row['games'])} human seats); mean margin {row['margin']:+.1f} points "
            f"[{row['margin_low']:+.1f}, {row['margin_high']:+.1f}], the Ghost's mean {row['ghost_points']:.1f}"
        )
    return lines


def _seat(seat) -> str:
    return f"seat {seat}"


def difference_lines(title: str, frame, label=str) -> list[str]:
    """One line per pair of :func:`tameri_kit.explore.stats.differences`."""
    lines = [title]
    for row in frame.itertuples(index=False):
        pair = f"{label(row.a)} - {label(row.b)}"
        lines.append(
            f"  {pair:<20} win rate {_percent(row.difference):>7} [{_percent(row.low)}, {_percent(row.high)}]  "
            f"points {row.points:+.1f} [{row.points_low:+.1f}, {row.points_high:+.1f}]  "
            f"{format_p(row.p)}, adjusted {format_p(row.p_adjusted)[2:]}"
        )
    return lines


def summary_lines(table, *, ghost: bool, rotate: bool, confidence: float = 0.95) -> list[str]:
    """The lines printed after a sweep (the header line, with the file and the readings, is the caller's)."""
    lines: list[str] = []
    if ghost:
        lines += ghost_lines(table)
    level = f"{confidence:.0%}"
    bots = win_rates(table, "bot", confidence)
    lines += rates_lines(f"win rate by bot ({level} intervals):", bots, "seats")
    lines += rates_lines(
        f"win rate by seat (seat 1 = the first player; {level} intervals):",
        win_rates(table, "seat", confidence),
        "games",
        _seat,
    )
    if ghost:
        return lines
    questions = 0
    try:
        test = seat_test(table)
    except StatsError as error:
        return lines + [f"no seat test: {error}"]
    questions += 1
    distinct = len({bot for game in table["bots"] for bot in game}) > 1
    verdict = (
        "below 0.05: the seats differ by more than luck explains"
        if test.pvalue < 0.05
        else "not below 0.05: the games cannot tell the seats apart"
    )
    lines.append(f"does the seat matter? {test} ({test.games} games, {test.seeds} seeds); {verdict}")
    if distinct and not rotate:
        lines.append(
            "  the bots differ and keep their seats: a seat's rate is also its bot's (--rotate separates them)"
        )
    frames = [("seat", differences(table, "seat", confidence), _seat)]
    if distinct and rotate:
        frames.append(("bot", differences(table, "bot", confidence), str))
    for by, frame, label in frames:
        questions += len(frame)
        each = frame.attrs["confidence_each"]
        lines += difference_lines(
            f"differences by {by} ({each:.2%} intervals over seeds, so that all {len(frame)} hold together at "
            f"{level}; p adjusted by Holm's method):",
            frame,
            label,
        )
    if questions > 1:
        miss = 1 - confidence**questions
        lines.append(
            f"warning: {questions} questions asked of the same {len(table)} games: at {level} each, the chance that "
            f"at least one answer is wrong by luck alone is up to {miss:.0%}; so the differences above use "
            f"Bonferroni intervals and Holm-adjusted p-values, which hold together at {level}"
        )
    return lines
