"""Major and Minor Favors: how the Vizier game's flowchart rewards a ranking.

Rule text: ``rulebooks/002_28e3c37297747f4c.txt``, *Akhet Special Round*, steps 3-6 (*Favor Scoring*: the Temple of
Ra, the Build Track, the Medjay total, the Prestige track all use the same rule), and *Game End* (2 Minor Favors
count as 1 Major Favor).  Paraphrased:

- a clear first place gets a Major Favor; then a clear second place gets a Minor Favor, a tied second place nothing;
- a tied first place gets a Minor Favor each, and no second place is awarded.

Who counts at all is reading F1 in ``docs/ambiguities.md`` (a count of 0 earns nothing unless ``zero_earns``).

>>> favors({"Anna": 5, "Bob": 3, "Cathy": 3}).rule
'clear first, tied second: Anna a Major Favor; Bob and Cathy tie for second: no Favor'
>>> favors({"Anna": 4, "Bob": 4, "Cathy": 1}).minor
('Anna', 'Bob')
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Mapping

from . import checks

SECTION = "Akhet Special Round, Favor Scoring (steps 3-6)"
#: at the end of the game 2 Minor Favors count as 1 Major (Game End), so a Major is worth 2 in Minor units
MINOR_VALUE, MAJOR_VALUE = 1, 2
#: the largest count (offerings, Construction Points, Medjay, Prestige ...) the kit accepts
MAX_COUNT = 999_999


def _names(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class FavorResult:
    """Who gets a Major and who a Minor Favor, and the rule that decided it (in words)."""

    counts: tuple[tuple[str, int], ...]
    major: tuple[str, ...]
    minor: tuple[str, ...]
    rule: str

    def favors_of(self, name: str) -> str:
        return "Major" if name in self.major else "Minor" if name in self.minor else "none"

    def value(self, name: str) -> int:
        """In Minor-Favor units (Major = 2, since 2 Minor Favors make 1 Major at the end of the game)."""
        return MAJOR_VALUE if name in self.major else MINOR_VALUE if name in self.minor else 0

    @property
    def values(self) -> dict[str, int]:
        return {n: self.value(n) for n, _ in self.counts}

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(n)}</td><td style='text-align:right'>{c}</td><td>{self.favors_of(n)}</td></tr>"
            for n, c in self.counts
        )
        return (
            f"<table><tr><th>player</th><th>count</th><th>Favor</th></tr>{rows}</table>"
            f"<p>{html.escape(self.rule)} ({SECTION})</p>"
        )


def favors(counts: Mapping[str, int], *, zero_earns: bool = False) -> FavorResult:
    """The Favors for any counts (Temple offerings, Construction Points, Medjay, Prestige ...), with the rule used.

    ``zero_earns=True`` lets a count of 0 earn a Favor like any other (the alternative of reading F1).

    >>> favors({"Anna": 2, "Bob": 2, "Cathy": 2}).minor
    ('Anna', 'Bob', 'Cathy')
    >>> favors({"Anna": 0, "Bob": 0}).rule
    'nobody has any: no Favor'
    """
    items = tuple(checks.player_values(counts, "the Favor counts", high=MAX_COUNT).items())
    zero_earns = checks.flag(zero_earns, "zero_earns")
    eligible = [(n, c) for n, c in items if zero_earns or c > 0]
    if not eligible:
        return FavorResult(items, (), (), "nobody has any: no Favor")
    best = max(c for _, c in eligible)
    first = tuple(n for n, c in eligible if c == best)
    if len(first) > 1:
        return FavorResult(items, (), first, f"tied first: {_names(first)} a Minor Favor each; no second place")
    rest = [(n, c) for n, c in eligible if c < best]
    if not rest:
        return FavorResult(items, first, (), f"clear first: {first[0]} a Major Favor; nobody else has any")
    runner = max(c for _, c in rest)
    second = tuple(n for n, c in rest if c == runner)
    if len(second) > 1:
        return FavorResult(
            items,
            first,
            (),
            f"clear first, tied second: {first[0]} a Major Favor; {_names(second)} tie for second: no Favor",
        )
    return FavorResult(
        items, first, second, f"clear first and second: {first[0]} a Major Favor, {second[0]} a Minor Favor"
    )


def favors_to_majors(major: int, minor: int) -> tuple[int, int]:
    """Game End: 2 Minor Favors count as 1 Major Favor -> (Majors, Minor left over).

    >>> favors_to_majors(1, 3)
    (2, 1)
    """
    major = checks.whole_number(major, "the number of Major Favors")
    minor = checks.whole_number(minor, "the number of Minor Favors")
    return major + minor // 2, minor % 2
