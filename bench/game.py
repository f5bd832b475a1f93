"""Benchmarks for whole games (:mod:`tameri_kit.game`): random and greedy 4-player games per second, one core.

Target (docs/performance.md, "The whole game"): >= 100 random 4-player games per second (<= 10 ms a game).

Four ways to play a game are timed:

* ``random_playout`` - the engine alone, as a user simulating many random games calls it: the same legal
  decisions, draws and rules as the step loop below, run on one working copy (no state frozen in between);
* the public step loop - ``sample_chance`` / ``legal_actions`` / ``step`` for every entry, a new frozen
  ``GameState`` each time (what records, replays, widgets and bots use);
* ``play_game`` with random bots (adds each bot's view - the observation - at every decision);
* ``play_game`` with greedy bots (each decision tried on the observation and scored).

Each random figure is the best of 5 repeats: on a shared machine other work only ever adds time, so the fastest
repeat is the closest to what the code itself costs (the ``timeit`` convention).  ``profile()`` prints where the
time of random playouts goes.
"""

from __future__ import annotations

import random
import time

from tameri_kit.game import Settings, legal_actions, new_game, random_playout, sample_chance, step
from tameri_kit.game.play.bots import play_game

SETTINGS = Settings.for_players(4)
TARGET = 100  # random 4-player games per second (the engine alone)


def step_loop(settings: Settings, seed: int) -> int:
    """A random game through the public API, one frozen state per entry; returns the number of entries."""
    rng, s, n = random.Random(seed), new_game(settings), 0
    while not s.is_terminal:
        if s.is_chance:
            d = sample_chance(s, rng)
        else:
            acts = legal_actions(s)
            d = acts[rng.randrange(len(acts))]
        s = step(s, d)
        n += 1
    return n


def _rate(play, seeds, repeats: int = 1) -> tuple[float, float, float]:
    """(games per second, ms per game, mean entries per game) over ``seeds``, the best of ``repeats`` runs."""
    best, entries = float("inf"), 0
    for _ in range(repeats):
        entries = 0
        t = time.perf_counter()
        for seed in seeds:
            entries += play(seed)
        best = min(best, time.perf_counter() - t)
    n = len(seeds)
    return n / best, 1000 * best / n, entries / n


def rates(quick: bool = False) -> list[tuple]:
    n_random, repeats = (40, 1) if quick else (200, 5)
    n_greedy = 2 if quick else 10
    rows = []
    random_playout(SETTINGS, 0)  # warm the caches (data loading)
    rows.append(
        ("random_playout (engine only)",)
        + _rate(lambda s: len(random_playout(SETTINGS, s)[0]), range(n_random), repeats)
    )
    rows.append(("step loop (public API)",) + _rate(lambda s: step_loop(SETTINGS, s), range(n_random // 2), repeats))
    rows.append(
        ("play_game, 4 random bots",)
        + _rate(lambda s: len(play_game(SETTINGS, s, ["random"] * 4)[0].entries), range(n_random // 4))
    )
    rows.append(
        ("play_game, 4 greedy bots",)
        + _rate(lambda s: len(play_game(SETTINGS, s, ["greedy"] * 4)[0].entries), range(n_greedy))
    )
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
    print(
        "\nWhole games, 4 players, one core (target: >= 100 random games/s, <= 10 ms a game; best of "
        f"{1 if quick else 5} repeats)"
    )
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
