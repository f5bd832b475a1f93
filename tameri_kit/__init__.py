"""tameri_kit - learn the board game Tameri's rules, and probability with its weather pyramid.

The rules live in :mod:`tameri_kit.rules` (pure, exact); component data with provenance in
:mod:`tameri_kit.data`; pictures in :mod:`tameri_kit.render`; widgets in :mod:`tameri_kit.widgets`.
"""

from ._compiled import use_compiled

use_compiled()  # the compiled build's extensions, where built from the current sources (_compiled.COMPILED)

from .errors import DataError, IllegalActionError, NotationError, StateError, TameriError  # noqa: E402
from .rules import *  # noqa: F401,F403,E402
from .rules import __all__ as _rules_all  # noqa: E402
from . import data as _data  # noqa: E402,F401  (registers the rules' default component data: rules/sources.py)

__version__ = "0.1.0"
__all__ = ["DataError", "IllegalActionError", "NotationError", "StateError", "TameriError", *_rules_all]
