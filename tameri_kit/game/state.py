"""The frozen game state: board, players, what is being asked, and the event log.

Rulebook: Components and Game Setup (what lies where); the phases of a round (what is being asked).

A :class:`GameState` is never changed: :func:`tameri_kit.game.engine.step` returns a new one.  Hidden things
are stored as *unordered* pools (decks are sorted tuples of the cards left): the order of a shuffled deck is not
decided until a card is drawn, and each draw is a chance node.  ``stack`` holds what the game is waiting for,
the top last (a :class:`Frame`: a decision by one player, or a chance event).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import UnknownNameError
from ..rules.actions import Glyph
from ..rules.common import direct_init, from_fields
from ..rules.glyphs import Played
from ..rules.offering import Stock
from ..rules.pyramid import Pyramid
from ..rules.temples import TempleState
from .settings import Settings

def _copy_with(obj, changes: dict):
    """A copy of a frozen dataclass with some fields changed, for classes whose fields need no checks."""
    d = obj.__dict__.copy()
    if not d.keys() >= changes.keys():
        raise TypeError(f"{type(obj).__name__} has no field {next(k for k in changes if k not in d)!r}")
    d.update(changes)
    return from_fields(type(obj), d)


#: Frames that are chance nodes (a card, Building, Sphinx tile, Weather tile or Priest card drawn; a sphere falls).
CHANCE_KINDS = frozenset({"draw_card", "draw_building", "draw_sphinx", "draw_tile", "land", "draw_priest"})


@direct_init
@dataclass(frozen=True)
class Event:
    """One thing that happened, in words, with the rule behind it."""

    text: str
    rule: str = ""
    seat: int | None = None   # only this seat may see it (a card drawn into a hand ...); None: public

    def __str__(self) -> str:
        return f"{self.text}  [{self.rule}]" if self.rule else self.text


@direct_init
@dataclass(frozen=True)
class Frame:
    """Something the game waits for: ``kind`` names it, ``player`` is the seat asked (-1: chance or nobody),
    ``data`` is a tuple of immutable values the engine reads."""

    kind: str
    player: int = -1
    data: tuple = ()

    def but(self, **kw) -> "Frame":
        """A copy with some fields changed (fast: a Frame has no checks to rerun)."""
        return _copy_with(self, kw)


@dataclass(frozen=True)
class PlayerState:
    """One player: board, personal supply, screen, cards and Workers.

    ``locked``: the unlock rewards of the Workers still locked (board order).  ``workers``: Workers available to
    play (4 at the start, +1 per unlock).  ``builder``: the Builder's space (1 = bottom) or ``None``.
    ``merchant``: the Market space or ``None``.  ``farmers``: the fields (``"N-barley"``) holding a Farmer.
    """

    name: str
    board: int
    glyph: Glyph
    locked: tuple = ()
    workers: int = 4
    reserve: Stock = Stock()
    deben: int = 0
    silt: int = 0
    score: int = 0
    screen: Stock = Stock()
    hand: tuple = ()                  # Action card numbers, sorted
    row: tuple[Played, ...] = ()      # this Season's cards on the board, left to right
    farmers: tuple[str, ...] = ()
    merchant: int | None = None
    builder: int | None = None
    sphinxes: int = 0                 # Sphinxes built
    buildings: tuple[str, ...] = ()   # in the order bought
    priest_cards: tuple[int, ...] = ()

    def but(self, **kw) -> "PlayerState":
        """A copy with some fields changed (fast: PlayerState has no checks to rerun)."""
        return _copy_with(self, kw)


@dataclass(frozen=True, eq=False)
class GameState:
    """The whole game at one moment.  Frozen; see the module docstring."""

    settings: Settings
    phase: str = "setup"
    season: int = 0
    round: int = 0
    pyramid: Pyramid = Pyramid()
    temples: TempleState = None  # type: ignore[assignment]
    players: tuple[PlayerState, ...] = ()
    market: Stock = Stock()              # the Market warehouse
    row: tuple = (None,) * 5             # Building spaces, bottom (space 1) first
    building_pool: tuple = ()            # Building deck above the cards put at its bottom (unordered)
    building_bottom: tuple = ()          # cards put at the bottom of the deck, in order (End of the Season 6b)
    sphinx: tuple = (None,) * 10         # face label of each Sphinx space ("3B"), space 1 first
    sphinx_owner: tuple = (None,) * 10   # seat of the Sphinx built there, or None
    tiles: tuple = ()                    # Weather tiles still face down (unordered)
    tile: int | None = None              # the tile revealed this round
    decks: tuple = ()                    # ((letter, numbers left), ...) for decks A-E
    nile: tuple = ()                     # ((number, resource or None), ...)
    priest_pile: tuple = ()              # Priest cards left (unordered)
    order: tuple = ()                    # seats in turn order
    turn: int = -1                       # index into ``order`` of the player taking a turn
    used: tuple = ()                     # permanent effects used this turn: ("0:A2", ...)
    stack: tuple = ()
    log: Any = None                      # a linked list: (previous, Event) or None
    outcome: Any = None                  # the GameOutcome once the game is over
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def but(self, **kw) -> "GameState":
        """A copy with some fields changed (its cache of legal decisions is not copied)."""
        if "_cache" in kw:
            raise TypeError("GameState has no field '_cache'")
        return _copy_with(self, {**kw, "_cache": {}})

    # ----- what is asked ------------------------------------------------------------------------------------
    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def is_chance(self) -> bool:
        t = self.top
        return t is not None and t.kind in CHANCE_KINDS

    @property
    def to_move(self) -> str | None:
        """The name of the player to decide (``"chance"`` at a chance node, ``None`` when the game is over)."""
        t = self.top
        if t is None:
            return None
        if self.is_chance:
            return "chance"
        return self.players[t.player].name

    def seat(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise UnknownNameError(f"no player {name!r}; the players are {', '.join(p.name for p in self.players)}")

    def player(self, name: str) -> PlayerState:
        return self.players[self.seat(name)]

    def deck(self, letter: str) -> tuple:
        return dict(self.decks).get(letter, ())

    # ----- the log --------------------------------------------------------------------------------------------
    def events(self) -> list[Event]:
        """Everything that happened so far, oldest first."""
        out, node = [], self.log
        while node is not None:
            node, ev = node
            out.append(ev)
        out.reverse()
        return out

    def log_text(self, last: int | None = None) -> str:
        evs = self.events()
        if last is not None:
            evs = evs[-last:]
        return "\n".join(str(e) for e in evs)

    # ----- pictures and text ----------------------------------------------------------------------------------
    def text(self) -> str:
        from .render import state_text
        return state_text(self)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (f"GameState(phase={self.phase!r}, season={self.season}, round={self.round}, "
                f"to_move={self.to_move!r})")

    def _repr_html_(self) -> str:
        from .render import state_html
        return state_html(self)
