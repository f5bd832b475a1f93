"""Reading component data files, with provenance, and reporting every problem by file, record, field and why.

Every component lives in a TOML file in this folder.  Every record carries ``source``: either
``"rulebook: <section or example>"`` when the rulebook states it, or ``"illustrative"`` (optionally followed by a
remark in brackets) when the kit made it up so the game can be played.  A user who owns the game may replace any
file; :func:`check_dir` (``python -m tameri_kit data check PATH``) says exactly what is wrong with it.

To add a component: write its file, a ``check_<name>(doc, file) -> list[Problem]`` and a loader, and register the
check in :data:`CHECKS`.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Callable

from ..data_format import Problem, is_illustrative, source_problem  # noqa: F401  (re-exported)
from ..errors import DataError

DATA_DIR = Path(__file__).resolve().parent


def read_toml(path: Path) -> tuple[dict | None, list[Problem]]:
    """Parse a TOML file; a syntax error becomes a Problem naming the line."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8")), []
    except FileNotFoundError:
        return None, [Problem(Path(path).name, "-", "-", "file not found")]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        return None, [Problem(Path(path).name, "-", "-", f"not valid TOML: {e}")]


def records(doc: dict, key: str, file: str, problems: list[Problem]) -> list[dict]:
    """The list of tables ``[[key]]`` in a document, or a Problem when it is missing or of the wrong shape."""
    value = doc.get(key)
    if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
        problems.append(Problem(file, f"[[{key}]]", key, f"expected a list of [[{key}]] tables"))
        return []
    return value


def require(rec: dict, field: str, kind, file: str, record: str, problems: list[Problem]):
    """``rec[field]`` if it exists and is of ``kind``; otherwise a Problem and ``None``."""
    if field not in rec:
        problems.append(Problem(file, record, field, "missing"))
        return None
    value = rec[field]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        problems.append(Problem(file, record, field, f"expected {name}, got {value!r}"))
        return None
    return value


def check_source(rec: dict, file: str, record: str, problems: list[Problem]) -> None:
    why = source_problem(rec.get("source"))
    if why:
        problems.append(Problem(file, record, "source", why))


#: file name -> check function.  Filled in by the modules that define components.
CHECKS: dict[str, Callable[[dict, str], list[Problem]]] = {}


def load(name: str, build: Callable[[dict], object], data_dir: Path | str | None = None):
    """Read, check and build one component; raise :class:`DataError` listing every problem.

    Built components are frozen, so each (file, builder, folder) is read once and then served from a cache.
    """
    return _load(name, build, str(data_dir) if data_dir else None)


@lru_cache(maxsize=None)
def _load(name: str, build: Callable[[dict], object], data_dir: str | None):
    path = Path(data_dir or DATA_DIR) / name
    doc, problems = read_toml(path)
    if doc is not None:
        problems += CHECKS[name](doc, name)
    if problems:
        raise DataError(problems)
    return build(doc)


def check_dir(path: Path | str | None = None) -> list[Problem]:
    """Check every known data file in a folder (a file that is absent there is not checked)."""
    root = Path(path or DATA_DIR)
    if root.is_file():
        files = [root]
        root = root.parent
    else:
        files = [root / name for name in CHECKS if (root / name).exists()]
        if not files:
            return [Problem(str(root), "-", "-", f"no data files here; expected any of {', '.join(sorted(CHECKS))}")]
    problems: list[Problem] = []
    for f in files:
        if f.name not in CHECKS:
            problems.append(Problem(f.name, "-", "-", f"unknown data file; known files: {', '.join(sorted(CHECKS))}"))
            continue
        doc, errs = read_toml(f)
        problems += errs
        if doc is not None:
            problems += CHECKS[f.name](doc, f.name)
    return problems
