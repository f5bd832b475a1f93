"""The mutable working copy of one step (:class:`WorkingGame`): the engine changes it while a decision or a chance
outcome is applied, then freezes it into the next :class:`~tameri_kit.game.core.state.GameState`; and the small changes
every rule makes through it (gain or pay resources, Deben, points, Silt, take a Worker), each logged with its rule.

Rulebook: Components (the supply's limits on what can be gained); Game Effects: Immediate Effects.
"""

from __future__ import annotations

from ..._fast import copy_with, from_fields
from ...errors import IllegalActionError
from ...rules.common import Resource, Sphere
from ...rules.weather_effects import gain_silt
from ...rules.offering import Stock
from .catalog import Rule
from .frames import Frame
from .state import GameState, PlayerState, deben_supply, resource_supply

# ----------------------------------------------------------------------------------------------------------------
# A working copy, mutated during one step and frozen at the end
# ----------------------------------------------------------------------------------------------------------------


class WorkingGame:
    """A mutable copy of a :class:`GameState` used inside :func:`step` only.

    ``players`` and ``stack`` are lists here; ``stack`` stays the same list for the whole step (:func:`_advance`
    holds on to it), so rules change it in place (``append``, ``pop``, ``clear``) and never assign a new one."""

    __slots__ = (
        "__dict__",
        "new_events",
        "cache",
    )  # the game's fields live in __dict__, the step's own bookkeeping not

    def __init__(self, state: GameState):
        d = state.__dict__.copy()  # becomes the new state's own __dict__ in freeze (one copy per step)
        d["_cache"] = None  # the old state's cache does not describe the working copy
        d["players"] = list(d["players"])
        d["stack"] = list(d["stack"])
        self.__dict__ = d
        self.new_events: list[tuple] = []  # (text, rule, seat) of each event of the step
        self.cache: dict = {}  # what _advance already worked out for the new top (legal moves, chance list)

    def freeze(self) -> GameState:
        """The new state; the working copy hands over its fields and must not be used afterwards."""
        d = self.__dict__
        log = d["log"]
        for text, rule, seat in self.new_events:  # the log's nodes (state.log_events)
            log = (log, text, rule, seat)
        d["players"] = tuple(d["players"])
        d["stack"] = tuple(d["stack"])
        d["log"] = log
        d["_cache"] = self.cache
        return from_fields(GameState, d)

    # helpers
    def log_event(self, text: str, rule: str = "", seat: int | None = None) -> None:
        """Add an event to the step's new events: its text, the rule it cites and, for a private event, the one seat
        that sees it (an :class:`Event` is made only when the log is read: ``state.log_events``)."""
        self.new_events.append((text, rule, seat))

    def player_at(self, seat: int) -> PlayerState:
        """The ``PlayerState`` at ``seat`` as it stands in this step."""
        return self.players[seat]

    def set_player(self, seat: int, **changes) -> None:
        """Replace the player at ``seat`` by a copy with the given fields changed (an unknown field raises
        ``TypeError``)."""
        # PlayerState.but (copy_with) inlined: the rules change a player about 250 times a game
        old = self.players[seat].__dict__
        fields = {**old, **changes}
        if len(fields) != len(old):
            copy_with(self.players[seat], changes)  # raises: no such field
        self.players[seat] = from_fields(PlayerState, fields)

    def name_of(self, seat: int) -> str:
        """The name of the player at ``seat``."""
        return self.players[seat].name

    def schedule(self, *frames: Frame) -> None:
        """Push frames so that the first one given is handled first."""
        self.stack.extend(frames[::-1])

    @property
    def top(self) -> Frame:
        """The frame on top of the working stack (what the step resolves now)."""
        return self.stack[-1]

    def pop(self) -> Frame:
        """Take the top frame off the working stack and return it."""
        return self.stack.pop()

    def replace_top(self, frame: Frame) -> None:
        """Put ``frame`` in place of the top frame (a frame moving to its next stage)."""
        self.stack[-1] = frame

    def deck(self, letter: str) -> tuple:
        """The cards left in the Action-card deck ``letter``; empty if there is none."""
        return dict(self.decks).get(letter, ())

    def use(self, seat: int, effect: str) -> None:
        """Mark ``effect`` used by ``seat`` this turn (Phase 4, step 2: each permanent effect can be applied only once
        per turn)."""
        if f"{seat}:{effect}" not in self.used:
            self.used = tuple(sorted(self.used + (f"{seat}:{effect}",)))


#: A frozen state or the working copy of a step: the questions about a state take either (same fields).
AnyState = GameState | WorkingGame


# ----------------------------------------------------------------------------------------------------------------
def gain_resource(
    game: WorkingGame, seat: int, resource: Resource, amount: int = 1, why: str = "", rule: str = ""
) -> int:
    """Give ``seat`` up to ``amount`` of ``resource`` from the general supply (no more than the supply holds) and log
    it; the Ghost's gains go behind its screen and score nothing (+1 Player Mode: Possible Actions).  Returns how many
    were given."""
    amount = min(amount, resource_supply(game, resource))
    if amount > 0 and game.ghost is not None and seat == game.ghost.seat:  # ghost16: +1 Player Mode
        # whatever the Ghost gains goes behind its screen and scores nothing (Possible Actions: Merchant, notes)
        player = game.player_at(seat)
        game.set_player(seat, screen=player.screen.with_count(resource, player.screen[resource] + amount))
        text = f"{amount} {resource.label}" + (f" ({why})" if why else "")
        game.log_event(f"{player.name} puts {text} behind its screen (no points)", rule)
        return amount
    if amount > 0:
        player = game.player_at(seat)
        game.set_player(seat, reserve=player.reserve.with_count(resource, player.reserve[resource] + amount))
        game.log_event(f"{player.name} gains {amount} {resource.label}" + (f" ({why})" if why else ""), rule)
    return amount


def pay_resources(game: WorkingGame, seat: int, stock: Stock) -> None:
    """Take ``stock`` from the supply of ``seat`` (returned to the general supply); the caller has checked that it is
    there."""
    player = game.player_at(seat)
    game.set_player(seat, reserve=player.reserve.minus(stock))


def gain_deben(game: WorkingGame, seat: int, amount: int, why: str = "", rule: str = "") -> int:
    """Give ``seat`` up to ``amount`` Deben from the general supply (no more than it holds) and log it; returns how many
    were given."""
    amount = min(amount, deben_supply(game))
    if amount > 0:
        game.set_player(seat, deben=game.player_at(seat).deben + amount)
        game.log_event(f"{game.name_of(seat)} gains {amount} Deben" + (f" ({why})" if why else ""), rule)
    return amount


def pay_deben(game: WorkingGame, seat: int, amount: int) -> None:
    """Take ``amount`` Deben from ``seat``; a player without enough raises ``IllegalActionError`` and nothing changes."""
    player = game.player_at(seat)
    if player.deben < amount:
        raise IllegalActionError(f"{player.name} has {player.deben} Deben, needs {amount}", rule=Rule.EXTRA_WEATHER)
    game.set_player(seat, deben=player.deben - amount)


def gain_points(game: WorkingGame, seat: int, points: int, why: str, rule: str = "") -> None:
    """Add ``points`` to the score of ``seat`` (nothing for 0) and log why, citing ``rule``."""
    if points:
        game.set_player(seat, score=game.player_at(seat).score + points)
        game.log_event(f"{game.name_of(seat)} scores {points} point{'s' if points != 1 else ''} ({why})", rule)


def set_silt(game: WorkingGame, seat: int, count: int) -> None:
    """Keep the player's Silt and the pyramid's count of Silt on boards in step."""
    d = count - game.player_at(seat).silt
    game.set_player(seat, silt=count)
    game.pyramid = game.pyramid.with_held(game.pyramid.held_silt + d)


def gain_silt_sphere(game: WorkingGame, seat: int, why: str, rule: str = Rule.IMMEDIATE_EFFECTS) -> bool:
    """Give ``seat`` one Silt sphere from the supply (Immediate Effects: Silt; ``rules.weather_effects.gain_silt``),
    or log that none is left; returns whether one was given."""
    if game.pyramid.supply(Sphere.SILT) <= 0:
        game.log_event(
            f"{game.name_of(seat)} cannot gain a Silt sphere: none is left in the supply", Rule.IMMEDIATE_EFFECTS
        )
        return False
    game.pyramid, _ = gain_silt(game.pyramid, rule=rule)
    game.set_player(seat, silt=game.player_at(seat).silt + 1)
    game.log_event(f"{game.name_of(seat)} gains 1 Silt sphere ({why})", rule)
    return True


def take_worker(game: WorkingGame, seat: int, src: str) -> None:
    """Take the Worker ``src`` names off the board so that it can be placed again (``free``: a Worker not yet used;
    ``merchant``, ``builder`` or ``field:NAME``): Possible Actions (placing or moving a Worker), the Builder's note that
    it starts again at the bottom."""
    player = game.player_at(seat)
    if src == "free":
        return
    if src == "merchant":
        game.set_player(seat, merchant=None)
        game.log_event(f"{player.name} takes the Merchant off the Market", Rule.ACTIONS)
    elif src == "builder":
        game.set_player(seat, builder=None)
        game.log_event(
            f"{player.name} takes the Builder off the Construction area (it will start again at the bottom)",
            Rule.BUILDER,
        )
    elif src.startswith("field:"):
        f = src[6:]
        game.set_player(seat, farmers=tuple(x for x in player.farmers if x != f))
        game.log_event(f"{player.name} takes the Farmer off {f}", Rule.ACTIONS)
