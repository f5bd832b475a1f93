"""What a record must be before it becomes a shared page: every text it carries writable as UTF-8, and its free
notes (``meta``) within a stated size.  (The bots' reasons a record may carry are not notes: each is at most
:data:`~tameri_kit.game.play.record.REASON_LIMIT` characters, one per decision, checked when the record is read.)

A JSON record may spell a lone surrogate (``"\\ud800"``): Python reads it into a string that no UTF-8 file can hold,
so the page could never be written.  And ``meta`` (free notes: the bots, the table) is embedded in the page whole
but never shown, so a record with megabytes of it makes a page of that size without a word.  Both are refused here,
by name, before anything is drawn (:class:`~tameri_kit.game.RecordError`: the CLI prints it as one ``error:``
line, the Share buttons say it in words).

Rulebook: no rule of its own.
"""

from __future__ import annotations

from ..game import GameRecord, RecordError

#: The most ``meta`` a shared page carries, in bytes of UTF-8 (its keys and values): notes about a game, never a
#: payload.  The kit writes a few dozen bytes there.
META_LIMIT = 64 * 1024


def _unencodable(text: str) -> str | None:
    """Why ``text`` cannot be written as UTF-8 (its first lone surrogate and where), or None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return (
            f"holds a lone surrogate U+{ord(text[error.start]):04X} at character {error.start + 1}, which no UTF-8 "
            "text can carry (a broken \\u escape in the JSON?)"
        )
    return None


def texts_of(record: GameRecord):
    """Every text a record carries, as ``(field, text)`` with the field named as in the record's JSON."""
    for i, name in enumerate(record.settings.players):
        yield f"settings.players[{i}]", name
    for key, value in record.meta:
        yield f"meta key {key!r}", key
        yield f"meta.{key}", value
    for i, text in enumerate(record.entries):
        yield f"entries[{i}]", text
    for index, text in record.reasons:
        yield f"reasons.{index}", text


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{n / 1024:.1f} kB"


def record_problem(record: GameRecord) -> RecordError | None:
    """The first reason ``record`` cannot become a page (a text that cannot be written, meta over
    :data:`META_LIMIT`), or None."""
    for field, text in texts_of(record):
        why = _unencodable(text)
        if why:
            return RecordError(-1, field.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace"), why)
    size = sum(len(k.encode("utf-8")) + len(v.encode("utf-8")) for k, v in record.meta)
    if size > META_LIMIT:
        return RecordError(
            -1,
            "meta",
            f"the record's notes (meta) take {_size(size)}; a shared page carries at most {_size(META_LIMIT)} of "
            "them (they are never shown): remove them from the record",
        )
    return None


def check_record(record: GameRecord) -> None:
    """Raise the :class:`~tameri_kit.game.RecordError` of :func:`record_problem`, if any."""
    problem = record_problem(record)
    if problem is not None:
        raise problem
