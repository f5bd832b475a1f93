"""The Farmer action: place a Worker (unused, or moved from its work) on an empty space of a field - one Farmer per
field, the spaces numbered 3 and 4 only with that many players - then rearrange the Farmers already in play.

Rulebook: Possible Actions: Farmer (Example 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...._fast import direct_init

from ....rules.action_cards import Action
from ....rules.common import RESOURCES, SPHERE_OF
from ....rules.weather_effects import remove_sphere
from ....rules.offering import Stock
from ...core.catalog import FIELDS, Rule
from ...core.choices import Exchange
from ..game_effects import PERMANENT_EFFECTS, can_use_effect, sphere_removal_moves
from ...core.frames import FarmerAction, Frame, plays
from ...core.state import field_has_room, resource_supply, worker_sources
from ...core.working import AnyState, WorkingGame, gain_resource, pay_resources, take_worker


# --- the choices of the kind -------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class PlaceFarmer:
    """A new Farmer on ``field``, the Worker coming from ``source`` ("free", "merchant", "builder", "field:F")."""

    field: str
    source: str


@direct_init
@dataclass(frozen=True)
class MoveFarmer:
    """One of the player's Farmers moved from ``start`` to ``field`` (rearranging)."""

    start: str
    field: str


@direct_init
@dataclass(frozen=True)
class RemoveWithBuilding:
    """Building A2: the ``colour`` sphere ("S" or "W") removed from ``ramp``."""

    building: str
    colour: str
    ramp: Any


@direct_init
@dataclass(frozen=True)
class SwapWithBuilding:
    """Building A5: an exchange of 1 resource for another from the supply."""

    building: str
    exchange: Exchange


@direct_init
@dataclass(frozen=True)
class FarmersDone:
    """The Farmer action ends."""


FARMERS_DONE = FarmersDone()
#: every placing listed so far, made once (see choices.SPHERE_ON_RAMP): fields times Worker sources, a few dozen
PLACINGS: dict[tuple[str, str], PlaceFarmer] = {}


# --- Farmer -------------------------------------------------------------------------------------------------------
def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Farmer (Example 7) - first ``farmer FIELD`` for each field with an empty space where the player
    has no Farmer, from each place a Worker may come from, or ``farmer pass``; then the moves that rearrange the Farmers
    in play."""
    seat = frame.player
    player = state.players[seat]
    stage, moved = frame.stage, frame.moved
    out = []
    if stage == "place":
        srcs = worker_sources(state, seat)
        for f in FIELDS:
            if f in player.farmers or not field_has_room(state, f):
                continue
            for suffix, src in srcs:
                choice = PLACINGS.get((f, src)) or PLACINGS.setdefault((f, src), PlaceFarmer(f, src))
                out.append((f"farmer {f}{suffix}", choice))
        out.append(("farmer pass", None))
        return out
    for g in player.farmers:
        if g in moved:
            continue
        for f in FIELDS:
            if f not in player.farmers and field_has_room(state, f):
                out.append((f"move {g} to {f}", MoveFarmer(g, f)))
    remover = can_use_effect(state, seat, Action.FARMER, "remove sphere")
    if remover:
        out += [
            (m, RemoveWithBuilding(remover, sphere.colour, sphere.ramp))
            for m, sphere in sphere_removal_moves(state, "any", f"{remover} remove ")
        ]
    swapper = can_use_effect(state, seat, Action.FARMER, "swap")
    if swapper:
        for a in RESOURCES:
            if player.reserve[a] > 0:
                for b in RESOURCES:
                    if b != a and resource_supply(state, b) > 0:
                        out.append(
                            (f"{swapper} swap {a.value} for {b.value}", SwapWithBuilding(swapper, Exchange(a, b)))
                        )
    out.append(("farmers done", FARMERS_DONE))
    return out


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Farmer - place a Farmer, then rearrange; Buildings A2 and A5 (Example 7)."""
    seat = frame.player
    stage, moved = frame.stage, frame.moved
    if stage == "place":
        if choice is None:
            game.pop()
            game.log_event(f"{game.name_of(seat)} places no Farmer", Rule.FARMER)
            return
        take_worker(game, seat, choice.source)
        f = choice.field
        game.set_player(seat, farmers=tuple(sorted(game.player_at(seat).farmers + (f,))))
        game.log_event(f"{game.name_of(seat)} places a Farmer on {f}", Rule.FARMER)
        game.replace_top(frame.but(stage="arrange", moved=(f,)))
        return
    kind = choice.__class__
    if kind is FarmersDone:
        game.pop()
    elif kind is MoveFarmer:
        g, f = choice.start, choice.field
        game.set_player(seat, farmers=tuple(sorted([x for x in game.player_at(seat).farmers if x != g] + [f])))
        game.log_event(
            f"{game.name_of(seat)} moves the Farmer from {g} to {f}", "Possible Actions: Farmer (rearranging)"
        )
        game.replace_top(frame.but(stage="arrange", moved=moved + (f,)))
    else:  # a Building's permanent effect (A2, A5): the choice names the Building
        building = choice.building
        effect = PERMANENT_EFFECTS[building]
        rule = f"Building {building}"
        game.use(seat, building)
        if kind is RemoveWithBuilding:
            game.pyramid, events = remove_sphere(
                game.pyramid, choice.ramp, SPHERE_OF[choice.colour], rule=rule, readings=game.settings.weather
            )
            game.log_event(
                f"{game.name_of(seat)} uses {building} ({effect.name}): " + "; ".join(event.text for event in events),
                rule,
            )
        else:  # SwapWithBuilding
            given, taken = choice.exchange.given, choice.exchange.taken
            pay_resources(game, seat, Stock.of([given]))
            game.log_event(f"{game.name_of(seat)} uses {building} ({effect.name}): gives 1 {given.label}", rule)
            gain_resource(game, seat, taken, 1, f"{building} {effect.name}", rule)


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
def field_closed(state: AnyState, seat: int, field: str) -> str | None:
    """Why ``seat`` may not put a Farmer on ``field`` now: it has one there, or the field is full (None: open)."""
    if field not in FIELDS:
        return None
    if field in state.players[seat].farmers:
        return f"your Farmer already stands on {field} (one of your Farmers per field)"
    if not field_has_room(state, field):
        spaces = state.settings.field_spaces(field.split("-")[0])
        return f"{field} is full: its {spaces} Farmer space{'s' if spaces != 1 else ''} are taken"
    return None


def grammar(state: AnyState, frame: Frame) -> list[str]:
    """A Farmer for every field (the place stage), a move to every field (rearranging)."""
    if frame.stage == "place":
        return [f"farmer {field}" for field in FIELDS]
    return [f"move {start} to {field}" for start in state.players[frame.player].farmers for field in FIELDS]


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Farmer - a closed field, a Farmer already moved, no Worker to place, the wrong stage."""
    seat = frame.player
    words = move.split()
    if words[0] == "farmer" and len(words) == 2:
        if frame.stage != "place":
            return "your Farmer is placed: now move Farmers off full fields or finish ('farmers done')"
        closed = field_closed(state, seat, words[1])
        if closed:
            return closed
        if not any(suffix == "" for suffix, _ in worker_sources(state, seat)):
            return "you have no unused Worker: move one from where it stands ('farmer FIELD from ...')"
    if words[0] == "move" and len(words) == 4:
        if frame.stage == "place":
            return "first place the new Farmer ('farmer FIELD')"
        if words[1] in frame.moved:
            return f"the Farmer on {words[1]} has been placed or moved in this action already"
        return field_closed(state, seat, words[3])
    return None


plays(
    FarmerAction,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"farmer": "Place a Farmer", "move": "Move a Farmer", "farmers": "Finish"},
)
