"""The compiled build (issue 34): which modules are also built as C extensions, and how the kit finds them.

The rules and the engine are plain Python.  ``make env`` also compiles the modules listed in :data:`COMPILED` with
Cython 3 in its pure-Python mode - the very same ``.py`` files, with no ``.pyx`` and no type declarations
(``tools/compile_engine.py``) - which plays the same games in about 0.7 of the instructions (``docs/performance.md``,
issue 34).  Each extension is kept in ``tameri_kit/_compiled/`` (git-ignored) under its module's name and the
SHA-256 of the source it was built from (and of the build's settings), and :func:`use_compiled` (called first thing by ``tameri_kit/__init__.py``)
loads it only while that source is unchanged: a module being edited runs as Python until ``make env`` builds it
again.  Without Cython or a C compiler nothing is built and the kit is the pure-Python package, the same games at
the pure-Python speed; ``TAMERI_KIT_PURE=1`` turns the extensions off for one process.

Guards: ``tests/test_compiled.py`` (the compiled and the pure build play the same seeded games of every mode byte
for byte, an edited source is never shadowed by an old extension, the list names real modules, and on CI the
extensions are really loaded), with every fingerprint, golden log, stored record and pinned digest of the suite run
on the compiled build by ``make test``.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

#: The modules of the compiled build: those a game spends its time in (``docs/performance.md``, issue 34: the
#: engine, the working copy and the state, the flow, turns, actions and chance of the rules of play, and the rules
#: they call on every step; the bots' loop, the strong bot's evaluation and the expert bot's worlds, which its
#: searches run thousands of times; the OpenSpiel state's step).  ``__init__`` modules and this one are never compiled (this one finds the others).
COMPILED: tuple[str, ...] = (
    "tameri_kit._fast",
    "tameri_kit.game.play.engine",
    "tameri_kit.game.play.bots",
    "tameri_kit.game.play.expert_bot",
    "tameri_kit.game.play.seen",
    "tameri_kit.game.play.strong_bot",
    "tameri_kit.game.play.view",
    "tameri_kit.game.play.worlds",
    "tameri_kit.game.play.value_model",
    "tameri_kit.game.core.catalog",
    "tameri_kit.game.core.choices",
    "tameri_kit.game.core.decisions",
    "tameri_kit.game.core.frames",
    "tameri_kit.game.core.settings",
    "tameri_kit.game.core.state",
    "tameri_kit.game.core.working",
    "tameri_kit.game.rules_of_play.chance",
    "tameri_kit.game.rules_of_play.game_effects",
    "tameri_kit.game.rules_of_play.flow",
    "tameri_kit.game.rules_of_play.gift_cards",
    "tameri_kit.game.rules_of_play.gifts",
    "tameri_kit.game.rules_of_play.main_step",
    "tameri_kit.game.rules_of_play.payments",
    "tameri_kit.game.rules_of_play.season_end_flow",
    "tameri_kit.game.rules_of_play.sphinx_effects",
    "tameri_kit.game.rules_of_play.turn",
    "tameri_kit.game.rules_of_play.actions.builder",
    "tameri_kit.game.rules_of_play.actions.decoration",
    "tameri_kit.game.rules_of_play.actions.farmer",
    "tameri_kit.game.rules_of_play.actions.harvest",
    "tameri_kit.game.rules_of_play.actions.merchant",
    "tameri_kit.game.rules_of_play.actions.offering",
    "tameri_kit.game.rules_of_play.actions.priest",
    "tameri_kit.game.rules_of_play.actions.sphinx",
    "tameri_kit.game.rules_of_play.ghost.actions",
    "tameri_kit.game.rules_of_play.ghost.model",
    "tameri_kit.game.rules_of_play.ghost.ghost_scoring",
    "tameri_kit.game.rules_of_play.ghost.setup",
    "tameri_kit.game.rules_of_play.ghost.turn",
    "tameri_kit.rules.action_cards",
    "tameri_kit.rules.common",
    "tameri_kit.rules.components",
    "tameri_kit.rules.weather_effects",
    "tameri_kit.rules.fields",
    "tameri_kit.rules.game_end",
    "tameri_kit.rules.glyphs",
    "tameri_kit.rules.offering",
    "tameri_kit.rules.priest_draft",
    "tameri_kit.rules.pyramid",
    "tameri_kit.rules.readings",
    "tameri_kit.rules.scoring",
    "tameri_kit.rules.season_end_scoring",
    "tameri_kit.rules.sources",
    "tameri_kit.rules.temple_state",
    "tameri_kit.rules.temple_moves",
    "tameri_kit.rules.turn_order",
    "tameri_kit.rules.weather",
    "tameri_kit.openspiel.game",
)

#: Where the extensions are kept: ``<module name>.<first 16 hex digits of its source's SHA-256><EXT_SUFFIX>``.
COMPILED_DIR = Path(__file__).resolve().parent / "_compiled"

#: Set to "1" to run every module as Python in this process (and the processes it starts).
PURE_VARIABLE = "TAMERI_KIT_PURE"


#: How ``tools/compile_engine.py`` builds each module (part of every extension's name: a change builds them all
#: again).  ``-O1 -g0``: the generated C is a small part of a game's instructions (most go to the Python objects it
#: works on), and ``-O1`` compiles in about half the time of Python's own ``-O3 -g``.  ``annotation_typing=False``:
#: annotations stay annotations (Cython would otherwise make ``x: int`` or ``x: float`` C numbers, with other
#: overflow and rounding rules).  ``autotestdict=False``: the doctests are found once, in the functions themselves.
COMPILE_ARGS: tuple[str, ...] = ("-O1", "-g0")
DIRECTIVES: dict = {"language_level": 3, "annotation_typing": False, "binding": True, "autotestdict": False}


def compiled_file(name: str, source: Path) -> Path:
    """The extension of module ``name`` built from ``source`` as it is now, with the settings above (it may not
    exist)."""
    settings = repr((COMPILE_ARGS, sorted(DIRECTIVES.items()))).encode()
    digest = hashlib.sha256(settings + b"\0" + source.read_bytes()).hexdigest()[:16]
    return COMPILED_DIR / f"{name}.{digest}{importlib.machinery.EXTENSION_SUFFIXES[0]}"


class _CompiledLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a module's extension.  The module's ``__file__`` stays its source (the file its tracebacks name, and
    the one pytest's doctest collection expects); ``__spec__.origin`` is the extension."""

    def __init__(self, name: str, path: str, source: str):
        super().__init__(name, path)
        self.source = source

    def exec_module(self, module):
        super().exec_module(module)
        module.__file__ = self.source


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the extension of a module of :data:`COMPILED` built from its current source; any other module, or one
    without such an extension, is left to the ordinary import (its ``.py``)."""

    names = frozenset(COMPILED)

    def find_spec(self, fullname, path, target=None):
        if fullname not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not (spec.origin or "").endswith(".py"):
            return None  # not found, or an extension built beside its source (a bench checkout): the ordinary import
        built = compiled_file(fullname, Path(spec.origin))
        if not built.is_file():
            return None
        return importlib.util.spec_from_file_location(
            fullname, built, loader=_CompiledLoader(fullname, str(built), spec.origin)
        )


def use_compiled() -> None:
    """From now on, import the modules of :data:`COMPILED` from their extensions where these were built from the
    current sources (not with ``TAMERI_KIT_PURE=1``).  Called once, by ``tameri_kit/__init__.py``, before any of them
    is imported."""
    if os.environ.get(PURE_VARIABLE) == "1" or any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
        return
    if COMPILED_DIR.is_dir():
        sys.meta_path.insert(0, _CompiledFinder())


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED` imported so far that run compiled (from an extension)."""
    found = []
    for name in COMPILED:
        spec = getattr(sys.modules.get(name), "__spec__", None)
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            found.append(name)
    return found
