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
    """Possible Actions: Decoration - ``decorate FACE`` for every Sphinx space's face, built on or not, without paying
    the Fruit (Example 13), or ``decorate pass``."""
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


def grammar(state: AnyState, frame: Frame) -> list[str]:
    """Both faces of every Sphinx tile of the Avenue (one shows, the other lies under it), then passing."""
    faces = sorted(state.sphinx, key=lambda x: (int(x[:-1]), x[-1]))
    return [f"decorate {face[:-1]}{side}" for face in faces for side in "AB"] + ["decorate pass"]


def why_not(state: AnyState, frame: Frame, move: str) -> str | None:
    """Possible Actions: Decoration - the effect of a space of the Avenue, that is of the face it shows."""
    face = move.removeprefix("decorate ")
    if face[:-1].isdigit() and face[-1:] in ("A", "B") and face not in state.sphinx:
        shown = next((x for x in state.sphinx if x[:-1] == face[:-1]), None)
        if shown is not None:
            return f"the Avenue shows {shown}: {face} is the other side of that tile, not in play"
    return None


plays(DecorationAction, legal=legal, apply=apply, grammar=grammar, why_not=why_not, groups={"decorate": "Decorate"})
