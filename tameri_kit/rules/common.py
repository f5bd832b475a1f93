"""Names shared by every part of the rules: spheres, ramps, resources.

Rulebook: Components (sphere and resource counts) and Game Setup 1b.
"""

from __future__ import annotations

from enum import Enum


class Sphere(str, Enum):
    """A weather sphere.  The value is its letter in the notation (see :mod:`tameri_kit.rules.pyramid`)."""

    SUN = "S"
    WATER = "W"
    SILT = "L"  # siLt: S is taken by Sun

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> "Sphere":
        """Accept a letter (``S``, ``W``, ``L``) or a name (``sun``, ``Water``, ``silt``)."""
        t = text.strip()
        for sphere in cls:
            if t.upper() == sphere.value or t.lower() == sphere.name.lower():
                return sphere
        raise ValueError(f"unknown sphere {text!r}: use S (Sun), W (Water) or L (Silt)")


#: How many spheres of each colour the game has (rulebook: Components).
SPHERE_TOTALS = {Sphere.SUN: 16, Sphere.WATER: 16, Sphere.SILT: 24}


class Ramp(str, Enum):
    """The four ramps of the Great Pyramid, clockwise from the north.  Each ends in its own river."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def index(self) -> int:
        return RAMPS.index(self)

    @classmethod
    def parse(cls, text: str) -> "Ramp":
        """Accept a letter (``N``) or a name (``north``)."""
        t = text.strip()
        for ramp in cls:
            if t.upper() == ramp.value or t.lower() == ramp.name.lower():
                return ramp
        raise ValueError(f"unknown ramp {text!r}: use N, E, S or W (North, East, South, West)")


RAMPS: tuple[Ramp, ...] = tuple(Ramp)


class Resource(str, Enum):
    """The four resources, in the order the season-end majorities take them (End of the Season, step 4a)."""

    BARLEY = "barley"
    PAPYRUS = "papyrus"
    FLAX = "flax"
    FRUIT = "fruit"

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> "Resource":
        t = text.strip().lower()
        for r in cls:
            if t == r.value:
                return r
        raise ValueError(f"unknown resource {text!r}: use barley, papyrus, flax or fruit")


RESOURCES: tuple[Resource, ...] = tuple(Resource)
