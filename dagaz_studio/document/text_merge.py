"""Two edits of one text brought together, line by line, as long as they change different lines.

The board file's text is edited in its own panel while other panels (the notation editor, the piece
types, Undo) change the board's text under it; applying the panel's text as it stands would undo
those changes. :func:`merge_lines` keeps both where they touch different lines and says where they
meet when they do not.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import NamedTuple

from dagaz_studio.board.source import file_lines


class _Change(NamedTuple):
    """Lines ``start`` up to ``end`` of the base (none: an insertion before ``start``) become ``lines``."""

    start: int
    end: int
    lines: list[str]


class Merged(NamedTuple):
    """The outcome of :func:`merge_lines`: the text with both edits, or the first base line (1-based)
    both edits change, where neither can be kept without losing the other's."""

    text: str | None
    clash_line: int | None


def _changes(base: list[str], edited: list[str]) -> list[_Change]:
    matcher = SequenceMatcher(None, base, edited, autojunk=False)
    return [_Change(i1, i2, edited[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _meet(one: _Change, other: _Change) -> bool:
    """Whether two changes touch the same base lines, or insert at the same place (then the order of
    their lines is not known). A change next to another, or lines written just before lines
    rewritten, does not meet it."""
    if one.start == one.end and other.start == other.end:
        return one.start == other.start
    return one.start < other.end and other.start < one.end


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its newline (the last one given one, so that it compares
    equal to the same line followed by others), broken where the board file's lines are, so that a
    clash is said at the line the board file's problems would name."""
    return file_lines(text if text.endswith(("\n", "\r")) or not text else text + "\n", keepends=True)


def merge_lines(base: str, ours: str, theirs: str) -> Merged:
    """``base`` with the changes of both ``ours`` and ``theirs`` (each an edit of ``base``), when they
    change different lines; else the first line where they meet, and no text. The merged text ends
    as ``ours`` does, with or without a newline."""
    if theirs == base or ours == theirs:
        return Merged(ours, None)
    if ours == base:
        return Merged(theirs, None)
    base_lines = _lines(base)
    our_changes, their_changes = _changes(base_lines, _lines(ours)), _changes(base_lines, _lines(theirs))
    # A change both made is made once.
    their_changes = [change for change in their_changes if change not in our_changes]
    for change in our_changes:
        clash = next((other for other in their_changes if _meet(change, other)), None)
        if clash is not None:
            return Merged(None, min(change.start, clash.start) + 1)
    merged: list[str] = []
    at = 0
    for change in sorted(our_changes + their_changes):
        merged.extend(base_lines[at:change.start])
        merged.extend(change.lines)
        at = change.end
    merged.extend(base_lines[at:])
    text = "".join(merged)
    return Merged(text if ours.endswith("\n") or not text.endswith("\n") else text[:-1], None)
