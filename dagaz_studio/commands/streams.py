"""Standard input and output that fail with one line, not a traceback.

A full disk (``> /dev/full``) and a stream the shell closed (``>&-``, ``<&-``) are not defects of the
program: each ends the command with exit status 2 and one line on standard error saying which stream
failed and why. A reader that stops early (``| head -1``) has what it wanted: the command ends
quietly, with the status of a process ended by SIGPIPE (141), as ``seq 100000 | head -1`` ends. :func:`guarded` puts a thin wrapper round
standard output for the length of a command, so a failed write is told apart from any other
``OSError``; :func:`read_failure` does the same for reads of standard input.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any


class StreamError(Exception):
    """Standard input or output failed: a broken pipe, a full disk, a closed stream."""

    def __init__(self, stream: str, error: OSError | None = None) -> None:
        if error is None:
            reason = "it is closed"
        elif isinstance(error, BrokenPipeError):
            reason = "the reader closed it (broken pipe)"
        else:
            reason = error.strerror or str(error)
        super().__init__(f"could not {'read' if stream == 'standard input' else 'write'} {stream}: {reason}")
        self.stream = stream
        #: Standard output's reader is gone (a broken pipe): nothing is wrong, and nothing is said.
        self.reader_gone = stream == "standard output" and isinstance(error, BrokenPipeError)
        self.message = str(self)


class _Closed:
    """Stands for a standard stream the program was started without: any use is a :class:`StreamError`."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        raise StreamError(self._name)

    def __bool__(self) -> bool:
        return True


class _Guarded:
    """Standard output, with each failed write or flush raised as a :class:`StreamError`."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except UnicodeEncodeError:
            # An output that cannot say a character (an ASCII or Latin-1 locale) gets it escaped, as standard
            # error does, rather than a traceback.
            encoding = getattr(self._stream, "encoding", None) or "ascii"
            self.write(text.encode(encoding, "backslashreplace").decode(encoding))
            return len(text)
        except OSError as error:
            raise StreamError("standard output", error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise StreamError("standard output", error) from None
        except ValueError:  # flushing a stream already closed
            raise StreamError("standard output") from None

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._stream, attribute)


class _Mute:
    """Standard error, where a failed write is dropped: there is nowhere left to say so, and the exit
    status still tells."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except (OSError, ValueError):
            return len(text)

    def flush(self) -> None:
        with suppress(OSError, ValueError):
            self._stream.flush()

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._stream, attribute)


def _occupy(descriptor: int) -> bool:
    """Open the null device on ``descriptor`` when it is closed (so no file the command opens lands
    there by chance); whether it was closed."""
    try:
        os.fstat(descriptor)
        return False
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return True
    if null != descriptor:
        os.dup2(null, descriptor)
        os.close(null)
    return True


def read_failure(error: OSError) -> StreamError:
    """The error for a failed read of standard input."""
    return StreamError("standard input", error)


@contextmanager
def guarded() -> Iterator[None]:
    """Within this block, failures of standard input and output raise :class:`StreamError`; the
    output is flushed when the block ends, so a late failure is caught too."""
    saved = sys.stdin, sys.stdout, sys.stderr
    for descriptor, name in ((0, "stdin"), (1, "stdout")):
        if _occupy(descriptor) or getattr(sys, name) is None:
            setattr(sys, name, _Closed("standard input" if descriptor == 0 else "standard output"))
    if _occupy(2) or sys.stderr is None:
        # Messages are lost, the exit status still tells; print() would send them to standard output.
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - kept open for the whole command
    sys.stderr = _Mute(sys.stderr)  # type: ignore[assignment]
    if not isinstance(sys.stdout, _Closed):
        sys.stdout = _Guarded(sys.stdout)  # type: ignore[assignment]
    try:
        try:
            yield
        except SystemExit as done:  # --help and usage errors: what they printed must reach its reader too
            if not done.code:
                _flush()
            raise
        _flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def _flush() -> None:
    # A command that printed nothing (the window) has nothing to lose on a closed standard output.
    if not isinstance(sys.stdout, _Closed):
        sys.stdout.flush()


def silence_stdout() -> None:
    """Point standard output at the null device, after it failed: what is still buffered is dropped
    rather than failing again (and printing a traceback) when the interpreter exits."""
    if sys.stdout is not sys.__stdout__:  # a stream put in its place (a test's capture): leave fd 1 alone
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
        os.close(null)
    except (OSError, ValueError):
        pass
