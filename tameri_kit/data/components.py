"""Game components: Action cards, Market layouts, Buildings, Sphinx tiles, Gifts of the Gods, Ghost cards, boards.

Rulebook: Components; Game Setup; Season 0 (Example 1); Phase 2 "Glyphs, Actions, and Unrevealed Cards"
(Examples 3a-3c, 4); Phase 3 (Examples 5a, 5b); Phase 4 step 3 (Example 6); End of the Round (Example 17);
Merchant (Examples 8a, 31); Builder (Example 9); Decoration (Example 13); Weather Effects on the Cards
(Example 15); Immediate Effects (Example 27); Permanent Effects (Example 29); Building Card List; Sphinx
Effects; Gifts of the Gods; +1 Player Mode.

Files: ``actions.toml``, ``market.toml``, ``buildings.toml``, ``sphinx.toml``, ``gifts.toml``, ``ghost.toml``,
``player_boards.toml``.  Each file's check first verifies the schema of every record, then every **stated fact**
in the lists ``ACTION_FACTS``, ``BUILDING_FACTS``, ... below: one entry per fact, naming the rulebook passage it
comes from, so the list reads as the catalogue of what the rulebook says about the component.  A fact that
needs two files (Example 5a needs the cards and the players' boards) is in :data:`CROSS_FACTS`, run by
:func:`check_all`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, NamedTuple

from ..rules.actions import DECKS, Action, ActionCard, CardWeather, Glyph, number_text
from ..rules.common import Resource
from . import board as _board  # noqa: F401  (registers map.toml, used by a cross-file fact)
from .loader import (CHECKS, DATA_DIR, Problem, check_dir, check_source, is_illustrative, load, read_toml, records,
                     require)

# ----------------------------------------------------------------------------------------------------------------
# Stated facts: the machinery
# ----------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """A fact the rulebook states about a component.  ``test(index)`` yields ``(record, field, detail)`` for each
    contradiction; the index is a dict of the file's valid records (see each file's check)."""

    where: str   # the rulebook passage, e.g. "Example 1"
    text: str    # the fact in the kit's words
    test: Callable[[dict], list[tuple[str, str, str]]]


def _run_facts(facts: list[Fact], index: dict, file: str) -> list[Problem]:
    problems = []
    for f in facts:
        for record, fld, detail in f.test(index):
            why = f"contradicts the rulebook ({f.where}): {f.text}"
            problems.append(Problem(file, record, fld, f"{why} - {detail}" if detail else why))
    return problems


def _glyphs(value, file, where, fld, problems) -> tuple[Glyph, ...] | None:
    if not isinstance(value, list):
        problems.append(Problem(file, where, fld, f"expected a list of glyph names, got {value!r}"))
        return None
    out = []
    for g in value:
        try:
            out.append(Glyph.parse(str(g)))
        except ValueError as e:
            problems.append(Problem(file, where, fld, str(e)))
            return None
    if len(set(out)) != len(out):
        problems.append(Problem(file, where, fld, "a glyph is listed twice on the same side"))
        return None
    return tuple(out)


def _enum_list(value, parse, file, where, fld, problems, what):
    if not isinstance(value, list):
        problems.append(Problem(file, where, fld, f"expected a list of {what}, got {value!r}"))
        return None
    try:
        return tuple(parse(str(v)) for v in value)
    except ValueError as e:
        problems.append(Problem(file, where, fld, str(e)))
        return None


def _check_illustrative_fields(rec, file, where, allowed, problems):
    """``illustrative_fields`` (a rulebook record's made-up fields) must name real fields of the record."""
    if "illustrative_fields" not in rec:
        return
    v = rec["illustrative_fields"]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        problems.append(Problem(file, where, "illustrative_fields", "expected a list of field names"))
        return
    for x in v:
        if x not in allowed:
            problems.append(Problem(file, where, "illustrative_fields", f"{x!r} is not a field of this record"))
    if isinstance(rec.get("source"), str) and is_illustrative(rec["source"]):
        problems.append(Problem(file, where, "illustrative_fields",
                                "only a record whose source is the rulebook needs illustrative_fields"))


def _check_stated(rec, file, where, problems):
    if "stated" in rec and (not isinstance(rec["stated"], str) or not rec["stated"].strip()):
        problems.append(Problem(file, where, "stated", "expected text naming the rulebook facts this record honours"))


# ----------------------------------------------------------------------------------------------------------------
# Action cards
# ----------------------------------------------------------------------------------------------------------------
ACTIONS_FILE = "actions.toml"

#: How many Action cards the game has (Components), and the Example 1 deck A cards.
TOTAL_ACTION_CARDS = 106
DECK_A_EXAMPLE_1 = (2, 5, 6, 7, 9, 10, 15, 16, 38, 45, 59, 61, 97)
DECK_B_EXAMPLES_6_17 = (18, 27, 28)
MAX_PLAYERS = 4


@dataclass(frozen=True)
class ActionCards:
    """All Action cards (the 106 of decks A-E and the promo cards), sorted by number."""

    cards: tuple[ActionCard, ...]

    def card(self, number) -> ActionCard:
        """The card with this number (an int, ``math.inf`` or the text ``"\u221e"``)."""
        if isinstance(number, str):
            from ..rules.actions import parse_number
            number = parse_number(number)
        for c in self.cards:
            if c.number == number:
                return c
        raise KeyError(f"no Action card {number_text(number) if isinstance(number, (int, float)) else number!r}")

    def deck(self, letter: str) -> tuple[ActionCard, ...]:
        return tuple(c for c in self.cards if c.deck == letter)

    def __iter__(self):
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def base(self) -> tuple[ActionCard, ...]:
        """The 106 cards of decks A-E (without the promo cards)."""
        return tuple(c for c in self.cards if c.deck != "promo")


def _index_cards(cards: dict) -> Callable[[float], dict | None]:
    return cards.get


def _fact_count(index):
    n = sum(1 for c in index["cards"].values() if c["deck"] != "promo") + index["bad"]
    return [] if n == TOTAL_ACTION_CARDS else [("[[card]]", "-", f"the file has {n} cards in decks A-E")]


def _fact_deck_sizes(index):
    sizes = Counter(c["deck"] for c in index["cards"].values())
    out = []
    if index["bad"]:
        return out
    if sizes["A"] < 5 * MAX_PLAYERS:
        out.append(("deck A", "deck", f"deck A has {sizes['A']} cards"))
    return out


def _fact_season_decks(index):
    if index["bad"]:
        return []
    sizes = Counter(c["deck"] for c in index["cards"].values())
    need = MAX_PLAYERS + 2 + 3 * MAX_PLAYERS
    return [(f"deck {d}", "deck", f"deck {d} has {sizes[d]} cards") for d in "BCD" if sizes[d] < need]


def _fact_every_deck(index):
    if index["bad"]:
        return []
    sizes = Counter(c["deck"] for c in index["cards"].values())
    return [(f"deck {d}", "deck", "no card is in this deck") for d in "ABCDE" if not sizes[d]]


def _in_deck(numbers, deck):
    def test(index):
        out = []
        for n in numbers:
            c = index["cards"].get(n)
            if c is None:
                if n not in index["bad_numbers"]:
                    out.append((f"card {n}", "number", "there is no such card"))
            elif c["deck"] != deck:
                out.append((f"card {n}", "deck", f"it is in deck {c['deck']}"))
        return out
    return test


def _card_field(n, fld, want, show):
    def test(index):
        c = index["cards"].get(n)
        if c is None:
            return [] if n in index["bad_numbers"] else [(f"card {n}", "number", "there is no such card")]
        return [] if want(c[fld]) else [(f"card {n}", fld, f"it has {show(c[fld])}")]
    return test


def _names(xs):
    return "[" + ", ".join(x.value for x in xs) + "]" if xs else "nothing"


def _glyph_relation(n, m, share: bool):
    """Card n's left glyphs share (or do not share) a glyph with card m's right glyphs."""
    def test(index):
        a, b = index["cards"].get(n), index["cards"].get(m)
        if a is None or b is None:
            return [(f"card {k}", "number", "there is no such card") for k, c in ((n, a), (m, b))
                    if c is None and k not in index["bad_numbers"]]
        common = set(a["left"]) & set(b["right"])
        if share and not common:
            return [(f"card {n}", "left", f"its left {_names(a['left'])} shares no glyph with card {m}'s right "
                                          f"{_names(b['right'])}")]
        if not share and common:
            return [(f"card {n}", "left", f"its left {_names(a['left'])} shares {_names(sorted(common))} with "
                                          f"card {m}'s right {_names(b['right'])}")]
        return []
    return test


def _fact_some_glyph(index):
    return [(f"card {number_text(n)}", "left", "both sides are empty") for n, c in index["cards"].items()
            if not c["left"] and not c["right"]]


def _fact_some_no_left(index):
    if index["bad"] or not index["cards"]:
        return []
    return [] if any(not c["left"] for c in index["cards"].values()) else [("[[card]]", "left", "every card has one")]


def _fact_halves(index):
    out = []
    for n, c in index["cards"].items():
        t, b = len(c["top"]), len(c["bottom"])
        if c["deck"] in ("A", "B", "C", "D", "promo"):
            if (t, b) != (1, 1):
                out.append((f"card {number_text(n)}", "top", f"it has {t} + {b} actions"))
        elif not ({t, b} == {1, 2}):
            out.append((f"card {number_text(n)}", "top", f"it has {t} + {b} actions"))
    return out


def _fact_promos(index):
    return [(f"card {number_text(n)}", "number", "missing") for n in (0, math.inf)
            if n not in index["cards"] and n not in index["bad_numbers"]]


def _fact_promo_deck(index):
    return [(f"card {number_text(n)}", "deck", f"it is in deck {c['deck']}") for n, c in index["cards"].items()
            if (n in (0, math.inf)) != (c["deck"] == "promo")]


#: Every fact the rulebook states about the Action cards, checked in this order.
ACTION_FACTS: list[Fact] = [
    Fact("Components", "there are 106 Action cards in decks A-E (the promo cards 0 and \u221e are extra)", _fact_count),
    Fact("Components", "each of the decks A-E holds cards", _fact_every_deck),
    Fact("Season 0, step 1", "deck A deals 5 cards to each of up to 4 players, so it holds at least 20 cards",
         _fact_deck_sizes),
    Fact("Season 0 step 8; End of the Round step 2", "a Season's deck fills the Nile with players + 2 cards, then "
         "players cards in each of 3 more rounds, so decks B, C and D hold at least 18 cards", _fact_season_decks),
    Fact("Example 1", "deck A holds cards " + ", ".join(map(str, DECK_A_EXAMPLE_1)), _in_deck(DECK_A_EXAMPLE_1, "A")),
    Fact("Example 5a", "cards 2, 14, 21 and 59 start the first Season from the Season 0 hands, so deck A holds them",
         _in_deck((2, 14, 21, 59), "A")),
    Fact("Examples 6 and 17", "deck B (Season 1) holds cards 18, 27 and 28", _in_deck(DECK_B_EXAMPLES_6_17, "B")),
    Fact("Examples 6 and 17", "card 18 carries Barley at the bottom",
         _card_field(18, "resource", lambda r: r is Resource.BARLEY, lambda r: r.value)),
    Fact("Example 17", "card 27 carries Barley at the bottom",
         _card_field(27, "resource", lambda r: r is Resource.BARLEY, lambda r: r.value)),
    Fact("Example 15", "card 89 shows an obtain-Silt and a remove-Water effect",
         _card_field(89, "weather", lambda w: sorted(w) == sorted((CardWeather.GAIN_SILT, CardWeather.REMOVE_WATER)),
                     _names)),
    Fact("Example 15", "card 34 shows a remove-Sun and a remove-any-sphere effect",
         _card_field(34, "weather", lambda w: sorted(w) == sorted((CardWeather.REMOVE_SUN, CardWeather.REMOVE_ANY)),
                     _names)),
    Fact("Example 3b", "Temple card 202 is in deck E",
         _card_field(202, "deck", lambda d: d == "E", str)),
    Fact("Example 3b", "Temple card 202 has 2 actions on its upper half and 1 on its lower half",
         _card_field(202, "top", lambda t: len(t) == 2, lambda t: f"{len(t)} on top")),
    Fact("Example 3b", "Temple card 202 has 1 action on its lower half",
         _card_field(202, "bottom", lambda t: len(t) == 1, lambda t: f"{len(t)} below")),
    Fact("Example 3c", "Temple card 207 is in deck E", _card_field(207, "deck", lambda d: d == "E", str)),
    Fact("Example 3c", "Temple card 207 shows Decoration on its upper half",
         _card_field(207, "top", lambda t: t == (Action.DECORATION,), _names)),
    Fact("Example 3c", "Temple card 207 shows Builder then Priest on its lower half",
         _card_field(207, "bottom", lambda t: t == (Action.BUILDER, Action.PRIEST), _names)),
    Fact("Example 3c", "card 207 completes a glyph after a face-down card, so it has a left glyph",
         _card_field(207, "left", bool, _names)),
    Fact("Example 3a", "card 61 completes a glyph, so it has a left glyph", _card_field(61, "left", bool, _names)),
    Fact("Example 29", "card 18's left glyph is the one on Building D3 (Sunset)",
         _card_field(18, "left", lambda g: Glyph.SUNSET in g, _names)),
    Fact("Example 5b", "Ringo's card 65 completes the right glyph of his previous card 14",
         _glyph_relation(65, 14, share=True)),
    Fact("Example 5b", "Paul's card 24 does not complete his previous card 21", _glyph_relation(24, 21, share=False)),
    Fact("Example 5b", "John's card 44 does not complete his previous card 59", _glyph_relation(44, 59, share=False)),
    Fact("Glyphs, Actions, and Unrevealed Cards", "each card has at least 1 glyph on at least one side",
         _fact_some_glyph),
    Fact("Glyphs, Actions, and Unrevealed Cards", "some cards have no glyph on the left", _fact_some_no_left),
    Fact("Phase 2; Glyphs, Actions, and Unrevealed Cards; Ghost Temple card", "a card of decks A-D has 1 action "
         "on each half; a Temple card has 3, 2 on one half and 1 on the other", _fact_halves),
    Fact("Phase 3; Ghost Temple card note", "the promo cards 0 and \u221e exist", _fact_promos),
    Fact("Ghost Temple card note", "the promo cards (and only they) are in the promo group", _fact_promo_deck),
]


def check_actions(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    cards: dict = {}
    bad_numbers, bad = set(), 0
    for k, rec in enumerate(records(doc, "card", file, problems), 1):
        num = rec.get("number")
        ok_num = (isinstance(num, int) and not isinstance(num, bool) and num >= 0) or num == math.inf
        where = f"card {number_text(num)}" if ok_num else f"card #{k}"
        before = len(problems)
        if not ok_num:
            problems.append(Problem(file, where, "number", f"expected a whole number >= 0 or inf, got {num!r}"))
        elif num in cards or num in bad_numbers:
            problems.append(Problem(file, where, "number", "duplicate card number (each card has a different "
                                                           "number: Phase 2)"))
        check_source(rec, file, where, problems)
        _check_stated(rec, file, where, problems)
        deck = require(rec, "deck", str, file, where, problems)
        if deck is not None and deck not in DECKS:
            problems.append(Problem(file, where, "deck", f"unknown deck {deck!r}; use one of {', '.join(DECKS)}"))
        left = _glyphs(rec.get("left"), file, where, "left", problems)
        right = _glyphs(rec.get("right"), file, where, "right", problems)
        top = _enum_list(rec.get("top"), Action.parse, file, where, "top", problems, "actions")
        bottom = _enum_list(rec.get("bottom"), Action.parse, file, where, "bottom", problems, "actions")
        weather = _enum_list(rec.get("weather", []), CardWeather.parse, file, where, "weather", problems,
                             "weather effects")
        if weather is not None and len(weather) > 2:
            problems.append(Problem(file, where, "weather", f"a card shows 0 to 2 weather effects, not {len(weather)} "
                                                            "(Weather Effects on the Cards)"))
        for fld, v in (("top", top), ("bottom", bottom)):
            if v is not None and not v:
                problems.append(Problem(file, where, fld, "each half shows at least 1 action"))
        res = None
        rv = require(rec, "resource", str, file, where, problems)
        if rv is not None:
            try:
                res = Resource.parse(rv)
            except ValueError as e:
                problems.append(Problem(file, where, "resource", str(e)))
        if len(problems) == before:
            cards[num] = dict(deck=deck, left=left, right=right, top=top, bottom=bottom, weather=weather, resource=res)
        else:
            bad += 1
            if ok_num:
                bad_numbers.add(num)
    index = {"cards": cards, "bad_numbers": bad_numbers, "bad": bad}
    return problems + _run_facts(ACTION_FACTS, index, file)


def _build_actions(doc: dict) -> ActionCards:
    cards = []
    for r in doc["card"]:
        cards.append(ActionCard(
            number=r["number"], deck=r["deck"],
            left=tuple(Glyph.parse(g) for g in r["left"]), right=tuple(Glyph.parse(g) for g in r["right"]),
            top=tuple(Action.parse(a) for a in r["top"]), bottom=tuple(Action.parse(a) for a in r["bottom"]),
            weather=tuple(CardWeather.parse(w) for w in r.get("weather", [])),
            resource=Resource.parse(r["resource"]), source=r["source"].strip()))
    return ActionCards(tuple(sorted(cards, key=lambda c: c.number)))


def load_actions(data_dir: Path | str | None = None) -> ActionCards:
    """The Action cards from ``actions.toml`` (illustrative, honouring every stated fact)."""
    return load(ACTIONS_FILE, _build_actions, data_dir)


# ----------------------------------------------------------------------------------------------------------------
# Market
# ----------------------------------------------------------------------------------------------------------------
MARKET_FILE = "market.toml"


@dataclass(frozen=True)
class MarketLayout:
    """The Market for a player count: stalls clockwise; space ``i`` lies between stall ``i`` and ``i + 1``."""

    players: int
    side: str
    stalls: tuple[Resource, ...]
    ghost_space: int
    source: str

    @property
    def spaces(self) -> int:
        return len(self.stalls)

    def beside(self, space: int) -> tuple[Resource, Resource]:
        """The stalls on either side of a Merchant space (anticlockwise one first)."""
        n = len(self.stalls)
        return self.stalls[space % n], self.stalls[(space + 1) % n]


def _pairs(stalls):
    n = len(stalls)
    return [(stalls[i], stalls[(i + 1) % n]) for i in range(n)]


def _fact_layout_counts(index):
    return [(f"layout {p}", "players", "missing") for p in (2, 3, 4) if p not in index and p not in index.get("_bad", ())]


def _ghost_pair(players, a, b):
    def test(index):
        lay = index.get(players)
        if lay is None:
            return []
        pair = lay["beside"]
        if set(pair) != {a, b}:
            return [(f"layout {players}", "ghost_space", f"space {lay['ghost_space']} lies between "
                                                        f"{pair[0].value} and {pair[1].value}")]
        return []
    return test


def _fact_example_31(index):
    lays = [v for k, v in index.items() if isinstance(k, int)]
    if not lays:
        return []
    if any((a, b) == (Resource.FRUIT, Resource.BARLEY) for lay in lays for a, b in _pairs(lay["stalls"])):
        return []
    return [("[[layout]]", "stalls", "no layout has a Fruit stall with a Barley stall next clockwise")]


def _fact_merchant_room(index):
    return [(f"layout {p}", "stalls", f"{len(v['stalls'])} spaces") for p, v in index.items()
            if isinstance(p, int) and len(v["stalls"]) < p + 1]


MARKET_FACTS: list[Fact] = [
    Fact("Components; Game Setup 1g", "there is a Market for 2, 3 and 4 players (the tile's two sides and the "
         "board)", _fact_layout_counts),
    Fact("+1 Player Mode, Ghost set-up 3b", "in the 2-player Market a space lies between Flax and Fruit",
         _ghost_pair(2, Resource.FLAX, Resource.FRUIT)),
    Fact("+1 Player Mode, Ghost set-up 3b", "in the 3-player Market a space lies between Fruit and Papyrus",
         _ghost_pair(3, Resource.FRUIT, Resource.PAPYRUS)),
    Fact("+1 Player Mode, Ghost set-up 3b; Example 8a", "in the 4-player Market a space lies between Flax and Fruit",
         _ghost_pair(4, Resource.FLAX, Resource.FRUIT)),
    Fact("Example 31", "a Fruit stall has a Barley stall next to it clockwise", _fact_example_31),
    Fact("Merchant; +1 Player Mode", "every player and the Ghost can have a Merchant, so a Market for P players has "
         "at least P + 1 spaces", _fact_merchant_room),
]


def check_market(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index: dict = {"_bad": set()}
    for k, rec in enumerate(records(doc, "layout", file, problems), 1):
        p = rec.get("players")
        where = f"layout {p}" if isinstance(p, int) else f"layout #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        _check_stated(rec, file, where, problems)
        players = require(rec, "players", int, file, where, problems)
        if players is not None and players not in (2, 3, 4):
            problems.append(Problem(file, where, "players", "Tameri is for 2 to 4 players (with the Ghost counted)"))
        elif players is not None and players in index:
            problems.append(Problem(file, where, "players", "duplicate layout for this player count"))
        require(rec, "side", str, file, where, problems)
        stalls = _enum_list(rec.get("stalls"), Resource.parse, file, where, "stalls", problems, "resources")
        if stalls is not None and len(stalls) < 3:
            problems.append(Problem(file, where, "stalls", "a ring of Market stalls needs at least 3 stalls"))
        gs = require(rec, "ghost_space", int, file, where, problems)
        if gs is not None and stalls and not 0 <= gs < len(stalls):
            problems.append(Problem(file, where, "ghost_space", f"spaces are numbered 0 to {len(stalls) - 1}"))
        if len(problems) == before:
            index[players] = dict(stalls=stalls, ghost_space=gs, beside=_pairs(stalls)[gs])
        elif isinstance(p, int):
            index["_bad"].add(p)
    return problems + _run_facts(MARKET_FACTS, index, file)


def _build_market(doc: dict) -> dict[int, MarketLayout]:
    return {r["players"]: MarketLayout(r["players"], r["side"], tuple(Resource.parse(s) for s in r["stalls"]),
                                       r["ghost_space"], r["source"].strip()) for r in doc["layout"]}


def load_market(players: int, data_dir: Path | str | None = None) -> MarketLayout:
    """The Market layout for 2, 3 or 4 players from ``market.toml``."""
    layouts = load(MARKET_FILE, _build_market, data_dir)
    if players not in layouts:
        raise KeyError(f"no Market for {players} players; there are layouts for {sorted(layouts)}")
    return layouts[players]


# ----------------------------------------------------------------------------------------------------------------
# Buildings
# ----------------------------------------------------------------------------------------------------------------
BUILDINGS_FILE = "buildings.toml"
BUILDING_TYPES = {"A": "Civic", "B": "Monument", "C": "Commercial", "D": "Astronomical", "E": "Residential",
                  "F": "Agricultural", "G": "Temple"}
#: The names in the Building Card List (the 6th card of every type is a Garden).
BUILDING_NAMES = {
    "A1": "Spacious Warehouses", "A2": "Irrigation Channels", "A3": "Caravan Station", "A4": "Gypsum Quarry",
    "A5": "Inn", "B1": "Stele with Hieroglyphics", "B2": "Great Altar", "B3": "Offering Tray", "B4": "Great Sphinx",
    "B5": "Paved Avenue", "C1": "Bazaar with Barley and Fruit", "C2": "Bazaar with Barley and Papyrus",
    "C3": "Bazaar with Papyrus and Fruit", "C4": "Bazaar with Textiles", "C5": "Black Market",
    "D1": "East Observatory (Sunrise)", "D2": "Southern Observatory (Daytime)", "D3": "West Observatory (Sunset)",
    "D4": "North Observatory (Nighttime)", "D5": "Great Library", "E1": "Rural Houses", "E2": "City Housing",
    "E3": "Dwellings on the Bank of the Nile", "E4": "Palace", "E5": "Camp", "F1": "Irrigation Pools",
    "F2": "Obelisk of the Sun", "F3": "Lighthouse", "F4": "Farmer's Market", "F5": "Treasury",
    "G1": "Temple of Amun", "G2": "Temple of Ra", "G3": "Temple of Ptah", "G4": "Temple of Horus",
    "G5": "Temple of Isis", **{f"{t}6": "Garden" for t in BUILDING_TYPES},
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
    def type_name(self) -> str:
        return BUILDING_TYPES[self.type]

    @property
    def cost_text(self) -> str:
        return ", ".join(f"{n} {'resource of your choice' if k == 'any' else k.capitalize()}"
                         for k, n in self.cost.items())


def _fact_building_ids(index):
    want = set(BUILDING_NAMES)
    have = set(index["b"]) | index["bad"]
    out = [(b, "id", "missing") for b in sorted(want - have)]
    out += [(b, "id", "not a Building of the list (A1-G6)") for b in sorted(have - want)]
    return out


def _fact_building_names(index):
    return [(b, "name", f"it is called {r['name']!r}, the list says {BUILDING_NAMES[b]!r}")
            for b, r in sorted(index["b"].items()) if b in BUILDING_NAMES and r["name"] != BUILDING_NAMES[b]]


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
    if isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
        return []
    return [("A2", "season_points", f"expected by_season = [3 whole numbers], got {sp!r}")]


def _fact_a3(index):
    r = index["b"].get("A3")
    if r is None:
        return []
    sp = r.get("season_points")
    ok = isinstance(sp, dict) and all(isinstance(sp.get(k), int) and not isinstance(sp.get(k), bool) and sp[k] >= 0
                                      for k in ("min_buildings", "points"))
    return [] if ok else [("A3", "season_points", f"expected min_buildings = n, points = p, got {sp!r}")]


def _fact_season_points_only(index):
    return [(b, "season_points", "the kit structures end-of-Season points only for A2 and A3")
            for b, r in sorted(index["b"].items()) if b not in ("A2", "A3") and r.get("season_points") is not None]


BUILDING_FACTS: list[Fact] = [
    Fact("Components; Building Card List", "there are 42 Buildings, A1-G6: 7 types of 6", _fact_building_ids),
    Fact("Building Card List", "the letter of a Building's id is its type (the symbol in its corner)",
         _fact_building_types),
    Fact("Building Card List", "each Building has the name the list gives", _fact_building_names),
    Fact("Example 9", "G3 costs 1 Papyrus and 1 resource of your choice", _fact_g3),
    Fact("Building Card List (A2)", "A2 scores points by Season: season_points = { by_season = [a, b, c] }", _fact_a2),
    Fact("Building Card List (A3)", "A3 scores points for at least N Buildings: "
         "season_points = { min_buildings = n, points = p }", _fact_a3),
    Fact("Building Card List", "only A2 and A3 leave their end-of-Season numbers to the picture",
         _fact_season_points_only),
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
            problems.append(Problem(file, where, "id", f"a Building id is its type letter A-G followed by its number "
                                                       f"(A1 ... G6), not {bid!r}"))
        check_source(rec, file, where, problems)
        _check_illustrative_fields(rec, file, where, set(rec) - {"source", "illustrative_fields"}, problems)
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
                    problems.append(Problem(file, where, f"cost.{key}",
                                            f"{n} is more than the game has: {RESOURCES_EACH} of each resource "
                                            "(rulebook: Components)"))
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
    return problems + _run_facts(BUILDING_FACTS, index, file)


def _build_buildings(doc: dict) -> tuple[Building, ...]:
    out = []
    for r in doc["building"]:
        out.append(Building(r["id"], r["type"], r["name"], dict(r["cost"]), r.get("instant"), r.get("permanent"),
                            r.get("season"), dict(r["season_points"]) if "season_points" in r else None,
                            r["source"].strip(), tuple(r.get("illustrative_fields", ()))))
    return tuple(sorted(out, key=lambda b: (b.type, int(b.id[1:]))))


def load_buildings(data_dir: Path | str | None = None) -> tuple[Building, ...]:
    """The 42 Buildings from ``buildings.toml``, sorted A1 ... G6."""
    return load(BUILDINGS_FILE, _build_buildings, data_dir)


def building(bid: str, data_dir: Path | str | None = None) -> Building:
    for b in load_buildings(data_dir):
        if b.id == bid:
            return b
    raise KeyError(f"no Building {bid!r}; the ids are A1-G6")


# ----------------------------------------------------------------------------------------------------------------
# Sphinx tiles
# ----------------------------------------------------------------------------------------------------------------
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
    return [(f, "tile", "Example 13 names this face") for f in EXAMPLE_13_FACES
            if f not in index["f"] and f not in index["bad"]]


def _fact_sphinx_listed(index):
    return [(f, "source", "faces 1A-6B are in the Sphinx Effects list") for f, r in index["f"].items()
            if _face_key(f)[0] <= 6 and is_illustrative(r["source"])]


SPHINX_FACTS: list[Fact] = [
    Fact("Components; Game Setup 1f", "there are 10 Sphinx tiles, each with a side A and a side B",
         _fact_sphinx_faces),
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
    return problems + _run_facts(SPHINX_FACTS, index, file)


def _build_sphinx(doc):
    return tuple(sorted((SphinxFace(r["tile"], r["side"], r["effect"], r["source"].strip()) for r in doc["face"]),
                        key=lambda f: (f.tile, f.side)))


def load_sphinx(data_dir: Path | str | None = None) -> tuple[SphinxFace, ...]:
    """The 20 Sphinx faces (tiles 1-10, sides A and B) from ``sphinx.toml``."""
    return load(SPHINX_FILE, _build_sphinx, data_dir)


# ----------------------------------------------------------------------------------------------------------------
# Gifts of the Gods
# ----------------------------------------------------------------------------------------------------------------
GIFTS_FILE = "gifts.toml"
GIFTS_LISTED = tuple(f"GG{i}" for i in range(1, 12))
GIFTS_TOTAL = 14


@dataclass(frozen=True)
class Gift:
    id: str
    effect: str
    source: str


def _fact_gifts_listed(index):
    out = [(g, "id", "missing") for g in GIFTS_LISTED if g not in index["g"] and g not in index["bad"]]
    out += [(g, "source", "GG1-GG11 are in the Card List") for g in GIFTS_LISTED
            if g in index["g"] and is_illustrative(index["g"][g]["source"])]
    return out


def _fact_gifts_total(index):
    n = len(index["g"]) + len(index["bad"])
    return [] if n <= GIFTS_TOTAL else [("[[gift]]", "-", f"the file has {n}")]


GIFT_FACTS: list[Fact] = [
    Fact("Gifts of the Gods, Card List", "cards GG1-GG11 are listed", _fact_gifts_listed),
    Fact("Gifts of the Gods, Game Overview", "the set has 14 cards, so no more than 14", _fact_gifts_total),
]


def check_gifts(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index = {"g": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "gift", file, problems), 1):
        gid = rec.get("id")
        where = gid if isinstance(gid, str) and gid.strip() else f"gift #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        gid = require(rec, "id", str, file, where, problems)
        if gid is not None and not re.fullmatch(r"GG[1-9][0-9]*", gid, re.ASCII):
            problems.append(Problem(file, where, "id", "a Gift id is GG followed by its number"))
        if gid in index["g"] or gid in index["bad"]:
            problems.append(Problem(file, where, "id", "duplicate Gift id"))
        require(rec, "effect", str, file, where, problems)
        if len(problems) == before:
            index["g"][gid] = rec
        elif isinstance(gid, str) and gid.strip():
            index["bad"].add(gid)
    return problems + _run_facts(GIFT_FACTS, index, file)


def _build_gifts(doc):
    return tuple(sorted((Gift(r["id"], r["effect"], r["source"].strip()) for r in doc["gift"]),
                        key=lambda g: int(g.id[2:])))


def load_gifts(data_dir: Path | str | None = None, *, listed_only: bool = False) -> tuple[Gift, ...]:
    """The Gifts of the Gods cards.  ``listed_only=True``: only the rulebook's GG1-GG11 (register D6)."""
    gifts = load(GIFTS_FILE, _build_gifts, data_dir)
    return tuple(g for g in gifts if not is_illustrative(g.source)) if listed_only else gifts


# ----------------------------------------------------------------------------------------------------------------
# Ghost cards
# ----------------------------------------------------------------------------------------------------------------
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
    return problems + _run_facts(GHOST_FACTS, index, file)


def _build_ghost(doc):
    return tuple(sorted((GhostCard(r["id"], r["field"], tuple(r["temples"]), r["sphinx"], r["source"].strip())
                         for r in doc["ghost"]), key=lambda g: g.id))


def load_ghost(data_dir: Path | str | None = None) -> tuple[GhostCard, ...]:
    """The 10 Ghost cards from ``ghost.toml`` (all illustrative)."""
    return load(GHOST_FILE, _build_ghost, data_dir)


# ----------------------------------------------------------------------------------------------------------------
# Player boards
# ----------------------------------------------------------------------------------------------------------------
BOARDS_FILE = "player_boards.toml"
REWARD_KINDS = ("points", "resource", "deben", "silt")
EXAMPLE_PLAYERS = ("John", "George", "Ringo", "Paul")


@dataclass(frozen=True)
class UnlockReward:
    kind: str
    amount: int

    def __str__(self) -> str:
        what = {"points": "point", "resource": "resource of your choice", "deben": "Deben", "silt": "Silt sphere"}
        unit = what[self.kind] + ("s" if self.amount != 1 and self.kind in ("points", "silt") else "")
        if self.kind == "points":
            unit = "points" if self.amount != 1 else "point"
        if self.kind == "silt" and self.amount != 1:
            unit = "Silt spheres"
        return f"{self.amount} {unit}"


@dataclass(frozen=True)
class PlayerBoard:
    id: int
    colour: str
    glyph: Glyph
    example_player: str | None
    unlock: tuple[UnlockReward, ...]
    source: str


def _fact_boards_count(index):
    n = len(index["b"]) + len(index["bad"])
    return [] if n == 4 else [("[[board]]", "-", f"the file has {n}")]


def _fact_unlock_3_points(index):
    return [(f"board {i}", "unlock", "no 3-point reward") for i, r in index["b"].items()
            if not any(u["kind"] == "points" and u["amount"] == 3 for u in r["unlock"])]


def _fact_unlock_kinds(index):
    return [(f"board {i}", "unlock", f"its kinds are {sorted({u['kind'] for u in r['unlock']})}")
            for i, r in index["b"].items()
            if len({u["kind"] for u in r["unlock"]}) != 4 or "resource" not in {u["kind"] for u in r["unlock"]}]


def _fact_locked_four(index):
    return [(f"board {i}", "unlock", f"{len(r['unlock'])} locked Worker spaces") for i, r in index["b"].items()
            if len(r["unlock"]) != 4]


def _fact_example_players(index):
    got = Counter(r.get("example_player") for r in index["b"].values() if r.get("example_player"))
    if index["bad"]:
        return []
    return [("[[board]]", "example_player", f"{p} uses {got[p]} boards") for p in EXAMPLE_PLAYERS if got[p] != 1]


BOARD_FACTS: list[Fact] = [
    Fact("Components", "there are 4 player boards (one per colour)", _fact_boards_count),
    Fact("Game Setup 3b", "4 of a player's 8 Workers start on the 4 Locked Worker spaces", _fact_locked_four),
    Fact("Example 27", "one locked Worker's reward is worth 3 points", _fact_unlock_3_points),
    Fact("Example 27", "there are 4 kinds of unlock reward, one of them a resource of your choice", _fact_unlock_kinds),
    Fact("Examples 1-29", "each example player (John, George, Ringo, Paul) uses one board", _fact_example_players),
]


#: The supply numbers the rulebook states (Components; Game Setup 3b-3d).
SUPPLY_FACTS = {"deben": (18, "Components"), "resources_each": (24, "Components"),
                "workers_per_player": (8, "Components; Game Setup 3b"), "locked_workers": (4, "Game Setup 3b"),
                "sphinxes_per_player": (3, "Components; Game Setup 3c"), "start_resources_each": (2, "Game Setup 3d"),
                "start_deben": (1, "Game Setup 3d")}


@dataclass(frozen=True)
class Supply:
    """The box's Deben and resources, and what each player starts with (Components; Game Setup 3)."""

    deben: int
    resources_each: int
    workers_per_player: int
    locked_workers: int
    sphinxes_per_player: int
    start_resources_each: int
    start_deben: int
    source: str


def _check_supply(doc: dict, file: str, problems: list[Problem]) -> None:
    sup = doc.get("supply")
    if not isinstance(sup, dict):
        problems.append(Problem(file, "[supply]", "-", "missing table"))
        return
    check_source(sup, file, "[supply]", problems)
    for key, (want, where) in SUPPLY_FACTS.items():
        v = require(sup, key, int, file, "[supply]", problems)
        if v is not None and v != want:
            problems.append(Problem(file, "[supply]", key, f"contradicts the rulebook ({where}): it states {want}, "
                                                           f"not {v}"))


def check_player_boards(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    _check_supply(doc, file, problems)
    index = {"b": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "board", file, problems), 1):
        bid = rec.get("id")
        where = f"board {bid}" if isinstance(bid, int) else f"board #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        _check_stated(rec, file, where, problems)
        bid = require(rec, "id", int, file, where, problems)
        if bid is not None and (bid in index["b"] or bid in index["bad"]):
            problems.append(Problem(file, where, "id", "duplicate board id"))
        require(rec, "colour", str, file, where, problems)
        g = require(rec, "glyph", str, file, where, problems)
        if g is not None:
            try:
                Glyph.parse(g)
            except ValueError as e:
                problems.append(Problem(file, where, "glyph", str(e)))
        ep = rec.get("example_player")
        if ep is not None and ep not in EXAMPLE_PLAYERS:
            problems.append(Problem(file, where, "example_player", f"use one of {', '.join(EXAMPLE_PLAYERS)}"))
        unlock = require(rec, "unlock", list, file, where, problems)
        for j, u in enumerate(unlock or [], 1):
            if not isinstance(u, dict):
                problems.append(Problem(file, where, f"unlock[{j}]", "expected { kind = ..., amount = ... }"))
                continue
            if u.get("kind") not in REWARD_KINDS:
                problems.append(Problem(file, where, f"unlock[{j}].kind",
                                        f"unknown kind {u.get('kind')!r}; use {', '.join(REWARD_KINDS)}"))
            a = u.get("amount")
            if isinstance(a, bool) or not isinstance(a, int) or a < 1:
                problems.append(Problem(file, where, f"unlock[{j}].amount", f"expected a whole number >= 1, got {a!r}"))
        if len(problems) == before:
            index["b"][bid] = rec
        elif bid is not None:
            index["bad"].add(bid)
    return problems + _run_facts(BOARD_FACTS, index, file)


def _build_boards(doc):
    return tuple(sorted((PlayerBoard(r["id"], r["colour"], Glyph.parse(r["glyph"]), r.get("example_player"),
                                     tuple(UnlockReward(u["kind"], u["amount"]) for u in r["unlock"]),
                                     r["source"].strip()) for r in doc["board"]), key=lambda b: b.id))


def load_player_boards(data_dir: Path | str | None = None) -> tuple[PlayerBoard, ...]:
    """The 4 player boards from ``player_boards.toml``."""
    return load(BOARDS_FILE, _build_boards, data_dir)


def _build_supply(doc):
    sup = doc["supply"]
    return Supply(**{k: sup[k] for k in SUPPLY_FACTS}, source=sup["source"].strip())


def load_supply(data_dir: Path | str | None = None) -> Supply:
    """The ``[supply]`` table of ``player_boards.toml``: 18 Deben, 24 of each resource, 8 Workers (4 locked) ..."""
    return load(BOARDS_FILE, _build_supply, data_dir)


def example_board(player: str, data_dir: Path | str | None = None) -> PlayerBoard:
    """The board the kit gives an example player (John, George, Ringo or Paul)."""
    for b in load_player_boards(data_dir):
        if b.example_player == player:
            return b
    raise KeyError(f"no board for example player {player!r}")


# ----------------------------------------------------------------------------------------------------------------
# Facts across two files
# ----------------------------------------------------------------------------------------------------------------
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
            out.append(Problem(ACTIONS_FILE, f"card {n}", "left",
                               f"contradicts the rulebook ({where}): {player}'s card {n} {verb} the glyph of his board "
                               f"({BOARDS_FILE}: board {b['id']}, {b['glyph']}) - its left is {c['left']}"))
    return out


def _cross_ghost_fields(docs) -> list[Problem]:
    fields = {f"{r['ramp']}-{f}" for r in docs["map.toml"]["river"] for f in r["fields"]}
    return [Problem(GHOST_FILE, f"ghost {g['id']}", "field", f"{g['field']} is not a field of map.toml")
            for g in docs[GHOST_FILE]["ghost"] if g["field"] not in fields]


#: Facts that need two files: (files, what it checks, function over the parsed documents).
CROSS_FACTS: list[tuple[tuple[str, ...], str, Callable]] = [
    ((ACTIONS_FILE, BOARDS_FILE), "Example 5a: 59 completes John's board glyph; 2, 14, 21 do not complete George's, "
                                  "Ringo's, Paul's", _cross_5a),
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


# ----------------------------------------------------------------------------------------------------------------
# Provenance over every registered file
# ----------------------------------------------------------------------------------------------------------------
class ProvenanceRow(NamedTuple):
    component: str        # the file name
    records: int
    from_rulebook: int    # records whose source is the rulebook
    illustrative: int     # records whose source is illustrative
    partly: int           # rulebook records with illustrative fields, or illustrative ones honouring stated facts


def _walk_records(table):
    """Every table with a ``source`` inside ``table``, at any depth (e.g. ``[[temple.space]]`` records too)."""
    for value in table.values():
        items = value if isinstance(value, list) else [value]
        for x in items:
            if isinstance(x, dict):
                if "source" in x:
                    yield x
                yield from _walk_records(x)


def provenance_summary(data_dir: Path | str | None = None) -> list[ProvenanceRow]:
    """One row per data file registered in ``CHECKS`` (any helper's), counting its records by ``source``.

    A record is any table with a ``source`` field, at any depth (a ``[[list]]`` entry, a single ``[table]``, or a
    nested ``[[temple.space]]``).
    """
    root = Path(data_dir or DATA_DIR)
    rows = []
    for name in sorted(CHECKS):
        path = root / name if (root / name).exists() else DATA_DIR / name
        doc, errs = read_toml(path)
        if errs or doc is None:
            continue
        recs = [r for r in _walk_records(doc) if isinstance(r.get("source"), str)]
        ill = [r for r in recs if is_illustrative(r["source"])]
        rule = [r for r in recs if r["source"].strip().startswith("rulebook:")]
        partly = sum(1 for r in rule if r.get("illustrative_fields")) + sum(1 for r in ill if r.get("stated"))
        rows.append(ProvenanceRow(name, len(recs), len(rule), len(ill), partly))
    return rows


def provenance_markdown(data_dir: Path | str | None = None) -> str:
    """The provenance rows as a Markdown table (for docs/data.md and the start-here notebook)."""
    lines = ["| file | records | from the rulebook | illustrative | partly (see `stated` / `illustrative_fields`) |",
             "|---|---:|---:|---:|---:|"]
    for r in provenance_summary(data_dir):
        lines.append(f"| `{r.component}` | {r.records} | {r.from_rulebook} | {r.illustrative} | {r.partly} |")
    return "\n".join(lines)


CHECKS[ACTIONS_FILE] = check_actions
CHECKS[MARKET_FILE] = check_market
CHECKS[BUILDINGS_FILE] = check_buildings
CHECKS[SPHINX_FILE] = check_sphinx
CHECKS[GIFTS_FILE] = check_gifts
CHECKS[GHOST_FILE] = check_ghost
CHECKS[BOARDS_FILE] = check_player_boards
