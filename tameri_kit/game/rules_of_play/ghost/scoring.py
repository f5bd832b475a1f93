"""Deprecated name of :mod:`tameri_kit.game.rules_of_play.ghost.ghost_scoring` (the Ghost's End of the Season and of the
Game); renamed so that the file name says its job (issue 39).

``from tameri_kit.game.rules_of_play.ghost.scoring import X`` still works for every name, with a ``DeprecationWarning``
that names the new module."""

import warnings

from . import ghost_scoring as _moved_to


def __getattr__(name: str):
    """Each public name of the module it moved to, with a warning that names that module."""
    if name.startswith("__") or not hasattr(_moved_to, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__} is now {_moved_to.__name__}: import {name} from there", DeprecationWarning, stacklevel=2)
    return getattr(_moved_to, name)
