"""An option's value as Fairy-Stockfish reads it, where a ``#`` after it or blanks at its end change it.

Fairy-Stockfish's variant.cpp keeps everything after an option's ``=`` but the blanks before it: an
inline ``# …`` and trailing blanks are part of the value. Each option's parser (parser.cpp) then makes
its own of them: numbers, regions, piece lists and counts stop reading at the ``#``, so the comment
changes nothing; a true/false option is on only where the value is ``true`` exactly, so ``true # on``
is off; a named rule or result (``wallingRule``, ``stalemateValue`` …) not spelt exactly is none; and
a piece's Betza is all that follows its letter, the comment too.
"""

from __future__ import annotations

from dagaz_studio.variants_ini.options import CUSTOM

#: The true/false options of parser.cpp (and its ``dropOnTop``): on only for the exact value ``true``.
BOOLEAN_OPTIONS = frozenset({
    "adjudicateFullBoard", "bikjangRule", "blastOnCapture", "cambodianMoves", "capturesToHand", "castling",
    "castlingDroppedPiece", "checkCounting", "checking", "chess960", "connectDiagonal", "connectHorizontal",
    "connectVertical", "doubleStep", "dropChecks", "dropLoop", "dropOnTop", "dropOppositeColoredBishop",
    "dropPromoted", "dupleCheck", "extinctionClaim", "extinctionPseudoRoyal", "firstRankPawnDrops", "flagMove",
    "flagPieceBlockedWin", "flagPieceSafe", "flyingGeneral", "gating", "immobilityIllegal", "makpongRule",
    "mandatoryPawnPromotion", "mandatoryPiecePromotion", "moveRepetitionIllegal", "mustCapture", "mustDrop",
    "nFoldValueAbsolute", "oppositeCastling", "pass", "passBlack", "passOnStalemate", "passOnStalemateBlack",
    "passOnStalemateWhite", "passWhite", "perpetualCheckIllegal", "petrifyBlastPieces", "pieceDemotion",
    "pieceDrops", "piecePromotionOnCapture", "promotionZonePawnDrops", "seirawanGating", "shatarMateRule",
    "shogiPawnDropMateIllegal", "sittuyinPromotion", "sittuyinRookDrop", "stalematePieceCount", "twoBoards",
    "wallOrMove"})

#: The options naming a rule or a result, read only when spelt exactly; any other value is ``none``.
NAMED_OPTIONS = frozenset({
    "chasingRule", "countingRule", "enclosingDrop", "flipEnclosedPieces", "materialCounting", "wallingRule",
    "checkmateValue", "connectValue", "extinctionValue", "nFoldValue", "stalemateValue"})

#: A FEN's fields up to its move number, after which Fairy-Stockfish reads nothing more.
_FEN_FIELDS = 6


def as_read(key: str, raw: str) -> tuple[str, str]:
    """The value of option ``key`` as the importer reads it, given ``raw``, all Fairy-Stockfish keeps
    after the ``=`` (the blanks before it skipped), and why the line is refused (``""`` where it is
    not): what Fairy-Stockfish makes of a ``#`` there is what the importer reads, or a refusal."""
    plain = raw.split("#", 1)[0].strip()
    if raw == plain:
        return raw, ""
    if key in BOOLEAN_OPTIONS:
        return "false", ""
    if key in NAMED_OPTIONS:
        return "none", ""
    if key == "startFen" and "#" in raw:
        if len(plain.split()) >= _FEN_FIELDS:
            return plain, ""
        return plain, (f"a '#' before the start position's move number, which Fairy-Stockfish reads as "
                       f"more of its FEN, not as a comment: {raw!r}")
    betza = raw[2:] if key == "king" or CUSTOM.match(key) else ""
    if "#" in betza:
        return plain, (f"Fairy-Stockfish reads all after the piece's letter as its Betza, the comment too "
                       f"({betza!r}), which is not supported: end the line at the Betza")
    if key == "king" and len(raw) > 1 and not raw[1:].strip():
        return plain, ("Fairy-Stockfish reads the blank after the King's letter as the empty Betza of a custom "
                       "royal piece, a King that never moves nor castles, which is not supported: end the line "
                       "at the letter")
    return plain, ""
