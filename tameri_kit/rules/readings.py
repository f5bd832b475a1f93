"""Readings of the rules where the rulebook is silent or ambiguous.

Each field is one entry of ``docs/ambiguities.md`` (its id is in the comment).  The defaults are the readings
the kit chooses; every alternative offered here is tested.  Pass a :class:`Readings` to the functions that take
one, e.g. ``run_phase(pyramid, landings, readings=Readings(visible=None))``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..errors import ReadingError


@dataclass(frozen=True)
class Readings:
    #: W1 - how many positions at the bottom of a ramp are outside the pyramid and can be seen.  ``None``: every
    #: sphere on a ramp is visible (nothing hides inside the pyramid).
    visible: int | None = 5
    #: W2 - where a Silt sphere goes when the five-in-a-row rule removes it: ``"river"`` (like any Silt leaving a
    #: ramp) or ``"supply"``.
    five_silt_to: Literal["river", "supply"] = "river"
    #: W3 - after Silt leaves the ramp and Sun/Water pairs vanish, look for five in a row again (and repeat
    #: steps 4 to 6 until nothing changes)?
    repeat_five_check: bool = False
    #: W5 - when a player removes a sphere in their turn and spheres slide down, does the ramp settle at once
    #: (Silt that comes into view goes to the river, Sun and Water that now touch are removed)?
    settle_after_removal: bool = True

    def __hash__(self) -> int:
        # the hash dataclass would generate (its fields' tuple), written here so that a compiled build compiles it
        # too: the weather effects are remembered by readings (tameri_kit._fast; guard: tests/test_fast_tricks.py)
        return hash((self.visible, self.five_silt_to, self.repeat_five_check, self.settle_after_removal))

    def __post_init__(self):
        if self.visible is not None and (
            isinstance(self.visible, bool) or not isinstance(self.visible, int) or self.visible < 5
        ):
            raise ReadingError(
                f"Readings.visible must be a whole number of at least 5 (with fewer, five in a row "
                f"could never be seen: see W1 in docs/ambiguities.md) or None, not {self.visible!r}"
            )
        if self.five_silt_to not in ("river", "supply"):
            raise ReadingError(f"Readings.five_silt_to must be 'river' or 'supply', not {self.five_silt_to!r}")
        for name in ("repeat_five_check", "settle_after_removal"):
            if not isinstance(getattr(self, name), bool):
                raise ReadingError(f"Readings.{name} must be True or False, not {getattr(self, name)!r}")

    def but(self, **changes) -> "Readings":
        """A copy with some readings changed: ``DEFAULT.but(visible=4)``."""
        return replace(self, **changes)


DEFAULT = Readings()
