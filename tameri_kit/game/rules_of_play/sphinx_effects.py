"""The Sphinx effects in the engine: what each face of the Avenue gives (one table, by face), the faces that cost
Deben asking first, and the choices some faces ask for (2A a field's resource, 3A a Building's Season points now,
3B an exchange), with their grammar and why a move is not allowed.

Rulebook: Sphinx Effects (faces 1A-6B; 7A-10B are the kit's illustrative faces, ``data/sphinx.toml``); reached
from Possible Actions: Sphinx and Decoration (:mod:`.actions.sphinx`, :mod:`.actions.decoration`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..._fast import direct_init
from ...rules.action_cards import Action
from ...rules.common import RESOURCES
from ...rules.offering import Stock
from ...rules.scoring import SEASON_SCORERS
from ..core.catalog import FIELD_OF
from ..core.choices import Exchange
from .game_effects import SEASON_END_SPENDERS, each_resource, every_exchange, why_not_exchange, why_not_resource
from ..core.frames import (
    AutoStep,
    DrawPriest,
    FieldResource,
    Frame,
    ImmediateEffect,
    RemoveSphere,
    SeasonPoints,
    SwapResources,
    TakeResource,
    UnlockWorker,
    UseSphinxEffect,
    plays,
)
from .season_end_flow import score_d4_now, season_points_now
from ..core.state import resource_supply
from ..core.working import AnyState, WorkingGame, gain_deben, gain_points, gain_resource, pay_deben, pay_resources


class SphinxEffect(NamedTuple):
    """One Sphinx face: Deben gained, Deben to pay to use it (0: nothing to pay; -1: 4B's choice of 1 or 2), and
    what follows, in order (``("points", 1)``, ``("remove", "any")``, ``("action", Action.FARMER)`` ...)."""

    deben_gained: int
    deben_cost: int
    parts: tuple


#: Every Sphinx face - Sphinx Effects and sphinx.toml (faces 7A-10B are illustrative; their words are in the file).
SPHINX_EFFECTS: dict[str, SphinxEffect] = {
    face: SphinxEffect(*row)
    for face, row in {
        "1A": (1, 0, (("points", 1),)),
        "1B": (1, 0, (("remove", "any"), ("remove", "any"))),
        "2A": (1, 0, (("field_resource",),)),
        "2B": (1, 0, (("action", Action.FARMER),)),
        "3A": (1, 0, (("season_points",),)),
        "3B": (1, 0, (("swap",),)),
        "4A": (0, 1, (("action", Action.OFFERING),)),
        "4B": (0, -1, ()),
        "5A": (0, 1, (("action", Action.HARVEST),)),
        "5B": (0, 1, (("silt",), ("points", 1))),
        "6A": (0, 1, (("action", Action.BUILDER),)),
        "6B": (0, 1, (("action", Action.PRIEST),)),
        "7A": (1, 0, (("silt",),)),
        "7B": (0, 1, (("action", Action.MERCHANT),)),
        "8A": (1, 0, (("resource",),)),
        "8B": (0, 1, (("action", Action.FARMER),)),
        "9A": (1, 0, (("remove", "any"),)),
        "9B": (0, 1, (("priest_card",),)),
        "10A": (2, 0, ()),
        "10B": (0, 1, (("unlock",),)),
    }.items()
}


#: Sphinx Effects 4B: its two uses, (Deben paid, points scored)
SPHINX_4B = ((1, 3), (2, 5))


def schedule_sphinx_effect(game: WorkingGame, seat: int, face: str) -> None:
    """Sphinx Effects: the frames of what the face gives after its Deben (:data:`SPHINX_EFFECTS`), in order."""
    R = f"Sphinx Effects {face}"
    frames = []
    for part in SPHINX_EFFECTS[face].parts:
        k = part[0]
        if k == "points":
            frames.append(ImmediateEffect(seat, effect="points", amount=part[1], why=f"Sphinx {face}"))
        elif k == "remove":
            frames.append(RemoveSphere(seat, colour="any", why=f"Sphinx {face}", cited=R))
        elif k == "field_resource":
            frames.append(FieldResource(seat))
        elif k == "action":
            frames.append(AutoStep(step="start_action", arguments=(seat, part[1], f"Sphinx {face}")))
        elif k == "season_points":
            frames.append(SeasonPoints(seat))
        elif k == "swap":
            frames.append(SwapResources(seat))
        elif k == "silt":
            frames.append(ImmediateEffect(seat, effect="silt", why=f"Sphinx {face}"))
        elif k == "resource":
            frames.append(TakeResource(seat, why=f"Sphinx {face}"))
        elif k == "priest_card":
            frames.append(DrawPriest(target="hand", seat=seat))
        elif k == "unlock":
            frames.append(UnlockWorker(seat, why=f"Sphinx {face}"))
    game.schedule(*frames)


def run_free_sphinx_effect(game: WorkingGame, frame: Frame) -> bool:
    """Sphinx faces that gain Deben run at once; the ones that cost Deben ask first."""
    face = frame.face
    gain, cost, _ = SPHINX_EFFECTS[face]
    if cost == 0:
        game.pop()
        if gain:
            gain_deben(game, frame.player, gain, f"Sphinx {face}", f"Sphinx Effects {face}")
        schedule_sphinx_effect(game, frame.player, face)
        return True
    return False


@direct_init
@dataclass(frozen=True)
class DebenFor:
    """``deben`` paid for a Sphinx face: for ``points`` at once (4B), or for the face's effect (``points`` 0)."""

    deben: int
    points: int


def legal_sphinx_effect(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Sphinx Effects 4A-6B (7B-10B illustrative): pay the face's Deben to use it, or pass; 4B: 1 Deben for 3 points
    or 2 for 5 (:data:`SPHINX_4B`), as far as the player's Deben reach."""
    face = frame.face
    d = state.players[frame.player].deben
    if face == "4B":
        out = [(f"pay {deben} deben for {pts} points", DebenFor(deben, pts)) for deben, pts in SPHINX_4B if d >= deben]
        return out + [("pass", None)]
    return ([("pay 1 deben", DebenFor(1, 0))] if d >= 1 else []) + [("pass", None)]


def apply_sphinx_effect(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Sphinx Effects: the faces that cost Deben (4A-6B; 7B-10B illustrative)."""
    game.pop()
    seat = frame.player
    face = frame.face
    if choice is None:
        game.log_event(f"{game.name_of(seat)} does not use Sphinx {face}", f"Sphinx Effects {face}")
        return
    d, pts = choice.deben, choice.points
    pay_deben(game, seat, d)
    game.log_event(f"{game.name_of(seat)} pays {d} Deben for Sphinx {face}", f"Sphinx Effects {face}")
    if pts:
        gain_points(game, seat, pts, f"Sphinx {face}", f"Sphinx Effects {face}")
    else:
        schedule_sphinx_effect(game, seat, face)


def legal_field_resource(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Sphinx Effects 2A (and A1 by Gift GG2): the crop of each field with one of the player's Farmers that the
    supply still has, or nothing."""
    player = state.players[frame.player]
    crops = sorted({FIELD_OF[f].crop for f in player.farmers}, key=RESOURCES.index)
    return [(f"take {c.value}", c) for c in crops if resource_supply(state, c) > 0] + [("take nothing", None)]


def apply_field_resource(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Sphinx Effects 2A: the resource of a field holding one of your Farmers."""
    game.pop()
    if choice is not None:
        gain_resource(game, frame.player, choice, 1, "Sphinx 2A: a field with a Farmer", "Sphinx Effects 2A")


def legal_swap_resource(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Sphinx Effects 3B (and A5 by Gift GG2): every exchange of a resource the player has for another type the
    supply has, or nothing."""
    player = state.players[frame.player]
    out = []
    for a in RESOURCES:
        if player.reserve[a] > 0:
            for b in RESOURCES:
                if b != a and resource_supply(state, b) > 0:
                    out.append((f"swap {a.value} for {b.value}", Exchange(a, b)))
    return out + [("swap nothing", None)]


def apply_swap_resource(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Sphinx Effects 3B: exchange a resource for another from the supply."""
    game.pop()
    if choice is None:
        return
    a, b = choice.given, choice.taken
    pay_resources(game, frame.player, Stock.of([a]))
    game.log_event(f"{game.name_of(frame.player)} gives 1 {a.label}", "Sphinx Effects 3B")
    gain_resource(game, frame.player, b, 1, "Sphinx 3B exchange", "Sphinx Effects 3B")


@direct_init
@dataclass(frozen=True)
class BuildingScored:
    """Sphinx Effects 3A: the Building whose End of Season points score now (``spent``: D4's resource)."""

    building: str
    spent: Any = None


def legal_season_points(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Sphinx Effects 3A: each of the player's Buildings with End of Season points (D4 once per resource the player
    could spend on it), or nothing."""
    seat = frame.player
    player = state.players[seat]
    out = []
    for building in player.buildings:
        if building not in SEASON_SCORERS:
            continue
        if building in SEASON_END_SPENDERS:
            out += [
                (f"score {building} spending {resource.value}", BuildingScored(building, resource))
                for resource in RESOURCES
                if player.reserve[resource] > 0
            ]
        else:
            out.append((f"score {building}", BuildingScored(building)))
    return out + [("score nothing", None)]


def apply_season_points(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Sphinx Effects 3A: the End of Season points of one of your Buildings, at once."""
    game.pop()
    seat = frame.player
    if choice is None:
        return
    building, spent = choice.building, choice.spent
    if building in SEASON_END_SPENDERS:
        why = f"Sphinx 3A: {building}'s End of Season points, spending 1 {spent.label}"
        score_d4_now(game, seat, spent, why, "Sphinx Effects 3A")
        return
    pts, why = season_points_now(game, seat, building)
    gain_points(game, seat, pts, f"Sphinx 3A: {why}", "Sphinx Effects 3A")


# ----------------------------------------------------------------------------------------------------------------
# The grammar of the Sphinx faces' decisions and why a move is not allowed (public information only)
# ----------------------------------------------------------------------------------------------------------------
def sphinx_effect_grammar(state: AnyState, frame: Frame) -> list[str]:
    """Sphinx Effects 4A-6B: the moves of a face that costs Deben, affordable or not (4B: both of its uses)."""
    if frame.face == "4B":
        return [f"pay {deben} deben for {pts} points" for deben, pts in SPHINX_4B] + ["pass"]
    return ["pay 1 deben", "pass"]


def why_not_sphinx_effect(state: AnyState, frame: Frame, move: str) -> str | None:
    """Sphinx Effects 4A-6B: the face's Deben are paid from what you have."""
    have = state.players[frame.player].deben
    cost = 2 if move.startswith("pay 2 ") else 1
    if move.startswith("pay ") and have < cost:
        return f"this costs {cost} Deben and you have {have} (Sphinx Effects {frame.face})"
    return None


def why_not_field_resource(state: AnyState, frame: Frame, move: str) -> str | None:
    """Sphinx Effects 2A (and Building A1 by Gift GG2): the resource of a field where you have a Farmer (productive
    or not), from the supply."""
    word = move.removeprefix("take ")
    crops = {FIELD_OF[field].crop.value for field in state.players[frame.player].farmers}
    if word in {resource.value for resource in RESOURCES} and word not in crops:
        return f"none of your Farmers stands on a {word} field"
    return why_not_resource(state, frame.player, word, supply=True)


def why_not_swap(state: AnyState, frame: Frame, move: str) -> str | None:
    """Sphinx Effects 3B: a resource you have, for another type the supply has."""
    return why_not_exchange(state, frame.player, move, "swap ")


def season_points_grammar(state: AnyState, frame: Frame) -> list[str]:
    """Scoring any Building you own (D4 spending any resource)."""
    out = []
    for building in state.players[frame.player].buildings:
        if building in SEASON_END_SPENDERS:
            out += [f"score {building} spending {resource.value}" for resource in RESOURCES]
        else:
            out.append(f"score {building}")
    return out + ["score nothing"]


def why_not_season_points(state: AnyState, frame: Frame, move: str) -> str | None:
    """Sphinx Effects 3A: a Building of yours with End of Season points (D4: spending a resource you have)."""
    building, _, spent = move.removeprefix("score ").partition(" spending ")
    if building in state.players[frame.player].buildings and building not in SEASON_SCORERS:
        return f"{building} scores no points at the End of the Season (Building Card List)"
    return why_not_resource(state, frame.player, spent, held=True) if spent else None


plays(
    UseSphinxEffect,
    legal=legal_sphinx_effect,
    apply=apply_sphinx_effect,
    before_asking=run_free_sphinx_effect,
    grammar=sphinx_effect_grammar,
    why_not=why_not_sphinx_effect,
    groups={"pay": "Pay"},
)
plays(
    FieldResource,
    legal=legal_field_resource,
    apply=apply_field_resource,
    grammar=each_resource("take ", "take nothing"),
    why_not=why_not_field_resource,
    groups={"take": "Take"},
)
plays(
    SwapResources,
    legal=legal_swap_resource,
    apply=apply_swap_resource,
    grammar=every_exchange("swap ", "swap nothing"),
    why_not=why_not_swap,
    groups={"swap": "Swap"},
)
plays(
    SeasonPoints,
    legal=legal_season_points,
    apply=apply_season_points,
    grammar=season_points_grammar,
    why_not=why_not_season_points,
    groups={"score": "Score"},
)
