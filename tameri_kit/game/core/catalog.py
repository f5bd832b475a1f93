"""The component data of the whole game, loaded once, and the rulebook sections the engine cites.

Rulebook: Components; Game Setup (how many of each piece, the Building row and the Sphinx spaces); Building Card
List; Sphinx Effects; Priest Cards.  The files themselves are read by :mod:`tameri_kit.data`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from ...data import load_map, load_weather
from ...data.components import (
    MarketLayout,
    load_actions,
    load_buildings,
    load_market,
    load_markets,
    load_player_boards,
    load_sphinx,
    load_supply,
)
from ...data.loader import LazyMapping, LazySequence, LazyValue
from ...data.temples_and_priests import load_priests
from ...rules.scoring import HandCard
from .settings import Settings

# Read when the game first needs them (data.loader.LazyMapping ...), so that broken data files cannot break an import:
# the DataError (file, record, field) is raised at the first use, where the command line shows it as an error line.
CARDS = LazyMapping(lambda: {card.number: card for card in load_actions().cards})
HAND_CARDS = LazyMapping(lambda: {number: HandCard.of(card) for number, card in CARDS.items()})  # a card in hand
BUILDINGS = LazyMapping(lambda: {building.id: building for building in load_buildings()})
SPHINX_FACES = LazyMapping(lambda: {face.label: face for face in load_sphinx()})
PRIESTS = LazyMapping(lambda: {card.id: card for card in load_priests().cards})
BOARDS = LazyMapping(lambda: {board.id: board for board in load_player_boards()})
SUPPLY, WEATHER, MAP = LazyValue(load_supply), LazyValue(load_weather), LazyValue(load_map)
MARKETS = LazyMapping(load_markets)  # the Market layouts by number of players (Game Setup 1d)
FIELDS = LazySequence(lambda: tuple(str(field) for field in MAP.fields))
FIELD_OF = LazyMapping(lambda: {str(field): field for field in MAP.fields})
WAREHOUSE_LIMIT = 4  # Phase 4, step 4: the warehouse limit (resources of each kind, Deben and Silt)
ROW = 5  # Building spaces (Game Setup 1e)
SPHINX_SPACES = 10  # Game Setup 1f
SEASON_DECK = {1: "B", 2: "C", 3: "D"}


class HasSettings(Protocol):
    """Anything with the game's settings (a ``GameState`` or the engine's working copy)."""

    settings: Settings


class Rule(StrEnum):
    """The rulebook sections the engine cites in its events and errors (a ``str``: ``Rule.TURNS + ", step 4"``)."""

    SETUP = "Game Setup"
    SEASON_ZERO = "Season 0"
    WEATHER_PHASE = "Phase 1: Weather"
    CHOOSING = "Phase 2: Choosing the Actions"
    TURN_ORDER = "Phase 3: The Turn Order"
    TURNS = "Phase 4: Individual Turns"
    EXTRA_WEATHER = "Extra Weather Effects"
    CARD_WEATHER = "Weather Effects on the Cards"
    ROUND_END = "End of the Round"
    SEASON_END = "End of the Season"
    GAME_END = "End of the Game"
    IMMEDIATE_EFFECTS = "Game Effects: Immediate Effects"
    PERMANENT_EFFECTS = "Game Effects: Permanent Effects"
    GLYPHS = "Glyphs, Actions, and Unrevealed Cards"
    ACTIONS = "Possible Actions"
    FARMER = "Possible Actions: Farmer"
    MERCHANT = "Possible Actions: Merchant"
    BUILDER = "Possible Actions: Builder"
    PRIEST = "Possible Actions: Priest"
    HARVEST = "Possible Actions: Harvest"
    SPHINX = "Possible Actions: Sphinx"
    DECORATION = "Possible Actions: Decoration"
    OFFERING = "Possible Actions: Offering to the Pharaoh"
    SPHINX_EFFECTS = "Sphinx Effects"
    PRIEST_CARDS = "Priest Cards"
    UNLOCK = "Game Setup 3b; Example 27"
    # ghost16: the +1 Player (Ghost) mode
    GHOST_SETUP = "+1 Player Mode: Game Setup, Ghost Player"
    GHOST_SEASON_ZERO = "+1 Player Mode: Season 0"
    GHOST_ROUNDS = "+1 Player Mode: Game Rounds"
    GHOST_TURN = "+1 Player Mode: Phase 4: Individual Turns"
    GHOST_ACTIONS = "+1 Player Mode: Possible Actions"
    GHOST_FARMER = "Ghost Actions: Farmer"
    GHOST_MERCHANT = "Ghost Actions: Merchant"
    GHOST_BUILDER = "Ghost Actions: Builder"
    GHOST_TEMPLE_CARD = "Ghost Actions: Temple card"
    GHOST_PRIEST = "Ghost Actions: Priest"
    GHOST_HARVEST = "Ghost Actions: Harvest"
    GHOST_SPHINX = "Ghost Actions: Sphinx"
    GHOST_DECORATION = "Ghost Actions: Decoration"
    GHOST_OFFERING = "Ghost Actions: Offering to the Pharaoh"
    GHOST_TEMPLE_EFFECTS = "Ghost Temple Effects"
    GHOST_SEASON_END = "Ghost End of Season"
    GHOST_GAME_END = "Ghost End of Game"


def example_board_id(name: str, seat: int) -> int:
    """The player board of the rulebook's example player ``name`` (Ringo, John ...), else the seat's in id order."""
    for board in BOARDS.values():
        if board.example_player == name:
            return board.id
    return sorted(BOARDS)[seat]


def market_layout(state: HasSettings) -> MarketLayout:
    """The Market side for the number of players (Game Setup 1d)."""
    try:
        return MARKETS[state.settings.n]
    except KeyError:  # no layout for that many: load_market's own error names those there are
        return load_market(state.settings.n)
