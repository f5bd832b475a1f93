"""Readers for answers typed in the kit's notation (a ramp's spheres, a turn order), used by the lessons' questions.

What they raise is shown to the learner as the reason an answer could not be read.

    >>> read_ramp(" s s w "), read_ramp("-"), show_ramp("")
    ('SSW', '', '- (an empty ramp)')
    >>> read_order("paul john, Ringo george", ("John", "Paul", "George", "Ringo"))
    ('Paul', 'John', 'Ringo', 'George')
"""

from __future__ import annotations

import re

from ..widgets.question import AnswerError

RAMP_LETTERS = {"S": "Sun", "W": "Water", "L": "Silt"}


def read_ramp(text: str) -> str:
    """A ramp's spheres from the bottom up: ``S`` Sun, ``W`` Water, ``L`` Silt; ``-`` (or ``empty``) for none."""
    cleaned = re.sub(r"[\s,]+", "", str(text)).upper()
    if cleaned in ("-", "EMPTY", "NONE", '""', "''"):
        return ""
    for position, letter in enumerate(cleaned, 1):
        if letter not in RAMP_LETTERS:
            raise AnswerError(f"{letter!r} (sphere {position}) is not a sphere: write S (Sun), W (Water) or "
                              "L (Silt) from the bottom of the ramp up, or - for an empty ramp")
    return cleaned


def show_ramp(ramp: str) -> str:
    """A ramp as the learner reads it in feedback."""
    return ramp or "- (an empty ramp)"


def read_order(text: str, players: tuple[str, ...]) -> tuple[str, ...]:
    """A turn order: every one of ``players`` once, first to last, separated by commas or spaces."""
    names = {p.lower(): p for p in players}
    words = [w for w in re.split(r"[\s,;>]+|-+>?", str(text)) if w]
    unknown = [w for w in words if w.lower() not in names]
    if unknown:
        raise AnswerError(f"{unknown[0]!r} is not playing: the players are {', '.join(players)}")
    order = tuple(names[w.lower()] for w in words)
    if len(set(order)) != len(order) or len(order) != len(players):
        raise AnswerError(f"name each of the {len(players)} players exactly once, first to last")
    return order


def show_order(order: tuple[str, ...]) -> str:
    return ", ".join(order)
