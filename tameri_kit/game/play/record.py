"""Game records: settings + seed + every decision and chance outcome, as JSON; replay and undo.

A record is enough to rebuild every state of a game: :func:`replay` steps through the entries from
:func:`~tameri_kit.game.play.engine.new_game`.  Undo is a replay of all but the last entries.  A malformed or tampered
record raises :class:`RecordError` naming the first bad entry (its index, its text and why).

A record's ``seed`` claims that its chance outcomes are the ones that seed draws; :func:`seed_problem` checks the
claim (``python -m tameri_kit replay`` refuses a record that fails it).  A record whose chance outcomes were chosen
by hand says so with ``"meta": {"chance": "by hand"}`` and makes no such claim.  See ``docs/records.md``.

A record may also carry the bots' own reasons (``"reasons": {"57": "best of 12 (value +1.20)"}``: one short line of
words per decision a bot took, keyed by the entry's index).  They are optional and only written when there are some,
so a record without them reads and writes exactly as before; they never change the game (replay ignores them), and
the shared page shows them when a question reveals a bot's decision.  Malformed reasons raise :class:`RecordError`
naming the reason's key.

Rulebook: no rule of its own; a record keeps Game Setup's choices (the settings, with the readings of
``docs/ambiguities.md``) and every decision and chance outcome from Game Setup to the End of the Game.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from typing import Annotated, Literal, get_type_hints

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    create_model,
)

from ...errors import NotationError, StateError, TameriError
from ..core.decisions import Decision
from ..core.settings import FIELD_EXTRA_SPACE, READING_DEFAULTS, Settings

FORMAT = "tameri-game/1"
#: The id of the ``<script type="application/json">`` block that carries the record inside a shared page
#: (``python -m tameri_kit share``: :mod:`tameri_kit.share`).
PAGE_RECORD_ID = "tameri-record"
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_RECORD_ID = re.compile(r"""\bid\s*=\s*["']?""" + PAGE_RECORD_ID + r"""["'\s>]""", re.IGNORECASE)
#: The longest reason a record carries for one decision, in characters: a bot's words, never a payload (the expert
#: bot's longest are about 300).  With at most one reason per decision entry, a record's reasons stay bounded.
REASON_LIMIT = 1000
_INDEX = re.compile(r"0|[1-9][0-9]{0,8}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class RecordError(TameriError, ValueError):
    """A game record that cannot be replayed: ``index`` (0-based, or -1 for the header), ``text`` and ``why``.

    For the header (``index == -1``) ``text`` is the path of the field at fault (``"settings.players"``), or ``""``
    when the file as a whole is not a record."""

    def __init__(self, index: int, text: str, why: str):
        self.index, self.text, self.why = index, text, why
        if index >= 0:
            where = f"entry {index} {text!r}"
        else:
            where = f"record header, field {text!r}" if text else "record header"
        super().__init__(f"{where}: {why}")


# --- the schema of a record (pydantic, strict: no coercion, no unknown keys) ------------------------------------
_STRICT = ConfigDict(strict=True, extra="forbid")


def _readings_model(default):
    """A strict model of one readings dataclass (every field optional: its default applies)."""
    hints = get_type_hints(type(default))
    spec = {f.name: (hints[f.name], getattr(default, f.name)) for f in dataclasses.fields(default)}
    return create_model(f"{type(default).__name__}Schema", __config__=_STRICT, **spec)


class _SettingsSchema(BaseModel):
    model_config = _STRICT
    players: Annotated[list[StrictStr], Field(min_length=2, max_length=4)]
    #: reading E1: ramp letter -> the number on the third space of that river's fields (0: none)
    field_extra_space: dict[Literal["N", "E", "S", "W"], Annotated[StrictInt, Field(ge=0, le=4)]] = dict(
        FIELD_EXTRA_SPACE
    )
    weather: _readings_model(READING_DEFAULTS["weather"]) | None = None
    temples: _readings_model(READING_DEFAULTS["temples"]) | None = None
    glyphs: _readings_model(READING_DEFAULTS["glyphs"]) | None = None
    scoring: _readings_model(READING_DEFAULTS["scoring"]) | None = None
    # gifts16: Gifts of the Gods (Recommended Preparation 1 and 2, register D6) and the promo cards (register D1)
    gifts: StrictBool = False
    gift_discards: StrictBool = False
    gift_cards: Literal["all", "listed"] = "all"
    promo: StrictBool = False
    # ghost16: the +1 Player (Ghost) mode (Settings.ghost, ghost_spaces, ghost_score)
    ghost: Literal["easy", "intermediate", "hard", "custom"] | None = None
    ghost_spaces: Annotated[list[Annotated[StrictInt, Field(ge=1, le=8)]], Field(min_length=3, max_length=3)] | None = (
        None
    )
    ghost_score: Annotated[StrictInt, Field(ge=0, le=60)] | None = None


class _RecordSchema(BaseModel):
    model_config = _STRICT
    format: Literal["tameri-game/1"]
    settings: _SettingsSchema
    seed: StrictInt | None = None
    meta: dict[StrictStr, StrictStr | StrictInt | StrictFloat | StrictBool | None] = {}
    entries: list[StrictStr]
    reasons: dict[StrictStr, StrictStr] = {}


def _schema_error(error: ValidationError) -> RecordError:
    """The first problem pydantic found, as a RecordError naming the field's path (``settings.players``)."""
    first = error.errors(include_url=False)[0]
    path = ".".join(str(part) for part in first["loc"] if part != "[key]")
    got = first.get("input")
    shown = repr(got) if not isinstance(got, (dict, list)) else type(got).__name__
    why = first["msg"] + (f", got {shown[:60]}" if first["type"] != "missing" else "")
    more = len(error.errors()) - 1
    if more:
        why += f" (and {more} more problem{'s' if more > 1 else ''})"
    return RecordError(-1, path, why)


@dataclass(frozen=True)
class GameRecord:
    """``settings``, the ``seed`` the game was played with (for provenance; replay does not need it) and
    ``entries``: the text of every decision and chance outcome in order (``"John: play 59"``, ``"chance: S@N"``).

    ``reasons``: the bots' own words for their decisions, as ``(entry index, reason)`` pairs in the order of the
    entries (a mapping ``{index: reason}`` is accepted too): optional, never needed to replay.  A reason that is not
    for a decision entry of this record, is empty, longer than :data:`REASON_LIMIT` or not one line raises
    :class:`RecordError` (``reasons.57``)."""

    settings: Settings
    seed: int | None = None
    entries: tuple[str, ...] = ()
    meta: tuple[tuple[str, str], ...] = field(default=())
    reasons: tuple[tuple[int, str], ...] = field(default=())

    def __post_init__(self):
        object.__setattr__(self, "entries", tuple(self.entries))
        pairs = self.reasons.items() if isinstance(self.reasons, dict) else self.reasons
        try:
            pairs = tuple((index, text) for index, text in pairs)
        except (TypeError, ValueError):
            raise RecordError(-1, "reasons", "expected (entry index, reason) pairs") from None
        object.__setattr__(self, "reasons", tuple(sorted(pairs, key=lambda pair: _sort_key(pair[0]))))
        if self.reasons:
            why = reasons_problem(self.reasons, self.entries)
            if why is not None:
                raise RecordError(-1, *why)

    def reason_at(self, index: int) -> str:
        """The bot's reason for entry ``index`` (0-based), or ``""`` when the record has none for it."""
        return dict(self.reasons).get(index, "")

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text (format, settings, seed, meta and the entries in order), as ``GameRecord.from_json``
        reads it back."""
        d = {
            "format": FORMAT,
            "settings": self.settings.to_dict(),
            "seed": self.seed,
            "meta": dict(self.meta),
            "entries": list(self.entries),
        }
        if self.reasons:  # only when there are some: a record without reasons is written as before
            d["reasons"] = {str(index): text for index, text in self.reasons}
        return json.dumps(d, indent=indent, ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """Read a record (text or UTF-8 bytes; a leading byte-order mark is accepted), checked against the
        record schema: a wrong field raises :class:`RecordError` naming the field's path."""
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8-sig")
            except UnicodeDecodeError as e:
                raise RecordError(-1, "", f"not UTF-8 text (byte {e.start}): not a Tameri game record") from None
        if not isinstance(text, str):
            raise RecordError(-1, "", f"expected the record's JSON text, got {type(text).__name__}")
        text = text.removeprefix("\ufeff")
        if text.lstrip().startswith("<"):  # a shared page (HTML): the record is the block it embeds
            embedded, where = embedded_record(text)
            try:
                return cls.from_json(embedded)
            except RecordError as e:
                raise RecordError(
                    e.index, e.text, f"{e.why} (in the record embedded in this web page, {where})"
                ) from None
        try:
            d = json.loads(text)
        except RecursionError:
            raise RecordError(-1, "", "not JSON: nested too deeply") from None
        except ValueError as e:  # JSONDecodeError, and integers longer than Python's digit limit
            raise RecordError(-1, "", f"not JSON: {e}") from None
        found = d.get("format") if isinstance(d, dict) else None
        if isinstance(found, str) and found != FORMAT and found.startswith("tameri-game/"):
            raise RecordError(
                -1,
                "format",
                f"a Tameri game record of another version ({found[:40]!r}): this kit reads {FORMAT!r} records",
            )
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise RecordError(
                -1, "format" if isinstance(d, dict) else "", f'not a Tameri game record (expected "format": {FORMAT!r})'
            )
        try:
            checked = _RecordSchema.model_validate(d)
        except ValidationError as e:
            raise _schema_error(e) from None
        try:
            settings = Settings.from_dict(d["settings"])
        except (StateError, TypeError, ValueError) as e:
            raise RecordError(-1, "settings", str(e)) from None
        meta = tuple(sorted((k, "" if v is None else str(v)) for k, v in checked.meta.items()))
        reasons = []
        for key, text in checked.reasons.items():
            if not _INDEX.fullmatch(key):
                raise RecordError(
                    -1, f"reasons.{key[:40]}", "a reason's key is the index of its entry (0, 1, 2 ...), as a string"
                )
            reasons.append((int(key), text))
        return cls(settings, checked.seed, tuple(checked.entries), meta, tuple(reasons))

    def __len__(self) -> int:
        return len(self.entries)

    def truncated(self, n: int) -> "GameRecord":
        """The record of the first ``n`` entries (``n`` may be negative: drop that many at the end), with their
        reasons."""
        entries = self.entries[:n]
        reasons = tuple((index, text) for index, text in self.reasons if index < len(entries))
        return GameRecord(self.settings, self.seed, entries, self.meta, reasons)

    def with_reasons(self, reasons) -> "GameRecord":
        """The same record with ``reasons`` (``(entry index, reason)`` pairs or ``{index: reason}``) instead of its
        own."""
        return GameRecord(self.settings, self.seed, self.entries, self.meta, reasons)


def _sort_key(index) -> tuple:
    return (0, index) if type(index) is int else (1, str(index))


def reason_text(said) -> str:
    """A bot's ``last_reason`` as a record keeps it: one line (control characters and runs of spaces as one space),
    at most :data:`REASON_LIMIT` characters (cut with an ellipsis); ``""`` for anything but text."""
    if not isinstance(said, str):
        return ""
    text = " ".join(_CONTROL.sub(" ", said).split())
    return text if len(text) <= REASON_LIMIT else text[: REASON_LIMIT - 1] + "\u2026"


def reasons_problem(reasons, entries) -> tuple[str, str] | None:
    """The first problem of ``reasons`` (``(entry index, reason)`` pairs) for a record of ``entries``, as ``(field,
    why)`` (``("reasons.57", "...")``), or None: each index a whole number naming a decision entry, once; each
    reason one line of 1 to :data:`REASON_LIMIT` characters."""
    seen = set()
    for index, text in reasons:
        where = f"reasons.{index}" if type(index) is int else "reasons"
        if type(index) is not int or index < 0:
            return where, f"a reason's key is the index of its entry (0, 1, 2 ...), not {index!r}"
        if index in seen:
            return where, f"entry {index} has two reasons"
        seen.add(index)
        if index >= len(entries):
            return where, f"there is no entry {index}: the record has {len(entries)} entries (0 to {len(entries) - 1})"
        entry = entries[index]
        if entry.split(":", 1)[0].strip() == "chance":
            return where, f"entry {index} {entry[:60]!r} is a chance outcome: only a decision has a reason"
        if not isinstance(text, str):
            return where, f"a reason is text, not {type(text).__name__}"
        if not text.strip():
            return where, "an empty reason (leave the entry out instead)"
        if len(text) > REASON_LIMIT:
            return where, f"a reason of {len(text):,} characters; a reason is at most {REASON_LIMIT:,} (a bot's words)"
        control = _CONTROL.search(text)
        if control:
            return where, (
                f"a reason is one line of text, and this one holds the control character "
                f"U+{ord(control.group()):04X} at character {control.start() + 1}"
            )
    return None


def embedded_record(page: str) -> tuple[str, str]:
    """The record's JSON text inside a shared page (``<script type="application/json" id="tameri-record">``) and
    where it is (``"line 40 of the page"``).  A page without that block, with two of them, or whose block is not
    JSON's script type raises :class:`RecordError` saying so: it is not a page the kit made, or it was damaged."""
    found = [m for m in _SCRIPT.finditer(page) if _RECORD_ID.search(m.group(1) + ">")]
    if not found:
        raise RecordError(
            -1,
            "",
            f'a web page without a Tameri game record (no <script id="{PAGE_RECORD_ID}"> block): not a page shared '
            "by the kit (python -m tameri_kit share), or the block was removed",
        )
    if len(found) > 1:
        lines = ", ".join(str(page.count("\n", 0, m.start()) + 1) for m in found)
        raise RecordError(
            -1,
            "",
            f'a web page with {len(found)} <script id="{PAGE_RECORD_ID}"> blocks (lines {lines}): '
            "which game is meant cannot be told",
        )
    block = found[0]
    where = f"line {page.count(chr(10), 0, block.start()) + 1} of the page"
    if "application/json" not in block.group(1).lower():
        raise RecordError(-1, "", f'the <script id="{PAGE_RECORD_ID}"> block ({where}) is not of type application/json')
    return block.group(2).strip(), where


def replay(record: GameRecord, *, states: bool = False, upto: int | None = None):
    """Rebuild the game: the final state, or (``states=True``) the list of every state, the start first.

    Raises :class:`RecordError` at the first entry that does not parse or is not allowed.
    """
    from ...errors import IllegalActionError
    from .engine import new_game, step

    s = new_game(record.settings)
    out = [s] if states else None
    entries = record.entries if upto is None else record.entries[:upto]
    for k, text in enumerate(entries):
        try:
            d = Decision.parse(text)
        except NotationError as e:
            raise RecordError(k, text, e.reason) from None
        try:
            s = step(s, d)
        except IllegalActionError as e:
            raise RecordError(k, text, str(e)) from None
        if states:
            out.append(s)
    return out if states else s


def undo(record: GameRecord, n: int = 1):
    """The state ``n`` entries back (a replay of all but the last ``n`` entries) and the shortened record.

    ``n`` is a whole number from 0 to the number of entries (``undo(record, len(record))`` gives the start)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(record.entries):
        raise StateError(f"undo takes back 0 to {len(record.entries)} entries (the record's length), not {n!r}")
    short = record.truncated(len(record.entries) - n)
    return replay(short), short


# --- the seed's claim -------------------------------------------------------------------------------------------
#: ``meta["chance"]`` of a record whose chance outcomes were chosen by hand (not drawn from its seed)
CHANCE_BY_HAND = "by hand"


def chance_by_hand(record: GameRecord) -> bool:
    """Whether the record says its chance outcomes were chosen by hand (``"meta": {"chance": "by hand"}``)."""
    return dict(record.meta).get("chance") == CHANCE_BY_HAND


def table_entry_seed(seed: int, index: int, who: str) -> int:
    """The seed of entry ``index`` of a game at the table (:mod:`tameri_kit.widgets.table`): chance and each bot
    draw from their own stream per entry, so undo and reopening give the same game."""
    digest = hashlib.sha256(f"tameri-table/{seed}/{index}/{who}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _stream_draws(states, record: GameRecord, *, decisions_draw: bool):
    """What ``random.Random(seed)`` draws at each entry, in order: at a chance node ``sample_chance``'s outcome
    (``play`` and :func:`~tameri_kit.game.play.bots.play_game`); with ``decisions_draw`` a decision draws too, one
    ``randrange`` over the sorted legal decisions (:func:`~tameri_kit.game.play.engine.random_playout`)."""
    from .engine import legal_actions, sample_chance

    rng = random.Random(record.seed)
    for state in states:
        if state.is_chance:
            yield sample_chance(state, rng).text
        elif decisions_draw and not state.is_terminal:
            moves = legal_actions(state)
            yield moves[rng.randrange(len(moves))].text if moves else None
        else:
            yield None


def _table_draws(states, record: GameRecord):
    """What the table draws at each chance entry (its own stream per entry: :func:`table_entry_seed`)."""
    from .engine import sample_chance

    for index, state in enumerate(states):
        yield (
            sample_chance(state, random.Random(table_entry_seed(record.seed, index, "chance"))).text
            if (state.is_chance)
            else None
        )


def _first_difference(record: GameRecord, states, draws, start: int = 0) -> tuple[int, str] | None:
    """The first chance entry from ``start`` on that is not what ``draws`` gives there: ``(index, the seed's
    outcome)``."""
    for index, (text, state, drawn) in enumerate(zip(record.entries, states, draws)):
        if index < start:
            continue
        if state.is_chance and text != drawn:
            return index, drawn
        if drawn is not None and not state.is_chance and text != drawn:  # random_playout's decisions
            return index, drawn
    return None


def checked_replay(record: GameRecord) -> list:
    """Every state of the record's game (``replay(record, states=True)``), its chance outcomes checked against its
    seed (:func:`seed_problem`): how ``replay``, ``share``, the scrubber's and the table's Open read a record.
    Raises :class:`RecordError` for an entry that is not allowed or outcomes that are not the seed's."""
    states = replay(record, states=True)
    why = seed_problem(record, states)
    if why:
        raise RecordError(-1, "seed", why)
    return states


def seed_problem(record: GameRecord, states=None) -> str | None:
    """Why the record's chance outcomes are not the ones its ``seed`` draws, naming the first entry that differs,
    or ``None`` (also for a record with no seed, and for one that says its outcomes were chosen by hand).

    The seed's draws are those of the kit's three ways of playing a seeded game: ``play`` / ``play_game`` (one
    ``random.Random(seed)`` for the chance outcomes), ``random_playout`` (one stream for the chance outcomes and
    the decisions) and the table (``"meta": {"table": ...}``: a stream per entry; a record ``play`` made and the table
    opened and played on has ``play``'s draws, then the table's).  ``states``: the record's
    states (``replay(record, states=True)``), if already at hand.  Raises :class:`RecordError` for an entry that is
    not allowed."""
    if record.seed is None or chance_by_hand(record):
        return None
    if states is None:
        states = replay(record, states=True)
    if "table" in dict(record.meta):
        found = [_first_difference(record, states, _table_draws(states, record))]
        if found[0] is not None:  # a record opened at the table and played on: play's draws, then the table's
            opened = _first_difference(record, states, _stream_draws(states, record, decisions_draw=False))
            start = opened[0] if opened is not None else len(record.entries)
            found.append(_first_difference(record, states, _table_draws(states, record), start))
    else:
        found = [_first_difference(record, states, _stream_draws(states, record, decisions_draw=False))]
        if found[0] is not None:
            found.append(_first_difference(record, states, _stream_draws(states, record, decisions_draw=True)))
    if any(difference is None for difference in found):
        return None
    index, drawn = max(found)
    return (
        f"entry {index} {record.entries[index]!r}: seed {record.seed} draws {drawn!r} here, so this record's chance "
        f"outcomes are not those of seed {record.seed} (a record whose outcomes were chosen by hand says so: "
        f'"meta": {{"chance": "{CHANCE_BY_HAND}"}})'
    )
