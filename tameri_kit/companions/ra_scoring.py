"""Ra (Reiner Knizia): the scoring at the end of an epoch and of the game, and the Disasters.  The tiles and a
player's play area (:class:`Hand`) are :mod:`.ra_tiles`; every name there is re-exported here.

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
import itertools
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ..errors import IllegalActionError, StateError
from . import checks
from .ra_tiles import CATEGORIES as CATEGORIES
from .ra_tiles import CATEGORY as CATEGORY
from .ra_tiles import CIVILIZATIONS as CIVILIZATIONS
from .ra_tiles import DISASTER_TARGET as DISASTER_TARGET
from .ra_tiles import DISASTERS as DISASTERS
from .ra_tiles import EMPTY_TEXTS as EMPTY_TEXTS
from .ra_tiles import MONUMENTS as MONUMENTS
from .ra_tiles import RULES as RULES
from .ra_tiles import TILE_BY_KEY as TILE_BY_KEY
from .ra_tiles import TILE_COUNTS as TILE_COUNTS
from .ra_tiles import TILES as TILES
from .ra_tiles import Hand as Hand
from .ra_tiles import as_hand as as_hand
from .ra_tiles import check_category as check_category
from .ra_tiles import check_tile as check_tile
from .ra_tiles import parse_counts as parse_counts
from .ra_tiles import tile_counts as tile_counts
from .ra_tiles import tiles_of as tiles_of
from .ra_tiles import within_components as within_components

PHARAOH_MOST, PHARAOH_FEWEST = 5, -2
SUN_MOST, SUN_FEWEST = 5, -5
#: players -> (the highest Sun, Suns per player), *Setup*: Suns 2-9 for two players, 2-13 for three or four, 2-16 for
#: five, shared out equally (8/2, 12/3, 12/4, 15/5); the Sun 1 starts in the middle.  A player always holds the same
#: number of Suns (*Auction*: the winner's bid goes to the middle and the middle Sun to the winner).
SUNS = {2: (9, 4), 3: (13, 4), 4: (13, 3), 5: (16, 3)}
PLAYERS = (2, 5)


# ----------------------------------------------------------------------------------------------------------------
# the scoring rules, one function each (section Scoring)
# ----------------------------------------------------------------------------------------------------------------
def god_points(hand: Hand | str | Mapping) -> int:
    """Scoring, *Gods*: 2 fame for each God tile (they are then discarded).  Like every scoring function here it
    takes a :class:`Hand`, TILE:COUNT text or a mapping tile -> count (:func:`as_hand`)."""
    return 2 * as_hand(hand).category("god")


def gold_points(hand: Hand | str | Mapping) -> int:
    """Scoring, *Gold*: 3 fame for each Gold tile (then discarded)."""
    return 3 * as_hand(hand).category("gold")


def nile_points(hand: Hand | str | Mapping) -> int:
    """Scoring, *Nile*: 1 fame per Flood and per Nile tile, but only for a player with at least one Flood."""
    hand = as_hand(hand)
    floods = hand.category("flood")
    return floods + hand.category("nile") if floods else 0


def civilization_points(hand: Hand | str | Mapping) -> int:
    """Scoring, *Civilization*: none at all -5; 3, 4, 5 different kinds +5, +10, +15; 1 or 2 kinds 0 (reading R2).

    Extra tiles of a kind already held add nothing (the text's example: 3 Astronomy, 2 Agriculture, 2 Writing = 5).
    """
    hand = as_hand(hand)
    if hand.category("civilization") == 0:
        return -5
    return {3: 5, 4: 10, 5: 15}.get(len(hand.kinds("civilization")), 0)


MONUMENT_KINDS_POINTS = {7: 10, 8: 15}
MONUMENT_SAME_POINTS = {3: 5, 4: 10, 5: 15}


def monument_points(hand: Hand | str | Mapping) -> int:
    """Scoring, *Monuments* (after the third epoch only): 1 per different kind up to 6 kinds, 10 for 7, 15 for 8;
    plus, for each kind, 5 for three alike, 10 for four, 15 for five (one bonus per kind, reading R3).

    The text's example: 4 Pyramids, 3 Temples, 2 Fortresses, 1 Sphinx -> 4 + 10 + 5 = 19.

    >>> monument_points(Hand.of(Pyramid=4, Temple=3, Fortress=2, Sphinx=1))
    19

    Six or more alike cannot happen (the game has 5 of each): :class:`Hand` refuses them.
    """
    hand = as_hand(hand)
    kinds = hand.kinds("monument")
    variety = MONUMENT_KINDS_POINTS.get(len(kinds), len(kinds))
    return variety + sum(MONUMENT_SAME_POINTS.get(hand[k], 0) for k in kinds)


def extreme_points(values: Mapping[str, int], most: int, fewest: int) -> dict[str, int]:
    """Most ``most`` each, fewest ``fewest`` each, nothing when everybody has the same (Pharaohs and Suns rules).

    With every tie shared (the text says so for both) and zero counting as a count like any other (reading R1).

    >>> extreme_points({"Anna": 3, "Bob": 2, "Cathy": 2, "Don": 3}, 5, -2)   # the text's Pharaoh example
    {'Anna': 5, 'Bob': -2, 'Cathy': -2, 'Don': 5}
    """
    values = checks.player_values(values, "the counts")
    most = checks.whole_number(most, "the points for the most", low=None)
    fewest = checks.whole_number(fewest, "the points for the fewest", low=None)
    result = {name: 0 for name in values}
    if len(set(values.values())) <= 1:
        return result
    high, low = max(values.values()), min(values.values())
    for name, value in values.items():
        result[name] = most if value == high else fewest if value == low else 0
    return result


def pharaoh_points(pharaohs: Mapping[str, int]) -> dict[str, int]:
    """Scoring, *Pharaohs*: the most +5, the fewest -2, ties each; all equal: nothing.

    2 to 5 players (Ra's player counts), holding together no more than the game's 25 Pharaohs."""
    counts = checks.player_values(pharaohs, "the Pharaoh counts", players=PLAYERS)
    if sum(counts.values()) > TILE_COUNTS["Pharaoh"]:
        raise StateError(
            f"the players hold {checks.shown(sum(counts.values()))} Pharaohs together: the game has "
            f"{TILE_COUNTS['Pharaoh']} (the public tile counts)"
        )
    return extreme_points(counts, PHARAOH_MOST, PHARAOH_FEWEST)


def sun_points(sun_totals: Mapping[str, int]) -> dict[str, int]:
    """Scoring, *Suns* (after the third epoch): the highest total +5, the lowest -5, ties each; all equal: nothing.

    >>> sun_points({"Anna": 17, "Bob": 25, "Cathy": 21, "Don": 17})   # the text's example
    {'Anna': -5, 'Bob': 5, 'Cathy': 0, 'Don': -5}

    Totals no split of the Suns can give are refused (:func:`sun_totals_problem`).
    """
    totals = checks.player_values(sun_totals, "the Sun totals", players=PLAYERS)
    why = sun_totals_problem(list(totals.values()))
    if why:
        raise StateError(f"the Sun totals {checks.shown(totals)} are not possible: {why}")
    return extreme_points(totals, SUN_MOST, SUN_FEWEST)


def sun_totals_problem(totals: Sequence[int]) -> str | None:
    """Why these Sun totals (one per player, 2-5 players) cannot happen in Ra, or ``None`` when they can.

    *Setup* and *Auction*: the Suns are numbered 1 to :data:`SUNS`'s highest, each player always holds the same
    number of them (4 each for 2 or 3 players, 3 each for 4 or 5), and exactly one lies in the middle.  So the
    totals are possible exactly when the Suns minus one can be split into groups of that size with those sums; the
    search tries each player's possible groups (most constrained first), remembering dead ends.

    >>> sun_totals_problem([17, 25, 21, 17]) is None      # the text's example: 80 of 91, the 11 in the middle
    True
    >>> sun_totals_problem([30, 28])                    # two players hold 8 of the Suns 1-9 (45 in all)
    '2 players hold 4 Suns each of the Suns 1-9, one Sun in the middle: no split gives 30, 28'
    """
    if isinstance(totals, (str, bytes, Mapping)) or not isinstance(totals, Iterable):
        raise StateError(f"the Sun totals: expected a list with one total per player, not {checks.shown(totals)}")
    totals = [checks.whole_number(total, "a Sun total") for total in totals]
    if not PLAYERS[0] <= len(totals) <= PLAYERS[1]:
        raise StateError(f"Ra is played by {PLAYERS[0]} to {PLAYERS[1]} players, not {len(totals)}")
    highest, each = SUNS[len(totals)]
    groups: dict[int, list[int]] = {}
    for combo in itertools.combinations(range(1, highest + 1), each):
        groups.setdefault(sum(combo), []).append(sum(1 << sun for sun in combo))
    order = sorted(totals, key=lambda total: len(groups.get(total, ())))
    dead_ends: set[tuple[int, int]] = set()

    def place(player: int, used: int) -> bool:
        if player == len(order):
            return True
        if (player, used) in dead_ends:
            return False
        for group in groups.get(order[player], ()):
            if not group & used and place(player + 1, used | group):
                return True
        dead_ends.add((player, used))
        return False

    if place(0, 0):
        return None
    shown = ", ".join(checks.shown(total) for total in totals)
    return (
        f"{len(totals)} players hold {each} Suns each of the Suns 1-{highest}, one Sun in the middle: "
        f"no split gives {shown}"
    )


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
            + "".join(
                f"<td style='text-align:right;padding:2px 8px'>{self.points[n][c]:+d}</td>" for c in self.categories
            )
            + f"<td style='text-align:right;padding:2px 8px'><b>{self.total(n):+d}</b></td></tr>"
            for n in self.names
        )
        why = "".join(f"<li>{html.escape(r)}</li>" for r in self.reasons)
        return (
            f"<table><caption>Ra scoring</caption><tr><th>player</th>{head}<th>total</th></tr>{rows}</table>"
            f"<ul style='margin:4px 0'>{why}</ul>"
        )


def score_epoch(
    hands: Mapping[str, Hand | str | Mapping], *, final: bool = False, sun_totals: Mapping[str, int] | None = None
) -> RaScoring:
    """Scoring at the end of an epoch (Gods, Pharaohs, Nile, Civilization, Gold), and with ``final=True`` the end
    of the game too (Monuments, and Suns from ``sun_totals``).

    Afterwards Gods, Floods, Civilizations and Gold are discarded; Pharaohs, Niles and Monuments stay.

    >>> result = score_epoch({"Anna": "Pharaoh:3 God:1", "Bob": "Pharaoh:2 Nile:3 Flood:1"})
    >>> result.points["Anna"]["pharaohs"], result.points["Bob"]["nile"], result.totals
    (5, 4, {'Anna': 2, 'Bob': -3})
    """
    hands = checks.mapping(hands, "the play areas", shape="player -> play area")
    if not PLAYERS[0] <= len(hands) <= PLAYERS[1]:
        raise StateError(f"Ra is played by {PLAYERS[0]} to {PLAYERS[1]} players, not {len(hands)}")
    parsed = {name: as_hand(hand, f"{checks.shown(name)}'s play area") for name, hand in hands.items()}
    within_components(parsed)
    names = tuple(parsed)
    final = checks.flag(final, "final")
    if final and sun_totals is None:
        raise StateError("the final scoring needs each player's Sun total (sun_totals)")
    if sun_totals is not None:
        sun_totals = checks.mapping(sun_totals, "sun_totals", shape="player -> Sun total")
        if set(sun_totals) != set(names):
            shown = checks.shown(list(sun_totals))
            raise StateError(f"sun_totals must name exactly the players {checks.shown(list(names))}, not {shown}")
    categories = EPOCH_CATEGORIES + (GAME_END_CATEGORIES if final else ())
    pharaohs = pharaoh_points({n: parsed[n].category("pharaoh") for n in names})
    suns = sun_points(dict(sun_totals)) if sun_totals is not None else {}
    points = {}
    for n in names:
        hand = parsed[n]
        row = {
            "gods": god_points(hand),
            "pharaohs": pharaohs[n],
            "nile": nile_points(hand),
            "civilization": civilization_points(hand),
            "gold": gold_points(hand),
        }
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
    ) + (
        (
            "Monuments: kinds and sets of the same kind (Scoring: Monuments)",
            "Suns: highest total +5, lowest -5, ties each (Scoring: Suns)",
        )
        if final
        else ()
    )
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
    hand = as_hand(hand)
    disaster = check_tile(disaster, "Disaster")
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
        for second in pool[i + 1 :]:
            if need == 2:
                choices.add(tuple(sorted((first, second))))
    return sorted(choices) if need else [()]


def default_discard(hand: Hand, disaster: str) -> tuple[str, ...]:
    """The discard the kit picks when the player does not say: it keeps variety (the most-held kinds go first).

    A convenience for bots, not a rule (reading R5): a person chooses with ``discard=``.
    """
    hand = as_hand(hand)
    choices = disaster_choices(hand, disaster)
    return min(choices, key=lambda tiles: (-sum(hand[t] for t in tiles), tiles))


def fulfill_disasters(
    hand: Hand, disasters: Sequence[str], discards: Sequence[Sequence[str] | None] | None = None
) -> tuple[Hand, tuple[str, ...]]:
    """Section *Disasters*: fulfil each Disaster in turn (after the auction's other tiles are in the play area).

    ``disasters`` is a list of Disaster names (one name stands for a list of one).  ``discards[i]`` is the
    player's choice for ``disasters[i]``: a list of tile names, one name, or ``None`` for the kit's
    :func:`default_discard`; ``discards`` itself is a list with one choice per Disaster, or ``None`` for the kit's
    choice every time.  A choice that is not allowed raises :class:`IllegalActionError` and changes nothing.
    Returns the hand and every tile discarded.

    >>> fulfill_disasters(Hand.parse("Nile:3 Flood:1"), ["Drought"])
    (Hand(counts=(('Nile', 2),)), ('Flood', 'Nile'))
    """
    hand = as_hand(hand)
    disasters = checks.names(disasters, "the Disasters")
    if discards is None:
        discards = [None] * len(disasters)
    elif isinstance(discards, (str, Mapping)) or not isinstance(discards, Iterable):
        raise StateError(
            f"discards is a list with one choice per Disaster (each a list of tile names, or None), "
            f"not {checks.shown(discards)}"
        )
    discards = [None if choice is None else checks.names(choice, "a discard choice") for choice in discards]
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
                raise IllegalActionError(
                    f"{check_tile(disaster)}: cannot discard {'+'.join(picked) or 'nothing'}; allowed: {shown}",
                    rule=f"{RULES}: Disasters",
                )
        hand = hand.minus(picked)
        gone += picked
    return hand, tuple(gone)


def game_winner(fame: Mapping[str, int], highest_sun: Mapping[str, int]) -> tuple[str, ...]:
    """*End of the game*: the most fame wins; among players tied on it, the one holding the highest-numbered Sun.

    >>> game_winner({"Anna": 40, "Bob": 40, "Cathy": 31}, {"Anna": 9, "Bob": 13, "Cathy": 12})
    ('Bob',)

    ``highest_sun`` is each player's highest-numbered Sun: one of the game's Suns, different for each player, and at
    least the number of Suns a player holds (they are all different; :data:`SUNS`).
    """
    fame = checks.player_values(fame, "the fame totals", low=None, players=PLAYERS)
    highest, each = SUNS[len(fame)]
    highest_sun = checks.player_values(highest_sun, "highest_sun", low=each, high=highest)
    if set(fame) != set(highest_sun):
        raise StateError(f"highest_sun must name exactly the players {checks.shown(list(fame))}")
    if len(set(highest_sun.values())) != len(highest_sun):
        raise StateError(f"each Sun exists once: two players cannot both hold Sun {checks.shown(highest_sun)}")
    best = max(fame.values())
    tied = [n for n in fame if fame[n] == best]
    top_sun = max(highest_sun[n] for n in tied)
    return tuple(n for n in tied if highest_sun[n] == top_sun)
