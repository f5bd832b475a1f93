"""Board components: the field/river map and the weather tiles with the seasons' spheres.

Rulebook: Productive Fields and Harvests (the map and Silt yields); Phase 1: Weather, steps 1-2 (tiles and
seasons); Game Setup 1c and 2b (season names).  Files: ``map.toml``, ``weather.toml``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..rules.common import RAMPS, SPHERE_TOTALS, Ramp, Resource, Sphere
from ..rules.components import BoardMap, Field, River  # noqa: F401  (the types live in the rules)
from .loader import CHECKS, Problem, check_source, load, record_label, records, require


# ----------------------------------------------------------------------------------------------------------------
# The map
# ----------------------------------------------------------------------------------------------------------------
def check_map(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    spaces = doc.get("silt_spaces")
    if not isinstance(spaces, dict):
        problems.append(Problem(file, "[silt_spaces]", "-", "missing table"))
    else:
        nums = require(spaces, "numbers", list, file, "[silt_spaces]", problems)
        check_source(spaces, file, "[silt_spaces]", problems)
        if nums is not None and nums != [1, 1, 2, 3]:
            problems.append(
                Problem(
                    file,
                    "[silt_spaces]",
                    "numbers",
                    f"{nums} contradicts the rulebook (Productive Fields and Harvests): 1 or 2 Silt "
                    "give 1 resource, 3 give 2, 4 give 3, so the spaces read [1, 1, 2, 3]",
                )
            )
    seen_ramps, crops = [], Counter()
    rivers = records(doc, "river", file, problems)
    by_ramp = {}
    for k, rec in enumerate(rivers, 1):
        where = f"river {k}"
        ramp = require(rec, "ramp", str, file, where, problems)
        r = None
        if ramp is not None:
            try:
                r = Ramp.parse(ramp)
                where = f"river {r.value}"
                if r in seen_ramps:
                    problems.append(Problem(file, where, "ramp", "this ramp already has a river"))
                seen_ramps.append(r)
            except ValueError as e:
                problems.append(Problem(file, where, "ramp", str(e)))
        check_source(rec, file, where, problems)
        fields = require(rec, "fields", list, file, where, problems)
        if fields is not None:
            if len(fields) != 2:
                problems.append(Problem(file, where, "fields", f"a river waters exactly 2 fields, not {len(fields)}"))
            parsed = []
            for f in fields:
                try:
                    parsed.append(Resource.parse(str(f)))
                except ValueError as e:
                    problems.append(Problem(file, where, "fields", str(e)))
            crops.update(parsed)
            twice = sorted({crop.value for crop in parsed if parsed.count(crop) > 1})
            if twice:  # the game names a field by its river and crop (E-flax): two alike would be one field twice
                problems.append(
                    Problem(
                        file,
                        where,
                        "fields",
                        f"{twice[0]!r} is listed twice; a river's 2 fields grow different crops (the game tells "
                        "fields apart by river and crop, e.g. E-flax)",
                    )
                )
            if r is not None:
                by_ramp[r] = set(parsed)
    if len(rivers) != 4:
        problems.append(Problem(file, "[[river]]", "-", f"the pyramid has 4 ramps, so 4 rivers, not {len(rivers)}"))
    for res in Resource:
        if rivers and crops[res] != 2:
            problems.append(
                Problem(
                    file,
                    "[[river]]",
                    "fields",
                    f"{crops[res]} {res.label} fields; the board has 2 fields of each resource "
                    "(rulebook: Productive Fields and Harvests)",
                )
            )
    if Ramp.SOUTH in by_ramp and by_ramp[Ramp.SOUTH] != {Resource.BARLEY, Resource.PAPYRUS}:
        problems.append(
            Problem(
                file, "river S", "fields", "the south river waters a Barley and a Papyrus field (rulebook: Example 11)"
            )
        )
    if Ramp.NORTH in by_ramp and Resource.BARLEY not in by_ramp[Ramp.NORTH]:
        problems.append(
            Problem(file, "river N", "fields", "there is a Barley field to the north (rulebook: Example 7)")
        )
    if by_ramp and not any(v == {Resource.FRUIT, Resource.BARLEY} for v in by_ramp.values()):
        problems.append(
            Problem(
                file,
                "[[river]]",
                "fields",
                "one river waters a Fruit and a Barley field (rulebook: the productivity examples)",
            )
        )
    return problems


def _build_map(doc: dict) -> BoardMap:
    rivers = {}
    for rec in doc["river"]:
        ramp = Ramp.parse(rec["ramp"])
        fields = tuple(Field(ramp, Resource.parse(f)) for f in rec["fields"])
        rivers[ramp] = River(ramp, fields, rec["source"].strip())
    return BoardMap(
        tuple(rivers[r] for r in RAMPS), tuple(doc["silt_spaces"]["numbers"]), doc["silt_spaces"]["source"].strip()
    )


def load_map(data_dir: Path | str | None = None) -> BoardMap:
    """The board map from ``map.toml`` (the kit's own, or the one in ``data_dir``)."""
    return load("map.toml", _build_map, data_dir)


# ----------------------------------------------------------------------------------------------------------------
# Weather tiles and seasons
# ----------------------------------------------------------------------------------------------------------------
_SPHERE_KEYS = {"sun": Sphere.SUN, "water": Sphere.WATER, "silt": Sphere.SILT}
SEASON_NAMES = {1: "Akhet", 2: "Peret", 3: "Shemu"}


def _spheres_text(spheres: tuple[tuple[Sphere, int], ...]) -> str:
    return ", ".join(f"{n} {s.label}" for s, n in spheres if n) or "no spheres"


@dataclass(frozen=True)
class WeatherTile:
    id: int
    spheres: tuple[tuple[Sphere, int], ...]
    source: str

    def counter(self) -> Counter:
        return Counter(dict(self.spheres))

    def __str__(self) -> str:
        return f"Weather tile {self.id}: {_spheres_text(self.spheres)}"


@dataclass(frozen=True)
class Season:
    number: int
    name: str
    spheres: tuple[tuple[Sphere, int], ...]
    source: str

    def counter(self) -> Counter:
        return Counter(dict(self.spheres))

    def __str__(self) -> str:
        return f"Season {self.number} ({self.name}) adds {_spheres_text(self.spheres)}"


@dataclass(frozen=True)
class WeatherData:
    tiles: tuple[WeatherTile, ...]
    seasons: tuple[Season, ...]

    def tile(self, tile_id: int) -> WeatherTile:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(f"no weather tile {tile_id}; the tiles are {[t.id for t in self.tiles]}")

    def season(self, number: int) -> Season:
        for s in self.seasons:
            if s.number == number:
                return s
        raise KeyError(f"no season {number}; the seasons are 1, 2 and 3")


def _check_spheres(rec: dict, file: str, where: str, problems: list[Problem]) -> None:
    spheres = require(rec, "spheres", dict, file, where, problems)
    if spheres is None:
        return
    for key, n in spheres.items():
        if key not in _SPHERE_KEYS:
            problems.append(Problem(file, where, f"spheres.{key}", "unknown sphere; use sun, water or silt"))
        elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
            problems.append(Problem(file, where, f"spheres.{key}", f"expected a whole number >= 0, got {n!r}"))
        elif n > SPHERE_TOTALS[_SPHERE_KEYS[key]]:
            problems.append(
                Problem(
                    file,
                    where,
                    f"spheres.{key}",
                    f"{n} is more than the game has: {SPHERE_TOTALS[_SPHERE_KEYS[key]]} {key} spheres "
                    "(rulebook: Components)",
                )
            )


def check_weather(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    tiles = records(doc, "tile", file, problems)
    ids = []
    for k, rec in enumerate(tiles, 1):
        where = record_label(rec, "id", "tile", k)
        check_source(rec, file, where, problems)
        tid = require(rec, "id", int, file, where, problems)
        if tid is not None:
            if tid in ids:
                problems.append(Problem(file, where, "id", "duplicate tile id"))
            ids.append(tid)
        _check_spheres(rec, file, where, problems)
    if len(tiles) != 7:
        problems.append(
            Problem(file, "[[tile]]", "-", f"the game has 7 Weather tiles (rulebook: Components), not {len(tiles)}")
        )
    seasons = records(doc, "season", file, problems)
    numbers = []
    for k, rec in enumerate(seasons, 1):
        where = record_label(rec, "number", "season", k)
        check_source(rec, file, where, problems)
        num = require(rec, "number", int, file, where, problems)
        name = require(rec, "name", str, file, where, problems)
        if num is not None:
            numbers.append(num)
            if num in SEASON_NAMES and name is not None and name != SEASON_NAMES[num]:
                problems.append(
                    Problem(file, where, "name", f"season {num} is {SEASON_NAMES[num]} (rulebook: Game Setup 1c, 2b)")
                )
        _check_spheres(rec, file, where, problems)
    if sorted(numbers) != [1, 2, 3]:
        problems.append(
            Problem(file, "[[season]]", "number", f"the seasons are numbered 1, 2, 3, got {sorted(numbers)}")
        )
    return problems


def _spheres(rec: dict) -> tuple[tuple[Sphere, int], ...]:
    got = {_SPHERE_KEYS[k]: n for k, n in rec["spheres"].items()}
    return tuple((s, got.get(s, 0)) for s in Sphere)


def _build_weather(doc: dict) -> WeatherData:
    tiles = tuple(
        sorted((WeatherTile(r["id"], _spheres(r), r["source"].strip()) for r in doc["tile"]), key=lambda t: t.id)
    )
    seasons = tuple(
        sorted(
            (Season(r["number"], r["name"], _spheres(r), r["source"].strip()) for r in doc["season"]),
            key=lambda s: s.number,
        )
    )
    return WeatherData(tiles, seasons)


def load_weather(data_dir: Path | str | None = None) -> WeatherData:
    """The weather tiles and seasons from ``weather.toml`` (illustrative unless replaced)."""
    return load("weather.toml", _build_weather, data_dir)


CHECKS["map.toml"] = check_map
CHECKS["weather.toml"] = check_weather
