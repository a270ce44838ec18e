"""The shipped games for File ▸ Open a game: each board loaded with its starting position.

Loading every shipped board takes a moment (less when they are in the cache), so the window asks
for it on a worker and draws each picture when the answer comes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dagaz_studio.board import BoardReadError, load_board, shipped_boards
from dagaz_studio.board.model import Board
from dagaz_studio.board.shipped import shipped_family
from dagaz_studio.engine import CancelFlag, Position


@dataclass(frozen=True)
class GalleryQuery:
    """Which boards to load (default: every shipped board); ``serial``: the asker's number."""

    paths: tuple[Path, ...] = ()
    serial: int = 0


@dataclass(frozen=True)
class GalleryEntry:
    """One game: its file, family and name; its board and starting position, or why it failed."""

    path: Path
    family: str
    name: str
    board: Board | None = None
    position: Position | None = None
    error: str = ""


@dataclass
class GalleryAnswer:
    """The games loaded for :class:`GalleryQuery`, in the order asked."""

    query: GalleryQuery
    entries: list[GalleryEntry] = field(default_factory=list)

    @property
    def serial(self) -> int:
        """The number of the query answered."""
        return self.query.serial


def gallery_paths() -> tuple[Path, ...]:
    """Every shipped board file, family by family."""
    return tuple(shipped_boards().values())


def load_entry(path: Path) -> GalleryEntry:
    """One game loaded: a board that cannot be read is an entry with its error, never an exception."""
    family = shipped_family(path) or "other"
    try:
        board = load_board(path)
        position = Position.initial(board)
    except (BoardReadError, ValueError, OSError) as error:
        return GalleryEntry(path, family, path.stem, error=str(error))
    return GalleryEntry(path, family, board.name or path.stem, board, position)


def answer_gallery(_rules: object, query: GalleryQuery, cancel: CancelFlag | None = None) -> GalleryAnswer:
    """Load the boards of ``query`` (every shipped one when it names none); stops early when cancelled."""
    answer = GalleryAnswer(query)
    for path in query.paths or gallery_paths():
        if cancel is not None and cancel.is_set():
            break
        answer.entries.append(load_entry(Path(path)))
    return answer
