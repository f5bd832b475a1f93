"""The +1 Player (Ghost) mode: the Ghost plays itself, one automatic step at a time.

Rulebook: +1 Player Mode Overview and everything after it up to the Building Card List, and the Ghost Actions
Summary, Ghost Temple Effects, Ghost End of Season and Ghost End of Game.  Modules: :mod:`.model` (the Ghost deck),
:mod:`.setup` (set-up, Season 0), :mod:`.turn` (the Ghost's turn, its chance nodes), :mod:`.actions` (the nine
actions and the Temple effects), :mod:`.ghost_scoring` (End of Season, End of Game, who beat the Ghost).
"""

from __future__ import annotations

from .actions import perform_ghost_action, resolve_ghost_frame
from .model import GHOST_CARDS, GhostState, ghost_seat, human_seats, is_ghost
from .ghost_scoring import GhostResult, ghost_result
from .setup import place_setup_farmer, set_up_ghost
from .turn import apply_ghost_chance, end_ghost_turn, ghost_chance_outcomes, start_ghost_turn

#: the Ghost's automatic steps (``AutoStep(step=..., arguments=...)``), joined to the engine's table
GHOST_AUTO = {
    "ghost_setup": set_up_ghost,
    "ghost_setup_farmer": place_setup_farmer,
    "ghost_turn": start_ghost_turn,
    "ghost_action": perform_ghost_action,
    "ghost_turn_end": end_ghost_turn,
}
#: the Ghost's chance nodes (``ghost_priest``, the draft's random card, lives with the draft in ``season_end``)
GHOST_CHANCE_KINDS = frozenset({"draw_ghost", "ghost_silt", "ghost_temple_card"})

__all__ = [
    "GHOST_AUTO",
    "GHOST_CARDS",
    "GHOST_CHANCE_KINDS",
    "GhostResult",
    "GhostState",
    "apply_ghost_chance",
    "ghost_chance_outcomes",
    "ghost_result",
    "ghost_seat",
    "human_seats",
    "is_ghost",
    "resolve_ghost_frame",
]
