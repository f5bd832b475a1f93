"""Deprecated name of :mod:`tameri_kit.game.rules_of_play.season_end_flow` (the End of the Season in a game: the Priest
draft's frames, D4's choices, the scoring applied to the state, the next Season or the End of the Game); renamed so
that the file name says its job (issue 39: ``season_end.py`` stood in ``rules/`` and in ``game/rules_of_play/``).

``from tameri_kit.game.rules_of_play.season_end import X`` still works for every name, with a ``DeprecationWarning``
that names the new module."""

from ...renamed import forward
from . import season_end_flow

__getattr__ = forward(__name__, season_end_flow)
