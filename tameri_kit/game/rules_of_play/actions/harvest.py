"""The Harvest action: each Farmer on a Productive field takes what the farthest Silt of its river shows (the player
chooses which fields), then one Silt leaves each river that produced.

Rulebook: Possible Actions: Harvest (Example 11); Productive Fields and Harvests.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ...._fast import direct_init
from ....rules.action_cards import Action
from ....rules.common import RESOURCES
from ....rules.fields import harvest_yield, is_productive, weather_on
from ...core.catalog import FIELD_OF, MAP, Rule
from ..game_effects import PERMANENT_EFFECTS, can_use_effect
from ...core.frames import Frame, HarvestAction, plays
from ...core.state import resource_supply
from ...core.working import AnyState, WorkingGame, gain_resource


# --- the choice of the fields stage -------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class FieldsHarvested:
    """The fields harvested, each with its yield now: ``yields`` ``((field, resources), ...)`` in field order."""

    yields: tuple[tuple[str, int], ...]


HARVEST_NOTHING = FieldsHarvested(())


# --- Harvest ------------------------------------------------------------------------------------------------------
def field_yield(state: AnyState, field: str) -> int:
    """Productive Fields and Harvests; Possible Actions: Harvest: what a Farmer on ``field`` harvests now - the number
    beside the Silt farthest from the Pyramid in the field's river when the field is Productive, else 0 (also 0 when
    the river has no Silt)."""
    field_info = FIELD_OF[field]
    sun, water = weather_on(state.pyramid.ramp(field_info.ramp), state.settings.weather)
    if not is_productive(field_info.crop, sun, water):
        return 0
    return harvest_yield(state.pyramid.river(field_info.ramp), MAP)


def harvestable_fields(state: AnyState, seat: int) -> list[tuple[str, int]]:
    """Possible Actions: Harvest: ``(field, yield)`` for each of the player's Farmers on a field that gives resources
    now (:func:`field_yield`), in the order of their Farmers."""
    out = []
    for f in state.players[seat].farmers:
        y = field_yield(state, f)
        if y:
            out.append((f, y))
    return out


def harvest_fields(game: WorkingGame, seat: int, yields: tuple[tuple[str, int], ...], rule: str) -> None:
    """Possible Actions: Harvest (Example 11): the player gains each harvested field's crop (``yields``: ``(field,
    resources)`` pairs), then 1 Silt leaves each river beside a field that produced - once per river, even when both
    its fields did.  The one owner of a harvest: the Harvest action and Gift GG6 (with an opponent's Farmer) call it."""
    rivers = []
    for f, y in yields:
        field_info = FIELD_OF[f]
        gain_resource(game, seat, field_info.crop, y, f"harvest on {f}", rule)
        if field_info.ramp not in rivers:
            rivers.append(field_info.ramp)
    for r in rivers:
        game.pyramid = game.pyramid.with_river(r, game.pyramid.river(r) - 1)
        game.log_event(f"1 Silt leaves the {r.label} river after the harvest", rule)


def extra_crop_building(state: AnyState, seat: int) -> str | None:
    """Building A1 (Spacious Warehouses): the Building whose extra resource the player may take after a Harvest
    action, from a field with one of their Farmers - ``None`` without such a Building unused this turn, or without a
    Farmer in play."""
    extra = can_use_effect(state, seat, Action.HARVEST, "extra crop")
    return extra if extra and state.players[seat].farmers else None


def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Harvest (Example 11) - ``harvest F1,F2`` for each set of the harvestable fields (harvesting is
    never compulsory), or ``harvest nothing``; at A1's stage, the extra crop of a field where the player has a Farmer.
    """
    seat = frame.player
    player = state.players[seat]
    if frame.stage == "fields":
        hv = harvestable_fields(state, seat)
        out = []
        for k in range(1, len(hv) + 1):
            for combo in combinations(hv, k):
                out.append(("harvest " + ",".join(f for f, _ in combo), FieldsHarvested(combo)))
        return out + [("harvest nothing", HARVEST_NOTHING)]
    crops = sorted({FIELD_OF[f].crop for f in player.farmers}, key=RESOURCES.index)
    building = frame.stage  # the Building giving the extra crop (A1)
    return [(f"{building} take {crop.value}", crop) for crop in crops if resource_supply(state, crop) > 0] + [
        (f"{building} pass", None)
    ]


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Harvest; Productive Fields and Harvests; Building A1 (Example 11)."""
    seat = frame.player
    R = Rule.HARVEST
    if frame.stage == "fields":
        harvest_fields(game, seat, choice.yields, R)
        if not choice.yields:
            game.log_event(f"{game.name_of(seat)} harvests nothing", R)
        extra = extra_crop_building(game, seat)
        if extra:
            game.replace_top(frame.but(stage=extra))
        else:
            game.pop()
        return
    game.pop()
    if choice is not None:
        building = frame.stage
        game.use(seat, building)
        gain_resource(game, seat, choice, 1, f"{building} {PERMANENT_EFFECTS[building].name}", f"Building {building}")


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
def grammar(state: AnyState, frame: Frame) -> list[str]:
    """Harvesting any one field (the fields stage)."""
    return [f"harvest {field}" for field in FIELD_OF] if frame.stage == "fields" else []


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Harvest; Productive Fields and Harvests - no Farmer there, or the field yields nothing."""
    field = move.removeprefix("harvest ")
    if field not in FIELD_OF or frame.stage != "fields":
        return None
    if field not in state.players[frame.player].farmers:
        return f"you have no Farmer on {field}"
    if field not in dict(harvestable_fields(state, frame.player)):
        return f"{field} yields nothing now: it is not Productive, or its river has no Silt"
    return None


plays(HarvestAction, legal=legal, apply=apply, grammar=grammar, why_not=why_not, groups={"harvest": "Harvest"})
