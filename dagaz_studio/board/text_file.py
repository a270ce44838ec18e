"""Reading a text file the user names (a board file, a variants.ini, a recovery file): one discipline.

Only a regular file is read: a device (``/dev/zero``, which never ends), a FIFO (which would wait
for a writer forever), a directory or a socket is refused before it is opened, and opened without
blocking, so a file swapped for a FIFO in between cannot hang the program either. The size limit is
counted on the bytes read, never taken from the file's metadata (a device says 0), and reading stops
one chunk past it. The text is UTF-8, with or without a byte-order mark (UTF-16 and UTF-32 are
refused, named, rather than saved back as UTF-8 unasked); line ends ``\\r\\n`` and ``\\r`` are read
as ``\\n``, as Python's text files read them (a lone ``\\r`` kept where the file's own reader, as
Fairy-Stockfish's for a variants.ini, ends no line there).
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

_CHUNK = 1 << 16
_NOT_REGULAR = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
                (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                (stat.S_ISSOCK, "a socket"))
# Longest first: UTF-32's little-endian mark begins with UTF-16's.
_OTHER_MARKS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"), (codecs.BOM_UTF16_LE, "UTF-16"),
                (codecs.BOM_UTF16_BE, "UTF-16"))


class TextFileError(ValueError):
    """A file that cannot be read as text: ``path``, ``line`` (1-based; 0 for the whole file), ``message``."""

    def __init__(self, path: str, message: str, line: int = 0) -> None:
        self.path = path
        self.line = line
        self.message = message
        from dagaz_studio.board.problems import printable

        super().__init__(f"{printable(path)}:{line}: {message}" if line else f"{printable(path)}: {message}")


def _kind(mode: int) -> str:
    return next((name for test, name in _NOT_REGULAR if test(mode)), "not a regular file")


def read_text_file(path: str | Path, max_bytes: int, max_line: int | None = None,
                   what: str = "file", lone_cr_ends_line: bool = True) -> str:
    """The text of ``path``, read as described above.

    ``max_bytes``: the most bytes read (a longer file is refused once that many are read);
    ``max_line``: the most characters on a line (None: only the size limit). ``what`` names the
    kind of file in messages (``"variants.ini"``); ``lone_cr_ends_line``: whether a ``\\r`` alone ends a
    line (else it is kept, and only ``\\r\\n`` is made ``\\n``). Raises :class:`TextFileError` saying why.
    """
    name = str(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise TextFileError(name, f"cannot be read ({error.strerror or error})") from None
    if not stat.S_ISREG(mode):
        raise TextFileError(name, f"is {_kind(mode)}, not a regular file: a {what} is read from a regular file only")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise TextFileError(name, f"cannot be read ({error.strerror or error})") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):  # replaced between the look and the opening
            raise TextFileError(name, f"is {_kind(mode)}, not a regular file: a {what} is read from a regular "
                                      f"file only")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(descriptor, min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise TextFileError(name, f"holds more than {max_bytes:,} bytes: a {what} has at most {max_bytes:,}")
    except OSError as error:
        raise TextFileError(name, f"cannot be read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)
    text = decode_text(b"".join(chunks), name, what, lone_cr_ends_line)
    if max_line is not None:
        check_line_lengths(text, max_line, name, what)
    return text


def decode_text(data: bytes, name: str = "<text>", what: str = "file", lone_cr_ends_line: bool = True) -> str:
    """``data`` as UTF-8 text, a byte-order mark left out, line ends made ``\\n`` (a lone ``\\r`` kept
    unless ``lone_cr_ends_line``).

    Raises :class:`TextFileError` with the line of the first byte that is not UTF-8."""
    other = next((label for mark, label in _OTHER_MARKS if data.startswith(mark)), None)
    if other is not None:
        # Read, it would be saved back as UTF-8: the user converts it knowingly instead.
        raise TextFileError(name, f"is {other} text, not UTF-8 (its byte-order mark says so): save it as UTF-8", 1)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise TextFileError(name, f"is not UTF-8 text (byte {error.start + 1:,}): a {what} is read as UTF-8", line) from None
    text = text.replace("\r\n", "\n")
    return text.replace("\r", "\n") if lone_cr_ends_line else text


def check_line_lengths(text: str, max_line: int, name: str = "<text>", what: str = "file") -> None:
    """Raise :class:`TextFileError` at the first line of ``text`` longer than ``max_line`` characters."""
    start = 0
    number = 1
    while start <= len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if end - start > max_line:
            raise TextFileError(name, f"a line of {end - start:,} characters: a {what}'s lines have at most "
                                      f"{max_line:,}", number)
        start = end + 1
        number += 1
