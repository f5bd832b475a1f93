"""``python -m tameri_kit share RECORD [-o PAGE]``: a saved game record as one self-contained web page.

    python -m tameri_kit play --players 4 --seed 1 --record game.json
    python -m tameri_kit share game.json -o game.html        # open game.html in any browser, or send it
    python -m tameri_kit share game.json --notes notes.md --ask 57 -o lesson.html --force
    python -m tameri_kit share --check game.html             # a page received: is it the game it carries?
    python -m tameri_kit replay game.html                    # the page's embedded record: the same log again

The record is read and checked as ``replay`` reads it (a regular file, its schema, every entry, the seed's claim),
so a page is made only of a game ``replay`` would accept; a shared page is a record too (its embedded one).  The
page is written through a temporary file in the same folder, so a failure leaves no half page behind, and an
existing file is replaced only with ``--force``.  ``--check`` makes a page again from the record (and notes) it
carries and says whether it is the same, byte for byte (:mod:`tameri_kit.share.check`).  Errors are one
``error: ...`` line and exit code 1.

Rulebook: no rule of its own (the whole game, as the record keeps it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import TameriError
from ..files import RECORD_LIMIT, FileInputError, printable, read_bytes, regular_file_problem
from ..game import GameRecord
from ..game.play.record import checked_replay
from .check import check_page
from .inputs import check_record
from .notes import NOTES_LIMIT, Notes, NotesError, parse_asked, parse_notes
from .page import page_path_beside, share_page, write_page


def page_path_problem(page: Path) -> str | None:
    """Why the page cannot be written at ``page``, or None."""
    import os

    if page.is_dir():
        return f"{printable(page)} is a folder; give a file name such as {printable(page / 'game.html')}"
    if page.exists() and regular_file_problem(page):
        return f"{printable(page)} is {regular_file_problem(page)}; give a file name such as game.html"
    if not page.parent.is_dir():
        return f"the folder {printable(page.parent)} does not exist"
    if not os.access(page.parent, os.W_OK):
        return f"{printable(page)} cannot be written (permission denied)"
    return None


def read_record(path: str) -> GameRecord:
    """The record in ``path`` (JSON or a shared page), checked as ``replay`` checks it; raises a
    :class:`~tameri_kit.errors.TameriError` naming the file and what is wrong."""
    data = read_bytes(path, RECORD_LIMIT)  # a regular file only: never a device, a FIFO or a folder
    record = GameRecord.from_json(data)
    check_record(record)  # every text writable (a lone surrogate named by its field), meta within its size
    checked_replay(record)  # RecordError names the first bad entry, or the first outcome not the seed's
    return record


def read_notes(notes_path: str | None, ask: str | None) -> Notes | None:
    """The notes in ``notes_path`` (Markdown) with the steps of ``ask`` (``"57,120"``), or None for neither."""
    if notes_path is None and ask is None:
        return None
    asked = parse_asked(ask) if ask is not None else ()
    source = ""
    if notes_path is not None:
        data = read_bytes(notes_path, NOTES_LIMIT * 4)
        try:
            source = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise NotesError(0, f"not UTF-8 text (byte {e.start})") from None
    return parse_notes(source.replace("\r\n", "\n"), asked)


def share_file(
    record_path: str,
    page_path: str | None = None,
    err=None,
    *,
    force: bool = False,
    notes_path: str | None = None,
    ask: str | None = None,
) -> int:
    """Write the shared page of the record at ``record_path`` to ``page_path`` (default: beside the record), with
    the teacher's notes at ``notes_path`` and questions at the steps of ``ask``; an existing page is replaced only
    with ``force``.  Print ``error: ...`` and return 1 for a bad record, bad notes or a page that cannot be
    written."""
    err = err or sys.stderr
    page = Path(page_path) if page_path else Path(page_path_beside(record_path))
    if page_path is not None and not str(page_path).strip():
        print("error: -o needs a file name such as game.html", file=err)
        return 1
    try:
        same = page.exists() and Path(record_path).exists() and page.resolve() == Path(record_path).resolve()
    except OSError:
        same = False
    if same:
        print(f"error: {printable(page)} is the record itself; give another file name with -o", file=err)
        return 1
    why = page_path_problem(page)
    if why:
        print(f"error: cannot write the page: {why}", file=err)
        return 1
    if page.exists() and not force:
        print(
            f"error: {printable(page)} exists already; add --force to replace it, or give another name with -o",
            file=err,
        )
        return 1
    try:
        notes = read_notes(notes_path, ask)
        record = read_record(record_path)
        html = share_page(record, notes=notes)
    except FileInputError as e:
        print(f"error: cannot read {printable(e)}", file=err)
        return 1
    except NotesError as e:
        print(f"error: {printable(notes_path or '--ask')}: {printable(e)}", file=err)
        return 1
    except TameriError as e:
        print(f"error: {printable(record_path)}: {printable(e)}", file=err)
        return 1
    try:
        write_page(page, html)
    except OSError as e:
        print(f"error: cannot write the page {printable(page)}: {e.strerror or e}", file=err)
        return 1
    size = page.stat().st_size
    print(f"(page saved to {printable(page)}: {size / 1024:.0f} kB, {len(record.entries)} steps)", file=err)
    return 0


def check_file(page_path: str, out=None, err=None) -> int:
    """``share --check PAGE``: print whether the page is the one its record (and notes) make, byte for byte; 0 when
    it is, 1 when it is not or cannot be read (``error: ...``)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        verdict = check_page(page_path)
    except FileInputError as e:
        print(f"error: cannot read {printable(e)}", file=err)
        return 1
    if verdict.genuine:
        print(f"{printable(page_path)}: {verdict.message}", file=out)
        return 0
    print(f"error: {printable(page_path)}: {verdict.message}", file=err)
    return 1
