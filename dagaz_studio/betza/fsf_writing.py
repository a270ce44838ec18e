"""Betza written for Fairy-Stockfish: the piece's moves said so that piece.cpp reads them, or refused.

Fairy-Stockfish keeps one leap, ride and hop per direction (a later part overrides an earlier one),
reads one digit of a range, has riders of W, F and N only and no initial captures: a text written
as for XBoard may move otherwise there. The shapes are first put as it can read them (a covered
shape left out, a range past its longest line made unlimited), and the text written is read back as
it reads it: where the moves differ on any board up to its largest, the text is refused, saying why.
"""

from __future__ import annotations

from dataclasses import replace

from dagaz_studio.betza.errors import TranslationError
from dagaz_studio.betza.fsf import LONGEST_LINE
from dagaz_studio.betza.fsf_reach import covered_shapes, first_difference, landing_text
from dagaz_studio.betza.model import Shape
from dagaz_studio.betza.reader import read_betza


def for_fsf(shapes: list[Shape]) -> list[Shape]:
    """The shapes as Fairy-Stockfish can be told them, moving alike on its boards: a range that
    reaches past its longest line is no range, and a shape another's moves cover is left out."""
    unlimited = []
    for shape in shapes:
        if len(shape.legs) == 1 and shape.legs[0].range >= LONGEST_LINE:
            shape = replace(shape, legs=(replace(shape.legs[0], range=0),))
        if shape not in unlimited:
            unlimited.append(shape)
    covered = covered_shapes(unlimited)
    return [shape for index, shape in enumerate(unlimited) if index not in covered]


def check_fsf_reading(shapes: list[Shape], text: str) -> None:
    """Refuse ``text`` if Fairy-Stockfish would move it otherwise than ``shapes`` say.

    What it does not read at all (chains of legs, the cylinder) is left to the caller, which names it.
    """
    read = read_betza(text, "fsf")
    if read.unread or any(len(shape.legs) != 1 or shape.castling or shape.null for shape in shapes):
        return
    difference = first_difference(shapes, read.shapes)
    if difference is None:
        return
    landing, ours = difference
    # The reading names most of Fairy-Stockfish's quirks (its riders, initial captures, shared masks).
    why = next((warning for warning in read.warnings if "XBoard" not in warning), None)
    if why is None:
        why = (f"it has no move {landing_text(landing)} where this piece has one" if ours
               else f"it has a move {landing_text(landing)} where this piece has none")
    shown = text if len(text) <= 60 else text[:59] + "…"
    raise TranslationError(f"Fairy-Stockfish would move {shown} otherwise than this piece moves: {why}")


__all__ = ["check_fsf_reading", "for_fsf"]
