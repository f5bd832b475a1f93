"""The stored sweeps of the search bots (``notebooks/sweeps/search_*.jsonl``): two-player games, every seed once per
seat order (``--rotate``), one pairing after another a seed at a time until a time budget is spent, so every pairing
gets about the same number of seeds however busy the machine is.  Each file is an ``explore`` results file: the
same rows as ``python -m tameri_kit explore --players 2 --bots A,B --rotate --games N --out FILE`` gives (which
resumes and extends it).

    nice python -m bench.search_sweep --minutes 30 --part 0 --parts 2 &     # one process per part
    nice python -m bench.search_sweep --minutes 30 --part 1 --parts 2 &
    nice python -m bench.search_sweep --minutes 20 --pairings search_mcts4_random search_ismcts16_random
    python -m bench.search_sweep --ratings      # the rating table and each pairing's win rate, from the files
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tameri_kit.explore import run_games
from tameri_kit.game import Settings

SWEEPS = Path(__file__).resolve().parent.parent / "notebooks" / "sweeps"
#: The pairings, each a file: (file stem, the two bots).
PAIRINGS = (
    ("search_mcts16_strong", ("mcts:16", "strong")),
    ("search_ismcts16_strong", ("ismcts:16", "strong")),
    ("search_mcts4_greedy", ("mcts:4", "greedy")),
    ("search_mcts16_ismcts16", ("mcts:16", "ismcts:16")),
    ("search_mcts4_mcts16", ("mcts:4", "mcts:16")),
    ("search_strong_greedy", ("strong", "greedy")),
    ("search_greedy_random", ("greedy", "random")),
    ("search_mcts4_random", ("mcts:4", "random")),
    ("search_ismcts16_random", ("ismcts:16", "random")),
    ("search_mcts4_ismcts16", ("mcts:4", "ismcts:16")),
)


def main() -> None:
    command = argparse.ArgumentParser(description=__doc__)
    command.add_argument("--minutes", type=float, default=30)
    command.add_argument("--part", type=int, default=0)
    command.add_argument("--parts", type=int, default=1)
    command.add_argument("--max-seeds", type=int, default=200)
    command.add_argument(
        "--pairings", nargs="*", default=None, help="only these files (stems), e.g. search_mcts4_random"
    )
    command.add_argument("--ratings", action="store_true", help="print the ratings of the stored sweeps and stop")
    args = command.parse_args()
    if args.ratings:
        ratings()
        return
    chosen = [pairing for pairing in PAIRINGS if args.pairings is None or pairing[0] in args.pairings]
    if args.pairings is not None and len(chosen) != len(args.pairings):
        command.error(f"unknown pairing among {args.pairings}; the pairings: {', '.join(stem for stem, _ in PAIRINGS)}")
    mine = chosen[args.part :: args.parts]
    settings = Settings.for_players(2)
    end = time.monotonic() + args.minutes * 60
    for seeds in range(1, args.max_seeds + 1):
        for stem, bots in mine:
            if time.monotonic() > end:
                return
            run_games(
                settings, list(bots), range(seeds), "serial", SWEEPS / f"{stem}.jsonl", rotate=True, progress=False
            )
            print(stem, seeds, flush=True)


def ratings() -> None:
    """The Bradley-Terry rating table over every stored pairing, and each pairing's first bot's win rate."""
    from tameri_kit.explore.stats import bradley_terry, win_rates
    from tameri_kit.lessons.questions_11 import search_sweeps

    games = search_sweeps(SWEEPS)
    table = bradley_terry(games)
    print(f"Bradley-Terry ratings from {len(games)} two-player games (Elo scale, mean bot 0, 95% bootstrap intervals):")
    for bot, row in table.iterrows():
        print(f"  {bot:<10} {row.rating:+6.0f}  [{row.low:+.0f}, {row.high:+.0f}]")
    print("Each pairing: the first bot's win rate (ties shared), 95% interval:")
    for stem, bots in PAIRINGS:
        pair = games[games["sweep"] == stem]
        row = win_rates(pair, "bot").loc[bots[0]]
        print(
            f"  {bots[0]:>9} vs {bots[1]:<9} {len(pair):3d} games  {row['rate']:5.0%}  [{row['low']:.0%}, {row['high']:.0%}]"
        )


if __name__ == "__main__":
    main()
