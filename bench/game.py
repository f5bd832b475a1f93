"""Benchmarks for whole games (:mod:`tameri_kit.game`): random and greedy 4-player games per second, one core.

Target (docs/performance.md, "The whole game"): >= 100 random 4-player games per second (<= 10 ms a game).

Three ways to play a random game are timed: ``random_playout`` (the engine alone: legal decisions and steps),
``play_game`` with random bots (adds building each bot's view - the observation - at every decision) and
``play_game`` with greedy bots (each decision tried on the observation and scored).  ``profile()`` prints where
the time of random playouts goes.
"""

from __future__ import annotations

import time

from tameri_kit.game import Settings, random_playout
from tameri_kit.game.bots import play_game

SETTINGS = Settings.for_players(4)
TARGET = 100   # random 4-player games per second (the engine alone)


def _rate(play, seeds) -> tuple[float, float, float]:
    """(games per second, ms per game, mean entries per game) over ``seeds``."""
    entries = 0
    t = time.perf_counter()
    for seed in seeds:
        entries += play(seed)
    dt = time.perf_counter() - t
    n = len(seeds)
    return n / dt, 1000 * dt / n, entries / n


def rates(quick: bool = False) -> list[tuple]:
    n_random = 40 if quick else 200
    n_greedy = 2 if quick else 10
    rows = []
    random_playout(SETTINGS, 0)   # warm the caches (data loading)
    rows.append(("random_playout (engine only)",) +
                _rate(lambda s: len(random_playout(SETTINGS, s)[0]), range(n_random)))
    rows.append(("play_game, 4 random bots",) +
                _rate(lambda s: len(play_game(SETTINGS, s, ["random"] * 4)[0].entries), range(n_random // 4)))
    rows.append(("play_game, 4 greedy bots",) +
                _rate(lambda s: len(play_game(SETTINGS, s, ["greedy"] * 4)[0].entries), range(n_greedy)))
    return rows


def profile(games: int = 50, top: int = 15) -> None:
    """cProfile of ``games`` random playouts, sorted by own time."""
    import cProfile
    import pstats

    pr = cProfile.Profile()
    pr.enable()
    for seed in range(games):
        random_playout(SETTINGS, seed)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(top)


def run(quick: bool = False) -> None:
    print("\nWhole games, 4 players, one core (target: >= 100 random games/s, <= 10 ms a game)")
    print(f"{'player':<32} {'games/s':>9} {'ms/game':>9} {'entries/game':>13}  target")
    for k, (name, rate, ms, entries) in enumerate(rates(quick)):
        verdict = ("ok" if rate >= TARGET else "MISSED") if k == 0 else "-"
        print(f"{name:<32} {rate:>9.1f} {ms:>9.2f} {entries:>13.0f}  {verdict}")


if __name__ == "__main__":
    import sys

    if "--profile" in sys.argv:
        profile()
    else:
        run(quick="--quick" in sys.argv)
