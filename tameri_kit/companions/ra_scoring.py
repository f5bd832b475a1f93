"""Ra (Reiner Knizia): the tiles, a player's play area, and the scoring at the end of an epoch and of the game.

Rule text: ``rulebooks/001_6747bfc0439617ca.txt`` ("Ra"), sections *Scoring* (Gods, Pharaohs, Nile,
Civilization, Gold, Monuments, Suns) and *Disasters*; the tile counts are the public ones listed in the rulebooks'
README (180 tiles).  Every function names the section it follows; the readings the kit had to choose are R1-R6 in
``docs/ambiguities.md``.

A play area is a frozen :class:`Hand` (tile -> count) with a text form that parses back:

>>> hand = Hand.parse("Pharaoh:3 Nile:2 Flood:1 Astronomy:3 Agriculture:2 Writing:2 Gold:1")
>>> str(hand)
'Gold:1 Pharaoh:3 Nile:2 Flood:1 Astronomy:3 Agriculture:2 Writing:2'
>>> civilization_points(hand), nile_points(hand), gold_points(hand)
(5, 3, 3)
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ..errors import IllegalActionError, NotationError, StateError

RULES = "Ra rules"

#: tile -> (category, how many the game has)
CIVILIZATIONS = ("Astronomy", "Agriculture", "Writing", "Religion", "Art")
MONUMENTS = ("Fortress", "Obelisk", "Palace", "Pyramid", "Temple", "Statue", "Step Pyramid", "Sphinx")
DISASTERS = {"Funeral": 2, "Drought": 2, "War": 4, "Earthquake": 2}
TILE_COUNTS: dict[str, int] = {
    "Ra": 30, "God": 8, "Gold": 5, "Pharaoh": 25, "Nile": 25, "Flood": 12,
    **{name: 5 for name in CIVILIZATIONS}, **{name: 5 for name in MONUMENTS}, **DISASTERS,
}
CATEGORY: dict[str, str] = {
    "Ra": "ra", "God": "god", "Gold": "gold", "Pharaoh": "pharaoh", "Nile": "nile", "Flood": "flood",
    **{name: "civilization" for name in CIVILIZATIONS}, **{name: "monument" for name in MONUMENTS},
    **{name: "disaster" for name in DISASTERS},
}
TILES = tuple(TILE_COUNTS)
CATEGORIES = ("ra", "god", "gold", "pharaoh", "nile", "flood", "civilization", "monument", "disaster")
#: what each Disaster makes its taker discard (two tiles of this category each), section *Disasters*
DISASTER_TARGET = {"Funeral": "pharaoh", "Drought": "river", "War": "civilization", "Earthquake": "monument"}

PHARAOH_MOST, PHARAOH_FEWEST = 5, -2
SUN_MOST, SUN_FEWEST = 5, -5


def check_tile(name: str, where: str = "tile") -> str:
    """The tile's canonical name (case and spaces forgiven); an unknown tile raises :class:`NotationError`."""
    key = " ".join(str(name).split()).lower()
    for tile in TILES:
        if tile.lower() == key:
            return tile
    raise NotationError(str(name), 0, f"unknown Ra {where} {name!r} (tiles: {', '.join(TILES)})")


def _check_count(tile: str, count) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise StateError(f"the count of {tile} must be a whole number, not {count!r}")
    if count < 0:
        raise StateError(f"a count cannot be negative: {tile} {count}")
    return count


@dataclass(frozen=True)
class Hand:
    """A Ra play area: how many of each tile a player has in front of them (tiles with 0 are left out)."""

    counts: tuple[tuple[str, int], ...] = ()

    def __post_init__(self):
        merged: dict[str, int] = {}
        for tile, count in self.counts:
            name = check_tile(tile)
            merged[name] = merged.get(name, 0) + _check_count(name, count)
        if "Ra" in merged and merged["Ra"]:
            raise StateError("a Ra tile never goes to a play area (it goes on the Ra track)")
        object.__setattr__(self, "counts", tuple((t, merged[t]) for t in TILES if merged.get(t)))

    @classmethod
    def of(cls, counts: Mapping[str, int] | None = None, **more: int) -> "Hand":
        """``Hand.of({"Pharaoh": 2}, Nile=1)``; keyword names use ``_`` for a space (``Step_Pyramid``)."""
        items = list((counts or {}).items()) + [(k.replace("_", " "), v) for k, v in more.items()]
        return cls(tuple(items))

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read ``"Pharaoh:3 Nile:2 Step Pyramid:1"`` (``-`` or ``""`` is an empty hand)."""
        text = str(text)
        if text.strip() in ("", "-", "nothing"):
            return cls()
        items, position = [], 0

        for match in re.finditer(r"\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(-?\d+)\s*", text):
            if match.start() != position:
                raise NotationError(text, position, "expected TILE:COUNT")
            tile = match.group(1)
            try:
                name = check_tile(tile)
            except NotationError:
                raise NotationError(text, match.start(1), f"unknown Ra tile {tile!r}") from None
            count = int(match.group(2))
            if count < 0:
                raise StateError(f"a count cannot be negative: {name} {count} (in {text!r})")
            items.append((name, count))
            position = match.end()
        if position != len(text):
            raise NotationError(text, position, "expected TILE:COUNT")
        return cls(tuple(items))

    def __str__(self) -> str:
        return " ".join(f"{t}:{c}" for t, c in self.counts) or "-"

    def __getitem__(self, tile: str) -> int:
        return dict(self.counts).get(check_tile(tile), 0)

    def category(self, category: str) -> int:
        """How many tiles of one category (``"civilization"``, ``"monument"``, ...)."""
        return sum(c for t, c in self.counts if CATEGORY[t] == category)

    def kinds(self, category: str) -> tuple[str, ...]:
        """The different tiles held of one category."""
        return tuple(t for t, c in self.counts if CATEGORY[t] == category)

    @property
    def total(self) -> int:
        return sum(c for _, c in self.counts)

    def plus(self, tiles: Iterable[str]) -> "Hand":
        return Hand(self.counts + tuple((t, 1) for t in tiles))

    def minus(self, tiles: Iterable[str]) -> "Hand":
        left = dict(self.counts)
        for t in tiles:
            name = check_tile(t)
            if left.get(name, 0) <= 0:
                raise StateError(f"cannot discard {name}: none left in {self}")
            left[name] -= 1
        return Hand(tuple(left.items()))

    def without_category(self, *categories: str) -> "Hand":
        return Hand(tuple((t, c) for t, c in self.counts if CATEGORY[t] not in categories))

    def _repr_html_(self) -> str:
        cells = "".join(f"<td style='padding:2px 6px;border:1px solid #ccc'>{html.escape(t)}<br><b>{c}</b></td>"
                        for t, c in self.counts) or "<td>empty play area</td>"
        return f"<table style='border-collapse:collapse'><tr>{cells}</tr></table>"


def _hand(value) -> Hand:
    if isinstance(value, Hand):
        return value
    if isinstance(value, str):
        return Hand.parse(value)
    return Hand.of(value)


# ----------------------------------------------------------------------------------------------------------------
# the scoring rules, one function each (section Scoring)
# ----------------------------------------------------------------------------------------------------------------
def god_points(hand: Hand) -> int:
    """Scoring, *Gods*: 2 fame for each God tile (they are then discarded)."""
    return 2 * hand.category("god")


def gold_points(hand: Hand) -> int:
    """Scoring, *Gold*: 3 fame for each Gold tile (then discarded)."""
    return 3 * hand.category("gold")


def nile_points(hand: Hand) -> int:
    """Scoring, *Nile*: 1 fame per Flood and per Nile tile, but only for a player with at least one Flood."""
    floods = hand.category("flood")
    return floods + hand.category("nile") if floods else 0


def civilization_points(hand: Hand) -> int:
    """Scoring, *Civilization*: none at all -5; 3, 4, 5 different kinds +5, +10, +15; 1 or 2 kinds 0 (reading R2).

    Extra tiles of a kind already held add nothing (the text's example: 3 Astronomy, 2 Agriculture, 2 Writing = 5).
    """
    if hand.category("civilization") == 0:
        return -5
    return {3: 5, 4: 10, 5: 15}.get(len(hand.kinds("civilization")), 0)


MONUMENT_KINDS_POINTS = {7: 10, 8: 15}
MONUMENT_SAME_POINTS = {3: 5, 4: 10, 5: 15}


def monument_points(hand: Hand) -> int:
    """Scoring, *Monuments* (after the third epoch only): 1 per different kind up to 6 kinds, 10 for 7, 15 for 8;
    plus, for each kind, 5 for three alike, 10 for four, 15 for five (one bonus per kind, reading R3).

    The text's example: 4 Pyramids, 3 Temples, 2 Fortresses, 1 Sphinx -> 4 + 10 + 5 = 19.

    >>> monument_points(Hand.of(Pyramid=4, Temple=3, Fortress=2, Sphinx=1))
    19
    """
    kinds = hand.kinds("monument")
    variety = MONUMENT_KINDS_POINTS.get(len(kinds), len(kinds))
    return variety + sum(MONUMENT_SAME_POINTS.get(hand[k], 0) for k in kinds)


def extreme_points(values: Mapping[str, int], most: int, fewest: int) -> dict[str, int]:
    """Most ``most`` each, fewest ``fewest`` each, nothing when everybody has the same (Pharaohs and Suns rules).

    With every tie shared (the text says so for both) and zero counting as a count like any other (reading R1).

    >>> extreme_points({"Anna": 3, "Bob": 2, "Cathy": 2, "Don": 3}, 5, -2)   # the text's Pharaoh example
    {'Anna': 5, 'Bob': -2, 'Cathy': -2, 'Don': 5}
    """
    result = {name: 0 for name in values}
    for name, value in values.items():
        _check_count(name, value)
    if len(set(values.values())) <= 1:
        return result
    high, low = max(values.values()), min(values.values())
    for name, value in values.items():
        result[name] = most if value == high else fewest if value == low else 0
    return result


def pharaoh_points(pharaohs: Mapping[str, int]) -> dict[str, int]:
    """Scoring, *Pharaohs*: the most +5, the fewest -2, ties each; all equal: nothing."""
    return extreme_points(pharaohs, PHARAOH_MOST, PHARAOH_FEWEST)


def sun_points(sun_totals: Mapping[str, int]) -> dict[str, int]:
    """Scoring, *Suns* (after the third epoch): the highest total +5, the lowest -5, ties each; all equal: nothing.

    >>> sun_points({"Anna": 17, "Bob": 25, "Cathy": 21, "Don": 17})   # the text's example
    {'Anna': -5, 'Bob': 5, 'Cathy': 0, 'Don': -5}
    """
    return extreme_points(sun_totals, SUN_MOST, SUN_FEWEST)


EPOCH_CATEGORIES = ("gods", "pharaohs", "nile", "civilization", "gold")
GAME_END_CATEGORIES = ("monuments", "suns")


@dataclass(frozen=True)
class RaScoring:
    """Fame per player and category, the hands left afterwards (what the text discards is gone), and why."""

    names: tuple[str, ...]
    categories: tuple[str, ...]
    points: Mapping[str, Mapping[str, int]]
    after: Mapping[str, Hand]
    reasons: tuple[str, ...] = field(default=())

    def total(self, name: str) -> int:
        return sum(self.points[name].values())

    @property
    def totals(self) -> dict[str, int]:
        return {n: self.total(n) for n in self.names}

    def _repr_html_(self) -> str:
        head = "".join(f"<th style='padding:2px 8px'>{c}</th>" for c in self.categories)
        rows = "".join(
            f"<tr><td style='padding:2px 8px'><b>{html.escape(n)}</b></td>"
            + "".join(f"<td style='text-align:right;padding:2px 8px'>{self.points[n][c]:+d}</td>"
                      for c in self.categories)
            + f"<td style='text-align:right;padding:2px 8px'><b>{self.total(n):+d}</b></td></tr>"
            for n in self.names)
        why = "".join(f"<li>{html.escape(r)}</li>" for r in self.reasons)
        return (f"<table><caption>Ra scoring</caption><tr><th></th>{head}<th>total</th></tr>{rows}</table>"
                f"<ul style='margin:4px 0'>{why}</ul>")


def score_epoch(hands: Mapping[str, Hand | str | Mapping], *, final: bool = False,
                sun_totals: Mapping[str, int] | None = None) -> RaScoring:
    """Scoring at the end of an epoch (Gods, Pharaohs, Nile, Civilization, Gold), and with ``final=True`` the end
    of the game too (Monuments, and Suns from ``sun_totals``).

    Afterwards Gods, Floods, Civilizations and Gold are discarded; Pharaohs, Niles and Monuments stay.

    >>> result = score_epoch({"Anna": "Pharaoh:3 God:1", "Bob": "Pharaoh:2 Nile:3 Flood:1"})
    >>> result.points["Anna"]["pharaohs"], result.points["Bob"]["nile"], result.totals
    (5, 4, {'Anna': 2, 'Bob': -3})
    """
    parsed = {name: _hand(hand) for name, hand in hands.items()}
    if not parsed:
        raise StateError("Ra scoring needs at least one player")
    names = tuple(parsed)
    if final and sun_totals is None:
        raise StateError("the final scoring needs each player's Sun total (sun_totals)")
    if sun_totals is not None and set(sun_totals) != set(names):
        raise StateError(f"sun_totals must name exactly the players {list(names)}, not {sorted(sun_totals)}")
    categories = EPOCH_CATEGORIES + (GAME_END_CATEGORIES if final else ())
    pharaohs = pharaoh_points({n: parsed[n].category("pharaoh") for n in names})
    suns = sun_points(dict(sun_totals)) if final else {}
    points = {}
    for n in names:
        hand = parsed[n]
        row = {"gods": god_points(hand), "pharaohs": pharaohs[n], "nile": nile_points(hand),
               "civilization": civilization_points(hand), "gold": gold_points(hand)}
        if final:
            row["monuments"] = monument_points(hand)
            row["suns"] = suns[n]
        points[n] = row
    after = {n: parsed[n].without_category("god", "flood", "civilization", "gold") for n in names}
    reasons = (
        "Gods: 2 each, then discarded (Scoring: Gods)",
        "Pharaohs: most +5, fewest -2, ties each, all equal nothing; they stay (Scoring: Pharaohs)",
        "Nile: 1 per Nile and Flood, only with a Flood; Floods discarded, Niles stay (Scoring: Nile)",
        "Civilization: none -5; 3/4/5 kinds +5/+10/+15; then discarded (Scoring: Civilization)",
        "Gold: 3 each, then discarded (Scoring: Gold)",
    ) + (("Monuments: kinds and sets of the same kind (Scoring: Monuments)",
          "Suns: highest total +5, lowest -5, ties each (Scoring: Suns)") if final else ())
    return RaScoring(names, categories, points, after, reasons)


# ----------------------------------------------------------------------------------------------------------------
# Disasters (section Disasters)
# ----------------------------------------------------------------------------------------------------------------
def _river_order(hand: Hand) -> list[str]:
    return ["Flood"] * hand["Flood"] + ["Nile"] * hand["Nile"]


def disaster_choices(hand: Hand, disaster: str) -> list[tuple[str, ...]]:
    """Every discard the player may choose for one Disaster (each a sorted tuple of tile names).

    Two tiles of the Disaster's category, or all of them when fewer are held, none when there are none.  Drought has
    no choice: Floods first, then Niles (section *Disasters*).
    """
    disaster = check_tile(disaster)
    if CATEGORY[disaster] != "disaster":
        raise StateError(f"{disaster} is not a Disaster tile ({', '.join(DISASTERS)})")
    if disaster == "Drought":
        return [tuple(sorted(_river_order(hand)[:2]))]
    category = DISASTER_TARGET[disaster]
    pool = [t for t in hand.kinds(category) for _ in range(min(hand[t], 2))]
    need = min(2, hand.category(category))
    choices = set()
    for i, first in enumerate(pool):
        if need == 1:
            choices.add((first,))
        for second in pool[i + 1:]:
            if need == 2:
                choices.add(tuple(sorted((first, second))))
    return sorted(choices) if need else [()]


def default_discard(hand: Hand, disaster: str) -> tuple[str, ...]:
    """The discard the kit picks when the player does not say: it keeps variety (the most-held kinds go first).

    A convenience for bots, not a rule (reading R5): a person chooses with ``discard=``.
    """
    choices = disaster_choices(hand, disaster)
    return min(choices, key=lambda tiles: (-sum(hand[t] for t in tiles), tiles))


def fulfill_disasters(hand: Hand, disasters: Sequence[str],
                      discards: Sequence[Sequence[str] | None] | None = None) -> tuple[Hand, tuple[str, ...]]:
    """Section *Disasters*: fulfil each Disaster in turn (after the auction's other tiles are in the play area).

    ``discards[i]`` is the player's choice for ``disasters[i]`` (``None``: the kit's :func:`default_discard`).  A
    choice that is not allowed raises :class:`IllegalActionError` and changes nothing.  Returns the hand and every
    tile discarded.

    >>> fulfill_disasters(Hand.parse("Nile:3 Flood:1"), ["Drought"])
    (Hand(counts=(('Nile', 2),)), ('Flood', 'Nile'))
    """
    discards = list(discards or [None] * len(disasters))
    if len(discards) != len(disasters):
        raise StateError(f"{len(disasters)} Disaster(s) but {len(discards)} discard choice(s)")
    gone: list[str] = []
    for disaster, choice in zip(disasters, discards):
        options = disaster_choices(hand, disaster)
        if choice is None:
            picked = default_discard(hand, disaster)
        else:
            picked = tuple(sorted(check_tile(t) for t in choice))
            if picked not in options:
                shown = " or ".join("+".join(o) or "nothing" for o in options)
                raise IllegalActionError(f"{check_tile(disaster)}: cannot discard {'+'.join(picked) or 'nothing'}; "
                                         f"allowed: {shown}", rule=f"{RULES}: Disasters")
        hand = hand.minus(picked)
        gone += picked
    return hand, tuple(gone)


def game_winner(fame: Mapping[str, int], highest_sun: Mapping[str, int]) -> tuple[str, ...]:
    """*End of the game*: the most fame wins; among players tied on it, the one holding the highest-numbered Sun.

    >>> game_winner({"Anna": 40, "Bob": 40, "Cathy": 31}, {"Anna": 9, "Bob": 13, "Cathy": 16})
    ('Bob',)
    """
    if not fame:
        raise StateError("the game needs at least one player")
    if set(fame) != set(highest_sun):
        raise StateError(f"highest_sun must name exactly the players {sorted(fame)}")
    best = max(fame.values())
    tied = [n for n in fame if fame[n] == best]
    top_sun = max(highest_sun[n] for n in tied)
    return tuple(n for n in tied if highest_sun[n] == top_sun)
