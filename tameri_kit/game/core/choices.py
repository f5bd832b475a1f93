"""The typed choices that several kinds of decision share (a sphere taken off a ramp, a way of paying, an exchange
of resources) and those of step 2 of a turn (an action, extra weather, the end of the actions).

Rulebook: Weather Effects on the Cards and Extra Weather Effects (a Sun or Water sphere removed from a ramp);
Permanent Effects (paying with substitutions, C1-C5); Building A5 and Sphinx Effects 3B (an exchange).  A legal
move is its text and one of these small frozen values (or a kind's own, defined beside its rule: the Farmer's
:class:`~.actions.farmer.PlaceFarmer`, the Merchant's :class:`~.actions.merchant.Trade` ...); only the kind that
listed a move reads its value, by field name.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..._fast import direct_init
from ...rules.action_cards import Action
from ...rules.common import RAMPS, Ramp, Resource
from ...rules.offering import Stock


@direct_init
@dataclass(frozen=True)
class SphereOnRamp:
    """The ``colour`` sphere ("S": Sun, "W": Water) removed from ``ramp``."""

    colour: str
    ramp: Ramp


#: Every sphere that can be taken off a ramp, made once (a legal move reuses these values: building new ones for
#: every listing costs about 2 % of a random game, bench/compare.py --instructions)
SPHERE_ON_RAMP = {(colour, ramp): SphereOnRamp(colour, ramp) for colour in ("S", "W") for ramp in RAMPS}


@direct_init
@dataclass(frozen=True)
class GainSilt:
    """A Silt sphere from the supply instead (a card's weather effect, Building F4)."""


GAIN_SILT = GainSilt()


@direct_init
@dataclass(frozen=True)
class Payment:
    """What is paid (``paid``) and the Buildings whose permanent effects the payment uses (``effects_used``: C1-C5
    substitutions, A4, B5 ...)."""

    paid: Stock
    effects_used: tuple[str, ...] = ()


@direct_init
@dataclass(frozen=True)
class Exchange:
    """1 ``given`` resource to the supply for 1 ``taken`` from it."""

    given: Resource
    taken: Resource


# --- step 2 of a turn (Phase 4: Individual Turns) ---------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class DoAction:
    """Take the next action of the card (``do``) or give it up (``skip``: ``take`` False)."""

    action: Action
    take: bool = True


@direct_init
@dataclass(frozen=True)
class ExtraWeather:
    """Extra Weather Effects: ``what`` "remove" (1 Deben: the ``colour`` sphere from ``ramp``), "buy silt" (2 Deben:
    a Silt to the supply behind the screen, or to the river of ``ramp``) or "place silt" (a Silt of one's own into
    the river of ``ramp``)."""

    what: str
    ramp: Ramp | None = None
    colour: str = ""


@direct_init
@dataclass(frozen=True)
class EndActions:
    """The end of step 2."""


END_ACTIONS = EndActions()
#: the choices of step 2 that recur, made once (see SPHERE_ON_RAMP)
DO_ACTION = {action: DoAction(action) for action in Action}
SKIP_ACTION = {action: DoAction(action, False) for action in Action}
EXTRA_REMOVE = {key: ExtraWeather("remove", key[1], key[0]) for key in SPHERE_ON_RAMP}
EXTRA_BUY_SILT = {ramp: ExtraWeather("buy silt", ramp) for ramp in (None, *RAMPS)}
EXTRA_PLACE_SILT = {ramp: ExtraWeather("place silt", ramp) for ramp in RAMPS}
