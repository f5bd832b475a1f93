"""Deprecated name of :mod:`tameri_kit.game.rules_of_play.game_effects` (Game Effects in a game: immediate and permanent
effects); renamed so that the file name says its job (issue 39).

``from tameri_kit.game.rules_of_play.effects import X`` still works for every name, with a ``DeprecationWarning`` that
names the new module."""

from ...renamed import forward
from . import game_effects

__getattr__ = forward(__name__, game_effects)
