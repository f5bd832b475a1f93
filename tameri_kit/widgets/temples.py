"""Deprecated name of :mod:`tameri_kit.widgets.temple_widget` (the interactive Temple board); renamed so that the file
name says its job (issue 39).

``from tameri_kit.widgets.temples import X`` still works for every name, with a ``DeprecationWarning`` that names the
new module."""

from ..renamed import forward
from . import temple_widget

__getattr__ = forward(__name__, temple_widget)
