"""Reading the files people hand the kit, and showing text that came from them.

Every file the kit reads on a user's say-so (a game record for ``replay`` and the table's Open, a results file
for ``explore``'s resume, a data file for ``data check`` / ``data summary``) goes through this module:

- only a **regular file** is read: a folder, a FIFO, a socket or a device (``/dev/zero``, ``/dev/stdin``) is
  refused by name, after one non-blocking ``open`` and ``fstat`` (so a FIFO never blocks and a device is never
  read);
- a **size cap** per kind of file, with a message that says the size and the cap, checked before reading and
  again while reading (a file that grows is cut off, never read whole);
- **streaming**: :func:`read_lines` yields one line at a time, so a large results file is never held twice.

:func:`printable` escapes text from a file before it is printed (newlines, terminal escape codes, lone
surrogates, bidirectional controls), so a file can never forge a line of the kit's output.

A helper at the bottom of the package's layers, beside :mod:`tameri_kit.errors`: it imports nothing else from the
kit.
"""

from __future__ import annotations

import os
import stat
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import TameriError

#: Caps, in bytes, by kind of file (a whole game record is about 50 kB; a results file holds ~2 kB a game).
RECORD_LIMIT = 64 * 2**20
DATA_LIMIT = 16 * 2**20
RESULTS_LIMIT = 8 * 2**30
#: How much :func:`read_lines` reads at a time.
CHUNK = 2**16


class FileInputError(TameriError, ValueError):
    """A file the kit cannot read: missing, not a regular file (a folder, FIFO or device), too large, or not
    readable.  ``path`` is the file as given; the message names it and says why."""

    def __init__(self, path: str | os.PathLike, why: str):
        self.path, self.why = str(path), why
        super().__init__(f"{self.path}: {why}")


def _kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(size: int) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("kB", 2**10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}".replace(".0 ", " ")
    return f"{size} bytes"


def regular_file_problem(path: str | os.PathLike) -> str | None:
    """Why ``path`` is not an existing regular file (``"a device, not a regular file"``), or ``None`` when it is.
    Symbolic links are followed (a link to a regular file is fine)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    return None if stat.S_ISREG(mode) else f"{_kind(mode)}, not a regular file"


def open_regular(path: str | os.PathLike, limit: int):
    """Open a regular file for reading in binary mode, after checking what it is and its size (at most ``limit``
    bytes); raise :class:`FileInputError` otherwise.  The open is non-blocking, so a FIFO is refused at once."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileInputError(path, "no such file") from None
    except IsADirectoryError:
        raise FileInputError(path, "a folder, not a regular file") from None
    except OSError as error:
        raise FileInputError(path, f"cannot be read ({error.strerror or error})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileInputError(path, f"{_kind(info.st_mode)}, not a regular file: give the path of a file")
        if info.st_size > limit:
            raise FileInputError(path, f"too large ({_size(info.st_size)}; the kit reads at most {_size(limit)} here)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | os.PathLike, limit: int) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes (checked before and while reading)."""
    with open_regular(path, limit) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise FileInputError(path, f"cannot be read ({error.strerror or error})") from None
    if len(data) > limit:
        raise FileInputError(path, f"too large (more than {_size(limit)}; it grew while being read)")
    return data


def read_text(path: str | os.PathLike, limit: int, *, encoding: str = "utf-8") -> str:
    """A regular file of at most ``limit`` bytes as text (``encoding``; ``"utf-8-sig"`` drops a byte-order mark)."""
    data = read_bytes(path, limit)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise FileInputError(path, f"not UTF-8 text (byte {error.start})") from None


def read_lines(path: str | os.PathLike, limit: int) -> Iterator[tuple[int, bytes, bool]]:
    """The lines of a regular file of at most ``limit`` bytes, read a chunk at a time: ``(number, line, ended)``
    with ``number`` from 1, ``line`` without its newline and ``ended`` False only for a last line that has no
    newline (a line whose writing was cut off)."""
    seen = 0
    with open_regular(path, limit) as handle:
        pending = b""
        number = 0
        while True:
            try:
                chunk = handle.read(CHUNK)
            except OSError as error:
                raise FileInputError(path, f"cannot be read ({error.strerror or error})") from None
            if not chunk:
                break
            seen += len(chunk)
            if seen > limit:
                raise FileInputError(path, f"too large (more than {_size(limit)}; it grew while being read)")
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for line in complete:
                number += 1
                yield number, line, True
        if pending:
            yield number + 1, pending, False


# ----------------------------------------------------------------------------------------------------------------
# Showing text from a file
# ----------------------------------------------------------------------------------------------------------------
def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def printable(text: object) -> str:
    """``text`` safe to print on one line: control characters (newline, carriage return, the escape that starts a
    terminal code), lone surrogates, bidirectional and other format controls and unassigned code points become
    ``\\x1b``-style escapes; everything else (letters of any script, symbols such as the infinity sign) stays.

    >>> printable("greedy\\n\\x1b[2KWinner: Ringo")
    'greedy\\\\x0a\\\\x1b[2KWinner: Ringo'
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(
        char
        if char == " " or unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
        else _escape(char)
        for char in text
    )


# ----------------------------------------------------------------------------------------------------------------
# Replacing a file safely
# ----------------------------------------------------------------------------------------------------------------
def replace_with_lines(path: str | os.PathLike, lines: Iterable[str]) -> None:
    """Write ``lines`` (each without its newline) to a new temporary file in ``path``'s folder, then move it over
    ``path`` in one step (``os.replace``).  The temporary file has a fresh random name and is created with
    ``O_EXCL`` (``tempfile.mkstemp``), so nothing planted at a predictable name (a symbolic link in a shared folder
    such as /tmp) is ever followed or overwritten; on any error it is removed and ``path`` is unchanged."""
    target = Path(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            for line in lines:
                handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
