"""The Action cards: the loader and validator of ``actions.toml``.

Rulebook: Components; Season 0 (Example 1); Phase 2 "Glyphs, Actions, and Unrevealed Cards" (Examples 3a-3c, 4);
Phase 3 (Examples 5a, 5b); Phase 4 step 3 (Example 6); End of the Round (Example 17); Weather Effects on the
Cards (Example 15); Permanent Effects (Example 29); Ghost Temple card note.  Every stated fact is an entry of
:data:`ACTION_FACTS`.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..rules.action_cards import DECKS, Action, ActionCard, CardWeather, Glyph, number_text
from ..rules.common import Resource
from .facts import Fact, check_stated, parse_enum_list, parse_glyphs, run_facts
from .loader import CHECKS, Problem, check_source, load, records, require


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
            from ..rules.action_cards import parse_number

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
            return [
                (f"card {k}", "number", "there is no such card")
                for k, c in ((n, a), (m, b))
                if c is None and k not in index["bad_numbers"]
            ]
        common = set(a["left"]) & set(b["right"])
        if share and not common:
            return [
                (
                    f"card {n}",
                    "left",
                    f"its left {_names(a['left'])} shares no glyph with card {m}'s right {_names(b['right'])}",
                )
            ]
        if not share and common:
            return [
                (
                    f"card {n}",
                    "left",
                    f"its left {_names(a['left'])} shares {_names(sorted(common))} with "
                    f"card {m}'s right {_names(b['right'])}",
                )
            ]
        return []

    return test


def _fact_some_glyph(index):
    return [
        (f"card {number_text(n)}", "left", "both sides are empty")
        for n, c in index["cards"].items()
        if not c["left"] and not c["right"]
    ]


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
    return [
        (f"card {number_text(n)}", "number", "missing")
        for n in (0, math.inf)
        if n not in index["cards"] and n not in index["bad_numbers"]
    ]


def _fact_promo_deck(index):
    return [
        (f"card {number_text(n)}", "deck", f"it is in deck {c['deck']}")
        for n, c in index["cards"].items()
        if (n in (0, math.inf)) != (c["deck"] == "promo")
    ]


#: Every fact the rulebook states about the Action cards, checked in this order.
ACTION_FACTS: list[Fact] = [
    Fact("Components", "there are 106 Action cards in decks A-E (the promo cards 0 and \u221e are extra)", _fact_count),
    Fact("Components", "each of the decks A-E holds cards", _fact_every_deck),
    Fact(
        "Season 0, step 1",
        "deck A deals 5 cards to each of up to 4 players, so it holds at least 20 cards",
        _fact_deck_sizes,
    ),
    Fact(
        "Season 0 step 8; End of the Round step 2",
        "a Season's deck fills the Nile with players + 2 cards, then "
        "players cards in each of 3 more rounds, so decks B, C and D hold at least 18 cards",
        _fact_season_decks,
    ),
    Fact("Example 1", "deck A holds cards " + ", ".join(map(str, DECK_A_EXAMPLE_1)), _in_deck(DECK_A_EXAMPLE_1, "A")),
    Fact(
        "Example 5a",
        "cards 2, 14, 21 and 59 start the first Season from the Season 0 hands, so deck A holds them",
        _in_deck((2, 14, 21, 59), "A"),
    ),
    Fact("Examples 6 and 17", "deck B (Season 1) holds cards 18, 27 and 28", _in_deck(DECK_B_EXAMPLES_6_17, "B")),
    Fact(
        "Examples 6 and 17",
        "card 18 carries Barley at the bottom",
        _card_field(18, "resource", lambda r: r is Resource.BARLEY, lambda r: r.value),
    ),
    Fact(
        "Example 17",
        "card 27 carries Barley at the bottom",
        _card_field(27, "resource", lambda r: r is Resource.BARLEY, lambda r: r.value),
    ),
    Fact(
        "Example 15",
        "card 89 shows an obtain-Silt and a remove-Water effect",
        _card_field(
            89, "weather", lambda w: sorted(w) == sorted((CardWeather.GAIN_SILT, CardWeather.REMOVE_WATER)), _names
        ),
    ),
    Fact(
        "Example 15",
        "card 34 shows a remove-Sun and a remove-any-sphere effect",
        _card_field(
            34, "weather", lambda w: sorted(w) == sorted((CardWeather.REMOVE_SUN, CardWeather.REMOVE_ANY)), _names
        ),
    ),
    Fact("Example 3b", "Temple card 202 is in deck E", _card_field(202, "deck", lambda d: d == "E", str)),
    Fact(
        "Example 3b",
        "Temple card 202 has 2 actions on its upper half and 1 on its lower half",
        _card_field(202, "top", lambda t: len(t) == 2, lambda t: f"{len(t)} on top"),
    ),
    Fact(
        "Example 3b",
        "Temple card 202 has 1 action on its lower half",
        _card_field(202, "bottom", lambda t: len(t) == 1, lambda t: f"{len(t)} below"),
    ),
    Fact("Example 3c", "Temple card 207 is in deck E", _card_field(207, "deck", lambda d: d == "E", str)),
    Fact(
        "Example 3c",
        "Temple card 207 shows Decoration on its upper half",
        _card_field(207, "top", lambda t: t == (Action.DECORATION,), _names),
    ),
    Fact(
        "Example 3c",
        "Temple card 207 shows Builder then Priest on its lower half",
        _card_field(207, "bottom", lambda t: t == (Action.BUILDER, Action.PRIEST), _names),
    ),
    Fact(
        "Example 3c",
        "card 207 completes a glyph after a face-down card, so it has a left glyph",
        _card_field(207, "left", bool, _names),
    ),
    Fact("Example 3a", "card 61 completes a glyph, so it has a left glyph", _card_field(61, "left", bool, _names)),
    Fact(
        "Example 29",
        "card 18's left glyph is the one on Building D3 (Sunset)",
        _card_field(18, "left", lambda g: Glyph.SUNSET in g, _names),
    ),
    Fact(
        "Example 5b",
        "Ringo's card 65 completes the right glyph of his previous card 14",
        _glyph_relation(65, 14, share=True),
    ),
    Fact("Example 5b", "Paul's card 24 does not complete his previous card 21", _glyph_relation(24, 21, share=False)),
    Fact("Example 5b", "John's card 44 does not complete his previous card 59", _glyph_relation(44, 59, share=False)),
    Fact(
        "Glyphs, Actions, and Unrevealed Cards", "each card has at least 1 glyph on at least one side", _fact_some_glyph
    ),
    Fact("Glyphs, Actions, and Unrevealed Cards", "some cards have no glyph on the left", _fact_some_no_left),
    Fact(
        "Phase 2; Glyphs, Actions, and Unrevealed Cards; Ghost Temple card",
        "a card of decks A-D has 1 action on each half; a Temple card has 3, 2 on one half and 1 on the other",
        _fact_halves,
    ),
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
            problems.append(
                Problem(file, where, "number", "duplicate card number (each card has a different number: Phase 2)")
            )
        check_source(rec, file, where, problems)
        check_stated(rec, file, where, problems)
        deck = require(rec, "deck", str, file, where, problems)
        if deck is not None and deck not in DECKS:
            problems.append(Problem(file, where, "deck", f"unknown deck {deck!r}; use one of {', '.join(DECKS)}"))
        left = parse_glyphs(rec.get("left"), file, where, "left", problems)
        right = parse_glyphs(rec.get("right"), file, where, "right", problems)
        top = parse_enum_list(rec.get("top"), Action.parse, file, where, "top", problems, "actions")
        bottom = parse_enum_list(rec.get("bottom"), Action.parse, file, where, "bottom", problems, "actions")
        weather = parse_enum_list(
            rec.get("weather", []), CardWeather.parse, file, where, "weather", problems, "weather effects"
        )
        twice = sorted({w.value for w in weather if weather.count(w) > 1}) if weather is not None else []
        if twice:  # the game names a weather decision by its effect: two alike would be one decision offered twice
            problems.append(
                Problem(
                    file,
                    where,
                    "weather",
                    f"{twice[0]!r} is listed twice; a card shows each weather effect at most once (Weather Effects "
                    "on the Cards: each effect is used once, and the game tells them apart by name)",
                )
            )
        if weather is not None and len(weather) > 2:
            problems.append(
                Problem(
                    file,
                    where,
                    "weather",
                    f"a card shows 0 to 2 weather effects, not {len(weather)} (Weather Effects on the Cards)",
                )
            )
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
    return problems + run_facts(ACTION_FACTS, index, file)


def _build_actions(doc: dict) -> ActionCards:
    cards = []
    for r in doc["card"]:
        cards.append(
            ActionCard(
                number=r["number"],
                deck=r["deck"],
                left=tuple(Glyph.parse(g) for g in r["left"]),
                right=tuple(Glyph.parse(g) for g in r["right"]),
                top=tuple(Action.parse(a) for a in r["top"]),
                bottom=tuple(Action.parse(a) for a in r["bottom"]),
                weather=tuple(CardWeather.parse(w) for w in r.get("weather", [])),
                resource=Resource.parse(r["resource"]),
                source=r["source"].strip(),
            )
        )
    return ActionCards(tuple(sorted(cards, key=lambda c: c.number)))


def load_actions(data_dir: Path | str | None = None) -> ActionCards:
    """The Action cards from ``actions.toml`` (illustrative, honouring every stated fact)."""
    return load(ACTIONS_FILE, _build_actions, data_dir)


CHECKS[ACTIONS_FILE] = check_actions
