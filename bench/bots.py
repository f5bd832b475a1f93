"""Benchmarks for the bots (:mod:`tameri_kit.game.play.bots`, :mod:`tameri_kit.game.play.strong_bot`): each bot's own time
per game, one core.

    python -m bench.bots [--quick] [--games N]

One bot of the kind measured sits in a 4-player game with three random bots (seat rotated by seed); the time it
spends in its own ``choose`` is counted with ``time.process_time`` (CPU time of this process, so other programs on
a shared machine add little).  The engine's time and the time taken to build each bot's view are not counted: they
are the same for every bot (a game of four random bots, views included, is shown for scale).

Target (issue 17): the strong bot at most 50 ms of its own time a game.  Figures in docs/performance.md,
"The strong bot".
"""

from __future__ import annotations

import argparse
import statistics
import time

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import make_bot, play_game

SETTINGS = Settings.for_players(4)
TARGET_MS = 50  # the strong bot's own time a game


class Timed:
    """Wraps a bot and adds up the CPU time spent in its ``choose``."""

    def __init__(self, bot):
        self.bot, self.name, self.seconds, self.decisions = bot, bot.name, 0.0, 0

    def choose(self, seen):
        start = time.process_time()
        decision = self.bot.choose(seen)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return decision


def own_time(kind: str, seeds) -> list[tuple[float, int]]:
    """(seconds, decisions) of one ``kind`` bot per game, against three random bots, its seat rotated by seed."""
    out = []
    for seed in seeds:
        seat = seed % 4
        bots = [make_bot("random", seed * 1000 + k) for k in range(4)]
        timed = Timed(make_bot(kind, seed * 1000 + seat))
        bots[seat] = timed
        play_game(SETTINGS, seed, bots)
        out.append((timed.seconds, timed.decisions))
    return out


def run(quick: bool = False, games: int | None = None) -> None:
    print("\nBots: own CPU time a 4-player game (one bot among three random bots, seat rotated; one core)")
    start = time.process_time()
    n = 10 if quick else 100
    for seed in range(n):
        play_game(SETTINGS, seed, ["random"] * 4)
    print(f"  four random bots, whole game (engine + views): {1000 * (time.process_time() - start) / n:6.1f} ms")
    for kind, count in (("random", 20), ("strong", 40), ("greedy", 4)):
        count = games or (max(2, count // 4) if quick else count)
        rows = own_time(kind, range(count))
        per_game = [1000 * seconds for seconds, _ in rows]
        decisions = statistics.mean(d for _, d in rows)
        note = f"   (target <= {TARGET_MS} ms)" if kind == "strong" else ""
        print(
            f"  {kind:<7} mean {statistics.mean(per_game):7.1f} ms, median {statistics.median(per_game):7.1f}, "
            f"max {max(per_game):7.1f} over {count} games; {decisions:.0f} decisions a game{note}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, default=None, help="games per bot (default 20 / 40 / 4)")
    arguments = parser.parse_args()
    run(quick=arguments.quick, games=arguments.games)
