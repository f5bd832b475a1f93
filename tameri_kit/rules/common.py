"""Names shared by every part of the rules: spheres, ramps, resources.

Rulebook: Components (sphere and resource counts) and Game Setup 1b.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cached_property

from ..errors import NotationError, StateError, UnknownNameError


class Named:
    """Mixin for the kit's enums: a ``label`` for people and ``parse`` accepting a value, a name or a label, any case."""

    # Enum's own ``value`` is a Python property run at every read; this one runs once and then stays on the member as
    # a plain attribute (tameri_kit._fast: the engine reads members' values hundreds of times a game)
    @cached_property
    def value(self):
        """The member's value (``"S"``, ``"barley"``), as ``Enum.value``."""
        return self._value_

    @cached_property  # an enum member never changes: worked out once
    def label(self) -> str:
        """The member's name in words, capitalised (``Barley``, ``Sun``)."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str):
        """The member named by ``text``; anything else raises :class:`~tameri_kit.errors.UnknownNameError` (a
        ``ValueError`` and a ``KeyError``) listing the allowed names."""
        if isinstance(text, cls):
            return text
        if isinstance(text, str):
            t = str.strip(text)
            for member in cls:
                if t.upper() == str(member.value).upper() or t.lower() in (member.name.lower(), member.label.lower()):
                    return member
        names = [str(m.value) if str(m.value).lower() == m.name.lower() else f"{m.value} ({m.label})" for m in cls]
        what = re.sub(r"(?<!^)(?=[A-Z])", " ", cls.__name__).lower()  # CardWeather -> "card weather"
        got = repr(text) if isinstance(text, str) else f"{text!r} ({type(text).__name__}, not text)"
        raise UnknownNameError(f"unknown {what} {got}: use {', '.join(names[:-1])} or {names[-1]}")


class Sphere(Named, str, Enum):
    """A weather sphere.  The value is its letter in the notation (see :mod:`tameri_kit.rules.pyramid`)."""

    SUN = "S"
    WATER = "W"
    SILT = "L"  # siLt: S is taken by Sun


#: Each sphere by its letter: ``Sphere(letter)`` as a dictionary look-up (Enum's call runs Python code; the engine
#: turns letters into spheres dozens of times a game: tameri_kit._fast).
SPHERE_OF = {sphere._value_: sphere for sphere in Sphere}

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
#: Each resource by its name: ``Resource(name)`` as a dictionary look-up (see :data:`SPHERE_OF`).
RESOURCE_OF = {resource._value_: resource for resource in RESOURCES}


def __getattr__(name: str):
    """``direct_init`` and ``from_fields`` moved to :mod:`tameri_kit._fast` (issue 11); still importable from here,
    with a warning."""
    if name in ("direct_init", "from_fields"):
        import warnings

        from .._fast import direct_init, from_fields

        warnings.warn(
            f"tameri_kit.rules.common.{name} moved to tameri_kit._fast.{name}", DeprecationWarning, stacklevel=2
        )
        return {"direct_init": direct_init, "from_fields": from_fields}[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ----------------------------------------------------------------------------------------------------------------
# Checks shared by the parsers and constructors (every error a TameriError that points at the character)
# ----------------------------------------------------------------------------------------------------------------
#: The longest number any notation needs (card numbers, counts, steps): longer digit runs are refused before
#: ``int()`` sees them (Python refuses more than 4,300 digits with a bare ValueError).
MAX_DIGITS = 6


def require_text(value, what: str) -> str:
    """``value`` when it is a ``str``; otherwise a :class:`NotationError` saying what was expected."""
    if not isinstance(value, str):
        raise NotationError(repr(value)[:60], 0, f"{what} takes text, not {type(value).__name__}")
    return value


def whole_number(text: str, start: int, end: int, what: str = "a whole number") -> int:
    """The number written with the ASCII digits ``text[start:end]``.

    A :class:`NotationError` points at the first character that is not 0-9 (``str.isdigit`` and regular
    expressions' ``\\d`` also accept digits such as ``²`` or ``٣``), or at the first digit of a run longer than
    :data:`MAX_DIGITS`."""
    digits = text[start:end]
    if not digits:
        raise NotationError(text, start, f"expected {what}")
    for i, ch in enumerate(digits):
        if not "0" <= ch <= "9":
            raise NotationError(text, start + i, f"{ch!r} is not a digit 0-9 ({what})")
    if len(digits) > MAX_DIGITS:
        raise NotationError(text, start, f"{what} of {len(digits)} digits is far too large")
    return int(digits)


def count_value(value, what: str, *, low: int = 0, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high``: ints (and integer types such as numpy's) only - not
    ``True``, ``1.5``, ``nan`` or ``'3'`` - else a :class:`StateError` naming ``what``."""
    import operator

    try:
        if isinstance(value, bool):
            raise TypeError
        n = operator.index(value)
    except TypeError:
        raise StateError(f"{what} must be a whole number, not {value!r}") from None
    if n < low or high is not None and n > high:
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        raise StateError(f"{what} must be {span}, not {_short_number(n)}")
    return n


def _short_number(n: int) -> str:
    """``n`` for an error message: a number too long to print in full (Python refuses over 4,300 digits) by its
    sign and length."""
    if abs(n) < 10**30:
        return str(n)
    return f"a {'negative ' if n < 0 else ''}number of about {int(abs(n).bit_length() * 0.30103) + 1} digits"
