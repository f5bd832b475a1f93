"""Statistics for balance questions, done honestly: intervals, paired designs, and a warning for many questions.

A sweep's table (:func:`tameri_kit.explore.run_games`) has one row per game; :func:`per_seat` turns it into one row
per seat.  A win is shared when several players win (a tie the tie-breakers do not settle): each winner gets
``1/k``.

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from statistics import NormalDist

import numpy as np

from ..errors import TameriError


class StatsError(TameriError, ValueError):
    """A statistic asked of data that cannot give it (no games, a confidence outside (0, 1) ...)."""


class ManyQuestionsWarning(UserWarning):
    """Several questions were asked of the same games: some interval will miss by chance alone."""


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise StatsError(f"confidence must lie between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (good also near 0 and 1 and for few trials).

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    """
    if trials <= 0:
        raise StatsError("no trials: a rate needs at least one game")
    if not 0 <= successes <= trials:
        raise StatsError(f"successes must lie between 0 and {trials}, not {successes}")
    z = _z(confidence)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)     # exact ends where rounding would blur them
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def difference(successes_a: float, trials_a: int, successes_b: float, trials_b: int,
               confidence: float = 0.95) -> tuple[float, float, float]:
    """The difference of two independent proportions a - b with Newcombe's hybrid score interval (built from the
    two Wilson intervals): ``(difference, low, high)``.

    >>> d, low, high = difference(60, 100, 40, 100)
    >>> round(d, 2), round(low, 3), round(high, 3)
    (0.2, 0.061, 0.328)
    """
    p_a, p_b = successes_a / trials_a, successes_b / trials_b
    low_a, high_a = wilson(successes_a, trials_a, confidence)
    low_b, high_b = wilson(successes_b, trials_b, confidence)
    d = p_a - p_b
    low = d - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    high = d + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return d, low, high


def bootstrap(values: Sequence[float], statistic: Callable = np.mean, *, resamples: int = 2000, seed: int = 0,
              confidence: float = 0.95) -> tuple[float, float, float]:
    """A percentile bootstrap interval of ``statistic`` over ``values`` (seeded): ``(estimate, low, high)``."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise StatsError("no values to bootstrap")
    _z(confidence)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, data.size, size=(resamples, data.size))
    estimates = np.apply_along_axis(statistic, 1, data[picks])
    tail = (1 - confidence) / 2
    return float(statistic(data)), float(np.quantile(estimates, tail)), float(np.quantile(estimates, 1 - tail))


def paired_difference(first: Sequence[float], second: Sequence[float], **options) -> tuple[float, float, float]:
    """The mean of ``first - second`` over paired games (the same seeds), with a bootstrap interval over the pairs.

    Pairing removes the luck the two share (the same cards and weather), so the interval is narrower than for two
    independent samples of the same size.
    """
    a, b = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    if a.shape != b.shape:
        raise StatsError(f"paired values must match one to one ({a.size} and {b.size} given)")
    return bootstrap(a - b, **options)


def per_seat(table):
    """One row per seat of each game: seed, rotation, seat (0 = first player), player, bot, total, win (a share),
    buildings (how many), sphinxes, face_down, deben."""
    import pandas as pd

    rows = []
    for game in table.itertuples(index=False):
        winners = list(game.winners)
        for seat, player in enumerate(game.seats):
            rows.append({"seed": game.seed, "rotation": game.rotation, "seat": seat, "player": player,
                         "bot": game.bots[seat], "total": game.totals[seat],
                         "win": (1 / len(winners)) if seat in winners else 0.0,
                         "buildings": len(game.buildings[seat]), "sphinxes": game.sphinxes[seat],
                         "face_down": game.face_down[seat], "deben": game.deben[seat]})
    return pd.DataFrame(rows)


def win_rates(table, by: str = "bot", confidence: float = 0.95):
    """Win rate per value of ``by`` (a column of :func:`per_seat`: ``"bot"``, ``"seat"`` ...) with Wilson
    intervals: columns games, wins, rate, low, high."""
    import pandas as pd

    seats = per_seat(table)
    if seats.empty:
        raise StatsError("no games in the table")
    out = []
    for key, group in seats.groupby(by, sort=True):
        wins, games = float(group["win"].sum()), len(group)
        low, high = wilson(wins, games, confidence)
        out.append({by: key, "games": games, "wins": wins, "rate": wins / games, "low": low, "high": high})
    return pd.DataFrame(out).set_index(by)


def bradley_terry(table, *, resamples: int = 200, seed: int = 0, confidence: float = 0.95, iterations: int = 200):
    """A rating per bot from the pairings in the games (Bradley-Terry, by the MM algorithm), on the Elo scale
    (400 points: ten to one odds) with the mean bot at 0, and bootstrap intervals over the games.

    Each game gives one result for every pair of seats held by different bots: the higher total wins, equal totals
    count half to each.
    """
    import pandas as pd

    bots = sorted({bot for game in table.itertuples(index=False) for bot in game.bots})
    if len(bots) < 2:
        raise StatsError("a rating table needs at least two different bots")
    index = {bot: k for k, bot in enumerate(bots)}
    games = []
    for game in table.itertuples(index=False):
        wins = np.zeros((len(bots), len(bots)))
        for i, bot_i in enumerate(game.bots):
            for j, bot_j in enumerate(game.bots):
                if i < j and bot_i != bot_j:
                    a, b = index[bot_i], index[bot_j]
                    if game.totals[i] > game.totals[j]:
                        wins[a, b] += 1
                    elif game.totals[i] < game.totals[j]:
                        wins[b, a] += 1
                    else:
                        wins[a, b] += 0.5
                        wins[b, a] += 0.5
        games.append(wins)
    games = np.array(games)

    def fit(wins: np.ndarray) -> np.ndarray:
        strength = np.ones(len(bots))
        played = wins + wins.T
        for _ in range(iterations):
            total_wins = wins.sum(axis=1) + 0.5       # a half win each keeps an unbeaten bot finite
            denominators = (played / (strength[:, None] + strength[None, :])).sum(axis=1) + 1 / (strength + 1)
            strength = total_wins / denominators
            strength /= np.exp(np.mean(np.log(strength)))
        return 400 * np.log10(strength)

    estimate = fit(games.sum(axis=0))
    rng = np.random.default_rng(seed)
    samples = np.array([fit(games[rng.integers(0, len(games), len(games))].sum(axis=0)) for _ in range(resamples)])
    tail = (1 - confidence) / 2
    frame = pd.DataFrame({"bot": bots, "rating": estimate, "low": np.quantile(samples, tail, axis=0),
                          "high": np.quantile(samples, 1 - tail, axis=0)})
    return frame.sort_values("rating", ascending=False).set_index("bot")


class Study:
    """Questions asked of one table of games, counted: from the second question on, a
    :class:`ManyQuestionsWarning` says how likely it is that at least one of the intervals misses by chance, and
    :attr:`confidence_each` gives the Bonferroni confidence that keeps the whole family at ``confidence``.
    """

    def __init__(self, table, confidence: float = 0.95):
        _z(confidence)
        self.table = table
        self.confidence = confidence
        self.questions: list[str] = []

    @property
    def confidence_each(self) -> float:
        """The confidence each interval needs so that all of them hold together with :attr:`confidence`."""
        return 1 - (1 - self.confidence) / max(1, len(self.questions))

    def ask(self, question: str) -> float:
        """Record a question; returns the confidence its interval should use so far (warns from the second on)."""
        self.questions.append(question)
        count = len(self.questions)
        if count > 1:
            miss = 1 - self.confidence ** count
            warnings.warn(f"{count} questions asked of the same {len(self.table)} games: with {self.confidence:.0%} "
                          f"intervals the chance that at least one misses is up to {miss:.0%}; use "
                          f"confidence={self.confidence_each:.4f} for each (Bonferroni) to keep the family at "
                          f"{self.confidence:.0%}", ManyQuestionsWarning, stacklevel=2)
        return self.confidence_each

    def win_rates(self, by: str = "bot", question: str | None = None):
        """:func:`win_rates` as one more question of this study."""
        return win_rates(self.table, by, self.ask(question or f"win rate by {by}"))
