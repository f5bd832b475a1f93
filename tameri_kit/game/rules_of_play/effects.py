"""Game Effects in the engine: the immediate effects (a resource, a removed sphere, an unlocked Worker, points ...),
the permanent effects of the Buildings (one table, by Building, with when each applies), the Sphinx effects (one
table, by face) and the frames that ask a player how to use them.

Rulebook: Game Effects: Immediate Effects and Permanent Effects; Building Card List; Sphinx Effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..._fast import direct_init
from ...data.temples import Effect
from ...rules.actions import Action
from ...rules.common import RAMPS, RESOURCES, Sphere
from ...rules.effects import remove_sphere
from ...rules.fields import visible_spheres
from ...rules.offering import Stock
from ...rules.scoring import SEASON_SCORERS, building_season_points
from ...rules.temples import BUILDING_ADVANCES, effect_grant
from ..core.catalog import BOARDS, BUILDINGS, FIELD_OF, Rule
from ..core.choices import GAIN_SILT, SPHERE_ON_RAMP, Exchange
from ..core.frames import (
    AutoStep,
    DrawCard,
    DrawPriest,
    FarmerAction,
    FarmersMarket,
    FieldResource,
    Frame,
    ImmediateEffect,
    PriestAdvance,
    RemoveSphere,
    SeasonPoints,
    SwapResources,
    TakeResource,
    UnlockWorker,
    UseSphinxEffect,
    plays,
)
from ..core.state import PlayerState, resource_supply, scoring_situation
from ..core.working import (
    AnyState,
    WorkingGame,
    gain_deben,
    gain_points,
    gain_resource,
    gain_silt_sphere,
    pay_deben,
    pay_resources,
)


# ----------------------------------------------------------------------------------------------------------------
# Immediate effects (Game Effects: Immediate Effects; Temple spaces; Priest cards)
# ----------------------------------------------------------------------------------------------------------------
def queue_immediate_effects(game: WorkingGame, gains: list[tuple[int, Effect]], why: str) -> None:
    game.schedule(
        *[ImmediateEffect(seat, effect=e.kind, amount=e.amount, temple=e.temple, why=why) for seat, e in gains]
    )


def resolve_immediate_effect(game: WorkingGame, frame: Frame) -> None:
    kind, amount, temple, why = frame.effect, frame.amount, frame.temple, frame.why
    seat = frame.player
    if kind == "points":
        gain_points(game, seat, amount, why, Rule.IMMEDIATE_EFFECTS)
    elif kind == "deben":
        gain_deben(game, seat, amount, why, Rule.IMMEDIATE_EFFECTS)
    elif kind == "silt":
        for _ in range(amount):
            gain_silt_sphere(game, seat, why)
    elif kind == "resource":
        game.schedule(*[TakeResource(seat, why=why) for _ in range(amount)])
    elif kind == "unlock":
        game.schedule(*[UnlockWorker(seat, why=why) for _ in range(amount)])
    elif kind == "priest_card":
        game.schedule(*[DrawPriest(target="hand", seat=seat) for _ in range(amount)])
    elif kind == "temple_card":
        game.schedule(*[DrawCard(deck="E", target="hand", seat=seat) for _ in range(amount)])
    elif kind == "farmer":
        game.schedule(*[FarmerAction(seat, why=why) for _ in range(amount)])
    elif kind in ("remove_sun", "remove_water", "remove_sphere"):
        colour = {"remove_sun": "S", "remove_water": "W", "remove_sphere": "any"}[kind]
        game.schedule(
            *[RemoveSphere(seat, colour=colour, why=why, cited=Rule.IMMEDIATE_EFFECTS) for _ in range(amount)]
        )
    elif kind == "advance":
        game.schedule(PriestAdvance(seat, grant=effect_grant(Effect(kind, amount, temple))))
    else:
        raise AssertionError(kind)


# --- Phase 4: the card's weather, the play option, the main step ----------------------------------------------
def sphere_removal_moves(state: AnyState, colour: str, prefix: str) -> list[tuple[str, Any]]:
    out = []
    for r in RAMPS:
        seen = visible_spheres(state.pyramid.ramp(r), state.settings.weather)
        for c in ("S", "W"):
            if (colour == "any" or colour == c) and c in seen:
                move = f"{prefix}{c} {r._value_}" if colour == "any" else f"{prefix}{r._value_}"
                out.append((move, SPHERE_ON_RAMP[c, r]))
    return out


def legal_take_resource(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    out = [(f"take {r.value}", r) for r in RESOURCES if resource_supply(state, r) > 0]
    return out or [("take nothing", None)]


def apply_take_resource(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Immediate Effects: gain 1 resource of your choice (also Collect II for the other Merchants)."""
    game.pop()
    if choice is not None:
        gain_resource(game, frame.player, choice, 1, frame.why, Rule.IMMEDIATE_EFFECTS)


def building_instant_frames(game: WorkingGame, seat: int, building_id: str) -> list[Frame]:
    """Building Card List: the instant effect of a Building just bought."""
    R = f"Building {building_id}"
    if building_id[1] == "6":
        return [ImmediateEffect(seat, effect="points", amount=2, why=f"{building_id} Garden")]
    if building_id[0] == "E" and building_id != "E6":
        return [UnlockWorker(seat, why=f"{building_id} {BUILDINGS[building_id].name}")]
    if building_id == "F1":
        return [
            RemoveSphere(seat, colour="S", why="F1", cited=R),
            RemoveSphere(seat, colour="S", why="F1", cited=R),
            ImmediateEffect(seat, effect="silt", why="F1 Irrigation Pools"),
        ]
    if building_id == "F2":
        return [
            RemoveSphere(seat, colour="W", why="F2", cited=R),
            RemoveSphere(seat, colour="W", why="F2", cited=R),
            ImmediateEffect(seat, effect="silt", why="F2 Obelisk of the Sun"),
        ]
    if building_id == "F3":
        return [
            RemoveSphere(seat, colour="S", why="F3", cited=R),
            RemoveSphere(seat, colour="W", why="F3", cited=R),
            ImmediateEffect(seat, effect="silt", why="F3 Lighthouse"),
        ]
    if building_id == "F4":
        return [FarmersMarket(seat), FarmersMarket(seat)]
    if building_id == "F5":
        return [ImmediateEffect(seat, effect="deben", amount=2, why="F5 Treasury")]
    if building_id in BUILDING_ADVANCES:
        tag = "G5" if building_id == "G5" else ""
        return [PriestAdvance(seat, grant=g, tag=tag) for g in BUILDING_ADVANCES[building_id]]
    return []


def legal_remove_sphere(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    return sphere_removal_moves(state, frame.colour, "remove ") + [("remove pass", None)]


def apply_remove_sphere(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Immediate Effects / Weather Effects on the Cards: remove one sphere of the given colour (optional)."""
    game.pop()
    if choice is None:
        return
    c, r = choice.colour, choice.ramp
    rule = frame.cited
    game.pyramid, events = remove_sphere(game.pyramid, r, Sphere(c), rule=rule, readings=game.settings.weather)
    game.log_event(f"{game.name_of(frame.player)} ({frame.why}): " + "; ".join(e.text for e in events), rule)


def legal_farmers_market(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    out = sphere_removal_moves(state, "any", "remove ")
    if state.pyramid.supply(Sphere.SILT) > 0:
        out.append(("gain silt", GAIN_SILT))
    return out + [("pass", None)]


def apply_farmers_market(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Building F4 (Farmer's Market): remove a Sun or Water sphere, or gain a Silt sphere."""
    game.pop()
    seat = frame.player
    if choice is None:
        return
    if choice is GAIN_SILT:
        gain_silt_sphere(game, seat, "F4 Farmer's Market", "Building F4")
        return
    c, r = choice.colour, choice.ramp
    game.pyramid, events = remove_sphere(game.pyramid, r, Sphere(c), rule="Building F4", readings=game.settings.weather)
    game.log_event(f"{game.name_of(seat)} (F4): " + "; ".join(e.text for e in events), "Building F4")


@direct_init
@dataclass(frozen=True)
class UnlockReward:
    """The Worker unlocked by its ``reward`` (its words, e.g. "2 points"); ``locked`` False: no Worker is locked, the
    reward is chosen among the board's."""

    reward: str
    locked: bool


# --- Unlock -------------------------------------------------------------------------------------------------------
def legal_unlock(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    player = state.players[frame.player]
    if player.locked:
        seen = []
        for u in player.locked:
            if str(u) not in seen:
                seen.append(str(u))
        return [(f"unlock {x}", UnlockReward(x, locked=True)) for x in seen]
    board = BOARDS[player.board]
    return [(f"reward {u}", UnlockReward(str(u), locked=False)) for u in board.unlock]


def apply_unlock(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Game Setup 3b and Example 27: unlock a Worker and gain its reward, or pick a reward when none is locked."""
    game.pop()
    seat = frame.player
    text = choice.reward
    player = game.player_at(seat)
    R = "Game Setup 3b; Example 27"
    if choice.locked:
        k = [str(u) for u in player.locked].index(text)
        u = player.locked[k]
        game.set_player(seat, locked=player.locked[:k] + player.locked[k + 1 :], workers=player.workers + 1)
        game.log_event(f"{player.name} unlocks a Worker (its reward: {u}) ({frame.why})", R)
    else:
        u = next(x for x in BOARDS[player.board].unlock if str(x) == text)
        game.log_event(f"{player.name} has no locked Worker left and chooses the reward {u} ({frame.why})", R)
    if u.kind == "resource":
        game.schedule(*[TakeResource(seat, why="unlock reward") for _ in range(u.amount)])
    else:
        queue_immediate_effects(game, [(seat, Effect(u.kind, u.amount))], "unlock reward")


# ----------------------------------------------------------------------------------------------------------------
# Buildings' permanent effects (Building Card List; Game Effects: Permanent Effects): one table, keyed by id
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PermanentEffect:
    """One Building's permanent effect: ``when`` it applies (an action, ``"payment"``, ``"card play"`` or
    ``"season end"``), ``kind`` (what it does there, read by that moment's handler), ``points`` scored when it
    applies (A3, B1, B4) and whether it may be used once per turn (the engine's reading E8)."""

    building: str
    name: str
    when: str
    kind: str
    points: int = 0
    once_per_turn: bool = True


PERMANENT_EFFECTS: dict[str, PermanentEffect] = {
    effect.building: effect
    for effect in (
        PermanentEffect("A1", "Spacious Warehouses", Action.HARVEST, "extra crop"),
        PermanentEffect("A2", "Irrigation Channels", Action.FARMER, "remove sphere"),
        PermanentEffect("A3", "Caravan Station", Action.MERCHANT, "points", points=2),
        PermanentEffect("A4", "Gypsum Quarry", Action.BUILDER, "discount"),
        PermanentEffect("A5", "Inn", Action.FARMER, "swap"),
        PermanentEffect("B1", "Stele with Hieroglyphics", Action.DECORATION, "points", points=2),
        PermanentEffect("B2", "Great Altar", Action.PRIEST, "free step"),
        PermanentEffect("B3", "Offering Tray", Action.OFFERING, "extra resource"),
        PermanentEffect("B4", "Great Sphinx", Action.SPHINX, "points", points=2),
        PermanentEffect("B5", "Paved Avenue", Action.SPHINX, "free fruit"),
        PermanentEffect("C1", "Bazaar with Barley and Fruit", "payment", "pair substitute"),
        PermanentEffect("C2", "Bazaar with Barley and Papyrus", "payment", "pair substitute"),
        PermanentEffect("C3", "Bazaar with Papyrus and Fruit", "payment", "pair substitute"),
        PermanentEffect("C4", "Bazaar with Textiles", "payment", "flax substitute"),
        PermanentEffect("C5", "Black Market", "payment", "two for one"),
        PermanentEffect("D1", "East Observatory (Sunrise)", "card play", "observatory"),
        PermanentEffect("D2", "Southern Observatory (Daytime)", "card play", "observatory"),
        PermanentEffect("D3", "West Observatory (Sunset)", "card play", "observatory"),
        PermanentEffect("D4", "North Observatory (Nighttime)", "card play", "observatory"),
        PermanentEffect("D5", "Great Library", "card play", "library"),
    )
}
#: The End of Season effect of D4 (spend a resource for its points; End of the Season, step 3; register S3).
SEASON_END_SPENDERS = ("D4",)
_EFFECTS_WHEN: dict[str, tuple[str, ...]] = {}
for _effect in PERMANENT_EFFECTS.values():
    _EFFECTS_WHEN[_effect.when] = _EFFECTS_WHEN.get(_effect.when, ()) + (_effect.building,)


def usable_effects(state: AnyState, seat: int, when: str, kind: str | None = None) -> tuple[str, ...]:
    """The Buildings of ``seat`` whose permanent effect applies ``when`` (and is of ``kind``) and has not been used
    this turn, in id order."""
    player = state.players[seat]
    return tuple(
        building
        for building in _EFFECTS_WHEN.get(when, ())
        if building in player.buildings
        and f"{seat}:{building}" not in state.used
        and (kind is None or PERMANENT_EFFECTS[building].kind == kind)
    )


def can_use_effect(state: AnyState, seat: int, when: str, kind: str) -> str | None:
    """The Building giving ``seat`` an unused effect of ``kind`` ``when`` (None if there is none)."""
    found = usable_effects(state, seat, when, kind)
    return found[0] if found else None


def owned_effects(player: PlayerState, when: str) -> list[str]:
    """The Buildings of ``player`` with a permanent effect ``when`` (in the order bought), used or not."""
    return [
        building
        for building in player.buildings
        if building in PERMANENT_EFFECTS and PERMANENT_EFFECTS[building].when == when
    ]


def used_effects(state: AnyState, seat: int) -> list[str]:
    """The permanent effects ``seat`` has used this turn (Building ids)."""
    prefix = f"{seat}:"
    return [used.split(":")[1] for used in state.used if used.startswith(prefix)]


def score_action_points(game: WorkingGame, seat: int, action: Action) -> None:
    """A3, B1, B4: the points a Building scores when its owner takes ``action`` (once per turn)."""
    for building in usable_effects(game, seat, action, "points"):
        effect = PERMANENT_EFFECTS[building]
        game.use(seat, building)
        gain_points(
            game, seat, effect.points, f"{building} {effect.name}: {action.label} action", f"Building {building}"
        )


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


def schedule_sphinx_effect(game: WorkingGame, seat: int, face: str) -> None:
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
    face = frame.face
    d = state.players[frame.player].deben
    if face == "4B":
        out = []
        if d >= 1:
            out.append(("pay 1 deben for 3 points", DebenFor(1, 3)))
        if d >= 2:
            out.append(("pay 2 deben for 5 points", DebenFor(2, 5)))
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
    player = state.players[frame.player]
    crops = sorted({FIELD_OF[f].crop for f in player.farmers}, key=RESOURCES.index)
    return [(f"take {c.value}", c) for c in crops if resource_supply(state, c) > 0] + [("take nothing", None)]


def apply_field_resource(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Sphinx Effects 2A: the resource of a field holding one of your Farmers."""
    game.pop()
    if choice is not None:
        gain_resource(game, frame.player, choice, 1, "Sphinx 2A: a field with a Farmer", "Sphinx Effects 2A")


def legal_swap_resource(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
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
        pay_resources(game, seat, Stock.of([spent]))
        gain_points(
            game,
            seat,
            2,
            f"Sphinx 3A: {building}'s End of Season points, spending 1 {spent.label}",
            "Sphinx Effects 3A",
        )
        return
    pts, why = building_season_points(building, scoring_situation(game, seat), game.season)
    gain_points(game, seat, pts, f"Sphinx 3A: {why}", "Sphinx Effects 3A")


# ----------------------------------------------------------------------------------------------------------------
# How the effects' decisions are played (frames.PLAYED): their legal moves are their whole grammar
# ----------------------------------------------------------------------------------------------------------------
def every_resource(state: AnyState, frame: Frame) -> list[str]:
    return [f"take {resource.value}" for resource in RESOURCES]


def why_not_take(state: AnyState, frame: Frame, move: str) -> str | None:
    resource = next((r for r in RESOURCES if move == f"take {r.value}"), None)
    if resource is not None and resource_supply(state, resource) == 0:
        return f"no {resource.label} is left in the supply"
    return None


plays(
    TakeResource,
    legal=legal_take_resource,
    apply=apply_take_resource,
    grammar=every_resource,
    why_not=why_not_take,
    groups={"take": "Take"},
)
plays(RemoveSphere, legal=legal_remove_sphere, apply=apply_remove_sphere, groups={"remove": "Remove a sphere"})
plays(
    FarmersMarket,
    legal=legal_farmers_market,
    apply=apply_farmers_market,
    groups={"remove": "Remove a sphere", "gain": "Gain"},
)
plays(UnlockWorker, legal=legal_unlock, apply=apply_unlock, groups={"unlock": "Unlock a Worker", "reward": "Reward"})
plays(
    UseSphinxEffect,
    legal=legal_sphinx_effect,
    apply=apply_sphinx_effect,
    before_asking=run_free_sphinx_effect,
    groups={"pay": "Pay"},
)
plays(FieldResource, legal=legal_field_resource, apply=apply_field_resource, groups={"take": "Take"})
plays(SwapResources, legal=legal_swap_resource, apply=apply_swap_resource, groups={"swap": "Swap"})
plays(SeasonPoints, legal=legal_season_points, apply=apply_season_points, groups={"score": "Score"})
