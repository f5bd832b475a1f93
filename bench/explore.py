"""Benchmarks for sweeps (:mod:`tameri_kit.explore`): games per second per core for each bot, the process pool's
speed-up over one process on this machine's cores, and a Dask ``LocalCluster`` against the process pool (the
overhead per game of sending work to Dask).

    python -m bench.explore [--quick]

Target (issue 17): the process pool at least 1.8x one process on 2 cores.  Figures in docs/performance.md, "Sweeps".
"""

from __future__ import annotations

import argparse
import os
import time

from tameri_kit.explore import run_games
from tameri_kit.explore.runner import process_pool
from tameri_kit.game import Settings

SETTINGS = Settings.for_players(4)


def _time(executor, bots, seeds) -> float:
    start = time.perf_counter()
    run_games(SETTINGS, bots, seeds, executor=executor, progress=False)
    return time.perf_counter() - start


def run(quick: bool = False) -> None:
    cores = os.cpu_count() or 1
    games = 40 if quick else 400
    print(f"\nSweeps of random 4-player games ({games} games; {cores} cores)")
    serial = _time("serial", ["random"] * 4, range(games))
    print(f"  one process         {games / serial:7.1f} games/s")
    with process_pool(cores) as pool:  # the pool run_games makes by default
        _time(pool, ["random"] * 4, range(cores))  # start the workers before timing
        pooled = _time(pool, ["random"] * 4, range(games, 2 * games))
    print(
        f"  process pool ({cores})    {games / pooled:7.1f} games/s   speed-up {serial / pooled:4.2f}x "
        f"(target >= 1.8x on 2 cores)"
    )
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover
        print("  (distributed not installed: no Dask figure)")
        return
    with (
        LocalCluster(n_workers=cores, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        _time(executor, ["random"] * 4, range(cores))
        on_dask = _time(executor, ["random"] * 4, range(2 * games, 3 * games))
    overhead = 1000 * (on_dask - pooled) / games
    print(f"  Dask LocalCluster   {games / on_dask:7.1f} games/s   {overhead:+.2f} ms a game against the pool")
    greedy_games = 2 if quick else 6
    greedy = _time("serial", ["greedy"] * 4, range(greedy_games))
    print(
        f"  greedy bots, one process: {greedy_games / greedy:5.2f} games/s ({1000 * greedy / greedy_games:.0f} ms a game)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.explore", description=__doc__)
    parser.add_argument("--quick", action="store_true")
    run(quick=parser.parse_args().quick)
