"""Glyph chaining: which actions a played card allows, and at what cost.

Rulebook: Phase 2 "Choosing the Actions" and "Glyphs, Actions, and Unrevealed Cards" (Examples 3a-3c, 4);
Phase 3 (the Deben paid for a face-down card; Examples 5a, 5b); Building Card List D1-D5 and Permanent Effects
(Example 29); End of the Season, step 2 (Example 19); +1 Player Mode, Phase 4 (the Ghost's glyph points).

In short: a card's **left** glyphs are compared with the **right** glyphs of the card played before it this
season (for the season's first card, with the glyph of the player's board).  A shared glyph *completes* the
card: all its actions, top to bottom (left to right on a half).  Otherwise the player picks one action - on a
Temple card, one half.  A card with no left glyph never completes.  A card played face down costs as many Deben
as the season's face-down cards so far, this one included, grants any one of the 8 actions, and its back shows
all 4 glyphs on the right, so it completes the next card (if that card has a left glyph).  An observatory (D1-D4)
completes its pictured glyph for 1 resource, the Great Library (D5) any card for 2 Deben, each once per turn.
The season's last card earns 2 points when its right glyph matches the board (a face-down card always does).

The result, :class:`CardPlay` with its :class:`PlayOption` list, is what a whole-game engine will offer the
player.  Text forms: a row of cards is ``"59 [6] 44 16"`` (brackets: face down); an option is
``"decoration+builder+priest"`` with an optional cost ``" [1 resource]"`` / ``" [2 deben]"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Literal, Sequence

from ..errors import IllegalActionError, NotationError, ReadingError, StateError
from .action_cards import ACTIONS, Action, ActionCard, Glyph, number_text, parse_number
from .._fast import direct_init, remembered
from .common import require_text, whole_number

#: Building id -> the glyph its observatory pictures (Building Card List, D1-D4).
OBSERVATORIES: dict[str, Glyph] = {"D1": Glyph.SUNRISE, "D2": Glyph.DAYTIME, "D3": Glyph.SUNSET, "D4": Glyph.NIGHT}
LIBRARY = "D5"
OBSERVATORY_PRICE = 1  # resources of your choice (Building Card List D1-D4)
LIBRARY_PRICE = 2  # Deben (Building Card List D5)
SEASON_END_POINTS = 2  # End of the Season, step 2
GHOST_GLYPH_POINTS = 2  # +1 Player Mode, Phase 4
CARDS_PER_SEASON = 4  # Phase 5: a season ends when 4 cards lie on the boards
#: The back of a face-down card shows all four glyphs on its right side (Glyphs, Actions, and Unrevealed Cards).
FACE_DOWN_RIGHT: frozenset[Glyph] = frozenset(Glyph)

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ...: a card's position in the Season's row, in words."""
    return _ORDINAL.get(n, f"{n}th")


_GLYPH_ORDER = tuple(Glyph)


def _glyph_names(gs: Iterable[Glyph]) -> str:
    have = set(gs)
    gs = [g for g in _GLYPH_ORDER if g in have]
    if not gs:
        return "no glyph"
    return (
        " and ".join(g.label for g in gs)
        if len(gs) <= 2
        else ", ".join(g.label for g in gs[:-1]) + " and " + gs[-1].label
    )


def _actions_text(actions: Sequence[Action]) -> str:
    return ", then ".join(a.label for a in actions)


@dataclass(frozen=True)
class GlyphReadings:
    """Readings of the glyph rules (register section G).

    ``board_completes``: G1 - does the player-board glyph complete only the season's first card (``"first"``,
    the kit's reading) or any card (``"every"``)?
    """

    board_completes: Literal["first", "every"] = "first"

    def __post_init__(self):
        if self.board_completes not in ("first", "every"):
            raise ReadingError(
                f"GlyphReadings.board_completes must be 'first' or 'every', not {self.board_completes!r}"
            )


GLYPH_DEFAULT = GlyphReadings()


@direct_init
@dataclass(frozen=True)
class Played:
    """A card on a player board: the card and whether it was played face down.  Text ``"59"`` or ``"[59]"``."""

    card: ActionCard
    face_down: bool = False

    @property
    def right(self) -> frozenset[Glyph]:
        """The glyphs the next card can complete: the card's right glyphs, or all four on a face-down back."""
        return FACE_DOWN_RIGHT if self.face_down else frozenset(self.card.right)

    def __str__(self) -> str:
        return f"[{self.card.label}]" if self.face_down else self.card.label


def format_row(row: Sequence[Played]) -> str:
    """``"59 [6] 44 16"``: a season's cards left to right, face-down ones in brackets."""
    return " ".join(str(p) for p in row)


def parse_row(text: str, cards) -> tuple[Played, ...]:
    """Parse ``"59 [6] 44 16"`` against a card collection (anything with ``.card(number)``).

    >>> from tameri_kit.data import load_actions
    >>> format_row(parse_row("59 [6]", load_actions()))
    '59 [6]'
    """
    out = []
    for m in re.finditer(r"\S+", require_text(text, "parse_row")):
        tok, pos = m.group(), m.start()
        face_down = tok.startswith("[")
        if face_down != tok.endswith("]") or (face_down and len(tok) < 3):
            raise NotationError(text, pos, "a face-down card is written in brackets, like [59]")
        body = tok[1:-1] if face_down else tok
        try:
            number = parse_number(body)
        except ValueError:
            raise NotationError(text, pos + face_down, f"{body!r} is not a card number") from None
        try:
            card = cards.card(number)
        except KeyError:
            raise NotationError(text, pos + face_down, f"there is no Action card {body}") from None
        out.append(Played(card, face_down))
    if len(out) > CARDS_PER_SEASON:
        raise NotationError(
            text,
            [m.start() for m in re.finditer(r"\S+", text)][CARDS_PER_SEASON],
            f"a season has at most {CARDS_PER_SEASON} cards",
        )
    return tuple(out)


@dataclass(frozen=True)
class PlayOption:
    """One way to use a played card: the actions in order and what must be paid.

    ``resources`` counts resources of the player's choice (an observatory); ``deben`` counts Deben (face-down
    play, the Great Library).  ``via`` says where the right comes from: ``"glyph"``, ``"one action"``,
    ``"one half"``, ``"face down"``, ``"observatory D1"`` ... ``"library D5"``.
    """

    actions: tuple[Action, ...]
    deben: int = 0
    resources: int = 0
    via: str = ""
    explanation: str = ""

    @property
    def cost_text(self) -> str:
        """What this way of playing the card costs in words (``1 deben``, ``1 resource`` or ``free``)."""
        parts = []
        if self.deben:
            parts.append(f"{self.deben} deben")
        if self.resources:
            parts.append(f"{self.resources} resource" + ("s" if self.resources > 1 else ""))
        return ", ".join(parts) or "free"

    @cached_property
    def _str(self) -> str:
        acts = "+".join(a._value_ for a in self.actions)
        return acts if not (self.deben or self.resources) else f"{acts} [{self.cost_text}]"

    def __str__(self) -> str:
        return self._str

    @classmethod
    def parse(cls, text: str) -> "PlayOption":
        """Inverse of ``str``: ``"farmer+harvest [2 deben]"`` (``via`` and ``explanation`` are left empty).

        >>> str(PlayOption.parse("decoration+builder+priest [1 resource]"))
        'decoration+builder+priest [1 resource]'
        """
        require_text(text, "PlayOption.parse")
        m = re.fullmatch(r"\s*([a-z+ ]+?)\s*(?:\[(.*)\])?\s*", text.lower())
        if not m:
            raise NotationError(text, 0, "expected actions joined by + and an optional [cost]")
        actions = []
        pos = text.lower().find(m.group(1))
        for name in m.group(1).split("+"):
            try:
                actions.append(Action.parse(name))
            except ValueError:
                raise NotationError(text, pos, f"unknown action {name.strip()!r}") from None
            pos += len(name) + 1
        deben = resources = 0
        if m.group(2):
            start = text.lower().index("[") + 1
            for part in m.group(2).split(","):
                pm = re.fullmatch(r"\s*([0-9]+)\s+(deben|resources?)\s*", part)
                if not pm:
                    raise NotationError(text, start, "a cost reads like '2 deben' or '1 resource'")
                amount = whole_number(text, start + pm.start(1), start + pm.end(1), "a cost")
                if pm.group(2) == "deben":
                    deben = amount
                else:
                    resources = amount
                start += len(part) + 1
        return cls(tuple(actions), deben, resources)


@dataclass(frozen=True)
class CardPlay:
    """What one card of a season's row allows.

    ``position`` is 1-4; ``before`` names what its left side is compared with; ``matched`` the glyphs it
    completes; ``options`` every way to use it; ``face_down_cost`` the Deben paid for playing it face down;
    ``explanation`` says why, in words.  The two sentences are written when first read (a game engine asking
    only for the options never pays for them).
    """

    position: int
    played: Played
    matched: frozenset[Glyph]
    completes: bool
    options: tuple[PlayOption, ...]
    face_down_cost: int
    _context: tuple = field(default=(), compare=False, repr=False)  # (row, board glyph, readings, extra words)

    @cached_property
    def _text(self) -> tuple[str, str]:
        return _card_play_words(self)

    @property
    def before(self) -> str:
        """What the card's left side is compared with (the player board's glyph, or the card before it), in words."""
        return self._text[0]

    @property
    def explanation(self) -> str:
        """Why the card allows what it allows, in words: the glyphs it completes or not (Glyphs, Actions, and Unrevealed
        Cards)."""
        return self._text[1]

    @property
    def cheapest_all(self) -> PlayOption | None:
        """The cheapest option that uses every action on the card (``None`` if there is none)."""
        full = [o for o in self.options if not self.played.face_down and o.actions == self.played.card.actions]
        return min(full, key=lambda o: (o.deben + o.resources, o.deben)) if full else None


def completed_glyphs(card: ActionCard, before_right: Iterable[Glyph]) -> frozenset[Glyph]:
    """The glyphs on ``card``'s left that appear among ``before_right`` (Glyphs, Actions, and Unrevealed Cards)."""
    return frozenset(card.left) & frozenset(before_right)


def face_down_cost(row: Sequence[Played], position: int) -> int:
    """Deben to pay for the card at ``position`` (1-4) when face down: the season's face-down cards up to and
    including it (Phase 3, first bullet; Glyphs, Actions, and Unrevealed Cards).  0 for a revealed card."""
    if not row[position - 1].face_down:
        return 0
    return sum(1 for p in row[:position] if p.face_down)


def _owned(buildings: Iterable[str]) -> set[str]:
    owned = set()
    for b in buildings:
        b = str(b).strip().upper()
        if b not in OBSERVATORIES and b != LIBRARY:
            raise ValueError(f"{b!r} is not a glyph building; use D1-D4 (observatories) or D5 (Great Library)")
        owned.add(b)
    return owned


@remembered
def _glyph_option(actions: tuple[Action, ...], matched: frozenset[Glyph], order: str) -> PlayOption:
    """The option of a card that completes a glyph: all its actions."""
    return PlayOption(actions, via="glyph", explanation=f"completes {_glyph_names(matched)}: all actions, {order}")


@remembered
def _part_options(top: tuple[Action, ...], bottom: tuple[Action, ...], temple: bool) -> tuple[PlayOption, ...]:
    """A card that completes nothing: one half of a Temple card, or one of its actions."""
    if temple:
        return (
            PlayOption(top, via="one half", explanation="the upper half only"),
            PlayOption(bottom, via="one half", explanation="the lower half only"),
        )
    return tuple(PlayOption((a,), via="one action", explanation=f"{a.label} only") for a in top + bottom)


@remembered(size=None)
def _face_down_options(cost: int) -> tuple[PlayOption, ...]:
    """A face-down card's options: any one of the 8 actions for ``cost`` Deben (the same for every card)."""
    return tuple(
        PlayOption((a,), deben=cost, via="face down", explanation=f"face down: any one action, here {a.label}")
        for a in ACTIONS
    )


def card_play(
    row: Sequence[Played],
    position: int,
    board_glyph: Glyph,
    *,
    buildings: Iterable[str] = (),
    readings: GlyphReadings = GLYPH_DEFAULT,
) -> CardPlay:
    """What the card at ``position`` (1-4) of a season's ``row`` allows (Phase 2, Glyphs section; D1-D5).

    ``buildings``: the glyph buildings the player owns, e.g. ``{"D3"}`` or ``{"D5"}``.
    """
    if not 1 <= position <= len(row):
        raise IllegalActionError(
            f"position {position} is not in a row of {len(row)} cards",
            rule="Phase 2: cards fill the board's spaces left to right",
        )
    owned = _owned(buildings)
    played = row[position - 1]
    card = played.card
    if played.face_down:
        cost = face_down_cost(row, position)
        return CardPlay(
            position, played, frozenset(), False, _face_down_options(cost), cost, (row, board_glyph, readings, ())
        )

    if position == 1:
        before_right = frozenset({board_glyph})
    else:
        before_right = row[position - 2].right
        if readings.board_completes == "every":
            before_right = before_right | {board_glyph}
    matched = completed_glyphs(card, before_right)
    if matched:
        opt = _glyph_option(
            card.actions, matched, "top to bottom, left to right" if card.is_temple else "top then bottom"
        )
        return CardPlay(position, played, matched, True, (opt,), 0, (row, board_glyph, readings, ()))

    # Not completed: one action (a Temple card: one half), plus what the player's buildings can buy.
    opts = list(_part_options(card.top, card.bottom, card.is_temple))
    extra = []
    if owned:
        all_actions = card.actions
        for bid, glyph in sorted(OBSERVATORIES.items()):
            if bid in owned and glyph in card.left:
                opts.append(
                    PlayOption(
                        all_actions,
                        resources=OBSERVATORY_PRICE,
                        via=f"observatory {bid}",
                        explanation=f"observatory {bid} completes {glyph.label} for 1 resource of choice",
                    )
                )
                extra.append(
                    f"observatory {bid} ({glyph.label} is on its left) lets it use all actions for 1 "
                    f"resource of your choice"
                )
        if LIBRARY in owned:
            opts.append(
                PlayOption(
                    all_actions,
                    deben=LIBRARY_PRICE,
                    via=f"library {LIBRARY}",
                    explanation="the Great Library: all actions for 2 Deben",
                )
            )
            extra.append("the Great Library (D5) lets it use all actions for 2 Deben")
    return CardPlay(position, played, frozenset(), False, tuple(opts), 0, (row, board_glyph, readings, tuple(extra)))


def _card_play_words(cp: CardPlay) -> tuple[str, str]:
    """A :class:`CardPlay`'s two sentences: what its left side is compared with, and why it allows what it does."""
    row, board_glyph, readings, extra = cp._context
    position, card = cp.position, cp.played.card
    name = f"card {card.label}"
    if position == 1:
        before = f"the player board ({board_glyph.label})"
    else:
        prev = row[position - 2]
        before = (
            "the face-down card before it (its back shows all four glyphs)"
            if prev.face_down
            else f"card {prev.card.label} before it (right: {_glyph_names(prev.card.right)})"
        )
        if readings.board_completes == "every":
            before += f" or the player board ({board_glyph.label})"
    if cp.played.face_down:
        cost = cp.face_down_cost
        return before, (
            f"{name} is played face down, the {ordinal(cost)} face-down card this season, so it costs "
            f"{cost} Deben; it grants any one of the 8 actions (its own actions and glyphs do not count)."
        )
    if cp.completes:
        order = "top to bottom, left to right" if card.is_temple else "top then bottom"
        return before, (
            f"{name}: {_glyph_names(cp.matched)} on its left matches {before}, so it completes a glyph "
            f"and allows all its actions, {order}: {_actions_text(card.actions)}."
        )
    if card.is_temple:
        choice = f"one half: the upper ({_actions_text(card.top)}) or the lower ({_actions_text(card.bottom)})"
    else:
        choice = "one action: " + " or ".join(a.label for a in card.actions)
    if not card.left:
        why = f"{name} has no glyph on its left, so it can complete nothing (even after a face-down card)"
    else:
        why = f"{name}: its left ({_glyph_names(card.left)}) does not match {before}"
    expl = f"{why}: choose {choice}."
    if extra:
        expl += " Or: " + "; or ".join(extra) + " (each building once per turn)."
    return before, expl


def analyse_season(
    row: Sequence[Played], board_glyph: Glyph, *, buildings: Iterable[str] = (), readings: GlyphReadings = GLYPH_DEFAULT
) -> tuple[CardPlay, ...]:
    """:func:`card_play` for every card of a season's row (1 to 4 cards)."""
    if len(row) > CARDS_PER_SEASON:
        raise IllegalActionError(f"{len(row)} cards in one season", rule="Phase 5: a season has 4 rounds")
    buildings = tuple(buildings)
    return tuple(card_play(row, i, board_glyph, buildings=buildings, readings=readings) for i in range(1, len(row) + 1))


@direct_init
@dataclass(frozen=True)
class SeasonBonus:
    points: int
    explanation: str


def season_end_bonus(row: Sequence[Played], board_glyph: Glyph | str, *, partial: bool = False) -> SeasonBonus:
    """End of the Season, step 2: 2 points when the last card's right glyph matches the board (Examples 4, 19).

    Only a full season (4 cards) is scored: a shorter row raises :class:`~tameri_kit.errors.StateError` (the season
    is not over), unless ``partial=True`` asks for a 0-point bonus that says so (for a view of a season in
    progress).  A face-down last card always matches, its back showing all 4 glyphs.  ``board_glyph`` may be a
    :class:`Glyph` or its name.
    """
    board_glyph = Glyph.parse(board_glyph)
    if partial and len(row) < CARDS_PER_SEASON:
        return SeasonBonus(0, f"the season is not over: {len(row)} of {CARDS_PER_SEASON} cards played")
    if len(row) != CARDS_PER_SEASON:
        raise StateError(
            f"the season is not over: {len(row)} of {CARDS_PER_SEASON} cards played (End of the "
            f"Season, step 2 scores the row of a finished season)"
            if len(row) < CARDS_PER_SEASON
            else f"a season's row holds {CARDS_PER_SEASON} cards, not {len(row)}"
        )
    last = row[-1]
    if last.face_down:
        return SeasonBonus(
            SEASON_END_POINTS,
            f"the last card lies face down and its back shows all four glyphs, so it "
            f"matches the board's {board_glyph.label}: {SEASON_END_POINTS} points",
        )
    if board_glyph in last.card.right:
        return SeasonBonus(
            SEASON_END_POINTS,
            f"the last card {last.card.label} shows {board_glyph.label} on its "
            f"right, like the board: {SEASON_END_POINTS} points",
        )
    return SeasonBonus(
        0,
        f"the last card {last.card.label} shows {_glyph_names(last.card.right)} on its right, not "
        f"the board's {board_glyph.label}: no points",
    )


def ghost_glyph_points(card: ActionCard, before_right: Iterable[Glyph]) -> int:
    """+1 Player Mode, Phase 4: the Ghost scores 2 points when its new card completes a glyph on the left."""
    return GHOST_GLYPH_POINTS if completed_glyphs(card, before_right) else 0


__all__ = [
    "OBSERVATORIES",
    "LIBRARY",
    "FACE_DOWN_RIGHT",
    "GlyphReadings",
    "GLYPH_DEFAULT",
    "Played",
    "PlayOption",
    "CardPlay",
    "SeasonBonus",
    "card_play",
    "analyse_season",
    "completed_glyphs",
    "face_down_cost",
    "season_end_bonus",
    "ghost_glyph_points",
    "format_row",
    "parse_row",
    "number_text",
    "ordinal",
]
