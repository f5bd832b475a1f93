"""The board picture's plain model: what the whole-board picture shows, already filtered for its viewer.

Rulebook: Components and Game Setup (what lies where); the Secret information of Season 0, Phase 2, Phase 3,
Offering and Priest Cards (what a viewer may not see is ``None`` here, with its public count beside it).

Plain frozen values of rules and data types: :func:`tameri_kit.game.core.board_view.board_picture` fills them from a
``GameState``; :mod:`tameri_kit.render.board_svg` (the board 1000 units wide) and :mod:`tameri_kit.render.board_narrow`
(the board for a phone, its parts in one column) draw them; :mod:`tameri_kit.render.board_words` says them in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.action_cards import ActionCard, Glyph
from ..rules.common import Resource
from ..rules.offering import Stock
from ..rules.pyramid import Pyramid
from ..rules.readings import DEFAULT, Readings
from ..rules.temple_moves import TempleState


@dataclass(frozen=True)
class PlayerPicture:
    """One player's board as the viewer may see it.  ``None`` means hidden (the count beside it is public)."""

    name: str
    glyph: Glyph
    score: int
    reserve: Stock
    deben: int
    silt: int
    screen: Stock | None  # None: hidden from the viewer
    screen_count: int
    hand: tuple[ActionCard, ...] | None
    hand_count: int
    row: tuple  # Played (own or face-up cards) or None (someone else's face-down card)
    workers_free: int
    workers_locked: tuple[str, ...]  # the unlock reward of each locked Worker, e.g. "3 points"
    farmers: tuple[str, ...]
    merchant: int | None  # Market space, 1 = first
    builder: int | None  # Building space, 1 = bottom
    priests: int
    buildings: tuple[tuple[str, str], ...]  # (id, name)
    sphinxes: int
    priest_cards: tuple[int, ...] | None
    priest_count: int
    pending: str = ""  # a secret choice the viewer may see ("chosen 59")
    to_move: bool = False
    is_viewer: bool = False
    gifts: tuple[str, ...] | None = None  # gifts16: the Gifts of the Gods held (None: hidden from the viewer)
    gift_count: int = 0
    is_ghost: bool = False  # ghost16: the Ghost of the +1 Player Mode (it plays itself)


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board picture shows, already filtered for the viewer (``viewer`` None: the full state)."""

    title: str
    viewer: str | None
    pyramid: Pyramid
    temples: TempleState
    weather_tile: int | None
    stalls: tuple[Resource, ...]  # the Market's spaces, space 1 first
    warehouse: Stock
    warehouse_limit: int
    merchants: tuple[tuple[int, str], ...]  # (Market space, player)
    building_row: tuple[tuple[str, str, str] | None, ...]  # space 1 (bottom) first: (id, name, cost) or None
    builders: tuple[tuple[int, str], ...]  # (Building space, player)
    building_deck: int
    sphinx: tuple[tuple[str, str, str | None] | None, ...]  # per space: (face, effect, owner) or None
    nile: tuple[tuple[ActionCard, Resource | None], ...]
    players: tuple[PlayerPicture, ...]
    decks: tuple[tuple[str, int], ...]
    priest_pile: int
    tiles_left: int
    turn_order: tuple[str, ...] = ()
    readings: Readings = DEFAULT


__all__ = ["BoardPicture", "PlayerPicture"]
