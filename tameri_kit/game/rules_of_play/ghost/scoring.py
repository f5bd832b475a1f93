"""Deprecated name of :mod:`tameri_kit.game.rules_of_play.ghost.ghost_scoring` (the Ghost's End of the Season and of the
Game); renamed so that the file name says its job (issue 39).

``from tameri_kit.game.rules_of_play.ghost.scoring import X`` still works for every name, with a ``DeprecationWarning``
that names the new module."""

from ....renamed import forward
from . import ghost_scoring

__getattr__ = forward(__name__, ghost_scoring)
