"""Deprecated name of :mod:`tameri_kit.widgets.temple_widget` (the interactive Temple board); renamed so that the file
name says its job (issue 39).

``from tameri_kit.widgets.temples import X`` still works for every name, with a ``DeprecationWarning`` that names the
new module."""

import warnings

from . import temple_widget as _moved_to


def __getattr__(name: str):
    """Each public name of the module it moved to, with a warning that names that module."""
    if name.startswith("__") or not hasattr(_moved_to, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__} is now {_moved_to.__name__}: import {name} from there", DeprecationWarning, stacklevel=2)
    return getattr(_moved_to, name)
