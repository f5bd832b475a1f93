"""The mutable working copy of one step."""

from __future__ import annotations

from .._fast import from_fields
from ..errors import IllegalActionError
from ..rules.common import Resource, Sphere
from ..rules.effects import gain_silt
from ..rules.offering import Stock
from .catalog import Rule
from .frames import Frame
from .state import Event, GameState, PlayerState, deben_supply, resource_supply

# ----------------------------------------------------------------------------------------------------------------
# A working copy, mutated during one step and frozen at the end
# ----------------------------------------------------------------------------------------------------------------


class WorkingGame:
    """A mutable copy of a :class:`GameState` used inside :func:`step` only.

    ``players`` and ``stack`` are lists here; ``stack`` stays the same list for the whole step (:func:`_advance`
    holds on to it), so rules change it in place (``append``, ``pop``, ``clear``) and never assign a new one."""

    __slots__ = ("__dict__", "evs", "cache")   # the game's fields live in __dict__, the step's own bookkeeping not

    def __init__(self, s: GameState):
        d = s.__dict__.copy()       # becomes the new state's own __dict__ in freeze (one copy per step)
        d["_cache"] = None          # the old state's cache does not describe the working copy
        d["players"] = list(s.players)
        d["stack"] = list(s.stack)
        self.__dict__ = d
        self.evs: list[Event] = []
        self.cache: dict = {}       # what _advance already worked out for the new top (legal moves, chance list)

    def freeze(self) -> GameState:
        """The new state; the working copy hands over its fields and must not be used afterwards."""
        log = self.log
        for e in self.evs:
            log = (log, e)
        d = self.__dict__
        d["players"] = tuple(d["players"])
        d["stack"] = tuple(d["stack"])
        d["log"] = log
        d["_cache"] = self.cache
        return from_fields(GameState, d)

    # helpers
    def ev(self, text: str, rule: str = "", seat: int | None = None) -> None:
        self.evs.append(Event(text, rule, seat))

    def P(self, i: int) -> PlayerState:
        return self.players[i]

    def setp(self, i: int, **kw) -> None:
        self.players[i] = self.players[i].but(**kw)

    def name(self, i: int) -> str:
        return self.players[i].name

    def schedule(self, *frames: Frame) -> None:
        """Push frames so that the first one given is handled first."""
        self.stack.extend(reversed(frames))

    @property
    def top(self) -> Frame:
        return self.stack[-1]

    def pop(self) -> Frame:
        return self.stack.pop()

    def replace_top(self, frame: Frame) -> None:
        self.stack[-1] = frame

    def deck(self, letter: str) -> tuple:
        return dict(self.decks).get(letter, ())

    def is_used(self, i: int, effect: str) -> bool:
        return f"{i}:{effect}" in self.used

    def use(self, i: int, effect: str) -> None:
        if f"{i}:{effect}" not in self.used:
            self.used = tuple(sorted(self.used + (f"{i}:{effect}",)))


# ----------------------------------------------------------------------------------------------------------------
def gain_resource(w: WorkingGame, i: int, r: Resource, n: int = 1, why: str = "", rule: str = "") -> int:
    n = min(n, resource_supply(w, r))
    if n > 0:
        p = w.P(i)
        w.setp(i, reserve=p.reserve.with_count(r, p.reserve[r] + n))
        w.ev(f"{p.name} gains {n} {r.label}" + (f" ({why})" if why else ""), rule)
    return n


def pay_resources(w: WorkingGame, i: int, stock: Stock) -> None:
    p = w.P(i)
    w.setp(i, reserve=p.reserve.minus(stock))


def gain_deben(w: WorkingGame, i: int, n: int, why: str = "", rule: str = "") -> int:
    n = min(n, deben_supply(w))
    if n > 0:
        w.setp(i, deben=w.P(i).deben + n)
        w.ev(f"{w.name(i)} gains {n} Deben" + (f" ({why})" if why else ""), rule)
    return n


def pay_deben(w: WorkingGame, i: int, n: int) -> None:
    p = w.P(i)
    if p.deben < n:
        raise IllegalActionError(f"{p.name} has {p.deben} Deben, needs {n}", rule=Rule.EXTRA_WEATHER)
    w.setp(i, deben=p.deben - n)


def gain_points(w: WorkingGame, i: int, n: int, why: str, rule: str = "") -> None:
    if n:
        w.setp(i, score=w.P(i).score + n)
        w.ev(f"{w.name(i)} scores {n} point{'s' if n != 1 else ''} ({why})", rule)


def set_silt(w: WorkingGame, i: int, n: int) -> None:
    """Keep the player's Silt and the pyramid's count of Silt on boards in step."""
    d = n - w.P(i).silt
    w.setp(i, silt=n)
    w.pyramid = w.pyramid.with_held(w.pyramid.held_silt + d)


def gain_silt_sphere(w: WorkingGame, i: int, why: str, rule: str = Rule.IMMEDIATE_EFFECTS) -> bool:
    if w.pyramid.supply(Sphere.SILT) <= 0:
        w.ev(f"{w.name(i)} cannot gain a Silt sphere: none is left in the supply", Rule.IMMEDIATE_EFFECTS)
        return False
    w.pyramid, _ = gain_silt(w.pyramid, rule=rule)
    w.setp(i, silt=w.P(i).silt + 1)
    w.ev(f"{w.name(i)} gains 1 Silt sphere ({why})", rule)
    return True


def take_worker(w: WorkingGame, i: int, src: str) -> None:
    p = w.P(i)
    if src == "free":
        return
    if src == "merchant":
        w.setp(i, merchant=None)
        w.ev(f"{p.name} takes the Merchant off the Market", Rule.ACTIONS)
    elif src == "builder":
        w.setp(i, builder=None)
        w.ev(f"{p.name} takes the Builder off the Construction area (it will start again at the bottom)",
             Rule.BUILDER)
    elif src.startswith("field:"):
        f = src[6:]
        w.setp(i, farmers=tuple(x for x in p.farmers if x != f))
        w.ev(f"{p.name} takes the Farmer off {f}", Rule.ACTIONS)


