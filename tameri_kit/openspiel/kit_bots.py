"""The kit's own bots (``expert``, ``strong``, ``greedy``, ``random``) as OpenSpiel bots, for OpenSpiel's tools::

    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots
    from tameri_kit.openspiel.kit_bots import KitBot

    game = pyspiel.load_game("python_tameri(players=2)")
    bots = [KitBot(game, 0, "expert"), KitBot(game, 1, "strong", seed=1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.default_rng(0))

Rulebook: the whole game (the bot plays by the engine's legal decisions).  A :class:`KitBot` is a ``pyspiel.Bot``: at
its player's turn ``step(state)`` hands the kit bot only that player's
:class:`~tameri_kit.game.play.bots.BotView` of the kit state inside the OpenSpiel state (never the whole state:
``expert`` samples what it cannot see) and returns the action id of the decision it takes.  A bot kind that declares
it sees hidden information (``mcts``) is handed the whole state, as :func:`~tameri_kit.game.play.bots.decide`
does.
"""

from __future__ import annotations

import pyspiel

from ..errors import TameriError
from ..game.play.bots import decide, make_bot
from .game import TameriState, move_id


class KitBot(pyspiel.Bot):
    """One of the kit's bots (a registered name such as ``"expert"`` or ``"expert:48"``) playing ``player_id`` of
    ``game`` (``python_tameri``), seeded by ``seed``."""

    def __init__(self, game, player_id: int, kind: str = "expert", seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.game = game
        self.player_id = player_id
        self.kind = kind
        self.seed = seed
        self.bot = make_bot(kind, seed)

    def restart_at(self, state) -> None:
        """A new game: a fresh bot of the same kind and seed."""
        self.bot = make_bot(self.kind, self.seed)

    def step(self, state) -> int:
        """The action id of the decision the kit bot takes at ``state`` (its player's turn)."""
        if not isinstance(state, TameriState):
            raise TameriError(f"a KitBot plays python_tameri states, not {type(state).__name__}")
        if state.current_player() != self.player_id:
            raise TameriError(f"it is player {state.current_player()}'s turn, not this bot's ({self.player_id})")
        return move_id(decide(self.bot, state.tameri).move)

    def inform_action(self, state, player_id, action) -> None:
        """Nothing to remember: the kit bots read the whole history from the state's view."""

    def provides_policy(self) -> bool:
        return False
