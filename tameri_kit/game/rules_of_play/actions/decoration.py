"""The Decoration action: use the effect of any one Sphinx space of the Avenue, whoever's Sphinx stands there (or
none), without paying the Fruit.

Rulebook: Possible Actions: Decoration (Example 13); Sphinx Effects.
"""

from __future__ import annotations

from typing import Any

from ...core.catalog import Rule
from ...core.frames import DecorationAction, Frame, UseSphinxEffect, plays
from ...core.working import AnyState, WorkingGame


def legal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    return [(f"decorate {f}", f) for f in sorted(state.sphinx, key=lambda x: (int(x[:-1]), x[-1]))] + [
        ("decorate pass", None)
    ]


def apply(game: WorkingGame, frame: Frame, face: str) -> None:
    """Possible Actions: Decoration - any Sphinx space's effect, no Fruit (Example 13); B1."""
    game.pop()
    if face is None:
        return
    game.log_event(
        f"{game.name_of(frame.player)} activates the Sphinx effect {face} (Decoration, no Fruit paid)",
        Rule.DECORATION + " (Example 13)",
    )
    game.schedule(UseSphinxEffect(frame.player, face=face))


plays(DecorationAction, legal=legal, apply=apply, groups={"decorate": "Decorate"})
