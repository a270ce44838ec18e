"""Turning a variants.ini section into a Dagaz Studio board file.

Inheritance is resolved first (a section's parent in the same file, else a built-in variant from
``templates/``), then every option is either used, ignored (it only tunes an engine or decides how
a game ends, which does not change the legal moves) or refused: a variant with an option that
changes legal moves and is not supported fails with a message naming the option.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources

from dagaz_studio.betza import TranslationError, read_betza, to_dagaz
from dagaz_studio.variants_ini.ini import IniError, Section, read_ini

#: Fairy-Stockfish's predefined pieces: option name → Betza (its own table, docs of variants.ini).
PREDEFINED = {
    "pawn": "fmWfceF", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "fers": "F", "alfil": "A",
    "fersAlfil": "FA", "silver": "FfW", "aiwok": "RNF", "bers": "RF", "archbishop": "BN", "chancellor": "RN",
    "amazon": "QN", "knibis": "mNcB", "biskni": "mBcN", "kniroo": "mNcR", "rookni": "mRcN", "shogiPawn": "fW",
    "lance": "fR", "shogiKnight": "fN", "gold": "WfF", "dragonHorse": "BW", "clobber": "cW",
    "breakthrough": "fmWfF", "immobile": "", "cannon": "mRcpR", "janggiCannon": "pR", "soldier": "fsW",
    "horse": "nN", "elephant": "nA", "janggiElephant": "nZ", "banner": "RcpRnN", "wazir": "W",
    "commoner": "K", "centaur": "KN", "king": "K",
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
    r"|perpetualCheckIllegal|moveRepetitionIllegal|shatarMateRule|bikjangRule|castlingWins|nnueAlias"
    r"|chess960|shogiPawnDropMateIllegal)$")

#: Options this importer reads.
USED = {"maxRank", "maxFile", "startFen", "promotionPieceTypes", "promotionPieceTypesWhite",
        "promotionPieceTypesBlack", "promotionRegionWhite", "promotionRegionBlack", "doubleStep",
        "doubleStepRegionWhite", "doubleStepRegionBlack", "castling", "castlingKingsideFile",
        "castlingQueensideFile", "pawnTypes", "promotionPawnTypes", "enPassantTypes", "mandatoryPawnPromotion",
        "checking", "mustCapture", "promotionRank", "castlingKingPiece"}


@dataclass
class Imported:
    """One imported variant: its board file text, and what was ignored on the way."""

    name: str
    text: str
    ignored: list[str] = field(default_factory=list)


def templates() -> dict[str, Section]:
    """The built-in variants this importer knows, as sections."""
    text = resources.files("dagaz_studio.variants_ini").joinpath("templates/chess.ini").read_text(encoding="utf-8")
    return read_ini(text)


def resolve(name: str, sections: dict[str, Section]) -> tuple[dict[str, str], dict[str, int]]:
    """A section's options after inheritance (child over parent), and the lines they came from."""
    builtin = templates()
    chain: list[Section] = []
    seen: set[str] = set()
    current: str | None = name
    from_file = True
    while current is not None:
        if current in seen:
            raise IniError(f"inherits from itself through {current!r}", section=name)
        seen.add(current)
        section = sections.get(current) if from_file else None
        if section is None:
            section = builtin.get(current)
            from_file = False
            if section is None:
                raise IniError(f"inherits from the built-in variant {current!r}, which has no template here",
                               section=name)
        chain.append(section)
        current = section.parent
        if section.parent is None and section.name != "chess" and not from_file:
            current = None
    options: dict[str, str] = {}
    lines: dict[str, int] = {}
    base = builtin["fairy"] if chain[-1].name not in builtin else None
    if base is not None:
        options["__default__"] = "true"
    for section in reversed(chain):
        options.update(section.options)
        lines.update({k: v for k, v in section.option_lines.items()} if section in sections.values() else {})
    return options, lines


def _bool(value: str) -> bool:
    return value.strip().lower() in ("true", "1", "yes")


def _file_index(value: str) -> int:
    value = value.strip()
    return int(value) - 1 if value.isdigit() else ord(value.lower()) - ord("a")


def _ranks(value: str, name: str, section: str) -> set[int]:
    """Ranks (1-based) of a region written as ``*N`` words; other regions are refused."""
    out = set()
    for word in value.split():
        match = re.fullmatch(r"\*(\d+)", word)
        if not match:
            raise IniError(f"option {name} = {value}: only whole ranks (*N) are supported", section=section)
        out.add(int(match.group(1)))
    return out


def import_variant(name: str, sections: dict[str, Section]) -> Imported:
    """The board file for the section ``name``. Raises IniError naming what is missing."""
    options, _lines = resolve(name, sections)
    options.pop("__default__", None)
    ignored: list[str] = []
    pieces: dict[str, tuple[str, str]] = {}  # letter -> (option name, betza)
    for key, value in options.items():
        if key in PREDEFINED or CUSTOM.match(key):
            value = value.strip()
            if value == "-" or not value:
                pieces = {k: v for k, v in pieces.items() if v[0] != key}
                continue
            letter, _, betza = value.partition(":")
            if key in PREDEFINED and not betza:
                betza = PREDEFINED[key]
            pieces = {k: v for k, v in pieces.items() if v[0] != key}
            pieces[letter.lower()] = (key, betza)
        elif IGNORED.match(key) or key.startswith("mobilityRegion") and False:
            ignored.append(key)
        elif key not in USED:
            raise IniError(f"option {key} = {value} changes the legal moves and is not supported", section=name)
    if not _bool(options.get("checking", "true")):
        raise IniError("option checking = false (moves may not give check) is not supported", section=name)
    return Imported(name, _board_text(name, options, pieces), ignored)


_NAMES = {"customPiece": "Custom"}


def _piece_name(key: str) -> str:
    match = CUSTOM.match(key)
    if match:
        return f"Custom{match.group(1)}"
    return key[0].upper() + key[1:]


def _mirror(piece_shapes: set) -> set:
    return {type(s)(tuple(type(leg)((-leg.vector[0], leg.vector[1]), leg.range, leg.modes, leg.hop,
                                    tuple((-x, y) for x, y in leg.lame_path)) for leg in s.legs), s.initial)
            for s in piece_shapes}


def _betza_dagaz(name: str, key: str, betza: str) -> str:
    try:
        piece = read_betza(betza, "fsf")
    except TranslationError as error:
        raise IniError(f"piece {key} = {betza}: {error.message}", section=name) from None
    shapes = set(piece.shapes)
    if shapes != _mirror(shapes):
        raise IniError(f"piece {key} = {betza} is not left-right symmetric: Black's left and right are "
                       f"not supported", section=name)
    return to_dagaz(piece)


def _board_text(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> str:
    ranks = int(options.get("maxRank", "8"))
    files = _file_index(options.get("maxFile", "8")) + 1
    if not (1 <= ranks <= 10 and 1 <= files <= 12):
        raise IniError(f"a board of {files} files and {ranks} ranks is not supported", section=name)
    fen = options.get("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    if "[" in fen:
        raise IniError("a start position with hands ([...]) is not supported", section=name)
    if "*" in fen.split()[0]:
        raise IniError("walls (*) in the start position are not supported", section=name)
    last = chr(ord("a") + files - 1)
    letters_in_fen = {c.lower() for c in fen.split()[0] if c.isalpha()}
    missing = letters_in_fen - set(pieces)
    if missing:
        raise IniError(f"the start position uses pieces no option defines: {', '.join(sorted(missing))}",
                       section=name)
    names = {letter: _piece_name(key) for letter, (key, _) in pieces.items()}
    # Fairy-Stockfish's defaults are the ranks of chess whatever the board's size.
    on_board = set(range(1, ranks + 1))
    if "promotionRank" in options:
        first = int(options["promotionRank"])
        promo_ranks_w, promo_ranks_b = set(range(first, ranks + 1)), set(range(1, ranks - first + 2))
    else:
        promo_ranks_w = _ranks(options.get("promotionRegionWhite", "*8"), "promotionRegionWhite", name) & on_board
        promo_ranks_b = _ranks(options.get("promotionRegionBlack", "*1"), "promotionRegionBlack", name) & on_board
    double = _bool(options.get("doubleStep", "true"))
    double_w = _ranks(options.get("doubleStepRegionWhite", "*2"), "doubleStepRegionWhite", name) & on_board
    double_b = _ranks(options.get("doubleStepRegionBlack", "*7"), "doubleStepRegionBlack", name) & on_board
    promoting = bool(promo_ranks_w or promo_ranks_b)
    double = double and bool(double_w or double_b)
    pawn_types = set(options.get("promotionPawnTypes", options.get("pawnTypes", "p")).replace("-", ""))
    promo_types = options.get("promotionPieceTypes", "nbrq")
    if "promotionPieceTypesWhite" in options or "promotionPieceTypesBlack" in options:
        white = options.get("promotionPieceTypesWhite", promo_types)
        black = options.get("promotionPieceTypesBlack", promo_types)
        if set(white) != set(black):
            raise IniError("different promotion pieces for White and Black are not supported", section=name)
        promo_types = white
    choices = [names[c] for c in promo_types if c in names]
    if not _bool(options.get("mandatoryPawnPromotion", "true")):
        raise IniError("option mandatoryPawnPromotion = false is not supported", section=name)

    def zone(zone_name: str, white: set[int], black: set[int]) -> str:
        """A zone line; a player whose region lies off the board has no squares in it."""
        parts = [f"{player} " + ",".join(f"a{r}-{last}{r}" for r in sorted(ranks_set))
                 for player, ranks_set in (("White", white), ("Black", black)) if ranks_set]
        return f"zone {zone_name}: " + "; ".join(parts)

    lines = [f"# Imported from a variants.ini section [{name}].", f"name: {name}", f"grid: a-{last} x {ranks}-1",
             "N = (0, -1)", "E = (1, 0)", "S = (0, 1)", "W = (-1, 0)", "O = (1, -1)", "M = (-1, -1)",
             "T = (1, 1)", "R = (-1, 1)", "players: White Black", "symmetry Black: N<>S O<>T M<>R",
             ]
    if promoting:
        lines.append(zone("promotion", promo_ranks_w, promo_ranks_b))
    if double:
        lines.append(zone("double", double_w, double_b))
    for letter, (key, betza) in pieces.items():
        flags = ""
        if key == "king":
            flags = " royal"
        if key == "pawn":
            base = "N[p];OM[e]"
            flags += " resets-clock"
        else:
            base = _betza_dagaz(name, key, betza)
        notation = base
        if letter in pawn_types and choices and promoting:
            shifted = re.sub(r"([\\~])(\d)", lambda m: m.group(1) + str(int(m.group(2)) + 1), base)
            notation = f"({shifted})([!@promotion];[@promotion][+{'/'.join(choices)}])"
        if key == "pawn":
            if double:
                notation += ";[@double](N[p]){2}"
            notation += f";[(te,={names[letter]},x)>E]O[l>N];[(te,={names[letter]},x)>W]M[l>N]"
        if letter == options.get("castlingKingPiece", "k") and _bool(options.get("castling", "true")):
            notation += _castling(name, options, fen, files, names, royal=key == "king")
        lines.append(f"piece {names[letter]} {letter.upper()}{flags}: {notation}")
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    lines.append("setup: " + " ".join(fields))
    if _bool(options.get("mustCapture", "false")):
        lines.append("rule: compulsory-capture")
    lines += ["draw: cells", "draw: checkered", "draw: coordinates"]
    return "\n".join(lines) + "\n"


def _castling(name: str, options: dict[str, str], fen: str, files: int, names: dict[str, str],
              royal: bool = True) -> str:
    """The King's castling moves, for the usual layout: King and Rooks on the first rank.

    A side the start position gives no right to castle on has no castling move; a right this
    importer cannot lay out is refused.
    """
    fields = fen.split()
    rights = fields[2] if len(fields) > 2 else "-"
    wanted = {c for c in rights if c in "KQkq"}
    if not wanted:
        return ""
    if "r" not in names:
        raise IniError("castling without a rook (r) is not supported", section=name)
    row: list[str] = []
    for token in re.findall(r"\d+|[A-Za-z*]", fields[0].split("/")[-1]):
        row.extend(["."] * int(token) if token.isdigit() else [token])
    king = row.index("K") if "K" in row else -1
    rooks = [i for i, c in enumerate(row) if c == "R"]
    kingside = _file_index(options.get("castlingKingsideFile", "g"))
    queenside = _file_index(options.get("castlingQueensideFile", "c"))
    rook = names["r"]
    # A royal King may not castle out of, through or into check; another castling piece may.
    start, empty = ("[MA]", "[pA]") if royal else ("[M]", "[p]")
    out = ""
    right = rooks[-1] if rooks else -1
    left = rooks[0] if rooks else files
    if {"K", "k"} & wanted:
        if not (king >= 0 and right == files - 1 and king < kingside < right):
            raise IniError("castling on the King's side from this start position is not supported", section=name)
        n = kingside - king
        between = right - kingside - 1
        out += f";{start}(E{empty}){{{n}}}|" + "E[p]" * between + f"E[f,={rook},M]^W{{{right - kingside + 1}}}"
    if {"Q", "q"} & wanted:
        if not (king >= 0 and left == 0 and left < queenside < king):
            raise IniError("castling on the Queen's side from this start position is not supported", section=name)
        n = king - queenside
        between = queenside - left - 1
        out += f";{start}(W{empty}){{{n}}}|" + "W[p]" * between + f"W[f,={rook},M]^E{{{queenside + 1 - left}}}"
    return out


def import_file(text: str, names: list[str] | None = None) -> tuple[list[Imported], list[IniError]]:
    """Every section of a variants.ini text (or those named) imported, and the refusals."""
    sections = read_ini(text)
    wanted = names if names else list(sections)
    done: list[Imported] = []
    refused: list[IniError] = []
    for name in wanted:
        if name not in sections:
            refused.append(IniError("no such section", section=name))
            continue
        try:
            done.append(import_variant(name, sections))
        except IniError as error:
            refused.append(error)
    return done, refused
