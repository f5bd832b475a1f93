"""Component data with provenance.  See :mod:`tameri_kit.data.loader` for the conventions."""

from .board import BoardMap, Field, River, Season, WeatherData, WeatherTile, load_map, load_weather
from .loader import CHECKS, DATA_DIR, Problem, check_dir, is_illustrative, source_problem

__all__ = [
    "BoardMap",
    "Field",
    "River",
    "Season",
    "WeatherData",
    "WeatherTile",
    "load_map",
    "load_weather",
    "CHECKS",
    "DATA_DIR",
    "Problem",
    "check_dir",
    "is_illustrative",
    "source_problem",
]
from .temples_and_priests import (
    CARD_EFFECTS,
    SPACE_EFFECTS,
    TEMPLES,
    Effect,
    PriestCard,
    PriestDeck,
    Temple,
    TempleBoard,
    TempleSpace,
    TempleTrack,
    load_priests,
    load_temples,
)

__all__ += [
    "CARD_EFFECTS",
    "SPACE_EFFECTS",
    "TEMPLES",
    "Effect",
    "PriestCard",
    "PriestDeck",
    "Temple",
    "TempleBoard",
    "TempleSpace",
    "TempleTrack",
    "load_priests",
    "load_temples",
]

# Components (Action cards, Market, Buildings, Sphinx tiles, Gifts, Ghost cards, player boards).
from .components import (
    ActionCards,
    Building,
    GhostCard,
    Gift,
    MarketLayout,
    PlayerBoard,
    ProvenanceRow,  # noqa: E402
    SphinxFace,
    UnlockReward,
    building,
    check_all,
    example_board,
    load_actions,
    load_buildings,
    load_ghost,
    load_gifts,
    load_market,
    load_player_boards,
    load_sphinx,
    provenance_markdown,
    provenance_summary,
    Supply,
    load_supply,
)

__all__ += [
    "ActionCards",
    "Building",
    "GhostCard",
    "Gift",
    "MarketLayout",
    "PlayerBoard",
    "ProvenanceRow",
    "SphinxFace",
    "UnlockReward",
    "building",
    "check_all",
    "example_board",
    "load_actions",
    "load_buildings",
    "load_ghost",
    "load_gifts",
    "load_market",
    "load_player_boards",
    "load_sphinx",
    "provenance_markdown",
    "provenance_summary",
    "Supply",
    "load_supply",
]

# The rules' default component data (tameri_kit.rules never imports this package; see rules/sources.py).
from ..rules.sources import register_default  # noqa: E402

register_default("temples", load_temples)
register_default("priests", load_priests)
register_default("map", load_map)
register_default("buildings", load_buildings)
