"""Old module names kept working after a rename: one place for the deprecation shims of issue 39.

A renamed module's old file holds only its docstring and ``__getattr__ = forward(__name__, new_module)``: every
public name of the new module is still found under the old one, with a :class:`DeprecationWarning` that names the
module to import it from (``tests/game/test_game_layout.py`` checks each shim).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType


def forward(old_name: str, new_module: ModuleType) -> Callable[[str], object]:
    """A module-level ``__getattr__`` for the old module ``old_name``: each public name of ``new_module``, with a
    warning that names ``new_module``; any other name raises :class:`AttributeError` as a missing name does."""

    def __getattr__(name: str) -> object:
        if name.startswith("__") or not hasattr(new_module, name):
            raise AttributeError(f"module {old_name!r} has no attribute {name!r}")
        warnings.warn(
            f"{old_name} is now {new_module.__name__}: import {name} from there", DeprecationWarning, stacklevel=2
        )
        return getattr(new_module, name)

    return __getattr__
