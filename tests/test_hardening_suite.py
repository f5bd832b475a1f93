"""The test suite itself: what it needs is declared, and nothing in it depends on the machine's speed."""

import ast
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]


def _name(req: str) -> str:
    import re

    return re.split(r"[<>=!~;\[ ]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _optional_imports(tree) -> set[int]:
    """The import statements inside a ``try`` whose handlers catch ``ImportError``: the code runs without them."""
    optional = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            caught = [h.type for h in node.handlers if h.type is not None]
            names = {n.id for t in caught for n in ([t] if isinstance(t, ast.Name) else getattr(t, "elts", []))}
            if "ImportError" in names or "ModuleNotFoundError" in names:
                optional |= {
                    id(n) for stmt in node.body for n in ast.walk(stmt) if isinstance(n, ast.Import | ast.ImportFrom)
                }
    return optional


def _imported_modules(paths) -> set[str]:
    out = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        optional = _optional_imports(tree)
        for node in ast.walk(tree):
            if id(node) in optional:
                continue
            if isinstance(node, ast.Import):
                out |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.add(node.module.split(".")[0])
    return out


def test_test_extra_holds_what_the_tests_import():
    """``pip install -e '.[test]'`` must be enough for the unit tests (issue 12: matplotlib was missing; a finished
    game's HTML draws its chart; the widget tests need ipywidgets; nbval runs lessons in an ipykernel)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {_name(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]}
    tests = [p for p in (ROOT / "tests").rglob("*.py") if "e2e" not in p.parts]
    # what the kit imports while the unit tests run (widgets, the finished game's chart) counts too
    kit = [p for p in (ROOT / "tameri_kit").rglob("*.py")]
    stdlib = set(sys.stdlib_module_names)
    ours = {"tameri_kit", "conftest", "e2e_support", "bench", "tools", "classroom"}  # our own modules
    local = ours | {p.stem for p in tests}
    dists = packages_distributions()
    missing = {}
    for module in sorted(_imported_modules(tests + kit) - stdlib - local):
        names = {_name(d) for d in dists.get(module, [module])}
        if not names & declared and module not in ("IPython", "ipywidgets_bokeh"):
            missing[module] = sorted(names)
    # IPython comes with ipykernel/ipywidgets; an import inside a try that catches ImportError is optional (cython in
    # tameri_kit/_fast.py: the compiled build's C API; without it the kit runs as Python)
    assert not missing, f"imported by the tests or the kit but not in the test extra: {missing}"
    assert "matplotlib" in declared and "ipykernel" in declared


def test_hypothesis_has_no_deadline():
    """The per-example deadline (200 ms by default) fails property tests on a busy machine: tests/conftest.py loads
    a profile without one."""
    assert settings.default.deadline is None


def test_no_test_sets_a_deadline():
    """A per-example deadline makes a property test depend on the machine's speed: none may set one."""
    import re

    for path in (p for p in (ROOT / "tests").rglob("*.py") if p.name != "test_hardening_suite.py"):
        for m in re.finditer(r"settings\([^)]*deadline\s*=\s*([^,)\s]+)", path.read_text(encoding="utf-8")):
            assert m.group(1) == "None", f"{path.name} sets deadline={m.group(1)}"
