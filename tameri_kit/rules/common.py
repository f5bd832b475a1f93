"""Names shared by every part of the rules: spheres, ramps, resources.

Rulebook: Components (sphere and resource counts) and Game Setup 1b.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cached_property



class Named:
    """Mixin for the kit's enums: a ``label`` for people and ``parse`` accepting a value, a name or a label, any case."""

    @cached_property   # an enum member never changes: worked out once
    def label(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str):
        if isinstance(text, cls):
            return text
        t = str.strip(text) if isinstance(text, str) else str(text).strip()
        for member in cls:
            if t.upper() == str(member.value).upper() or t.lower() in (member.name.lower(), member.label.lower()):
                return member
        names = [str(m.value) if str(m.value).lower() == m.name.lower() else f"{m.value} ({m.label})" for m in cls]
        what = re.sub(r"(?<!^)(?=[A-Z])", " ", cls.__name__).lower()  # CardWeather -> "card weather"
        raise ValueError(f"unknown {what} {text!r}: use {', '.join(names[:-1])} or {names[-1]}")


class Sphere(Named, str, Enum):
    """A weather sphere.  The value is its letter in the notation (see :mod:`tameri_kit.rules.pyramid`)."""

    SUN = "S"
    WATER = "W"
    SILT = "L"  # siLt: S is taken by Sun


#: How many spheres of each colour the game has (rulebook: Components).
SPHERE_TOTALS = {Sphere.SUN: 16, Sphere.WATER: 16, Sphere.SILT: 24}


class Ramp(Named, str, Enum):
    """The four ramps of the Great Pyramid, clockwise from the north.  Each ends in its own river."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @cached_property
    def index(self) -> int:
        """0 to 3: the ramp's place in the order N, E, S, W."""
        return _RAMP_INDEX[self._value_]


RAMPS: tuple[Ramp, ...] = tuple(Ramp)
_RAMP_INDEX = {r._value_: i for i, r in enumerate(RAMPS)}


class Resource(Named, str, Enum):
    """The four resources, in the order the season-end majorities take them (End of the Season, step 4a)."""

    BARLEY = "barley"
    PAPYRUS = "papyrus"
    FLAX = "flax"
    FRUIT = "fruit"


RESOURCES: tuple[Resource, ...] = tuple(Resource)


def __getattr__(name: str):
    """``direct_init`` and ``from_fields`` moved to :mod:`tameri_kit._fast` (issue 11); still importable from here,
    with a warning."""
    if name in ("direct_init", "from_fields"):
        import warnings

        from .._fast import direct_init, from_fields

        warnings.warn(f"tameri_kit.rules.common.{name} moved to tameri_kit._fast.{name}", DeprecationWarning,
                      stacklevel=2)
        return {"direct_init": direct_init, "from_fields": from_fields}[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
