"""What lesson 11's questions open after Check: the parts of a fold, shown or replaced by why the games cannot give
them, and printed lines kept as they are.  Shared by :mod:`.questions_11` and :mod:`.questions_11_search`."""

from __future__ import annotations

import html
from collections.abc import Callable

from ..explore.cli import rating_lines
from ..explore.stats import StatsError, bradley_terry
from ..widgets.question import figure_html, pre
from .charts_11 import rating_chart


def games_answer(*parts: Callable[[], str]) -> tuple[Callable[[object], str], ...]:
    """The parts of a question's fold (functions returning HTML), each shown as why the games cannot give it when a
    test needs games that vary; they are called only once the learner has checked (see ``Question(fold=...)``)."""
    return tuple(lambda _right, part=part: shown(part) for part in parts)


def shown(part: Callable[[], str]) -> str:
    """A part of a fold, or why the games cannot give it (a test needs games that vary ...)."""
    try:
        return part()
    except StatsError as error:
        return f"<p>{html.escape(str(error))}</p>"


def pre_lines(lines) -> str:
    """Printed lines (a summary, a table) as HTML that keeps them."""
    return pre("\n".join(lines))


def ratings_html(games, title: str) -> str:
    """The rating chart of ``games``, then the rating table and its gaps as the command line prints them."""
    return figure_html(rating_chart(bradley_terry(games), title)) + pre_lines(rating_lines(games))
