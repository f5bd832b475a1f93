"""tameri_kit.explore.stats against published worked examples and values worked out by hand.

Sources of the tables: Newcombe RG (1998a), "Two-sided confidence intervals for the single proportion: comparison of
seven methods", Statistics in Medicine 17:857-872, Table I, method 3 (Wilson's score interval); Newcombe RG
(1998b), "Interval estimation for the difference between independent proportions: comparison of eleven methods",
Statistics in Medicine 17:873-890, Table II, method 10 (the hybrid score interval), examples (a), (b), (d)-(h).
"""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats as scipy_stats

from tameri_kit.explore import stats


# -- one proportion: Wilson -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "successes, trials, low, high",
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718),
     (29, 29, 0.8830, 1.0)],
)  # fmt: skip
def test_wilson_matches_newcombes_table(successes, trials, low, high):
    got = stats.wilson(successes, trials)
    assert got[0] == pytest.approx(low, abs=5e-5) and got[1] == pytest.approx(high, abs=5e-5)


def test_wilson_by_hand_and_its_errors():
    # p = 1/2, n = 100, z = 1.95996: centre 1/2, half-width z*sqrt(1/400 + z^2/40000)/(1 + z^2/100) = 0.09617
    low, high = stats.wilson(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
    assert stats.wilson(10, 10)[1] == 1.0 and stats.wilson(0, 10)[0] == 0.0
    for args in [(1, 0), (5, 4)]:
        with pytest.raises(stats.StatsError):
            stats.wilson(*args)
    with pytest.raises(stats.StatsError):
        stats.wilson(1, 4, confidence=1.5)


# -- two independent proportions: Newcombe's hybrid score interval ---------------------------------------------
@pytest.mark.parametrize(
    "a, m, b, n, low, high",
    [(56, 70, 48, 80, 0.0524, 0.3339), (9, 10, 3, 10, 0.1705, 0.8090), (5, 56, 0, 29, -0.0381, 0.1926),
     (0, 10, 0, 20, -0.1611, 0.2775), (0, 10, 0, 10, -0.2775, 0.2775), (10, 10, 0, 20, 0.6791, 1.0),
     (10, 10, 0, 10, 0.6075, 1.0)],
)  # fmt: skip
def test_difference_matches_newcombes_table(a, m, b, n, low, high):
    d, got_low, got_high = stats.difference(a, m, b, n)
    assert d == pytest.approx(a / m - b / n)
    assert got_low == pytest.approx(low, abs=5e-5) and got_high == pytest.approx(high, abs=5e-5)


def test_newcombe_difference_by_hand():
    # Wilson 60/100 = (0.50200, 0.69060), 40/100 = (0.30940, 0.49800); the hybrid interval is
    # 0.2 - sqrt(0.098^2 + 0.098^2) below and 0.2 + sqrt(0.0906^2 + 0.0906^2) above
    d, low, high = stats.difference(60, 100, 40, 100)
    assert d == pytest.approx(0.2)
    assert low == pytest.approx(0.2 - ((0.6 - 0.50200) ** 2 * 2) ** 0.5, abs=1e-4)
    assert high == pytest.approx(0.2 + ((0.69060 - 0.6) ** 2 * 2) ** 0.5, abs=1e-4)
    with pytest.raises(stats.StatsError):
        stats.difference(3, 2, 1, 2)


def test_overlapping_intervals_with_a_difference_that_excludes_0():
    """The lesson's picture: 96 of 300 and 72 of 300 (two independent sweeps).  Wilson: 96/300 = 0.32 gives about
    (0.270, 0.374), 72/300 = 0.24 about (0.195, 0.291): they overlap; the difference 0.08 has Newcombe's interval
    0.08 - sqrt((0.32 - 0.270)^2 + (0.291 - 0.24)^2) = 0.08 - 0.072 = about +0.008 at its low end: above 0."""
    low_a, high_a = stats.wilson(96, 300)
    low_b, high_b = stats.wilson(72, 300)
    assert low_a < high_b  # the intervals overlap
    d, low, high = stats.difference(96, 300, 72, 300)
    assert low == pytest.approx(0.08 - math.hypot(0.32 - low_a, high_b - 0.24))
    assert 0 < low < 0.02 and d == pytest.approx(0.08)


# -- bootstrap, paired comparisons ----------------------------------------------------------------------------
def test_bootstrap_and_pairing():
    assert stats.bootstrap([3, 3, 3, 3]) == (3.0, 3.0, 3.0)
    estimate, low, high = stats.bootstrap([0, 1] * 50, seed=1)
    # the mean of 100 coin flips (half heads): a 95% interval about 2 * 1.96 * sqrt(0.25 / 100) = 0.196 wide
    assert estimate == 0.5 and low < 0.5 < high and high - low == pytest.approx(0.196, abs=0.03)
    assert stats.bootstrap([0, 1] * 50, seed=1) == (estimate, low, high)  # seeded
    paired = stats.paired_difference([5, 6, 7, 8], [4, 5, 6, 7])
    assert paired == (1.0, 1.0, 1.0)  # the same difference in every pair: no doubt at all
    with pytest.raises(stats.StatsError):
        stats.paired_difference([1, 2], [1])


def test_paired_test_by_hand():
    """Differences 1, 2, 3, 4: mean 2.5, standard deviation sqrt(5/3) = 1.2910, t = 2.5 / (1.2910 / 2) = 3.873
    with 3 degrees of freedom: two-sided p = 0.0305 (a t table gives 0.0305)."""
    assert stats.paired_test([1, 2, 3, 4], [0, 0, 0, 0]) == pytest.approx(0.0305, abs=5e-4)
    assert stats.paired_test([1, 2, 3], [1, 2, 3]) == 1.0


def test_adjust_by_hand():
    """Holm on 0.01, 0.04, 0.03: sorted 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> 0.06 (never below the
    one before); Benjamini-Hochberg: 0.01 x 3/1 = 0.03, 0.03 x 3/2 = 0.045 -> 0.04 (never above the one after),
    0.04 x 3/3 = 0.04."""
    assert stats.adjust([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert stats.adjust([0.01, 0.04, 0.03], "fdr_bh") == pytest.approx([0.03, 0.04, 0.04])
    assert stats.adjust([0.01, 0.04, 0.03], "fdr_bh") == pytest.approx(
        list(scipy_stats.false_discovery_control([0.01, 0.04, 0.03]))
    )
    assert stats.adjust([]) == []
    with pytest.raises(stats.StatsError):
        stats.adjust([0.1], "sidak?")


def test_holm_is_statsmodels_holm_without_its_pause():
    """Our Holm (a speed trick: statsmodels' Holm calls gc.collect() every time) gives what multipletests gives, to
    the last bit, on 500 random sets of 1-12 p-values with ties, zeros, ones and values that step past 1; and it no
    longer collects garbage."""
    import gc
    from unittest import mock

    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(7)
    with mock.patch.object(gc, "collect"):  # the reference, without its pause (0.3 s a call in this process)
        for _ in range(500):
            size = int(rng.integers(1, 13))
            values = rng.choice([0.0, 0.01, 0.04, 0.3, 1.0], size) if rng.random() < 0.3 else rng.random(size) ** 3
            assert stats.adjust(values) == list(multipletests(values, method="holm")[1])
    with mock.patch.object(gc, "collect", side_effect=AssertionError("gc.collect called")):
        assert stats.adjust([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


# -- tables of games --------------------------------------------------------------------------------------------
def _table(games, rotations=None):
    """A hand-made sweep table: (bots, totals, winners) per game; ``rotations``: games per seed (rotated seats)."""
    per_seed = rotations or 1
    return pd.DataFrame(
        [
            {
                "seed": k // per_seed,
                "rotation": k % per_seed,
                "players": len(bots),
                "seats": [f"P{i}" for i in range(len(bots))],
                "bots": bots,
                "totals": totals,
                "winners": winners,
                "buildings": [[]] * len(bots),
                "sphinxes": [0] * len(bots),
                "face_down": [0] * len(bots),
                "deben": [0] * len(bots),
            }
            for k, (bots, totals, winners) in enumerate(games)
        ]
    )


def _winners(seats):
    """Four random bots; one game per winner seat index in ``seats`` (the winner scores 10, the others 5)."""
    return _table([(["random"] * 4, [10 if i == seat else 5 for i in range(4)], [seat]) for seat in seats])


def test_win_rates_share_a_tied_win_and_number_seats_from_1():
    table = _table([(["a", "b"], [10, 5], [0]), (["a", "b"], [7, 7], [0, 1]), (["b", "a"], [9, 3], [0])])
    rates = stats.win_rates(table)
    assert rates.loc["a", "wins"] == 1.5 and rates.loc["a", "games"] == 3
    assert rates.loc["b", "wins"] == 1.5
    assert rates.loc["a", "low"] == pytest.approx(stats.wilson(1.5, 3)[0]) and rates.loc["a", "interval"] == "Wilson"
    by_seat = stats.win_rates(table, by="seat")
    assert list(by_seat.index) == [1, 2] and list(by_seat["wins"]) == [2.5, 0.5]


def test_a_bot_holding_several_seats_is_not_pooled_as_independent_seats():
    """Three "b" seats per game cannot all win: their win rate's interval resamples games (seeds), not seats."""
    games = [(["a", "b", "b", "b"], [9, 1, 2, 3], [0])] * 10 + [(["a", "b", "b", "b"], [1, 9, 2, 3], [1])] * 10
    rates = stats.win_rates(_table(games), "bot")
    assert rates.loc["b", "games"] == 60 and rates.loc["b", "rate"] == pytest.approx(10 / 60)
    assert rates.loc["b", "interval"] == "bootstrap over seeds"
    wilson_low, wilson_high = stats.wilson(10, 60)  # what pooling 60 seats as independent trials would claim
    assert rates.loc["b", "high"] - rates.loc["b", "low"] < wilson_high - wilson_low + 0.2
    # a game's b-seats won 1/3 or 0 of their seats: the rate lies between, never outside
    assert 0 < rates.loc["b", "low"] < 10 / 60 < rates.loc["b", "high"] < 1 / 3 + 1e-9


def test_seat_test_is_the_chi_square_of_the_winners_by_hand():
    """Winners' seats 85, 98, 128, 89 of 400 games (lesson 11's sweep): expected 100 each, so chi-square =
    (15^2 + 2^2 + 28^2 + 11^2) / 100 = 11.34 with 3 degrees of freedom; its tail for 3 degrees of freedom is
    2 (1 - Phi(sqrt(x))) + sqrt(2x / pi) exp(-x / 2) = 0.000758 + 0.009265 = 0.0100."""
    table = _winners([0] * 85 + [1] * 98 + [2] * 128 + [3] * 89)
    test = stats.seat_test(table)
    assert test.method.startswith("chi-square") and test.df == (3,)
    assert test.wins == (85, 98, 128, 89) and test.games == 400
    assert test.statistic == pytest.approx(11.34)
    x = 11.34
    tail = 2 * (1 - scipy_stats.norm.cdf(math.sqrt(x))) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    assert test.pvalue == pytest.approx(tail) and round(test.pvalue, 3) == 0.010
    assert "chi-square(3) = 11.34, p = 0.010" in str(test)


def test_seat_test_over_rotated_seeds_is_hotellings_by_hand():
    """Two seats, seeds played twice (rotated): each seed gives seat 1's share of the wins (0, 1/2 or 1).  With
    one seat Hotelling's T^2 is the square of the one-sample t statistic of those shares against 1/2, and F(1, n-1)
    = T^2."""
    shares = [1, 1, 0.5, 1, 0.5, 0, 1, 0.5, 1, 0.5]
    games = []
    for share in shares:
        first = [0] if share >= 0.5 else [1]
        second = [0] if share == 1 else [1]
        games += [(["a", "b"], [5, 4] if first == [0] else [4, 5], first)]
        games += [(["b", "a"], [5, 4] if second == [0] else [4, 5], second)]
    test = stats.seat_test(_table(games, rotations=2))
    t = (np.mean(shares) - 0.5) / (np.std(shares, ddof=1) / math.sqrt(len(shares)))
    assert test.method == "Hotelling's test over seeds" and test.seeds == 10 and test.games == 20
    assert test.statistic == pytest.approx(t**2)
    assert test.pvalue == pytest.approx(2 * scipy_stats.t.sf(abs(t), len(shares) - 1))


def test_a_bot_that_always_wins_tells_nothing_of_the_seats():
    games = [(["g", "r"], [9, 1], [0]), (["r", "g"], [1, 9], [1])] * 5
    test = stats.seat_test(_table(games, rotations=2))
    assert test.pvalue == 1.0 and test.statistic == 0.0


def test_seat_differences_exact_test_by_hand():
    """Seat 1 won 9 games, seat 2 won 1, seats 3 and 4 five each (20 games).  Of the 10 games seat 1 or seat 2
    won, seat 1 won 9: if the two were equal each would be a coin toss, so the two-sided exact p is
    2 (C(10,0) + C(10,1)) / 2^10 = 22 / 1024 = 0.021484375.  Six pairs: Holm multiplies the smallest p by 6."""
    table = _winners([0] * 9 + [1] + [2] * 5 + [3] * 5)
    frame = stats.seat_differences(table)
    assert [(row.a, row.b) for row in frame.itertuples()] == [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    first = frame.iloc[0]
    assert first["p"] == pytest.approx(22 / 1024)
    assert first["difference"] == pytest.approx((9 - 1) / 20)
    assert first["points"] == pytest.approx((9 * 10 + 11 * 5 - (1 * 10 + 19 * 5)) / 20)  # 7.25 - 5.25 = 2
    assert frame["p_adjusted"].min() == pytest.approx(min(1.0, 6 * frame["p"].min()))
    assert frame.attrs["confidence_each"] == pytest.approx(1 - 0.05 / 6)
    assert first["low"] <= first["difference"] <= first["high"]


def test_bradley_terry_orders_the_bots():
    games = [(["a", "b", "c"], [30, 20, 10], [0])] * 8 + [(["b", "a", "c"], [30, 20, 10], [0])] * 2
    ratings = stats.bradley_terry(_table(games), resamples=50)
    assert list(ratings.index) == ["a", "b", "c"]
    assert ratings.loc["a", "low"] <= ratings.loc["a", "rating"] <= ratings.loc["a", "high"]
    assert ratings["rating"].mean() == pytest.approx(0, abs=1e-6)
    with pytest.raises(stats.StatsError):
        stats.bradley_terry(_table([(["a", "a"], [1, 2], [1])]))


def test_rating_gaps_tell_neighbours_apart_only_when_the_games_do():
    """a beats b and b beats c in every one of 30 games each: both gaps lie above 0; a and b winning 15 each: their
    gap's interval holds 0 ("cannot tell"), though c, beaten by both every time, is apart.  Each gap is the
    difference of the two ratings bradley_terry gives, and the rows follow the rating table's order."""
    clear = _table([(["a", "b"], [2, 1], [0])] * 30 + [(["b", "c"], [2, 1], [0])] * 30)
    gaps = stats.rating_gaps(clear, resamples=100)
    ratings = stats.bradley_terry(clear, resamples=100)
    assert list(gaps["higher"]) == ["a", "b"] and list(gaps["lower"]) == ["b", "c"]
    assert list(gaps["apart"]) == [True, True]
    assert gaps.loc[0, "gap"] == pytest.approx(ratings.loc["a", "rating"] - ratings.loc["b", "rating"])
    assert all(gaps["low"] <= gaps["gap"]) and all(gaps["gap"] <= gaps["high"])

    even = _table(
        [(["a", "b"], [2, 1], [0])] * 15
        + [(["a", "b"], [1, 2], [1])] * 15
        + [(["a", "c"], [2, 1], [0])] * 30
        + [(["b", "c"], [2, 1], [0])] * 30
    )
    gaps = stats.rating_gaps(even, resamples=100)
    assert list(gaps["apart"]) == [False, True]
    assert gaps.loc[0, "low"] < 0 < gaps.loc[0, "high"]

    from tameri_kit.explore.cli import rating_lines  # the command's table says the same in words

    lines = rating_lines(even)  # c lost all 60 of its pairings: it cannot be rated, nor its gap
    assert lines[3].startswith("  c  cannot be rated: lost every pairing (0 of 60")
    assert lines[4] == (
        "gaps between neighbours (95% intervals together: Bonferroni over the 2 gaps), without the bots that "
        "cannot be rated:"
    )
    assert lines[5].startswith("  a above b") and lines[5].endswith("cannot tell") and len(lines) == 6
    with pytest.raises(stats.StatsError):
        stats.rating_gaps(_table([(["a", "a"], [1, 2], [1])]))


def test_a_bot_that_wins_every_pairing_cannot_be_rated():
    """Complete separation (issue 33): the Ghost beat the strong bot in all 20 solo games.  The fit keeps both
    ratings finite only by its prior and every bootstrap resample is the same table, so the old table printed an
    interval of zero width ("+343 [+343, +343]").  Now each side is named as unrateable with its win rate's Wilson
    interval: 20 of 20 gives [83.9%, 100%] (by hand: z = 1.96, n = 20, p = 1: the lower end is
    n / (n + z^2) = 20 / 23.8416 = 0.8389), 0 of 20 gives [0%, 16.1%]; no gap is printed."""
    from tameri_kit.explore.cli import rating_lines

    table = _table([(["strong", "ghost"], [58, 92], [1])] * 20)
    ratings = stats.bradley_terry(table, resamples=50)
    assert ratings.loc["ghost", "separated"] == "won every pairing"
    assert ratings.loc["strong", "separated"] == "lost every pairing"
    assert ratings.loc["ghost", "wins"] == 20 and ratings.loc["ghost", "pairings"] == 20
    lines = rating_lines(table)
    assert lines[1] == (
        "  ghost   cannot be rated: won every pairing (20 of 20: no bound on its rating); win rate [84%, 100%] "
        "(Wilson, 95%)"
    )
    assert lines[2].startswith("  strong  cannot be rated: lost every pairing (0 of 20") and lines[2].endswith(
        "win rate [0%, 16%] (Wilson, 95%)"
    )
    assert len(lines) == 3  # no gap: neither side has a bound
    mixed = _table([(["a", "b"], [2, 1], [0])] * 3 + [(["a", "b"], [1, 2], [1])])
    assert list(stats.bradley_terry(mixed, resamples=20)["separated"]) == ["", ""]


def test_a_study_warns_when_many_questions_are_asked():
    study = stats.Study(_table([(["a", "b"], [10, 5], [0])] * 4))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        study.win_rates("bot")  # one question: no warning
    with pytest.warns(stats.ManyQuestionsWarning, match="2 questions"):
        study.win_rates("seat")
    assert study.confidence_each == pytest.approx(0.975)


def test_seat_test_with_three_seats_is_hotellings_t2_by_hand():
    """Three seats, seeds played three times (rotated): each seed gives the share of its games won by seat 1 and by
    seat 2 (seat 3's is the rest).  Hotelling: T^2 = n (m - 1/3)' S^-1 (m - 1/3) with m the mean vector and S the
    sample covariance of the seeds' vectors; F = (n - p) / (p (n - 1)) T^2 with p = 2 and F(2, n - 2) its law."""
    rotations = [[0, 0, 1], [0, 2, 1], [0, 0, 2], [1, 0, 2], [0, 1, 1], [2, 0, 0], [0, 0, 0], [1, 2, 0], [0, 0, 1]]
    games = []
    for winners in rotations:
        for winner in winners:
            games.append((["a", "b", "c"], [9 if seat == winner else 5 for seat in range(3)], [winner]))
    test = stats.seat_test(_table(games, rotations=3))
    shares = np.array([[winners.count(0) / 3, winners.count(1) / 3] for winners in rotations])
    n, dimensions = len(shares), 2
    gap = shares.mean(axis=0) - 1 / 3
    t2 = n * gap @ np.linalg.solve(np.cov(shares, rowvar=False), gap)
    f = (n - dimensions) / (dimensions * (n - 1)) * t2
    assert test.method == "Hotelling's test over seeds" and test.df == (2, n - 2)
    assert test.statistic == pytest.approx(f)
    assert test.pvalue == pytest.approx(scipy_stats.f.sf(f, dimensions, n - dimensions))
