"""The typed choices that several kinds of decision share: a sphere taken off a ramp, a way of paying, an exchange
of resources.

Rulebook: Weather Effects on the Cards and Extra Weather Effects (a Sun or Water sphere removed from a ramp);
Permanent Effects (paying with substitutions, C1-C5); Building A5 and Sphinx Effects 3B (an exchange).  A legal
move is its text and one of these small frozen values (or a kind's own, defined beside its rule: the Farmer's
:class:`~.actions.farmer.PlaceFarmer`, the Merchant's :class:`~.actions.merchant.Trade` ...); only the kind that
listed a move reads its value, by field name.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._fast import direct_init
from ..rules.common import RAMPS, Ramp, Resource
from ..rules.offering import Stock


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
