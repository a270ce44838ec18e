"""Fairy-Stockfish's variants.ini options as this importer sorts them.

Its predefined pieces, and each option either used, ignored (it only tunes an engine or decides how a
game ends), or used only at Fairy-Stockfish's default value; any other option is refused by name.
"""

from __future__ import annotations

import re

#: Fairy-Stockfish's predefined pieces: option name → Betza (its own table, docs of variants.ini).
PREDEFINED = {
    "pawn": "fmWfceF", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "fers": "F", "alfil": "A",
    "fersAlfil": "FA", "silver": "FfW", "aiwok": "RNF", "bers": "RF", "archbishop": "BN", "chancellor": "RN",
    "amazon": "QN", "knibis": "mNcB", "biskni": "mBcN", "kniroo": "mNcR", "rookni": "mRcN", "shogiPawn": "fW",
    "lance": "fR", "shogiKnight": "fN", "gold": "WfF", "dragonHorse": "BW", "clobber": "cW",
    "breakthrough": "fmWfF", "immobile": "", "cannon": "mRcpR", "janggiCannon": "pR", "soldier": "fsW",
    "horse": "nN", "elephant": "nA", "janggiElephant": "nZ", "banner": "RcpRnN", "wazir": "W",
    "commoner": "K", "centaur": "KN", "king": "K", "dragon": "RF",
}
CUSTOM = re.compile(r"customPiece([1-9]|1[0-9]|2[0-5])$")

#: Options that only tune an engine, a GUI or the end of a game: they leave the legal moves alone.
IGNORED = re.compile(
    r"^(pieceValue(Mg|Eg)|pieceToCharTable|variantTemplate|pocketSize|nMoveRule|nFoldRule|nFoldValue"
    r"|nFoldValueAbsolute|nMoveRuleTypes(White|Black)?|stalemateValue|stalematePieceCount|checkmateValue"
    r"|extinctionValue|extinctionClaim|extinctionPieceTypes|extinctionPieceCount|extinctionOpponentPieceCount"
    r"|flagPiece(White|Black)?|flagRegion(White|Black)?|flagPieceCount|flagPieceBlockedWin|flagMove|flagPieceSafe"
    r"|connectN|connectPieceTypes|connectVertical|connectHorizontal|connectDiagonal|connectRegion[12](White|Black)"
    r"|connectNxN|collinearN|connectValue|materialCounting|adjudicateFullBoard|countingRule|chasingRule"
    r"|perpetualCheckIllegal|moveRepetitionIllegal|shatarMateRule|castlingWins|nnueAlias"
    r"|shogiPawnDropMateIllegal)$")

#: Options whose value here is Fairy-Stockfish's default: set to it, they change nothing.
DEFAULTS = {"pieceDrops": "false", "capturesToHand": "false", "extinctionPseudoRoyal": "false",
            "passOnStalemate": "false", "passOnStalemateWhite": "false", "passOnStalemateBlack": "false",
            "blastOnCapture": "false",
            "enclosingDrop": "none", "flipEnclosedPieces": "none", "immobilityIllegal": "false",
            "mustDrop": "false", "flyingGeneral": "false", "oppositeCastling": "false",
            "wallingRule": "none", "dropNoDoubled": "-", "makpongRule": "false",
            "sittuyinPromotion": "false", "pieceDemotion": "false", "dropPromoted": "false",
            "firstRankPawnDrops": "false", "promotionZonePawnDrops": "false", "mandatoryPiecePromotion": "false",
            "dropLoop": "false", "twoBoards": "false", "gating": "false", "seirawanGating": "false",
            "cambodianMoves": "false", "petrifyOnCaptureTypes": "-", "enPassantRegion": "",
            "tripleStepRegionWhite": "", "tripleStepRegionBlack": ""}
#: Per-piece options: ``mobilityRegionWhiteKing`` and the like restrict where a piece may go.
MOBILITY = re.compile(r"^mobilityRegion(White|Black)(\w+)$")

#: Options this importer reads (twoBoards among them: a bughouse board, whose hand its partner board fills,
#: is written as the one board, the pieces in hand set in its positions).
USED = {"maxRank", "maxFile", "startFen", "promotionPieceTypes", "promotionPieceTypesWhite",
        "promotionPieceTypesBlack", "promotionRegionWhite", "promotionRegionBlack", "doubleStep",
        "doubleStepRegionWhite", "doubleStepRegionBlack", "castling", "castlingKingsideFile",
        "castlingQueensideFile", "pawnTypes", "promotionPawnTypes", "enPassantTypes", "mandatoryPawnPromotion",
        "checking", "mustCapture", "promotionRank", "castlingKingPiece", "flyingGeneral",
        "extinctionPseudoRoyal", "promotionPawnTypesWhite", "promotionPawnTypesBlack", "tripleStepRegionWhite",
        "tripleStepRegionBlack", "pieceDrops", "capturesToHand", "dropRegionWhite", "dropRegionBlack",
        "immobilityIllegal", "promotedPieceType", "mustDrop", "mustDropType", "freeDrops", "mandatoryPiecePromotion", "dropNoDoubled", "dropNoDoubledCount", "firstRankPawnDrops", "promotionZonePawnDrops",
        "flipEnclosedPieces", "enclosingDrop", "enclosingDropStart", "passOnStalemate", "passOnStalemateWhite",
        "passOnStalemateBlack", "soldierPromotionRank", "blastOnCapture", "dropLoop", "enPassantRegion",
        "enPassantRegionWhite", "enPassantRegionBlack", "wallingRule", "promotionLimit", "castlingRank",
        "castlingRookKingsideFile", "castlingRookQueensideFile", "blastImmuneTypes", "mutuallyImmuneTypes",
        "twoBoards", "castlingRookPieces", "petrifyOnCaptureTypes", "makpongRule", "cambodianMoves", "gating", "seirawanGating",
        "pieceDemotion", "piecePromotionOnCapture", "dropPromoted", "dropChecks", "checkCounting",
        "dropOppositeColoredBishop", "castlingDroppedPiece", "castlingKingFile", "dupleCheck",
        "sittuyinPromotion", "sittuyinRookDrop", "chess960",
        "wallingRegion", "wallingRegionWhite", "wallingRegionBlack", "diagonalLines",
        "pass", "passWhite", "passBlack", "bikjangRule"}

#: Options that change the legal moves in a way no board file says, and why: their refusal says so.
UNSAID = {
    "oppositeCastling": "a player's castling takes from the other the right to castle on the same side of the "
                        "board (after White's e1g1 Black castles only towards the a-file), where a board's castling "
                        "rights are a King and Rook that have not moved, which the other player's castling leaves so",
    "wallOrMove": "a player places a wall instead of moving, and a board's walls are made only by a piece's move",
}

#: Fairy-Stockfish's other options (parser.cpp), which change the legal moves and are refused as not
#: supported; a name in none of these lists is no option of Fairy-Stockfish's at all.
UNREAD = frozenset({
    "blackDropRegion", "whiteDropRegion", "blackFlag", "whiteFlag", "castlingKingPieceWhite",
    "castlingKingPieceBlack", "castlingRookPiece", "castlingRookPiecesWhite", "castlingRookPiecesBlack",
    "doubleStepRank", "doubleStepRankMin", "dropOnTop", "enPassantTypesWhite", "enPassantTypesBlack",
    "petrifyBlastPieces", "wallOrMove", "oppositeCastling"})
