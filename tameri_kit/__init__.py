"""tameri_kit - learn the board game Tameri's rules, and probability with its weather pyramid.

The rules live in :mod:`tameri_kit.rules` (pure, exact); component data with provenance in
:mod:`tameri_kit.data`; pictures in :mod:`tameri_kit.render`; widgets in :mod:`tameri_kit.widgets`.
"""

from .errors import DataError, IllegalActionError, NotationError, StateError, TameriError
from .rules import *  # noqa: F401,F403
from .rules import __all__ as _rules_all
from . import data as _data  # noqa: E402,F401  (registers the rules' default component data: rules/sources.py)

__version__ = "0.1.0"
__all__ = ["DataError", "IllegalActionError", "NotationError", "StateError", "TameriError", *_rules_all]
