"""What an edit changed in a board file, in words: piece types, piece notations, other lines."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from dagaz_studio.board import Board
from dagaz_studio.board.piece_tests import PieceTest


def describe_board_changes(old: Board, new: Board) -> list[str]:
    """What an edit changed between two loads of a board file, in words (see
    :meth:`~dagaz_studio.document.Document.unsaved_changes`); a change only of comments or layout counts as other lines."""
    changes = []
    identity = [(p.name, p.letter, p.royal) for p in old.pieces.values()]
    if identity != [(p.name, p.letter, p.royal) for p in new.pieces.values()]:
        changes.append("piece types")
    shared = old.pieces.keys() & new.pieces.keys()
    if any(old.pieces[name].notation_text != new.pieces[name].notation_text for name in shared):
        changes.append("piece notations")
    moved_only = _placeless(old.tests) == _placeless(new.tests)
    if _rest(old) != _rest(new) or not moved_only or not changes:
        changes.append("other lines")
    return changes


def _rest(board: Board) -> Board:
    """The board but its pieces, tests and file name: what the other lines say."""
    return replace(board, pieces={}, source=None, tests=())


def _placeless(tests: tuple[PieceTest, ...]) -> list[PieceTest]:
    """The tests as they read, wherever in the file they stand: lines a piece edit moves are no change."""
    places: dict[str, Any] = {f.name: None for f in fields(PieceTest) if f.name == "at" or f.name.endswith("_at")}
    return [replace(test, **places, problems=tuple(replace(problem, line=0, column=0) for problem in test.problems))
            for test in tests]
