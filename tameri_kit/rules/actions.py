"""Deprecated name of :mod:`tameri_kit.rules.action_cards` (the components' list: the eight actions, the glyphs, the
weather effects on the cards, the Action card); renamed so that the file name says its job (issue 39).

``from tameri_kit.rules.actions import X`` still works for every name, with a ``DeprecationWarning`` that names the new
module."""

from ..renamed import forward
from . import action_cards

__getattr__ = forward(__name__, action_cards)
