"""What the subcommands share: opening boards and positions, and reporting user errors.

Every subcommand module imports this one to declare its options, so it imports the board reader
and the engine only when a command opens a board: ``--help`` starts without them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from dagaz_studio.board import Board
    from dagaz_studio.engine import Position

EXIT_USAGE = 2


def whole_number(text: str) -> int:
    """An option's whole number: ASCII digits, with a sign or not, as every count the program reads
    (``int()`` alone would read ``'٣'`` as 3 and ``'1_0'`` as 10). Usage errors as argparse's."""
    import argparse
    import re

    if re.fullmatch(r"[+-]?[0-9]+", text) is None:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number (digits 0-9)")
    return int(text)


def add_budget_option(parser: Any, each: str) -> None:
    """The ``--budget UNITS`` option: the work ``each`` run may do (``each``: "each piece's run", …)."""
    parser.add_argument("--budget", type=budget_units, default=None, metavar="UNITS",
                        help=f"the work {each} may do (steps, captures, moves found …) before it is "
                             "stopped as a runaway (default 100000): more for a piece that has a great many "
                             "ways, such as a long-range King among many pieces to take")


def budget_units(text: str) -> int:
    """A ``--budget`` value: a whole number of units of work, at least one and at most a billion (a run
    spending more would take hours, and the window's and command's answers are meant to come in seconds)."""
    import argparse

    from dagaz_studio.queries.run_stopped import MOST_BUDGET

    units = whole_number(text)
    if not 1 <= units <= MOST_BUDGET:
        raise argparse.ArgumentTypeError(f"{units}: give from 1 to {MOST_BUDGET} units of work")
    return units


class TypedNumber(float):
    """A number as the command line gave it: its value, and its text, which a message says as typed
    (``1e400`` is infinite and ``1e-400`` nought as a float; ``1000.0001`` is not ``1000``)."""

    text: str

    def __new__(cls, text: str) -> TypedNumber:
        number = super().__new__(cls, text)
        number.text = text
        return number

    def __str__(self) -> str:
        from dagaz_studio.board.problems import echoed

        return echoed(self.text)


def decimal_number(text: str) -> TypedNumber:
    """An option's number with a fraction or not (``2.5``, ``64``, ``1e2``), in ASCII digits."""
    import argparse
    import re

    if re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", text) is None:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number (digits 0-9, a point, an exponent)")
    return TypedNumber(text)


class CommandError(Exception):
    """A problem with what the user asked for: printed as one message, exit status 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


#: The most problems a command lists of one board: past them, one line says how many more there are
#: (a file of thousands of bad lines would bury the first under the rest).
MAX_PROBLEMS_SHOWN = 50


def problem_lines(problems: Sequence[object]) -> list[str]:
    """The lines listing ``problems``: the first :data:`MAX_PROBLEMS_SHOWN`, then one saying how many
    more there are (and in which file, when they are all in one)."""
    lines = [str(problem) for problem in problems[:MAX_PROBLEMS_SHOWN]]
    rest = problems[MAX_PROBLEMS_SHOWN:]
    if rest:
        files = {getattr(problem, "file", None) for problem in rest}
        where = f"{printable(str(files.pop()))}: " if len(files) == 1 and None not in files else ""
        lines.append(f"{where}… and {len(rest):,} more problem{'s' if len(rest) != 1 else ''}")
    return lines


@contextmanager
def interrupt_deferred() -> Iterator[None]:
    """Ctrl-C held until the block ends, then raised: for importing Qt, whose bindings abort the
    interpreter (a core dump, not status 130) when an import of theirs is interrupted."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def open_board(argument: str) -> Board:
    """The board a command-line argument names (a path or a shipped board's name)."""
    from dagaz_studio.board import BoardFileError, load_board

    try:
        return load_board(argument)
    except BoardFileError as error:
        raise CommandError("the board file has problems:\n" + "\n".join(problem_lines(error.problems))) from None
    except ValueError as error:
        raise CommandError(str(error)) from None


def open_position(board: Board, fen: str | None) -> Position:
    """The position a FEN (or a draughts PDN FEN, ``W:W31,32:B1,K2``) gives on ``board``, or the
    board's initial position."""
    from dagaz_studio.engine import FenError, Position
    from dagaz_studio.pdn import PdnError, board_fen

    if fen == "-":
        # moves --fen - reads a batch: the same words elsewhere would be refused as a placement.
        raise CommandError("--fen -: only moves reads FENs from standard input (one a line); give the FEN itself")
    try:
        return Position.initial(board) if fen is None else Position.from_fen(board, board_fen(board, fen))
    except (FenError, PdnError) as error:
        raise CommandError(str(error)) from None


def quoted(text: str) -> str:
    """``text`` in quotes for a message, cut short as a board file's problems quote a word
    (:func:`~dagaz_studio.board.problems.echoed`): a pasted page is not echoed back whole."""
    from dagaz_studio.board.problems import quoted as between_quotes

    return between_quotes(text)


def printable(text: str) -> str:
    """``text`` (a path) as a message says it: whole, a line break or an escape written as its escape
    (:func:`~dagaz_studio.board.problems.printable`, imported only when a message needs it)."""
    from dagaz_studio.board.problems import printable as escaped

    return escaped(text)


def not_a_piece(board: Board, text: str) -> str:
    """For a definition that does not read: a line saying, when it looks like a piece's name, that
    the board has no piece of that name (and which it has)."""
    from dagaz_studio.board.problems import echoed

    text = text.strip()
    if not (len(text) > 1 and text.isalpha()):
        return ""
    return f"\n'{echoed(text)}' is not one of the board's pieces ({', '.join(board.pieces) or 'it has none'}) either"


def piece_definition(board: Board, text: str, notation: str, dialect: str, which: str | None = None) -> str:
    """A piece's definition given on the command line, in the Dagaz notation: a board piece's own where
    ``text`` is its name, else ``text`` translated from ``notation``; ``which`` names the definition
    in a message (A or B). Warnings of the translation go to standard error."""
    # A name pasted with the spaces around it is still the name.
    if text.strip() in board.pieces:
        return board.pieces[text.strip()].notation_text
    if notation == "dagaz":
        return text
    from dagaz_studio.translation import TranslationError, translate

    try:
        result = translate(text, notation, "dagaz", dialect)
    except TranslationError as error:
        raise CommandError(f"bad {notation}{'' if which is None else ' of ' + which}:\n" + error.render()
                           + not_a_piece(board, text)) from None
    for warning in result.warnings:
        print(f"dagaz-studio: warning: {warning}", file=sys.stderr)
    return result.text


def square_index(board: Board, name: str) -> int:
    """A square's index by name, or by its draughts number (``32``) on a board PDN numbers; a clear
    error for a square the board does not have."""
    if board.has_square(name):
        return board.index(name)
    from dagaz_studio.pdn import keeps_colour, square_by_number, square_numbers

    numbered = square_by_number(board, name)
    if numbered is not None:
        return numbered
    numbers = f", numbered 1 to {len(square_numbers(board))}" if keeps_colour(board) and square_numbers(board) else ""
    raise CommandError(f"no square {quoted(name)} on {board.name} (squares run {board.squares[0]} … "
                       f"{board.squares[-1]}{numbers})")


#: How ``--fen-style`` writes a FEN: the board's own, or PDN's (draughts boards).
FEN_STYLES = ("board", "pdn")


def add_fen_style_option(parser: Any, where: str) -> None:
    """Declare ``--fen-style``, saying ``where`` the FEN it styles is written."""
    parser.add_argument("--fen-style", choices=FEN_STYLES, default="board",
                        help=f"how {where} is written: the board's FEN (default), or PDN FEN as draughts players "
                        "write it (W:W31,32:B1,K2; squares by name on a board that names its moves so)")


def check_fen_style(board: Board, style: str) -> None:
    """Refuse ``--fen-style pdn`` on a board PDN does not fit, before any work is done."""
    if style == "pdn":
        from dagaz_studio.pdn import not_for_pdn

        refusal = not_for_pdn(board)
        if refusal is not None:
            raise CommandError(f"--fen-style pdn: {refusal}")


def written_fen(position: Position, style: str, board_fen: str) -> str:
    """The FEN a command writes for ``position``: ``board_fen`` (the board's own, as the command has it)
    or, for ``style`` ``pdn``, the position's PDN FEN; one PDN cannot say is a :class:`CommandError`."""
    if style != "pdn":
        return board_fen
    from dagaz_studio.pdn import PdnError, pdn_fen

    try:
        return pdn_fen(position)
    except PdnError as error:
        raise CommandError(f"--fen-style pdn: {error}") from None


def json_line(value: object) -> str:
    r"""``value`` as one line of JSON, its text in UTF-8 as written (not escaped), but for a lone
    surrogate: a byte of a file name or an argument that is not UTF-8 (``\xff``, which Python holds as
    ``\udcff``) is written as its ``\u`` escape, which JSON readers take back, rather than as the raw
    byte, which is no UTF-8 and would make the whole line unreadable."""
    import json
    import re

    text = json.dumps(value, ensure_ascii=False)
    return re.sub("[\ud800-\udfff]", lambda found: f"\\u{ord(found.group()):04x}", text)


def said(message: str) -> str:
    """A message as it is printed: each of its lines :func:`printable` (a character a terminal would
    obey, from a FEN or a name typed, is written as its escape)."""
    return "\n".join(printable(line) for line in message.split("\n"))


def report(error: CommandError) -> int:
    """Print a user error on stderr; returns the exit status."""
    print(f"dagaz-studio: error: {said(error.message)}", file=sys.stderr)
    return EXIT_USAGE


class BatchLine(NamedTuple):
    """One line of a batch read from standard input: its number (from 1), its text without the line
    ending, and why it cannot be used (``None`` when it can)."""

    number: int
    text: str
    problem: str | None


class InputLines:
    """A descriptor's bytes read a line at a time, with a buffer of its own, so that whether a whole
    line can be read without waiting is known (:meth:`ready`): a buffered reader does not say what
    it holds. (Work handed out ahead of its answers must not wait on a line the writer will send
    only once the answers are there.)"""

    def __init__(self, descriptor: int) -> None:
        self.descriptor = descriptor
        self.held = b""
        self.ended = False

    def fileno(self) -> int:
        return self.descriptor

    def ready(self) -> bool:
        """Whether :meth:`readline` answers at once: a whole line held, the end reached, or more to read."""
        import select

        return self.ended or b"\n" in self.held or bool(select.select([self.descriptor], [], [], 0)[0])

    def readline(self, size: int) -> bytes:
        """The next line, or its first ``size`` bytes (``b""`` at the end), as a binary file's."""
        while b"\n" not in self.held and len(self.held) < size and not self.ended:
            more = os.read(self.descriptor, 1 << 16)
            self.ended = not more
            self.held += more
        end = self.held.find(b"\n", 0, size)
        cut = size if end < 0 else end + 1
        line, self.held = self.held[:cut], self.held[cut:]
        return line


#: The most of one line a batch reads past its limit, looking for the line's end: a line still going
#: past it is no line of text (``/dev/zero``, a binary file) and the batch stops there.
MAX_BATCH_LINE = 1_000_000


def batch_lines(stream: IO[str] | InputLines | None = None, limit: int | None = None,
                ceiling: int = MAX_BATCH_LINE) -> Iterator[BatchLine]:
    """The lines of a batch, each read at most ``limit`` characters at a time (default: the longest
    FEN a position accepts).

    A line longer than the limit or not UTF-8 text is still one line: it comes with a problem and
    its text cut short, and the lines after it are read as usual. A line with no end within
    ``ceiling`` characters is the last: its problem says the rest of the input is not read. Memory
    and time stay bounded whatever the input holds.
    """
    if limit is None:
        from dagaz_studio.engine import MAX_FEN_LENGTH

        limit = MAX_FEN_LENGTH
    stream = sys.stdin if stream is None else stream
    binary = getattr(stream, "buffer", None)
    reader = binary if binary is not None else stream

    def readline(size: int) -> Any:
        try:
            return reader.readline(size)
        except OSError as error:  # standard input a folder, or a device that fails
            from dagaz_studio.commands.streams import read_failure

            raise read_failure(error) from None

    number = 0
    while True:
        chunk = readline(limit + 2)
        if not chunk:
            return
        number += 1
        newline = "\n" if isinstance(chunk, str) else b"\n"
        too_long = not chunk.endswith(newline) and len(chunk) >= limit + 2
        endless = False
        skipped = len(chunk)
        while too_long:  # skip the rest of the line, up to the ceiling
            if skipped >= ceiling:
                endless = True
                break
            rest = readline(min(65536, ceiling - skipped))
            skipped += len(rest)
            if not rest or rest.endswith(newline):
                break
        problem = None
        if isinstance(chunk, bytes):
            try:
                text = chunk.decode("utf-8")
            except UnicodeDecodeError as error:
                text = chunk.decode("utf-8", errors="replace")
                problem = f"not UTF-8 text (byte {error.start + 1} of the line)"
        else:
            text = chunk
        if number == 1:
            text = text.removeprefix("\ufeff")  # the mark an editor may put at a UTF-8 file's start
        text = text.rstrip("\r\n")
        if too_long:
            problem = f"longer than {limit:,} characters"
            if endless:
                problem += f", and no line end within {ceiling:,}: the rest of standard input is not read"
            from dagaz_studio.board.problems import echoed

            text = echoed(text)
        yield BatchLine(number, text, problem)
        if endless:
            return
