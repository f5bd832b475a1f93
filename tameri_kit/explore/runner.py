"""Many seeded games on any executor, one row per game, written as they finish so a sweep can resume.

    from tameri_kit.explore import run_games
    table = run_games(Settings.for_players(4), ["random", "greedy", "greedy", "greedy"], range(200),
                      out="sweep.jsonl")

``executor`` is any :class:`concurrent.futures.Executor`: ``None`` gives a process pool over this machine's cores,
``"serial"`` plays in this process (no pool), and a Dask cluster is used through its executor::

    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=4) as cluster, Client(cluster) as client:        # or Client("tcp://host:8786")
        table = run_games(settings, bots, range(10_000), executor=client.get_executor(), out="big.jsonl")

A game depends only on its settings, its bots and its seed (:func:`tameri_kit.game.bots.play_game`), so the same
seeds give the same rows on any executor and in any order; the table is sorted by seed (and rotation).

The results file (JSON Lines) starts with a header line holding the settings and the bots; each later line is one
finished game.  Run again with the same ``out`` and the finished games are read back, not played again; a file made
with other settings or bots, or one with a malformed line, is refused with an :class:`ExploreError` saying which
line and why.  (A last line cut off without its newline is a game whose writing was interrupted: it is dropped and
played again.)

Ghost games (the +1 Player Mode, ``Settings.for_players(1, ghost="hard")``): ``bots`` name one bot per human seat;
the Ghost's seat (the last) takes none, since the Ghost plays itself, and shows as ``"ghost"`` among a row's bots.
Rotations move the humans' bots only.  Each row also carries the Ghost's level and the result against it
(:func:`ghost_fields`); a results file made with another level is refused.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from ..errors import TameriError
from ..game.bots import BOT_NAMES, play_game
from ..game.ghost import ghost_result
from ..game.settings import READING_DEFAULTS, Settings

#: The version of the results file's layout; a file of another version is refused.
FILE_VERSION = 1
#: How a Ghost game's row names the Ghost's seat among the bots (the Ghost plays itself).
GHOST_BOT = "ghost"


class ExploreError(TameriError, ValueError):
    """A sweep that cannot run or resume: unknown bots, a results file that does not belong to this sweep ..."""


def seat_bots(bots: Sequence[str], rotation: int) -> list[str]:
    """The bots seat by seat after rotating them ``rotation`` seats to the right.

    >>> seat_bots(["strong", "greedy", "greedy"], 1)
    ['greedy', 'strong', 'greedy']
    """
    k = rotation % len(bots)
    return list(bots[-k:]) + list(bots[:-k]) if k else list(bots)


def game_row(settings: Settings, bots: Sequence[str], seed: int, rotation: int = 0) -> dict[str, Any]:
    """Play one game and describe it as a row: seed, rotation, seats and their bots, each seat's total and
    breakdown, the winners, the length, and features for balance questions (Buildings and Sphinxes owned, cards
    kept face down, Deben and resources left).  Plain JSON values only."""
    seated = seat_bots(bots, rotation)
    record, final = play_game(settings, seed, seated)
    if settings.ghost is not None:  # the Ghost's seat (the last) plays itself
        seated = seated + [GHOST_BOT]
    outcome = final.outcome
    totals = outcome.totals
    face_down = {name: 0 for name in settings.players}
    for entry in record.entries:
        player, _, move = entry.partition(": ")
        if move == "keep face down" and player in face_down:
            face_down[player] += 1
    row: dict[str, Any] = {
        "seed": seed,
        "rotation": rotation,
        "players": len(settings.players),
        "seats": list(settings.players),
        "bots": seated,
        "totals": [totals[name] for name in settings.players],
        "breakdown": [
            {category: outcome.points(name, category) for category in outcome.categories} for name in settings.players
        ],
        "winners": [settings.players.index(name) for name in outcome.winners],
        "entries": len(record.entries),
        "buildings": [list(player.buildings) for player in final.players],
        "sphinxes": [player.sphinxes for player in final.players],
        "face_down": [face_down[name] for name in settings.players],
        "deben": [player.deben for player in final.players],
    }
    if settings.ghost is not None:
        row.update(ghost_fields(final))
    return row


def ghost_fields(final) -> dict[str, Any]:
    """A finished Ghost game's result against the Ghost, as row fields: ``ghost`` (its level), ``ghost_points``,
    and per human seat (in seat order) ``margins`` (the human's points minus the Ghost's) and ``beat_ghost``
    (whether the human beat it; a tie goes by End of the Game step 6) - from
    :func:`tameri_kit.game.ghost.ghost_result`."""
    result = ghost_result(final)
    return {
        "ghost": result.level,
        "ghost_points": result.ghost,
        "margins": [margin for _, _, margin in result.humans],
        "beat_ghost": [name in result.beaten for name, _, _ in result.humans],
    }


def _play_batch(settings: Settings, bots: Sequence[str], jobs: Sequence[tuple[int, int]]) -> list[dict]:
    """Worker side: play each (seed, rotation) job.  Module level, so process pools and Dask can pickle it."""
    return [game_row(settings, bots, seed, rotation) for seed, rotation in jobs]


def _default_pool() -> ProcessPoolExecutor:
    """A process pool over this machine's cores.  Workers start from a fork server (where there is one): a Jupyter
    kernel has threads, and forking a process with threads can hang."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    return ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=context)


def _header(settings: Settings, bots: Sequence[str], rotate: bool) -> dict:
    return {
        "kind": "header",
        "version": FILE_VERSION,
        "settings": settings.to_dict(),
        "bots": list(bots),
        "rotate": rotate,
    }


def read_results(
    path: str | os.PathLike,
    settings: Settings | None = None,
    bots: Sequence[str] | None = None,
    rotate: bool | None = None,
) -> list[dict]:
    """The finished games in a results file (checking, when given, that it was made by this sweep)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ExploreError(f"{path}: no such results file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ExploreError(f"{path}: cannot read it as a results file ({error})") from None
    # what follows the last newline is either nothing or a game whose writing was cut off (played again)
    lines = text.split("\n")[:-1]
    if not lines:
        raise ExploreError(f"{path}: empty, not a results file (delete it or choose another file)")
    rows = []
    for number, line in enumerate(lines, start=1):
        try:
            item = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise ExploreError(
                f"{path}, line {number}: not JSON ({error}); the file is damaged - choose another file or delete it"
            ) from None
        if not isinstance(item, dict):
            raise ExploreError(f"{path}, line {number}: expected an object, found {type(item).__name__}")
        if number == 1:
            if item.get("kind") != "header" or item.get("version") != FILE_VERSION:
                raise ExploreError(f"{path}, line 1: not a tameri_kit results file of version {FILE_VERSION}")
            expected = json.loads(json.dumps(_header(settings, bots, bool(rotate)))) if settings is not None else None
            if expected is not None:
                _check_ghost_level(path, item.get("settings"), expected["settings"])
                _check_readings(path, item.get("settings"), expected["settings"])
                for key in ("settings", "bots", "rotate"):
                    if item.get(key) != expected[key]:
                        raise ExploreError(
                            f"{path}: made with other {key} ({item.get(key)!r}, this run: {expected[key]!r}); "
                            f"cannot resume - choose another file or delete it"
                        )
            continue
        missing = {"seed", "rotation", "totals", "winners"} - set(item)
        if item.get("kind") != "game" or missing:
            raise ExploreError(
                f"{path}, line {number}: not a game row"
                + (f" (missing {', '.join(sorted(missing))})" if missing else "")
            )
        rows.append(item)
    return rows


def _check_ghost_level(path: Path, made: Any, wanted: dict) -> None:
    """Refuse, by name, a results file made with another Ghost level (or with / without the Ghost)."""
    made_level = made.get("ghost") if isinstance(made, dict) else None
    wanted_level = wanted.get("ghost")
    if made_level != wanted_level:

        def name(level: Any) -> str:
            return f"the Ghost at {level!r}" if level is not None else "no Ghost"

        raise ExploreError(
            f"{path}: made with {name(made_level)}, this run has {name(wanted_level)}; cannot resume - "
            f"choose another file (one per Ghost level) or delete it"
        )


def _check_readings(path: Path, made: Any, wanted: dict) -> None:
    """Refuse, by name, a results file played under other readings of the rules (``explore --reading``)."""

    def readings(settings: Any) -> dict:
        groups = settings if isinstance(settings, dict) else {}
        return {
            f"{group}.{name}": value
            for group in READING_DEFAULTS
            for name, value in sorted((groups.get(group) or {}).items())
        }

    made_readings, wanted_readings = readings(made), readings(wanted)
    if made_readings != wanted_readings:

        def name(changes: dict) -> str:
            return ", ".join(f"{key}={value!r}" for key, value in changes.items()) or "the default readings"

        raise ExploreError(
            f"{path}: played under {name(made_readings)}, this run asks for {name(wanted_readings)}; cannot "
            f"resume - choose another file (one per reading) or delete it"
        )


def _progress(total: int, initial: int, enabled: bool, description: str):
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=initial, desc=description, unit="game")


def run_games(
    settings: Settings,
    bots: Sequence[str],
    seeds: Iterable[int],
    executor: Executor | str | None = None,
    out: str | os.PathLike | None = None,
    *,
    rotate: bool = False,
    progress: bool = True,
    batch: int | None = None,
):
    """Play every seed (with ``rotate``, every seed once per rotation of the bots round the table) and return one
    row per game as a pandas DataFrame sorted by seed and rotation.

    ``bots``: one bot name per seat (see :data:`tameri_kit.game.bots.BOT_NAMES`).  ``out``: a JSON Lines file the
    rows are appended to as games finish; run again with the same file to resume.  ``progress``: a ``tqdm.auto``
    bar (a widget in Jupyter, text in a terminal).  ``batch``: games per task sent to the executor.
    """
    bots = [str(bot) for bot in bots]
    if len(bots) != settings.humans:  # the Ghost's seat takes no bot
        against = " (the Ghost plays itself)" if settings.ghost is not None else ""
        raise ExploreError(f"{settings.humans} players need {settings.humans} bots{against}, not {len(bots)}")
    unknown = sorted(set(bots) - set(BOT_NAMES))
    if unknown:
        raise ExploreError(f"unknown bot {unknown[0]!r}; known: {', '.join(BOT_NAMES)}")
    seeds = list(seeds)
    bad = [seed for seed in seeds if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0]
    if bad:
        raise ExploreError(f"seeds are whole numbers >= 0, not {bad[0]!r}")
    rotations = range(len(bots)) if rotate else range(1)
    jobs = sorted({(seed, rotation) for seed in seeds for rotation in rotations})

    done: dict[tuple[int, int], dict] = {}
    if out is not None and Path(out).exists():
        for row in read_results(out, settings, bots, rotate):
            done[(row["seed"], row["rotation"])] = row
        _rewrite_clean(Path(out), settings, bots, rotate, list(done.values()))
    elif out is not None:
        try:
            with open(out, "x", encoding="utf-8") as handle:
                handle.write(json.dumps(_header(settings, bots, rotate)) + "\n")
        except OSError as error:
            raise ExploreError(f"cannot write the results file {out}: {error.strerror or error}") from None
    todo = [job for job in jobs if job not in done]

    own_pool = executor is None and len(todo) > 1
    serial = (executor is None and not own_pool) or (isinstance(executor, str) and executor == "serial")
    if own_pool:
        executor = _default_pool()
    elif not serial and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise ExploreError(f"executor must be a concurrent.futures.Executor, 'serial' or None, not {executor!r}")
    workers = 1 if serial else getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    size = batch or (1 if serial else max(1, min(8, len(todo) // (workers * 4) or 1)))
    chunks = [todo[start : start + size] for start in range(0, len(todo), size)]

    bar = _progress(len(jobs), len(jobs) - len(todo), progress and bool(todo), "games")
    handle = open(out, "a", encoding="utf-8") if out is not None else None
    futures: list[Future] = []
    try:
        if serial:  # one chunk after the other, each written before the next is played
            finished = (_play_batch(settings, bots, chunk) for chunk in chunks)
        else:
            futures = [executor.submit(_play_batch, settings, bots, chunk) for chunk in chunks]
            finished = (future.result() for future in as_completed(futures))
        for batch_rows in finished:
            for row in batch_rows:
                row = {"kind": "game", **row}
                done[(row["seed"], row["rotation"])] = row
                if handle is not None:
                    handle.write(json.dumps(row) + "\n")
                    handle.flush()
                if bar is not None:
                    bar.update(1)
    except BaseException:
        for future in futures:
            future.cancel()
        if own_pool and isinstance(executor, ProcessPoolExecutor):
            executor.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        if handle is not None:
            handle.close()
        if bar is not None:
            bar.close()
    if own_pool and isinstance(executor, ProcessPoolExecutor):
        executor.shutdown()
    return results_table([done[job] for job in jobs])


def results_table(rows: Sequence[dict]):
    """Game rows (as :func:`read_results` gives them) as the table :func:`run_games` returns: a pandas DataFrame, one
    row per game, without the file's ``kind`` field."""
    import pandas as pd

    return pd.DataFrame([{key: value for key, value in row.items() if key != "kind"} for row in rows])


def _rewrite_clean(path: Path, settings: Settings, bots: Sequence[str], rotate: bool, rows: list[dict]) -> None:
    """Rewrite a resumed file without a cut-off last line (only when one was dropped)."""
    text = path.read_text(encoding="utf-8")
    if text.endswith("\n"):
        return
    lines = [json.dumps(_header(settings, bots, rotate))] + [json.dumps(row) for row in rows]
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(temporary, path)
