"""Lesson 11, sections 11 and 12: search bots judged like any bot - OpenSpiel's MCTS against the strong bot, and the
kit's expert bot (a search that knows the game) against the strong bot - from stored sweeps, read, never played.

As in :mod:`.questions_11`, every answer is computed from the games when the learner presses Check and what works it
out opens in a fold only then.
"""

from __future__ import annotations

from ..explore.stats import win_rates
from ..widgets.question import Question
from .folds_11 import games_answer, pre_lines, ratings_html


# -- 11. a general search algorithm against the strong bot ---------------------------------------------------------
SEARCH = ("yes: MCTS clearly wins more than half", "these games leave it open", "no: MCTS clearly wins less than half")


def search_sweeps(folder) -> object:
    """Every stored sweep of the search bots (``search_*.jsonl`` in ``folder``, made by ``bench/search_sweep.py``),
    as one table with a ``sweep`` column (the file's name) - read, never played, so no OpenSpiel is needed."""
    import pandas as pd
    from pathlib import Path

    from ..explore.runner import read_results, results_table

    tables = []
    for path in sorted(Path(folder).glob("search_*.jsonl")):
        table = results_table(read_results(path))
        table["sweep"] = path.stem
        tables.append(table)
    return pd.concat(tables, ignore_index=True)


FOUR_PLAYERS = "four_mcts_strong_greedy.jsonl"
FOUR_PLAYERS_COMMAND = "explore --players 4 --bots mcts,strong,greedy,greedy --games 200 --rotate"


def four_player_sweep(folder) -> object | None:
    """The README's four-player command (:data:`FOUR_PLAYERS_COMMAND`: mcts with 20 simulations, strong and two greedy
    bots, 200 seeds each played once per rotation of the seats) run to the end and stored in ``folder``, or None when
    the file is not there."""
    from pathlib import Path

    from ..explore.runner import read_results, results_table

    path = Path(folder) / FOUR_PLAYERS
    return results_table(read_results(path)) if path.exists() else None


def search_rate(games, bot: str):
    """The win rate of ``bot`` with its interval, in the games where it met the strong bot."""
    pair = games[games["bots"].map(lambda bots: bot in bots and "strong" in bots)]
    return win_rates(pair, "bot").loc[bot], len(pair)


def search_against_strong(games, bot: str = "mcts:16", four_players=None) -> Question:
    """Does OpenSpiel's MCTS with a few simulations beat the strong bot, two players, seats rotated?  The fold gives
    every search bot's rating from the two-player ``games`` and, when given, the ratings from the four-player sweep
    (:func:`four_player_sweep`)."""

    def answer() -> str:
        row, _ = search_rate(games, bot)
        return SEARCH[0] if row["low"] > 0.5 else SEARCH[2] if row["high"] < 0.5 else SEARCH[1]

    def why_not(given: str) -> str:
        if answer() == SEARCH[1]:
            return f"The interval of {bot}'s win rate holds 1/2: the games cannot tell it from an equal player."
        if given == SEARCH[1]:
            return f"{bot}'s whole interval lies on one side of 1/2: the games do tell."
        return f"Look again at which side of 1/2 {bot}'s whole interval lies."

    def explain(right: str) -> str:
        row, count = search_rate(games, bot)
        why = (
            "With so few simulations and rollouts cut after 30 random steps, the search sees little of a game that "
            "lasts hundreds of decisions, while the strong bot knows what Tameri rewards - and seeing the hidden "
            "cards does not make up for it."
            if row["rate"] < 0.5
            else "Even a small search that sees the hidden cards finds what the strong bot's rules of thumb miss."
        )
        return (
            f"{bot} won {row['rate']:.0%} of its {count} games against the strong bot, 95% interval "
            f"{row['low']:.1%} to {row['high']:.1%}. {why} The rating table below puts every stored pairing "
            "together, each rating with the interval of what these games do not rule out; overlapping intervals are not a "
            "test, so under it each gap between neighbours has its own interval, and only a gap whose interval lies "
            "above 0 tells two bots apart."
        )

    def ratings() -> str:
        return ratings_html(games, f"Ratings from {len(games)} two-player games")

    def four_player_ratings() -> str:
        if four_players is None:
            return ""
        seeds = four_players["seed"].nunique()
        return (
            f"<p>Four players, the README's command run to the end (<code>{FOUR_PLAYERS_COMMAND}</code>: mcts with "
            f"20 simulations a decision, {seeds} seeds, each played once per rotation of the seats, "
            f"{len(four_players)} games; a game counts once for every pair of seats in it):</p>"
        ) + ratings_html(four_players, f"Ratings from {len(four_players)} four-player games")

    return Question(
        f"OpenSpiel's MCTS with 16 simulations a decision ({bot}; it even sees the hidden cards) plays the strong "
        "bot, two players, each seed once from each seat. A player as good as the other would win half the "
        "games. Does MCTS win more often?",
        answer,
        kind="choice",
        options=list(SEARCH),
        explain=explain,
        hint=f"Compare the whole interval of {bot}'s win rate with 0.5.",
        wrong=why_not,
        fold=games_answer(ratings, four_player_ratings),
        fold_title="The games' answer: every search bot's rating",
    )


# -- 12. a search that knows the game: the expert bot -------------------------------------------------------------
EXPERT_SWEEP = "expert_vs_strong_2p.jsonl"
EXPERT_COMMAND = "explore --players 2 --bots expert,strong --rotate"
EXPERT = (
    "more than three quarters of the games",
    "more than half, but not clearly three quarters",
    "half or fewer",
    "these games leave it open",
)


def expert_sweep(folder) -> object:
    """The expert bot's two-player sweep against the strong bot (:data:`EXPERT_COMMAND`, stored in ``folder``)."""
    from pathlib import Path

    from ..explore.runner import read_results, results_table

    return results_table(read_results(Path(folder) / EXPERT_SWEEP))


def expert_answer(games) -> str:
    """Which of :data:`EXPERT` the interval of the expert bot's win rate supports."""
    row = win_rates(games, "bot").loc["expert"]
    if row["low"] > 0.75:
        return EXPERT[0]
    if row["low"] > 0.5:
        return EXPERT[1]
    if row["high"] <= 0.5:
        return EXPERT[2]
    return EXPERT[3]


def expert_against_strong(games) -> Question:
    """How often does the expert bot beat the strong bot, two players, seats rotated?  The fold gives the win rate
    by the expert's seat (does its seat matter?) and the rating table."""
    seeds = games["seed"].nunique()

    def explain(right: str) -> str:
        row = win_rates(games, "bot").loc["expert"]
        return (
            f"The expert bot won {row['wins']:g} of its {row['games']:g} games, {row['rate']:.0%}, 95% interval "
            f"{row['low']:.1%} to {row['high']:.1%} (over seeds: a seed's two games share its cards). It plays the "
            "strong bot's own best moves out before choosing, so it sees what they lead to - within the Season, and "
            "beyond it through what thousands of games went on to score from such positions."
        )

    def why_not(given: str) -> str:
        if EXPERT[3] in (given, expert_answer(games)):
            return "Compare the whole interval, not only the rate, with 1/2 and 3/4."
        return "Look at where the lower end of the interval lies: above 1/2? above 3/4?"

    def by_seat() -> str:
        lines = ["The expert bot's games by the seat it held:"]
        for seat, row in expert_seats(games).iterrows():
            lines.append(
                f"  seat {seat}: won {row['rate']:.0%} [{row['low']:.0%}, {row['high']:.0%}] of {row['games']:g}"
            )
        return pre_lines(lines)

    def expert_ratings() -> str:
        return ratings_html(games, f"Ratings from {len(games)} two-player games")

    return Question(
        "The kit's expert bot (a search: it plays each of the strong bot's best few moves on, with strong bots in "
        f"every seat, in worlds drawn from what it can see) plays the strong bot, two players, {seeds} seeds, each "
        "seed once from each seat. What share of the games does it win?",
        lambda: expert_answer(games),
        kind="choice",
        options=list(EXPERT),
        explain=explain,
        hint="Read the interval of its win rate and compare its lower end with 1/2 and with 3/4.",
        wrong=why_not,
        fold=games_answer(by_seat, expert_ratings),
        fold_title="The games' answer: by seat, and the ratings",
    )


def expert_seats(games):
    """The expert bot's win rate by the seat it held, with Wilson intervals (it holds one seat a game)."""
    import pandas as pd

    from ..explore.stats import per_seat, wilson

    seats = per_seat(games)
    rows = {}
    for seat, group in seats[seats["bot"] == "expert"].groupby("seat"):
        wins, count = float(group["win"].sum()), len(group)
        low, high = wilson(wins, count)
        rows[seat] = {"games": count, "wins": wins, "rate": wins / count, "low": low, "high": high}
    return pd.DataFrame.from_dict(rows, orient="index")


# -- 12, continued: the seat order when every player plays well ----------------------------------------------------
SEATS_EXPERT = "seat_order_expert.jsonl"
SEATS_EXPERT_COMMAND = "explore --players 4 --bots expert,expert,expert,expert"
SEATS_STRONG = "seat_order_strong4.jsonl"
SEATS_STRONG_COMMAND = "explore --players 4 --bots strong,strong,strong,strong --games 1000"
SEAT_EDGE = (
    "clearly more than 1 game in 4: the edge holds",
    "clearly 1 game in 4 or fewer: the edge is gone",
    "these games cannot tell",
)


def seat_order_sweeps(folder) -> tuple[object, object]:
    """The two stored four-player sweeps with one bot in every seat, one game a seed: four expert bots
    (:data:`SEATS_EXPERT_COMMAND`) and four strong bots (:data:`SEATS_STRONG_COMMAND`), as (expert, strong) tables."""
    from pathlib import Path

    from ..explore.runner import read_results, results_table

    return tuple(results_table(read_results(Path(folder) / name)) for name in (SEATS_EXPERT, SEATS_STRONG))


def seat_three(games):
    """Seat 3's win rate in ``games`` with its 95% interval (Wilson: one game a seed, one seat a game)."""
    return win_rates(games, "seat").loc[3]


def seat_edge_answer(games) -> str:
    """Which of :data:`SEAT_EDGE` the interval of seat 3's win rate supports, against the fair share 1/4."""
    row = seat_three(games)
    if row["low"] > 0.25:
        return SEAT_EDGE[0]
    if row["high"] <= 0.25:
        return SEAT_EDGE[1]
    return SEAT_EDGE[2]


def seat_three_paired(expert_games, strong_games) -> dict:
    """Seat 3's share of the wins on the seeds both sweeps played (a shared win counts its share), four expert bots
    less four strong bots: the seeds, both shares, the difference with its bootstrap interval over the seeds
    (:func:`~tameri_kit.explore.stats.paired_difference`) and the paired t-test's p-value."""
    from ..explore.stats import paired_difference, paired_test, per_seat

    def shares(games) -> dict[int, float]:
        seat_three_rows = per_seat(games).query("seat == 3")
        return dict(zip(seat_three_rows["seed"].astype(int), seat_three_rows["win"]))

    expert, strong = shares(expert_games), shares(strong_games)
    seeds = sorted(set(expert) & set(strong))
    first, second = [expert[seed] for seed in seeds], [strong[seed] for seed in seeds]
    difference, low, high = paired_difference(first, second)
    return {
        "seeds": len(seeds),
        "expert": sum(first),
        "strong": sum(second),
        "difference": difference,
        "low": low,
        "high": high,
        "p": paired_test(first, second),
    }


def expert_seat_order(expert_games, strong_games) -> Question:
    """Does seat 3's edge of the strong bots' games hold when four expert bots play?  Asked with the strong bots'
    figure (context, not the answer); the fold charts both sweeps' seats and gives each one's overall test."""
    from ..explore.stats import StatsError, format_p, seat_test
    from ..widgets.question import figure_html
    from .charts_11 import two_rate_chart

    strong = seat_three(strong_games)

    def explain(right: str) -> str:
        row = seat_three(expert_games)
        text = (
            f"With four expert bots seat 3 won {row['wins']:g} of {row['games']:g} games, {row['rate']:.1%} (95% "
            f"interval {row['low']:.1%} to {row['high']:.1%}); with four strong bots {strong['rate']:.1%} of "
            f"{strong['games']:g} games ({strong['low']:.1%} to {strong['high']:.1%})."
        )
        if right == SEAT_EDGE[0]:
            return text + " Its whole interval lies above 1/4: the edge is not a habit of one bot's play."
        if right == SEAT_EDGE[1]:
            return text + " Its whole interval lies at or below 1/4: with better play the edge is gone."
        return text + " Its interval holds 1/4: these games cannot tell an edge from luck; more games would."

    def why_not(given: str) -> str:
        if SEAT_EDGE[2] in (given, seat_edge_answer(expert_games)):
            return "Compare the whole interval of seat 3's win rate with 1/4, not the rate alone."
        return "Look at which side of 1/4 the interval of seat 3's win rate lies."

    def chart() -> str:
        expert_rates, strong_rates = win_rates(expert_games, "seat"), win_rates(strong_games, "seat")
        labels = [f"seat {seat}" for seat in expert_rates.index]
        names = (f"four expert bots, {len(expert_games)} games", f"four strong bots, {len(strong_games)} games")
        return figure_html(two_rate_chart(expert_rates, strong_rates, labels, names, "Who wins, by seat", 0.25))

    def tests() -> str:
        lines = []
        for label, games in (("four expert bots", expert_games), ("four strong bots", strong_games)):
            try:
                lines.append(f"{label}: {seat_test(games)}")
            except StatsError as error:
                lines.append(f"{label}: no overall test ({error})")
            for seat, row in win_rates(games, "seat").iterrows():
                lines.append(
                    f"  seat {seat}: won {row['wins']:g} of {row['games']:g}, {row['rate']:.1%} "
                    f"[{row['low']:.1%}, {row['high']:.1%}]"
                )
        try:
            pair = seat_three_paired(expert_games, strong_games)
            lines.append(
                f"on the {pair['seeds']} seeds both played, seat 3 won {pair['expert']:g} with four expert bots and "
                f"{pair['strong']:g} with four strong bots:"
            )
            lines.append(
                f"  expert less strong {pair['difference']:+.1%} [{pair['low']:+.1%}, {pair['high']:+.1%}] "
                f"(bootstrap over the seeds), paired t-test {format_p(pair['p'])}"
            )
        except StatsError as error:
            lines.append(f"no paired comparison ({error})")
        return pre_lines(lines)

    return Question(
        f"Four strong bots played {len(strong_games)} seeds, one game each: seat 3 won {strong['rate']:.0%} of them, "
        "where a fair seat would win 1 game in 4. Is that the seat, or the strong bot's habits? Now four expert bots "
        f"play {len(expert_games)} seeds, one game each (the same bot in every seat, so any edge is the seat's). "
        "How often does seat 3 win?",
        lambda: seat_edge_answer(expert_games),
        kind="choice",
        options=list(SEAT_EDGE),
        explain=explain,
        hint="Read the interval of seat 3's win rate in the expert bots' games and compare it with 1/4.",
        wrong=why_not,
        fold=games_answer(chart, tests),
        fold_title="The games' answer: every seat, both sweeps",
    )
