"""The Merchant action: place or move the one Merchant to an empty Market space, then Trade (a resource into the
Market's warehouse, both stalls beside the Merchant pay it and every Merchant beside an activated stall) or Collect
(the warehouse's resources; every other Merchant's owner gains one resource of their choice).

Rulebook: Possible Actions: Merchant (Trade steps I-III, Collect steps I-II, Examples 8a and 8b).
"""

from __future__ import annotations

from typing import Any

from ...rules.actions import Action
from ...rules.common import RESOURCES
from ...rules.offering import Stock
from ..catalog import Rule, market_layout
from ..effects import score_action_points
from ..frames import Frame, TakeResource
from ..payments import stock_text
from ..state import worker_sources
from ..working import AnyState, WorkingGame, gain_resource, pay_resources, take_worker


# --- Merchant -----------------------------------------------------------------------------------------------------
def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    seat = frame.player
    player = state.players[seat]
    stage = frame.stage
    m = market_layout(state)
    taken = {other.merchant for j, other in enumerate(state.players) if j != seat and other.merchant is not None}
    out = []
    if stage == "place":
        empty = [k for k in range(m.spaces) if k not in taken and k != player.merchant]
        if player.merchant is None:
            for suffix, src in worker_sources(state, seat, "merchant"):
                out += [(f"merchant space {k + 1}{suffix}", (k, src)) for k in empty]
        else:
            out.append(("merchant stay", (player.merchant, "stay")))
            out += [(f"merchant space {k + 1}", (k, "move")) for k in empty]
        out.append(("merchant pass", None))
        return out
    out = [(f"trade {r.value}", ("trade", r)) for r in RESOURCES if player.reserve[r] > 0]
    out.append(("collect", ("collect",)))
    return out


def apply(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Possible Actions: Merchant - place or keep the Merchant, then Trade or Collect (Examples 8a, 8b)."""
    seat = frame.player
    stage = frame.stage
    m = market_layout(game)
    R = Rule.MERCHANT
    if stage == "place":
        if choice is None:
            game.pop()
            return
        k, src = choice
        if src not in ("stay", "move"):
            take_worker(game, seat, src)
        if src != "stay":
            game.set_player(seat, merchant=k)
            a, b = m.beside(k)
            game.log_event(
                f"{game.name_of(seat)}'s Merchant stands on Market space {k + 1} (between {a.label} and {b.label})", R
            )
        game.replace_top(frame.but(stage="effect"))
        return
    game.pop()
    score_action_points(game, seat, Action.MERCHANT)
    if choice[0] == "trade":
        r = choice[1]
        pay_resources(game, seat, Stock.of([r]))
        game.market = game.market.plus([r])
        game.log_event(f"{game.name_of(seat)} trades: puts 1 {r.label} in the Market warehouse", R + " (Trade I)")
        k = game.player_at(seat).merchant
        n = m.spaces
        stalls = ((k, m.stalls[k % n]), ((k + 1) % n, m.stalls[(k + 1) % n]))
        for _, stall_resource in stalls:
            gain_resource(game, seat, stall_resource, 1, "stall", R + " (Trade II)")
        for j, other in enumerate(game.players):
            if j == seat or other.merchant is None:
                continue
            if other.merchant == (k - 1) % n:
                gain_resource(
                    game,
                    j,
                    stalls[0][1],
                    1,
                    f"its Merchant is next to the {stalls[0][1].label} stall",
                    R + " (Trade III)",
                )
            if other.merchant == (k + 1) % n:
                gain_resource(
                    game,
                    j,
                    stalls[1][1],
                    1,
                    f"its Merchant is next to the {stalls[1][1].label} stall",
                    R + " (Trade III)",
                )
    else:
        got = game.market
        game.market = Stock()
        player = game.player_at(seat)
        game.set_player(seat, reserve=player.reserve.plus(got))
        game.log_event(f"{player.name} collects the Market warehouse: {stock_text(got)}", R + " (Collect I)")
        n = len(game.players)
        others = [(seat + d) % n for d in range(1, n) if game.player_at((seat + d) % n).merchant is not None]
        game.schedule(*[TakeResource(j, why="Collect: another player's Merchant is in play") for j in others])
