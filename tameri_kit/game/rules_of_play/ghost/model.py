"""The Ghost's own bookkeeping in the +1 Player Mode: its deck of Ghost cards and the card of the current turn.

Rulebook: +1 Player Mode, Game Setup (Human Players step 2: the 10 Ghost cards shuffled face down); Possible
Actions, general rule (one Ghost card per turn, shared by the actions that need one; discarded at the end of the
Ghost's turn).  The Ghost's pieces (board, screen, Workers, score) are an ordinary :class:`~..state.PlayerState` in
the last seat; only what no player has lives here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...._fast import copy_with, direct_init
from ....data.components import load_ghost
from ....data.loader import LazyMapping

#: The 10 Ghost cards by id (all illustrative: register D7).
GHOST_CARDS = LazyMapping(lambda: {card.id: card for card in load_ghost()})


@direct_init
@dataclass(frozen=True)
class GhostState:
    """``seat``: the Ghost's seat (the last).  ``pile``: the Ghost cards still face down (unordered, like every
    deck: reading E3).  ``discards``: the Ghost cards used.  ``card``: the Ghost card drawn this turn, or ``None``.
    ``using``: the Action card the Ghost is using this turn (its bottom resource feeds the Ghost's Merchant)."""

    seat: int
    pile: tuple[int, ...]
    discards: tuple[int, ...] = ()
    card: int | None = None
    using: int | None = None

    def but(self, **changes) -> GhostState:
        """A copy with the given fields changed (the Ghost's state is frozen; it has no checks to run again:
        tameri_kit._fast.copy_with)."""
        return copy_with(self, changes)


def ghost_seat(state: Any) -> int | None:
    """The Ghost's seat in ``state`` (a ``GameState`` or a working copy), or ``None`` without a Ghost."""
    ghost = state.ghost
    return None if ghost is None else ghost.seat


def is_ghost(state: Any, seat: int) -> bool:
    """Whether ``seat`` is the Ghost's seat (+1 Player Mode) in this game."""
    ghost = state.ghost
    return ghost is not None and seat == ghost.seat


def human_seats(state: Any) -> range:
    """The seats humans (or bots) take: every seat but the Ghost's (the last)."""
    return range(state.settings.humans)
