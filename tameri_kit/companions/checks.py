"""The entry checks every public function of the companions uses: one place, one wording.

A notebook user hands these functions whatever is at hand - numpy and pandas integers, text, lists, ``None``.  Each
check either returns the value in the form the function needs or raises a typed error
(:class:`~tameri_kit.errors.StateError` for a value of the wrong kind or out of range,
:class:`~tameri_kit.errors.NotationError` for text that does not read) naming what was expected and where.

The rules the companions share (issue 28, findings 11-13):

- a whole number is any :class:`numbers.Integral` (``int``, ``numpy.int64``, sympy's ``Integer`` ...), never a
  ``bool``, never ``1.5`` or ``"3"``;
- where a list of names is expected, a single name stands for a list of one (``"War"`` is ``["War"]``), never for
  its letters;
- a mapping (player -> count, tile -> count) must be a mapping: a list or a text is refused with a message saying so;
- messages show a value shortened (:func:`shown`): a 5,000-digit number cannot even be printed by ``repr``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping

from ..errors import NotationError, StateError

#: the most samples a simulation takes in one call (a notebook's patience; lesson 10 uses 20,000)
MAX_SAMPLES = 1_000_000
#: longest text quoted back in a message
SHOWN_CHARS = 60


def shown(value) -> str:
    """``repr(value)`` cut to :data:`SHOWN_CHARS` characters; a number too long to print is described instead."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits (or a list holding one) cannot be converted to text
        if isinstance(value, int):
            return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
        return f"a {type(value).__name__} holding a number too long to print"
    except Exception:  # noqa: BLE001 - a user's object whose repr itself fails
        return f"a {type(value).__name__}"
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def whole_number(value, what: str, *, low: int | None = 0, high: int | None = None) -> int:
    """``value`` as an ``int`` from ``low`` to ``high`` (``None``: no bound): any :class:`numbers.Integral` but
    ``bool``; anything else raises :class:`StateError` naming ``what``."""
    try:
        if isinstance(value, bool):  # numpy's bool has no __index__: operator.index refuses it
            raise TypeError
        number = operator.index(value)
    except TypeError:
        raise StateError(f"{what} must be a whole number, not {shown(value)}") from None
    if low is not None and number < low:
        if low == 0:
            raise StateError(f"{what} cannot be negative, not {shown(number)}")
        raise StateError(f"{what} must be at least {low}, not {shown(number)}")
    if high is not None and number > high:
        raise StateError(f"{what} must be at most {high:,}, not {shown(number)}")
    return number


def text(value, what: str) -> str:
    """``value`` when it is a ``str``; else a :class:`NotationError` saying that ``what`` is text."""
    if not isinstance(value, str):
        raise NotationError(shown(value), 0, f"{what}: expected text, not a {type(value).__name__}")
    return value


def flag(value, what: str) -> bool:
    """``True`` or ``False`` only (``"no"`` is true to Python, so text is refused rather than guessed)."""
    if not isinstance(value, bool):
        raise StateError(f"{what}: expected True or False, not {shown(value)}")
    return value


def names(value, what: str) -> tuple[str, ...]:
    """A list (any iterable) of names, or one name standing for a list of one; each name must be text."""
    if isinstance(value, str):
        return (value,)
    if value is None or isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise StateError(f"{what}: expected a name or a list of names, not {shown(value)}")
    found = tuple(value)
    for item in found:
        if not isinstance(item, str):
            raise StateError(f"{what}: each entry is a name (text), not {shown(item)}")
    return found


def mapping(value, what: str, *, shape: str = "name -> count") -> Mapping:
    """``value`` when it is a mapping (a ``dict``, a pandas Series' ``to_dict()`` ...); else :class:`StateError`."""
    if not isinstance(value, Mapping):
        raise StateError(f"{what}: expected a mapping {shape} (a dict), not {shown(value)}")
    return value


def player_values(
    value, what: str, *, low: int | None = 0, high: int | None = None, players: tuple[int, int] | None = None
) -> dict:
    """A mapping player name (text) -> whole number (``low`` to ``high``), with ``players`` (fewest, most) entries
    if given."""
    found = dict(mapping(value, what, shape="player -> number"))
    if not found:
        raise StateError(f"{what} needs at least one player")
    for name in found:
        if not isinstance(name, str) or not name.strip():
            raise StateError(f"{what}: each player's name is text, not {shown(name)}")
    if players is not None and not players[0] <= len(found) <= players[1]:
        raise StateError(f"{what}: {players[0]} to {players[1]} players, not {len(found)}")
    return {
        name: whole_number(n, f"{what}: the number for {shown(name)}", low=low, high=high) for name, n in found.items()
    }


def pairs(value, what: str) -> list[tuple[object, object]]:
    """``(name, count)`` pairs from a mapping or an iterable of pairs; anything else raises :class:`StateError`."""
    if isinstance(value, Mapping):
        return list(value.items())
    if value is None or isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise StateError(f"{what}: expected a mapping name -> count or (name, count) pairs, not {shown(value)}")
    found = []
    for item in value:
        if isinstance(item, (str, bytes)) or not isinstance(item, Iterable) or len(item := tuple(item)) != 2:
            raise StateError(f"{what}: each entry is a (name, count) pair, not {shown(item)}")
        found.append(item)
    return found


def samples(value, what: str = "the number of samples") -> int:
    """How many times a simulation repeats: 1 to :data:`MAX_SAMPLES`."""
    return whole_number(value, what, low=1, high=MAX_SAMPLES)


def seed(value) -> int:
    """A seed for ``random.Random``: a whole number 0 or more (numpy's too; ``random`` refuses those itself)."""
    return whole_number(value, "the seed")


def instance(value, kind: type, what: str):
    """``value`` when it is a ``kind`` (a state, a record ...); else :class:`StateError` saying what is needed."""
    if not isinstance(value, kind):
        raise StateError(f"{what}: expected a {kind.__name__}, not {shown(value)}")
    return value
