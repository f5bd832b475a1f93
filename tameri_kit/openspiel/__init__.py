"""Tameri as an OpenSpiel game (the optional extra ``tameri_kit[openspiel]``): importing this package registers
``python_tameri`` with ``pyspiel``::

    >>> import pyspiel, tameri_kit.openspiel
    >>> game = pyspiel.load_game("python_tameri(players=3)")
    >>> game.num_players(), game.new_initial_state().current_player() == pyspiel.PlayerId.CHANCE
    (3, True)

``game.py``: the game, its parameters, returns and views; ``grammar.py``: every move text, numbered once and for all
in ``moves_v1.txt`` and ``chance_v1.txt`` (the action ids).
"""

from .game import (
    SHORT_NAME,
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

__all__ = [
    "SHORT_NAME",
    "OpenSpielSettingsError",
    "TameriGame",
    "TameriState",
    "UnknownMoveError",
    "chance_id",
    "move_id",
    "parameters_of",
    "record_of",
    "state_of",
]
