"""Deprecated name of :mod:`tameri_kit.data.temples_and_priests` (the Temple tracks and the Priest cards files); renamed
so that the file name says its job (issue 39).

``from tameri_kit.data.temples import X`` still works for every name, with a ``DeprecationWarning`` that names the new
module."""

from ..renamed import forward
from . import temples_and_priests

__getattr__ = forward(__name__, temples_and_priests)
