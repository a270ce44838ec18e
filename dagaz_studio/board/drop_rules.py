"""Board files, hand rules tied to a zone (docs/boards.md, "Pieces in hand").

``drop-unmoved PIECE: ZONE`` — a piece of the type dropped on its player's part of the zone has not
moved (so castling, which asks ``[M]``, may follow a placement phase); ``drop-balanced PIECE: ZONE`` —
a player's pieces of the type are kept half in the zone and half out of it (Bishops on both colours).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from lark import Token, Tree

from dagaz_studio.board.problems import echoed

#: Reports a problem at a statement's word: (statement, word, message).
Report = Callable[[Any, Token, str], None]


def drop_zones(items: list[tuple[Tree[Token], Any]], pieces: Mapping[str, Any], lettered: Mapping[str, Any],
               drops: Mapping[str, Any], zones: Mapping[str, Any], check_zones: bool,
               report: Report) -> dict[str, dict[str, str]]:
    """Each statement's keyword -> piece name -> zone name, from the parsed ``drop-unmoved`` and
    ``drop-balanced`` statements (read after pieces, zones and drops); problems go to ``report``."""
    out: dict[str, dict[str, str]] = {"drop-unmoved": {}, "drop-balanced": {}}
    lines: dict[tuple[str, str], int] = {}
    for tree, statement in items:
        keyword, piece_token, zone_token = (child for child in tree.children
                                            if isinstance(child, Token) and str(child) != ":")
        rule, piece, zone = str(keyword), str(piece_token), str(zone_token)
        if piece not in pieces and piece not in lettered:
            report(statement, piece_token, f"unknown piece type '{echoed(piece)}' (pieces: {', '.join(pieces) or 'none'})")
        elif piece in pieces and piece not in drops:
            report(statement, piece_token, f"'{echoed(rule)}' for '{echoed(piece)}', which is never dropped (no 'drop' statement "
                                           "covers it)")
        elif check_zones and zone not in zones:
            report(statement, zone_token, f"unknown zone '{echoed(zone)}'")
        elif (rule, piece) in lines:
            report(statement, piece_token, f"'{echoed(rule)}' of '{echoed(piece)}' already given on line {lines[rule, piece]}")
        else:
            out[rule][piece] = zone
            lines[rule, piece] = statement.positions[0][0]
    return out
