"""The Merchant action: place or move the one Merchant to an empty Market space, then Trade (a resource into the
Market's warehouse, both stalls beside the Merchant pay it and every Merchant beside an activated stall) or Collect
(the warehouse's resources; every other Merchant's owner gains one resource of their choice).

Rulebook: Possible Actions: Merchant (Trade steps I-III, Collect steps I-II, Examples 8a and 8b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...._fast import direct_init

from ....rules.action_cards import Action
from ....rules.common import RESOURCES
from ....rules.offering import Stock
from ...core.catalog import Rule, market_layout
from ..game_effects import score_action_points
from ...core.frames import Frame, MerchantAction, TakeResource, plays
from ..payments import stock_text
from ...core.state import worker_sources
from ...core.working import AnyState, WorkingGame, gain_resource, pay_resources, take_worker


# --- the choices of the kind -------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class MerchantSpace:
    """The Merchant on Market space ``space`` (0-based): placed with a Worker from ``source`` ("free", "builder",
    "field:F"), moved there ("move"), or kept where it stands ("stay")."""

    space: int
    source: str


@direct_init
@dataclass(frozen=True)
class Trade:
    """Trade: 1 ``resource`` into the warehouse, then the stalls (Trade I-III)."""

    resource: Any


@direct_init
@dataclass(frozen=True)
class Collect:
    """Collect: the whole warehouse (Collect I-II)."""


COLLECT = Collect()
TRADES = {resource: Trade(resource) for resource in RESOURCES}
#: every Merchant placing listed so far, made once (see choices.SPHERE_ON_RAMP): spaces times Worker sources
SPACES: dict[tuple[int, str], MerchantSpace] = {}


def merchant_space(space: int, source: str) -> MerchantSpace:
    """The one :class:`MerchantSpace` value for ``space`` and ``source``, made the first time it is asked for."""
    return SPACES.get((space, source)) or SPACES.setdefault((space, source), MerchantSpace(space, source))


# --- Merchant -----------------------------------------------------------------------------------------------------
def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Possible Actions: Merchant: where the Merchant may stand (placed with a Worker, moved to an empty space, or
    kept), then Trade with a resource the player has, or Collect."""
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
                out += [(f"merchant space {k + 1}{suffix}", merchant_space(k, src)) for k in empty]
        else:
            out.append(("merchant stay", merchant_space(player.merchant, "stay")))
            out += [(f"merchant space {k + 1}", merchant_space(k, "move")) for k in empty]
        out.append(("merchant pass", None))
        return out
    out = [(f"trade {r.value}", TRADES[r]) for r in RESOURCES if player.reserve[r] > 0]
    out.append(("collect", COLLECT))
    return out


def activate_stalls(game: WorkingGame, seat: int, space: int, rule: str, why: str = "stall") -> None:
    """Possible Actions: Merchant, Trade II: the 2 stalls beside Market space ``space`` (0-based) are activated and
    the player takes 1 resource of each stall's type from the supply (the Ghost: behind its screen).  The one owner
    of Trade II: the Trade, Gift GG8 (the stalls on either side of your Merchant) and the Ghost's Merchant (Ghost
    Actions: Merchant a.II) call it.  ``why`` is the events' reason; ``{stall}`` in it names the stall's resource."""
    for stall in market_layout(game).beside(space):
        gain_resource(game, seat, stall, 1, why.format(stall=stall.label), rule)


def trade_neighbours_gain(game: WorkingGame, seat: int, space: int, rule: str) -> None:
    """Trade III: every other player whose Merchant stands next to a stall just activated (from Market space
    ``space``) takes that stall's resource from the supply (also when the Ghost trades: Ghost Actions: Merchant
    a.III)."""
    market = market_layout(game)
    n = market.spaces
    anticlockwise, clockwise = market.beside(space)
    for j, other in enumerate(game.players):
        if j == seat or other.merchant is None:
            continue
        if other.merchant == (space - 1) % n:
            gain_resource(game, j, anticlockwise, 1, f"its Merchant is next to the {anticlockwise.label} stall", rule)
        if other.merchant == (space + 1) % n:
            gain_resource(game, j, clockwise, 1, f"its Merchant is next to the {clockwise.label} stall", rule)


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
        k, src = choice.space, choice.source
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
    if choice.__class__ is Trade:
        r = choice.resource
        pay_resources(game, seat, Stock.of([r]))
        game.market = game.market.plus([r])
        game.log_event(f"{game.name_of(seat)} trades: puts 1 {r.label} in the Market warehouse", R + " (Trade I)")
        k = game.player_at(seat).merchant
        activate_stalls(game, seat, k, R + " (Trade II)")
        trade_neighbours_gain(game, seat, k, R + " (Trade III)")
    else:
        got = game.market
        game.market = Stock()
        player = game.player_at(seat)
        game.set_player(seat, reserve=player.reserve.plus(got))
        game.log_event(f"{player.name} collects the Market warehouse: {stock_text(got)}", R + " (Collect I)")
        n = len(game.players)
        others = [(seat + d) % n for d in range(1, n) if game.player_at((seat + d) % n).merchant is not None]
        game.schedule(*[TakeResource(j, why="Collect: another player's Merchant is in play") for j in others])


# --- the grammar and why a move is not allowed (public information only) ------------------------------------------
def grammar(state: AnyState, frame: Frame) -> list[str]:
    """Every Market space there is with this many players (Game Setup 1g), every trade, Collect."""
    spaces = market_layout(state).spaces
    return [f"merchant space {k}" for k in range(1, spaces + 1)] + [f"trade {r.value}" for r in RESOURCES] + ["collect"]


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Merchant - a space taken or where your Merchant stands, no Worker to place, nothing to
    trade, the wrong stage."""
    seat = frame.player
    player = state.players[seat]
    words = move.split()
    if move.startswith("merchant space ") and len(words) == 3 and words[2].isdigit():
        if frame.stage != "place":
            return "your Merchant stands where it will: now trade or collect"
        k = int(words[2]) - 1
        spaces = market_layout(state).spaces
        if not 0 <= k < spaces:
            return f"with {len(state.players)} players the Market has spaces 1-{spaces} (Game Setup 1g)"
        owner = next((other for j, other in enumerate(state.players) if j != seat and other.merchant == k), None)
        if owner is not None:
            return f"{owner.name}'s Merchant stands on Market space {k + 1}"
        if player.merchant == k:
            return f"your Merchant already stands on Market space {k + 1}: 'merchant stay' keeps it there"
        if player.merchant is None and not any(suffix == "" for suffix, _ in worker_sources(state, seat, "merchant")):
            return "you have no unused Worker: move one from where it stands ('merchant space N from ...')"
        return None
    if words[0] in ("trade", "collect"):
        if frame.stage == "place":
            return "first place your Merchant, or keep it where it stands"
        if words[0] == "trade" and len(words) == 2:
            resource = next((r for r in RESOURCES if r.value == words[1]), None)
            if resource is not None and player.reserve[resource] == 0:
                return f"you have no {resource.label} to put in the warehouse (Trade I)"
    return None


plays(
    MerchantAction,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"merchant": "Move the Merchant", "trade": "Trade at the Market", "collect": "Collect"},
)
