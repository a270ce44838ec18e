"""Where a lesson's ``board`` is: a board file beside the lesson file, or a shipped board.

A relative path in a lesson is the lesson's folder's, never the working folder's: a course opened
from elsewhere (``lesson check ../course/mine.toml``) reads the same boards, whether the file is
named with ``.board`` or not. A bare word that names no file there is a shipped board's name.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

__all__ = ["lesson_board_path"]


def lesson_board_path(lesson: Path, board: str) -> str:
    """What ``board``, as a lesson file at ``lesson`` writes it, is loaded by: an absolute path as
    written; a file beside the lesson (or a name ending in ``.board``, said missing there if it is)
    made absolute; a shipped board's name as written, unless a file of that name in the working
    folder would be read in its place (then the shipped file's path); anything else beside the
    lesson, unless it is a bare word, so that a misspelt board's name is answered with the shipped
    names near it."""
    from dagaz_studio.board import shipped_board
    from dagaz_studio.board.shipped import shipped_aliases

    if Path(board).is_absolute():
        return board
    if board.endswith(".board") or _looked_at((lesson.parent / board).is_file):
        return _beside(lesson, board)
    in_working_folder = _looked_at(Path(board).exists)
    shipped = shipped_board(board) or shipped_board(shipped_aliases().get(board, ""))
    if shipped is not None:
        return str(shipped) if in_working_folder else board
    return board if Path(board).name == board and not in_working_folder else _beside(lesson, board)


def _looked_at(question: Callable[[], bool]) -> bool:
    """A question about a path; no for a path the system will not look at (a name too long)."""
    try:
        return question()
    except (OSError, ValueError):
        return False


def _beside(lesson: Path, board: str) -> str:
    """The board file ``board`` names beside the lesson file, made absolute: resolved where the system
    can follow it, as written where it cannot (links in a loop), so that loading it says why."""
    beside = lesson.parent / board
    try:
        return str(beside.resolve())
    except (OSError, ValueError, RuntimeError):
        return os.path.abspath(beside)
