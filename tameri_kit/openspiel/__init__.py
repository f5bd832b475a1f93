"""Tameri as an OpenSpiel game (the optional extra ``tameri_kit[openspiel]``): importing this package registers
``python_tameri`` with ``pyspiel``::

    >>> import pyspiel, tameri_kit.openspiel
    >>> game = pyspiel.load_game("python_tameri(players=3)")
    >>> game.num_players(), game.new_initial_state().current_player() == pyspiel.PlayerId.CHANCE
    (3, True)

``game.py``: the game, its returns and views; ``parameters.py``: its parameters (every setting and reading, in a
game string that loads back); ``grammar.py``: every move text, numbered once and for all
in ``moves_v1.txt`` and ``chance_v1.txt`` (the action ids); ``bots.py``: OpenSpiel's MCTS as the bots ``mcts``
(sees hidden information) and ``ismcts`` (does not peek); ``extra.py``: their names, without OpenSpiel.

Without OpenSpiel installed this package still imports (``explore`` and the table read the search bots' names
from :mod:`.extra`); asking for the game's names then is a :class:`MissingExtraError` naming the extra.
"""

from .extra import (
    EXTRA_INSTALL,
    SEARCH_BOTS,
    MissingExtraError,
    bot_problem,
    check_bots,
    load_search_bots,
    search_bot,
)

_GAME_NAMES = (
    "SHORT_NAME",
    "ActionIdError",
    "OpenSpielSettingsError",
    "TameriGame",
    "TameriState",
    "UnknownMoveError",
    "chance_id",
    "move_id",
    "parameters_of",
    "record_of",
    "state_of",
)

try:
    from .game import (
        SHORT_NAME,
        ActionIdError,
        OpenSpielSettingsError,
        TameriGame,
        TameriState,
        UnknownMoveError,
        chance_id,
        move_id,
        parameters_of,
        record_of,
        state_of,
    )
except ModuleNotFoundError as missing:  # without the extra: the names below say what to install
    if (missing.name or "").split(".")[0] not in ("pyspiel", "open_spiel"):
        raise

    def __getattr__(name: str):
        if name in _GAME_NAMES:
            raise MissingExtraError(
                f"tameri_kit.openspiel.{name} needs OpenSpiel, which is not installed: {EXTRA_INSTALL}"
            )
        raise AttributeError(f"module 'tameri_kit.openspiel' has no attribute {name!r}")


__all__ = [
    "SHORT_NAME",
    "ActionIdError",
    "OpenSpielSettingsError",
    "TameriGame",
    "TameriState",
    "UnknownMoveError",
    "chance_id",
    "move_id",
    "parameters_of",
    "record_of",
    "state_of",
    "EXTRA_INSTALL",
    "SEARCH_BOTS",
    "MissingExtraError",
    "bot_problem",
    "check_bots",
    "load_search_bots",
    "search_bot",
]
