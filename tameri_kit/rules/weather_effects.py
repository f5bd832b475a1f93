"""Weather effects a player may use on their turn.

Rulebook: Weather Effects on the Cards (remove a Sun, a Water, a sphere of choice; obtain a Silt); Extra Weather
Effects (1 Deben: remove a Sun or Water; 2 Deben: a Silt to your board or to any river; free: a Silt from your
board to any river); Immediate Effects (no Silt left in the supply: the effect cannot be used).

Each function takes the pyramid (and, where a price is paid, the player's Deben) and returns the new values and
the events; an impossible use raises :class:`~tameri_kit.errors.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._fast import remembered
from ..errors import IllegalActionError
from .common import SPHERE_OF, Ramp, Sphere
from .fields import visible_spheres
from .pyramid import RIVER_SPACES, Pyramid
from .readings import DEFAULT, Readings
from .weather import NOTE, STEP6, WeatherEvent, apply_ramp_step, ramp_step5, ramp_step6

CARD = "Weather Effects on the Cards"
EXTRA = "Extra Weather Effects"
IMMEDIATE = "Immediate Effects"

#: Deben prices of the extra weather effects (rulebook: Extra Weather Effects).
EXTRA_PRICES = {"remove": 1, "buy_silt": 2, "place_silt": 0}


@dataclass(frozen=True)
class EffectResult:
    pyramid: Pyramid
    deben: int | None  # the player's Deben afterwards (None where no price is involved)
    events: tuple[WeatherEvent, ...]


def _settle(pyramid: Pyramid, ramp: Ramp, readings: Readings, events: list) -> Pyramid:
    """Reading W5: spheres that slide into view after a removal are handled as in steps 5 and 6 at once."""
    if not readings.settle_after_removal:
        return pyramid
    sub: list[WeatherEvent] = []
    for fn in (ramp_step5, ramp_step6):
        pyramid = apply_ramp_step(pyramid, fn, readings, sub)
    events += [e for e in sub if e.ramp is ramp]
    return pyramid


@remembered  # a bot's look-ahead asks about the same pyramids again and again (see tameri_kit._fast)
def remove_sphere(
    pyramid: Pyramid, ramp: Ramp, colour: Sphere | None = None, *, rule: str = CARD, readings: Readings = DEFAULT
) -> tuple[Pyramid, tuple[WeatherEvent, ...]]:
    """Remove one visible Sun or Water from a ramp (``colour=None``: either, the lowest one seen).

    Weather Effects on the Cards; the removed sphere returns to the supply.
    """
    ramp = ramp if ramp.__class__ is Ramp else Ramp(ramp)
    if colour is Sphere.SILT:
        raise IllegalActionError("only Sun and Water spheres can be removed from a ramp", rule=rule)
    seen = visible_spheres(pyramid.ramp(ramp), readings)
    wanted = (colour.value,) if colour else ("S", "W")
    idx = next((i for i, ch in enumerate(seen) if ch in wanted), -1)
    if idx < 0:
        what = colour.label if colour else "Sun or Water"
        raise IllegalActionError(f"there is no {what} sphere to remove on ramp {ramp.label}", rule=rule)
    seq = pyramid.ramp(ramp)
    removed = SPHERE_OF[seq[idx]]
    after = pyramid.with_ramp(ramp, seq[:idx] + seq[idx + 1 :])
    events = [WeatherEvent(rule, "remove", ramp, f"{removed.label} removed from ramp {ramp.label}", after)]
    after = _settle(after, ramp, readings, events)
    return after, tuple(events)


def gain_silt(pyramid: Pyramid, *, rule: str = CARD) -> tuple[Pyramid, tuple[WeatherEvent, ...]]:
    """Obtain a Silt sphere from the supply onto your player board (Weather Effects on the Cards)."""
    if pyramid.supply(Sphere.SILT) <= 0:
        raise IllegalActionError("no Silt sphere is left in the supply", rule=IMMEDIATE)
    after = pyramid.with_held(pyramid.held_silt + 1)
    return after, (
        WeatherEvent(rule, "gain_silt", None, "A Silt sphere goes from the supply to a player board", after),
    )


def _into_river(pyramid: Pyramid, ramp: Ramp, rule: str) -> Pyramid:
    if pyramid.river(ramp) >= RIVER_SPACES:
        raise IllegalActionError(f"the {ramp.label} river is full ({RIVER_SPACES} Silt)", rule=rule)
    return pyramid.with_river(ramp, pyramid.river(ramp) + 1)


@remembered
def place_silt(pyramid: Pyramid, ramp: Ramp, *, rule: str = EXTRA) -> tuple[Pyramid, tuple[WeatherEvent, ...]]:
    """Extra Weather Effects (free): move a Silt from your board into any river, on its next free space."""
    ramp = ramp if ramp.__class__ is Ramp else Ramp(ramp)
    if pyramid.held_silt <= 0:
        raise IllegalActionError("there is no Silt on the player board to place", rule=rule)
    # take it off the board first: with all 24 Silt in play, the intermediate state must not count 25
    after = _into_river(pyramid.with_held(pyramid.held_silt - 1), ramp, rule)
    return after, (
        WeatherEvent(
            rule,
            "place_silt",
            ramp,
            f"A Silt from a player board goes to the {ramp.label} river, space {after.river(ramp)}",
            after,
        ),
    )


def _pay(deben: int, price: int) -> int:
    if deben < price:
        raise IllegalActionError(f"this costs {price} Deben, but the player has {deben}", rule=EXTRA)
    return deben - price


def pay_to_remove(
    pyramid: Pyramid, deben: int, ramp: Ramp, colour: Sphere | None = None, readings: Readings = DEFAULT
) -> EffectResult:
    """Extra Weather Effects: 1 Deben removes a Sun or Water sphere from any ramp."""
    left = _pay(deben, EXTRA_PRICES["remove"])
    after, events = remove_sphere(pyramid, ramp, colour, rule=EXTRA, readings=readings)
    return EffectResult(after, left, events)


def buy_silt(pyramid: Pyramid, deben: int, to_river: Ramp | None = None) -> EffectResult:
    """Extra Weather Effects: 2 Deben buy a Silt sphere for your board, or straight into a river of your choice."""
    left = _pay(deben, EXTRA_PRICES["buy_silt"])
    if pyramid.supply(Sphere.SILT) <= 0:
        raise IllegalActionError("no Silt sphere is left in the supply", rule=IMMEDIATE)
    if to_river is None:
        after, events = gain_silt(pyramid, rule=EXTRA)
        return EffectResult(after, left, events)
    ramp = to_river if to_river.__class__ is Ramp else Ramp(to_river)
    after = _into_river(pyramid, ramp, EXTRA)
    return EffectResult(
        after,
        left,
        (
            WeatherEvent(
                EXTRA,
                "buy_silt",
                ramp,
                f"A Silt from the supply goes to the {ramp.label} river, space {after.river(ramp)}",
                after,
            ),
        ),
    )


__all__ = [
    "EXTRA_PRICES",
    "EffectResult",
    "remove_sphere",
    "gain_silt",
    "place_silt",
    "pay_to_remove",
    "buy_silt",
    "STEP6",
    "NOTE",
]
