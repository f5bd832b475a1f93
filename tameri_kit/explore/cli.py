"""``python -m tameri_kit explore``: a sweep of seeded games from the command line, resumable after Ctrl-C.

    python -m tameri_kit explore --players 4 --bots random,greedy,greedy,greedy --games 200 --out sweep.jsonl
    python -m tameri_kit explore ... --rotate            # every seed once per rotation of the bots (paired design)
    python -m tameri_kit explore ... --dask tcp://scheduler:8786     # on a Dask cluster
    python -m tameri_kit explore --players 1 --ghost hard --bots strong --games 200 --out ghost_hard.jsonl

    python -m tameri_kit explore ... --reading W1=none --reading scoring.hand_glyphs=by_side   # other readings

It shows a progress bar, writes each finished game to ``--out`` at once, and prints the win rate of each bot and of
each seat (seat 1 = the first player) with 95 % intervals, the overall test of "does the seat matter?", every
pair's difference in win rate and in points with intervals over seeds, and a warning with corrected p-values when
the table answers many questions at once (:mod:`tameri_kit.explore.summary`).  With ``--ghost``: ``--players``
counts the humans, 1-3, as in ``play --ghost``; the Ghost plays itself, and the command prints how often the humans
beat it and their mean margin.  ``--reading NAME=VALUE`` (repeatable) plays under another reading of
``docs/ambiguities.md`` (:mod:`tameri_kit.explore.readings`); the results file records it.  Run the same command
again after an interruption and it plays only the games that are missing.
"""

from __future__ import annotations

import argparse
import signal
import sys

from ..errors import TameriError
from ..game.play.bots import BOT_NAMES
from ..game.play.cli import CommandParser
from ..game.core.settings import GHOST_LEVELS, Settings
from .readings import READING_IDS, reading_changes, with_readings
from .runner import ExploreError, process_pool, run_games
from .stats import StatsError, bradley_terry, rating_gaps, wilson
from .summary import summary_lines


def parser() -> argparse.ArgumentParser:
    """The ``explore`` command's options."""
    command = CommandParser(
        prog="python -m tameri_kit explore", description="Play many seeded games between bots and report win rates."
    )
    command.add_argument(
        "--players", type=int, default=4, choices=(1, 2, 3, 4), help="2 to 4 (default 4); 1 to 3 humans with --ghost"
    )
    command.add_argument(
        "--ghost",
        choices=tuple(GHOST_LEVELS),
        default=None,
        help="the +1 Player Mode: the humans (--players, 1-3) against the Ghost at this level; it takes no bot",
    )
    command.add_argument(
        "--bots",
        default="greedy",
        help=f"one bot for everyone or one per seat, comma separated: {', '.join(BOT_NAMES)}; with the [openspiel] "
        "extra also mcts (OpenSpiel's MCTS, sees hidden information) and ismcts (does not peek), with the "
        "simulations per decision after a colon: mcts:400",
    )
    command.add_argument("--games", type=int, default=100, help="how many seeds (default 100)")
    command.add_argument("--first-seed", type=int, default=0, help="the first seed (default 0)")
    command.add_argument(
        "--rotate",
        action="store_true",
        help="play each seed once per rotation of the bots round the table (paired design)",
    )
    command.add_argument(
        "--out",
        default="explore.jsonl",
        help="results file (JSON Lines), appended as games finish; run again to resume (default explore.jsonl)",
    )
    command.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes on this machine (default: one per core; 1 plays in this process)",
    )
    command.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="a Dask scheduler address (tcp://host:8786), or 'local' for a LocalCluster here",
    )
    command.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"play under another reading of docs/ambiguities.md (repeatable): an id ({', '.join(READING_IDS)}) or "
        "group.field, e.g. W1=none",
    )
    command.add_argument("--no-progress", action="store_true", help="no progress bar")
    return command


def _dask_client(address: str, workers: int | None, closers: list):
    """A Dask client of a scheduler at ``address`` (``tcp://host:8786``) or of a LocalCluster here (``local``);
    an address that does not parse or does not answer is an :class:`ExploreError` naming it."""
    from distributed import Client, LocalCluster

    if address == "local":
        cluster = LocalCluster(n_workers=workers or None, threads_per_worker=1)
        closers.append(cluster)
        return Client(cluster)
    if "://" not in address and ":" not in address:
        raise ExploreError(f"--dask {address!r} is not a scheduler address; give tcp://host:port or 'local'")
    try:
        return Client(address, timeout=30)
    except (ValueError, TypeError, OSError, TimeoutError) as error:
        raise ExploreError(f"cannot use the Dask scheduler at {address!r}: {error}") from None


def rating_lines(table) -> list[str]:
    """The Bradley-Terry rating table of the bots (:func:`tameri_kit.explore.stats.bradley_terry`, Elo scale, mean
    bot 0, 95 % bootstrap intervals over the games), then how far each bot is above the next one down, with the
    interval of that gap (:func:`~tameri_kit.explore.stats.rating_gaps`: the test of "are these two apart", which
    overlapping rating intervals are not); nothing when the games hold one bot only."""
    try:
        ratings = bradley_terry(table)
        gaps = rating_gaps(table)
    except StatsError:
        return []
    lines = ["ratings (Bradley-Terry from every pair of seats in every game, Elo scale, mean bot 0, 95% intervals):"]
    width = max(len(bot) for bot in ratings.index)
    unrated = set()
    for bot, row in ratings.iterrows():
        if row.separated:
            unrated.add(bot)
            low, high = wilson(row.wins, int(round(row.pairings)))
            lines.append(
                f"  {bot:<{width}}  cannot be rated: {row.separated} ({row.wins:g} of {row.pairings:g}: no bound on "
                f"its rating); win rate [{low:.0%}, {high:.0%}] (Wilson, 95%)"
            )
        else:
            lines.append(f"  {bot:<{width}}  {row.rating:+7.0f}  [{row.low:+.0f}, {row.high:+.0f}]")
    if len(gaps) > 1:
        header = f"gaps between neighbours (95% intervals together: Bonferroni over the {len(gaps)} gaps):"
    else:
        header = "the gap between the two (95% interval):"
    if unrated:  # a gap to a bot that cannot be rated has no bound either
        gaps = gaps[[not ({row.higher, row.lower} & unrated) for row in gaps.itertuples()]]
        if gaps.empty:
            return lines
        header = header[:-1] + ", without the bots that cannot be rated:"
    lines.append(header)
    names = [f"{row.higher} above {row.lower}" for row in gaps.itertuples()]
    spans = [f"[{row.low:+.0f}, {row.high:+.0f}]" for row in gaps.itertuples()]
    for name, span, row in zip(names, spans, gaps.itertuples()):
        verdict = "apart" if row.apart else "cannot tell"
        lines.append(f"  {name:<{max(map(len, names))}}  {row.gap:+7.0f}  {span:<{max(map(len, spans))}}  {verdict}")
    return lines


def main(argv: list[str] | None = None, out=None) -> int:
    """Run the command; returns the exit code.  Errors print as ``error: ...`` (never a traceback)."""
    out = out or sys.stdout
    args = parser().parse_args(argv)
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    low, high = (1, 3) if args.ghost else (2, 4)
    if not low <= args.players <= high:
        against = " humans against the Ghost" if args.ghost else " players (1 to 3 with --ghost)"
        print(f"error: --players is {low} to {high}{against}, not {args.players}", file=sys.stderr)
        return 2
    if len(bots) == 1:
        bots = bots * args.players
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    if args.first_seed < 0:
        print("error: --first-seed must be 0 or more", file=sys.stderr)
        return 2
    if args.workers is not None and args.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return 2
    seeds = range(args.first_seed, args.first_seed + args.games)
    try:
        settings = with_readings(Settings.for_players(args.players, ghost=args.ghost), args.reading)
    except TameriError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    closers = []
    try:
        executor = None
        if args.dask:
            client = _dask_client(args.dask, args.workers, closers)
            closers.insert(0, client)
            executor = client.get_executor()
        elif args.workers == 1:
            executor = "serial"
        elif args.workers:
            executor = process_pool(args.workers)  # its workers ignore Ctrl-C; run_games ends them on one
            closers.append(executor)
        table = run_games(
            settings,
            bots,
            seeds,
            executor,
            args.out,
            rotate=args.rotate,
            progress=not args.no_progress,
            settle=True if args.dask == "local" else None,  # a LocalCluster made for this sweep alone
        )
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the command is ending: a further Ctrl-C changes nothing
        print(
            f"\ninterrupted: the finished games are in {args.out}; run the same command again to resume",
            file=sys.stderr,
        )
        return 130
    except TameriError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        for closer in closers:
            (closer.shutdown if hasattr(closer, "shutdown") and not hasattr(closer, "close") else closer.close)()
    who = (
        f"{args.players} human{'s' if args.players > 1 else ''} and the Ghost"
        if args.ghost
        else f"{args.players} players"
    )
    changed = reading_changes(settings)
    readings = ", ".join(f"{name}={value!r}" for name, value in changed.items()) or "the default readings"
    lines = [f"{len(table)} games ({who}) in {args.out}, under {readings}"]
    try:
        lines += summary_lines(table, ghost=bool(args.ghost), rotate=args.rotate)
    except StatsError as error:  # too few games for a comparison (one seed): say so, never a traceback
        lines.append(f"no comparison: {error}")
    lines += rating_lines(table)
    print("\n".join(lines), file=out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
