"""Read finished sweeps (results files of ``python -m tameri_kit explore``) and print the strong bot's figures:
win rates with Wilson intervals, a bootstrap interval of its score margin, and a Bradley-Terry rating table of
every bot in the files.

    python -m bench.ratings bench/results/strong_vs_greedy.jsonl bench/results/strong_vs_random.jsonl ...

Each file is read as it stands (a sweep still running, or stopped, counts the games it has finished).  Figures in
docs/performance.md, "The strong bot".
"""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd

from tameri_kit.explore import read_results, results_table
from tameri_kit.explore import stats


def table_of(path: str) -> pd.DataFrame:
    """The finished games of one results file as a table (the rows ``run_games`` returns)."""
    return results_table(read_results(path))


def margins(table: pd.DataFrame, bot: str = "strong") -> list[float]:
    """Per game: the total of ``bot``'s seat minus the best total of the other seats (positive: it won)."""
    out = []
    for game in table.itertuples(index=False):
        for seat, name in enumerate(game.bots):
            if name == bot:
                others = [total for k, total in enumerate(game.totals) if k != seat]
                out.append(game.totals[seat] - max(others))
    return out


def report(paths: list[str]) -> None:
    tables = []
    for path in paths:
        table = table_of(path)
        tables.append(table)
        if table.empty:
            print(f"{path}: no finished game yet")
            continue
        bots = "/".join(sorted(set(table["bots"].iloc[0])))
        print(f"\n{path}: {len(table)} games ({bots}), seeds {table['seed'].min()}-{table['seed'].max()}")
        rates = stats.win_rates(table, "bot")
        for bot, row in rates.iterrows():
            print(
                f"  {bot:<7} wins {row['wins']:6.1f} of {int(row['games']):5d} seats: {row['rate']:6.1%} "
                f"[{row['low']:6.1%}, {row['high']:6.1%}] (95% Wilson)"
            )
        if "strong" in set(table["bots"].iloc[0]):
            margin = margins(table)
            mean, low, high = stats.bootstrap(margin, np.mean)
            print(
                f"  strong's total minus the best other total: mean {mean:+.1f} [{low:+.1f}, {high:+.1f}] (bootstrap)"
            )
            seats = stats.per_seat(table)
            if table["rotation"].nunique() > 1:  # paired design: each seed once per seat of the strong bot
                by_seed = seats[seats["bot"] == "strong"].groupby("seed")["win"].mean()
                share, low, high = stats.bootstrap(list(by_seed), np.mean)
                print(
                    f"  strong's win rate over {len(by_seed)} seeds, each played in every seat: {share:.1%} "
                    f"[{low:.1%}, {high:.1%}] (bootstrap over seeds)"
                )
            seats = seats.groupby("bot")
            print(
                "  mean total by bot: "
                + ", ".join(f"{bot} {value:.1f}" for bot, value in seats["total"].mean().items())
            )
            print("  Buildings by bot: " + ", ".join(f"{bot} {v:.1f}" for bot, v in seats["buildings"].mean().items()))
    games = pd.concat([t for t in tables if not t.empty], ignore_index=True)
    if games["bots"].map(lambda bots: len(set(bots))).max() > 1:
        ratings = stats.bradley_terry(games, resamples=200)
        print(f"\nBradley-Terry ratings from all {len(games)} games (Elo scale, mean 0, 95% bootstrap interval):")
        for bot, row in ratings.iterrows():
            print(f"  {bot:<7} {row['rating']:+7.0f}  [{row['low']:+7.0f}, {row['high']:+7.0f}]")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__)
    parser.add_argument("paths", nargs="+", help="results files (JSON Lines) of python -m tameri_kit explore")
    report(parser.parse_args().paths)
