"""The eight actions, the four glyphs, the weather effects printed on cards, and the Action card value.

Rulebook: Possible Actions (the 8 actions); Phase 2, "Glyphs, Actions, and Unrevealed Cards" (glyphs, card
halves); Weather Effects on the Cards (the printed weather effects); Components (106 Action cards in decks A-E).

The glyph names are an inference: the rulebook never names the four glyphs, but the four observatories D1-D4
each picture one and are called Sunrise, Daytime, Sunset and Nighttime (Building Card List), so the kit names
the glyphs after them (register entry D2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from ..errors import NotationError, StateError
from .common import Named, Resource, count_value, require_text, whole_number


class Action(Named, str, Enum):
    """One of the 8 possible actions (rulebook: Possible Actions), in the order the rulebook lists them."""

    FARMER = "farmer"
    MERCHANT = "merchant"
    BUILDER = "builder"
    PRIEST = "priest"
    HARVEST = "harvest"
    SPHINX = "sphinx"
    DECORATION = "decoration"
    OFFERING = "offering"

    @cached_property  # an enum member never changes: worked out once
    def label(self) -> str:
        """The action's name as the rulebook prints it (``Farmer`` ... ``Offering to the Pharaoh``; Possible Actions)."""
        return "Offering to the Pharaoh" if self is Action.OFFERING else self.name.capitalize()

    @property
    def places_worker(self) -> bool:
        """Farmer, Merchant, Builder and Priest place (or move) a Worker (Possible Actions, opening)."""
        return self in (Action.FARMER, Action.MERCHANT, Action.BUILDER, Action.PRIEST)


ACTIONS: tuple[Action, ...] = tuple(Action)
#: Each action by its value: ``Action(name)`` as a dictionary look-up (see ``rules.common.SPHERE_OF``).
ACTION_OF = {action._value_: action for action in ACTIONS}


class Glyph(Named, str, Enum):
    """The four glyph kinds, named after the observatories D1-D4 that picture them (an inference, register D2)."""

    SUNRISE = "sunrise"
    DAYTIME = "daytime"
    SUNSET = "sunset"
    NIGHT = "night"

    @property
    def symbol(self) -> str:
        """A one-character picture for text and HTML views."""
        return {"sunrise": "\u25d3", "daytime": "\u2600", "sunset": "\u25d2", "night": "\u263e"}[self.value]


GLYPHS: tuple[Glyph, ...] = tuple(Glyph)


class CardWeather(Named, str, Enum):
    """A weather effect printed at the top of an Action card (Weather Effects on the Cards)."""

    REMOVE_SUN = "remove_sun"
    REMOVE_WATER = "remove_water"
    REMOVE_ANY = "remove_any"
    GAIN_SILT = "gain_silt"

    @cached_property  # an enum member never changes: worked out once
    def label(self) -> str:
        """The weather effect in words, as Weather Effects on the Cards names it (``remove a Sun sphere`` ...)."""
        return {
            "remove_sun": "remove a Sun sphere",
            "remove_water": "remove a Water sphere",
            "remove_any": "remove a sphere of your choice",
            "gain_silt": "obtain a Silt sphere",
        }[self.value]


#: The decks (Components; Game Setup 2): A for Season 0, B-D for Seasons 1-3, E the Temple deck; "promo" holds
#: the promo cards 0 and infinity (register D1).
DECKS = ("A", "B", "C", "D", "E", "promo")


def number_text(number: float) -> str:
    """``59`` -> ``"59"``; infinity -> ``"\u221e"``."""
    return "\u221e" if number == math.inf else str(int(number))


def parse_number(text: str) -> float:
    """``"59"`` -> 59; ``"\u221e"``, ``"inf"`` -> infinity."""
    t = require_text(text, "parse_number").strip()
    if t in ("\u221e", "inf", "infinity"):
        return math.inf
    if not t or not all("0" <= ch <= "9" for ch in t):
        bad = next((i for i, ch in enumerate(t) if not "0" <= ch <= "9"), 0)
        raise NotationError(text, text.index(t) + bad if t else 0, "not a card number (use digits 0-9, or \u221e)")
    return whole_number(t, 0, len(t), "a card number")


@dataclass(frozen=True, kw_only=True)
class ActionCard:
    """One Action card, built with keywords only (``ActionCard(number=59, deck="A", left=("sunrise",), ...)``).

    ``top`` and ``bottom`` are the actions on the upper and lower halves, each read left to right (a normal card
    has one action on each half; a Temple card may have two on one half).  ``left`` and ``right`` are the glyphs
    on each side (either may be empty, but not both).  ``weather`` lists 0-2 printed weather effects.  Names are
    accepted for every enum field; anything impossible raises :class:`~tameri_kit.errors.StateError`.  (Deck
    ``"?"`` is the back of a card nobody may see: it alone shows no glyph and no action.)
    """

    number: float  # an int, or math.inf for the promo card "infinity"
    deck: str
    left: tuple[Glyph, ...]
    right: tuple[Glyph, ...]
    top: tuple[Action, ...]
    bottom: tuple[Action, ...]
    weather: tuple[CardWeather, ...]
    resource: Resource
    source: str

    def __post_init__(self):
        hidden = self.deck == "?"
        if self.deck not in DECKS and not hidden:
            raise StateError(f"an Action card's deck is one of {', '.join(DECKS)}, not {self.deck!r}")
        if self.number != math.inf:
            count_value(self.number, "an Action card's number")
        for name, kind in (
            ("left", Glyph),
            ("right", Glyph),
            ("top", Action),
            ("bottom", Action),
            ("weather", CardWeather),
        ):
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, (tuple, list)):
                raise StateError(f"an Action card's {name} is a tuple of {kind.__name__} values, not {value!r}")
            object.__setattr__(self, name, tuple(kind.parse(v) for v in value))
        if not hidden:
            if not self.left and not self.right:
                raise StateError(
                    f"card {number_text(self.number)}: a card shows glyphs on its left or right side "
                    "(either may be empty, not both)"
                )
            if not self.top or not self.bottom:
                raise StateError(f"card {number_text(self.number)}: a card shows an action on each half")
            if len(self.weather) > 2:
                raise StateError(f"card {number_text(self.number)}: a card shows 0 to 2 weather effects")
        object.__setattr__(self, "resource", Resource.parse(self.resource))
        if not isinstance(self.source, str):
            raise StateError(f"an Action card's source is text, not {self.source!r}")

    @cached_property  # a card never changes
    def label(self) -> str:
        """The card's number as printed (the promo cards 0 and infinity included)."""
        return number_text(self.number)

    @property
    def actions(self) -> tuple[Action, ...]:
        """All printed actions, top to bottom and left to right."""
        return self.top + self.bottom

    @property
    def is_temple(self) -> bool:
        """Whether this is a Temple Action card (deck E, or a promo card) that may show two actions on one half (Glyphs,
        Actions, and Unrevealed Cards)."""
        return self.deck in ("E", "promo")

    def _repr_svg_(self) -> str:
        """Jupyter shows a card as a picture; the drawing lives in :mod:`tameri_kit.render.cards_svg`, imported
        lazily here (as ``Pyramid`` and ``TempleState`` do), so importing the rules never imports the pictures."""
        from ..render.cards_svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        """The same picture inline in the page: as an ``<img>`` (how an ``image/svg+xml`` output is shown) its
        tooltips, title and description cannot be read."""
        return self._repr_svg_()

    def __str__(self) -> str:
        lg = "".join(g.symbol for g in self.left) or "-"
        rg = "".join(g.symbol for g in self.right) or "-"
        acts = " / ".join("+".join(a.label for a in half) for half in (self.top, self.bottom))
        return f"card {self.label} ({self.deck}) [{lg}|{rg}] {acts}"
