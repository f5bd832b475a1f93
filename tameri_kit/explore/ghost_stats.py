"""How hard is the Ghost?  The result against the Ghost, read from sweeps of Ghost games, with intervals.

A Ghost game's row (:func:`tameri_kit.explore.runner.game_row`) carries the Ghost's level, its points, and per human
seat the margin (the human's points minus the Ghost's) and whether the human beat it.  Tables of several levels
(one sweep per level, joined with ``pandas.concat``) are read level by level:

    >>> import pandas as pd
    >>> table = pd.DataFrame({"seed": [0, 1], "rotation": [0, 0], "bots": [["strong", "ghost"]] * 2,
    ...                       "ghost": ["easy", "easy"], "ghost_points": [80, 90], "margins": [[5], [-10]],
    ...                       "beat_ghost": [[True], [False]]})
    >>> ghost_rates(table)[["games", "beaten", "rate", "margin"]]
           games  beaten  rate  margin
    ghost
    easy       2       1   0.5    -2.5
"""

from __future__ import annotations

from ..game.settings import GHOST_LEVELS
from .stats import StatsError, bootstrap, wilson


def ghost_seats(table):
    """One row per human seat of each Ghost game: seed, rotation, ghost (the level), seat (1 = the first player, as
    in :func:`tameri_kit.explore.stats.per_seat`), bot, margin, beat (True when the human beat the Ghost),
    ghost_points."""
    import pandas as pd

    if "ghost" not in table.columns:
        raise StatsError("not a table of Ghost games (no 'ghost' column): play them with a Ghost level")
    rows = []
    for game in table.itertuples(index=False):
        for index, (margin, beat) in enumerate(zip(game.margins, game.beat_ghost)):
            rows.append(
                {
                    "seed": game.seed,
                    "rotation": game.rotation,
                    "ghost": game.ghost,
                    "seat": index + 1,
                    "bot": game.bots[index],
                    "margin": margin,
                    "beat": bool(beat),
                    "ghost_points": game.ghost_points,
                }
            )
    return pd.DataFrame(rows)


def _level_order(level: str) -> tuple[int, str]:
    levels = list(GHOST_LEVELS)
    return (levels.index(level), level) if level in levels else (len(levels), level)


def ghost_rates(table, confidence: float = 0.95, *, resamples: int = 2000, seed: int = 0):
    """Per Ghost level (easy, intermediate, hard, then any custom level): ``games`` (human seats), ``beaten`` (how
    often a human beat the Ghost), ``rate`` with its Wilson interval ``low``-``high``, the mean ``margin`` with a
    seeded bootstrap interval ``margin_low``-``margin_high``, and the Ghost's mean points ``ghost_points``."""
    import pandas as pd

    seats = ghost_seats(table)
    if seats.empty:
        raise StatsError("no games in the table")
    out = []
    for level in sorted(seats["ghost"].unique(), key=_level_order):
        group = seats[seats["ghost"] == level]
        beaten, games = int(group["beat"].sum()), len(group)
        low, high = wilson(beaten, games, confidence)
        margin, margin_low, margin_high = bootstrap(
            group["margin"].to_numpy(dtype=float), confidence=confidence, resamples=resamples, seed=seed
        )
        out.append(
            {
                "ghost": level,
                "games": games,
                "beaten": beaten,
                "rate": beaten / games,
                "low": low,
                "high": high,
                "margin": margin,
                "margin_low": margin_low,
                "margin_high": margin_high,
                "ghost_points": float(group["ghost_points"].mean()),
            }
        )
    return pd.DataFrame(out).set_index("ghost")


def level_step(table, easier: str, harder: str, **options) -> tuple[float, float, float]:
    """How many points a step of difficulty costs the humans, on the same seeds: the mean of (margin at
    ``harder`` - margin at ``easier``) over the human seats both levels played (same seed, rotation and seat), with
    a bootstrap interval over those pairs (:func:`tameri_kit.explore.stats.paired_difference`)."""
    from .stats import paired_difference

    seats = ghost_seats(table)
    keys = ["seed", "rotation", "seat"]
    pairs = seats[seats["ghost"] == easier][keys + ["margin"]].merge(
        seats[seats["ghost"] == harder][keys + ["margin"]], on=keys, suffixes=("_easier", "_harder")
    )
    if pairs.empty:
        raise StatsError(f"no seeds played at both {easier!r} and {harder!r}")
    return paired_difference(pairs["margin_harder"].to_numpy(), pairs["margin_easier"].to_numpy(), **options)
