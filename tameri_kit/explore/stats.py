"""Statistics for balance questions, done honestly, on ``scipy.stats`` and ``statsmodels``.

A sweep's table (:func:`tameri_kit.explore.run_games`) has one row per game; :func:`per_seat` turns it into one row
per seat, numbered as the lessons number them: **seat 1 is the first player**.  A win is shared when several
players win (a tie the tie-breakers do not settle): each winner gets ``1/k``.

The seats of one game are not independent trials (they cannot all win), and the games of one seed (its rotations)
share its cards and weather.  So the answers to "does a seat matter?" count **games** and resample **seeds**:

- :func:`seat_test`, the overall test of equal seat win rates: a chi-square test of the per-game winner counts
  (``scipy.stats.chisquare``) when every seed is one game, Hotelling's test over seeds
  (``statsmodels.stats.multivariate.test_mvmean``) when seeds are played several times (rotated seats);
- :func:`seat_differences`, every pair of seats: the difference of win rates and of points with bootstrap
  intervals over seeds (``scipy.stats.bootstrap``), an exact test (``scipy.stats.binomtest`` on the games either
  seat won) or a paired t-test over seeds, and p-values adjusted for the many pairs (Holm, ``multipletests``).

For one proportion :func:`wilson` (``statsmodels`` ``proportion_confint``); for two *independent* samples (two
sweeps, not two seats of the same games) :func:`difference` (Newcombe's hybrid score interval, ``statsmodels``
``confint_proportions_2indep``); :func:`adjust` corrects p-values for many questions; :class:`Study` counts them.

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from scipy import stats as scipy_stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.multivariate import test_mvmean
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from ..errors import TameriError


class StatsError(TameriError, ValueError):
    """A statistic asked of data that cannot give it (no games, a confidence outside (0, 1) ...)."""


class ManyQuestionsWarning(UserWarning):
    """Several questions were asked of the same games: some interval will miss by chance alone."""


def _alpha(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise StatsError(f"confidence must lie between 0 and 1, not {confidence}")
    return 1 - confidence


def wilson(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (good also near 0 and 1 and for few trials), by ``statsmodels``
    (``proportion_confint(method="wilson")``); ``successes`` may hold shared wins (halves ...).

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    """
    alpha = _alpha(confidence)
    if trials <= 0:
        raise StatsError("no trials: a rate needs at least one game")
    if not 0 <= successes <= trials:
        raise StatsError(f"successes must lie between 0 and {trials}, not {successes}")
    low, high = proportion_confint(successes, trials, alpha=alpha, method="wilson")
    low = 0.0 if successes == 0 else max(0.0, float(low))  # exact ends where rounding would blur them
    high = 1.0 if successes == trials else min(1.0, float(high))
    return low, high


def difference(
    successes_a: float, trials_a: int, successes_b: float, trials_b: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """The difference a - b of two **independent** proportions (two sweeps, two groups of different games) with
    Newcombe's hybrid score interval (his method 10, built from the two Wilson intervals), by ``statsmodels``
    (``confint_proportions_2indep(method="newcomb")``): ``(difference, low, high)``.

    Not for two seats of the same games: they cannot both win, so their rates move against each other and this
    interval is too narrow; use :func:`seat_differences` there.

    >>> d, low, high = difference(56, 70, 48, 80)       # Newcombe (1998), Table II, example (a)
    >>> round(d, 4), round(low, 4), round(high, 4)
    (0.2, 0.0524, 0.3339)
    """
    alpha = _alpha(confidence)
    for successes, trials in ((successes_a, trials_a), (successes_b, trials_b)):
        if trials <= 0 or not 0 <= successes <= trials:
            raise StatsError(f"successes must lie between 0 and the trials (>= 1), not {successes} of {trials}")
    low, high = confint_proportions_2indep(
        successes_a, trials_a, successes_b, trials_b, method="newcomb", compare="diff", alpha=alpha
    )
    return successes_a / trials_a - successes_b / trials_b, max(-1.0, float(low)), min(1.0, float(high))


def bootstrap(
    values: Sequence[float],
    statistic: Callable = np.mean,
    *,
    resamples: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
    method: str = "BCa",
) -> tuple[float, float, float]:
    """A seeded bootstrap interval of ``statistic`` over ``values`` (``scipy.stats.bootstrap``, bias-corrected
    and accelerated by default): ``(estimate, low, high)``.  When every value is the same there is nothing to
    resample and the interval is that value."""
    alpha = _alpha(confidence)
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise StatsError("no values to bootstrap")
    estimate = float(statistic(data))
    if np.all(data == data[0]) or data.size == 1:
        return estimate, estimate, estimate
    result = scipy_stats.bootstrap(
        (data,),
        statistic,
        n_resamples=resamples,
        confidence_level=1 - alpha,
        method=method,
        random_state=np.random.default_rng(seed),
    )
    low, high = float(result.confidence_interval.low), float(result.confidence_interval.high)
    return estimate, low, high


def paired_difference(first: Sequence[float], second: Sequence[float], **options) -> tuple[float, float, float]:
    """The mean of ``first - second`` over paired games (the same seeds), with a bootstrap interval over the pairs.

    Pairing removes the luck the two share (the same cards and weather), so the interval is narrower than for two
    independent samples of the same size.
    """
    a, b = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    if a.shape != b.shape:
        raise StatsError(f"paired values must match one to one ({a.size} and {b.size} given)")
    return bootstrap(a - b, **options)


def paired_test(first: Sequence[float], second: Sequence[float]) -> float:
    """The p-value of a paired t-test (``scipy.stats.ttest_rel``) that ``first`` and ``second`` have the same mean;
    1.0 when every pair is equal (nothing to tell apart)."""
    a, b = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    if a.shape != b.shape or a.size < 2:
        raise StatsError(f"a paired test needs two or more pairs matching one to one ({a.size} and {b.size} given)")
    if np.all(a - b == (a - b)[0]):
        return 1.0 if (a - b)[0] == 0 else 0.0
    return float(scipy_stats.ttest_rel(a, b).pvalue)


def adjust(p_values: Sequence[float], method: str = "holm") -> list[float]:
    """p-values adjusted for asking several questions of the same games (``statsmodels``' ``multipletests``):
    ``"holm"`` (Holm-Bonferroni: the chance of any false "yes" stays at most the level) or ``"fdr_bh"``
    (Benjamini-Hochberg: the expected share of false "yes" answers).

    >>> [round(p, 3) for p in adjust([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    if method not in ("holm", "fdr_bh", "bonferroni"):
        raise StatsError(f"method is 'holm', 'fdr_bh' or 'bonferroni', not {method!r}")
    values = np.asarray(p_values, dtype=float)
    if values.size == 0:
        return []
    if method == "holm":
        return [float(p) for p in holm_step_down(values)]
    return [float(p) for p in multipletests(values, method=method)[1]]


def holm_step_down(p_values) -> np.ndarray:
    """Holm's adjusted p-values, exactly as ``multipletests(p_values, method="holm")[1]`` gives them (a test compares
    the two on many random sets): sorted from the smallest, the i-th (from 0) times ``k - i``, a running maximum, at
    most 1, back in the given order.

    A speed trick, and the only reason it is ours: statsmodels' Holm branch calls ``gc.collect()`` on every call,
    which takes about 0.3 s in a process that holds a notebook's or the test suite's objects (18 calls were 6 of
    one test file's 7 seconds).
    """
    values = np.asarray(p_values, dtype=float)
    order = np.argsort(values, kind="stable")
    stepped = np.maximum.accumulate(values[order] * np.arange(values.size, 0, -1))
    adjusted = np.empty_like(values)
    adjusted[order] = np.minimum(stepped, 1.0)
    return adjusted


def per_seat(table):
    """One row per seat of each game: seed, rotation, seat (1 = the first player), player, bot, total, win (a
    share), buildings (how many), sphinxes, face_down, deben."""
    import pandas as pd

    rows = []
    for game in table.itertuples(index=False):
        winners = list(game.winners)
        for index, player in enumerate(game.seats):
            rows.append(
                {
                    "seed": game.seed,
                    "rotation": game.rotation,
                    "seat": index + 1,
                    "player": player,
                    "bot": game.bots[index],
                    "total": game.totals[index],
                    "win": (1 / len(winners)) if index in winners else 0.0,
                    "buildings": len(game.buildings[index]),
                    "sphinxes": game.sphinxes[index],
                    "face_down": game.face_down[index],
                    "deben": game.deben[index],
                }
            )
    return pd.DataFrame(rows)


def _one_game_per_seed(table) -> bool:
    return bool(table.groupby("seed").size().max() == 1)


def win_rates(table, by: str = "bot", confidence: float = 0.95):
    """Win rate per value of ``by`` (a column of :func:`per_seat`: ``"bot"``, ``"seat"`` ...): columns games
    (seats held), wins, rate, low, high, and ``interval`` (how low-high was found).

    A Wilson interval treats the seats as independent trials.  That holds only when the value holds one seat per
    game and every seed is one game; otherwise (a bot holding three seats of a game, rotated seats sharing a seed's
    cards) the interval is a bootstrap over **seeds** of the share of the seats won.
    """
    import pandas as pd

    alpha = _alpha(confidence)
    seats = per_seat(table)
    if seats.empty:
        raise StatsError("no games in the table")
    one_per_seed = _one_game_per_seed(table)
    out = []
    for key, group in seats.groupby(by, sort=True):
        wins, games = float(group["win"].sum()), len(group)
        per_seed = group.groupby("seed").agg(wins=("win", "sum"), seats=("win", "size"))
        independent = one_per_seed and bool((group.groupby(["seed", "rotation"]).size() == 1).all())
        rate = wins / games
        if independent:
            (low, high), how = wilson(wins, games, confidence), "Wilson"
        elif rate in (0.0, 1.0):  # a bootstrap has nothing to resample: Wilson with one trial per seed
            (low, high), how = wilson(rate * len(per_seed), len(per_seed), confidence), "Wilson over seeds"
        else:
            low, high = _ratio_bootstrap(per_seed["wins"].to_numpy(), per_seed["seats"].to_numpy(), alpha)
            how = "bootstrap over seeds"
        out.append({by: key, "games": games, "wins": wins, "rate": rate, "low": low, "high": high, "interval": how})
    return pd.DataFrame(out).set_index(by)


def _ratio_bootstrap(numerators, denominators, alpha: float, seed: int = 0) -> tuple[float, float]:
    """A bootstrap over clusters (seeds) of sum(numerators) / sum(denominators), percentile interval."""
    numerators = np.asarray(numerators, dtype=float)
    denominators = np.asarray(denominators, dtype=float)
    ratios = numerators / denominators
    if np.all(ratios == ratios[0]):
        return float(ratios[0]), float(ratios[0])

    def ratio(wins, seats, axis=-1):
        return wins.sum(axis=axis) / seats.sum(axis=axis)

    result = scipy_stats.bootstrap(
        (numerators, denominators),
        ratio,
        paired=True,
        n_resamples=2000,
        confidence_level=1 - alpha,
        method="percentile",
        random_state=np.random.default_rng(seed),
    )
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def _seat_matrix(table, column: str = "win", by: str = "seat"):
    """Seeds x values of ``by``: the mean of ``column`` (a win share, a total) per seat held, over each seed's games."""
    seats = per_seat(table)
    if seats.empty:
        raise StatsError("no games in the table")
    return seats.pivot_table(index="seed", columns=by, values=column, aggfunc="mean").sort_index(axis=1)


@dataclass(frozen=True)
class OverallTest:
    """The overall test of "do all seats win equally often?": ``statistic`` (chi-square, or Hotelling's F),
    ``df``, ``pvalue``, how many ``games`` and ``seeds``, each seat's ``wins`` (seat 1 first) and the ``method``."""

    method: str
    statistic: float
    df: tuple[float, ...]
    pvalue: float
    games: int
    seeds: int
    wins: tuple[float, ...]

    def __str__(self) -> str:
        df = ", ".join(f"{d:g}" for d in self.df)
        name = "chi-square" if self.method.startswith("chi-square") else "F"
        return f"{self.method}: {name}({df}) = {self.statistic:.2f}, {format_p(self.pvalue)}"


def format_p(p: float) -> str:
    """A p-value as printed: ``p = `` three decimals, or ``p < 0.001``.

    >>> format_p(0.01003), format_p(0.00002)
    ('p = 0.010', 'p < 0.001')
    """
    return "p < 0.001" if p < 0.0005 else f"p = {p:.3f}"


def seat_test(table) -> OverallTest:
    """Do all seats win equally often?  The overall test, counting games, not seats.

    Every seed one game: each game has one winner (a tie shares it), so the wins per seat are multinomial counts
    and ``scipy.stats.chisquare`` tests them against equal shares (``k - 1`` degrees of freedom).  Seeds played
    several times (rotated seats): the rotations of a seed share its luck, so each seed gives one vector of seat win
    shares and Hotelling's test (``statsmodels``' ``test_mvmean``) asks whether their mean is ``1/k`` everywhere.
    """
    shares = _seat_matrix(table)
    seats = shares.shape[1]
    if seats < 2:
        raise StatsError("a seat test needs at least two seats")
    wins = per_seat(table).groupby("seat")["win"].sum()
    if _one_game_per_seed(table):
        counts = wins.to_numpy(dtype=float)
        result = scipy_stats.chisquare(counts)
        return OverallTest(
            "chi-square test of the winners' seats",
            float(result.statistic),
            (seats - 1,),
            float(result.pvalue),
            len(table),
            len(shares),
            tuple(float(w) for w in counts),
        )
    if len(shares) <= seats:
        raise StatsError(f"Hotelling's test over seeds needs more seeds than seats ({len(shares)} seeds)")
    data = shares.to_numpy(dtype=float)[:, :-1]  # the last seat's share is 1 minus the others'
    null = np.full(seats - 1, 1 / seats)
    if np.all(data == data[0]):  # every seed alike (a bot that always wins, whatever its seat): nothing varies
        statistic, df, pvalue = 0.0, (seats - 1, len(data) - seats + 1), float(np.allclose(data[0], null))
    elif seats == 2:  # one share: Hotelling's T^2 is the one-sample t statistic squared, F(1, n - 1) = t^2
        result = scipy_stats.ttest_1samp(data[:, 0], 0.5)
        statistic, df, pvalue = float(result.statistic) ** 2, (1, len(data) - 1), float(result.pvalue)
    elif np.linalg.matrix_rank(np.atleast_2d(np.cov(data, rowvar=False))) < seats - 1:
        raise StatsError("the seats' win shares do not vary independently over the seeds: no Hotelling test")
    else:
        result = test_mvmean(data, mean_null=null)
        statistic, df, pvalue = float(result.statistic), tuple(float(d) for d in result.df), float(result.pvalue)
    return OverallTest(
        "Hotelling's test over seeds",
        statistic,
        df,
        pvalue,
        len(table),
        len(shares),
        tuple(float(w) for w in wins.to_numpy()),
    )


def seat_differences(table, confidence: float = 0.95, correction: str = "holm"):
    """Every pair of seats (a before b; seat 1 first): see :func:`differences`."""
    return differences(table, "seat", confidence, correction)


def differences(table, by: str = "seat", confidence: float = 0.95, correction: str = "holm", pairs=None):
    """Every pair of values of ``by`` (``"seat"`` or ``"bot"``; a before b): columns a, b, difference (a's win rate
    minus b's, per seat held) with low-high, points (a's mean total minus b's) with points_low-points_high, p,
    p_adjusted.

    The intervals are bootstraps over seeds of the per-seed differences (the seats of one game move together),
    each at the confidence that keeps all the pairs together at ``confidence`` (Bonferroni).  ``p``: for seats,
    with one game per seed and no shared wins, an exact test (``scipy.stats.binomtest``: of the games either seat
    won, each is a coin toss when the seats are equal); otherwise a paired t-test over seeds.  ``p_adjusted``:
    :func:`adjust` with ``correction`` over all the pairs.  A seed where a value holds no seat is left out.
    ``pairs``: only these (a, b) pairs (one pair asked beforehand needs no correction: its interval is at
    ``confidence``).
    """
    import pandas as pd

    alpha = _alpha(confidence)
    shares, totals = _seat_matrix(table, "win", by), _seat_matrix(table, "total", by)
    pairs = list(pairs) if pairs is not None else list(combinations(shares.columns, 2))
    missing = sorted({str(value) for pair in pairs for value in pair if value not in shares.columns})
    if missing:
        raise StatsError(f"no {by} {', '.join(missing)} in the table")
    if not pairs:
        raise StatsError(f"a comparison needs at least two values of {by!r}")
    each = 1 - alpha / len(pairs)
    exact = by == "seat" and _one_game_per_seed(table) and bool(np.isin(shares.to_numpy(), (0.0, 1.0)).all())
    rows = []
    for a, b in pairs:
        both = shares[[a, b]].notna().all(axis=1)
        share_a, share_b, total_a, total_b = shares[a][both], shares[b][both], totals[a][both], totals[b][both]
        if len(share_a) < 2:
            raise StatsError(f"{a!r} and {b!r} meet in fewer than two seeds: nothing to compare")
        rate, low, high = bootstrap(share_a - share_b, confidence=each)
        points, points_low, points_high = bootstrap(total_a - total_b, confidence=each)
        if exact:
            won_a, won_b = int(share_a.sum()), int(share_b.sum())
            p = float(scipy_stats.binomtest(won_a, won_a + won_b, 0.5).pvalue) if won_a + won_b else 1.0
        else:
            p = paired_test(share_a, share_b)
        rows.append(
            {
                "a": a,
                "b": b,
                "difference": rate,
                "low": low,
                "high": high,
                "points": points,
                "points_low": points_low,
                "points_high": points_high,
                "p": p,
            }
        )
    frame = pd.DataFrame(rows)
    frame["p_adjusted"] = adjust(frame["p"], correction)
    frame.attrs["confidence_each"] = each
    return frame


def bradley_terry(table, *, resamples: int = 2000, seed: int = 0, confidence: float = 0.95, iterations: int = 200):
    """A rating per bot from the pairings in the games (Bradley-Terry, by the MM algorithm), on the Elo scale
    (400 points: ten to one odds) with the mean bot at 0, and bootstrap intervals over the games.

    Each game gives one result for every pair of seats held by different bots: the higher total wins, equal totals
    count half to each.  Our own fit, not ``choix``'s: the pairings here carry half wins (ties of totals) and a
    half-win prior that keeps an unbeaten bot finite, which ``choix``'s pairwise fits (whole winner-loser pairs)
    do not take; the fit is a dozen lines of the published MM update (Hunter 2004).
    """
    import pandas as pd

    alpha = _alpha(confidence)
    bots, estimate, samples = _bradley_terry_samples(table, resamples, seed, iterations)
    wins, losses = pairing_results(table, bots)
    frame = pd.DataFrame(
        {
            "bot": bots,
            "rating": estimate,
            "low": np.quantile(samples, alpha / 2, axis=0),
            "high": np.quantile(samples, 1 - alpha / 2, axis=0),
            "wins": wins,
            "pairings": wins + losses,
            "separated": [separation(won, lost) for won, lost in zip(wins, losses)],
        }
    )
    return frame.sort_values("rating", ascending=False).set_index("bot")


def separation(wins: float, losses: float) -> str:
    """``"won every pairing"`` or ``"lost every pairing"`` for a bot whose games leave its rating unbounded
    (complete separation: the fit only keeps it finite by its prior, and every resample is the same, so its
    interval would show zero width), else ``""``."""
    unbeaten, never_won = wins > 0 and losses == 0, losses > 0 and wins == 0
    return "won every pairing" if unbeaten else "lost every pairing" if never_won else ""


def pairing_results(table, bots: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each bot's wins and losses over its pairings with other bots (a tie of totals: half of each), in the order
    of ``bots``; the pairings are those :func:`bradley_terry` fits."""
    index = {bot: k for k, bot in enumerate(bots)}
    wins, losses = np.zeros(len(bots)), np.zeros(len(bots))
    for game in table.itertuples(index=False):
        for i, bot_i in enumerate(game.bots):
            for j, bot_j in enumerate(game.bots):
                if i < j and bot_i != bot_j:
                    a, b = index[bot_i], index[bot_j]
                    share = 1.0 if game.totals[i] > game.totals[j] else 0.0 if game.totals[i] < game.totals[j] else 0.5
                    wins[a] += share
                    losses[a] += 1 - share
                    wins[b] += 1 - share
                    losses[b] += share
    return wins, losses


def rating_gaps(table, *, resamples: int = 2000, seed: int = 0, confidence: float = 0.95, iterations: int = 200):
    """How far each bot of the rating table is above the next one down, with the bootstrap interval of that
    difference (the same resamples as :func:`bradley_terry` with the same ``seed``).  Two ratings whose intervals
    overlap may still be told apart: the interval of their *difference* says (lesson 11, section 4).  The gaps are
    several questions of the same games, so each interval is widened (Bonferroni) to keep them all at
    ``confidence`` together.  One row per neighbouring pair: higher, lower, gap, low, high, apart (the interval
    lies above 0).
    """
    import pandas as pd

    bots, estimate, samples = _bradley_terry_samples(table, resamples, seed, iterations)
    order = np.argsort(-estimate, kind="stable")
    pairs = len(bots) - 1
    alpha = _alpha(confidence) / pairs
    rows = []
    for upper, lower in zip(order[:-1], order[1:]):
        gap = samples[:, upper] - samples[:, lower]
        low, high = np.quantile(gap, alpha / 2), np.quantile(gap, 1 - alpha / 2)
        rows.append(
            {
                "higher": bots[upper],
                "lower": bots[lower],
                "gap": estimate[upper] - estimate[lower],
                "low": low,
                "high": high,
                "apart": bool(low > 0),
            }
        )
    return pd.DataFrame(rows, columns=["higher", "lower", "gap", "low", "high", "apart"])


def _bradley_terry_samples(table, resamples: int, seed: int, iterations: int):
    """The bots (sorted by name), their fitted ratings and ``resamples`` bootstrap refits (one row each)."""
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
        """Ratings from a table of wins (``wins[..., a, b]``: a's wins over b), several tables at once."""
        strength = np.ones(wins.shape[:-1])
        played = wins + np.swapaxes(wins, -1, -2)
        total_wins = wins.sum(axis=-1) + 0.5  # a half win each keeps an unbeaten bot finite
        for _ in range(iterations):
            denominators = (played / (strength[..., :, None] + strength[..., None, :])).sum(axis=-1) + 1 / (
                strength + 1
            )
            strength = total_wins / denominators
            strength /= np.exp(np.mean(np.log(strength), axis=-1, keepdims=True))
        return 400 * np.log10(strength)

    estimate = fit(games.sum(axis=0))
    rng = np.random.default_rng(seed)
    # each resample: the games drawn with replacement, as how many times each game is drawn (all fitted at once)
    drawn = np.array(
        [np.bincount(rng.integers(0, len(games), len(games)), minlength=len(games)) for _ in range(resamples)]
    )
    samples = fit((drawn @ games.reshape(len(games), -1)).reshape(resamples, len(bots), len(bots)))
    return bots, estimate, samples


class Study:
    """Questions asked of one table of games, counted: from the second question on, a
    :class:`ManyQuestionsWarning` says how likely it is that at least one of the intervals misses by chance, and
    :attr:`confidence_each` gives the Bonferroni confidence that keeps the whole family at ``confidence``
    (p-values: :func:`adjust`).
    """

    def __init__(self, table, confidence: float = 0.95):
        _alpha(confidence)
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
            warnings.warn(
                many_questions_message(count, len(self.table), self.confidence), ManyQuestionsWarning, stacklevel=2
            )
        return self.confidence_each

    def win_rates(self, by: str = "bot", question: str | None = None):
        """:func:`win_rates` as one more question of this study."""
        return win_rates(self.table, by, self.ask(question or f"win rate by {by}"))


def many_questions_message(count: int, games: int, confidence: float = 0.95) -> str:
    """The warning for ``count`` questions asked of the same ``games``: how likely one interval misses at least,
    and the Bonferroni confidence that keeps them all together.

    >>> print(many_questions_message(2, 400))
    2 questions asked of the same 400 games: with 95% intervals the chance that at least one misses is up to 10%; use confidence=0.9750 for each (Bonferroni) to keep the family at 95%
    """
    miss = 1 - confidence**count
    each = 1 - (1 - confidence) / count
    return (
        f"{count} questions asked of the same {games} games: with {confidence:.0%} intervals the chance that at "
        f"least one misses is up to {miss:.0%}; use confidence={each:.4f} for each (Bonferroni) to keep the family "
        f"at {confidence:.0%}"
    )
