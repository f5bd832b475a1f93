"""The Ghost at the End of the Season and the End of the Game, and who beat it.

Rulebook: Ghost End of Season (a random Priest card from the draft; the right glyph as usual; 1 point per
Building; its screen counts in the majorities) and Ghost End of Game (majorities, Building sets, Priest cards;
nothing in steps 4 and 5).  The draft's random card is a chance node in ``game/rules_of_play/season_end_flow.py``; the rules module
``rules/season_end_scoring.py`` scores the flat Building points (``flat_buildings``).  Steps 4 and 5 give the Ghost nothing:
it never holds a hand, resources in its supply, Deben or Silt, and a Gift of the Gods given to it at random counts
for nothing there (:func:`ghost_situation`, reading X13).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....rules.offering import Stock
from ....rules.scoring import PlayerSituation


@dataclass(frozen=True)
class GhostResult:
    """How the humans did against the Ghost: ``level``; the Ghost's points; per human ``(name, points, margin)``
    (margin = points - the Ghost's); ``beaten``: the humans who beat it (a tie goes by End of the Game step 6)."""

    level: str
    ghost: int
    humans: tuple[tuple[str, int, int], ...]
    beaten: tuple[str, ...]

    @property
    def text(self) -> str:
        """Who beat the Ghost, in a sentence: each human player's points and by how much they beat it, tied with it (and
        lost or won the tie-break) or lost to it (+1 Player Mode: Ghost End of Game)."""
        parts = []
        for name, points, margin in self.humans:
            if name in self.beaten:
                how = (
                    f"beats the Ghost by {margin} point{'s' if margin != 1 else ''}"
                    if margin
                    else "beats the Ghost on the tie-break"
                )
            elif margin == 0:
                how = "ties with the Ghost and loses the tie-break"
            else:
                how = f"loses to the Ghost by {-margin} point{'s' if margin != -1 else ''}"
            parts.append(f"{name} {points} {how}")
        return f"Against the Ghost ({self.level}, {self.ghost} points): " + "; ".join(parts)


def ghost_situation(situation: PlayerSituation) -> PlayerSituation:
    """What the End of the Game sees of the Ghost: Ghost End of Game steps 4 and 5 give it no points, so it shows
    no hand, no resources in its supply, no Deben, no Silt and no Gifts of the Gods there (a Gift can be given to it
    at random when the Gifts are in the Priest deck: Recommended Preparation 2; reading X13).  Its screen, Buildings
    and Priest cards (steps 1-3) are untouched."""
    return situation.but(hand=(), reserve=Stock(), deben=0, silt=0, gifts=0)


def ghost_result(state: Any) -> GhostResult | None:
    """The result against the Ghost of a finished Ghost game (``None`` before the end or without a Ghost)."""
    outcome, ghost = state.outcome, state.ghost
    if outcome is None or ghost is None:
        return None
    settings = state.settings
    ghost_name = settings.players[ghost.seat]
    ghost_points = outcome.total(ghost_name)
    humans = tuple(
        (name, outcome.total(name), outcome.total(name) - ghost_points) for name in settings.players[: ghost.seat]
    )
    winners = set(outcome.winners)
    beaten = tuple(
        name
        for name, points, margin in humans
        if margin > 0 or (margin == 0 and name in winners and ghost_name not in winners)
    )
    level = settings.ghost if settings.ghost != "custom" else f"custom {settings.ghost_spaces}"
    return GhostResult(level, ghost_points, humans, beaten)
