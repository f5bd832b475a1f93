"""Facts across two component files, and :func:`check_all` (every file's own check, then these facts).

Rulebook: Phase 3 (Example 5a: which first cards complete the example players' board glyphs); +1 Player Mode
(a Ghost card shows a field of the map).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from . import board as _board  # noqa: F401  (registers map.toml, used by a cross-file fact)
from .actions import ACTIONS_FILE
from .ghost import GHOST_FILE
from .player_boards import BOARDS_FILE
from .loader import CHECKS, DATA_DIR, Problem, check_dir, read_toml


def _cross_5a(docs) -> list[Problem]:
    cards = {c["number"]: c for c in docs[ACTIONS_FILE]["card"]}
    boards = {b.get("example_player"): b for b in docs[BOARDS_FILE]["board"]}
    out = []
    where = "Example 5a"
    for player, n, completes in (("John", 59, True), ("George", 2, False), ("Ringo", 14, False), ("Paul", 21, False)):
        c, b = cards.get(n), boards.get(player)
        if c is None or b is None:
            continue
        hit = b["glyph"] in c["left"]
        if hit != completes:
            verb = "completes" if completes else "does not complete"
            out.append(
                Problem(
                    ACTIONS_FILE,
                    f"card {n}",
                    "left",
                    f"contradicts the rulebook ({where}): {player}'s card {n} {verb} the glyph of his board "
                    f"({BOARDS_FILE}: board {b['id']}, {b['glyph']}) - its left is {c['left']}",
                )
            )
    return out


def _cross_ghost_fields(docs) -> list[Problem]:
    fields = {f"{r['ramp']}-{f}" for r in docs["map.toml"]["river"] for f in r["fields"]}
    return [
        Problem(GHOST_FILE, f"ghost {g['id']}", "field", f"{g['field']} is not a field of map.toml")
        for g in docs[GHOST_FILE]["ghost"]
        if g["field"] not in fields
    ]


#: Facts that need two files: (files, what it checks, function over the parsed documents).
CROSS_FACTS: list[tuple[tuple[str, ...], str, Callable]] = [
    (
        (ACTIONS_FILE, BOARDS_FILE),
        "Example 5a: 59 completes John's board glyph; 2, 14, 21 do not complete George's, Ringo's, Paul's",
        _cross_5a,
    ),
    ((GHOST_FILE, "map.toml"), "a Ghost card shows a field of the map", _cross_ghost_fields),
]


def check_all(path: Path | str | None = None) -> list[Problem]:
    """Every problem in a data folder or single file: each file's own check, then the facts across files.

    For a cross-file fact, the partner file comes from the same folder, or from the kit's own data when the folder
    has none; a cross-file fact is only checked when both files pass their own checks.
    """
    problems = check_dir(path)
    root = Path(path or DATA_DIR)
    if not root.exists():
        return problems
    single = root.is_file()
    folder = root.parent if single else root
    for files, _text, fn in CROSS_FACTS:
        if single and root.name not in files:
            continue
        docs = {}
        for name in files:
            p = folder / name
            if not p.exists():
                p = DATA_DIR / name
            doc, errs = read_toml(p)
            if errs or CHECKS[name](doc, name):
                docs = None
                break
            docs[name] = doc
        if docs:
            problems += fn(docs)
    return problems
