"""The Offering to the Pharaoh action: put 1 to 4 different resources behind the screen (paid with the substitution
Buildings where they apply) and score their number plus 1.

Rulebook: Possible Actions: Offering to the Pharaoh (Example 14); End of the Season (what the screens are for).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ...._fast import direct_init
from ....rules.action_cards import Action
from ....rules.common import RESOURCES, Resource
from ....rules.offering import Offering, Payment, offer
from ...core.catalog import Rule
from ..game_effects import can_use_effect, used_effects
from ...core.frames import Frame, OfferingAction, plays
from ..payments import pay_options, stock_text, substitutes_for
from ...core.state import resource_supply
from ...core.working import AnyState, WorkingGame, gain_points


# --- the choice of the pay stage -----------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class OfferingPayment:
    """One way to pay the offering chosen: ``paid`` in all, ``assigned`` each offered slot's ``(slot, placed,
    effects used)`` (C1-C5 substitutions, the rules' :class:`rules.offering.Payment`)."""

    paid: Any
    assigned: tuple


# --- Offering -----------------------------------------------------------------------------------------------------
def offering_payments(state: AnyState, seat: int, kinds: tuple[Resource, ...]) -> dict:
    """The ways ``seat`` can pay an offering of one of each of ``kinds`` from the supply, substitution Buildings
    included (Permanent Effects; ``payments.pay_options``)."""
    player = state.players[seat]
    return pay_options(player.reserve, tuple(kinds), substitutes_for(state, seat))


def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Offering to the Pharaoh (Example 14) - choose 1 to 4 different resources the player can pay
    (``offer ...``, never 0), then the way to pay them, then at the last stage the extra resource B3 allows."""
    seat = frame.player
    stage, chosen = frame.stage, frame.chosen
    if stage == "choose":
        out = []
        for k in range(1, 5):
            for kinds in combinations(RESOURCES, k):
                if offering_payments(state, seat, kinds):
                    out.append(("offer " + ",".join(r._value_ for r in kinds), kinds))
        return out + [("offer pass", None)]
    if stage == "pay":
        ways = offering_payments(state, seat, chosen)
        return [(f"pay {stock_text(paid)}", OfferingPayment(paid, assign)) for paid, (_, assign) in ways.items()]
    return [(f"extra {r.value}", r) for r in RESOURCES if resource_supply(state, r) > 0] + [("extra none", None)]


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Offering to the Pharaoh; Permanent Effects (C1-C5), B3 (Examples 14, 28)."""
    seat = frame.player
    stage, chosen = frame.stage, frame.chosen
    if stage == "choose":
        if choice is None:
            game.pop()
            return
        ways = offering_payments(game, seat, choice)
        if len(ways) == 1:
            ((paid, (_, assign)),) = ways.items()
            _offer_paid(game, frame, seat, assign)
        else:
            game.replace_top(frame.but(stage="pay", chosen=choice))
        return
    if stage == "pay":
        _offer_paid(game, frame, seat, choice.assigned)
        return
    game.pop()
    _do_offer(game, seat, chosen, choice)


def _offer_paid(game: WorkingGame, frame: Frame, seat: int, assign: tuple) -> None:
    if can_use_effect(game, seat, Action.OFFERING, "extra resource"):
        game.replace_top(frame.but(stage="extra", chosen=assign))
    else:
        game.pop()
        _do_offer(game, seat, assign, None)


def _do_offer(game: WorkingGame, seat: int, assign: tuple, extra: Resource | None) -> None:
    player = game.player_at(seat)
    o = Offering(tuple(Payment(slot, placed, effects_used) for slot, placed, effects_used in assign), extra)
    used = used_effects(game, seat)
    result = offer(player.reserve, player.screen, o, buildings=player.buildings, used_effects=used)
    game.set_player(seat, reserve=result.reserve, screen=result.screen)
    for e in o.effects:
        game.use(seat, e)
    game.log_event(f"{player.name} {result.text}", Rule.OFFERING + " (Example 14)")
    gain_points(game, seat, result.points, f"offering {o}", Rule.OFFERING)


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
ALL_FOUR = "offer " + ",".join(r.value for r in RESOURCES)


def grammar(state: AnyState, frame: Frame) -> list[str]:
    """The offering of all four resources (the choose stage)."""
    return [ALL_FOUR] if frame.stage == "choose" else []


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Why offering all four resources is not allowed: the player cannot pay 4 different resources, substitutions
    included."""
    if move == ALL_FOUR and frame.stage == "choose" and not offering_payments(state, frame.player, RESOURCES):
        return "you cannot pay 4 different resources, substitutions included (Example 14)"
    return None


plays(
    OfferingAction,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"offer": "Offer", "pay": "Pay", "extra": "Extra resource (B3)"},
)
