"""Game settings: the players, and the readings the engine uses where the rulebook is silent.

Rulebook: Game Setup (player counts 2-4); Possible Actions: Farmer (field spaces numbered 3 and 4).
The Ghost (+1 player) mode and the Gifts of the Gods are not part of the engine.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from ..errors import StateError
from ..rules.glyphs import GLYPH_DEFAULT, GlyphReadings
from ..rules.readings import DEFAULT as WEATHER_DEFAULT
from ..rules.readings import Readings
from ..rules.scoring import SCORING_DEFAULT, ScoringReadings
from ..rules.temples import DEFAULT_READINGS as TEMPLE_DEFAULT
from ..rules.temples import TempleReadings, check_player

#: The rulebook's example players, in seating order (Example 1: John passes left to George and receives from Ringo).
EXAMPLE_NAMES = ("John", "George", "Paul", "Ringo")

#: Reading E1 (illustrative): the number printed on each field's extra space.  Every field has two spaces any game
#: may use; the fields of the North and South rivers have a third space numbered 3, those of the East and West
#: rivers a third space numbered 4.  A space numbered n is only used with at least n players.
FIELD_EXTRA_SPACE = {"N": 3, "E": 4, "S": 3, "W": 4}


@dataclass(frozen=True)
class Settings:
    """Who plays, in seating order (each passes cards to the next one, "to the left"), and the readings.

    ``field_extra_space``: reading E1, ramp letter -> the number on the third space of that river's fields (0: no
    third space).  ``weather``, ``temples``, ``glyphs``, ``scoring``: the readings of the rules modules (registers
    W, T, G, S of ``docs/ambiguities.md``), passed to them by the engine.
    """

    players: tuple[str, ...] = EXAMPLE_NAMES
    field_extra_space: tuple[tuple[str, int], ...] = tuple(sorted(FIELD_EXTRA_SPACE.items()))
    weather: Readings = WEATHER_DEFAULT
    temples: TempleReadings = TEMPLE_DEFAULT
    glyphs: GlyphReadings = GLYPH_DEFAULT
    scoring: ScoringReadings = SCORING_DEFAULT

    def __post_init__(self):
        names = tuple(self.players)
        object.__setattr__(self, "players", names)
        if not 2 <= len(names) <= 4:
            raise StateError(f"Tameri is played by 2 to 4 players (the Ghost mode is not part of the engine), "
                             f"not {len(names)}")
        for n in names:
            check_player(n)
            if n.lower() == "chance":
                raise StateError("'chance' names the chance player in records; choose another name")
        if len({n.lower() for n in names}) != len(names):
            raise StateError(f"player names must differ: {names}")
        try:
            extra = dict(self.field_extra_space)
        except (TypeError, ValueError):
            raise StateError(f"field_extra_space maps ramp letters N, E, S, W to 0-4, not {self.field_extra_space!r}"
                             ) from None
        for ramp, number in extra.items():
            if ramp not in FIELD_EXTRA_SPACE or isinstance(number, bool) or not isinstance(number, int) \
                    or not 0 <= number <= 4:
                raise StateError(f"field_extra_space maps ramp letters N, E, S, W to a whole number 0-4 (reading E1; "
                                 f"0: no third space), not {ramp!r}: {number!r}")
        object.__setattr__(self, "field_extra_space", tuple(sorted(extra.items())))

    @classmethod
    def for_players(cls, n: int, **kw) -> "Settings":
        """The first ``n`` example names (2: John, George; 3: + Paul; 4: + Ringo); ``n`` is 2, 3 or 4."""
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
            raise StateError(f"Tameri is played by 2 to 4 players (the Ghost mode is not part of the engine), "
                             f"not {n!r}")
        return cls(players=EXAMPLE_NAMES[:n], **kw)

    @property
    def n(self) -> int:
        return len(self.players)

    def field_spaces(self, ramp: str) -> int:
        """How many spaces a field of this river offers in this game (reading E1)."""
        extra = dict(self.field_extra_space).get(ramp, 0)
        return 2 + (1 if extra and self.n >= extra else 0)

    def to_dict(self) -> dict:
        """Plain values for a game record; readings appear only where they differ from the defaults."""
        out = {"players": list(self.players), "field_extra_space": {k: v for k, v in self.field_extra_space}}
        for name, default in _READINGS.items():
            changed = {k: v for k, v in asdict(getattr(self, name)).items() if v != getattr(default, k)}
            if changed:
                out[name] = changed
        return out

    @classmethod
    def from_dict(cls, d: dict) -> "Settings":
        if not isinstance(d, dict) or not isinstance(d.get("players"), (list, tuple)):
            raise StateError("settings need a 'players' list of 2 to 4 names")
        unknown = sorted(set(d) - {"players", "field_extra_space", *_READINGS})
        if unknown:
            raise StateError(f"unknown settings {unknown}")
        extra = d.get("field_extra_space", FIELD_EXTRA_SPACE)
        if not isinstance(extra, dict):
            raise StateError(f"settings 'field_extra_space' must be an object like {FIELD_EXTRA_SPACE}, not {extra!r}")
        kw = {}
        for name, default in _READINGS.items():
            given = d.get(name) or {}
            if not isinstance(given, dict):
                raise StateError(f"settings {name!r} must be an object")
            allowed = {f.name for f in fields(default)}
            bad = sorted(set(given) - allowed)
            if bad:
                raise StateError(f"unknown {name} readings {bad}; known: {sorted(allowed)}")
            kw[name] = replace(default, **given)
        return cls(players=tuple(d["players"]), field_extra_space=tuple(extra.items()), **kw)

    def but(self, **changes) -> "Settings":
        return replace(self, **changes)


#: settings key -> the default readings of that rules module
READING_DEFAULTS = {"weather": WEATHER_DEFAULT, "temples": TEMPLE_DEFAULT, "glyphs": GLYPH_DEFAULT,
                    "scoring": SCORING_DEFAULT}
_READINGS = READING_DEFAULTS
