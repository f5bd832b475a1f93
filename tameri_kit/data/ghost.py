"""The Ghost cards of the +1 Player Mode: the loader and validator of ``ghost.toml``.

Rulebook: Components; +1 Player Mode (set-up; the Ghost cards' sections).  Every stated fact is an entry of
:data:`GHOST_FACTS`; that a card's field is on the map is a fact across two files (:mod:`.cross_facts`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..rules.common import Resource
from .facts import Fact, run_facts
from .loader import CHECKS, Problem, check_source, load, records, require


GHOST_FILE = "ghost.toml"
TEMPLE_NAMES = ("amun", "ra", "ptah")


@dataclass(frozen=True)
class GhostCard:
    """A Ghost card: a field (top section), Temple symbols (middle section) and a Sphinx space (register D7)."""

    id: int
    field: str  # map notation <ramp>-<crop>, e.g. "S-barley"
    temples: tuple[str, ...]
    sphinx: int
    source: str


def _fact_ghost_count(index):
    n = len(index["g"]) + len(index["bad"])
    return [] if n == 10 else [("[[ghost]]", "-", f"the file has {n}")]


GHOST_FACTS: list[Fact] = [
    Fact("Components; +1 Player Mode set-up", "there are 10 Ghost cards", _fact_ghost_count),
]


def _parse_field(text: str):
    from .board import Field
    from ..rules.common import Ramp

    ramp, _, crop = text.partition("-")
    return Field(Ramp.parse(ramp), Resource.parse(crop))


def check_ghost(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index = {"g": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "ghost", file, problems), 1):
        gid = rec.get("id")
        where = f"ghost {gid}" if isinstance(gid, int) else f"ghost #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        gid = require(rec, "id", int, file, where, problems)
        if gid is not None and (gid in index["g"] or gid in index["bad"]):
            problems.append(Problem(file, where, "id", "duplicate Ghost card id"))
        fv = require(rec, "field", str, file, where, problems)
        if fv is not None:
            try:
                _parse_field(fv)
            except ValueError as e:
                problems.append(Problem(file, where, "field", f"{e} (write a field as <ramp>-<crop>, e.g. S-barley)"))
        temples = require(rec, "temples", list, file, where, problems)
        if temples is not None:
            if not 1 <= len(temples) <= 3:
                problems.append(Problem(file, where, "temples", "the middle section shows 1 to 3 Temple symbols"))
            for t in temples:
                if t not in TEMPLE_NAMES:
                    problems.append(Problem(file, where, "temples", f"unknown Temple {t!r}; use amun, ra or ptah"))
        sp = require(rec, "sphinx", int, file, where, problems)
        if sp is not None and not 1 <= sp <= 10:
            problems.append(Problem(file, where, "sphinx", "the Avenue has Sphinx spaces 1 to 10"))
        if len(problems) == before:
            index["g"][gid] = rec
        elif gid is not None:
            index["bad"].add(gid)
    return problems + run_facts(GHOST_FACTS, index, file)


def _build_ghost(doc):
    return tuple(
        sorted(
            (
                GhostCard(r["id"], r["field"], tuple(r["temples"]), r["sphinx"], r["source"].strip())
                for r in doc["ghost"]
            ),
            key=lambda g: g.id,
        )
    )


def load_ghost(data_dir: Path | str | None = None) -> tuple[GhostCard, ...]:
    """The 10 Ghost cards from ``ghost.toml`` (all illustrative)."""
    return load(GHOST_FILE, _build_ghost, data_dir)


CHECKS[GHOST_FILE] = check_ghost
