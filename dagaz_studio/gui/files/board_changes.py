"""What an edit changed in a board file, in words: piece types, piece notations, other lines."""

from __future__ import annotations

from dataclasses import fields, replace

from dagaz_studio.board import Board


def describe_board_changes(old: Board, new: Board) -> list[str]:
    """What an edit changed between two loads of a board file, in words (see
    :meth:`~dagaz_studio.gui.files.document.QtDocument.unsaved_changes`); a change only of comments or layout counts as other lines."""
    changes = []
    identity = [(p.name, p.letter, p.royal) for p in old.pieces.values()]
    if identity != [(p.name, p.letter, p.royal) for p in new.pieces.values()]:
        changes.append("piece types")
    shared = old.pieces.keys() & new.pieces.keys()
    if any(old.pieces[name].notation_text != new.pieces[name].notation_text for name in shared):
        changes.append("piece notations")
    rest = dict(pieces={}, source=None)
    moved_only = _placeless(old.tests) == _placeless(new.tests)
    if replace(old, **rest, tests=()) != replace(new, **rest, tests=()) or not moved_only or not changes:
        changes.append("other lines")
    return changes


def _placeless(tests: tuple) -> list:
    """The tests as they read, wherever in the file they stand: lines a piece edit moves are no change."""
    return [replace(test, **{f.name: None for f in fields(test) if f.name == "at" or f.name.endswith("_at")})
            for test in tests]
