"""Whether a shared page is genuine: made again from the record it embeds, is it the same page, byte for byte?

``replay page.html`` reads only the page's embedded record: a page whose pictures show another game, whose record
was cut short, or which carries a script of someone else's still replays cleanly.  :func:`check_page` makes the
page again (:func:`~tameri_kit.share.share_page`, from the record and the teacher's notes it carries) and compares
the two; a page is genuine only when they are identical, and otherwise the first difference is named (line, column
and the text on each side).  A page made by another version of the kit cannot be compared byte for byte, and says
so.

Rulebook: no rule of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import __version__
from ..files import RECORD_LIMIT, printable, read_bytes
from ..game import GameRecord, RecordError
from ..game.play.record import checked_replay
from .notes import embedded_notes
from .page import PAGE_FORMAT, share_page

#: ``<meta name="generator" content="tameri_kit 0.1.0 share page/3">``: the version of the kit that made a page and
#: of the page's making (:data:`~tameri_kit.share.page.PAGE_FORMAT`; older pages say no ``page/``).
GENERATOR = re.compile(r'<meta name="generator" content="tameri_kit ([^" ]+) share(?: page/(\d+))?">')


@dataclass(frozen=True)
class PageCheck:
    """The verdict on a page: ``genuine``, and the words that say why (``message``, one line)."""

    genuine: bool
    message: str


def _snippet(data: bytes, at: int) -> str:
    """Up to 50 characters of ``data`` from ``at`` to the end of its line, in quotes, safe to print."""
    start = data.rfind(b"\n", 0, at) + 1 if at and data[at - 1 : at] != b"\n" else at
    start = max(start, at - 10)
    end = data.find(b"\n", at)
    piece = data[start : min(end if end >= 0 else len(data), at + 50)].decode("utf-8", "replace")
    return '"' + printable(piece) + ('"' if end < 0 or end <= at + 50 else '..."')


def first_difference(page: bytes, expected: bytes) -> str:
    """Where ``page`` first differs from ``expected``: line, column, and the text of each there."""
    at = next((i for i, (a, b) in enumerate(zip(page, expected)) if a != b), min(len(page), len(expected)))
    line = page.count(b"\n", 0, at) + 1
    column = at - (page.rfind(b"\n", 0, at) + 1) + 1
    if at == len(page):
        has = f"ends ({len(page)} bytes)"
    else:
        has = f"has {_snippet(page, at)}"
    if at == len(expected):
        writes = f"ends there ({len(expected)} bytes)"
    else:
        writes = f"writes {_snippet(expected, at)}"
    return f"line {line}, column {column}: the page {has} where the kit {writes}"


def check_page_bytes(page: bytes) -> PageCheck:
    """The verdict on the page ``page`` (its bytes as read from the file)."""
    try:
        text = page.decode("utf-8")
    except UnicodeDecodeError as error:
        return PageCheck(False, f"not UTF-8 text (byte {error.start}): not a page the kit made")
    found = GENERATOR.search(text)
    if found is None:
        return PageCheck(False, "no tameri_kit version is stated in it: not a page the kit made, or it was changed")
    made = (found.group(1), int(found.group(2) or 1))
    if made != (__version__, PAGE_FORMAT):
        return PageCheck(
            False,
            f"made by tameri_kit {printable(made[0])} (page format {made[1]}); this is tameri_kit {__version__} "
            f"(page format {PAGE_FORMAT}): check it with the kit that made it (a page is compared byte for byte with "
            "the page the same kit makes)",
        )
    try:
        record = GameRecord.from_json(text)
        checked_replay(record)
        notes = embedded_notes(text)
        expected = share_page(record, notes=notes).encode("utf-8")
    except RecordError as error:
        return PageCheck(False, f"its record cannot be read: {printable(error)}")
    if expected == page:
        seed = "" if record.seed is None else f", seed {record.seed}"
        return PageCheck(
            True,
            f"genuine: byte for byte the page tameri_kit {__version__} makes from the game it carries "
            f"({len(record.entries)} steps{seed}"
            + (f", {len(notes.sections)} teacher's note(s)" if notes is not None and notes.sections else "")
            + ")",
        )
    return PageCheck(
        False,
        "not the page its own record makes, so what it shows may not be the game it carries; first difference at "
        + first_difference(page, expected),
    )


def check_page(path: str) -> PageCheck:
    """The verdict on the page in the file ``path`` (a regular file; raises
    :class:`~tameri_kit.files.FileInputError` for one that cannot be read)."""
    return check_page_bytes(read_bytes(path, RECORD_LIMIT))
