"""The Builder action: place the Builder on the bottom space of the Construction area or advance it one space, then
buy at most one Building card from the row - its cost plus 1 Papyrus for each space the Builder is short, paid with
the substitution Buildings where they apply - and refill the row.

Rulebook: Possible Actions: Builder (parts 1 and 2, Example 9); Building Card List (costs, instant effects).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...._fast import direct_init

from ....rules.action_cards import Action
from ...core.catalog import BUILDINGS, ROW, Rule
from ...core.choices import Payment
from ..game_effects import building_instant_frames, can_use_effect
from ...core.frames import BuilderAction, DrawBuilding, Frame, plays
from ..payments import building_cost_slots, pay_options, stock_text, substitutes_for
from ...core.state import worker_sources
from ...core.working import AnyState, WorkingGame, pay_resources, take_worker


# --- the choices of the kind -------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class BuilderMove:
    """The Builder placed on the bottom space with a Worker from ``source`` (``how`` "place"), moved up one space
    ("advance"), or left on the top space ("stay")."""

    how: str
    source: str = ""


BUILDER_ADVANCES, BUILDER_STAYS = BuilderMove("advance"), BuilderMove("stay")


# --- Builder ------------------------------------------------------------------------------------------------------
def steps_short(builder: int | None, space: int) -> int:
    """Possible Actions: Builder, part 2 (I-II, Example 9): how many steps a Builder standing on space ``builder``
    (1 is the bottom space; ``None``: no Builder in play) is short of the Building card on space ``space``; 0 once it
    has reached that card.  Each step short costs 1 Papyrus more (:func:`building_price`).

    >>> steps_short(1, 3), steps_short(3, 3), steps_short(4, 2)      # Example 9: 2 steps short of space 3
    (2, 0, 0)
    """
    return max(0, space - (builder or 0))


def building_price(building_id: str, builder: int | None, space: int) -> tuple:
    """Possible Actions: Builder, part 2 (I-II, Example 9): what the Building card ``building_id`` on space ``space``
    costs a player whose Builder stands on space ``builder``: the cost printed in its top-left corner plus 1 Papyrus
    for each step the Builder is short of it (:func:`steps_short`), as payment slots (a resource, or ``None`` for a
    resource of the player's choice) before any Building that lowers or changes a payment (A4, C1-C5).  The one owner
    of the Builder's cost: buying, the moves offered and why a purchase is refused all ask it."""
    return building_cost_slots(building_id, steps_short(builder, space))


def _building_payments(state: AnyState, seat: int, idx: int) -> dict:
    """Every way ``seat`` can pay for the Building on row index ``idx`` (A4's discount and the substitutions
    included); empty when they cannot."""
    player = state.players[seat]
    price = building_price(state.row[idx], player.builder, idx + 1)
    disc = can_use_effect(state, seat, Action.BUILDER, "discount")
    return pay_options(player.reserve, price, substitutes_for(state, seat), disc)


def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Builder: part 1 (place the Builder on the bottom space with a Worker, advance it, or leave it
    on the top space), then part 2 (a Building of the row the player can pay for, :func:`building_price`, or
    nothing), then the ways to pay for the one chosen."""
    seat = frame.player
    player = state.players[seat]
    stage = frame.stage
    if stage == "place":
        out = []
        if player.builder is None:
            out += [
                (f"builder place{suffix}", BuilderMove("place", src))
                for suffix, src in worker_sources(state, seat, "builder")
            ]
        elif player.builder < ROW:
            out.append(("builder advance", BUILDER_ADVANCES))
        else:
            out.append(("builder stay", BUILDER_STAYS))
        return out + [("builder pass", None)]
    if stage == "buy":
        out = [(f"buy {b}", k) for k, b in enumerate(state.row) if b is not None and _building_payments(state, seat, k)]
        return out + [("buy nothing", None)]
    opts = _building_payments(state, seat, frame.space)
    return [(f"pay {stock_text(paid)}", Payment(paid, effects_used)) for paid, (effects_used, _) in opts.items()]


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Builder - place or advance, then buy with 1 Papyrus per step short (Example 9)."""
    seat = frame.player
    stage, card = frame.stage, frame.space
    R = Rule.BUILDER
    if stage == "place":
        if choice is None:
            game.pop()
            return
        if choice.how == "advance":
            game.set_player(seat, builder=game.player_at(seat).builder + 1)
            game.log_event(f"{game.name_of(seat)}'s Builder advances to space {game.player_at(seat).builder}", R)
        elif choice.how == "stay":
            game.log_event(f"{game.name_of(seat)}'s Builder is on the last space and cannot advance", R)
        else:
            take_worker(game, seat, choice.source)
            game.set_player(seat, builder=1)
            game.log_event(f"{game.name_of(seat)} places a Builder on the bottom space", R)
        game.replace_top(frame.but(stage="buy"))
        return
    if stage == "buy":
        if choice is None:
            game.pop()
            return
        game.replace_top(frame.but(stage="pay", space=choice))
        return
    paid, effects_used = choice.paid, choice.effects_used
    game.pop()
    building_id = game.row[card]
    short = steps_short(game.player_at(seat).builder, card + 1)
    pay_resources(game, seat, paid)
    for e in effects_used:
        game.use(seat, e)
    b = BUILDINGS[building_id]
    game.log_event(
        f"{game.name_of(seat)} buys {building_id} ({b.name}) from space {card + 1}, "
        f"paying {stock_text(paid)} (cost {b.cost_text}"
        + (f" + {short} Papyrus for the Builder's {short} step(s) short" if short else "")
        + (f"; using {', '.join(effects_used)}" if effects_used else "")
        + ")",
        R + " (Example 9)",
    )
    game.set_player(seat, buildings=game.player_at(seat).buildings + (building_id,))
    game.row = game.row[:card] + game.row[card + 1 :] + (None,)
    game.schedule(DrawBuilding(), *building_instant_frames(game, seat, building_id))


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
def grammar(state: AnyState, frame: Frame) -> list[str]:
    """Place or advance the Builder; buy any Building of the row."""
    return ["builder place", "builder advance"] + [f"buy {building}" for building in state.row if building]


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Builder - a Builder placed already or not yet, the last space, a Building not affordable."""
    seat = frame.player
    player = state.players[seat]
    if move in ("builder place", "builder advance"):
        if frame.stage != "place":
            return "your Builder has moved in this action: now buy a Building or nothing"
        if move == "builder place" and player.builder is not None:
            return f"your Builder stands on space {player.builder} already: 'builder advance' moves it up"
        if move == "builder place" and not any(suffix == "" for suffix, _ in worker_sources(state, seat, "builder")):
            return "you have no unused Worker: move one from where it stands ('builder place from ...')"
        if move == "builder advance" and player.builder is None:
            return "you have no Builder in the Construction area yet: 'builder place' puts one on the bottom space"
        if move == "builder advance" and player.builder >= ROW:
            return f"your Builder is on the top space ({ROW}): it stays there"
        return None
    if move.startswith("buy ") and move != "buy nothing":
        if frame.stage == "place":
            return "first place or advance your Builder"
        if frame.stage == "pay":
            return "you are paying for the Building you chose"
        building_id = move.removeprefix("buy ")
        if building_id in state.row and not _building_payments(state, seat, state.row.index(building_id)):
            space = state.row.index(building_id)
            short = steps_short(player.builder, space + 1)
            extra = f" plus {short} Papyrus for the {short} step(s) your Builder is short" if short else ""
            return f"you cannot pay for {building_id}: it costs {BUILDINGS[building_id].cost_text}{extra} (Example 9)"
    return None


plays(
    BuilderAction,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"builder": "Builder", "buy": "Buy a Building", "pay": "Pay"},
)
