"""Game settings: the players, and the readings the engine uses where the rulebook is silent.

Rulebook: Game Setup (player counts 2-4); Possible Actions: Farmer (field spaces numbered 3 and 4).
The Ghost (+1 player) mode and the Gifts of the Gods are not part of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import StateError
from ..rules.temples import check_player

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
    third space).
    """

    players: tuple[str, ...] = EXAMPLE_NAMES
    field_extra_space: tuple[tuple[str, int], ...] = tuple(sorted(FIELD_EXTRA_SPACE.items()))

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
        object.__setattr__(self, "field_extra_space", tuple(sorted(dict(self.field_extra_space).items())))

    @classmethod
    def for_players(cls, n: int, **kw) -> "Settings":
        """The first ``n`` example names (2: John, George; 3: + Paul; 4: + Ringo)."""
        return cls(players=EXAMPLE_NAMES[:n], **kw)

    @property
    def n(self) -> int:
        return len(self.players)

    def field_spaces(self, ramp: str) -> int:
        """How many spaces a field of this river offers in this game (reading E1)."""
        extra = dict(self.field_extra_space).get(ramp, 0)
        return 2 + (1 if extra and self.n >= extra else 0)

    def to_dict(self) -> dict:
        return {"players": list(self.players), "field_extra_space": {k: v for k, v in self.field_extra_space}}

    @classmethod
    def from_dict(cls, d: dict) -> "Settings":
        if not isinstance(d, dict) or "players" not in d:
            raise StateError("settings need a 'players' list")
        extra = d.get("field_extra_space", FIELD_EXTRA_SPACE)
        return cls(players=tuple(d["players"]), field_extra_space=tuple(sorted(dict(extra).items())))

    def but(self, **changes) -> "Settings":
        return replace(self, **changes)
