"""Deprecated name of :mod:`tameri_kit.widgets.scoring_widgets` (the scoring widgets); renamed so that the file name
says its job (issue 39).

``from tameri_kit.widgets.scoring import X`` still works for every name, with a ``DeprecationWarning`` that names the
new module."""

from ..renamed import forward
from . import scoring_widgets

__getattr__ = forward(__name__, scoring_widgets)
