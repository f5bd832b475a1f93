"""Action cards kept in hand, as the End of the Game's scoring sees them: a card's number and the glyphs on its left
and right sides, with a text form that parses back (``"61(sunrise|sunset,night)"``).

Rulebook: End of the Game, steps 4 (the glyphs on the cards in hand) and 6 (the highest card breaks a tie);
Components (the Action cards' glyphs).  Split out of :mod:`tameri_kit.rules.scoring`, which re-exports these names.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..errors import NotationError, StateError
from .action_cards import Glyph
from .common import require_text, whole_number

#: The :class:`~tameri_kit.rules.action_cards.Glyph` values (a ``str`` enum: each equals its name, ``Glyph.NIGHT ==
#: "night"``), so code written with the names keeps working; every glyph this module returns is a ``Glyph``.
GLYPHS: tuple[Glyph, ...] = tuple(Glyph)
_GLYPH_NAMES = tuple(g.value for g in GLYPHS)


# ----------------------------------------------------------------------------------------------------------------
# Cards in hand
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class HandCard:
    """An Action card kept in hand: its number and the glyphs on its left and right sides.

    Text form ``"61(sunrise|sunset,night)"`` (left glyphs, a bar, right glyphs; a side may be empty).

    >>> c = HandCard.parse("61(sunrise|sunset,night)")
    >>> c.number, c.left == (Glyph.SUNRISE,), c.right == ("sunset", "night"), str(c)
    (61, True, True, '61(sunrise|sunset,night)')

    The sides hold :class:`~tameri_kit.rules.action_cards.Glyph` values; names are accepted when building one.
    """

    number: float  # a whole number, or math.inf for the promo card "\u221e"
    left: tuple[Glyph, ...] = ()
    right: tuple[Glyph, ...] = ()

    def __post_init__(self):
        n = self.number
        if isinstance(n, bool) or not (n == math.inf or (isinstance(n, int) and n >= 0)):
            raise StateError(f"an Action card number is a whole number >= 0 (or infinity), not {n!r}")
        sides = []
        for side in (self.left, self.right):
            if isinstance(side, str):
                raise StateError(f"a card's side is a tuple of glyphs, not the text {side!r}")
            try:
                sides.append(tuple(g if g.__class__ is Glyph else Glyph.parse(g) for g in side))
            except ValueError:
                bad = next(g for g in side if g not in _GLYPH_NAMES)
                raise StateError(f"unknown glyph {bad!r}: use {', '.join(_GLYPH_NAMES)}") from None
        object.__setattr__(self, "left", sides[0])
        object.__setattr__(self, "right", sides[1])

    @classmethod
    def of(cls, card) -> "HandCard":
        """From an Action card of :mod:`tameri_kit.rules.action_cards` (its number and glyphs)."""
        return cls(card.number, tuple(card.left), tuple(card.right))

    @property
    def label(self) -> str:
        """The card's number as printed (``"\u221e"`` for the promo card)."""
        return "\u221e" if self.number == math.inf else str(self.number)

    def __str__(self) -> str:
        return f"{self.label}({','.join(self.left)}|{','.join(self.right)})"

    @classmethod
    def parse(cls, text: str) -> "HandCard":
        """A card from its text form (``"61(sunrise|sunset,night)"``, or just ``"61"``); a :class:`NotationError`
        names the position of what is wrong."""
        require_text(text, "HandCard.parse")
        m = re.fullmatch(r"\s*([0-9]+|\u221e|inf)\s*(?:\(([a-z,\s]*)\|([a-z,\s]*)\))?\s*", text)
        if not m:
            raise NotationError(
                text, 0, "a card in hand is written NUMBER(left glyphs|right glyphs), e.g. '61(sunrise|sunset,night)'"
            )
        sides = []
        for g in (2, 3):
            names = tuple(x.strip() for x in (m.group(g) or "").split(",") if x.strip())
            for x in names:
                if x not in _GLYPH_NAMES:
                    raise NotationError(
                        text,
                        m.start(g) + (m.group(g) or "").find(x),
                        f"unknown glyph {x!r}: use {', '.join(_GLYPH_NAMES)}",
                    )
            sides.append(names)
        number = (
            math.inf if m.group(1) in ("\u221e", "inf") else whole_number(text, m.start(1), m.end(1), "a card number")
        )
        return cls(number, sides[0], sides[1])


def parse_hand(text: str) -> tuple[HandCard, ...]:
    """``"61(sunrise|) 12(|night)"`` -> two cards (separated by spaces)."""
    out = []
    for m in re.finditer(r"\S+", require_text(text, "parse_hand")):
        try:
            out.append(HandCard.parse(m.group()))
        except NotationError as e:
            raise NotationError(text, m.start() + e.position, e.reason) from None
    return tuple(out)
