"""Scoring pieces shared by the End of the Season and the End of the Game.

Rulebook: End of the Season, steps 3-4 (Building points, majorities); End of the Game, steps 1-6 (total offering,
Building sets, Priest cards, glyphs in hand, leftovers, winner); Buildings (every card's End of Season points);
Priest Cards; Mini Expansion "The Gifts of the Gods" (cards kept count in end-game step 5).

The input is a small frozen :class:`PlayerSituation`.  The sequences themselves live in
:mod:`tameri_kit.rules.season_end_scoring` and :mod:`tameri_kit.rules.game_end`; both return explained
:class:`ScoringEvent` values that a widget can replay one at a time.
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterable, Literal, Mapping, Sequence

from ..errors import DataError, ReadingError, StateError
from ..data_format import Problem
from .._fast import direct_init, from_fields, unchecked
from .common import RESOURCES, Resource
from .hand_cards import GLYPHS, HandCard
from .hand_cards import parse_hand as parse_hand  # re-exported: its home before the split
from .offering import Offering, OfferResult, Stock, offer
from .sources import default, has_default

SEASONS = ("Akhet", "Peret", "Shemu")


#: The four glyph kinds (the four Observatories D1-D4 are named after them).
class Category(str, Enum):
    """A category of points in the breakdowns of :mod:`~tameri_kit.rules.season_end_scoring` and
    :mod:`~tameri_kit.rules.game_end`.  A ``str`` enum whose text is the category's name, so
    ``breakdown["hand glyphs"]`` and ``breakdown[Category.HAND_GLYPHS]`` are the same entry and tables print
    ``hand glyphs``."""

    DURING_GAME = "during the game"
    GLYPH_BONUS = "glyph bonus"
    BUILDINGS = "buildings"
    MAJORITIES = "majorities"
    OFFERING_TOTAL = "offering total"
    BUILDING_SETS = "building sets"
    PRIEST_CARDS = "priest cards"
    HAND_GLYPHS = "hand glyphs"
    LEFTOVERS = "leftovers"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


#: End of the Game, step 2: points for a set of 1..7 different symbols.
SET_POINTS = (0, 1, 2, 4, 7, 11, 15, 20)

#: Buildings that score at the end of each Season (Buildings, "End of Season points").
SEASON_SCORERS = ("A2", "A3", "A5", "B5", "D1", "D2", "D3", "D4", "F1", "F2", "F3", "G1", "G2", "G3", "G5")
_BUILDING_ID = re.compile(r"[A-G][1-6]")


# ----------------------------------------------------------------------------------------------------------------
# Readings (register section S of docs/ambiguities.md)
# ----------------------------------------------------------------------------------------------------------------
#: Reading X9's choices for the Ghost's Sphinx points (the first is the kit's reading).
GHOST_SPHINX_READINGS = ("always", "while_building", "built")


@dataclass(frozen=True)
class ScoringReadings:
    """The scoring readings of ``docs/ambiguities.md`` a game takes as settings (S3, S6, S7, X9), each checked."""

    #: S6 - End of the Game step 4: ``"by_kind"`` counts each glyph kind over both sides of every card in hand and
    #: scores the most frequent kind's count; ``"by_side"`` scores the larger of the left-side and right-side totals.
    hand_glyphs: Literal["by_kind", "by_side"] = "by_kind"
    #: S7 - how many items each Gifts of the Gods card kept until the end counts as in End of the Game step 5.
    gift_items: int = 1
    #: S3 - D4's optional spend: scored after every other Building of the player (so spending cannot cost points
    #: elsewhere in step 3).  ``False``: scored in id order like the others.
    d4_last: bool = True
    #: X9 - the Ghost's Sphinx action (+1 Player Mode, Ghost Actions Summary: Sphinx), kept with the scoring readings
    #: so that a sweep can vary it like any other: ``"always"`` scores 2 points per Ghost Sphinx in play after every
    #: Sphinx action, also once all 3 are in play; ``"while_building"`` scores nothing once all 3 are in play (the
    #: whole action sits inside "if the Ghost Sphinxes are not all in play yet"); ``"built"`` scores 2 points for the
    #: Sphinx the action builds and nothing when it builds none ("2 points per Sphinx" read as per Sphinx built).
    ghost_sphinx: Literal["always", "while_building", "built"] = "always"

    def __post_init__(self):
        if self.hand_glyphs not in ("by_kind", "by_side"):
            raise ReadingError(f"ScoringReadings.hand_glyphs must be 'by_kind' or 'by_side', not {self.hand_glyphs!r}")
        if isinstance(self.gift_items, bool) or not isinstance(self.gift_items, int) or self.gift_items < 0:
            raise ReadingError(f"ScoringReadings.gift_items must be a whole number >= 0, not {self.gift_items!r}")
        if not isinstance(self.d4_last, bool):
            raise ReadingError(f"ScoringReadings.d4_last must be True or False, not {self.d4_last!r}")
        if self.ghost_sphinx not in GHOST_SPHINX_READINGS:
            raise ReadingError(
                f"ScoringReadings.ghost_sphinx (reading X9) must be one of {', '.join(GHOST_SPHINX_READINGS)}, "
                f"not {self.ghost_sphinx!r}"
            )

    def but(self, **changes) -> "ScoringReadings":
        """A copy with some readings changed (checked again)."""
        return replace(self, **changes)


SCORING_DEFAULT = ScoringReadings()


# ----------------------------------------------------------------------------------------------------------------
# A player's situation
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerSituation:
    """Everything about one player that the end-of-season and end-of-game scoring looks at."""

    name: str
    score: int = 0
    reserve: Stock = Stock()  # resources on the player board (owned, spendable)
    screen: Stock = Stock()  # resources offered to the Pharaoh, behind the screen
    deben: int = 0
    silt: int = 0  # Silt spheres on the player board
    farmers: int = 0  # Farmers in play
    merchant_in_play: bool = False
    builder_steps: int = 0  # steps the Builder has advanced
    sphinxes: int = 0  # Sphinxes built
    face_down: int = 0  # face-down Action cards on the player board this Season
    buildings: tuple[str, ...] = ()  # Building ids, e.g. ("A2", "D3"); the letter is the type symbol
    priest_cards: tuple[int, ...] = ()  # the points printed on each Priest card held (1, 2 or 3)
    gifts: int = 0  # Gifts of the Gods cards kept (worth no points; see step 5)
    hand: tuple[HandCard, ...] = ()  # Action cards in hand

    def __post_init__(self):
        d = self.__dict__
        for f in _SITUATION_ORDER:
            d[f] = _SITUATION_CHECKS[f](self, d[f])

    def but(self, **changes) -> "PlayerSituation":
        """A copy with some fields changed; only the changed fields are checked again (the rest already were)."""
        d = self.__dict__.copy()
        if not d.keys() >= changes.keys():
            raise TypeError(f"PlayerSituation has no field {next(f for f in changes if f not in d)!r}")
        d.update(changes)
        new = from_fields(PlayerSituation, d)
        for f in changes if len(changes) == 1 else [f for f in _SITUATION_ORDER if f in changes]:
            d[f] = _SITUATION_CHECKS[f](new, d[f])
        return new

    @classmethod
    def trusted(cls, **fields) -> "PlayerSituation":
        """Deprecated: :func:`tameri_kit._fast.unchecked` (``unchecked(PlayerSituation, **fields)``)."""
        warnings.warn(
            "PlayerSituation.trusted moved to tameri_kit._fast.unchecked(PlayerSituation, ...)",
            DeprecationWarning,
            stacklevel=2,
        )
        return unchecked(cls, **fields)

    def gain(self, points: int) -> "PlayerSituation":
        """A copy with ``points`` added to the score (a whole number, may be negative)."""
        if type(points) is not int:
            return self.but(score=self.score + points)  # checked (and refused unless a whole number)
        d = self.__dict__.copy()
        d["score"] += points
        return from_fields(PlayerSituation, d)

    @property
    def symbols(self) -> tuple[str, ...]:
        """The type symbol of each Building (its letter)."""
        return tuple(b[0] for b in self.buildings)


def _check_name(p: PlayerSituation, v):
    if not isinstance(v, str) or not v.strip():
        raise StateError("a player needs a name")
    return v


def _check_count(field: str):
    def check(p: PlayerSituation, v):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise StateError(f"{p.name}: {field} must be a whole number >= 0, not {v!r}")
        return v

    return check


def _check_score(p: PlayerSituation, v):
    if isinstance(v, bool) or not isinstance(v, int):
        raise StateError(f"{p.name}: score must be a whole number, not {v!r}")
    return v


def _check_buildings(p: PlayerSituation, v):
    bs = tuple(str(b).strip().upper() for b in v)
    bad = [b for b in bs if not _BUILDING_ID.fullmatch(b)]
    if bad:
        raise StateError(f"{p.name}: Building ids are a letter A-G and a number 1-6, not {', '.join(bad)}")
    dup = sorted({b for b in bs if bs.count(b) > 1})
    if dup:
        raise StateError(f"{p.name}: each Building card exists once; {', '.join(dup)} appears twice")
    return bs


def _check_priest_cards(p: PlayerSituation, v):
    pc = tuple(v)
    if any(isinstance(x, bool) or x not in (1, 2, 3) for x in pc):
        raise StateError(f"{p.name}: Priest cards are worth 1, 2 or 3 points, not {pc}")
    return pc


#: Each field's check (and normalisation), in the order they are made; a message names the first problem.
_SITUATION_CHECKS = {
    "name": _check_name,
    "reserve": lambda p, v: Stock.of(v),
    "screen": lambda p, v: Stock.of(v),
    **{f: _check_count(f) for f in ("deben", "silt", "farmers", "builder_steps", "sphinxes", "face_down", "gifts")},
    "score": _check_score,
    "buildings": _check_buildings,
    "priest_cards": _check_priest_cards,
    "hand": lambda p, v: tuple(HandCard.parse(c) if isinstance(c, str) else c for c in v),
    "merchant_in_play": lambda p, v: v,
}
_SITUATION_ORDER = tuple(_SITUATION_CHECKS)


def offer_player(
    player: PlayerSituation, offering: Offering | str, *, used_effects: Iterable[str] = ()
) -> tuple[PlayerSituation, OfferResult]:
    """Possible Actions: Offering to the Pharaoh, for a :class:`PlayerSituation` (score and screen updated)."""
    r = offer(player.reserve, player.screen, offering, buildings=player.buildings, used_effects=used_effects)
    return player.but(score=player.score + r.points, reserve=r.reserve, screen=r.screen), r


# ----------------------------------------------------------------------------------------------------------------
# Majorities
# ----------------------------------------------------------------------------------------------------------------
#: End of the Season step 4b and End of the Game step 1: the points for offering the most alone, and for each
#: player tied for the most - the one place these numbers live (:func:`majority_points` and everything that asks it).
MAJORITY_POINTS, MAJORITY_TIE_POINTS = 2, 1


def majority_points(
    counts: Mapping[str, int], *, first: int = MAJORITY_POINTS, tie: int = MAJORITY_TIE_POINTS, everyone: bool = False
) -> dict[str, int]:
    """End of the Season step 4b (and End of the Game step 1): the most scores ``first``, a tie ``tie`` each.

    Nobody scores when nobody offered any (register S4); a lone offerer has the most and scores ``first``.
    The result names the scorers only; ``everyone=True`` lists every player of ``counts``, in its order, with 0
    for those who score nothing.

    >>> majority_points({"Ringo": 3, "Paul": 0, "John": 1}, everyone=True)
    {'Ringo': 2, 'Paul': 0, 'John': 0}

    >>> majority_points({"Ringo": 2, "Paul": 2, "John": 2, "George": 1})
    {'Ringo': 1, 'Paul': 1, 'John': 1}
    >>> majority_points({"Ringo": 0, "Paul": 0}), majority_points({"Ringo": 3, "Paul": 0})
    ({}, {'Ringo': 2})
    """
    if everyone:
        won = majority_points(counts, first=first, tie=tie)
        return {n: won.get(n, 0) for n in counts}
    best = max(counts.values(), default=0)
    if best <= 0:
        return {}
    top = [n for n, c in counts.items() if c == best]
    return {top[0]: first} if len(top) == 1 else {n: tie for n in top}


def name_list(names: Sequence[str]) -> str:
    """Names as prose for the scoring events: ``"A"``, ``"A and B"``, ``"A, B and C"``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# ----------------------------------------------------------------------------------------------------------------
# Buildings: End of Season points (End of the Season, step 3)
# ----------------------------------------------------------------------------------------------------------------
def building_tables(explicit: Mapping[str, Mapping] | None = None) -> dict[str, dict]:
    """The parameters of A2 and A3 (their numbers are on the lost pictures).

    Read from the default Buildings (``tameri_kit/data/buildings.toml``, registered by :mod:`tameri_kit.data` in
    :mod:`.sources`) when there are any; ``explicit`` (``{"A2": {"by_season": [a, b, c]}, "A3": {"min_buildings":
    n, "points": p}}``) overrides it.  Without them, the explicit values are the only source, and scoring a Player
    who owns A2 or A3 without them raises a :class:`DataError`.
    """
    tables: dict[str, dict] = {}
    if has_default("buildings"):
        try:
            loaded = default("buildings")
        except DataError:
            loaded = ()
        items = loaded.values() if isinstance(loaded, Mapping) else loaded
        for b in items:
            sp = getattr(b, "season_points", None)
            if getattr(b, "id", None) in ("A2", "A3") and isinstance(sp, Mapping):
                tables[b.id] = dict(sp)
    for k, v in (explicit or {}).items():
        tables[str(k).upper()] = dict(v)
    return tables


def _table(tables: Mapping[str, Mapping], bid: str, keys: tuple[str, ...]) -> dict:
    t = tables.get(bid)
    if not t or any(k not in t for k in keys):
        raise DataError(
            [
                Problem(
                    "buildings.toml",
                    bid,
                    "season_points",
                    f"the End of Season points of {bid} are not in the rulebook text; pass "
                    f"tables={{'{bid}': {{{', '.join(repr(k) + ': ...' for k in keys)}}}}} or load "
                    "buildings.toml",
                )
            ]
        )
    return dict(t)


def building_season_points(
    building: str, player: PlayerSituation, season: int | None, *, tables: Mapping[str, Mapping] | None = None
) -> tuple[int, str]:
    """End of the Season, step 3: one Building's End of Season points for ``player``, with the reason.

    ``season`` is 1 (Akhet), 2 (Peret) or 3 (Shemu); only A2 needs it (``None`` does for the others).  Counted
    resources are those in the reserve (offered ones belong to the Pharaoh: register S2).  D4 answers what it
    *would* give if the player spends a resource; the spend itself is applied by
    :func:`tameri_kit.rules.season_end_scoring.season_end`.

    >>> george = PlayerSituation("George", silt=1, reserve=Stock(flax=3), buildings=("G2", "D3"))   # Example 20
    >>> building_season_points("G2", george, 1), building_season_points("D3", george, 1)
    ((1, 'G2: 1 per Silt (1), up to 3'), (3, 'D3: 1 per Flax (3), up to 3'))
    """
    b = building.strip().upper()
    p = player
    if season is not None and season not in (1, 2, 3) or isinstance(season, bool):
        raise StateError(f"season must be 1 (Akhet), 2 (Peret) or 3 (Shemu), not {season!r}")
    if season is None and b == "A2":
        raise StateError("A2 scores by Season: give the season (1 Akhet, 2 Peret or 3 Shemu)")

    def capped(n: int, what: str) -> tuple[int, str]:
        return min(n, 3), f"{b}: 1 per {what} ({n}), up to 3"

    if b == "A2":
        t = _table(tables if tables is not None else building_tables(), "A2", ("by_season",))
        pts = int(t["by_season"][season - 1])
        return pts, f"A2: {pts} in {SEASONS[season - 1]} (season {season})"
    if b == "A3":
        t = _table(tables if tables is not None else building_tables(), "A3", ("min_buildings", "points"))
        n, need = len(p.buildings), int(t["min_buildings"])
        pts = int(t["points"]) if n >= need else 0
        return pts, f"A3: {n} Buildings, {'at least' if n >= need else 'fewer than'} {need} -> {pts}"
    if b == "A5":
        return (2, "A5: Merchant in play -> 2") if p.merchant_in_play else (0, "A5: Merchant not in play -> 0")
    if b == "B5":
        return (
            (2, f"B5: {p.face_down} face-down card(s) on the board -> 2")
            if p.face_down
            else (0, "B5: no face-down card on the board -> 0")
        )
    if b == "D1":
        return capped(p.reserve[Resource.PAPYRUS], "Papyrus")
    if b == "D2":
        return capped(p.reserve[Resource.FRUIT], "Fruit")
    if b == "D3":
        return capped(p.reserve[Resource.FLAX], "Flax")
    if b == "D4":
        if not p.reserve.total:
            return 0, "D4: no resource to spend -> 0"
        return D4_SPEND_POINTS, f"D4: may spend 1 resource for {D4_SPEND_POINTS}"
    if b == "F1":
        return capped(p.farmers, "Farmer in play")
    if b == "F2":
        return capped(p.reserve[Resource.BARLEY], "Barley")
    if b == "F3":
        return capped(p.builder_steps, "Builder step")
    if b == "G1":
        return capped(p.sphinxes, "Sphinx built")
    if b == "G2":
        return capped(p.silt, "Silt")
    if b == "G3":
        return capped(p.deben, "Deben")
    if b == "G5":
        return 1, "G5: 1"
    return 0, f"{b}: no End of Season points"


#: Building D4 (North Observatory), End of Season points: the points for the 1 resource of your choice it may spend.
D4_SPEND_POINTS = 2


def spend_on_d4(reserve: Stock, resource: Resource) -> tuple[Stock, int]:
    """Building Card List, D4's End of Season points (End of the Season, step 3): 1 ``resource`` spent from ``reserve``
    for :data:`D4_SPEND_POINTS`; returns the reserve after and the points (a :class:`StateError` without one).  The one
    owner of the rule: the Season's scoring, Sphinx 3A and Gift GG2 all spend through it."""
    if reserve[resource] == 0:
        raise StateError(f"D4 spends a resource you have: there is no {resource.value} to spend")
    return reserve.with_count(resource, reserve[resource] - 1), D4_SPEND_POINTS


def d4_choice(player: PlayerSituation) -> Resource | None:
    """The resource D4 spends when the player leaves the choice to the kit: the most plentiful one (ties: the
    later in majority order, so Barley, counted by F2, is kept longest)."""
    best = max(RESOURCES[::-1], key=lambda r: player.reserve[r])
    return best if player.reserve[best] else None


# ----------------------------------------------------------------------------------------------------------------
# End of the Game helpers
# ----------------------------------------------------------------------------------------------------------------
def best_sets(symbols: Iterable[str] | Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """End of the Game, step 2: split the type symbols into sets of different symbols worth the most.

    ``symbols``: the letters (``"ABCDEAB"``, ``["A", "B"]``) or their counts (``{"A": 2, "B": 2, "C": 1}``).

    The greedy split (each set takes one of every symbol still left) is optimal: set sizes from any split are
    majorized by the greedy sizes (the k largest greedy sets hold every copy of each symbol up to k), and the
    points for a set size have non-decreasing steps (1, 1, 2, 3, 4, 4, 5), so majorized sizes never score more.
    Tests check this against every split of small multisets.

    >>> best_sets("ABCDEAB")        # Example 23: 11 + 2
    (('A', 'B', 'C', 'D', 'E'), ('A', 'B'))
    >>> best_sets({"A": 2, "B": 2, "C": 1, "D": 1, "E": 1}) == best_sets("ABCDEAB")
    True
    """
    if isinstance(symbols, Mapping):
        left = Counter()
        for s, n in symbols.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise StateError(f"a count of type symbols is a whole number >= 0, not {s!r}: {n!r}")
            left[str(s).upper()] += n
        left = +left
    else:
        left = Counter(str(s).upper() for s in symbols)
    bad = sorted(s for s in left if s not in "ABCDEFG" or len(s) != 1)
    if bad:
        raise ValueError(f"type symbols are the letters A-G, not {bad}")
    out = []
    while left:
        group = tuple(sorted(left))
        out.append(group)
        left -= Counter(group)
    return tuple(out)


def sets_points(sets: Iterable[Iterable[str]]) -> int:
    """Points of a split into sets (each set must have different symbols)."""
    total = 0
    for s in sets:
        s = tuple(s)
        if len(set(s)) != len(s):
            raise ValueError(f"a set must have different symbols: {s}")
        total += SET_POINTS[len(s)]
    return total


def hand_glyph_points(hand: Iterable[HandCard], reading: str = "by_kind") -> tuple[int, str]:
    """End of the Game, step 4: points for the glyphs on the Action cards in hand (register S6)."""
    hand = tuple(hand)
    if reading == "by_side":
        lt = sum(len(c.left) for c in hand)
        rt = sum(len(c.right) for c in hand)
        return max(lt, rt), f"{lt} glyph(s) on left sides, {rt} on right sides -> {max(lt, rt)}"
    if reading != "by_kind":
        raise ValueError(f"hand glyph reading must be 'by_kind' or 'by_side', not {reading!r}")
    c = Counter(g for card in hand for g in card.left + card.right)
    if not c:
        return 0, "no glyphs in hand -> 0"
    best = max(c.values())
    kinds = [g.value for g in GLYPHS if c[g] == best]
    counts = ", ".join(f"{c[g]} {g.value}" for g in GLYPHS if c[g])
    return best, f"{counts}; most of one kind ({'/'.join(kinds)}): {best}"


def leftover_points(n: int) -> int:
    """End of the Game, step 5: 1 point per 3 items (resources, Deben, Silt), rounded down.

    >>> [leftover_points(n) for n in (2, 3, 9, 10, 14)]
    [0, 1, 3, 3, 4]
    """
    if n < 0:
        raise ValueError("a count of items cannot be negative")
    return n // 3


def leftover_items(player: PlayerSituation, readings: ScoringReadings = SCORING_DEFAULT) -> int:
    """End of the Game, step 5: the items the player counts - resources on their board, Deben and Silt, and each
    Gifts of the Gods card kept as ``readings.gift_items`` items (How to Play; register S7)."""
    return player.reserve.total + player.deben + player.silt + player.gifts * readings.gift_items


def highest_card(player: PlayerSituation) -> float | None:
    """End of the Game, step 6: the highest Action card in the player's hand (breaks a tie), or ``None``."""
    return max((c.number for c in player.hand), default=None)


# ----------------------------------------------------------------------------------------------------------------
# Events
# ----------------------------------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class ScoringEvent:
    """One explained scoring step, with the players right after it (so a widget can replay it)."""

    step: str  # the rulebook section, e.g. "End of the Season, step 4"
    kind: str  # priests | glyph | building | reveal | majority | total | ...
    text: str
    points: tuple[tuple[str, int], ...]  # who scored what in this event
    after: tuple[PlayerSituation, ...]
    resource: Resource | None = None
    discarded: tuple[str, ...] = ()  # players who discard (this type, or their whole screen)
    kept: tuple[tuple[str, int], ...] = ()  # players who put theirs back behind the screen, with how many

    def __str__(self) -> str:
        return f"{self.text}  [{self.step}]"

    def player(self, name: str) -> PlayerSituation:
        """The player ``name`` right after this event."""
        return next(p for p in self.after if p.name == name)
