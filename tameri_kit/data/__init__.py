"""Component data with provenance.  See :mod:`tameri_kit.data.loader` for the conventions."""

from .board import BoardMap, Field, River, Season, WeatherData, WeatherTile, load_map, load_weather
from .loader import CHECKS, DATA_DIR, Problem, check_dir, is_illustrative, source_problem

__all__ = ["BoardMap", "Field", "River", "Season", "WeatherData", "WeatherTile", "load_map", "load_weather",
           "CHECKS", "DATA_DIR", "Problem", "check_dir", "is_illustrative", "source_problem"]
from .temples import (CARD_EFFECTS, SPACE_EFFECTS, TEMPLES, Effect, PriestCard, PriestDeck, Temple, TempleBoard,
                      TempleSpace, TempleTrack, load_priests, load_temples)

__all__ += ["CARD_EFFECTS", "SPACE_EFFECTS", "TEMPLES", "Effect", "PriestCard", "PriestDeck", "Temple", "TempleBoard",
            "TempleSpace", "TempleTrack", "load_priests", "load_temples"]
