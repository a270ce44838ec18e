"""Castling from a variants.ini section: the castling piece's moves with the outermost rook on each side,
or, for ``chess960 = true``, with any unmoved rook of its rank, wherever the two start."""

from __future__ import annotations

import re

from dagaz_studio.variants_ini.ini import IniError
from dagaz_studio.variants_ini.rules import zone_line
from dagaz_studio.variants_ini.values import file_index, shown, whole_number


def castling_moves(name: str, options: dict[str, str], fen: str, files: int, names: dict[str, str],
              royal: bool = True) -> str:
    """The castling piece's castling moves: it and the outermost Rook on each side on its first rank.

    Both players share one notation, written in the player's own frame, so the two sides that may
    castle must have the same layout; a side the start position gives no right to castle on has no
    castling move, and a right this importer cannot lay out is refused.
    """
    fields = fen.split()
    rights = fields[2] if len(fields) > 2 else "-"
    wanted = {c for c in rights if c in "KQkq"}
    if not wanted:
        return ""
    # castlingRookPieces: the piece types a King castles with, the outermost on each side.
    partners = [c for c in options.get("castlingRookPieces", "r").strip().lower() if c in names]
    if not partners:
        # Fairy-Stockfish finds no Rook for the right, and its King does not castle.
        return ""
    king_letter = options.get("castlingKingPiece", "k")
    rows = fields[0].split("/")
    # castlingRank: the rank, counted from each player's own side, where King and Rooks stand.
    rank = int(options.get("castlingRank", "1").strip()) if options.get("castlingRank", "1").strip().isdigit() else 0
    if not 1 <= rank <= len(rows):
        raise IniError(f"option castlingRank = {options.get('castlingRank')}: not a rank of the board", section=name)
    layouts: dict[str, tuple[int, int, int, str, str]] = {}  # side -> (king, leftmost rook, rightmost rook, their letters)
    for side, text, case in (("white", rows[-rank], str.upper), ("black", rows[rank - 1], str.lower)):
        row: list[str] = []
        for token in re.findall(r"\d+|[A-Za-z*]", text):
            row.extend(["."] * int(token) if token.isdigit() else [token])
        if case(king_letter) not in row:
            continue
        rooks = [i for i, c in enumerate(row) if c.lower() in partners and c == case(c)]
        layouts[side] = (row.index(case(king_letter)), rooks[0] if rooks else files, rooks[-1] if rooks else -1,
                         row[rooks[0]].lower() if rooks else "", row[rooks[-1]].lower() if rooks else "")
    kingside = file_index(options.get("castlingKingsideFile", "g"), "castlingKingsideFile", name)
    queenside = file_index(options.get("castlingQueensideFile", "c"), "castlingQueensideFile", name)
    # A royal King may not castle out of, through or into check; another castling piece may.
    start, empty = ("[MA]", "[pA]") if royal else ("[M]", "[p]")
    out = ""
    for flank, letters, label in (("king", "Kk", "King's"), ("queen", "Qq", "Queen's")):
        sides = [side for side, letter in (("white", letters[0]), ("black", letters[1])) if letter in wanted]
        found = {layouts.get(side) for side in sides}
        if not sides:
            continue
        if len(found) != 1 or None in found:
            raise IniError(f"option startFen: castling on the {label} side from this start position is not "
                           "supported: the board writes one castling move for both players, each in his own "
                           "frame, and here a player's castling piece and Rooks on his castlingRank stand "
                           "otherwise than the other's, or he has the right without them", section=name)
        king, left, right, left_letter, right_letter = found.pop()  # type: ignore[misc]
        rook = names[right_letter if flank == "king" else left_letter]
        # castlingRook…File: the Rook's file, which this importer takes to be the outermost Rook's.
        option = f"castlingRook{'King' if flank == 'king' else 'Queen'}sideFile"
        if option in options and file_index(options[option], option, name) != (right if flank == "king" else left):
            raise IniError(f"option {option} = {options[option]}: a Rook other than the outermost is not supported: "
                           "the board's castling, as its FEN's rights (KQkq), names the outermost Rook of the row, "
                           "where Fairy-Stockfish castles with the one on this file", section=name)
        if flank == "king":
            if not king < kingside < right:
                raise _beyond(name, options, "castlingKingsideFile", label)
            n, between = kingside - king, right - kingside - 1
            out += f";{start}(E{empty}){{{n}}}|" + "E[p]" * between + f"E[f,={rook},M]^W{{{right - kingside + 1}}}"
        else:
            if not left < queenside < king:
                raise _beyond(name, options, "castlingQueensideFile", label)
            n, between = king - queenside, queenside - left - 1
            out += f";{start}(W{empty}){{{n}}}|" + "W[p]" * between + f"W[f,={rook},M]^E{{{queenside + 1 - left}}}"
    return out


def _beyond(name: str, options: dict[str, str], option: str, label: str) -> IniError:
    """The refusal of a castling whose King does not land strictly between its square and its Rook."""
    given = f"option {option} = {shown(options[option])}" if option in options else "option startFen"
    return IniError(f"{given}: castling on the {label} side is not supported: the King's castled square is not "
                    "between it and its Rook, where the board's castling, a walk of the King toward the Rook, "
                    "ends", section=name)


#: Castling from any start (``rule: shuffled-setup``), as ``boards/chess/chess960.board`` says and explains
#: it: the King goes towards an unmoved partner of its row to the castled square on that side, the
#: partner to the square beside it on the King's side, every square either passes over or lands on
#: empty but for the two of them; on the west side the King may also stand beyond the castled square,
#: away from its partner. ``[MA]``, ``[pA]`` and ``A]``: a royal King castles out of, through and into
#: no attack.
SHUFFLED = (
    "[MA]((([!@castled-east]E[pA])*[(p,@castled-east)>E]E)?[@castled-east](E[p])*+E[f,=PARTNER,M]^"
    "([!@castled-east]W[p])*+[@castled-east]W[p]|E;"
    "(E[pA])*+E[f,=PARTNER,M]^([!@castled-east,A]E[p])*+[@castled-east]W[p]|E;"
    "(([!@castled-west]W[pA])*[(p,@castled-west)>W]W)?[@castled-west](W[p])*+W[f,=PARTNER,M]^"
    "([!@castled-west]E[p])*+[@castled-west]E[p]|W;"
    "(W[pA])*+W[f,=PARTNER,M]^([!@castled-west,A]W[p])*+[@castled-west]E[p]|W;"
    "[!@castled-west]([!@castled-west,A]E[p])*+[@castled-west]E[p](W[p])*+W[f,=PARTNER,M]^"
    "([!@castled-west]E[p])*+[@castled-west]E|W)")


def shuffled_castling(name: str, options: dict[str, str], files: int, ranks: int, names: dict[str, str],
                      royal: bool, zones: list[str]) -> str:
    """``chess960 = true``: the castling piece's castling with an unmoved rook of its rank from any
    start, to ``castlingKingsideFile`` and ``castlingQueensideFile``; the castled squares are added to
    ``zones``. A section whose castling partners are of several types is refused."""
    partners = [c for c in options.get("castlingRookPieces", "r").strip().lower() if c in names]
    if not partners:
        return ""  # no Rook to castle with: Fairy-Stockfish's King does not castle
    if len(partners) != 1:
        raise IniError("options chess960 and castlingRookPieces: castling from any start with partners of "
                       f"{len(partners)} types is not supported: the board's shuffled castling (rule: "
                       "shuffled-setup) names one type of partner, where Fairy-Stockfish castles with any of "
                       "castlingRookPieces", section=name)
    rank = whole_number(options, "castlingRank", "1", name)
    if not 1 <= rank <= ranks:
        raise IniError(f"option castlingRank = {options.get('castlingRank')}: not a rank of the board", section=name)
    for side, option, default in (("east", "castlingKingsideFile", "g"), ("west", "castlingQueensideFile", "c")):
        castled = file_index(options.get(option, default), option, name)
        if not 0 <= castled < files:
            raise IniError(f"option {option} = {options.get(option)}: not a file of the board", section=name)
        zones.append(zone_line(f"castled-{side}", {(castled, rank)}, {(castled, ranks + 1 - rank)}, files))
    text = SHUFFLED.replace("PARTNER", names[partners[0]])
    if not royal:
        text = text.replace("[MA]", "[M]").replace("[pA]", "[p]").replace(",A]", "]")
    return ";" + text
