"""Deprecated name of :mod:`tameri_kit.rules.weather_effects` (Weather Effects on the Cards and Extra Weather Effects);
renamed so that the file name says its job (issue 39).

``from tameri_kit.rules.effects import X`` still works for every name, with a ``DeprecationWarning`` that names the new
module."""

from ..renamed import forward
from . import weather_effects

__getattr__ = forward(__name__, weather_effects)
