"""The Farmer action: place a Worker (unused, or moved from its work) on an empty space of a field - one Farmer per
field, the spaces numbered 3 and 4 only with that many players - then rearrange the Farmers already in play.

Rulebook: Possible Actions: Farmer (Example 7).
"""

from __future__ import annotations

from typing import Any

from ...rules.actions import Action
from ...rules.common import RESOURCES, Sphere
from ...rules.effects import remove_sphere
from ...rules.offering import Stock
from ..catalog import FIELDS, Rule
from ..effects import PERMANENT_EFFECTS, can_use_effect, sphere_removal_moves
from ..frames import Frame
from ..state import field_has_room, resource_supply, worker_sources
from ..working import AnyState, WorkingGame, gain_resource, pay_resources, take_worker


# --- Farmer -------------------------------------------------------------------------------------------------------
def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
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
                out.append((f"farmer {f}{suffix}", (f, src)))
        out.append(("farmer pass", None))
        return out
    for g in player.farmers:
        if g in moved:
            continue
        for f in FIELDS:
            if f not in player.farmers and field_has_room(state, f):
                out.append((f"move {g} to {f}", ("move", g, f)))
    remover = can_use_effect(state, seat, Action.FARMER, "remove sphere")
    if remover:
        out += [(m, (remover, x)) for m, x in sphere_removal_moves(state, "any", f"{remover} remove ")]
    swapper = can_use_effect(state, seat, Action.FARMER, "swap")
    if swapper:
        for a in RESOURCES:
            if player.reserve[a] > 0:
                for b in RESOURCES:
                    if b != a and resource_supply(state, b) > 0:
                        out.append((f"{swapper} swap {a.value} for {b.value}", (swapper, a, b)))
    out.append(("farmers done", ("done",)))
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
        f, src = choice
        take_worker(game, seat, src)
        game.set_player(seat, farmers=tuple(sorted(game.player_at(seat).farmers + (f,))))
        game.log_event(f"{game.name_of(seat)} places a Farmer on {f}", Rule.FARMER)
        game.replace_top(frame.but(stage="arrange", moved=(f,)))
        return
    kind = choice[0]
    if kind == "done":
        game.pop()
    elif kind == "move":
        _, g, f = choice
        game.set_player(seat, farmers=tuple(sorted([x for x in game.player_at(seat).farmers if x != g] + [f])))
        game.log_event(
            f"{game.name_of(seat)} moves the Farmer from {g} to {f}", "Possible Actions: Farmer (rearranging)"
        )
        game.replace_top(frame.but(stage="arrange", moved=moved + (f,)))
    else:  # a Building's permanent effect (A2, A5): the choice names the Building
        building, effect = kind, PERMANENT_EFFECTS[kind]
        rule = f"Building {building}"
        game.use(seat, building)
        if effect.kind == "remove sphere":
            colour, ramp = choice[1]
            game.pyramid, events = remove_sphere(
                game.pyramid, ramp, Sphere(colour), rule=rule, readings=game.settings.weather
            )
            game.log_event(
                f"{game.name_of(seat)} uses {building} ({effect.name}): " + "; ".join(event.text for event in events),
                rule,
            )
        else:  # "swap"
            _, given, taken = choice
            pay_resources(game, seat, Stock.of([given]))
            game.log_event(f"{game.name_of(seat)} uses {building} ({effect.name}): gives 1 {given.label}", rule)
            gain_resource(game, seat, taken, 1, f"{building} {effect.name}", rule)
