"""Readings of the rules as factors: a sweep under a chosen reading, and two readings compared on the same seeds.

Where the rulebook is silent or ambiguous the kit chooses a reading (``docs/ambiguities.md``) and keeps each choice
as a field of the settings (:data:`tameri_kit.game.core.settings.READING_DEFAULTS`: ``weather``, ``temples``,
``glyphs``, ``scoring``).  A reading is named by its ambiguity's id or by ``group.field``:

    >>> from tameri_kit.game import Settings
    >>> settings = with_readings(Settings.for_players(2), ["W1=none", "scoring.hand_glyphs=by_side"])
    >>> settings.weather.visible, settings.scoring.hand_glyphs
    (None, 'by_side')
    >>> reading_changes(settings)
    {'weather.visible': None, 'scoring.hand_glyphs': 'by_side'}

:func:`compare_readings` plays nothing: it pairs two sweeps of the same bots and seeds played under two readings
(game by game: the same seed, the same rotation) and says how much the reading changes who wins and the points,
with paired intervals and tests.  No other rules tool argues about a rule this way; it is the rules explorer's
question "does this ambiguity matter?".
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import fields, replace

import numpy as np

from ..game.core.settings import READING_DEFAULTS, Settings
from .runner import ExploreError
from .stats import StatsError, adjust, bootstrap, paired_test, per_seat, wilson

#: Ambiguity id (docs/ambiguities.md) -> (settings group, field).  Readings without an id are named group.field.
READING_IDS = {
    "W1": ("weather", "visible"),
    "W2": ("weather", "five_silt_to"),
    "W3": ("weather", "repeat_five_check"),
    "W5": ("weather", "settle_after_removal"),
    "T2": ("temples", "free_steps"),
    "T3": ("temples", "free_entry"),
    "G1": ("glyphs", "board_completes"),
    "S3": ("scoring", "d4_last"),
    "S6": ("scoring", "hand_glyphs"),
    "S7": ("scoring", "gift_items"),
    "X9": ("scoring", "ghost_sphinx"),
}


def reading_names() -> dict[str, tuple[str, str]]:
    """Every reading a sweep can change: ``group.field`` -> (group, field), from the settings' reading groups."""
    return {
        f"{group}.{item.name}": (group, item.name)
        for group, default in READING_DEFAULTS.items()
        for item in fields(default)
    }


def _label(group: str, name: str) -> str:
    ids = [key for key, where in READING_IDS.items() if where == (group, name)]
    return f"{ids[0]} ({group}.{name})" if ids else f"{group}.{name}"


def _values(group: str, name: str) -> list[str]:
    """The values a reading takes, as typed on the command line (``None`` for a whole number: any)."""
    hint = typing.get_type_hints(type(READING_DEFAULTS[group]))[name]
    args = typing.get_args(hint)
    if typing.get_origin(hint) is typing.Literal:
        return [str(value) for value in args]
    if hint is bool:
        return ["true", "false"]
    if type(None) in args:
        return ["a whole number", "none"]
    return ["a whole number"]


def _parse_value(group: str, name: str, text: str):
    hint = typing.get_type_hints(type(READING_DEFAULTS[group]))[name]
    word = text.strip()
    if typing.get_origin(hint) is typing.Literal:
        if word in typing.get_args(hint):
            return word
    elif hint is bool:
        if word.lower() in ("true", "yes", "1", "false", "no", "0"):
            return word.lower() in ("true", "yes", "1")
    else:
        if word.lower() == "none" and type(None) in typing.get_args(hint):
            return None
        if word.lstrip("-").isdigit():
            return int(word)
    raise ExploreError(
        f"reading {_label(group, name)} takes {' or '.join(_values(group, name))}, not {text!r} "
        f"(see docs/ambiguities.md)"
    )


def _known() -> str:
    return "; ".join(f"{_label(group, name)}: {' | '.join(_values(group, name))}" for group, name in _all())


def _all() -> list[tuple[str, str]]:
    return list(reading_names().values())


def parse_reading(text: str) -> tuple[str, str, object]:
    """``"NAME=VALUE"`` -> (group, field, value); NAME is an ambiguity id (``W1``) or ``group.field``."""
    name, equals, value = str(text).partition("=")
    name = name.strip()
    if not equals or not name:
        raise ExploreError(f"a reading is NAME=VALUE (e.g. W1=none), not {text!r}; known readings: {_known()}")
    where = READING_IDS.get(name.upper()) or reading_names().get(name)
    if where is None:
        raise ExploreError(f"unknown reading {name!r}; known readings: {_known()}")
    group, field = where
    return group, field, _parse_value(group, field, value)


def with_readings(settings: Settings, readings: Sequence[str]) -> Settings:
    """``settings`` with each ``NAME=VALUE`` reading applied (the others unchanged); a bad name or value raises an
    :class:`~tameri_kit.explore.runner.ExploreError` listing the valid ones."""
    changes: dict[str, dict] = {}
    for text in readings:
        group, field, value = parse_reading(text)
        if field in changes.setdefault(group, {}) and changes[group][field] != value:
            raise ExploreError(f"reading {_label(group, field)} given twice with different values")
        changes[group][field] = value
    updated = {}
    for group, values in changes.items():
        try:
            updated[group] = replace(getattr(settings, group), **values)
        except ValueError as error:  # the readings' own checks (e.g. W1 is at least 5)
            raise ExploreError(f"{error}; known readings: {_known()}") from None
    return replace(settings, **updated) if updated else settings


def reading_changes(settings: Settings) -> dict[str, object]:
    """The readings of ``settings`` that differ from the kit's defaults, as ``{"group.field": value}``."""
    out = {}
    for group, default in READING_DEFAULTS.items():
        for item in fields(default):
            value = getattr(getattr(settings, group), item.name)
            if value != getattr(default, item.name):
                out[f"{group}.{item.name}"] = value
    return out


def _paired_seats(first, second):
    """The seats of the games both tables played (same seed, rotation and seat), side by side."""
    keys = ["seed", "rotation", "seat"]
    a, b = per_seat(first), per_seat(second)
    pairs = a.merge(b, on=keys, suffixes=("_first", "_second"))
    if pairs.empty:
        raise StatsError("the two sweeps share no game (the same seed and rotation): nothing to pair")
    if (pairs["bot_first"] != pairs["bot_second"]).any():
        raise StatsError("the two sweeps seat other bots on the same seeds: compare sweeps of the same bots")
    return pairs


def winner_changes(first, second, confidence: float = 0.95) -> tuple[float, float, float, int]:
    """In how many of the paired games (same seed and rotation) another seat wins under the second reading:
    ``(share, low, high, games)``, a Wilson interval over the seeds (a seed's rotations share its luck, so they
    count as one trial: the share of its games that changed)."""
    pairs = _paired_seats(first, second)
    pairs["moved"] = (pairs["win_first"] - pairs["win_second"]).abs()
    per_game = pairs.groupby(["seed", "rotation"])["moved"].sum() / 2  # 1 when the whole win moved seat
    per_seed = per_game.groupby(level="seed").mean()
    share = float(per_game.mean())
    low, high = wilson(float(per_seed.sum()), len(per_seed), confidence)
    return share, low, high, len(per_game)


def compare_readings(first, second, by: str = "bot", confidence: float = 0.95, correction: str = "holm"):
    """How a reading changes the games, paired game by game: two sweeps of the same bots and seeds, ``first``
    under one reading and ``second`` under another.

    One row per value of ``by`` (``"bot"`` or ``"seat"``): ``win_first`` and ``win_second`` (win rates),
    ``change`` (second minus first) with a bootstrap interval over seeds ``low``-``high`` and a paired t-test over
    seeds ``p``; ``points`` (the mean change of the final total) with ``points_low``-``points_high`` and
    ``points_p``; ``p_adjusted`` and ``points_p_adjusted`` corrected for all the rows (:func:`adjust`).
    Pairing removes the luck both readings share (the same cards and weather).
    """
    import pandas as pd

    pairs = _paired_seats(first, second)
    key = f"{by}_first" if by == "bot" else by
    rows = []
    for value, group in pairs.groupby(key, sort=True):
        per_seed = group.groupby("seed")[["win_first", "win_second", "total_first", "total_second"]].mean()
        change, low, high = bootstrap(per_seed["win_second"] - per_seed["win_first"], confidence=confidence)
        points, points_low, points_high = bootstrap(
            per_seed["total_second"] - per_seed["total_first"], confidence=confidence
        )
        enough = len(per_seed) >= 2
        rows.append(
            {
                by: value,
                "seeds": len(per_seed),
                "win_first": float(group["win_first"].mean()),
                "win_second": float(group["win_second"].mean()),
                "change": change,
                "low": low,
                "high": high,
                "p": paired_test(per_seed["win_second"], per_seed["win_first"]) if enough else float("nan"),
                "points": points,
                "points_low": points_low,
                "points_high": points_high,
                "points_p": paired_test(per_seed["total_second"], per_seed["total_first"]) if enough else float("nan"),
            }
        )
    frame = pd.DataFrame(rows).set_index(by)
    for column in ("p", "points_p"):
        values = frame[column].to_numpy(dtype=float)
        frame[f"{column}_adjusted"] = adjust(values, correction) if not np.isnan(values).any() else values
    return frame
