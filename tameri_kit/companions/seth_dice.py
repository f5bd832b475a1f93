"""Tekhenu: Time of Seth - the red, blue and green dice (faces 2, 3, 3, 4, 4, 5) beside an ordinary die.

Rule text: ``rulebooks/003_c9848efbffac8dac.txt``, *Key Concepts*: *Soldiers and Priests* (a track never goes
below 0; what is gained above 10 is lost), *Red Dice and Blue Dice* (a red die gives its value in Soldiers, a blue
one in Priests; Scribes change a value as usual but never into a 1 or a 6), *Green Die* (no 1 or 6 either).
How far one Scribe moves a value is reading K1 in ``docs/ambiguities.md`` (1 step, no wrapping from 6 to 1).

Distributions are exact sympy rationals:

>>> face_distribution(RED)
{2: 1/6, 3: 1/3, 4: 1/3, 5: 1/6}
>>> mean(RED) == mean(ORDINARY), variance(RED), variance(ORDINARY)
(True, 11/12, 35/12)
"""

from __future__ import annotations

import html
import itertools
import numbers
import random
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import sympy as sp

from ..errors import IllegalActionError, StateError
from . import checks
from ..render.card_icons import svg_labels

SECTION = "Time of Seth rules, Key Concepts"
TRACK_MAX = 10
SETH_FACES = (2, 3, 3, 4, 4, 5)
ORDINARY_FACES = (1, 2, 3, 4, 5, 6)
#: the most dice one call rolls (the exact distributions grow with every die)
MAX_DICE = 30
#: the largest value (in size) :func:`expected` takes
MAX_VALUE = 1_000_000


@dataclass(frozen=True)
class Die:
    """A six-sided die: its colour and its faces.  Draws itself (``_repr_svg_``)."""

    colour: str
    faces: tuple[int, ...]

    def __post_init__(self):
        colour = checks.text(self.colour, "a die's colour")
        if isinstance(self.faces, (str, bytes, Mapping)) or not isinstance(self.faces, Iterable):
            raise StateError(f"a die's faces are a list of six whole numbers, not {checks.shown(self.faces)}")
        faces = tuple(itertools.islice(self.faces, 7))
        if len(faces) != 6:
            raise StateError(f"a die has six faces, not {checks.shown(faces)}")
        faces = tuple(checks.whole_number(face, f"a face of the {colour} die", high=MAX_VALUE) for face in faces)
        object.__setattr__(self, "faces", faces)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.faces)))

    def __str__(self) -> str:
        return f"{self.colour} die ({', '.join(map(str, self.faces))})"

    def _repr_svg_(self) -> str:
        return dice_svg([self])

    def _repr_html_(self) -> str:
        """The same picture inline in the page: as an ``<img>`` (how an ``image/svg+xml`` output is shown) its
        tooltips, title and description cannot be read."""
        return self._repr_svg_()


RED = Die("red", SETH_FACES)
BLUE = Die("blue", SETH_FACES)
GREEN = Die("green", SETH_FACES)
ORDINARY = Die("ordinary", ORDINARY_FACES)
DICE = {d.colour: d for d in (RED, BLUE, GREEN, ORDINARY)}
_FILL = {"red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "ordinary": "#f5f5f5"}


def die(colour: str | Die) -> Die:
    """The die of that colour (``red``, ``blue``, ``green``, ``ordinary``); unknown colours raise StateError."""
    if isinstance(colour, Die):
        return colour
    if not isinstance(colour, str):
        raise StateError(f"a die is a Die or its colour ({', '.join(DICE)}), not {checks.shown(colour)}")
    key = colour.strip().lower()
    if key not in DICE:
        raise StateError(f"unknown die {checks.shown(colour)}: choose one of {', '.join(DICE)}")
    return DICE[key]


def face_distribution(d: Die | str) -> dict[int, sp.Rational]:
    """P(value) for one roll: each of the six faces 1/6 (a value printed twice, 2/6)."""
    d = die(d)
    counts = Counter(d.faces)
    return {v: sp.Rational(counts[v], len(d.faces)) for v in sorted(counts)}


def mean(d: Die | str) -> sp.Rational:
    return sum((v * p for v, p in face_distribution(d).items()), sp.Integer(0))


def variance(d: Die | str) -> sp.Rational:
    m = mean(d)
    return sum(((v - m) ** 2 * p for v, p in face_distribution(d).items()), sp.Integer(0))


def _dice(dice: Iterable[Die | str] | Die | str) -> list[Die]:
    """A list of dice (Dice or colours); one die or colour stands for a list of one."""
    if isinstance(dice, (Die, str)):
        dice = [dice]
    if isinstance(dice, Mapping) or not isinstance(dice, Iterable):
        raise StateError(f"the dice are a list of dice or colours ({', '.join(DICE)}), not {checks.shown(dice)}")
    found = [die(d) for d in itertools.islice(dice, MAX_DICE + 1)]
    if not found:
        raise StateError("roll at least one die")
    if len(found) > MAX_DICE:
        raise StateError(f"roll at most {MAX_DICE} dice at once")
    return found


def sum_distribution(dice: Iterable[Die | str]) -> dict[int, sp.Rational]:
    """P(sum) when all the dice are rolled (a convolution, exact).

    >>> sum_distribution([RED, RED])[7], sum_distribution([ORDINARY, ORDINARY])[7]
    (5/18, 1/6)
    """
    dist = {0: sp.Integer(1)}
    for d in _dice(dice):
        nxt: dict[int, sp.Rational] = {}
        for total, p in dist.items():
            for v, q in face_distribution(d).items():
                nxt[total + v] = nxt.get(total + v, sp.Integer(0)) + p * q
        dist = nxt
    return dict(sorted(dist.items()))


def max_distribution(dice: Iterable[Die | str]) -> dict[int, sp.Rational]:
    """P(the highest die shows v) = P(all <= v) - P(all <= v - 1), the dice being independent.

    >>> max_distribution([RED, BLUE])[5]
    11/36
    """
    found = _dice(dice)
    values = sorted({v for d in found for v in d.faces})

    def at_most(v):
        result = sp.Integer(1)
        for d in found:
            result *= sum((p for w, p in face_distribution(d).items() if w <= v), sp.Integer(0))
        return result

    return {v: at_most(v) - at_most(v - 1) for v in values if at_most(v) - at_most(v - 1) != 0}


def expected(dist: Mapping[int, sp.Rational]) -> sp.Rational:
    """The mean of a distribution value -> probability (as :func:`sum_distribution` returns): whole-number values,
    probabilities that are numbers from 0 to 1 adding up to 1."""
    dist = checks.mapping(dist, "the distribution", shape="value -> probability")
    values = {
        checks.whole_number(v, "a value of the distribution", low=-MAX_VALUE, high=MAX_VALUE): p
        for v, p in dist.items()
    }
    for p in values.values():
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 <= p <= 1:
            raise StateError(f"a probability is a number from 0 to 1, not {checks.shown(p)}")
    if abs(float(sum(values.values(), sp.Integer(0))) - 1) > 1e-9:
        raise StateError("the probabilities of a distribution add up to 1")
    return sum((v * p for v, p in values.items()), sp.Integer(0))


def _check_value(d: Die, value: int) -> int:
    faces = ", ".join(map(str, d.faces))
    value = checks.whole_number(value, f"the value of a {d.colour} die (faces {faces})", low=None)
    if value not in d.faces:
        raise StateError(f"a {d.colour} die cannot show {checks.shown(value)}: its faces are {faces}")
    return value


@dataclass(frozen=True)
class TrackGain:
    """What selecting a die gives: which track, how much it moved, how much was lost above 10, and why."""

    track: str | None
    before: int
    after: int
    gained: int
    lost: int
    reason: str


def die_yield(colour: Die | str, value: int, track_before: int = 0) -> TrackGain:
    """*Red Dice and Blue Dice*: a red die gives Soldiers, a blue die Priests, as many as its value; the track stops
    at 10 and the rest is lost (*Soldiers and Priests*).  The green and ordinary dice give neither.

    >>> die_yield("red", 4, 8).after, die_yield("red", 4, 8).lost
    (10, 2)
    """
    d = die(colour)
    value = _check_value(d, value)
    track_before = checks.whole_number(track_before, "a Soldier or Priest track (0 to 10)", high=TRACK_MAX)
    track = {"red": "Soldiers", "blue": "Priests"}.get(d.colour)
    if track is None:
        return TrackGain(
            None, track_before, track_before, 0, 0, f"a {d.colour} die gives no Soldiers or Priests ({SECTION})"
        )
    after = min(TRACK_MAX, track_before + value)
    lost = track_before + value - after
    reason = f"a {d.colour} {value} gives {value} {track}: {track_before} -> {after}"
    if lost:
        reason += f" ({lost} lost above {TRACK_MAX})"
    return TrackGain(track, track_before, after, after - track_before, lost, reason + f" ({SECTION})")


def reachable(colour: Die | str, value: int, scribes: int) -> tuple[int, ...]:
    """The values a die showing ``value`` can be changed into with up to ``scribes`` Scribes (1 step each, no wrap:
    reading K1), staying on values the die has (*Red Dice and Blue Dice*: a Seth die never becomes 1 or 6).

    >>> reachable("red", 2, 5), reachable("ordinary", 2, 5)
    ((2, 3, 4, 5), (1, 2, 3, 4, 5, 6))
    """
    d = die(colour)
    value = _check_value(d, value)
    scribes = checks.whole_number(scribes, "the number of Scribes")
    low, high = min(d.faces), max(d.faces)
    return tuple(v for v in range(max(low, value - scribes), min(high, value + scribes) + 1))


def change_value(colour: Die | str, value: int, target: int, scribes: int) -> int:
    """The Scribes needed to change ``value`` into ``target``; an impossible change raises IllegalActionError.

    >>> change_value("blue", 5, 3, 2)
    2
    """
    d = die(colour)
    target = checks.whole_number(target, "the target value", low=None)
    value, scribes = _check_value(d, value), checks.whole_number(scribes, "the number of Scribes")
    if target not in reachable(d, value, scribes):
        if target not in d.faces:
            why = f"a {d.colour} die has no {target} (faces {', '.join(map(str, d.values))})"
        else:
            why = f"{value} -> {target} needs {abs(target - value)} Scribe(s), only {scribes} available"
        raise IllegalActionError(
            f"cannot change a {d.colour} {value} into {target}: {why}", rule=f"{SECTION}: Red Dice and Blue Dice"
        )
    return abs(target - value)


def simulate(dice: Sequence[Die | str], n: int, seed: int = 0) -> dict[str, Counter]:
    """Roll the dice ``n`` times with ``random.Random(seed)``: counts of sums and of maxima."""
    found = _dice(dice)
    n = checks.samples(n, "the number of rolls")
    rng = random.Random(checks.seed(seed))
    sums, maxima = Counter(), Counter()
    for _ in range(n):
        roll = [rng.choice(d.faces) for d in found]
        sums[sum(roll)] += 1
        maxima[max(roll)] += 1
    return {"sum": sums, "max": maxima}


def dice_svg(dice: Sequence[Die | str] | Die | str, size: int = 34) -> str:
    """Each die drawn as its six faces in a row (one row per die); dice or colours, one die standing for a list of
    one; ``size`` is a face's side in pixels (12 to 120)."""
    dice = _dice(dice)
    size = checks.whole_number(size, "the size of a face in pixels", low=12, high=120)
    pad, gap = 6, 4
    label_w = 80
    width = label_w + 6 * (size + gap) + pad
    height = len(dice) * (size + gap) + pad
    said = " ".join(f"{d.colour} die: faces {', '.join(map(str, d.faces))}." for d in dice)
    attrs, words = svg_labels("Dice, each with its six faces", said)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"{attrs} font-family="sans-serif">' + words
    ]
    for row, d in enumerate(dice):
        y = pad + row * (size + gap)
        parts.append(f'<text x="4" y="{y + size * 0.65}" font-size="13">{html.escape(d.colour)}</text>')
        fill = _FILL.get(d.colour, "#eee")
        ink = "#222" if d.colour == "ordinary" else "#fff"
        for i, v in enumerate(d.faces):
            x = label_w + i * (size + gap)
            parts.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="{fill}" '
                f'stroke="#333"/><text x="{x + size / 2}" y="{y + size * 0.68}" font-size="{size // 2}" '
                f'text-anchor="middle" fill="{ink}" font-weight="bold">{v}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
