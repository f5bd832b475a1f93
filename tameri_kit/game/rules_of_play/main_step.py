"""Step 2 of a player's turn: the card's actions in order (each taken or given up), extra weather effects, Priest
cards and Gifts at any moment, until the player ends the actions; with the step's grammar and why a move is not
allowed.

Rulebook: Phase 4: Individual Turns, step 2 (Use Actions and other Effects, Example 16); Glyphs, Actions, and
Unrevealed Cards (which actions the card allows, in order); Possible Actions (all optional); Extra Weather Effects.
"""

from __future__ import annotations

from typing import Any

from ...rules.action_cards import Action
from ...rules.common import RAMPS, SPHERE_OF, Sphere
from ...rules.weather_effects import buy_silt, pay_to_remove, place_silt
from ...rules.pyramid import RIVER_SPACES
from ..core.catalog import Rule
from ..core.choices import (
    DO_ACTION,
    END_ACTIONS,
    EXTRA_BUY_SILT,
    EXTRA_PLACE_SILT,
    EXTRA_REMOVE,
    SKIP_ACTION,
    DoAction,
    EndActions,
    ExtraWeather,
)
from .game_effects import sphere_removal_moves, why_not_remove_sphere
from ..core.frames import Frame, MainStep, plays
from .gifts import PlayGift, gift_moves, play_gift  # gifts16
from .turn import PlayPriestCard, can_start, current_card_play, play_priest_card, priest_card_moves, start_action
from ..core.working import AnyState, WorkingGame


# --- step 2's choices: an action, extra weather, a Priest card or a Gift, or the end of the actions ---------------
def legal_main_step(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Phase 4, step 2 (Use actions and other effects): the card's next action (``do`` or ``skip``, in order from the
    top), the Extra Weather Effects the player can pay for, the Priest cards and Gifts with an effect, and ``end
    actions``."""
    seat = frame.player
    player = state.players[seat]
    actions = frame.actions
    out = []
    if actions:
        a = actions[0]
        if can_start(state, seat, a):
            out.append(("do " + a._value_, DO_ACTION[a]))
        out.append(("skip " + a._value_, SKIP_ACTION[a]))
    # Extra Weather Effects
    if player.deben >= 1:
        out += [
            (m, EXTRA_REMOVE[sphere.colour, sphere.ramp])
            for m, sphere in sphere_removal_moves(state, "any", "extra remove ")
        ]
    if player.deben >= 2 and state.pyramid.supply(Sphere.SILT) > 0:
        out.append(("extra buy silt", EXTRA_BUY_SILT[None]))
        out += [
            (f"extra buy silt {r.value}", EXTRA_BUY_SILT[r]) for r in RAMPS if state.pyramid.river(r) < RIVER_SPACES
        ]
    if player.silt > 0:
        out += [
            (f"extra place silt {r.value}", EXTRA_PLACE_SILT[r]) for r in RAMPS if state.pyramid.river(r) < RIVER_SPACES
        ]
    out += priest_card_moves(state, seat)
    out += gift_moves(state, seat)  # gifts16: Gifts of the Gods (reading P1)
    out.append(("end actions", END_ACTIONS))
    return out


def apply_main_step(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Phase 4, step 2: the actions in order, extra weather effects, Priest cards (Example 16)."""
    seat = frame.player
    kind = choice.__class__
    if kind is DoAction:
        a = choice.action
        game.replace_top(frame.but(actions=frame.actions[1:]))
        if not choice.take:
            game.log_event(
                f"{game.name_of(seat)} does not use the {a.label} action", "Possible Actions (all actions are optional)"
            )
        else:
            start_action(game, seat, a, "card")
    elif kind is ExtraWeather and choice.what == "remove":
        r = choice.ramp
        result = pay_to_remove(
            game.pyramid, game.player_at(seat).deben, r, SPHERE_OF[choice.colour], readings=game.settings.weather
        )
        game.pyramid = result.pyramid
        game.set_player(seat, deben=result.deben)
        game.log_event(
            f"{game.name_of(seat)} pays 1 Deben: " + "; ".join(e.text for e in result.events), Rule.EXTRA_WEATHER
        )
    elif kind is ExtraWeather and choice.what == "buy silt":
        r = choice.ramp
        result = buy_silt(game.pyramid, game.player_at(seat).deben, r)
        game.pyramid = result.pyramid
        game.set_player(seat, deben=result.deben)
        if r is None:
            game.set_player(seat, silt=game.player_at(seat).silt + 1)
        game.log_event(
            f"{game.name_of(seat)} pays 2 Deben: " + "; ".join(e.text for e in result.events), Rule.EXTRA_WEATHER
        )
    elif kind is ExtraWeather:  # "place silt"
        r = choice.ramp
        game.pyramid, evs = place_silt(game.pyramid, r)
        game.set_player(seat, silt=game.player_at(seat).silt - 1)
        game.log_event(f"{game.name_of(seat)}: " + "; ".join(e.text for e in evs), Rule.EXTRA_WEATHER)
    elif kind is PlayPriestCard:
        play_priest_card(game, seat, choice.card)
    elif kind is PlayGift:  # gifts16
        play_gift(game, seat, choice.card)
    elif kind is EndActions:
        game.pop()
        if frame.actions:
            game.log_event(
                f"{game.name_of(seat)} ends the actions step without " + ", ".join(a.label for a in frame.actions),
                Rule.TURNS,
            )


def main_moves(state: AnyState, frame: Frame) -> list[str]:
    """Every move of step 2's grammar (each action, ``end actions``, ``extra buy silt``), legal now or not."""
    return [f"do {action.value}" for action in Action] + ["end actions", "extra buy silt"]


def why_not_main(state: AnyState, frame: Frame, move: str) -> str | None:
    """Phase 4, step 2: an action the card does not allow, allows later or allowed already, or that has nothing it
    could do now; an extra weather effect not affordable or with nothing to act on."""
    words = move.split()
    if words[:1] == ["do"] and len(words) == 2:
        action = next((a for a in Action if a.value == words[1]), None)
        return None if action is None else why_not_action(state, frame, action)
    if words[:1] == ["extra"]:
        return why_not_extra(state, frame.player, move)
    return None


def why_not_action(state: AnyState, frame: Frame, action: Action) -> str | None:
    """Glyphs, Actions, and Unrevealed Cards: the card's actions, in order, each once; Possible Actions: one that
    can do something."""
    seat = frame.player
    left = frame.actions
    if left and left[0] is action:
        return None if can_start(state, seat, action) else why_it_cannot_start(state, seat, action)
    if action in left:
        return f"your card's actions are taken in order, top to bottom: first {left[0].label} (do or skip it) ({Rule.GLYPHS})"
    row = state.players[seat].row
    if not row:
        return f"no {action.label} action is left to you this turn ({Rule.TURNS}, step 2)"
    played = row[-1]
    if played.face_down:
        chose = f"you chose {left[0].label}" if left else "you have used it"
        return f"a face-down card allows any 1 action, and {chose} ({Rule.GLYPHS})"
    if action not in played.card.top + played.card.bottom:
        return f"card {played.card.label} does not show the {action.label} action ({Rule.GLYPHS})"
    options = current_card_play(state, seat).options
    chosen = next((o.actions for o in options if left and o.actions[-len(left) :] == left), ())
    if left and action not in chosen:
        return (
            f"no left glyph of card {played.card.label} was completed, so you use one half of it: the "
            f"{action.label} action is on the other half ({Rule.GLYPHS})"
        )
    return f"you have taken or given up the {action.label} action already this turn ({Rule.GLYPHS})"


def why_it_cannot_start(state: AnyState, seat: int, action: Action) -> str:
    """Possible Actions: what the next action would need and the player lacks (``turn.can_start`` says it lacks it)."""
    player = state.players[seat]
    if action is Action.SPHINX:
        return f"the Sphinx action starts by paying 1 Fruit: you have none, nor a Building paying it for you ({Rule.SPHINX})"
    if action is Action.OFFERING:
        return f"you have no resource to put behind your screen ({Rule.OFFERING})"
    if action is Action.PRIEST:
        if player.reserve.total == 0:
            return f"each step of a Priest costs a different resource, and you have none ({Rule.PRIEST})"
        return f"none of your Priests can advance, and no Worker of yours can enter a Temple with room ({Rule.PRIEST})"
    return (
        f"none of your Farmers stands on a field that yields now: Productive, with Silt in its river ({Rule.HARVEST})"
    )


def why_not_extra(state: AnyState, seat: int, move: str) -> str | None:
    """Extra Weather Effects: 1 Deben removes a sphere in sight, 2 Deben buy a Silt from the supply, a Silt of your
    board goes into a river that is not full."""
    player = state.players[seat]
    if move.startswith("extra remove "):
        if player.deben < 1:
            return f"removing a sphere costs 1 Deben and you have none ({Rule.EXTRA_WEATHER})"
        reason = why_not_remove_sphere(state, "any", move, "extra remove ")
        return f"{reason} ({Rule.EXTRA_WEATHER})" if reason else None
    what, _, ramp_word = move.partition(" silt")
    ramp = next((r for r in RAMPS if r.value == ramp_word.strip()), None)
    if what == "extra buy":
        if player.deben < 2:
            return f"a Silt costs 2 Deben and you have {player.deben} ({Rule.EXTRA_WEATHER})"
        if state.pyramid.supply(Sphere.SILT) == 0:
            return f"no Silt sphere is left in the supply ({Rule.EXTRA_WEATHER})"
    elif what == "extra place" and player.silt == 0:
        return f"you have no Silt sphere on your board to place ({Rule.EXTRA_WEATHER})"
    if ramp is not None and state.pyramid.river(ramp) >= RIVER_SPACES:
        return f"the {ramp.label} river is full ({RIVER_SPACES} Silt) ({Rule.EXTRA_WEATHER})"
    return None


plays(
    MainStep,
    legal=legal_main_step,
    apply=apply_main_step,
    grammar=main_moves,
    why_not=why_not_main,
    always_asks=True,
    groups={
        "do": "Take an action",
        "skip": "Give up an action",
        "end": "Finish",
        "extra": "Extra Weather Effects",
        "priest": "Priest",
    },
)
