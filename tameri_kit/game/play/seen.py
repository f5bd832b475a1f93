"""What a bot is given when it must decide (:class:`BotView`): its player's view, never the whole state.

Rulebook: Phases 2-3 and the Components (what each player may see); the view itself is
:meth:`~tameri_kit.game.play.view.PlayerView.observation`.  :func:`~tameri_kit.game.play.bots.bot_view` makes one
from a state; a searching bot (:mod:`.expert_bot`) makes one for each player of a world it sampled.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.decisions import Decision


@dataclass(frozen=True)
class BotView:
    """What a bot is given when it must decide: nothing more than its player may see.

    ``player`` (a name), ``observation`` (a :class:`GameState` with the secrets of others removed; see
    :meth:`PlayerView.observation`), ``counts`` (the public sizes of hidden things: hands, screens, decks) and
    ``legal`` (the decisions open to the player, sorted by text).  There is deliberately no full state here.
    """

    player: str
    observation: object
    counts: dict
    legal: tuple[Decision, ...]

    @property
    def seat(self) -> int:
        """The seat of the player who must decide."""
        return self.observation.seat(self.player)
