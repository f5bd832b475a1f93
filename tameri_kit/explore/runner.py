"""Many seeded games on any executor, one row per game, written as they finish so a sweep can resume.

    from tameri_kit.explore import run_games
    table = run_games(Settings.for_players(4), ["random", "greedy", "greedy", "greedy"], range(200),
                      out="sweep.jsonl")

``executor`` is any :class:`concurrent.futures.Executor`: ``None`` gives a process pool over this machine's cores,
``"serial"`` plays in this process (no pool), and a Dask cluster is used through its executor::

    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=4) as cluster, Client(cluster) as client:        # or Client("tcp://host:8786")
        table = run_games(settings, bots, range(10_000), executor=client.get_executor(), out="big.jsonl")

A game depends only on its settings, its bots and its seed (:func:`tameri_kit.game.play.bots.play_game`), so the same
seeds give the same rows on any executor and in any order; the table is sorted by seed (and rotation).

The results file (JSON Lines) starts with a header line holding the settings and the bots; each later line is one
finished game.  Run again with the same ``out`` and the finished games are read back, not played again; a file made
with other settings or bots, or one with a malformed line, is refused with an :class:`ExploreError` saying which
line and why.  Each game line is checked against the row schema (:class:`GameRow`: every field's type, and the
lengths and seat numbers agreeing with the header), so a damaged line is refused by file, line and field before
anything is played or written.  (A last line cut off without its newline is a game whose writing was interrupted:
it is dropped and played again; the file is rewritten without it through a fresh temporary file in the same
folder, never a predictable name.)  ``out`` must be a regular file (or not exist yet): a device, FIFO or folder is
refused without being read.

Jobs are made as they are needed and at most a few batches per worker are in flight, so memory does not grow with
the number of seeds (``range(10**9)`` is fine).  The process pools it makes (:func:`.pool.process_pool`) have workers
that ignore Ctrl-C: on an interruption the main process ends them at once (:meth:`WorkerPool.stop`), so a second
Ctrl-C neither waits for running games nor prints a worker's traceback.

Ghost games (the +1 Player Mode, ``Settings.for_players(1, ghost="hard")``): ``bots`` name one bot per human seat;
the Ghost's seat (the last) takes none, since the Ghost plays itself, and shows as ``"ghost"`` among a row's bots.
Rotations move the humans' bots only.  Each row also carries the Ghost's level and the result against it
(:func:`ghost_fields`); a results file made with another level is refused.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import threading
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError, model_validator

from .._fast import settle_collector
from .pool import WorkerPool, process_pool
from ..errors import TameriError
from ..files import RESULTS_LIMIT, FileInputError, printable, read_lines, regular_file_problem, replace_with_lines
from ..game.play.bots import BotError, play_game, registered_bots
from ..game.rules_of_play.ghost import ghost_result
from ..game.core.settings import GHOST_LEVELS, READING_DEFAULTS, Settings
from ..openspiel.extra import bot_problem, load_search_bots
from ..openspiel.extra import check_bots as check_search_bots

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
    :func:`tameri_kit.game.rules_of_play.ghost.ghost_result`."""
    result = ghost_result(final)
    return {
        "ghost": result.level,
        "ghost_points": result.ghost,
        "margins": [margin for _, _, margin in result.humans],
        "beat_ghost": [name in result.beaten for name, _, _ in result.humans],
    }


def check_bots(bots: Sequence[str]) -> None:
    """Refuse an unknown bot or a bad parameter by name and load the search bots named (the ``[openspiel]`` extra;
    a missing one is an error naming what to install) - all before anything is played
    (:func:`tameri_kit.openspiel.extra.check_bots`)."""
    try:
        check_search_bots(bots)
    except BotError as error:
        raise ExploreError(str(error)) from None


def _play_batch(
    settings: Settings, bots: Sequence[str], jobs: Sequence[tuple[int, int]], settle: bool = False
) -> list[dict]:
    """Worker side: play each (seed, rotation) job; with ``settle``, the collector settled after each game
    (:func:`tameri_kit._fast.settle_collector`).  Module level, so process pools and Dask can pickle it (a worker
    process registers the search bots it is asked for itself)."""
    load_search_bots(bots)
    rows = []
    for seed, rotation in jobs:
        rows.append(game_row(settings, bots, seed, rotation))
        if settle:
            settle_collector()
    return rows


def _header(settings: Settings, bots: Sequence[str], rotate: bool) -> dict:
    return {
        "kind": "header",
        "version": FILE_VERSION,
        "settings": settings.to_dict(),
        "bots": list(bots),
        "rotate": rotate,
    }


NonNegative = Annotated[StrictInt, Field(ge=0)]


class GameRow(BaseModel):
    """The schema of one game line of a results file (what :func:`game_row` writes, with ``"kind": "game"``):
    strict types, no unknown fields, and one value per seat in every per-seat list."""

    model_config = ConfigDict(strict=True, extra="forbid")
    kind: Literal["game"]
    seed: NonNegative
    rotation: NonNegative
    players: Annotated[StrictInt, Field(ge=2, le=4)]
    seats: list[StrictStr]
    bots: list[StrictStr]
    totals: list[StrictInt]
    breakdown: list[dict[StrictStr, StrictInt]]
    winners: Annotated[list[NonNegative], Field(min_length=1)]
    entries: NonNegative
    buildings: list[list[StrictStr]]
    sphinxes: list[NonNegative]
    face_down: list[NonNegative]
    deben: list[NonNegative]
    # Ghost games (the +1 Player Mode): the level and the result against the Ghost, per human seat
    ghost: Literal[tuple(GHOST_LEVELS) + ("custom",)] | None = None
    ghost_points: StrictInt | None = None
    margins: list[StrictInt] | None = None
    beat_ghost: list[StrictBool] | None = None

    @model_validator(mode="after")
    def _per_seat(self) -> "GameRow":
        for name in ("seats", "bots", "totals", "breakdown", "buildings", "sphinxes", "face_down", "deben"):
            if len(getattr(self, name)) != self.players:
                raise ValueError(
                    f"field {name!r}: {self.players} seats need {self.players} values, not {len(getattr(self, name))}"
                )
        unknown = [bot for bot in self.bots if bot != GHOST_BOT and bot_problem(bot) is not None]
        if unknown:
            raise ValueError(
                f"field 'bots': unknown bot {printable(repr(unknown[0]))[:40]}; known: "
                f"{', '.join(registered_bots())}, mcts[:N], ismcts[:N]"
            )
        bad = [seat for seat in self.winners if seat >= self.players]
        if bad:
            raise ValueError(
                f"field 'winners': seat {bad[0]} is not one of the {self.players} seats (0 to {self.players - 1})"
            )
        humans = self.players - 1
        ghost_fields = (self.ghost_points, self.margins, self.beat_ghost)
        if self.ghost is not None and None in ghost_fields:
            raise ValueError("a Ghost game's row needs 'ghost_points', 'margins' and 'beat_ghost'")
        for name in ("margins", "beat_ghost"):
            value = getattr(self, name)
            if self.ghost is not None and len(value) != humans:
                raise ValueError(f"field {name!r}: {humans} human seats need {humans} values, not {len(value)}")
        return self


def _row_problem(error: ValidationError) -> str:
    """The first problem the schema found in a game line, naming the field."""
    problems = error.errors(include_url=False)
    missing = sorted(str(p["loc"][0]) for p in problems if p["type"] == "missing" and p["loc"])
    if missing:
        return f"not a game row (missing {', '.join(missing)})"
    first = problems[0]
    where = ".".join(str(part) for part in first["loc"])
    got = first.get("input")
    shown = printable(repr(got) if not isinstance(got, (dict, list)) else type(got).__name__)[:60]
    message = first["msg"].removeprefix("Value error, ")
    if not where:
        return f"not a game row: {message}"
    return f"field {where!r}: {message}, got {shown}"


def read_results(
    path: str | os.PathLike,
    settings: Settings | None = None,
    bots: Sequence[str] | None = None,
    rotate: bool | None = None,
) -> list[dict]:
    """The finished games in a results file (checking, when given, that it was made by this sweep).  Every line
    is checked (:class:`GameRow`); a damaged one raises :class:`ExploreError` naming the file, the line and the
    field.  The file is read a line at a time: it must be a regular file (not a device, FIFO or folder) of at most
    :data:`~tameri_kit.files.RESULTS_LIMIT` bytes."""
    rows, _ = _read_results(Path(path), settings, bots, rotate)
    return rows


def _read_results(
    path: Path, settings: Settings | None, bots: Sequence[str] | None, rotate: bool | None
) -> tuple[list[dict], bool]:
    """The finished games and whether a last line cut off without its newline was dropped."""
    rows: list[dict] = []
    header: dict | None = None
    cut_off = False
    try:
        for number, raw, ended in read_lines(path, RESULTS_LIMIT):
            if not ended:  # a game whose writing was cut off: played again
                cut_off = True
                break
            item = _parse_line(path, number, raw)
            if number == 1:
                header = _check_header(path, item, settings, bots, rotate)
                continue
            try:
                row = GameRow.model_validate(item)
            except ValidationError as error:
                raise ExploreError(f"{path}, line {number}: {_row_problem(error)}{_DAMAGED}") from None
            if row.seats != header["settings"].get("players", row.seats):
                raise ExploreError(
                    f"{path}, line {number}: field 'seats': {printable(row.seats)} are not the header's players "
                    f"{printable(header['settings'].get('players'))}{_DAMAGED}"
                )
            rows.append(item)
    except FileInputError as error:
        raise ExploreError(f"cannot read the results file {printable(error)}") from None
    if header is None and cut_off:  # one line and no newline: nothing explore wrote (it ends its header line)
        raise ExploreError(
            f"{path}: not a results file (its first line is no results header; delete it or choose another file)"
        )
    if header is None:
        raise ExploreError(f"{path}: empty, not a results file (delete it or choose another file)")
    return rows, cut_off


_DAMAGED = "; the file is damaged - nothing was played or written; choose another file or delete it"


def _parse_line(path: Path, number: int, raw: bytes) -> dict:
    try:
        item = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ExploreError(f"{path}, line {number}: not UTF-8 text (byte {error.start}){_DAMAGED}") from None
    except (ValueError, RecursionError) as error:
        raise ExploreError(
            f"{path}, line {number}: not JSON ({error}); the file is damaged - choose another file or delete it"
        ) from None
    if not isinstance(item, dict):
        raise ExploreError(f"{path}, line {number}: expected an object, found {type(item).__name__}")
    return item


def _check_header(
    path: Path, item: dict, settings: Settings | None, bots: Sequence[str] | None, rotate: bool | None
) -> dict:
    if (
        item.get("kind") != "header"
        or item.get("version") != FILE_VERSION
        or not isinstance(item.get("settings"), dict)
    ):
        raise ExploreError(f"{path}, line 1: not a tameri_kit results file of version {FILE_VERSION}")
    expected = json.loads(json.dumps(_header(settings, bots, bool(rotate)))) if settings is not None else None
    if expected is not None:
        _check_ghost_level(path, item.get("settings"), expected["settings"])
        _check_readings(path, item.get("settings"), expected["settings"])
        for key in ("settings", "bots", "rotate"):
            if item.get(key) != expected[key]:
                raise ExploreError(
                    f"{path}: made with other {key} ({printable(repr(item.get(key)))[:200]}, this run: "
                    f"{expected[key]!r}); cannot resume - choose another file or delete it"
                )
    return item


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
    settle: bool | None = None,
):
    """Play every seed (with ``rotate``, every seed once per rotation of the bots round the table) and return one
    row per game as a pandas DataFrame sorted by seed and rotation.

    ``bots``: one bot name per seat (:func:`tameri_kit.game.play.bots.make_bot`: the kit's, or ``"mcts:400"`` /
    ``"ismcts:100"`` with the ``[openspiel]`` extra).  ``out``: a JSON Lines file the
    rows are appended to as games finish; run again with the same file to resume.  ``progress``: a ``tqdm.auto``
    bar (a widget in Jupyter, text in a terminal).  ``batch``: games per task sent to the executor.  ``seeds``: a
    ``range`` is used as it is, lazily (any size); another iterable is read into a sorted list first.  ``settle``:
    whether the processes that play settle Python's cyclic collector after each game
    (:func:`tameri_kit._fast.settle_collector`, 8-35% faster sweeps): by default in the kit's own worker processes
    and in a serial sweep (handed back at its end), never where something else froze objects; ``True`` also on
    another executor's workers (a Dask cluster made for this sweep alone: they keep what the games left out of the
    collector's sight); ``False`` nowhere.
    """
    bots = [str(bot) for bot in bots]
    if len(bots) != settings.humans:  # the Ghost's seat takes no bot
        against = " (the Ghost plays itself)" if settings.ghost is not None else ""
        raise ExploreError(f"{settings.humans} players need {settings.humans} bots{against}, not {len(bots)}")
    check_bots(bots)
    seeds = _checked_seeds(seeds)
    rotations = range(len(bots)) if rotate else range(1)

    members = seeds if isinstance(seeds, range) else frozenset(seeds)  # "in" without a scan

    def planned(job: tuple) -> bool:
        return job[0] in members and job[1] in rotations

    done: dict[tuple[int, int], dict] = {}
    if out is not None:
        problem = regular_file_problem(out)
        if problem not in (None, "no such file"):  # a device, FIFO or folder is never read nor appended to
            raise ExploreError(f"--out {printable(out)}: {problem}; give the name of a results file (JSON Lines)")
    if out is not None and Path(out).exists():
        rows, cut_off = _read_results(Path(out), settings, bots, rotate)
        for row in rows:
            done[(row["seed"], row["rotation"])] = row
        if cut_off:  # rewrite the file without its cut-off last line
            _rewrite_clean(Path(out), settings, bots, rotate, list(done.values()))
    elif out is not None:
        try:
            with open(out, "x", encoding="utf-8") as handle:
                handle.write(json.dumps(_header(settings, bots, rotate)) + "\n")
        except OSError as error:
            raise ExploreError(f"cannot write the results file {out}: {error.strerror or error}") from None
    total = len(seeds) * len(rotations)
    already = sum(1 for job in done if planned(job))
    todo = (job for job in job_stream(seeds, rotations) if job not in done)

    own_pool = executor is None and total - already > 1
    serial = (executor is None and not own_pool) or (isinstance(executor, str) and executor == "serial")
    if own_pool:
        executor = process_pool()
    elif not serial and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise ExploreError(f"executor must be a concurrent.futures.Executor, 'serial' or None, not {executor!r}")
    # the kit's own worker processes, or this one if nothing else froze objects, settle the collector (_fast)
    settle = (isinstance(executor, WorkerPool) or serial) if settle is None else settle
    settle = settle and not (serial and gc.get_freeze_count())
    workers = 1 if serial else getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    size = batch or (1 if serial else max(1, min(8, (total - already) // (workers * 4) or 1)))
    chunks = _chunked(todo, size)

    bar = _progress(total, already, progress and already < total, "games")
    handle = open(out, "a", encoding="utf-8") if out is not None else None

    def record(batch_rows: list[dict]) -> None:
        for row in batch_rows:
            row = {"kind": "game", **row}
            done[(row["seed"], row["rotation"])] = row
            if handle is not None:
                handle.write(json.dumps(row) + "\n")
                handle.flush()
            if bar is not None:
                bar.update(1)

    in_flight: set[Future] = set()
    try:
        if serial:  # one chunk after the other, each written before the next is played
            for chunk in chunks:
                record(_play_batch(settings, bots, chunk, settle))
        else:  # a few batches per worker in flight: jobs are made as workers free up
            window = workers * 2

            def refill() -> None:
                for chunk in chunks:
                    in_flight.add(executor.submit(_play_batch, settings, bots, chunk, settle))
                    if len(in_flight) >= window:
                        break

            refill()
            while in_flight:
                finished, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in finished:
                    in_flight.discard(future)
                    record(future.result())
                refill()
    except BaseException:
        with _interrupts_ignored():  # a second Ctrl-C while the workers are ended is not a traceback
            for future in in_flight:
                future.cancel()
            if own_pool or isinstance(executor, WorkerPool):
                executor.stop()
        raise
    finally:
        if serial and settle:  # everything this sweep settled goes back to the collector
            gc.unfreeze()
        if handle is not None:
            handle.close()
        if bar is not None:
            bar.close()
    if own_pool:
        executor.shutdown()
    return results_table([done[job] for job in sorted(job for job in done if planned(job))])


def job_stream(seeds: Sequence[int], rotations: range) -> Iterator[tuple[int, int]]:
    """Every ``(seed, rotation)`` job in order, made one at a time (a sweep of 10**9 seeds holds none ahead)."""
    for seed in seeds:
        for rotation in rotations:
            yield seed, rotation


def _chunked(jobs: Iterator[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    chunk: list[tuple[int, int]] = []
    for job in jobs:
        chunk.append(job)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _checked_seeds(seeds: Iterable[int]) -> Sequence[int]:
    """The seeds in increasing order without repeats: a ``range`` stays a range (checked by its ends), anything
    else becomes a sorted list (each checked)."""
    if isinstance(seeds, range):
        seeds = seeds if seeds.step > 0 else seeds[::-1]
        if len(seeds) and seeds[0] < 0:
            raise ExploreError(f"seeds are whole numbers >= 0, not {seeds[0]!r}")
        return seeds
    seeds = list(seeds)
    bad = [seed for seed in seeds if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0]
    if bad:
        raise ExploreError(f"seeds are whole numbers >= 0, not {bad[0]!r}")
    return sorted(set(seeds))


@contextmanager
def _interrupts_ignored():
    """Ignore Ctrl-C in this block (main thread only; elsewhere signals cannot be set), then restore it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def results_table(rows: Sequence[dict]):
    """Game rows (as :func:`read_results` gives them) as the table :func:`run_games` returns: a pandas DataFrame, one
    row per game, without the file's ``kind`` field."""
    import pandas as pd

    return pd.DataFrame([{key: value for key, value in row.items() if key != "kind"} for row in rows])


def _rewrite_clean(path: Path, settings: Settings, bots: Sequence[str], rotate: bool, rows: list[dict]) -> None:
    """Rewrite a resumed file without its cut-off last line, through a fresh temporary file in the same folder
    (:func:`~tameri_kit.files.replace_with_lines`: a link planted at a predictable name is never followed)."""
    lines = [json.dumps(_header(settings, bots, rotate))] + [json.dumps(row) for row in rows]
    try:
        replace_with_lines(path, lines)
    except OSError as error:
        raise ExploreError(f"cannot rewrite the results file {path}: {error.strerror or error}") from None
