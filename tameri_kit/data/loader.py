"""Reading component data files, with provenance, and reporting every problem by file, record, field and why.

Every component lives in a TOML file in this folder.  Every record carries ``source``: either
``"rulebook: <section or example>"`` when the rulebook states it, or ``"illustrative"`` (optionally followed by a
remark in brackets) when the kit made it up so the game can be played.  A user who owns the game may replace any
file; :func:`check_dir` (``python -m tameri_kit data check PATH``) says exactly what is wrong with it.

To add a component: write its file, a ``check_<name>(doc, file) -> list[Problem]`` and a loader, and register the
check in :data:`CHECKS`.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Callable

from .._fast import remembered
from ..data_format import Problem, is_illustrative, source_problem  # noqa: F401  (re-exported)
from ..errors import DataError
from ..files import DATA_LIMIT, FileInputError, read_text, regular_file_problem

DATA_DIR = Path(__file__).resolve().parent
#: The environment variable naming a folder of replacement data files: each file found there is loaded instead of
#: the kit's own (the others stay the kit's).  Read when a file is first loaded, so set it before the process plays
#: (``TAMERI_KIT_DATA=tameri_kit/data/second_set python -m ...``); a study of the illustrative data uses it.
DATA_ENV = "TAMERI_KIT_DATA"
#: A second illustrative set of Ghost and Priest cards (``ghost.toml``, ``priests.toml``), as a replacement folder:
#: it agrees with every stated fact as the first set does, so a study can measure how much the invented data moves
#: a result (docs/ghost_study.md).
SECOND_SET_DIR = DATA_DIR / "second_set"


def replacement_dir(name: str) -> str | None:
    """The folder named by :data:`DATA_ENV` if it holds a file ``name``, else ``None`` (the kit's own data)."""
    folder = os.environ.get(DATA_ENV, "").strip()
    if folder and (Path(folder) / name).is_file():
        return str(Path(folder).resolve())
    return None


def read_toml(path: Path) -> tuple[dict | None, list[Problem]]:
    """Parse a TOML file; a syntax error becomes a Problem naming the line."""
    name = Path(path).name
    try:  # a regular file of at most DATA_LIMIT bytes: a device, FIFO or folder is refused unread
        text = read_text(path, DATA_LIMIT, encoding="utf-8-sig")
    except FileInputError as e:
        why = {"no such file": "file not found"}.get(e.why, e.why)
        return None, [Problem(name, "-", "-", why)]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as e:
        return None, [Problem(name, "-", "-", f"not valid TOML: {e}")]
    except RecursionError:
        return None, [Problem(name, "-", "-", "not valid TOML: nested too deeply")]


def records(doc: dict, key: str, file: str, problems: list[Problem]) -> list[dict]:
    """The list of tables ``[[key]]`` in a document, or a Problem when it is missing, empty or of the wrong shape.

    (The number of records is each check's business; an empty list is reported here, so no check can pass it.)"""
    value = doc.get(key)
    if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
        problems.append(Problem(file, f"[[{key}]]", key, f"expected a list of [[{key}]] tables"))
        return []
    if not value:
        problems.append(Problem(file, f"[[{key}]]", key, f"the list of [[{key}]] tables is empty"))
    return value


def record_label(rec: dict, key: str, kind: str, k: int) -> str:
    """How problems name a record: ``"<kind> <id>"`` from its ``key``, or ``"<kind> #k"`` (its place in the file)
    when the id is missing, empty or not text/number."""
    v = rec.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, str)) or isinstance(v, str) and not v.strip():
        return f"{kind} #{k}"
    return f"{kind} {v}"


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

#: Every key a data file may use, so a misspelt or unknown key is reported instead of silently ignored:
#: file -> table path -> keys.  ``""`` is the top level, ``"card"`` each ``[[card]]``, ``"temple.space"`` each
#: ``[[temple.space]]`` inside a ``[[temple]]``.  The provenance keys ``source``, ``stated`` and
#: ``illustrative_fields`` may appear in any record.
PROVENANCE_KEYS = frozenset({"source", "stated", "illustrative_fields"})
KNOWN_KEYS: dict[str, dict[str, frozenset[str]]] = {
    "actions.toml": {
        "": frozenset({"card"}),
        "card": frozenset({"number", "deck", "left", "right", "top", "bottom", "weather", "resource"}),
    },
    "buildings.toml": {
        "": frozenset({"building"}),
        "building": frozenset({"id", "type", "name", "cost", "instant", "permanent", "season", "season_points"}),
        "building.season_points": frozenset({"by_season", "min_buildings", "points"}),
    },
    "ghost.toml": {"": frozenset({"ghost"}), "ghost": frozenset({"id", "field", "temples", "sphinx"})},
    "gifts.toml": {"": frozenset({"gift"}), "gift": frozenset({"id", "effect"})},
    "map.toml": {
        "": frozenset({"river", "silt_spaces"}),
        "silt_spaces": frozenset({"numbers"}),
        "river": frozenset({"ramp", "fields"}),
    },
    "market.toml": {"": frozenset({"layout"}), "layout": frozenset({"players", "side", "stalls", "ghost_space"})},
    "player_boards.toml": {
        "": frozenset({"board", "supply"}),
        "board": frozenset({"id", "colour", "glyph", "example_player", "unlock"}),
        "board.unlock": frozenset({"kind", "amount"}),
        "supply": frozenset(
            {
                "deben",
                "resources_each",
                "workers_per_player",
                "locked_workers",
                "sphinxes_per_player",
                "start_resources_each",
                "start_deben",
            }
        ),
    },
    "priests.toml": {"": frozenset({"card"}), "card": frozenset({"id", "points", "effect", "amount", "temple"})},
    "sphinx.toml": {"": frozenset({"face"}), "face": frozenset({"tile", "side", "effect"})},
    "temples.toml": {
        "": frozenset({"temple"}),
        "temple": frozenset({"name", "space"}),
        "temple.space": frozenset({"number", "effect", "amount", "temple"}),
    },
    "weather.toml": {
        "": frozenset({"tile", "season"}),
        "tile": frozenset({"id", "spheres"}),
        "season": frozenset({"number", "name", "spheres"}),
    },
}
_LABEL_KEYS = ("id", "number", "name", "ramp", "players", "tile", "kind")


def unknown_keys(doc: dict, file: str) -> list[Problem]:
    """Every key of ``doc`` (a data file) that :data:`KNOWN_KEYS` does not list for its table."""
    known = KNOWN_KEYS.get(file)
    if known is None:
        return []
    problems: list[Problem] = []

    def visit(table: dict, path: str, label: str) -> None:
        allowed = known.get(path)
        if allowed is None:
            return
        extra = PROVENANCE_KEYS if path else frozenset()
        for key in table:
            if key not in allowed and key not in extra:
                close = difflib.get_close_matches(key, sorted(allowed | extra), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else f"; known: {', '.join(sorted(allowed | extra))}"
                problems.append(Problem(file, label, key, f"unknown key{hint}"))
        for key, value in table.items():
            sub = f"{path}.{key}" if path else key
            if sub not in known:
                continue
            if isinstance(value, dict):
                visit(value, sub, f"[{sub}]" if not path else f"{label} {key}")
            elif isinstance(value, list):
                for k, item in enumerate(value, 1):
                    if isinstance(item, dict):
                        name = next(
                            (
                                f"{key} {item[n]}"
                                for n in _LABEL_KEYS
                                if isinstance(item.get(n), (int, str))
                                and not isinstance(item.get(n), bool)
                                and str(item.get(n)).strip()
                            ),
                            f"{key} #{k}",
                        )
                        visit(item, sub, name if not path else f"{label} {name}")

    visit(doc, "", "-")
    return problems


def load(name: str, build: Callable[[dict], object], data_dir: Path | str | None = None):
    """Read, check and build one component; raise :class:`DataError` listing every problem.

    Built components are frozen, so each (file, builder, folder) is read once and then served from a cache.  Without
    ``data_dir`` the file comes from the folder :data:`DATA_ENV` names when it holds one, else from the kit's data.
    """
    return _load(name, build, str(data_dir) if data_dir else replacement_dir(name))


@remembered(size=None)
def _load(name: str, build: Callable[[dict], object], data_dir: str | None):
    path = Path(data_dir or DATA_DIR) / name
    doc, problems = read_toml(path)
    if doc is not None:
        problems += CHECKS[name](doc, name) + unknown_keys(doc, name)
    if problems:
        raise DataError(problems)
    return build(doc)


def check_dir(path: Path | str | None = None) -> list[Problem]:
    """Check every known data file in a folder (a file that is absent there is not checked)."""
    root = Path(path or DATA_DIR)
    if not root.exists():
        return [Problem(str(root), "-", "-", "does not exist")]
    if not root.is_dir() and regular_file_problem(root):  # a device, FIFO, socket: never read
        return [Problem(str(root), "-", "-", f"{regular_file_problem(root)}; give a data folder or a .toml file")]
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
            problems += CHECKS[f.name](doc, f.name) + unknown_keys(doc, f.name)
    return problems


# ----------------------------------------------------------------------------------------------------------------
# Loading when first needed
# ----------------------------------------------------------------------------------------------------------------
class LazyMapping(Mapping):
    """A read-only mapping built by ``build()`` the first time it is used, so that importing a module which keeps
    component data in a constant does not read (or fail on) the data files; a broken file raises its
    :class:`DataError` (file, record, field) when the game first needs it."""

    __slots__ = ("_build", "_value")

    def __init__(self, build: Callable[[], Mapping]):
        self._build, self._value = build, None

    def _get(self) -> Mapping:
        if self._value is None:
            self._value = self._build()
        return self._value

    def __getitem__(self, key):
        return (self._value if self._value is not None else self._get())[key]

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, key) -> bool:
        return key in self._get()

    # the table's own views and get (Mapping's would read every item through __getitem__, one Python call each)
    def keys(self):
        return self._get().keys()

    def values(self):
        return self._get().values()

    def items(self):
        return self._get().items()

    def get(self, key, default=None):
        return self._get().get(key, default)

    def __repr__(self) -> str:
        return f"LazyMapping({self._get()!r})" if self._value is not None else "LazyMapping(<not loaded yet>)"


class LazySequence(Sequence):
    """A read-only sequence (tuple) built by ``build()`` the first time it is used (see :class:`LazyMapping`)."""

    __slots__ = ("_build", "_value")

    def __init__(self, build: Callable[[], Sequence]):
        self._build, self._value = build, None

    def _get(self) -> tuple:
        if self._value is None:
            self._value = tuple(self._build())
        return self._value

    def __getitem__(self, index):
        return self._get()[index]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self):
        return iter(self._get())

    def __contains__(self, item) -> bool:
        return item in self._get()

    def __eq__(self, other) -> bool:
        return self._get() == (other._get() if isinstance(other, LazySequence) else other)

    def __hash__(self) -> int:
        return hash(self._get())


class LazyValue:
    """A component (a frozen value) built by ``build()`` the first time one of its attributes is read (see
    :class:`LazyMapping`).  Attribute reads pass through; ``loaded()`` gives the value itself."""

    def __init__(self, build: Callable[[], object]):
        object.__setattr__(self, "_build", build)
        object.__setattr__(self, "_value", None)

    def loaded(self):
        if self._value is None:
            value = self._build()
            object.__setattr__(self, "_value", value)
            # its public fields become this object's own attributes (the value is frozen): read without the failed
            # look-up and the __getattr__ call each read would cost (the engine reads the supply dozens of times a
            # game: issue 34); methods and properties still pass through __getattr__
            fields = getattr(value, "__dict__", None) or {}
            own = vars(LazyValue)  # (a field never hides this class's own methods, such as loaded)
            self.__dict__.update({k: v for k, v in fields.items() if not k.startswith("_") and k not in own})
        return self._value

    def __getattr__(self, name):
        return getattr(self.loaded(), name)

    def __setattr__(self, name, value):
        raise AttributeError("component data is read-only")

    def __repr__(self) -> str:
        return repr(self._value) if self._value is not None else "LazyValue(<not loaded yet>)"
