"""Benchmarks for the game table (:mod:`tameri_kit.widgets.table`): a person clicks through whole games against
greedy bots; each click is split into the table's own work and the bots' turns.

Targets (issue 15, docs/performance.md "The game table"): from a click to the updated table under 100 ms for
the widget's own work (the person's decision applied, every control and picture redrawn - the bots excluded),
and the bots' turns up to the person's next decision under 1 s with greedy bots, on one core.

Times are the process's CPU time (``time.process_time``), not wall time: on a shared machine other work only
adds waiting, which CPU time leaves out, so the figures say what the table itself costs.  For each click the
table records ``timings["table"]`` (the decision stepped plus the redraw: status, own board,
log, board picture, the legal decisions grouped and explained, Why-not choices) and ``timings["bots"]`` (greedy
bots and chance until the person must decide again).  The first click of a game also builds the pool of decision
controls, and the last one draws the final score chart (matplotlib): both are reported apart.
"""

from __future__ import annotations

import os
import statistics
import time

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import GreedyBot, bot_view
from tameri_kit.widgets.table import GameTable


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def clicks(players: int, seed: int) -> tuple[list[float], list[float], float, float, int]:
    """A whole game, the person clicking the first legal decision each time: (table seconds per click in the
    middle of the game, bots seconds per click, first click, last click, entries)."""
    table = GameTable(Settings.for_players(players), seed=seed, bots="greedy")
    table.clock = time.process_time  # CPU time: what the code costs, whatever else the machine is doing
    table_times, bot_times = [], []
    while not table.state.is_terminal:
        before = len(table.record.entries)
        table.decision_buttons[0].click()
        table_times.append(table.timings["table"])
        if len(table.record.entries) > before + 1:  # the bots (or chance) moved after the decision
            bot_times.append(table.timings["bots"])
    return table_times[1:-1], bot_times, table_times[0], table_times[-1], len(table.record.entries)


def slowest_stretches(players: int, seed: int, count: int = 2, repeats: int = 5) -> list[tuple[float, float]]:
    """The ``count`` slowest bots' turns of a whole game (as :func:`clicks` plays it), each timed again: the bots'
    views and greedy decisions of that stretch made anew on the same positions ``repeats`` times, the fastest kept
    (the chance moves and the steps between are left out: well under a millisecond each).  On a shared
    machine one measurement can be a third slower than the code's cost; the fastest of several is steadier.
    Returns (first measurement, fastest re-timing) in seconds, slowest first."""
    table = GameTable(Settings.for_players(players), seed=seed, bots="greedy")
    table.clock = time.process_time
    stretches = []
    while not table.state.is_terminal:
        before = len(table.record.entries)
        table.decision_buttons[0].click()
        after = len(table.record.entries)
        if after > before + 1:  # the person's decision is entry `before`; bots and chance follow
            stretches.append((table.timings["bots"], range(before + 1, after)))
    stretches.sort(key=lambda stretch: -stretch[0])
    people = set(table.people)
    out = []
    for first, entries in stretches[:count]:
        positions = [
            table.states[index]
            for index in entries
            if not table.states[index].is_chance and table.states[index].to_move not in people
        ]
        fastest = float("inf")
        for _ in range(repeats):
            fresh = [position.but() for position in positions]  # copies without the answers already worked out
            start = time.process_time()
            for position in fresh:
                GreedyBot(seed).choose(bot_view(position))
            fastest = min(fastest, time.process_time() - start)
        out.append((first, fastest))
    return out


def run(quick: bool = False) -> None:
    seeds = [1] if quick else [1, 2, 3]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"\nThe game table (widgets.table.GameTable), greedy bots, one core; CPU ms per click "
        f"(load average {load:.1f} at the start; CPU time leaves out waiting for a busy machine)"
    )
    print("bots: only the clicks after which bots or chance moved before the person's next decision")
    print(
        f"{'players':>7} {'games':>5} {'clicks':>6} | {'table median':>12} {'p95':>6} {'max':>6} | "
        f"{'first':>6} {'last (chart)':>12} | {'bots median':>11} {'p95':>6} {'max':>6}"
    )
    for players in (2, 3, 4):
        table_ms, bots_ms, firsts, lasts = [], [], [], []
        start = time.perf_counter()
        for seed in seeds:
            t, b, first, last, _ = clicks(players, seed)
            table_ms += [1000 * x for x in t]
            bots_ms += [1000 * x for x in b]
            firsts.append(1000 * first)
            lasts.append(1000 * last)
        spent = time.perf_counter() - start
        print(
            f"{players:>7} {len(seeds):>5} {len(table_ms) + 2 * len(seeds):>6} | "
            f"{statistics.median(table_ms):>12.1f} {_quantile(table_ms, 0.95):>6.1f} {max(table_ms):>6.1f} | "
            f"{statistics.median(firsts):>6.1f} {statistics.median(lasts):>12.1f} | "
            f"{statistics.median(bots_ms):>11.1f} {_quantile(bots_ms, 0.95):>6.1f} {max(bots_ms):>6.1f}"
            f"   ({spent:.1f} s)"
        )
    print("the two slowest bots' turns of each game, measured once and then the fastest of 5 re-timings (ms):")
    for players in (2, 3, 4):
        timed = [stretch for seed in seeds for stretch in slowest_stretches(players, seed)]
        shown = ", ".join(f"{1000 * first:.0f} -> {1000 * fastest:.0f}" for first, fastest in timed)
        print(f"{players:>7} players: {shown}; max of the fastest {1000 * max(f for _, f in timed):.0f} ms")


if __name__ == "__main__":
    run()
