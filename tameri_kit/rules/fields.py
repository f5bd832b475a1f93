"""Which fields are Productive, and how much a harvest yields.

Rulebook: Productive Fields and Harvests; Harvest (yield from the farthest Silt sphere).
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import BoardMap, Field
from .sources import default
from ..errors import StateError
from .common import RAMPS, Resource, count_value
from .pyramid import Pyramid, parse_ramp
from .readings import DEFAULT, Readings

RULE = "Productive Fields and Harvests"

#: What each crop tolerates, in words, for explanations.
TOLERANCE = {
    Resource.BARLEY: "up to 2 spheres of any colour",
    Resource.FLAX: "at most 1 sphere of any colour",
    Resource.FRUIT: "up to 3 Sun and no Water",
    Resource.PAPYRUS: "up to 3 Water and no Sun",
}


def visible_spheres(seq: str, readings: Readings = DEFAULT) -> str:
    """The part of a ramp that can be seen (reading W1): its lowest ``readings.visible`` positions."""
    return seq if readings.visible is None else seq[: readings.visible]


def weather_on(seq: str, readings: Readings = DEFAULT) -> tuple[int, int]:
    """(Sun, Water) that can be seen on a ramp.  Silt is not weather: only Sun and Water affect the fields."""
    v = visible_spheres(seq, readings)
    return v.count("S"), v.count("W")


def is_productive(
    crop: Resource | str, sun: int | str, water: int | None = None, *, readings: Readings = DEFAULT
) -> bool:
    """Productive Fields and Harvests - whether a crop grows with this much Sun and Water on its ramp.

    Give the visible Sun and Water counts (``is_productive(crop, 3, 0)``), or the ramp itself in the pyramid
    notation, bottom first (``is_productive(crop, "SSSL")``: its visible spheres are counted, see
    :func:`weather_on` and ``readings``).  No spheres: always productive.  Barley takes 1-2 of any colour, Flax 1,
    Fruit 1-3 Sun and no Water, Papyrus 1-3 Water and no Sun.  Counts above 4 (reading W4) are treated like 4:
    nothing grows.

    >>> is_productive(Resource.FRUIT, 3, 0), is_productive(Resource.FRUIT, 1, 1)
    (True, False)
    >>> is_productive("fruit", "SSL"), is_productive("papyrus", "SW")
    (True, False)
    """
    if isinstance(sun, str):
        if water is not None:
            raise StateError("give a ramp (text) or the Sun and Water counts, not both")
        sun, water = weather_on(parse_ramp(sun), readings)
    elif water is None:
        raise StateError("is_productive needs the Water count too (or a ramp as text)")
    sun = count_value(sun, "the Sun count")
    water = count_value(water, "the Water count")
    crop = Resource.parse(crop)
    total = sun + water
    if crop is Resource.BARLEY:
        return total <= 2
    if crop is Resource.FLAX:
        return total <= 1
    if crop is Resource.FRUIT:
        return water == 0 and sun <= 3
    return sun == 0 and water <= 3


def harvest_yield(silt: int, board: BoardMap | None = None) -> int:
    """Harvest - a productive field yields the number beside the river's farthest Silt sphere (0 with no Silt).

    >>> [harvest_yield(n) for n in range(5)]
    [0, 1, 1, 2, 3]
    """
    numbers = (board or default("map")).silt_numbers
    if not 0 <= silt <= len(numbers):
        raise ValueError(f"a river holds 0 to {len(numbers)} Silt, not {silt}")
    return numbers[silt - 1] if silt else 0


@dataclass(frozen=True)
class FieldStatus:
    field: Field
    sun: int
    water: int
    productive: bool
    silt: int
    yield_: int  # what one Farmer there would harvest now (0 when not productive)

    @property
    def reason(self) -> str:
        """Why the field is Productive or not, in words: the Sun and Water spheres on its ramp against its crop's limit
        and, when Productive, the Silt in its river and the yield (Productive Fields and Harvests)."""
        crop = self.field.crop.label
        seen = (
            "no spheres"
            if self.sun + self.water == 0
            else " and ".join(
                x for x in (f"{self.sun} Sun" if self.sun else "", f"{self.water} Water" if self.water else "") if x
            )
        )
        verdict = "productive" if self.productive else "not productive"
        why = f"{crop} on {self.field.ramp.label}: {seen} on the ramp; {crop} takes {TOLERANCE[self.field.crop]}, so {verdict}"
        if self.productive:
            why += f"; {self.silt} Silt in the river, so a Farmer harvests {self.yield_}"
        return why


def field_status(
    pyramid: Pyramid, board: BoardMap | None = None, readings: Readings = DEFAULT
) -> tuple[FieldStatus, ...]:
    """Every field's state right now: productive or not, and what a Farmer there would harvest."""
    board = board or default("map")
    out = []
    for ramp in RAMPS:
        sun, water = weather_on(pyramid.ramp(ramp), readings)
        silt = pyramid.river(ramp)
        for f in board.river(ramp).fields:
            ok = is_productive(f.crop, sun, water)
            out.append(FieldStatus(f, sun, water, ok, silt, harvest_yield(silt, board) if ok else 0))
    return tuple(out)
