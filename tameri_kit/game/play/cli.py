"""``python -m tameri_kit play`` and ``python -m tameri_kit replay``: whole seeded games between bots, as text.

    python -m tameri_kit play --players 3 --seed 11                  # greedy bots
    python -m tameri_kit play --players 4 --seed 2 --bots random,greedy,greedy,random --record game.json
    python -m tameri_kit replay game.json                            # the same log and scores again

The log is built from the game record alone (so ``play`` and ``replay`` print the same bytes): for each round a
heading, then each decision and chance outcome with the events it caused, every event followed by the rule it
applies in brackets; at the end the score breakdown (End of the Game).  Nothing depends on the machine, the
clock or hash order, so a seed gives byte-identical output everywhere.

Rulebook: Game Setup; Season 0; Game Rounds, Phases 1-5; End of the Season; End of the Game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ...errors import TameriError
from ...files import RECORD_LIMIT, FileInputError, printable, read_bytes, regular_file_problem
from ..core.decisions import Decision
from .engine import new_game, step
from .record import GameRecord, RecordError, chance_by_hand, checked_replay
from ..core.render import PHASES
from ..rules_of_play.ghost import ghost_result  # ghost16
from ..core.settings import GHOST_LEVELS, Settings
from .story import new_events, part_heading


class CommandParser(argparse.ArgumentParser):
    """The kit's command lines: a bad argument prints one line, ``error: ...`` and where to read the options (not
    argparse's usage block), and exits with code 2; sub-commands are parsed the same way."""

    def error(self, message: str):
        print(f"error: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def entry_lines(k: int, decision, before, after, reason: str = "") -> list[str]:
    """The log lines of entry ``k`` (0-based): ``"  58. John: play 59"`` (plus the bot's reason, if given), then
    each event it caused with its rule."""
    head = f"{k + 1:>4}. {decision}" + (f"   <- {reason}" if reason else "")
    return [head] + [f"        {e}" for e in new_events(before, after)]


def excerpt(record: GameRecord, states, start: int, stop: int, reasons=None, *, decisions_only: bool = False) -> str:
    """The log of entries ``start`` to ``stop - 1`` (0-based) of a recorded game whose states (``replay(record,
    states=True)``) are given; ``reasons``: the ``(index, text, reason)`` list ``play_game`` fills in, shown
    after each bot decision.  ``decisions_only``: leave out the chance outcomes (their events are kept)."""
    why = {k: r for k, _, r in (reasons or ())}
    out = []
    for k in range(max(0, start), min(stop, len(record.entries))):
        d = Decision.parse(record.entries[k])
        lines = entry_lines(k, d, states[k], states[k + 1], why.get(k, ""))
        out.extend(lines[1:] if decisions_only and d.is_chance else lines)
    return "\n".join(out)


def game_log(record: GameRecord, *, title: str = "") -> tuple[list[str], object]:
    """The text log of a recorded game (lines) and its final state.

    Raises :class:`RecordError` at the first entry that does not parse or is not allowed.
    """
    from ...errors import IllegalActionError, NotationError

    settings = record.settings
    bots = dict(record.meta).get("bots", "")
    against = ""
    if settings.ghost is not None:  # ghost16: the +1 Player Mode
        level = settings.ghost if settings.ghost != "custom" else f"custom {settings.ghost_spaces}"
        against = f" against the Ghost ({level})"
    seed = f"seed {record.seed}"
    if chance_by_hand(record):  # the record says its chance outcomes were chosen by hand (docs/records.md)
        seed = "chance outcomes chosen by hand" + (
            f", not those of seed {record.seed}" if record.seed is not None else ""
        )
    lines = [
        title
        or f"Tameri, {settings.n} players ({', '.join(settings.players)}){against}, {seed}"
        + (f", bots {printable(bots)}" if bots else "")  # text from the file: escaped, so it cannot forge lines
        + _extras_title(settings),  # gifts16
        "Each decision (NAME: MOVE) or chance outcome (chance: ...) is followed by what it caused; the rule",
        "each event applies is in brackets.  Hidden things (hands, screens) are shown: this is the full log.",
    ]
    s = new_game(settings)
    heading, phase = None, None

    def head(state):
        nonlocal heading, phase
        # the End of the Season belongs to the round that ended it (the engine moves on to the next Season's
        # number during step 6)
        h = heading if state.phase == "season_end" and heading else part_heading(state)
        if h != heading:
            heading, phase = h, None
            lines.extend(["", f"== {h} =="])
        if state.phase not in ("setup", "season0", "over") and state.phase != phase:
            phase = state.phase
            lines.append(f"-- {PHASES.get(phase, phase)} --")

    head(s)
    lines.extend(str(e) for e in s.events())
    for k, text in enumerate(record.entries):
        try:
            d = Decision.parse(text)
        except NotationError as e:
            raise RecordError(k, text, e.reason) from None
        head(s)
        try:
            after = step(s, d)
        except IllegalActionError as e:
            raise RecordError(k, text, str(e)) from None
        lines.extend(entry_lines(k, d, s, after))
        s = after
    lines.extend(["", "== Final scores (End of the Game) =="])
    if s.outcome is None:
        lines.append(f"(the record stops before the end: {len(record.entries)} entries; {s.to_move} to move)")
    else:
        lines.append(s.outcome.table_text())
        winners = ", ".join(s.outcome.winners)
        lines.append(
            f"Winner{'s' if len(s.outcome.winners) > 1 else ''}: {winners}"
            + (f" (tie-break: {s.outcome.tiebreak})" if s.outcome.tiebreak else "")
        )
        result = ghost_result(s)  # ghost16
        if result is not None:
            lines.append(result.text)
    return lines, s


def _write(lines, out) -> None:
    out.write("\n".join(lines) + "\n")


def record_path_problem(record: str) -> str | None:
    """Why a game record cannot be saved at ``record`` (checked before a game is played), or ``None``."""
    import os

    path = Path(record)
    if path.is_dir():
        return f"{record} is a folder; give a file name such as {path / 'game.json'}"
    if path.exists() and regular_file_problem(path):  # a device, a FIFO ...: never written to (it may block)
        return f"{record} is {regular_file_problem(path)}; give a file name such as game.json"
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if path.exists() and not os.access(path, os.W_OK) or not path.exists() and not os.access(folder, os.W_OK):
        return f"{record} cannot be written (permission denied)"
    return None


def play(
    players: int = 3,
    seed: int = 0,
    bots: str | None = None,
    record: str | None = None,
    out=None,
    ghost: str | None = None,
    reasons: bool = True,
    **extras,
) -> int:
    """Play a seeded game between bots, print the log and scores, optionally save the record (JSON).

    ``ghost`` ("easy", "intermediate", "hard"): the +1 Player Mode, ``players`` humans (1-3) against the Ghost.
    The record's path is checked before the game is played; if saving still fails, the log is printed anyway and
    the record is written to standard error, so a game that was played is never lost.  ``reasons``: the record
    carries each bot decision's reason in the bot's words (``GameRecord.reasons``: a shared page shows them when a
    question reveals the decision); the log printed is the same either way.  ``extras``: the gifts16 settings
    ``gifts``, ``gift_discards``, ``promo`` (Gifts of the Gods, promo cards)."""
    from .bots import BotError, bot_kind, play_game

    out = out or sys.stdout
    if ghost is not None and ghost not in GHOST_LEVELS:
        print(f"error: the Ghost's level is {', '.join(GHOST_LEVELS)}, not {ghost!r}", file=sys.stderr)
        return 2
    low, high = (1, 3) if ghost else (2, 4)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        against = " against the Ghost" if ghost else " (1 to 3 with --ghost)"
        print(f"error: Tameri is played by {low} to {high} players{against}, not {players!r}", file=sys.stderr)
        return 2
    if bots is not None and not isinstance(bots, str):
        print(f"error: --bots is text such as 'greedy' or 'random,greedy,strong', not {bots!r}", file=sys.stderr)
        return 2
    kinds = [b.strip() for b in ("greedy" if bots is None else bots).split(",") if b.strip()]
    if not kinds:
        print(f"error: --bots names no bot ({bots!r}); give one for everyone or one per player", file=sys.stderr)
        return 2
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        print(f"error: {players} players need {players} bots, got {len(kinds)} ({','.join(kinds)})", file=sys.stderr)
        return 2
    for kind in kinds:  # the kit's bots, and any an extra registered (``mcts:400`` once the [openspiel] one has)
        try:
            bot_kind(kind)
        except BotError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    if record is not None and (not isinstance(record, (str, Path)) or not str(record).strip()):
        print(f"error: --record needs a file name, not {record!r} (nothing was played)", file=sys.stderr)
        return 2
    if record:
        why = record_path_problem(record)
        if why:
            print(f"error: cannot save the record: {why} (nothing was played)", file=sys.stderr)
            return 2
    try:  # a setting that cannot be played (e.g. --gift-discards without --gifts) is an error line
        settings = Settings.for_players(players, ghost=ghost, **extras)
    except TameriError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rec, _ = play_game(settings, seed, kinds, keep_reasons=bool(record) and bool(reasons))
    lines, _ = game_log(rec)
    _write(lines, out)
    if record:
        try:
            Path(record).write_text(rec.to_json() + "\n", encoding="utf-8")
        except OSError as e:
            print(f"error: cannot save the record to {record}: {e.strerror or e}; here it is instead:", file=sys.stderr)
            print(rec.to_json(), file=sys.stderr)
            return 1
        print(f"(record saved to {record}: {len(rec.entries)} entries)", file=sys.stderr)
    return 0


def replay_file(path: str, out=None) -> int:
    """Replay a saved record and print the same log and scores; a bad record exits 1 naming the first bad entry
    (or the field of the header at fault)."""
    out = out or sys.stdout
    try:
        data = read_bytes(path, RECORD_LIMIT)  # a regular file only: never a device, a FIFO or a folder
        rec = GameRecord.from_json(data)
        checked_replay(rec)  # every entry allowed, the chance outcomes the seed's (or the record says they are not)
        lines, _ = game_log(rec)
    except FileInputError as e:  # names the file
        print(f"error: cannot read {_shown(e)}", file=sys.stderr)
        return 1
    except TameriError as e:  # RecordError names the entry or the field; DataError the data file
        print(f"error: {printable(path)}: {_shown(e)}", file=sys.stderr)
        return 1
    _write(lines, out)
    return 0


def _shown(error: Exception) -> str:
    """An error's message for the terminal: each of its lines escaped (:func:`~tameri_kit.files.printable`)."""
    return "\n".join(printable(line) for line in str(error).split("\n"))


def _extras_title(settings: Settings) -> str:
    """gifts16: the title's note of the Gifts of the Gods and promo settings (nothing for a base game)."""
    notes = []
    if settings.gifts:
        notes.append("Gifts of the Gods" + (" (discards into the Priest deck)" if settings.gift_discards else ""))
    if settings.promo:
        notes.append("promo cards 0 and \u221e")
    return "".join(", " + note for note in notes)
