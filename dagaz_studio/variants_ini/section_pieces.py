"""The pieces a variants.ini section names, as Fairy-Stockfish adds them: each one's letter and Betza
read from its option's value, its name on the board, and the mobility regions that keep it."""

from __future__ import annotations

import re

from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.options import CUSTOM, MOBILITY, PREDEFINED
from dagaz_studio.variants_ini.values import Square, read_region, shown

#: letter -> (the option that defines it, its Betza)
Pieces = dict[str, tuple[str, str]]


def with_piece(name: str, key: str, value: str, pieces: Pieces) -> Pieces:
    """``pieces`` once the piece option ``key = value`` of section ``name`` is read: the piece of that
    option removed (``-`` or nothing) or given its letter and Betza anew."""
    value = value.strip()
    pieces = {letter: piece for letter, piece in pieces.items() if piece[0] != key}
    if value == "-" or not value:
        return pieces
    # Fairy-Stockfish reads the letter, skips the next character, ':' or not, and reads the
    # rest as the Betza, ignoring the colons that open it (parser.cpp, piece.cpp's from_betza).
    letter, betza = value[0], value[2:].lstrip(":")
    if not re.fullmatch(r"[A-Za-z]", letter):
        raise IniError(f"piece {key} = {shown(value)}: a piece's letter is one letter, a to z, "
                       f"not {shown(letter)!r}", section=name)
    if key in PREDEFINED and (key != "king" or len(value) < 2):
        # Fairy-Stockfish reads the Betza after a predefined piece's letter only for the King
        # (a custom royal piece): the others keep their own moves (parser.cpp).
        betza = PREDEFINED[key]
    pieces[letter.lower()] = (key, betza)
    return pieces


def piece_name(key: str) -> str:
    """The board's name of the piece that the option ``key`` defines (``customPiece1``: ``Custom1``)."""
    match = CUSTOM.match(key)
    if match:
        return f"Custom{match.group(1)}"
    return key[0].upper() + key[1:]


def mobility_regions(options: dict[str, str], pieces: Pieces, name: str, files: int,
                     ranks: int) -> dict[str, tuple[set[Square], set[Square]]]:
    """Each restricted piece letter's mobility regions (White's, Black's): where it may go."""
    every = {(f, r) for f in range(files) for r in range(1, ranks + 1)}
    by_key = {key: letter for letter, (key, _) in pieces.items()}
    out: dict[str, tuple[set[Square], set[Square]]] = {}
    for option, value in options.items():
        match = MOBILITY.match(option)
        if not match:
            continue
        key = match.group(2)[0].lower() + match.group(2)[1:]
        letter = by_key.get(key)
        if letter is None:
            continue  # a region for a piece this variant does not use
        white, black = out.get(letter, (every, every))
        region = read_region(value, option, name, files, ranks)
        out[letter] = (region, black) if match.group(1) == "White" else (white, region)
    return out


#: The options whose value is a set of pieces, read as Fairy-Stockfish's parser.cpp reads a PieceSet.
PIECE_SETS = ("pawnTypes", "promotionPawnTypes", "promotionPawnTypesWhite", "promotionPawnTypesBlack",
              "promotionPieceTypes", "promotionPieceTypesWhite", "promotionPieceTypesBlack",
              "enPassantTypes", "enPassantTypesWhite", "enPassantTypesBlack", "castlingRookPieces",
              "blastImmuneTypes", "mutuallyImmuneTypes", "petrifyOnCaptureTypes", "extinctionPieceTypes")


#: The options whose value is one piece type, and what stands for none read (Fairy-Stockfish's type 0,
#: all pieces where the option means any of them).
PIECE_TYPES = {"castlingKingPiece": "-", "dropNoDoubled": "-", "mustDropType": "*", "flagPiece": "*",
               "flagPieceWhite": "*", "flagPieceBlack": "*"}


def with_piece_sets(options: dict[str, str], pieces: Pieces) -> dict[str, str]:
    """``options`` with each piece set's value as Fairy-Stockfish reads it: its letters in either
    case, blanks skipped, up to the first character that is no piece's letter (``qxr`` is the
    Queen alone); ``-`` where that leaves none. A piece type is the last of those letters (``np`` is
    the pawn), as each one read replaces the one before."""
    read = dict(options)
    for key in [key for key in (*PIECE_SETS, *PIECE_TYPES) if key in options]:
        letters = ""
        for character in options[key]:
            if character.isspace():
                continue
            if character != "*" and character.lower() not in pieces:
                break
            letters += character.lower()
        if key in PIECE_TYPES:
            # '*' is the type 0, as none is.
            letters = letters[-1:].replace("*", "") or PIECE_TYPES[key]
        read[key] = letters or "-"
    return read
