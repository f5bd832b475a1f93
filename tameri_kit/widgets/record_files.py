"""Opening a game record from a file a person picks in the page (an ipywidgets ``FileUpload``) or gives by path:
the one way the scrubber (:mod:`tameri_kit.widgets.game`) and the table (:mod:`tameri_kit.widgets.table`) read a
record file.

The bytes go through the kit's own readers: :mod:`tameri_kit.files` for a path (a regular file only, the record
size cap), :meth:`tameri_kit.game.GameRecord.from_json` for the text (UTF-8, the record schema, the ``format``
and its version) and :func:`tameri_kit.game.replay` for the entries (the first entry that is not allowed is
named).  A record whose chance outcomes are not the ones its seed draws is refused as ``replay`` on the command
line refuses it (:func:`~tameri_kit.game.play.record.checked_replay`).  Every problem raises a :class:`RecordFileError`
that names the file and what in it is wrong; nothing is changed by a file that is refused.

Rulebook: no rule of its own (a record holds every decision and chance outcome from Game Setup to the End of the
Game).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TameriError
from ..files import RECORD_LIMIT, FileInputError, printable, read_bytes
from ..game import GameRecord, RecordError
from ..game.play.record import checked_replay


class RecordFileError(TameriError, ValueError):
    """A record file that cannot be opened: ``name`` (the file as the person gave it) and ``why`` (what in it is
    wrong and where: the field of the header, or the entry number and text)."""

    def __init__(self, name: str, why: str):
        self.name, self.why = printable(name), printable(why)
        super().__init__(f"{self.name}: {self.why}")


@dataclass(frozen=True)
class OpenedRecord:
    """A record read from a file, with every state of its game (``states[k]``: after the first ``k`` entries)."""

    name: str
    record: GameRecord
    states: list

    @property
    def finished(self) -> bool:
        return self.states[-1].is_terminal


def open_record_bytes(name: str, data: bytes | bytearray | memoryview) -> OpenedRecord:
    """The record in ``data`` (the bytes of the file called ``name``), replayed; raises :class:`RecordFileError`."""
    data = bytes(data)
    if not data.strip():
        raise RecordFileError(
            name, "the file is empty: a game record is the JSON text that Save or play --record writes"
        )
    if len(data) > RECORD_LIMIT:
        raise RecordFileError(name, f"too large ({len(data)} bytes; a record is read up to {RECORD_LIMIT} bytes)")
    try:
        record = GameRecord.from_json(data)
        states = checked_replay(record)
    except RecordError as error:
        raise RecordFileError(name, str(error)) from None
    return OpenedRecord(name, record, states)


def open_record_path(path) -> OpenedRecord:
    """The record in the file at ``path`` (a regular file of at most the record cap: never a device or a FIFO)."""
    try:
        data = read_bytes(path, RECORD_LIMIT)
    except FileInputError as error:
        raise RecordFileError(str(path), error.why) from None
    return open_record_bytes(str(path), data)


def uploaded_file(value) -> tuple[str, bytes] | None:
    """The name and bytes of the file in a ``FileUpload``'s ``value`` (ipywidgets 8: a tuple of dicts; 7: a dict
    by name), or ``None`` when it holds none."""
    if not value:
        return None
    item = value[0] if isinstance(value, (tuple, list)) else next(iter(value.values()))
    return str(item.get("name") or "the uploaded file"), bytes(item["content"])
