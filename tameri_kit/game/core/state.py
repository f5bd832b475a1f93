"""The frozen game state: board, players, what is being asked, and the event log.

Rulebook: Components and Game Setup (what lies where); the phases of a round (what is being asked).

A :class:`GameState` is never changed: :func:`tameri_kit.game.play.engine.step` returns a new one.  Hidden things
are stored as *unordered* pools (decks are sorted tuples of the cards left): the order of a shuffled deck is not
decided until a card is drawn, and each draw is a chance node.  ``stack`` holds what the game is waiting for,
the top last (a :class:`Frame`: a decision by one player, or a chance event).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..._fast import copy_with, direct_init, memo_field, remembered, unchecked
from ...errors import UnknownNameError
from ...rules.action_cards import Glyph
from ...rules.common import Resource
from ...rules.fields import field_status
from ...rules.glyphs import Played
from ...rules.offering import Stock
from ...rules.pyramid import Pyramid
from ...rules.scoring import PlayerSituation
from ...rules.temple_moves import TempleState
from .catalog import HAND_CARDS, PRIESTS, SUPPLY, market_layout
from .frames import CHANCE_KINDS, Frame
from .board_view import state_html
from .render import state_text
from .settings import Settings

if TYPE_CHECKING:
    from .working import AnyState

__all__ = [
    "CHANCE_KINDS",
    "Event",
    "Frame",
    "GameState",
    "PlayerState",
    "deben_supply",
    "field_has_room",
    "free_workers",
    "log_events",
    "market_layout",
    "priests_of",
    "resource_supply",
    "scoring_situation",
    "worker_sources",
]


@direct_init
@dataclass(frozen=True)
class Event:
    """One thing that happened, in words, with the rule behind it."""

    text: str
    rule: str = ""
    seat: int | None = None  # only this seat may see it (a card drawn into a hand ...); None: public

    def __str__(self) -> str:
        return f"{self.text}  [{self.rule}]" if self.rule else self.text


def log_events(log: Any, since: Any = None) -> list[Event] | None:
    """The events of the linked log ``log`` added after its node ``since`` (None: from the start), oldest first; None
    if ``since`` is not one of ``log``'s nodes.

    The log is a linked list of plain tuples ``(previous node, text, rule, seat)`` (None: empty), one per event: the
    engine adds about 900 a game, and an :class:`Event` is made only here, when someone reads them (a speed trick of
    issue 34, guarded by ``tests/test_fast_tricks.py::test_logged_events_are_events``)."""
    out, node = [], log
    while node is not None and node is not since:
        node, text, rule, seat = node
        out.append(Event(text, rule, seat))
    if node is not since:
        return None
    out.reverse()
    return out


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
    hand: tuple = ()  # Action card numbers, sorted
    row: tuple[Played, ...] = ()  # this Season's cards on the board, left to right
    farmers: tuple[str, ...] = ()
    merchant: int | None = None
    builder: int | None = None
    sphinxes: int = 0  # Sphinxes built
    buildings: tuple[str, ...] = ()  # in the order bought
    priest_cards: tuple[int, ...] = ()
    gifts: tuple[str, ...] = ()  # gifts16: Gifts of the Gods cards held ("GG3"), in card order

    def but(self, **changes) -> PlayerState:
        """A copy with some fields changed (fast: PlayerState has no checks to rerun)."""
        return copy_with(self, changes)


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
    market: Stock = Stock()  # the Market warehouse
    row: tuple = (None,) * 5  # Building spaces, bottom (space 1) first
    building_pool: tuple = ()  # Building deck above the cards put at its bottom (unordered)
    building_bottom: tuple = ()  # cards put at the bottom of the deck, in order (End of the Season 6b)
    sphinx: tuple = (None,) * 10  # face label of each Sphinx space ("3B"), space 1 first
    sphinx_owner: tuple = (None,) * 10  # seat of the Sphinx built there, or None
    tiles: tuple = ()  # Weather tiles still face down (unordered)
    tile: int | None = None  # the tile revealed this round
    decks: tuple = ()  # ((letter, numbers left), ...) for decks A-E
    nile: tuple = ()  # ((number, resource or None), ...)
    priest_pile: tuple = ()  # Priest cards left (unordered; with gift_discards also Gifts, "GG3")
    gift_pile: tuple = ()  # gifts16: Gifts of the Gods not dealt yet (unordered)
    order: tuple = ()  # seats in turn order
    turn: int = -1  # index into ``order`` of the player taking a turn
    used: tuple = ()  # permanent effects used this turn: ("0:A2", ...)
    stack: tuple = ()
    log: Any = None  # a linked list of events, (previous, text, rule, seat) or None (log_events reads it)
    outcome: Any = None  # the GameOutcome once the game is over
    ghost: Any = None  # ghost16: the Ghost's deck and turn (a ghost.model.GhostState) in the +1 Player Mode
    _cache: dict = memo_field()  # the legal moves and chance list, once asked (tameri_kit._fast.memo_field)

    def but(self, **changes) -> GameState:
        """A copy with some fields changed (its cache of legal decisions is not copied)."""
        if "_cache" in changes:
            raise TypeError("GameState has no field '_cache'")
        return copy_with(self, {**changes, "_cache": {}})

    # ----- what is asked ------------------------------------------------------------------------------------
    @property
    def top(self) -> Frame | None:
        """The frame the game waits for now (the top of the stack), or None once nothing is pending."""
        return self.stack[-1] if self.stack else None

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (End of the Game scored)."""
        return self.phase == "over"

    @property
    def is_chance(self) -> bool:
        """Whether the game waits for chance (a card, tile, sphere or Priest card drawn) rather than a player."""
        frame = self.top
        return frame is not None and frame.kind in CHANCE_KINDS

    @property
    def to_move(self) -> str | None:
        """The name of the player to decide (``"chance"`` at a chance node, ``None`` when the game is over)."""
        frame = self.top
        if frame is None:
            return None
        if self.is_chance:
            return "chance"
        return self.players[frame.player].name

    def seat(self, name: str) -> int:
        """The seat (0-based, in the players' order) of the player called ``name``; an unknown name raises
        ``UnknownNameError`` listing the players."""
        for i, player in enumerate(self.players):
            if player.name == name:
                return i
        raise UnknownNameError(
            f"no player {name!r}; the players are {', '.join(player.name for player in self.players)}"
        )

    def player(self, name: str) -> PlayerState:
        """The ``PlayerState`` of the player called ``name``."""
        return self.players[self.seat(name)]

    def deck(self, letter: str) -> tuple:
        """The cards left in the Action-card deck ``letter`` (``"A"`` ... ``"E"``; a draw among them is a chance outcome); empty if there is none."""
        return dict(self.decks).get(letter, ())

    # ----- questions about the pieces (the functions below, for one state) ------------------------------------
    def free_workers(self, seat: int) -> int:
        """Available Workers of ``seat`` not on the board."""
        return free_workers(self, seat)

    def priests_of(self, seat: int) -> int:
        """How many of ``seat``'s Workers stand in the temples as Priests."""
        return priests_of(self, seat)

    def resource_supply(self, resource: Resource) -> int:
        """Resources of one type left in the general supply."""
        return resource_supply(self, resource)

    # ----- the log --------------------------------------------------------------------------------------------
    def events(self) -> list[Event]:
        """Everything that happened so far, oldest first."""
        return log_events(self.log)

    def log_text(self, last: int | None = None) -> str:
        """The game's log as text, one event a line (the ``last`` events only, if given)."""
        evs = self.events()
        if last is not None:
            evs = evs[-last:]
        return "\n".join(str(e) for e in evs)

    # ----- pictures and text ----------------------------------------------------------------------------------
    def text(self) -> str:
        """The whole state as text, everything shown (``render.state_text``)."""
        return state_text(self)

    def __str__(self) -> str:
        return self.text()

    def __copy__(self) -> GameState:
        return self

    def __deepcopy__(self, memo: dict) -> GameState:
        """A state is a frozen value: its deep copy is itself (copying its log - a linked list as long as the
        game, about 3,000 nested pairs - would also exceed Python's recursion limit)."""
        return self

    def __repr__(self) -> str:
        return f"GameState(phase={self.phase!r}, season={self.season}, round={self.round}, to_move={self.to_move!r})"

    def _repr_html_(self) -> str:
        return state_html(self)


# ----------------------------------------------------------------------------------------------------------------
# Supplies
# ----------------------------------------------------------------------------------------------------------------
def resource_supply(state: AnyState, resource: Resource) -> int:
    """Resources of one type left in the general supply (Components: 24 of each)."""
    # a Stock's field is its resource's name: read directly, without Stock.__getitem__ (issue 34)
    name = resource._value_ if resource.__class__ is Resource else Resource(resource)._value_
    used = sum(getattr(player.reserve, name) + getattr(player.screen, name) for player in state.players)
    used += getattr(state.market, name) + sum(1 for _, x in state.nile if x == resource)
    return SUPPLY.resources_each - used


def deben_supply(state: AnyState) -> int:
    """The Deben left in the general supply: the box's Deben (Components) less those the players hold."""
    return SUPPLY.deben - sum(player.deben for player in state.players)


# ----------------------------------------------------------------------------------------------------------------
# Workers
# ----------------------------------------------------------------------------------------------------------------
def priests_of(state: AnyState, seat: int) -> int:
    """How many Priests seat ``seat`` has in the Temples (at most one per Temple: Possible Actions, Priest)."""
    name = state.players[seat].name  # a player has at most one Priest in each temple (Possible Actions: Priest)
    return sum(1 for row in state.temples.priests for priest, _ in row if priest == name)


def free_workers(state: AnyState, seat: int) -> int:
    """Available Workers not on the board (Game Setup 3b; Possible Actions: placing a Worker)."""
    player = state.players[seat]
    placed = (
        len(player.farmers) + (player.merchant is not None) + (player.builder is not None) + priests_of(state, seat)
    )
    return player.workers - placed


def worker_sources(state: AnyState, seat: int, exclude: str = "") -> list[tuple[str, str]]:
    """Where a Worker to place may come from: an unused one, or one moved from elsewhere (never a Priest)."""
    player = state.players[seat]
    out = []
    if free_workers(state, seat) > 0:
        out.append(("", "free"))
    if player.merchant is not None and exclude != "merchant":
        out.append((" from merchant", "merchant"))
    if player.builder is not None and exclude != "builder":
        out.append((" from builder", "builder"))
    if exclude != "farmers":
        for f in player.farmers:
            out.append((f" from {f}", "field:" + f))
    return out


def field_has_room(state: AnyState, field: str) -> bool:
    """Whether ``field`` has an empty Farmer space: the spaces a field opens depend on the number of players (Possible
    Actions: Farmer; the settings' ``field_spaces``)."""
    ramp = field.split("-")[0]
    n = sum(1 for player in state.players if field in player.farmers)
    return n < state.settings.field_spaces(ramp)


def scoring_situation(state: AnyState, seat: int, *, checked: bool = False) -> PlayerSituation:
    """What the scoring rules see of player ``i`` (``checked``: through the checking constructor, for tests)."""
    player = state.players[seat]
    fields = dict(
        name=player.name,
        score=player.score,
        reserve=player.reserve,
        screen=player.screen,
        deben=player.deben,
        silt=player.silt,
        farmers=len(player.farmers),
        merchant_in_play=player.merchant is not None,
        builder_steps=(player.builder - 1) if player.builder else 0,
        sphinxes=player.sphinxes,
        face_down=sum(1 for x in player.row if x.face_down),
        buildings=player.buildings,
        priest_cards=tuple(PRIESTS[c].points for c in player.priest_cards),
        gifts=len(player.gifts),  # gifts16: kept Gifts count in End of the Game step 5 (register S7)
        hand=tuple(HAND_CARDS[c] for c in player.hand),
    )
    return PlayerSituation(**fields) if checked else unchecked(PlayerSituation, **fields)


@remembered
def field_yields(pyramid: Pyramid, readings: Any) -> dict[str, int]:
    """Field name -> what one Farmer would harvest there now (Productive Fields and Harvests; 0 when the field is
    not productive).  The bots ask it of many look-ahead positions, hence the cache (pyramids are frozen values)."""
    return {str(f.field): f.yield_ for f in field_status(pyramid, readings=readings)}
