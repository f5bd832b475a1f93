"""The expert bot's time per decision and its games against the strong bot and the Ghost, one core, CPU time.

    .venv/bin/python -m bench.expert [--simulations N] [--mode duel|solo|four] [--seeds 0:10] [--level easy]

Each game is played with :func:`tameri_kit.game.play.bots.play_game`; the expert bot's own CPU time
(``time.process_time``) is measured around every decision it takes and reported as a distribution (median, 90th
and 99th percentile, worst) over the decisions it searched (two or more candidates) and over all its decisions, and its simulations (playouts) per
CPU second of search (issue 34).
A person waits for it at the table: the issue's budget is a median of at most 1 s and a worst of at most 3 s.

Modes (paired seeds, seats rotated as ``explore --rotate`` does):

* ``duel``: 2 players, the expert against the strong bot, every seed twice (the expert in seat 1, then 2);
* ``four``: 4 players, the expert against three strong bots, every seed four times (each seat once);
* ``solo``: 1 player against the Ghost (``--level``), every seed once, with the strong bot's game on the same
  seed beside it.

Strength on many seeds is measured with ``python -m tameri_kit explore --bots expert,strong --rotate`` (resumable,
with intervals); this command is for the time per decision and a quick look.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.expert_bot import DEFAULT_SIMULATIONS, HORIZON, ExpertBot


class TimedExpert(ExpertBot):
    """An expert bot that notes its CPU time per decision and whether it searched."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.times: list[tuple[float, bool]] = []
        self.playouts = 0  # playouts of the searched decisions

    def choose(self, seen):
        began = time.process_time()
        decision = super().choose(seen)
        self.times.append((time.process_time() - began, bool(self.judged())))
        self.playouts += sum(judged.playouts for judged in self.judged())
        return decision


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def games(mode: str, seeds: range, simulations: int, level: str, horizon: int | None = HORIZON):
    """Yield (label, expert's seat, final state, the timed bot, the strong bot's score on the seed or None)."""
    for seed in seeds:
        if mode == "solo":
            bot = TimedExpert(seed * 1000, simulations, horizon=horizon)
            _, final = play_game(Settings.for_players(1, ghost=level), seed, [bot])
            _, strong = play_game(Settings.for_players(1, ghost=level), seed, ["strong"])
            yield f"seed {seed}", 0, final, bot, strong.players[0].score
            continue
        players = 2 if mode == "duel" else 4
        for seat in range(players):
            bots: list = ["strong"] * players
            bot = bots[seat] = TimedExpert(seed * 1000 + seat, simulations, horizon=horizon)
            _, final = play_game(Settings.for_players(players), seed, bots)
            yield f"seed {seed} seat {seat + 1}", seat, final, bot, None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.expert", description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=DEFAULT_SIMULATIONS)
    parser.add_argument("--mode", choices=("duel", "solo", "four"), default="duel")
    parser.add_argument("--seeds", default="0:4", help="first:end, e.g. 0:10")
    parser.add_argument("--level", default="easy", help="the Ghost's level in solo games")
    parser.add_argument(
        "--horizon",
        default=str(HORIZON),
        help="where playouts stop: Seasons after the current one (0: its end, the default) or 'end' (the game's end)",
    )
    args = parser.parse_args(argv)
    first, _, end = args.seeds.partition(":")
    horizon = None if args.horizon == "end" else int(args.horizon)
    searched: list[float] = []
    every: list[float] = []
    wins = played = playouts = 0
    margins = []
    for label, seat, final, bot, strong_score in games(
        args.mode, range(int(first), int(end)), args.simulations, args.level, horizon
    ):
        scores = [player.score for player in final.players]
        name = final.players[seat].name
        won = name in final.outcome.winners
        wins += won
        played += 1
        margin = scores[seat] - max(score for k, score in enumerate(scores) if k != seat)
        margins.append(margin)
        every.extend(t for t, _ in bot.times)
        searched.extend(t for t, did in bot.times if did)
        playouts += bot.playouts
        beside = f", the strong bot alone {strong_score}" if strong_score is not None else ""
        print(f"{label}: scores {scores}, expert {'won' if won else 'lost'} by {margin:+d}{beside}", flush=True)
    print(
        f"\nexpert:{args.simulations}, {args.mode}: won {wins} of {played}, mean margin {statistics.mean(margins):+.1f}"
    )
    for title, values in (("searched decisions", searched), ("all its decisions", every)):
        print(
            f"{title}: {len(values)}, CPU s median {percentile(values, 0.5):.3f}, p90 {percentile(values, 0.9):.3f}, "
            f"p99 {percentile(values, 0.99):.3f}, worst {max(values, default=float('nan')):.3f}"
        )
    if searched:
        print(f"simulations (playouts) per CPU second of the searched decisions: {playouts / sum(searched):.1f}")


if __name__ == "__main__":
    main()
