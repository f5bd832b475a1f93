"""Issue 39: every public function of ``tameri_kit/game/`` and ``tameri_kit/rules/`` (and every public method of
their public classes) has a docstring that says what it does and, for a rule, which rulebook section it implements,
as ``test_game_layout.py`` checks that their parameters are typed and named in full words."""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tameri_kit"
FOLDERS = ("game", "rules")

# modules whose docstrings are still being written elsewhere (none: the owners branch of issue 39 has landed)
NOT_YET: tuple[str, ...] = ()


def modules() -> list[str]:
    """The dotted names of the modules under ``FOLDERS`` (less the ones ``NOT_YET`` lists)."""
    names = []
    for folder in FOLDERS:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            relative = path.relative_to(PACKAGE)
            if relative.as_posix() in NOT_YET:
                continue
            parts = ("tameri_kit", *relative.with_suffix("").parts)
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def is_function(value: object) -> bool:
    """A Python function, or the same function compiled by Cython (the compiled build of issue 34)."""
    return inspect.isfunction(value) or type(value).__name__ in ("cython_function_or_method", "cyfunction")


def public_callables(module) -> list[tuple[str, object]]:
    """(name, object) for each public function defined in ``module`` and each public method, property, class
    method, static method and cached property defined in one of its public classes (a method that overrides one with a docstring
    inherits it, as ``inspect.getdoc`` reads it)."""
    found = []
    for name, value in vars(module).items():
        if name.startswith("_") or getattr(value, "__module__", None) != module.__name__:
            continue
        if is_function(value):
            found.append((name, value))
        elif inspect.isclass(value):
            for attribute, member in vars(value).items():
                if attribute.startswith("_"):
                    continue
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                if is_function(member) or isinstance(member, (property, functools.cached_property)):
                    found.append((f"{name}.{attribute}", getattr(value, attribute)))
    return found


def docstring(module, name: str, value: object) -> str:
    """``value``'s docstring, or for a method without one the docstring of the method it overrides (as
    ``inspect.getdoc`` finds it for a Python function; for a Cython-compiled one it does not look)."""
    text = inspect.getdoc(value) or ""
    if text.strip() or "." not in name:
        return text
    class_name, attribute = name.split(".", 1)
    for base in getattr(module, class_name).__mro__[1:]:
        inherited = inspect.getdoc(getattr(base, attribute, None)) if hasattr(base, attribute) else None
        if inherited and inherited.strip():
            return inherited
    return text


def test_every_public_function_and_method_has_a_docstring():
    missing = []
    for module_name in modules():
        module = importlib.import_module(module_name)
        for name, value in public_callables(module):
            if not docstring(module, name, value).strip():
                missing.append(f"{module_name}.{name}")
    assert missing == []


def test_the_check_sees_functions_methods_and_properties():
    """The check reads what it should: a function, a method, a property and a class method of the rules."""
    from tameri_kit.rules import components, pyramid, turn_order

    names = dict(public_callables(pyramid))
    assert {"Pyramid.river", "Pyramid.parse", "Pyramid.supply_counts", "format_ramp"} <= set(names)
    assert "Pyramid.__init__" not in names and "_supply" not in names
    assert "TurnOrder.explanation" in dict(public_callables(turn_order))
    assert "Temple.label" in dict(public_callables(components))  # a cached property
    assert len(modules()) > 50 and "tameri_kit.game.rules_of_play.gifts" in modules()
