"""Game Effects in the engine: the immediate effects (a resource, a removed sphere, an unlocked Worker, points ...),
the permanent effects of the Buildings (one table, by Building, with when each applies) and the frames that ask a
player how to use them, with their grammar and why a move is not allowed (the Sphinx faces: :mod:`.sphinx_effects`).

Rulebook: Game Effects: Immediate Effects and Permanent Effects; Building Card List; Weather Effects on the Cards
(a sphere removed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..._fast import direct_init, remembered
from ...data.temples_and_priests import Effect
from ...rules.action_cards import Action
from ...rules.common import RAMPS, RESOURCES, SPHERE_OF, Sphere
from ...rules.weather_effects import remove_sphere
from ...rules.fields import visible_spheres
from ...rules.temple_moves import BUILDING_ADVANCES, effect_grant
from ..core.catalog import BOARDS, BUILDINGS, Rule
from ..core.choices import GAIN_SILT, SPHERE_ON_RAMP
from ..core.frames import (
    DrawCard,
    DrawPriest,
    FarmerAction,
    FarmersMarket,
    Frame,
    ImmediateEffect,
    PriestAdvance,
    RemoveSphere,
    TakeResource,
    UnlockWorker,
    plays,
)
from ..core.state import PlayerState, resource_supply
from ..core.working import (
    AnyState,
    WorkingGame,
    gain_deben,
    gain_points,
    gain_resource,
    gain_silt_sphere,
)


# ----------------------------------------------------------------------------------------------------------------
# Immediate effects (Game Effects: Immediate Effects; Temple spaces; Priest cards)
# ----------------------------------------------------------------------------------------------------------------
def queue_immediate_effects(game: WorkingGame, gains: list[tuple[int, Effect]], why: str) -> None:
    """Schedule one ``ImmediateEffect`` frame per ``(seat, effect)`` gained, in order, each citing ``why`` (Game
    Effects: Immediate Effects - a Building bought, a Priest card played, a Temple space reached, a Sphinx activated).
    """
    game.schedule(
        *[ImmediateEffect(seat, effect=e.kind, amount=e.amount, temple=e.temple, why=why) for seat, e in gains]
    )


def resolve_immediate_effect(game: WorkingGame, frame: Frame) -> None:
    """Game Effects: Immediate Effects - give the effect ``frame`` holds: points, Deben, Silt spheres (none when the
    supply has none), or the frames that ask for a resource of the player's choice, a Worker to unlock, a Priest card or
    Temple card to draw, a Farmer action, a sphere to remove, free steps in a Temple."""
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
        game.schedule(*[DrawCard(deck="E", target="hand", seat=seat)] * amount)
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
    """``(move, sphere on a ramp)`` for each visible sphere of ``colour`` ("S", "W" or "any") that could be removed,
    the move being ``prefix`` and the sphere's place (a new list each time: callers add their own moves)."""
    return list(_removal_moves(state.pyramid.ramps, state.settings.weather, colour, prefix))


@remembered  # asked at every step 2 and card weather effect, for a few hundred different ramps (tameri_kit._fast)
def _removal_moves(ramps: tuple[str, ...], readings: Any, colour: str, prefix: str) -> tuple[tuple[str, Any], ...]:
    out = []
    for r in RAMPS:
        seen = visible_spheres(ramps[r.index], readings)
        for c in ("S", "W"):
            if (colour == "any" or colour == c) and c in seen:
                move = f"{prefix}{c} {r._value_}" if colour == "any" else f"{prefix}{r._value_}"
                out.append((move, SPHERE_ON_RAMP[c, r]))
    return tuple(out)


def legal_take_resource(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Immediate Effects (1 resource of your choice): ``take RESOURCE`` for each kind the supply still holds, or ``take
    nothing`` when it holds none."""
    out = [(f"take {r.value}", r) for r in RESOURCES if resource_supply(state, r) > 0]
    return out or [("take nothing", None)]


def apply_take_resource(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Immediate Effects: gain 1 resource of your choice (also Collect II for the other Merchants)."""
    game.pop()
    if choice is not None:
        gain_resource(game, frame.player, choice, 1, frame.why, Rule.IMMEDIATE_EFFECTS)


#: Building Card List, F1-F3: the colours of the two spheres each removes (then 1 Silt).
SPHERE_REMOVING_BUILDINGS = {"F1": "SS", "F2": "WW", "F3": "SW"}


def building_instant_frames(game: WorkingGame, seat: int, building_id: str) -> list[Frame]:
    """Building Card List: the instant effect of a Building just bought."""
    named = f"{building_id} {BUILDINGS[building_id].name}"
    if building_id[1] == "6":
        return [ImmediateEffect(seat, effect="points", amount=2, why=f"{building_id} Garden")]
    if building_id[0] == "E" and building_id != "E6":
        return [UnlockWorker(seat, why=named)]
    if building_id in SPHERE_REMOVING_BUILDINGS:
        removals = [
            RemoveSphere(seat, colour=colour, why=building_id, cited=f"Building {building_id}")
            for colour in SPHERE_REMOVING_BUILDINGS[building_id]
        ]
        return [*removals, ImmediateEffect(seat, effect="silt", why=named)]
    if building_id == "F4":
        return [FarmersMarket(seat), FarmersMarket(seat)]
    if building_id == "F5":
        return [ImmediateEffect(seat, effect="deben", amount=2, why=named)]
    if building_id in BUILDING_ADVANCES:
        tag = "G5" if building_id == "G5" else ""
        return [PriestAdvance(seat, grant=g, tag=tag) for g in BUILDING_ADVANCES[building_id]]
    return []


def legal_remove_sphere(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Immediate Effects (remove 1 sphere of the indicated type; Weather Effects on the Cards): ``remove ...`` for each
    sphere of the frame's colour in sight on a ramp, and ``remove pass`` (the effect is optional)."""
    return sphere_removal_moves(state, frame.colour, "remove ") + [("remove pass", None)]


def apply_remove_sphere(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Immediate Effects / Weather Effects on the Cards: remove one sphere of the given colour (optional)."""
    game.pop()
    if choice is None:
        return
    c, r = choice.colour, choice.ramp
    rule = frame.cited
    game.pyramid, events = remove_sphere(game.pyramid, r, SPHERE_OF[c], rule=rule, readings=game.settings.weather)
    game.log_event(f"{game.name_of(frame.player)} ({frame.why}): " + "; ".join(e.text for e in events), rule)


def legal_farmers_market(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Building Card List, F4 (Farmer's Market): remove a Sun or Water sphere in sight, or gain a Silt sphere while the
    supply has one, or pass; the frame asks twice."""
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
    game.pyramid, events = remove_sphere(
        game.pyramid, r, SPHERE_OF[c], rule="Building F4", readings=game.settings.weather
    )
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
    """Immediate Effects (unlock a Worker; Example 27): ``unlock ...`` for each different Locked Worker space still
    filled, or, with none left, ``reward ...`` for each of the player board's unlocking rewards."""
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
    if not player.buildings:  # the usual case: nothing to look through
        return ()
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


# ----------------------------------------------------------------------------------------------------------------
# The grammar of the effects' decisions and why a move is not allowed (public information only); the helpers serve
# every kind that takes a resource or removes a sphere (the turn's weather, the Sphinx effects, the Gifts)
# ----------------------------------------------------------------------------------------------------------------
def each_resource(prefix: str, *after: str) -> Callable:
    """The grammar of a kind that names one resource per move: ``prefix`` then each of the four (then ``after``,
    the moves that name none)."""
    moves = [f"{prefix}{resource.value}" for resource in RESOURCES] + list(after)

    def grammar(state: AnyState, frame: Frame) -> list[str]:
        return moves

    return grammar


def why_not_resource(state: AnyState, seat: int, word: str, *, held: bool = False, supply: bool = False) -> str | None:
    """Why the resource named ``word`` cannot be used: ``held``, ``seat`` must have one to give; ``supply``, the
    supply must have one to take (Game Effects: Immediate Effects - nothing is gained that the supply lacks)."""
    resource = next((r for r in RESOURCES if r.value == word), None)
    if resource is None:
        return None
    if held and state.players[seat].reserve[resource] == 0:
        return f"you have no {resource.label}"
    if supply and resource_supply(state, resource) <= 0:
        return f"no {resource.label} is left in the supply"
    return None


def why_not_exchange(state: AnyState, seat: int, move: str, prefix: str) -> str | None:
    """An exchange written ``{prefix}A for B`` (Building A5, Sphinx Effects 3B): you give an A you have for a B of
    the supply, another resource."""
    given, _, taken = move.removeprefix(prefix).partition(" for ")
    if given == taken:
        return f"an exchange takes another resource than the one given ({given} for {taken})"
    return why_not_resource(state, seat, given, held=True) or why_not_resource(state, seat, taken, supply=True)


def every_exchange(prefix: str, *after: str) -> Callable:
    """The grammar of an exchange: ``{prefix}A for B`` for every two different resources (then ``after``)."""
    moves = [f"{prefix}{a.value} for {b.value}" for a in RESOURCES for b in RESOURCES if a != b] + list(after)

    def grammar(state: AnyState, frame: Frame) -> list[str]:
        return moves

    return grammar


def every_sphere_removal(colour: str, prefix: str) -> list[str]:
    """Every move removing a ``colour`` sphere ("S", "W" or "any") from some ramp, written as
    :func:`sphere_removal_moves` writes it."""
    if colour == "any":
        return [f"{prefix}{c} {ramp._value_}" for ramp in RAMPS for c in ("S", "W")]
    return [f"{prefix}{ramp._value_}" for ramp in RAMPS]


COLOUR_WORDS = {"S": "Sun", "W": "Water"}


def why_not_remove_sphere(state: AnyState, colour: str, move: str, prefix: str) -> str | None:
    """Weather Effects on the Cards: a sphere of the colour named is removed from a ramp that shows one (only the
    spheres in sight count, reading W1)."""
    words = move.removeprefix(prefix).split()
    if not move.startswith(prefix) or len(words) != (2 if colour == "any" else 1):
        return None
    sphere = words[0] if colour == "any" else colour
    ramp = next((r for r in RAMPS if r._value_ == words[-1]), None)
    if ramp is None or sphere not in COLOUR_WORDS:
        return None
    if sphere not in visible_spheres(state.pyramid.ramp(ramp), state.settings.weather):
        return f"the {ramp.label} ramp shows no {COLOUR_WORDS[sphere]} sphere to remove"
    return None


def why_not_gain_silt(state: AnyState) -> str | None:
    """Immediate Effects: a Silt is gained only while the supply has one."""
    if state.pyramid.supply(Sphere.SILT) == 0:
        return f"no Silt sphere is left in the supply ({Rule.IMMEDIATE_EFFECTS})"
    return None


def why_not_take(state: AnyState, frame: Frame, move: str) -> str | None:
    """Why ``take RESOURCE`` is not allowed now: the supply has none of it (Immediate Effects)."""
    return why_not_resource(state, frame.player, move.removeprefix("take "), supply=True)


def removal_grammar(state: AnyState, frame: Frame) -> list[str]:
    """Every move of a sphere-removal frame (a sphere of its colour on each ramp, and ``remove pass``), legal now or
    not."""
    return every_sphere_removal(frame.colour, "remove ") + ["remove pass"]


def why_not_removal(state: AnyState, frame: Frame, move: str) -> str | None:
    """Why a ``remove ...`` move is not allowed: no sphere of that colour is in sight on that ramp (Weather Effects on
    the Cards; reading W1)."""
    return why_not_remove_sphere(state, frame.colour, move, "remove ")


def farmers_market_grammar(state: AnyState, frame: Frame) -> list[str]:
    """Every move of F4's frame (a sphere on each ramp, ``gain silt``, ``pass``), legal now or not."""
    return every_sphere_removal("any", "remove ") + ["gain silt", "pass"]


def why_not_farmers_market(state: AnyState, frame: Frame, move: str) -> str | None:
    """Building F4: a sphere shown on a ramp, or a Silt the supply still has."""
    return why_not_gain_silt(state) if move == "gain silt" else why_not_remove_sphere(state, "any", move, "remove ")


def unlock_grammar(state: AnyState, frame: Frame) -> list[str]:
    """Unlocking any of the board's Workers, or choosing any of its rewards."""
    rewards = dict.fromkeys(str(reward) for reward in BOARDS[state.players[frame.player].board].unlock)
    return [f"unlock {reward}" for reward in rewards] + [f"reward {reward}" for reward in rewards]


def why_not_unlock(state: AnyState, frame: Frame, move: str) -> str | None:
    """Game Setup 3b and Example 27: a locked Worker is unlocked while one is left; then a reward is chosen."""
    locked = [str(reward) for reward in state.players[frame.player].locked]
    if move.startswith("reward ") and locked:
        return f"you still have a locked Worker ({', '.join(locked)}): unlock one of them"
    if move.startswith("unlock ") and move.removeprefix("unlock ") not in locked:
        if not locked:
            return "you have no locked Worker left: choose one of your board's rewards instead"
        return f"the Worker of that reward is not locked any more; still locked: {', '.join(locked)}"
    return None


plays(
    TakeResource,
    legal=legal_take_resource,
    apply=apply_take_resource,
    grammar=each_resource("take "),
    why_not=why_not_take,
    groups={"take": "Take"},
)
plays(
    RemoveSphere,
    legal=legal_remove_sphere,
    apply=apply_remove_sphere,
    grammar=removal_grammar,
    why_not=why_not_removal,
    groups={"remove": "Remove a sphere"},
)
plays(
    FarmersMarket,
    legal=legal_farmers_market,
    apply=apply_farmers_market,
    grammar=farmers_market_grammar,
    why_not=why_not_farmers_market,
    groups={"remove": "Remove a sphere", "gain": "Gain"},
)
plays(
    UnlockWorker,
    legal=legal_unlock,
    apply=apply_unlock,
    grammar=unlock_grammar,
    why_not=why_not_unlock,
    groups={"unlock": "Unlock a Worker", "reward": "Reward"},
)
