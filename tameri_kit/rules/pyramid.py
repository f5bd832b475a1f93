"""The Great Pyramid: four ramps, four rivers, and the compact text notation for them.

Rulebook: Components; Game Setup 1b; Phase 1: Weather.

A ramp is a line of spheres from the bottom (position 1, next to the river) upwards.  A sphere that lands on a
ramp rolls down until it rests on the spheres already there, so a ramp is just a sequence.  Only the lowest few
positions are outside the pyramid and visible (reading W1, see ``docs/ambiguities.md``); spheres further up are
inside it.

Each ramp ends in a river with 4 Silt spaces, filled from the space nearest the pyramid outwards, so a river is
fully described by how many Silt spheres it holds.

Notation
--------
A ramp is written as its sphere letters from the bottom up - ``S`` Sun, ``W`` Water, ``L`` Silt - or ``-`` when
empty: ``"SSW"`` is two Suns with a Water on top.  A whole pyramid is written ramp by ramp, then the rivers'
Silt counts, then (optionally) how many Silt spheres lie on player boards::

    N:SS E:SS S:SS W:SS rivers:2222            # the set-up
    N:SSW E:- S:LWW W:S rivers:4021 held:1

Ramps are always named and written in the order N, E, S, W.  :func:`Pyramid.parse` and :func:`str` are inverses.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..errors import NotationError, StateError
from .common import RAMPS, SPHERE_TOTALS, Ramp, Sphere, count_value, require_text, whole_number

RIVER_SPACES = 4
_LETTERS = {s.value for s in Sphere}
_SUN, _WATER, _SILT = (SPHERE_TOTALS[s] for s in (Sphere.SUN, Sphere.WATER, Sphere.SILT))


def parse_ramp(text: str) -> str:
    """Check a ramp's notation and return it in canonical form (``""`` for an empty ramp).

    >>> parse_ramp("ssw")
    'SSW'
    >>> parse_ramp("-")
    ''
    """
    t = require_text(text, "a ramp's notation").strip()
    if t == "-":
        return ""
    for i, ch in enumerate(t):
        if ch not in "SWLswl":
            raise NotationError(
                text,
                text.index(t) + i,
                f"unexpected {ch!r}: a ramp holds S (Sun), W (Water) or L (Silt), or is '-' when empty",
            )
    return t.upper()


def format_ramp(spheres: str) -> str:
    """A ramp's spheres as the notation writes them (``-`` for an empty ramp)."""
    return spheres or "-"


@dataclass(frozen=True)
class Pyramid:
    """The weather part of the board.  Frozen: every rule returns a new Pyramid.

    ``ramps``: four strings of sphere letters, bottom first, in the order N, E, S, W.
    ``rivers``: Silt spheres in each river (0 to 4), same order.
    ``held_silt``: Silt spheres on player boards.  What is in none of these places is in the supply.
    """

    ramps: tuple[str, str, str, str] = ("SS", "SS", "SS", "SS")
    rivers: tuple[int, int, int, int] = (2, 2, 2, 2)
    held_silt: int = 0

    def __post_init__(self):
        ramps, rivers = self.ramps, self.rivers
        if len(ramps) != 4 or len(rivers) != 4:
            raise StateError("a pyramid has exactly 4 ramps and 4 rivers")
        if type(ramps) is not tuple or not all(type(r) is str and not r.strip("SWL") for r in ramps):
            object.__setattr__(self, "ramps", tuple(parse_ramp(r) if r else "" for r in ramps))
        if type(rivers) is not tuple or not all(type(n) is int for n in rivers):
            object.__setattr__(
                self, "rivers", tuple(count_value(n, f"the {r.label} river's Silt") for r, n in zip(RAMPS, rivers))
            )
        rivers = self.rivers
        for ramp, n in zip(RAMPS, rivers):
            if not 0 <= n <= RIVER_SPACES:
                raise StateError(f"the {ramp.label} river holds {n} Silt, but a river has {RIVER_SPACES} spaces")
        if type(self.held_silt) is not int:
            object.__setattr__(self, "held_silt", count_value(self.held_silt, "held_silt (Silt on player boards)"))
        if self.held_silt < 0:
            raise StateError(f"player boards cannot hold {self.held_silt} Silt")
        on_ramps = "".join(self.ramps)
        if (
            on_ramps.count("S") > _SUN
            or on_ramps.count("W") > _WATER
            or on_ramps.count("L") + sum(rivers) + self.held_silt > _SILT
        ):
            for sphere, total in SPHERE_TOTALS.items():
                if self.in_play(sphere) > total:
                    raise StateError(
                        f"{self.in_play(sphere)} {sphere.label} spheres are in play, but the game has only {total}"
                    )

    # ----- counts -------------------------------------------------------------------------------------------
    def ramp(self, ramp: Ramp | str) -> str:
        """The spheres on one ramp, bottom first."""
        if ramp.__class__ is Ramp:
            return self.ramps[ramp.index]
        return self.ramps[Ramp.parse(ramp).index]

    def river(self, ramp: Ramp) -> int:
        """How many Silt spheres lie in the river at the foot of ``ramp`` (Productive Fields and Harvests)."""
        return self.rivers[ramp.index]

    def in_play(self, sphere: Sphere) -> int:
        """Spheres of one colour that are not in the supply (on ramps, in rivers, on player boards)."""
        letter = sphere._value_
        r0, r1, r2, r3 = self.ramps
        on_ramps = (r0 + r1 + r2 + r3).count(letter)  # (one count: each is a method call)
        if letter == "L":
            v, w, x, y = self.rivers
            return on_ramps + v + w + x + y + self.held_silt
        return on_ramps

    def supply(self, sphere: Sphere) -> int:
        """Spheres of one colour left in the supply (the rings beside the board)."""
        return SPHERE_TOTALS[sphere] - self.in_play(sphere)

    @property
    def supply_counts(self) -> dict[Sphere, int]:
        """The spheres of each colour left in the supply (Components: the box's spheres less those in play)."""
        return {s: self.supply(s) for s in Sphere}

    def counts(self) -> Counter:
        """Where every sphere is: keys like ``('ramp', 'N', 'S')``, ``('river', 'E')``, ``('held',)``, ``('supply', 'W')``."""
        c: Counter = Counter()
        for ramp, spheres in zip(RAMPS, self.ramps):
            for ch in spheres:
                c[("ramp", ramp.value, ch)] += 1
            c[("river", ramp.value)] += self.rivers[ramp.index]
        c[("held",)] += self.held_silt
        for s in Sphere:
            c[("supply", s.value)] += self.supply(s)
        return c

    # ----- making new states ----------------------------------------------------------------------------------
    def with_ramp(self, ramp: Ramp, spheres: str) -> "Pyramid":
        """A copy with ``spheres`` (bottom first) on ``ramp``, checked like any new Pyramid."""
        ramps = list(self.ramps)
        ramps[ramp.index] = spheres
        return Pyramid(tuple(ramps), self.rivers, self.held_silt)

    def with_river(self, ramp: Ramp, silt: int) -> "Pyramid":
        """A copy with ``silt`` Silt spheres in the river of ``ramp``, checked like any new Pyramid."""
        rivers = list(self.rivers)
        rivers[ramp.index] = silt
        return Pyramid(self.ramps, tuple(rivers), self.held_silt)

    def with_held(self, held_silt: int) -> "Pyramid":
        """A copy with ``held_silt`` Silt spheres on the player boards, checked like any new Pyramid."""
        return Pyramid(self.ramps, self.rivers, held_silt)

    # ----- notation -------------------------------------------------------------------------------------------
    def __str__(self) -> str:
        ramps = " ".join(f"{r.value}:{format_ramp(s)}" for r, s in zip(RAMPS, self.ramps))
        text = f"{ramps} rivers:{''.join(str(n) for n in self.rivers)}"
        return text + (f" held:{self.held_silt}" if self.held_silt else "")

    def __repr__(self) -> str:
        return f"Pyramid.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """Jupyter shows a Pyramid as a picture; the drawing lives in :mod:`tameri_kit.render` (imported lazily)."""
        from ..render.pyramid_svg import pyramid_svg

        return pyramid_svg(self)

    def _repr_html_(self) -> str:
        """The same picture inline in the page (an ``image/svg+xml`` output is shown as an ``<img>``, where its
        tooltips cannot work)."""
        return self._repr_svg_()

    @classmethod
    def parse(cls, text: str) -> "Pyramid":
        """Read the notation described in the module docstring; errors point at the offending character.

        >>> Pyramid.parse("N:SS E:SS S:SS W:SS rivers:2222") == Pyramid()
        True
        >>> str(Pyramid.parse("n:ssw e:- s:lww w:s rivers:4021 held:1"))
        'N:SSW E:- S:LWW W:S rivers:4021 held:1'
        """
        require_text(text, "Pyramid.parse")
        expected = [f"{r.value}:" for r in RAMPS] + ["rivers:", "held:"]
        ramps: list[str] = []
        rivers: tuple[int, ...] | None = None
        held = 0
        tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
        if not tokens:
            raise NotationError(text, 0, "empty notation: expected 'N:..'")
        for k, (pos, tok) in enumerate(tokens):
            want = expected[k] if k < len(expected) else None
            if want is None or not tok.upper().startswith(want.upper()):
                if want is None:
                    raise NotationError(text, pos, f"unexpected {tok!r} after the end of the notation")
                raise NotationError(text, pos, f"expected {want!r}")
            body, start = tok[len(want) :], pos + len(want)
            if k < 4:
                if not body:
                    raise NotationError(text, start, f"ramp {want[0]} needs spheres or '-'")
                try:
                    ramps.append(parse_ramp(body))
                except NotationError as e:
                    raise NotationError(text, start + e.position, e.reason) from None
            elif k == 4:
                if len(body) != 4 or not all("0" <= ch <= "9" for ch in body):
                    bad = next((i for i, ch in enumerate(body) if not "0" <= ch <= "9"), min(len(body), 4))
                    raise NotationError(
                        text, start + bad, "rivers: needs four digits 0-9, one Silt count per river (N E S W)"
                    )
                rivers = tuple(int(ch) for ch in body)
                for i, n in enumerate(rivers):
                    if n > RIVER_SPACES:
                        raise NotationError(text, start + i, f"a river has only {RIVER_SPACES} Silt spaces")
            else:
                held = whole_number(text, start, start + len(body), "held: a whole number of Silt")
        if len(ramps) < 4:
            raise NotationError(text, len(text), f"expected {expected[len(ramps)]!r}")
        if rivers is None:
            raise NotationError(text, len(text), "expected 'rivers:' with four Silt counts")
        try:
            return cls(tuple(ramps), rivers, held)
        except StateError as e:
            raise NotationError(text, 0, str(e)) from None


SETUP = Pyramid()
"""The set-up (Game Setup 1b): 2 Sun on each ramp and 2 Silt in each river."""
