"""Ra (Reiner Knizia): the tiles, their public counts, and a player's play area (:class:`Hand`), read from text, a
mapping or pairs and checked against the game's components.

Rule text: ``rulebooks/001_6747bfc0439617ca.txt`` ("Ra"), *Tiles and suns in player's play area*, *Disasters* (a
Disaster never stays in a play area) and *Draw and place one tile* (a Ra tile goes on the Ra track); the tile counts
are the public ones listed in the rulebooks' README (180 tiles).  The scoring is :mod:`.ra_scoring`, which
re-exports every name here.

>>> Hand.parse("pharaoh:3  Step Pyramid:1") == Hand.of(Pharaoh=3, Step_Pyramid=1)
True
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..errors import NotationError, StateError
from ..rules.common import whole_number as digits
from . import checks


RULES = "Ra rules"

#: tile -> (category, how many the game has)
CIVILIZATIONS = ("Astronomy", "Agriculture", "Writing", "Religion", "Art")
MONUMENTS = ("Fortress", "Obelisk", "Palace", "Pyramid", "Temple", "Statue", "Step Pyramid", "Sphinx")
DISASTERS = {"Funeral": 2, "Drought": 2, "War": 4, "Earthquake": 2}
TILE_COUNTS: dict[str, int] = {
    "Ra": 30,
    "God": 8,
    "Gold": 5,
    "Pharaoh": 25,
    "Nile": 25,
    "Flood": 12,
    **{name: 5 for name in CIVILIZATIONS},
    **{name: 5 for name in MONUMENTS},
    **DISASTERS,
}
CATEGORY: dict[str, str] = {
    "Ra": "ra",
    "God": "god",
    "Gold": "gold",
    "Pharaoh": "pharaoh",
    "Nile": "nile",
    "Flood": "flood",
    **{name: "civilization" for name in CIVILIZATIONS},
    **{name: "monument" for name in MONUMENTS},
    **{name: "disaster" for name in DISASTERS},
}
TILES = tuple(TILE_COUNTS)
#: lower-case name -> tile (how :func:`check_tile` forgives case)
TILE_BY_KEY = {tile.lower(): tile for tile in TILES}
CATEGORIES = ("ra", "god", "gold", "pharaoh", "nile", "flood", "civilization", "monument", "disaster")
#: what each Disaster makes its taker discard (two tiles of this category each), section *Disasters*
DISASTER_TARGET = {"Funeral": "pharaoh", "Drought": "river", "War": "civilization", "Earthquake": "monument"}

EMPTY_TEXTS = ("", "-", "nothing", "empty")


def check_tile(name: str, where: str = "tile") -> str:
    """The tile's canonical name (case and spaces forgiven); an unknown tile raises :class:`NotationError`."""
    if isinstance(name, str) and name in TILE_COUNTS:  # already canonical
        return name
    key = " ".join(checks.text(name, f"a Ra {where}").split()).lower()
    if key in TILE_BY_KEY:
        return TILE_BY_KEY[key]
    raise NotationError(name, 0, f"unknown Ra {where} {checks.shown(name)} (tiles: {', '.join(TILES)})")


def check_category(name: str) -> str:
    """One of :data:`CATEGORIES` (case forgiven); anything else raises :class:`NotationError` listing them."""
    key = " ".join(checks.text(name, "a Ra tile category").split()).lower()
    if key not in CATEGORIES:
        raise NotationError(
            name, 0, f"unknown Ra tile category {checks.shown(name)} (categories: {', '.join(CATEGORIES)})"
        )
    return key


def tiles_of(kind: str) -> tuple[str, ...]:
    """A tile name -> that tile; a category (``"civilization"``, ``"monument"``, ``"disaster"`` ...) -> its tiles."""
    key = " ".join(checks.text(kind, "a Ra tile or category").split()).lower()
    if key in CATEGORIES:
        return tuple(t for t in TILES if CATEGORY[t] == key)
    try:
        return (check_tile(kind),)
    except NotationError:
        raise NotationError(
            kind,
            0,
            f"unknown Ra tile or category {checks.shown(kind)} (tiles: {', '.join(TILES)}; "
            f"categories: {', '.join(CATEGORIES)})",
        ) from None


def parse_counts(text: str) -> list[tuple[str, int]]:
    """``"Pharaoh:3 Nile:2 Step Pyramid:1"`` -> ``[("Pharaoh", 3), ...]``; ``-``, ``""``, ``nothing``: none.

    Counts are ASCII digits (``٣`` or ``²`` are refused with a caret), at most :data:`MAX_DIGITS` of them."""
    text = checks.text(text, "a Ra tile list")
    if text.strip() in EMPTY_TEXTS:
        return []
    items, position = [], 0
    for match in re.finditer(r"\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(-?)(\S+)\s*", text):
        if match.start() != position:
            raise NotationError(text, position, "expected TILE:COUNT")
        tile = match.group(1)
        try:
            name = check_tile(tile)
        except NotationError:
            raise NotationError(text, match.start(1), f"unknown Ra tile {tile!r}") from None
        count = digits(text, match.start(3), match.end(3), f"the count of {name}")
        if match.group(2):
            raise StateError(f"a count cannot be negative: {name} -{count} (in {checks.shown(text)})")
        items.append((name, count))
        position = match.end()
    if position != len(text):
        raise NotationError(text, position, "expected TILE:COUNT")
    return items


def tile_counts(value, where: str) -> dict[str, int]:
    """Tile -> count from TILE:COUNT text, a mapping or (tile, count) pairs, each count a whole number and within
    the game's components (a tile counted twice is added up); anything else raises a typed error naming ``where``."""
    items = parse_counts(value) if isinstance(value, str) else checks.pairs(value, where)
    merged: dict[str, int] = {}
    for tile, count in items:
        name = check_tile(tile)
        merged[name] = merged.get(name, 0) + checks.whole_number(count, f"the count of {name} in {where}")
        if merged[name] > TILE_COUNTS[name]:
            raise StateError(
                f"{where} cannot hold {checks.shown(merged[name])} {name}: the game has {TILE_COUNTS[name]} "
                "(the public tile counts)"
            )
    return merged


@dataclass(frozen=True)
class Hand:
    """A Ra play area: how many of each tile a player has in front of them (tiles with 0 are left out).

    Built from (tile, count) pairs, a mapping or TILE:COUNT text; no count above the game's components, and never a
    Ra tile (it goes on the Ra track) or a Disaster (section *Disasters*: fulfilled at once and returned to the box
    with the tiles it takes; fulfil it with :func:`fulfill_disasters`)."""

    counts: tuple[tuple[str, int], ...] = ()

    def __post_init__(self):
        merged = tile_counts(self.counts, "a play area")
        if merged.get("Ra"):
            raise StateError("a Ra tile never goes to a play area (it goes on the Ra track)")
        disasters = [t for t in merged if CATEGORY[t] == "disaster"]
        if disasters:
            raise StateError(
                f"a play area never keeps a Disaster ({', '.join(disasters)}): it is fulfilled when taken and goes "
                f"back to the box; use fulfill_disasters(hand, {disasters!r}) ({RULES}: Disasters)"
            )
        object.__setattr__(self, "counts", tuple((t, merged[t]) for t in TILES if merged.get(t)))

    @classmethod
    def of(cls, counts: Mapping[str, int] | Iterable | str = (), **more: int) -> "Hand":
        """``Hand.of({"Pharaoh": 2}, Nile=1)``; keyword names use ``_`` for a space (``Step_Pyramid``)."""
        items = list(tile_counts(counts, "a play area").items())
        return cls(tuple(items + [(k.replace("_", " "), v) for k, v in more.items()]))

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read ``"Pharaoh:3 Nile:2 Step Pyramid:1"`` (``-`` or ``""`` is an empty hand)."""
        return cls(tuple(parse_counts(text)))

    def __str__(self) -> str:
        return " ".join(f"{t}:{c}" for t, c in self.counts) or "-"

    def __getitem__(self, tile: str) -> int:
        return dict(self.counts).get(check_tile(tile), 0)

    def category(self, category: str) -> int:
        """How many tiles of one category (``"civilization"``, ``"monument"``, ...; :data:`CATEGORIES`)."""
        category = check_category(category)
        return sum(c for t, c in self.counts if CATEGORY[t] == category)

    def kinds(self, category: str) -> tuple[str, ...]:
        """The different tiles held of one category."""
        category = check_category(category)
        return tuple(t for t, c in self.counts if CATEGORY[t] == category)

    @property
    def total(self) -> int:
        return sum(c for _, c in self.counts)

    def plus(self, tiles: Iterable[str] | str) -> "Hand":
        """With ``tiles`` added (a list of tile names, or one name)."""
        return Hand(self.counts + tuple((t, 1) for t in checks.names(tiles, "the tiles added")))

    def minus(self, tiles: Iterable[str] | str) -> "Hand":
        """With ``tiles`` taken away (a list of tile names, or one name); a tile not held raises StateError."""
        left = dict(self.counts)
        for t in checks.names(tiles, "the tiles taken away"):
            name = check_tile(t)
            if left.get(name, 0) <= 0:
                raise StateError(f"cannot discard {name}: none left in {self}")
            left[name] -= 1
        return Hand(tuple(left.items()))

    def without_category(self, *categories: str) -> "Hand":
        gone = {check_category(c) for c in categories}
        return Hand(tuple((t, c) for t, c in self.counts if CATEGORY[t] not in gone))

    def _repr_html_(self) -> str:
        cells = (
            "".join(
                f"<td style='padding:2px 6px;border:1px solid #ccc'>{html.escape(t)}<br><b>{c}</b></td>"
                for t, c in self.counts
            )
            or "<td>empty play area</td>"
        )
        return f"<table style='border-collapse:collapse'><tr>{cells}</tr></table>"


def as_hand(value, what: str = "a play area") -> Hand:
    """A :class:`Hand` from a Hand, TILE:COUNT text or a mapping tile -> count; ``None`` is refused (an empty play
    area is ``Hand()`` or ``"-"``), as is anything else."""
    if isinstance(value, Hand):
        return value
    if value is None:
        raise StateError(f"{what} is a Hand, TILE:COUNT text or a mapping tile -> count, not None (empty: '-')")
    return Hand(value)


def within_components(hands: Mapping[str, Hand], what: str = "the play areas") -> None:
    """The players' tiles together cannot exceed the game's: 25 Pharaohs in all, 5 Gold ... (StateError)."""
    hands = checks.mapping(hands, what, shape="player -> play area")
    together: dict[str, int] = {}
    for name, hand in hands.items():
        for tile, count in as_hand(hand, f"{checks.shown(name)}'s play area").counts:
            together[tile] = together.get(tile, 0) + count
    for tile, count in together.items():
        if count > TILE_COUNTS[tile]:
            raise StateError(
                f"{what} hold {count} {tile} together: the game has {TILE_COUNTS[tile]} (the public tile counts)"
            )
