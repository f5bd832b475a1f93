"""Rules exploration: many seeded games on any executor, and the statistics to read them honestly.

- :func:`run_games` plays a sweep (one row per game, a pandas DataFrame) on a process pool, in this process or on a
  Dask cluster, writing rows as they finish so an interrupted sweep resumes;
- :mod:`tameri_kit.explore.stats`: win rates and differences with confidence intervals, the overall seat test and
  the seat differences counting games (not seats) and resampling seeds, corrections for many questions - on
  ``scipy.stats`` and ``statsmodels``; :mod:`tameri_kit.explore.summary` prints them after a sweep;
- :mod:`tameri_kit.explore.readings`: a sweep under another reading of ``docs/ambiguities.md``, and two readings
  compared on the same seeds;
- :mod:`tameri_kit.explore.ghost_stats`: how often the humans beat the Ghost at each level, and their margins.

Layer: above :mod:`tameri_kit.game` (beside the widgets and the command line).
"""

from .runner import ExploreError, game_row, ghost_fields, read_results, results_table, run_games, seat_bots

__all__ = ["ExploreError", "game_row", "ghost_fields", "read_results", "results_table", "run_games", "seat_bots"]
