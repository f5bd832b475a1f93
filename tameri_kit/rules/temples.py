"""Deprecated name of :mod:`tameri_kit.rules.temple_moves` (the Priest's moves in the Temples: legality, pushes, gains);
renamed so that the file name says its job (issue 39).

``from tameri_kit.rules.temples import X`` still works for every name, with a ``DeprecationWarning`` that names the new
module."""

from ..renamed import forward
from . import temple_moves

__getattr__ = forward(__name__, temple_moves)
