"""The stored sweeps of the search bots (``notebooks/sweeps/search_*.jsonl``): two-player games, every seed once per
seat order (``--rotate``), one pairing after another a seed at a time until a time budget is spent, so every pairing
gets about the same number of seeds however busy the machine is.  Each file is an ``explore`` results file: the
same rows as ``python -m tameri_kit explore --players 2 --bots A,B --rotate --games N --out FILE`` gives (which
resumes and extends it).

    nice python -m bench.search_sweep --minutes 30 --part 0 --parts 2 &     # one process per part
    nice python -m bench.search_sweep --minutes 30 --part 1 --parts 2 &
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
)


def main() -> None:
    command = argparse.ArgumentParser(description=__doc__)
    command.add_argument("--minutes", type=float, default=30)
    command.add_argument("--part", type=int, default=0)
    command.add_argument("--parts", type=int, default=1)
    command.add_argument("--max-seeds", type=int, default=200)
    args = command.parse_args()
    mine = PAIRINGS[args.part :: args.parts]
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


if __name__ == "__main__":
    main()
