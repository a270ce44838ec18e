"""The boards that come with Dagaz Studio, and finding a board by path or by name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dagaz_studio.board.cache import parse_board_cached
from dagaz_studio.board.model import Board
from dagaz_studio.board.problems import MAX_BOARD_FILE, BoardReadError, echoed
from dagaz_studio.board.text_file import TextFileError, read_text_file

#: The most bytes of a board file read: its limit is in characters (parse_board counts them), and
#: UTF-8 takes at most four bytes for one, and a byte-order mark three.
MAX_BOARD_BYTES = 4 * MAX_BOARD_FILE + 3


def _shipped_directory() -> Path:
    package = Path(__file__).resolve().parent.parent
    installed = package / "_data" / "boards"
    if installed.is_dir():
        return installed
    return package.parent / "boards"



def shipped_boards() -> dict[str, Path]:
    """The boards that come with Dagaz Studio: name (file stem, e.g. ``chess``) -> path.

    Boards are kept in one folder per family (``boards/chess/makruk.board``); the family is the
    folder's name (:func:`shipped_family`), and a board is addressed by its stem alone.
    """
    directory = _shipped_directory()
    if not directory.is_dir():
        return {}
    # Boards are kept at most one folder deep, so that a name is found where it would be kept.
    found = sorted([*directory.glob("*.board"), *directory.glob("*/*.board")], key=lambda path: _order(directory, path))
    return {path.stem: path for path in found}


def _order(directory: Path, path: Path) -> tuple[tuple[str, ...], str]:
    """Where a board comes in :func:`shipped_boards` (the last of two same-named boards is the one
    a name finds)."""
    return path.relative_to(directory).parts[:-1], path.stem


def shipped_board(name: str) -> Path | None:
    """The shipped board ``name`` stands for, as :func:`shipped_boards` finds it, by looking where it
    would be kept (the boards folder and its family folders) rather than listing every board: the
    window opens its first board this way."""
    directory = _shipped_directory()
    if not name or Path(name).name != name or name.startswith(".") or not directory.is_dir():
        return None
    file = f"{name}.board"
    places = [directory, *(folder for folder in directory.iterdir() if folder.is_dir())]
    found = [place / file for place in places if _looked_at((place / file).is_file)]
    return max(found, key=lambda path: _order(directory, path)) if found else None



#: The file of other names for shipped boards, in the boards folder: ``alias = board`` a line.
ALIASES = "aliases.txt"


def shipped_aliases() -> dict[str, str]:
    """Other names a shipped board answers to (``normal`` for ``chess``, as Fairy-Stockfish names its
    variants), from the boards folder's ``aliases.txt``; a name that is also a board's stays the board's."""
    path = _shipped_directory() / ALIASES
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        alias, equals, name = line.partition("#")[0].partition("=")
        if equals and alias.strip() and name.strip():
            out[alias.strip()] = name.strip()
    return out


#: The file of Fairy-Stockfish's built-in variants that ship as no board, in the boards folder:
#: ``name = Title: why`` a line.
REFUSED = "refused.txt"


def refused_builtins() -> dict[str, tuple[str, str]]:
    """Fairy-Stockfish's built-in variants that ship as no board (the importer refuses them): name ->
    (the game's title, why), from the boards folder's ``refused.txt``."""
    try:
        text = (_shipped_directory() / REFUSED).read_text(encoding="utf-8")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        name, equals, rest = line.partition("#")[0].partition("=")
        title, colon, why = rest.partition(":")
        if equals and colon and name.strip() and why.strip():
            out[name.strip()] = (title.strip() or name.strip(), why.strip())
    return out


#: How many near names a mistyped board name is answered with.
SUGGESTIONS = 3
#: How alike (difflib's ratio) a name must be to a shipped one to be offered: "nowhere" is not "oware".
CLOSE = 0.75


def shipped_family(path: Path) -> str:
    """The family of a shipped board (the folder it is kept in: ``chess``, ``draughts``…); ``""``
    for a board kept at the top of the boards folder or elsewhere."""
    directory = _shipped_directory()
    try:
        parts = Path(path).resolve().relative_to(directory.resolve()).parts
    except ValueError:
        return ""
    return parts[0] if len(parts) > 1 else ""



def resolve_board(path_or_name: str | Path) -> Path:
    """The file a board argument stands for: an existing path, or the name of a shipped board.

    Raises :class:`BoardReadError` if it is neither.
    """
    if not str(path_or_name).strip():
        # Path("") is the working folder: an empty argument would be refused as a directory.
        raise BoardReadError("no board given: name a board file or a shipped board (an empty argument)")
    path = Path(path_or_name)
    if _looked_at(path.is_file):
        return path
    found = shipped_board(path_or_name) if isinstance(path_or_name, str) else None
    if found is not None:
        return found
    shipped = shipped_boards()
    if isinstance(path_or_name, str) and path_or_name in shipped:
        return shipped[path_or_name]
    other = shipped_aliases().get(path_or_name) if isinstance(path_or_name, str) else None
    if other is not None and other in shipped:
        return shipped[other]
    if _looked_at(path.exists):
        read_board_text(path)  # says what the path is instead (a directory, a device, a FIFO)
        raise BoardReadError(f"{path_or_name}: not a file")
    raise _not_found(str(path_or_name), shipped)


def _looked_at(question: Callable[[], bool]) -> bool:
    """A question about a path (is it a file, does it exist); no for a path the system will not look
    at (a name too long for a file name, say), which then names a shipped board or nothing."""
    try:
        return question()
    except OSError:
        return False


def _not_found(argument: str, shipped: dict[str, Path]) -> BoardReadError:
    """Why no board answers to ``argument``, as the error to raise: a built-in variant that ships as no board says why; a
    family's name lists its boards; a name near shipped ones (in any case, with ``.board`` or not), or
    a path near board files in its folder, is answered with those; otherwise every shipped board is
    listed."""
    refused = refused_builtins().get(argument)
    if refused is not None:
        title, why = refused
        return BoardReadError(f"{echoed(argument, long=True)}: the built-in variant {title} does not ship as a board: {why}")
    typed = argument.strip().lower()
    family = [name for name, path in shipped.items() if shipped_family(path) == typed]
    # A family named as a board is (chess, shogi) is taken for the board in another case.
    if family and typed not in shipped:
        return BoardReadError(f"{echoed(argument, long=True)}: a family of shipped boards, not a board: "
                              f"name one of {', '.join(family)}")
    near = _near(argument, shipped)
    if near:
        return BoardReadError(f"{echoed(argument, long=True)}: no such board file or shipped board; "
                              f"did you mean {_either(near)}?")
    missing = f"{echoed(argument, long=True)}: no such board file or shipped board"
    return BoardReadError(missing, list(shipped)) if shipped else BoardReadError(f"{missing} (shipped boards: none)")


#: The most board files of a folder a mistyped path is compared with.
_MOST_LOOKED_AT = 1000


def _near(argument: str, shipped: dict[str, Path]) -> list[str]:
    """The names near ``argument``, as it would be typed again: shipped boards and their aliases for a
    name (``CHESS``, ``chesss.board``), the board files of its folder for a path to one."""
    if len(argument) > 100:  # a runaway argument is near no name (and comparing it with each would take long)
        return []
    import difflib  # imported here: only a name not found needs it, and the window starts without

    path = Path(argument.strip())
    typed = _without_board_suffix(path.name).lower()
    if path.name != argument.strip():
        # A path whose file is missing: the board files beside where it points.
        folder = path.parent
        if not _looked_at(folder.is_dir):
            return []
        try:
            files = [file for _, file in zip(range(_MOST_LOOKED_AT), folder.glob("*.board"))]
        except OSError:
            return []
        candidates = {file.stem.lower(): str(file) for file in files}
    else:
        aliases = [alias for alias, name in shipped_aliases().items() if name in shipped]
        candidates = {name.lower(): name for name in [*shipped, *aliases]}
    if typed in candidates:  # the name in another case, or with .board: that one
        return [candidates[typed]]
    near = difflib.get_close_matches(typed, list(candidates), n=SUGGESTIONS, cutoff=CLOSE)
    return [candidates[name] for name in near]


def _without_board_suffix(name: str) -> str:
    """``name`` without its ``.board``, or without a suffix that is a slip of it (``.bord``,
    ``.baord``, ``.boards``): the name is what is compared with the boards' names."""
    import difflib

    stem, dot, suffix = name.rpartition(".")
    if dot and stem and difflib.SequenceMatcher(None, suffix.lower(), "board").ratio() >= CLOSE:
        return stem
    return name


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"



def read_board_text(path: str | Path) -> str:
    """The text of a board file, read as every file is (:mod:`dagaz_studio.board.text_file`): a
    device, a FIFO or a file far past the length limit is refused unread. Raises :class:`BoardReadError`."""
    try:
        return read_text_file(path, MAX_BOARD_BYTES, what="board file")
    except TextFileError as error:
        raise BoardReadError(str(error)) from None



def load_board(path_or_name: str | Path) -> Board:
    """Load a board file by path, or a shipped board by name (``"chess"``).

    Raises :class:`BoardReadError` when the file cannot be found or read, and :class:`BoardFileError`
    listing every problem when it can be read but is not a valid board. A board read before, from the
    same text, comes from the cache (:mod:`dagaz_studio.board.cache`).
    """
    path = resolve_board(path_or_name)
    text = read_board_text(path)
    return parse_board_cached(text, str(path))
