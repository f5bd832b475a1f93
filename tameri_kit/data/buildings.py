"""The Buildings: the loader and validator of ``buildings.toml``.

Rulebook: Components; Builder (Example 9); Building Card List.  Every stated fact is an entry of
:data:`BUILDING_FACTS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .facts import Fact, check_illustrative_fields, run_facts
from .loader import CHECKS, Problem, check_source, load, records, require


BUILDINGS_FILE = "buildings.toml"
BUILDING_TYPES = {
    "A": "Civic",
    "B": "Monument",
    "C": "Commercial",
    "D": "Astronomical",
    "E": "Residential",
    "F": "Agricultural",
    "G": "Temple",
}
#: The names in the Building Card List (the 6th card of every type is a Garden).
BUILDING_NAMES = {
    "A1": "Spacious Warehouses",
    "A2": "Irrigation Channels",
    "A3": "Caravan Station",
    "A4": "Gypsum Quarry",
    "A5": "Inn",
    "B1": "Stele with Hieroglyphics",
    "B2": "Great Altar",
    "B3": "Offering Tray",
    "B4": "Great Sphinx",
    "B5": "Paved Avenue",
    "C1": "Bazaar with Barley and Fruit",
    "C2": "Bazaar with Barley and Papyrus",
    "C3": "Bazaar with Papyrus and Fruit",
    "C4": "Bazaar with Textiles",
    "C5": "Black Market",
    "D1": "East Observatory (Sunrise)",
    "D2": "Southern Observatory (Daytime)",
    "D3": "West Observatory (Sunset)",
    "D4": "North Observatory (Nighttime)",
    "D5": "Great Library",
    "E1": "Rural Houses",
    "E2": "City Housing",
    "E3": "Dwellings on the Bank of the Nile",
    "E4": "Palace",
    "E5": "Camp",
    "F1": "Irrigation Pools",
    "F2": "Obelisk of the Sun",
    "F3": "Lighthouse",
    "F4": "Farmer's Market",
    "F5": "Treasury",
    "G1": "Temple of Amun",
    "G2": "Temple of Ra",
    "G3": "Temple of Ptah",
    "G4": "Temple of Horus",
    "G5": "Temple of Isis",
    **{f"{t}6": "Garden" for t in BUILDING_TYPES},
}
COST_KEYS = ("barley", "papyrus", "flax", "fruit", "any")


@dataclass(frozen=True)
class Building:
    """A Building card.  ``cost`` maps resource names (and ``"any"``, a resource of choice) to counts;
    ``season_points`` is the structured end-of-Season table where the kit has one (A2, A3), else ``None``."""

    id: str
    type: str
    name: str
    cost: dict = field(hash=False)
    instant: str | None
    permanent: str | None
    season: str | None
    season_points: dict | None = field(hash=False)
    source: str
    illustrative_fields: tuple[str, ...] = ()

    @property
    def cost_text(self) -> str:
        return ", ".join(
            f"{n} {'resource of your choice' if k == 'any' else k.capitalize()}" for k, n in self.cost.items()
        )


def _fact_building_ids(index):
    want = set(BUILDING_NAMES)
    have = set(index["b"]) | index["bad"]
    out = [(b, "id", "missing") for b in sorted(want - have)]
    out += [(b, "id", "not a Building of the list (A1-G6)") for b in sorted(have - want)]
    return out


def _fact_building_names(index):
    return [
        (b, "name", f"it is called {r['name']!r}, the list says {BUILDING_NAMES[b]!r}")
        for b, r in sorted(index["b"].items())
        if b in BUILDING_NAMES and r["name"] != BUILDING_NAMES[b]
    ]


def _fact_building_types(index):
    return [(b, "type", f"its type is {r['type']!r}") for b, r in sorted(index["b"].items()) if r["type"] != b[0]]


def _fact_g3(index):
    r = index["b"].get("G3")
    if r is None or r["cost"] == {"papyrus": 1, "any": 1}:
        return []
    return [("G3", "cost", f"it costs {r['cost']}")]


def _fact_a2(index):
    r = index["b"].get("A2")
    if r is None:
        return []
    sp = r.get("season_points")
    v = sp.get("by_season") if isinstance(sp, dict) else None
    if (
        isinstance(v, list)
        and len(v) == 3
        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
    ):
        return []
    return [("A2", "season_points", f"expected by_season = [3 whole numbers], got {sp!r}")]


def _fact_a3(index):
    r = index["b"].get("A3")
    if r is None:
        return []
    sp = r.get("season_points")
    ok = isinstance(sp, dict) and all(
        isinstance(sp.get(k), int) and not isinstance(sp.get(k), bool) and sp[k] >= 0
        for k in ("min_buildings", "points")
    )
    return [] if ok else [("A3", "season_points", f"expected min_buildings = n, points = p, got {sp!r}")]


def _fact_season_points_only(index):
    return [
        (b, "season_points", "the kit structures end-of-Season points only for A2 and A3")
        for b, r in sorted(index["b"].items())
        if b not in ("A2", "A3") and r.get("season_points") is not None
    ]


BUILDING_FACTS: list[Fact] = [
    Fact("Components; Building Card List", "there are 42 Buildings, A1-G6: 7 types of 6", _fact_building_ids),
    Fact(
        "Building Card List",
        "the letter of a Building's id is its type (the symbol in its corner)",
        _fact_building_types,
    ),
    Fact("Building Card List", "each Building has the name the list gives", _fact_building_names),
    Fact("Example 9", "G3 costs 1 Papyrus and 1 resource of your choice", _fact_g3),
    Fact("Building Card List (A2)", "A2 scores points by Season: season_points = { by_season = [a, b, c] }", _fact_a2),
    Fact(
        "Building Card List (A3)",
        "A3 scores points for at least N Buildings: season_points = { min_buildings = n, points = p }",
        _fact_a3,
    ),
    Fact(
        "Building Card List",
        "only A2 and A3 leave their end-of-Season numbers to the picture",
        _fact_season_points_only,
    ),
]


_BUILDING_ID = re.compile(r"[A-G][1-9][0-9]*", re.ASCII)
#: resources of each kind in the box (rulebook: Components; also [supply] resources_each in player_boards.toml)
RESOURCES_EACH = 24


def check_buildings(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index = {"b": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "building", file, problems), 1):
        bid = rec.get("id")
        where = bid if isinstance(bid, str) and bid.strip() else f"building #{k}"
        before = len(problems)
        if isinstance(bid, str) and (bid in index["b"] or bid in index["bad"]):
            problems.append(Problem(file, where, "id", "duplicate Building id"))
        if require(rec, "id", str, file, where, problems) is not None and not _BUILDING_ID.fullmatch(bid):
            problems.append(
                Problem(
                    file,
                    where,
                    "id",
                    f"a Building id is its type letter A-G followed by its number (A1 ... G6), not {bid!r}",
                )
            )
        check_source(rec, file, where, problems)
        check_illustrative_fields(rec, file, where, set(rec) - {"source", "illustrative_fields"}, problems)
        t = require(rec, "type", str, file, where, problems)
        if t is not None and t not in BUILDING_TYPES:
            problems.append(Problem(file, where, "type", f"unknown type {t!r}; the types are A-G"))
        require(rec, "name", str, file, where, problems)
        cost = require(rec, "cost", dict, file, where, problems)
        if cost is not None:
            for key, n in cost.items():
                if key not in COST_KEYS:
                    problems.append(Problem(file, where, f"cost.{key}", f"unknown; use {', '.join(COST_KEYS)}"))
                elif isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    problems.append(Problem(file, where, f"cost.{key}", f"expected a whole number >= 1, got {n!r}"))
                elif n > RESOURCES_EACH:
                    problems.append(
                        Problem(
                            file,
                            where,
                            f"cost.{key}",
                            f"{n} is more than the game has: {RESOURCES_EACH} of each resource (rulebook: Components)",
                        )
                    )
        for fld in ("instant", "permanent", "season"):
            if fld in rec and not isinstance(rec[fld], str):
                problems.append(Problem(file, where, fld, "expected text"))
        if not any(f in rec for f in ("instant", "permanent")):
            problems.append(Problem(file, where, "permanent", "a Building has an instant or a permanent effect"))
        if "season_points" in rec and not isinstance(rec["season_points"], dict):
            problems.append(Problem(file, where, "season_points", "expected a table"))
        if len(problems) == before:
            index["b"][bid] = rec
        elif isinstance(bid, str) and bid.strip():
            index["bad"].add(bid)
    return problems + run_facts(BUILDING_FACTS, index, file)


def _build_buildings(doc: dict) -> tuple[Building, ...]:
    out = []
    for r in doc["building"]:
        out.append(
            Building(
                r["id"],
                r["type"],
                r["name"],
                dict(r["cost"]),
                r.get("instant"),
                r.get("permanent"),
                r.get("season"),
                dict(r["season_points"]) if "season_points" in r else None,
                r["source"].strip(),
                tuple(r.get("illustrative_fields", ())),
            )
        )
    return tuple(sorted(out, key=lambda b: (b.type, int(b.id[1:]))))


def load_buildings(data_dir: Path | str | None = None) -> tuple[Building, ...]:
    """The 42 Buildings from ``buildings.toml``, sorted A1 ... G6."""
    return load(BUILDINGS_FILE, _build_buildings, data_dir)


def building(bid: str, data_dir: Path | str | None = None) -> Building:
    for b in load_buildings(data_dir):
        if b.id == bid:
            return b
    raise KeyError(f"no Building {bid!r}; the ids are A1-G6")


CHECKS[BUILDINGS_FILE] = check_buildings
