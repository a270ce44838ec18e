"""A variants.ini piece's Betza as the Dagaz notation of the board it is imported into.

Fairy-Stockfish reads Betza its own way (``fsf`` dialect): its initial moves are made from the
double-step region, its ``e`` takes en passant only for the variant's en-passant types, and Black's
moves are White's turned by a half turn, or mirrored where the game castles.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.betza.model import Shape
from dagaz_studio.betza.reader import capture_en_passant
from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.values import shown


def _mirror(piece_shapes: set) -> set:
    return {type(s)(tuple(replace(leg, vector=(-leg.vector[0], leg.vector[1]),
                                  lame_path=tuple((-x, y) for x, y in leg.lame_path),
                                  screen_path=tuple((-x, y) for x, y in leg.screen_path),
                                  cycle=tuple((-x, y) for x, y in leg.cycle)) for leg in s.legs),
                    s.initial, s.castling, s.null)
            for s in piece_shapes}


def betza_notation(name: str, key: str, betza: str, turned: bool, en_passant: bool = False,
                 initial: str = "@double", part: str = "") -> str:
    """The piece ``key = betza`` of section ``name`` in the notation (:func:`translated`). Raises
    :class:`IniError` naming the piece where Fairy-Stockfish's Betza cannot be said so."""
    notation, wrong = translated(betza, turned, en_passant, initial, part)
    if wrong:
        raise IniError(f"piece {key} = {shown(betza)}{wrong}", section=name)
    return notation


@functools.lru_cache(maxsize=512)
def translated(betza: str, turned: bool, en_passant: bool, initial: str, part: str = "") -> tuple[str, str]:
    """A piece's Betza as a Dagaz notation, or what is wrong with it (said after ``piece KEY = BETZA``).

    Fairy-Stockfish gives a piece its initial moves (``i``) where it stands in its side's double-step
    region, moved or not: the check ``initial`` (``@double``), or none where there is no such region
    (``""``: they are left out). ``part``: all its moves (``""``), those but its en-passant captures
    (``"plain"``), or only these (``"en-passant"``).

    Kept: sections inheriting the same pieces ask for the same translations, and a file may hold many.
    """
    try:
        piece = read_betza(betza, "fsf")
    except TranslationError as error:
        return "", f": {error.message}"
    if piece.unread:
        return "", f": Fairy-Stockfish does not read {', '.join(piece.unread)}"
    if part == "quiet":
        # Fairy-Stockfish's moves_bb: the moves that take nothing (an arrow's flight).
        piece.shapes = [Shape(shape.legs[:-1] + (replace(shape.legs[-1], modes=frozenset({"m"})),), shape.initial,
                              shape.castling, shape.null) for shape in piece.shapes if "m" in shape.legs[-1].modes]
    elif en_passant:
        try:
            capture_en_passant(piece)
        except TranslationError as error:
            return "", f": {error.message}"
        if part:
            piece.shapes = _en_passant_part(piece.shapes, part == "en-passant")
            if not piece.shapes:
                return "", ""
    else:
        # Not among the variant's en-passant types: its e (read as taking en passant) takes nothing more.
        piece.shapes = [Shape(tuple(replace(leg, modes=leg.modes - {"e"}) if "e" in leg.modes and len(leg.modes) > 1
                                    else leg for leg in shape.legs), shape.initial, shape.castling, shape.null)
                        for shape in piece.shapes]
    if not initial:
        piece.shapes = [shape for shape in piece.shapes if not shape.initial]
        if not piece.shapes:
            return "[P]", ""  # only initial moves, never made: a piece that never moves
    shapes = set(piece.shapes)
    if not turned and shapes != _mirror(shapes):
        return "", (" is not left-right symmetric, in a game with castling: Black's left and right are not "
                    "supported there")
    return to_dagaz(piece, initial), ""


def _en_passant_part(shapes: list[Shape], taking: bool) -> list[Shape]:
    """The shapes' en-passant captures alone (``taking``), their final legs taking only so, or the
    shapes without them."""
    out = []
    for shape in shapes:
        last = shape.legs[-1]
        modes = frozenset({"e"}) & last.modes if taking else last.modes - {"e"}
        if modes:
            out.append(Shape(shape.legs[:-1] + (replace(last, modes=modes),), shape.initial, shape.castling,
                             shape.null))
    return out
