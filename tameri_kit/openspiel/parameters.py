"""The game parameters of ``python_tameri``: every setting and every reading as a parameter OpenSpiel's game string
can carry, so that ``pyspiel.load_game(str(game))`` is the same game (and pickling and
``pyspiel.serialize_game_and_state``, which go through that string, work in every mode).

Rulebook: Game Setup (2-4 players); +1 Player Mode (the Ghost's level, or its spaces and points: ``custom``);
Possible Actions: Farmer (the fields' extra spaces, reading E1); the Gifts of the Gods and the promo cards; the
readings of ``docs/ambiguities.md``.

OpenSpiel's game string is ``python_tameri(name=value,...)``: a value may hold no ``,``, ``=`` or brackets, and its
type is read from its text (``3`` a whole number, ``true`` a boolean, anything else a word), so each parameter has
one plain type:

- ``players`` (2-4, or 1-3 with a Ghost: the seats that decide), ``returns`` (``points`` or ``win``);
- ``ghost`` (``none``, ``easy``, ``intermediate``, ``hard`` or ``custom``), ``ghost_spaces`` (custom only: the
  Ghost's spaces in Amun, Ra and Ptah, ``2/3/4``), ``ghost_score`` (custom only: its starting points; ``-1``: worked
  out, reading X2);
- ``gifts``, ``gift_discards``, ``promo`` (booleans), ``gift_cards`` (``all`` or ``listed``);
- ``field_extra_space`` (reading E1: each river's letter and the number on its fields' third space, 0 for none,
  ``E4N3S3W4``);
- one parameter per reading, ``GROUP_FIELD`` (``weather_visible``, ``scoring_d4_last`` ...: every field of the
  settings' reading groups): a boolean, a word or a whole number as the reading is; ``weather_visible`` (W1) is a
  whole number of at least 5, or ``0`` for the reading "every sphere visible" (the kit's ``None``).

A value of the wrong type is refused by OpenSpiel's loader (``pyspiel.SpielError`` naming the parameter and the
type); a value of the right type that names no game is an :class:`OpenSpielSettingsError` (a
:class:`~tameri_kit.errors.TameriError`) naming the parameter and what it may be.  Seats are named as in the
rulebook's examples (John, George, Paul, Ringo; the Ghost last): settings with other names have no parameters.
"""

from __future__ import annotations

import typing
from dataclasses import fields

from ..errors import TameriError
from ..game import Settings
from ..game.core.settings import FIELD_EXTRA_SPACE, READING_DEFAULTS

SHORT_NAME = "python_tameri"
GHOST_LEVELS = ("none", "easy", "intermediate", "hard", "custom")
RETURNS = ("points", "win")
#: ``weather_visible``'s value for the reading "every sphere on a ramp is visible" (W1's ``None``)
ALL_VISIBLE = 0
#: ``ghost_score``'s value for "worked out from the level" (reading X2: the kit's ``None``)
WORKED_OUT = -1


class OpenSpielSettingsError(TameriError, ValueError):
    """A game parameter of ``python_tameri`` that names no game: the parameter, its value and what it may be."""


def _reading_parameters() -> dict[str, tuple[str, str, object]]:
    """``GROUP_FIELD`` -> (group, field, the type hint) for every reading of the settings."""
    out = {}
    for group, default in READING_DEFAULTS.items():
        hints = typing.get_type_hints(type(default))
        for item in fields(default):
            out[f"{group}_{item.name}"] = (group, item.name, hints[item.name])
    return out


#: every reading's parameter: name -> (settings group, field, type hint)
READING_PARAMETERS = _reading_parameters()


def _plain(value, hint):
    """A reading's value as its parameter carries it (None -> :data:`ALL_VISIBLE`)."""
    if value is None and type(None) in typing.get_args(hint):
        return ALL_VISIBLE
    return value


def _extra_space_text(extra) -> str:
    return "".join(f"{ramp}{number}" for ramp, number in sorted(dict(extra).items()))


DEFAULTS: dict = {
    "players": 3,
    "ghost": "none",
    "ghost_spaces": "",
    "ghost_score": WORKED_OUT,
    "gifts": False,
    "gift_discards": False,
    "gift_cards": "all",
    "promo": False,
    "field_extra_space": _extra_space_text(FIELD_EXTRA_SPACE),
    "returns": "points",
    **{
        name: _plain(getattr(READING_DEFAULTS[group], field), hint)
        for name, (group, field, hint) in READING_PARAMETERS.items()
    },
}


def _refuse(name: str, value, allowed: str) -> OpenSpielSettingsError:
    return OpenSpielSettingsError(f"{SHORT_NAME}: {name} is {allowed}, not {value!r}")


def _reading_value(name: str, value):
    """A reading parameter's value as the settings hold it; a value of another type or choice is refused."""
    group, field, hint = READING_PARAMETERS[name]
    choices = typing.get_args(hint)
    if typing.get_origin(hint) is typing.Literal:
        if value not in choices:
            raise _refuse(name, value, " or ".join(repr(c) for c in choices))
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise _refuse(name, value, "true or false")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(name, value, "a whole number")
    if type(None) in choices and value == ALL_VISIBLE:
        return None
    return value


def _extra_space(value) -> dict[str, int]:
    allowed = "each river letter N, E, S, W once with the number 0-4 on its fields' third space, e.g. 'E4N3S3W4'"
    if not isinstance(value, str) or len(value) % 2:
        raise _refuse("field_extra_space", value, allowed)
    pairs = [value[k : k + 2] for k in range(0, len(value), 2)]
    extra = {}
    for pair in pairs:
        ramp, number = pair[0], pair[1]
        if ramp not in FIELD_EXTRA_SPACE or ramp in extra or number not in "01234":
            raise _refuse("field_extra_space", value, allowed)
        extra[ramp] = int(number)
    return extra


def _ghost_spaces(value) -> list[int] | None:
    if value == "":
        return None
    parts = value.split("/") if isinstance(value, str) else []
    if len(parts) != 3 or not all(part.isdigit() and len(part) == 1 for part in parts):
        raise _refuse("ghost_spaces", value, "the Ghost's spaces in Amun, Ra and Ptah, 1-8 each, as '2/3/4'")
    return [int(part) for part in parts]


def settings_from_parameters(params: dict) -> tuple[Settings, str]:
    """The kit's :class:`Settings` and the ``returns`` mode for game parameters (missing ones: the defaults)."""
    if not isinstance(params, dict):
        raise OpenSpielSettingsError(f"{SHORT_NAME}'s parameters are a dict, not {params!r}")
    unknown = sorted(set(params) - set(DEFAULTS), key=str)
    if unknown:
        raise OpenSpielSettingsError(f"{SHORT_NAME} has no parameter {unknown}; known: {sorted(DEFAULTS)}")
    p = {**DEFAULTS, **params}
    ghost, returns, players = p["ghost"], p["returns"], p["players"]
    if ghost not in GHOST_LEVELS:
        raise OpenSpielSettingsError(f"{SHORT_NAME}: ghost is one of {GHOST_LEVELS}, not {ghost!r}")
    if returns not in RETURNS:
        raise OpenSpielSettingsError(f"{SHORT_NAME}: returns is 'points' or 'win', not {returns!r}")
    low, high = (1, 3) if ghost != "none" else (2, 4)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        with_ghost = f"with ghost={ghost!r}" if ghost != "none" else "without a Ghost"
        raise OpenSpielSettingsError(f"{SHORT_NAME}: players is {low} to {high} {with_ghost}, not {players!r}")
    score = p["ghost_score"]
    if isinstance(score, bool) or not isinstance(score, int):
        raise _refuse("ghost_score", score, f"a whole number ({WORKED_OUT}: worked out from the level)")
    spaces = _ghost_spaces(p["ghost_spaces"])
    readings: dict = {}
    for name, (group, field, _) in READING_PARAMETERS.items():
        readings.setdefault(group, {})[field] = _reading_value(name, p[name])
    for name in ("gifts", "gift_discards", "promo"):
        if not isinstance(p[name], bool):
            raise _refuse(name, p[name], "true or false")
    record = {
        "players": list(Settings.for_players(players, ghost=None if ghost == "none" else "easy").players),
        "field_extra_space": _extra_space(p["field_extra_space"]),
        **readings,
        "gifts": p["gifts"],
        "gift_discards": p["gift_discards"],
        "gift_cards": p["gift_cards"],
        "promo": p["promo"],
    }
    if ghost == "none" and (spaces is not None or score != WORKED_OUT):
        raise OpenSpielSettingsError(f"{SHORT_NAME}: ghost_spaces and ghost_score need ghost='custom'")
    if ghost != "none":
        record["ghost"] = ghost
        if spaces is not None:
            record["ghost_spaces"] = spaces
        if score != WORKED_OUT:
            record["ghost_score"] = score
    try:
        settings = Settings.from_dict(record)
    except (TameriError, TypeError, ValueError) as error:
        raise OpenSpielSettingsError(f"{SHORT_NAME}: {error}") from None
    return settings, returns


def parameters_of(settings: Settings, returns: str = "points") -> dict:
    """The game parameters of the kit's settings: ``players``, ``ghost`` and every parameter whose value differs
    from its default (``returns`` only if not ``"points"``).  Settings no parameter can say (other names than the
    rulebook's example names) raise :class:`OpenSpielSettingsError`."""
    params: dict = {
        "players": settings.humans,
        "ghost": settings.ghost or "none",
        "ghost_spaces": "/".join(str(x) for x in settings.ghost_spaces) if settings.ghost_spaces else "",
        "ghost_score": WORKED_OUT if settings.ghost_score is None else settings.ghost_score,
        "gifts": settings.gifts,
        "gift_discards": settings.gift_discards,
        "gift_cards": settings.gift_cards,
        "promo": settings.promo,
        "field_extra_space": _extra_space_text(settings.field_extra_space),
        "returns": returns,
    }
    for name, (group, field, hint) in READING_PARAMETERS.items():
        params[name] = _plain(getattr(getattr(settings, group), field), hint)
    params = {k: v for k, v in params.items() if k in ("players", "ghost") or v != DEFAULTS[k]}
    if settings_from_parameters(params)[0] != settings:
        raise OpenSpielSettingsError(
            f"{SHORT_NAME} names its seats as the rulebook's examples do (John, George, Paul, Ringo; the Ghost "
            f"last); these settings name them {list(settings.players)}"
        )
    return params
