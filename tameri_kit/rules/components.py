"""The component types the rules use: the temples and their tracks, immediate effects, Priest cards, and the map
of fields and rivers.  :mod:`tameri_kit.data` reads the TOML files into these values; the rules never import it.

Rulebook: Components; Possible Actions: Priest and Example 10 (the tracks); Game Effects: Immediate Effects;
Priest Cards; Productive Fields and Harvests (the map).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from ..data_format import is_illustrative
from ..errors import UnknownNameError
from .common import Ramp, Resource


# ----------------------------------------------------------------------------------------------------------------
# Names: the temples and the effects
# ----------------------------------------------------------------------------------------------------------------
class Temple(str, Enum):
    """The three Temples, in the order the board shows them (left to right) and the Priest draft visits them."""

    AMUN = "Amun"
    RA = "Ra"
    PTAH = "Ptah"

    @cached_property  # read once, then kept on the member: Enum's own ``value`` runs Python code (as Named.value)
    def value(self) -> str:
        """The Temple's name (``"Amun"``), as ``Enum.value``."""
        return self._value_

    @cached_property  # an enum member never changes: worked out once
    def label(self) -> str:
        """The Temple's full name (``Temple of Amun``)."""
        return f"Temple of {self.value}"

    @cached_property
    def index(self) -> int:
        """The Temple's place from the left (0 Amun, 1 Ra, 2 Ptah), the order in which End of the Season step 1 resolves
        them."""
        return TEMPLES.index(self)

    @classmethod
    def parse(cls, text: str) -> "Temple":
        """The Temple named ``text`` (``Amun``, ``ra`` ...; a ``Temple`` is returned as it is); any other name raises
        ``UnknownNameError``."""
        if isinstance(text, Temple):
            return text
        name = text.strip().lower() if isinstance(text, str) else None
        for temple in cls:
            if name == temple.value.lower():
                return temple
        raise UnknownNameError(f"unknown temple {text!r}: use Amun, Ra or Ptah")


TEMPLES: tuple[Temple, ...] = tuple(Temple)

#: Every kind of effect, with how it reads for an amount of 1 and for more.
EFFECT_TEXT = {
    "points": ("1 point", "{n} points"),
    "deben": ("1 Deben", "{n} Deben"),
    "silt": ("1 Silt sphere", "{n} Silt spheres"),
    "resource": ("1 resource of your choice", "{n} resources of your choice"),
    "unlock": ("unlock a Worker", "unlock {n} Workers"),
    "priest_card": ("draw a Priest card", "draw {n} Priest cards"),
    "temple_card": ("draw a Temple card", "draw {n} Temple cards"),
    "farmer": ("a Farmer action", "{n} Farmer actions"),
    "remove_sun": ("remove a Sun sphere", "remove {n} Sun spheres"),
    "remove_water": ("remove a Water sphere", "remove {n} Water spheres"),
    "remove_sphere": ("remove a sphere of your choice", "remove {n} spheres of your choice"),
    "advance": ("advance 1 step in {t}", "advance {n} steps in {t}"),
}
#: Short labels for pictures.
_SHORT = {
    "points": "{n} pt",
    "deben": "{n} Deben",
    "silt": "{n} Silt",
    "resource": "{n} resource",
    "unlock": "unlock",
    "priest_card": "Priest card",
    "temple_card": "Temple card",
    "farmer": "Farmer",
    "remove_sun": "-Sun",
    "remove_water": "-Water",
    "remove_sphere": "-sphere",
    "advance": "+{n} {t}",
}

#: What a Temple space can show (rulebook: Ghost Temple Effects, plus a resource of your choice from Immediate
#: Effects).
SPACE_EFFECTS = ("points", "deben", "silt", "resource", "unlock", "priest_card", "temple_card", "farmer")
#: What a 1-point Priest card can give (rulebook: Immediate Effects; Example 34 for Deben).
CARD_EFFECTS = ("deben", "silt", "resource", "remove_sun", "remove_water", "remove_sphere", "temple_card", "advance")


@dataclass(frozen=True)
class Effect:
    """An immediate effect (rulebook: Game Effects, Immediate Effects), as a value for a game engine to apply.

    ``kind`` is one of the keys of the effect table (``points``, ``deben``, ``unlock`` ...); ``amount`` how many;
    ``temple`` only for ``advance``.
    """

    kind: str
    amount: int = 1
    temple: Temple | None = None

    def __post_init__(self):
        if self.kind not in EFFECT_TEXT:
            raise ValueError(f"unknown effect {self.kind!r}: use one of {', '.join(EFFECT_TEXT)}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 1:
            raise ValueError(f"an effect's amount is a whole number of at least 1, not {self.amount!r}")
        if (self.kind == "advance") != (self.temple is not None):
            raise ValueError("an 'advance' effect names its temple, and only 'advance' does")

    def __str__(self) -> str:
        one, many = EFFECT_TEXT[self.kind]
        t = self.temple.value if self.temple else ""
        return (one if self.amount == 1 else many).format(n=self.amount, t=t)

    @property
    def short(self) -> str:
        """The effect in a few words, for tables and small pictures (``2 pt``, ``1 Deben`` ...)."""
        t = self.temple.value if self.temple else ""
        return _SHORT[self.kind].format(n=self.amount, t=t)


# ----------------------------------------------------------------------------------------------------------------
# Temple tracks
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TempleSpace:
    number: int  # 1 is the lowest space
    effect: Effect
    source: str


@dataclass(frozen=True)
class TempleTrack:
    temple: Temple
    spaces: tuple[TempleSpace, ...]  # lowest first
    source: str

    @property
    def length(self) -> int:
        """How many spaces the Temple's track has."""
        return len(self.spaces)

    def effect(self, space: int) -> Effect:
        """The effect printed on ``space`` (1 is the lowest); a space off the track raises ``KeyError``."""
        if not 1 <= space <= self.length:
            raise KeyError(f"the {self.temple.label} has spaces 1 to {self.length}, not {space}")
        return self.spaces[space - 1].effect


@dataclass(frozen=True)
class TempleBoard:
    """The three tracks, in the order Amun, Ra, Ptah."""

    tracks: tuple[TempleTrack, TempleTrack, TempleTrack]

    def track(self, temple: Temple) -> TempleTrack:
        """The track of ``temple`` (a ``Temple`` or its name)."""
        return self.tracks[temple.index if temple.__class__ is Temple else Temple(temple).index]

    def length(self, temple: Temple) -> int:
        """How many spaces the track of ``temple`` has."""
        return self.track(temple).length

    def effect(self, temple: Temple, space: int) -> Effect:
        """The effect printed on ``space`` of the track of ``temple`` (Possible Actions: Priest - gained when a Priest
        passes or lands there)."""
        return self.track(temple).effect(space)

    @property
    def illustrative(self) -> bool:
        """Whether any space's effect is illustrative rather than read from the rulebook (its provenance)."""
        return any(is_illustrative(s.source) for t in self.tracks for s in t.spaces)


@dataclass(frozen=True)
class PriestCard:
    """One Priest card: worth 1 point with an effect, or 2 or 3 points without (rulebook: Priest Cards)."""

    id: int
    points: int
    effect: Effect | None = None
    source: str = "illustrative"

    def __str__(self) -> str:
        what = f", or play it for: {self.effect}" if self.effect else ""
        return f"Priest card {self.id} ({self.points} point{'s' if self.points > 1 else ''}{what})"

    @property
    def short(self) -> str:
        """The card in a few words: its id, its points and its effect if it has one (Priest Cards)."""
        return f"#{self.id} {self.points}pt" + (f" / {self.effect.short}" if self.effect else "")


@dataclass(frozen=True)
class PriestDeck:
    cards: tuple[PriestCard, ...]  # by id

    def card(self, card_id: int) -> PriestCard:
        """The Priest card with id ``card_id``; an unknown id raises ``KeyError``."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"no Priest card {card_id}")

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def illustrative(self) -> bool:
        """Whether any card of the deck is illustrative rather than read from the rulebook (its provenance)."""
        return any(is_illustrative(c.source) for c in self.cards)


# ----------------------------------------------------------------------------------------------------------------
# The map: fields and rivers
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Field:
    """One of the 8 fields: the ramp (and river) that waters it, and its crop.  Text form ``N-barley``."""

    ramp: Ramp
    crop: Resource

    def __str__(self) -> str:
        return f"{self.ramp.value}-{self.crop.value}"

    @property
    def label(self) -> str:
        """The field in words: its crop and its river (``Barley (North)``)."""
        return f"{self.crop.label} ({self.ramp.label})"


@dataclass(frozen=True)
class River:
    ramp: Ramp
    fields: tuple[Field, Field]
    source: str


@dataclass(frozen=True)
class BoardMap:
    rivers: tuple[River, River, River, River]  # in the order N, E, S, W
    silt_numbers: tuple[int, int, int, int]  # beside each river Silt space, nearest the pyramid first
    silt_source: str

    @property
    def fields(self) -> tuple[Field, ...]:
        """The board's 8 fields, river by river (Productive Fields and Harvests: 2 fields along each river)."""
        return tuple(f for river in self.rivers for f in river.fields)

    def river(self, ramp: Ramp) -> River:
        """The river (and its 2 fields) at the foot of ``ramp``."""
        return self.rivers[ramp.index]

    @property
    def illustrative(self) -> bool:
        """Whether any river of the map is illustrative rather than read from the rulebook (its provenance)."""
        return any(is_illustrative(r.source) for r in self.rivers)
