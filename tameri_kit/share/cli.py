"""``python -m tameri_kit share RECORD [-o PAGE]``: a saved game record as one self-contained web page.

    python -m tameri_kit play --players 4 --seed 1 --record game.json
    python -m tameri_kit share game.json -o game.html        # open game.html in any browser, or send it
    python -m tameri_kit replay game.html                    # the page's embedded record: the same log again

The record is read and checked as ``replay`` reads it (a regular file, its schema, every entry, the seed's claim),
so a page is made only of a game ``replay`` would accept; a shared page is a record too (its embedded one).  The
page is written through a temporary file in the same folder, so a failure leaves no half page behind.  Errors are
one ``error: ...`` line and exit code 1.

Rulebook: no rule of its own (the whole game, as the record keeps it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import TameriError
from ..files import RECORD_LIMIT, FileInputError, printable, read_bytes, regular_file_problem
from ..game import GameRecord
from ..game.play.record import checked_replay
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
    checked_replay(record)  # RecordError names the first bad entry, or the first outcome not the seed's
    return record


def share_file(record_path: str, page_path: str | None = None, err=None) -> int:
    """Write the shared page of the record at ``record_path`` to ``page_path`` (default: beside the record);
    print ``error: ...`` and return 1 for a bad record or a page that cannot be written."""
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
    try:
        record = read_record(record_path)
        html = share_page(record)
    except FileInputError as e:
        print(f"error: cannot read {printable(e)}", file=err)
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
