"""The Sphinx tiles: the loader and validator of ``sphinx.toml``.

Rulebook: Components; Game Setup 1f; Decoration (Example 13); Sphinx Effects.  Every stated fact is an entry
of :data:`SPHINX_FACTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .facts import Fact, run_facts
from .loader import CHECKS, Problem, check_source, is_illustrative, load, records, require


SPHINX_FILE = "sphinx.toml"
EXAMPLE_13_FACES = ("1B", "2B", "3B", "4A", "5A", "6A", "7B", "8A", "9A", "10B")


@dataclass(frozen=True)
class SphinxFace:
    tile: int
    side: str  # "A" (light) or "B" (dark)
    effect: str
    source: str

    @property
    def label(self) -> str:
        return f"{self.tile}{self.side}"


def _fact_sphinx_faces(index):
    want = {f"{t}{s}" for t in range(1, 11) for s in "AB"}
    return [(f, "tile", "missing") for f in sorted(want - set(index["f"]) - index["bad"], key=_face_key)]


def _face_key(label):
    return int(label[:-1]), label[-1]


def _fact_example_13(index):
    return [
        (f, "tile", "Example 13 names this face")
        for f in EXAMPLE_13_FACES
        if f not in index["f"] and f not in index["bad"]
    ]


def _fact_sphinx_listed(index):
    return [
        (f, "source", "faces 1A-6B are in the Sphinx Effects list")
        for f, r in index["f"].items()
        if _face_key(f)[0] <= 6 and is_illustrative(r["source"])
    ]


SPHINX_FACTS: list[Fact] = [
    Fact("Components; Game Setup 1f", "there are 10 Sphinx tiles, each with a side A and a side B", _fact_sphinx_faces),
    Fact("Example 13", "faces " + ", ".join(EXAMPLE_13_FACES) + " exist", _fact_example_13),
    Fact("Sphinx Effects", "the effects of 1A-6B are listed, so they are not illustrative", _fact_sphinx_listed),
]


def check_sphinx(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index = {"f": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "face", file, problems), 1):
        t, s = rec.get("tile"), rec.get("side")
        label = f"{t}{s}" if isinstance(t, int) and isinstance(s, str) else f"face #{k}"
        before = len(problems)
        check_source(rec, file, label, problems)
        t = require(rec, "tile", int, file, label, problems)
        if t is not None and not 1 <= t <= 10:
            problems.append(Problem(file, label, "tile", "the tiles are numbered 1 to 10"))
        s = require(rec, "side", str, file, label, problems)
        if s is not None and s not in ("A", "B"):
            problems.append(Problem(file, label, "side", "a tile has side A (light) and side B (dark)"))
        require(rec, "effect", str, file, label, problems)
        if label in index["f"] or label in index["bad"]:
            problems.append(Problem(file, label, "side", "duplicate face"))
        if len(problems) == before:
            index["f"][label] = rec
        else:
            index["bad"].add(label)
    return problems + run_facts(SPHINX_FACTS, index, file)


def _build_sphinx(doc):
    return tuple(
        sorted(
            (SphinxFace(r["tile"], r["side"], r["effect"], r["source"].strip()) for r in doc["face"]),
            key=lambda f: (f.tile, f.side),
        )
    )


def load_sphinx(data_dir: Path | str | None = None) -> tuple[SphinxFace, ...]:
    """The 20 Sphinx faces (tiles 1-10, sides A and B) from ``sphinx.toml``."""
    return load(SPHINX_FILE, _build_sphinx, data_dir)


CHECKS[SPHINX_FILE] = check_sphinx
