"""The component data the rules fall back on when a caller passes none (the temple tracks, the Priest deck, the
map, the Buildings' tables).  :mod:`tameri_kit.data` registers its loaders here when it is imported - and
``tameri_kit/__init__.py`` imports it - so the rules never import the data package (layers: data above rules).
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import StateError

_LOADERS: dict[str, Callable[[], Any]] = {}


def register_default(name: str, loader: Callable[[], Any]) -> None:
    """Make ``loader()`` the default ``name`` data of the rules (``"temples"``, ``"priests"``, ``"map"``,
    ``"buildings"``)."""
    _LOADERS[name] = loader


def has_default(name: str) -> bool:
    """Whether a default loader for the component data ``name`` has been registered (by ``data/``)."""
    return name in _LOADERS


def default(name: str) -> Any:
    """The default ``name`` data, loaded by the registered loader."""
    loader = _LOADERS.get(name)
    if loader is None:
        raise StateError(f"no default {name} data: import tameri_kit.data (it registers the component files)")
    return loader()
