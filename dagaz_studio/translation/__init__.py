"""Translating a piece between the Dagaz notation, Betza/XBetza, Parlett and plain English.

Every translation goes through the piece model of :mod:`dagaz_studio.betza.model`; this is the one
function the command line and the window call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.betza.betza_writer import to_betza
from dagaz_studio.betza.english import to_english
from dagaz_studio.betza.fsf import INITIAL_WARNING
from dagaz_studio.betza.model import Piece

SOURCES = ("betza", "parlett", "dagaz")
TARGETS = ("dagaz", "betza", "parlett", "english")


@dataclass
class Translation:
    """The translated text and what the reading warned about."""

    text: str
    warnings: list[str] = field(default_factory=list)


def read_piece(text: str, source: str, dialect: str = "xboard") -> Piece:
    """The piece a text in ``source`` notation describes. Raises TranslationError (a ValueError)."""
    if source == "betza":
        return read_betza(text, dialect)
    if source == "dagaz":
        from dagaz_studio.betza.dagaz_reader import read_dagaz

        return read_dagaz(text)
    if source == "parlett":
        from dagaz_studio.parlett import read_parlett

        return read_parlett(text)
    raise TranslationError(f"unknown notation {source!r}: choose {', '.join(SOURCES)}")


def write_piece(piece: Piece, target: str, dialect: str = "xboard") -> str:
    """The piece in ``target`` notation (Betza for ``dialect``'s program to read). Raises
    TranslationError naming what the target cannot say, or, in Betza, what that program does not read."""
    if target == "dagaz":
        return to_dagaz(piece)
    if target == "betza":
        text = to_betza(piece, dialect)
        if dialect == "fsf":
            # Fairy-Stockfish skips what it does not read and moves by the rest: written for it, such
            # a text would say other moves than the piece's.
            unread = read_betza(text, "fsf").unread
            if unread:
                shown = text if len(text) <= 60 else text[:59] + "…"
                raise TranslationError(f"Fairy-Stockfish does not read {unread[0]}, which this piece's Betza needs "
                                       f"({shown}): --dialect xboard writes it for XBoard")
        return text
    if target == "english":
        return to_english(piece)
    if target == "parlett":
        from dagaz_studio.parlett import to_parlett

        return to_parlett(piece)
    raise TranslationError(f"unknown notation {target!r}: choose {', '.join(TARGETS)}")


def translate(text: str, source: str, target: str, dialect: str = "xboard") -> Translation:
    """``text`` in ``source`` notation, said in ``target`` notation."""
    piece = read_piece(text, source, dialect)
    written = write_piece(piece, target, dialect)
    warnings = list(piece.warnings)
    if target == "betza" and dialect == "fsf" and any(shape.initial for shape in piece.shapes) \
            and INITIAL_WARNING not in warnings:
        warnings.append(INITIAL_WARNING)
    return Translation(written, warnings)


__all__ = ["SOURCES", "TARGETS", "Translation", "TranslationError", "read_piece", "translate", "write_piece"]
