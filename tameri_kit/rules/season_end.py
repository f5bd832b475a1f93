"""Deprecated name of :mod:`tameri_kit.rules.season_end_scoring` (the End of the Season's scoring, steps 2-4: the last
card's glyph, the Buildings' Season points, the majorities); renamed so that the file name says its job (issue 39:
``season_end.py`` stood in ``rules/`` and in ``game/rules_of_play/`` with different jobs).

``from tameri_kit.rules.season_end import X`` still works for every name, with a ``DeprecationWarning`` that names
the new module."""

from ..renamed import forward
from . import season_end_scoring

__getattr__ = forward(__name__, season_end_scoring)
