"""Placement phases from a variants.ini section: pieces (a royal King among them) dropped from hand
before the game, the piece that must be dropped first, castling after the placement, and Bishops
kept on both colours (Fairy-Stockfish's mustDropType, castlingDroppedPiece, dropOppositeColoredBishop)."""

from __future__ import annotations

from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.rules import zone_line
from dagaz_studio.variants_ini.values import Square, file_index, is_true, squares_text, whole_number


def drop_first_letter(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> str:
    """The piece that ``mustDropType`` names (flagged ``drop-first``), or "" where every piece in
    hand must be dropped (``rule: compulsory-drop``) or none."""
    if not is_true(options.get("mustDrop", "false")):
        return ""
    letter = options.get("mustDropType", "*").strip().lower()
    if letter == "*":
        return ""
    if letter not in pieces:
        raise IniError(f"option mustDropType = {options['mustDropType']}: no piece {letter}", section=name)
    return letter


def dropped_castling(options: dict[str, str]) -> bool:
    """Whether a King and Rook dropped on their castling squares may castle (castlingDroppedPiece)."""
    return is_true(options.get("castlingDroppedPiece", "false")) and is_true(options.get("castling", "true"))


def castling_layout(name: str, options: dict[str, str], fields: list[str], files: int) -> str:
    """The FEN the castling moves are laid out from: the start position's, or, where the King starts
    in hand and castles once dropped, one with the King on its castling file and a Rook in each
    corner of the castling rank, every right given."""
    king = options.get("castlingKingPiece", "k")
    rows = fields[0].split("[")[0].split("/")
    rank = whole_number(options, "castlingRank", "1", name)
    if not dropped_castling(options) or not 1 <= rank <= len(rows) or king.upper() in rows[-rank]:
        return " ".join([fields[0].split("[")[0]] + fields[1:])
    rook = (options.get("castlingRookPieces", "r").strip().lower() or "r")[0]
    file = file_index(options.get("castlingKingFile", "e"), "castlingKingFile", name)
    if not 0 < file < files - 1:
        raise IniError(f"option castlingKingFile = {options.get('castlingKingFile')}: no corner on each side",
                       section=name)
    row = rook + str(file - 1) * (file > 1) + king + str(files - file - 2) * (files - file > 2) + rook
    rows[-rank], rows[rank - 1] = row.upper(), row
    return " ".join(["/".join(rows), "w", "KQkq", "-"])


def placement_lines(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]], names: dict[str, str],
                    files: int, ranks: int, zones: list[str], held_royal: set[str], royal: set[str],
                    castles: bool) -> list[str]:
    """The drops of royal pieces held at the start (on the drop region, as the others), and the hand
    rules of castlingDroppedPiece and dropOppositeColoredBishop: zones are added to ``zones``,
    statements returned."""
    check = "[p,@drops]" if "dropRegionWhite" in options or "dropRegionBlack" in options else "[p]"
    out = [f"drop {names[letter]}: {check}" for letter in sorted(held_royal)]
    if castles and dropped_castling(options):
        king = options.get("castlingKingPiece", "k")
        rank = whole_number(options, "castlingRank", "1", name)
        file = file_index(options.get("castlingKingFile", "e"), "castlingKingFile", name)
        top = ranks + 1 - rank
        zones.append(zone_line("castling-king", {(file, rank)}, {(file, top)}, files))
        zones.append(zone_line("castling-corners", {(0, rank), (files - 1, rank)}, {(0, top), (files - 1, top)}, files))
        if king in held_royal or king not in royal:
            out.append(f"drop-unmoved {names[king]}: castling-king")
        for letter in options.get("castlingRookPieces", "r").strip().lower():
            if letter in pieces:
                out.append(f"drop-unmoved {names[letter]}: castling-corners")
    if is_true(options.get("dropOppositeColoredBishop", "false")):
        # Fairy-Stockfish's dark squares: a1's colour.
        dark: set[Square] = {(f, r) for f in range(files) for r in range(1, ranks + 1) if (f + r) % 2 == 1}
        bishops = [letter for letter, (key, _) in pieces.items() if key == "bishop"]
        if bishops:
            zones.append(f"zone dark: {squares_text(dark, files)}")
            out += [f"drop-balanced {names[letter]}: dark" for letter in bishops]
    return out
