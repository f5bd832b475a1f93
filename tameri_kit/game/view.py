"""A player's view: only what that player may see.

Rulebook: Season 0 (cards kept face down); Phase 2 (cards chosen in secret); Phase 3 (face-down cards);
Possible Actions: Offering (behind the screen); Priest Cards (kept secret).  Deck orders are never stored (the
engine draws at random when a card is drawn), so no view can show them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .render import state_html, state_text


@dataclass(frozen=True)
class PlayerView:
    """What ``player`` sees of ``state``: ``text()``, ``_repr_html_()``, ``events()`` and ``legal`` (their
    decisions, when it is their turn to decide)."""

    state: object
    player: str

    @property
    def seat(self) -> int:
        return self.state.seat(self.player)

    def text(self) -> str:
        return state_text(self.state, self.seat)

    def __str__(self) -> str:
        return self.text()

    def events(self):
        seat = self.seat
        return [e for e in self.state.events() if e.seat is None or e.seat == seat]

    def log_text(self, last: int | None = None) -> str:
        evs = self.events()
        return "\n".join(str(e) for e in (evs[-last:] if last else evs))

    @property
    def legal(self):
        from .engine import legal_actions
        if self.state.to_move != self.player:
            return []
        return legal_actions(self.state)

    def _repr_html_(self) -> str:
        return state_html(self.state, self.seat)


def view(state, player: str) -> PlayerView:
    """The view of ``state`` for ``player`` (a name)."""
    state.seat(player)   # KeyError for an unknown name
    return PlayerView(state, player)
