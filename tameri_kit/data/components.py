"""Game components: Action cards, Market layouts, Buildings, Sphinx tiles, Gifts of the Gods, Ghost cards, boards.

Rulebook: Components; Game Setup; Season 0 (Example 1); Phase 2 "Glyphs, Actions, and Unrevealed Cards"
(Examples 3a-3c, 4); Phase 3 (Examples 5a, 5b); Phase 4 step 3 (Example 6); End of the Round (Example 17);
Merchant (Examples 8a, 31); Builder (Example 9); Decoration (Example 13); Weather Effects on the Cards
(Example 15); Immediate Effects (Example 27); Permanent Effects (Example 29); Building Card List; Sphinx
Effects; Gifts of the Gods; +1 Player Mode.

This module gathers, under one name, the loaders and validators that live one component group a module:

- :mod:`.facts` - the stated-facts machinery every check shares (:class:`Fact`, :func:`run_facts`);
- :mod:`.actions` (``actions.toml``), :mod:`.market` (``market.toml``), :mod:`.buildings` (``buildings.toml``),
  :mod:`.sphinx` (``sphinx.toml``), :mod:`.gifts` (``gifts.toml``), :mod:`.ghost` (``ghost.toml``),
  :mod:`.player_boards` (``player_boards.toml``: the boards and the supply);
- :mod:`.cross_facts` - facts that need two files (Example 5a needs the cards and the players' boards) and
  :func:`check_all`;
- :mod:`.provenance` - the per-file provenance table.

Each file's check first verifies the schema of every record, then every **stated fact** in the lists
``ACTION_FACTS``, ``BUILDING_FACTS``, ...: one entry per fact, naming the rulebook passage it comes from, so the list
reads as the catalogue of what the rulebook says about the component.  ``from tameri_kit.data.components import X``
keeps working for every name this module had before it was split.
"""

from __future__ import annotations

from ..rules.action_cards import DECKS, Action, ActionCard, CardWeather, Glyph, number_text
from ..rules.common import Resource
from .loader import (
    CHECKS,
    DATA_DIR,
    Problem,
    check_dir,
    check_source,
    is_illustrative,
    load,
    read_toml,
    records,
    require,
)
from .facts import Fact

# The component modules register their checks in CHECKS as they are imported: this order is the order in which
# `check_dir` reports a folder's files, so it stays the order of the sections of the module before the split.
from .actions import (
    ACTION_FACTS,
    ACTIONS_FILE,
    DECK_A_EXAMPLE_1,
    DECK_B_EXAMPLES_6_17,
    MAX_PLAYERS,
    TOTAL_ACTION_CARDS,
    ActionCards,
    check_actions,
    load_actions,
)
from .market import MARKET_FACTS, MARKET_FILE, MarketLayout, check_market, load_market, load_markets
from .buildings import (
    BUILDING_FACTS,
    BUILDING_NAMES,
    BUILDING_TYPES,
    BUILDINGS_FILE,
    COST_KEYS,
    RESOURCES_EACH,
    Building,
    building,
    check_buildings,
    load_buildings,
)
from .sphinx import EXAMPLE_13_FACES, SPHINX_FACTS, SPHINX_FILE, SphinxFace, check_sphinx, load_sphinx
from .gifts import GIFT_FACTS, GIFTS_FILE, GIFTS_LISTED, GIFTS_TOTAL, Gift, check_gifts, load_gifts
from .ghost import GHOST_FACTS, GHOST_FILE, TEMPLE_NAMES, GhostCard, check_ghost, load_ghost
from .player_boards import (
    BOARD_FACTS,
    BOARDS_FILE,
    EXAMPLE_PLAYERS,
    REWARD_KINDS,
    SUPPLY_FACTS,
    PlayerBoard,
    Supply,
    UnlockReward,
    check_player_boards,
    example_board,
    load_player_boards,
    load_supply,
)
from .cross_facts import CROSS_FACTS, check_all
from .provenance import ProvenanceRow, provenance_markdown, provenance_summary

__all__ = [
    # shared (rules types and the loader's helpers, as this module always offered them)
    "DECKS",
    "Action",
    "ActionCard",
    "CardWeather",
    "Glyph",
    "number_text",
    "Resource",
    "CHECKS",
    "DATA_DIR",
    "Problem",
    "check_dir",
    "check_source",
    "is_illustrative",
    "load",
    "read_toml",
    "records",
    "require",
    "Fact",
    # Action cards
    "ACTIONS_FILE",
    "TOTAL_ACTION_CARDS",
    "DECK_A_EXAMPLE_1",
    "DECK_B_EXAMPLES_6_17",
    "MAX_PLAYERS",
    "ActionCards",
    "ACTION_FACTS",
    "check_actions",
    "load_actions",
    # Market
    "MARKET_FILE",
    "MarketLayout",
    "MARKET_FACTS",
    "check_market",
    "load_market",
    "load_markets",
    # Buildings
    "BUILDINGS_FILE",
    "BUILDING_TYPES",
    "BUILDING_NAMES",
    "COST_KEYS",
    "Building",
    "BUILDING_FACTS",
    "RESOURCES_EACH",
    "check_buildings",
    "load_buildings",
    "building",
    # Sphinx tiles
    "SPHINX_FILE",
    "EXAMPLE_13_FACES",
    "SphinxFace",
    "SPHINX_FACTS",
    "check_sphinx",
    "load_sphinx",
    # Gifts of the Gods
    "GIFTS_FILE",
    "GIFTS_LISTED",
    "GIFTS_TOTAL",
    "Gift",
    "GIFT_FACTS",
    "check_gifts",
    "load_gifts",
    # Ghost cards
    "GHOST_FILE",
    "TEMPLE_NAMES",
    "GhostCard",
    "GHOST_FACTS",
    "check_ghost",
    "load_ghost",
    # Player boards and supply
    "BOARDS_FILE",
    "REWARD_KINDS",
    "EXAMPLE_PLAYERS",
    "UnlockReward",
    "PlayerBoard",
    "BOARD_FACTS",
    "SUPPLY_FACTS",
    "Supply",
    "check_player_boards",
    "load_player_boards",
    "load_supply",
    "example_board",
    # Across files; provenance
    "CROSS_FACTS",
    "check_all",
    "ProvenanceRow",
    "provenance_summary",
    "provenance_markdown",
]
