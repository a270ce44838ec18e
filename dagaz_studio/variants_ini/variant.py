"""Turning a variants.ini section into a Dagaz Studio board file.

Inheritance is resolved first (a section's parent in the same file, else a built-in variant from
``templates/``), then every option is either used, ignored (it only tunes an engine or decides how
a game ends, which does not change the legal moves) or refused: a variant with an option that
changes legal moves and is not supported fails with a message naming the option.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dagaz_studio.betza.dagaz_writer import EN_PASSANT
from dagaz_studio.board.loader import parse_board
from dagaz_studio.variants_ini import blast, enclosing
from dagaz_studio.variants_ini import rules as ini_rules
from dagaz_studio.variants_ini.castling import castling_moves, shuffled_castling
from dagaz_studio.variants_ini.endings import FLAG_OPTIONS, ending_lines
from dagaz_studio.variants_ini.inheritance import resolve
from dagaz_studio.variants_ini.ini import IniError, Section
from dagaz_studio.variants_ini.options import CUSTOM, DEFAULTS, IGNORED, MOBILITY, PREDEFINED, UNREAD, UNSAID, USED
from dagaz_studio.variants_ini.pieces import betza_notation
from dagaz_studio.variants_ini.placement import castling_layout, drop_first_letter, dropped_castling, placement_lines
from dagaz_studio.variants_ini.rules import (
    collect_ending,
    drop_lines,
    duple_check,
    en_passant_check,
    en_passant_victims,
    extinction_letters,
    pass_on_stalemate,
    promotion_limited,
    promotion_offer,
    royal_letters,
)
from dagaz_studio.variants_ini.section_pieces import mobility_regions, piece_name, with_piece, with_piece_sets
from dagaz_studio.variants_ini.values import (
    Square,
    board_name,
    file_index,
    is_true,
    rank_number,
    read_region,
    setup_fields,
    shift_groups,
    shown,
    whole_number,
)
from dagaz_studio.variants_ini.walls import WALLING_RULES, duck_lines, walled_move, walling_region


@dataclass
class Imported:
    """One imported variant: its board file text, and what was ignored on the way."""

    name: str
    text: str
    ignored: list[str] = field(default_factory=list)


def import_variant(name: str, sections: dict[str, Section]) -> Imported:
    """The board file for the section ``name``. Raises IniError naming what is missing."""
    board = board_name(name)
    if board != name and board in sections:
        raise IniError(f"its board would be named {board}, as the section [{board}]'s is", section=name)
    options, _lines = resolve(name, sections)
    options.pop("__default__", None)
    ignored: list[str] = []
    pieces: dict[str, tuple[str, str]] = {}  # letter -> (option name, betza)
    for key, value in options.items():
        if key in PREDEFINED or CUSTOM.match(key):
            pieces = with_piece(name, key, value, pieces)
        elif IGNORED.match(key):
            ignored.append(key)
        elif key in DEFAULTS and value.strip().lower() == DEFAULTS[key] or MOBILITY.match(key):
            continue
        elif key not in USED and key not in DEFAULTS and key not in UNREAD:
            raise IniError(f"option {shown(key)!r} is none of Fairy-Stockfish's options (their names are "
                           f"case-sensitive): it warns \"Invalid option: {shown(key)}\" and plays without it; a "
                           "misspelt option would be played otherwise than meant", _lines.get(key, 0), name)
        elif key not in USED:
            raise IniError(f"option {key} = {shown(value)} changes the legal moves and is not supported"
                           + (f": {UNSAID[key]}" if key in UNSAID else ""), section=name)
    options = with_piece_sets(options, pieces)
    collect = collect_ending(options, pieces)
    if extinction_letters(options, pieces) or collect:
        # Read, as the pieces' extinction flag or an ``end collect`` statement.
        read = {"extinctionValue", "extinctionPieceTypes", "extinctionPieceCount",
                "extinctionOpponentPieceCount" if collect else ""}
        ignored = [key for key in ignored if key not in read]
    text = _board_text(name, options, pieces)
    ignored = [key for key in ignored if not ((key in FLAG_OPTIONS and "\nend reach" in text)  # read as end statements
                                              or (key == "checkCounting" and "\nend checks" in text))]
    try:
        parse_board(text, f"[{name}]")
    except ValueError as error:
        # What the section's own text gets wrong (a start position that does not fit its board)
        # is refused here, not left to the board file it would write.
        raise IniError(f"the board it makes does not load: {error}", section=name) from None
    return Imported(board, text, ignored)


def _board_text(name: str, options: dict[str, str], pieces: dict[str, tuple[str, str]]) -> str:
    ranks = whole_number(options, "maxRank", "8", name)
    files = file_index(options.get("maxFile", "8"), "maxFile", name) + 1
    if ranks < 1:
        raise IniError(f"option maxRank = {ranks}: a board has at least 1 rank", section=name)
    if not (ranks <= 10 and files <= 12):
        raise IniError(f"options maxFile and maxRank: a board of {files} files and {ranks} ranks is not supported: "
                       "Fairy-Stockfish plays at most 12 files and 10 ranks, and leaves a larger variant out",
                       section=name)
    fen = options.get("startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    if not fen.split():
        raise IniError("option startFen is empty: no start position", section=name)
    # A number of empty squares past the board's width is refused before any row is laid out.
    wide = next((run for run in re.findall(r"[0-9]+", fen.split()[0].partition("[")[0]) if int(run) > files), None)
    if wide is not None:
        raise IniError(f"option startFen = {shown(fen)}: {shown(wide)} empty squares on a row of {files}", section=name)
    rows = fen.split()[0].partition("[")[0].count("/") + 1
    if not ranks <= rows <= ranks + 1:  # one more: Fairy-Stockfish's hand written as a row (…/RNBQKBNR/Qq)
        raise IniError(f"option startFen = {shown(fen)}: {rows} row{'s' * (rows != 1)} on a board of {ranks} ranks", section=name)
    drops = is_true(options.get("pieceDrops", "false"))
    if "[" in fen.split()[0] and not drops and not is_true(options.get("seirawanGating", "false")):
        raise IniError("options startFen and pieceDrops: a start position with hands ([...]) without pieceDrops is "
                       "not supported: "
                       "a board holds pieces in hand only to drop them", section=name)
    walling = options.get("wallingRule", "none").strip().lower()
    if walling not in WALLING_RULES:
        raise IniError(f"option wallingRule = {shown(walling)} changes the legal moves and is not supported",
                       section=name)
    # Fairy-Stockfish's walls (* in a FEN): squares no piece may enter or pass, made by the start
    # position or by a move (wallingRule = past: the square a piece leaves).
    # petrifyOnCaptureTypes: a piece of these types that takes turns into a wall where it lands.
    petrify = set(options.get("petrifyOnCaptureTypes", "-").strip().lower().replace("-", "")) & set(pieces)
    walls = "*" in fen.split()[0] or walling in ("past", "arrow", "static") or bool(petrify)
    fields = setup_fields(fen)
    if drops and "[" not in fields[0]:
        fields[0] += "[]"
    last = chr(ord("a") + files - 1)
    letters_in_fen = {c.lower() for c in fields[0] if c.isalpha()}
    missing = letters_in_fen - set(pieces)
    if missing:
        raise IniError(f"the start position uses pieces no option defines: {', '.join(sorted(missing))}",
                       section=name)
    names = {letter: piece_name(key) for letter, (key, _) in pieces.items()}

    def region(option: str, default: str) -> set[Square]:
        return read_region(options.get(option, default), option, name, files, ranks)

    # Fairy-Stockfish's defaults are the ranks of chess whatever the board's size.
    if "promotionRank" in options:
        first = rank_number(options, "promotionRank", "8", name, ranks)
        promo_w = {(f, r) for f in range(files) for r in range(first, ranks + 1)}
        promo_b = {(f, r) for f in range(files) for r in range(1, ranks - first + 2)}
    else:
        promo_w = region("promotionRegionWhite", "*8")
        promo_b = region("promotionRegionBlack", "*1")
    every_square = {(f, r) for f in range(files) for r in range(1, ranks + 1)}
    double = is_true(options.get("doubleStep", "true"))
    double_w, double_b = region("doubleStepRegionWhite", "*2"), region("doubleStepRegionBlack", "*7")
    triple_w, triple_b = region("tripleStepRegionWhite", ""), region("tripleStepRegionBlack", "")
    double = double and bool(double_w or double_b)
    # A triple step does not need the double (variant.cpp's conclude() empties only the double-step region).
    triple = bool(triple_w or triple_b)
    # Fairy-Stockfish's pawn types default to its pawn piece type, whatever its letter.
    pawns = "".join(letter for letter, (key, _) in pieces.items() if key == "pawn")
    pawn_types = set(options.get("promotionPawnTypes", options.get("pawnTypes", pawns)).replace("-", ""))
    # Fairy-Stockfish's en-passant types, whose capture-only moves also take en passant: its pawn and
    # each custom piece whose Betza says e, unless pawnTypes, then enPassantTypes, name them instead
    # (parser.cpp reads them in that order, each replacing the set).
    ep_types = {letter for letter, (key, betza) in pieces.items() if key == "pawn" or (CUSTOM.match(key) and "e" in betza)}
    for option in ("pawnTypes", "enPassantTypes"):
        if option in options:
            # "*" is Fairy-Stockfish's ALL_PIECES, the type 0 no piece has: it names none.
            ep_types = set(options[option].strip().lower()) - set("-* ")
    # The pawn promotes whatever the promotion pawn types say: movegen.cpp makes its moves, promotions
    # included, apart from the other pieces'.
    pawn_w = set(options.get("promotionPawnTypesWhite", "".join(pawn_types)).replace("-", "")) | set(pawns)
    pawn_b = set(options.get("promotionPawnTypesBlack", "".join(pawn_types)).replace("-", "")) | set(pawns)
    promo_types = options.get("promotionPieceTypes", "nbrq")
    # With captures going to the hand, a promoted piece goes back as the pawn it was: in the board
    # file, a piece type of its own lettered as Fairy-Stockfish's FEN writes it (Q~).
    # dropLoop: a promoted piece taken keeps its type in hand, as any other piece.
    # twoBoards too: Fairy-Stockfish marks a promoted piece (Q~) for the partner's board all the same.
    demoting = (drops and not is_true(options.get("dropLoop", "false"))
                and any(is_true(options.get(key, "false")) for key in ("capturesToHand", "twoBoards")))
    promoted: dict[str, str] = {}  # letter -> name of its promoted form
    for key in dict.fromkeys(key if key in options else "promotionPieceTypes"
                             for key in ("promotionPieceTypesWhite", "promotionPieceTypesBlack")):
        if "*" in options.get(key, ""):
            raise IniError(f"option {key} with '*' is not supported: Fairy-Stockfish reads it as its type 0, a "
                           "promotion to no piece (the move a7a8 with a blank for its letter), which leaves on "
                           "the square a piece of no type that never moves and that the other side may take, yet "
                           "that its FEN writes as '*', a wall nobody may take", section=name)
    choices_w = [names[c] for c in options.get("promotionPieceTypesWhite", promo_types) if c in names]
    choices_b = [names[c] for c in options.get("promotionPieceTypesBlack", promo_types) if c in names]
    if demoting and len((pawn_w | pawn_b) & set(pieces)) > 1 and (choices_w or choices_b):
        raise IniError(f"options pawnTypes and capturesToHand: a piece promoted from any of the pawn types "
                       f"{', '.join(sorted((pawn_w | pawn_b) & set(pieces)))} goes back to hand as the one it was, "
                       f"which its FEN letter (Q~) does not say", section=name)
    if demoting:
        # In the options' order, not a set's: the same section writes the same board file every run.
        for c in dict.fromkeys(options.get("promotionPieceTypesWhite", promo_types)
                               + options.get("promotionPieceTypesBlack", promo_types)):
            if c in names:
                promoted[c] = "Promoted" + names[c]
        choices_w = [promoted.get(c, names[c]) for c in options.get("promotionPieceTypesWhite", promo_types) if c in names]
        choices_b = [promoted.get(c, names[c]) for c in options.get("promotionPieceTypesBlack", promo_types) if c in names]
    limited, limits = promotion_limited(name, options, fields[0], pieces)
    if demoting and limited:
        # A piece lost goes to the other side's hand, and may come back: Fairy-Stockfish's count is of the
        # pieces on the board, whatever was lost.
        limited, limits = False, ini_rules.promotion_limits(name, options, pieces)
    # Where a double (or triple) step may land in the promotion region, it promotes as a single step does.
    double_promotes = double and bool(({(f, r + 2) for f, r in double_w} & promo_w and choices_w)
                                      or ({(f, r - 2) for f, r in double_b} & promo_b and choices_b))
    triple_promotes = triple and bool(({(f, r + 3) for f, r in triple_w} & promo_w and choices_w)
                                      or ({(f, r - 3) for f, r in triple_b} & promo_b and choices_b))
    notations: dict[str, str] = {}
    # Shogi's promotions: promotedPieceType = p:g, the piece p may become a piece moving as g (+P).
    piece_promotions: dict[str, str] = {}
    for pair in options.get("promotedPieceType", "").split():
        source, _, target = pair.partition(":")
        if source in pieces and target in pieces:
            piece_promotions[source] = target
        elif source in pieces:
            raise IniError(f"option promotedPieceType = {options['promotedPieceType']}: no piece {target}",
                           section=name)
    piece_mandatory = is_true(options.get("mandatoryPiecePromotion", "false"))
    on_capture = is_true(options.get("piecePromotionOnCapture", "false"))
    # pieceDemotion: a promoted piece turns back by the same rule (Kyoto shogi: after every move).
    demotes = is_true(options.get("pieceDemotion", "false"))
    mandatory = is_true(options.get("mandatoryPawnPromotion", "true"))
    castles = (is_true(options.get("castling", "true")) and options.get("castlingKingPiece", "k") in pieces
               and (bool({c for c in (fields[2] if len(fields) > 2 else "-") if c in "KQkq"})
                    or dropped_castling(options)))
    cambodian = ini_rules.first_move_rights(name, options, castles)
    if not castles and not cambodian and len(fields) > 2:
        # Fairy-Stockfish drops the castling rights of a game without castling (position.cpp).
        fields[2] = "-"
    # Fairy-Stockfish turns Black's moves by a half turn; mirroring them top to bottom is the same
    # for pieces that are the same left and right, and keeps castling's directions (kingside is east
    # for both players) written once. Without castling, the half turn serves every piece.
    turned = not castles
    royal, lone = royal_letters(options, pieces, fields[0], name)
    # A royal piece held at the start is dropped as the others are (a placement phase).
    held_royal = set(fields[0].partition("[")[2].rstrip("]").lower()) & royal
    first = drop_first_letter(name, options, pieces)
    mobility = mobility_regions(options, pieces, name, files, ranks)
    flip = options.get("flipEnclosedPieces", "none").strip().lower()
    enclosing.check_rules(name, flip, options.get("enclosingDrop", "none").strip().lower() if drops else "none",
                          bool(royal))
    passing = pass_on_stalemate(name, options, royal)
    # Atomic captures: the explosion written after every capture (variants_ini/blast.py).
    explodes = is_true(options.get("blastOnCapture", "false"))
    if walling != "none" and any(key == "king" for key, _ in pieces.values()):
        raise IniError(f"option wallingRule = {walling} with a King is not supported: Fairy-Stockfish asks whether a "
                       "move leaves the King attacked before its wall is placed or the Duck moved, where a board "
                       "asks it after the whole move", section=name)
    if (walls or walling == "duck") and is_true(options.get("immobilityIllegal", "false")):
        raise IniError("option immobilityIllegal with walls is not supported: Fairy-Stockfish counts the squares walls "
                       "stand on as off the board when it asks whether a piece could move again, where a board asks "
                       "it of the board's edges alone", section=name)
    if explodes and walling == "duck":
        raise IniError("option blastOnCapture with wallingRule = duck is not supported: Fairy-Stockfish puts the "
                       "Duck only on a square empty before the capture, not on one its blast empties, where a "
                       "board's Duck, put after the blast, may stand", section=name)
    if explodes and flip != "none":
        raise IniError("options blastOnCapture and flipEnclosedPieces together are not supported: Fairy-Stockfish "
                       "turns the enclosed pieces before the capture's blast, so pieces of a run beyond the blast "
                       "change side, where a board's move blasts first and finds no run left to turn", section=name)
    # blastImmuneTypes: pieces no explosion removes, the capturing one included.
    immune = set(options.get("blastImmuneTypes", "").strip().lower().replace("-", "")) & set(pieces)
    spared = [names[c] for c, (key, _) in pieces.items() if key == "pawn" or c in immune]
    royal_names = [names[c] for c in pieces if c in royal]
    explosion = blast.explosion(royal_names, spared) if explodes else ""
    mutual = set(options.get("mutuallyImmuneTypes", "").strip().lower().replace("-", "")) & set(pieces)
    pseudo_royal = set(options.get("extinctionPieceTypes", "").lower()) if is_true(
        options.get("extinctionPseudoRoyal", "false")) else set()
    if mutual & (royal | pseudo_royal) and not explodes:
        # Outside a blast a royal piece may capture: its captures are its attacks here.
        raise IniError("option mutuallyImmuneTypes with a royal type is not supported: Fairy-Stockfish forbids "
                       "a piece of the type to take one of its own, yet counts it as attacking them when it asks "
                       "whether a royal piece may stand there, where a board's attacks are its captures",
                       section=name)

    def kin(letter: str) -> list[str]:
        """The pieces of ``letter``'s Fairy-Stockfish type: its own, its promoted pawns, and the pieces
        promoting into it (promotedPieceType), as mutuallyImmuneTypes counts them."""
        own = [names[letter], promoted[letter]] if letter in promoted else [names[letter]]
        return own + [
            f"{names[source]}Promoted" for source, target in piece_promotions.items() if target == letter]

    def zone(zone_name: str, white: set[Square], black: set[Square]) -> str:
        return ini_rules.zone_line(zone_name, white, black, files)

    zones: list[str] = []
    walled = walling_region(options, walling, name, files, ranks)
    if walled is not None:
        zones.append(zone("walling", *walled))
    diagonal = region("diagonalLines", "-")
    if diagonal:
        zones.append(zone("diagonal-lines", diagonal, diagonal))
    # Where each side may take en passant (the square it lands on, which the pawn passed): Fairy-Stockfish's
    # enPassantRegion, the whole board unless given (Horde's: not behind a pawn's step from the first rank).
    every = {(f, r) for f in range(files) for r in range(1, ranks + 1)}

    def ep_region(side: str) -> set[Square]:
        option = f"enPassantRegion{side}" if options.get(f"enPassantRegion{side}", "").strip() else "enPassantRegion"
        value = options.get(option, "").strip()
        # "-": no square, as Georgian chess's (no en passant at all).
        return every if not value else set() if value == "-" else region(option, value)

    ep_w, ep_b = ep_region("White"), ep_region("Black")
    ep = ""
    if (ep_w != every or ep_b != every) and (ep_w or ep_b):
        zones.append(zone("en-passant", ep_w, ep_b))
        ep = ",@en-passant"

    def finish(letter: str, notation: str) -> str:
        """What every move of the piece ``letter`` (its promoted forms' too) ends with: explosions,
        turned pieces, walls."""
        key, betza = pieces[letter]
        if explodes and betza.strip():
            own = blast.explosion(royal_names, spared, immune=True) if letter in immune else explosion
            notation = blast.exploding(shift_groups(notation), own, letter in royal,
                                       kin(letter) if letter in mutual else [])
        elif letter in mutual and betza.strip():
            # mutuallyImmuneTypes: position.cpp's legal() refuses a capture of the mover's own type.
            notation = f"({shift_groups(notation)})([p];[e{''.join(f',!={kind}' for kind in kin(letter))}])"
        if flip != "none" and key != "immobile":
            notation = f"({shift_groups(notation)}){enclosing.flips_after_move(flip)}"
        if walls and betza.strip():
            # No piece lands on a wall (an implicit landing takes whatever is not its own).
            notation = f"({shift_groups(notation)})[!=Wall]"
        if letter in petrify:
            if explodes:
                raise IniError("options petrifyOnCaptureTypes and blastOnCapture together are not supported: "
                               "Fairy-Stockfish asks whether such a capture leaves its King attacked as if the "
                               "square turned to stone were empty, which no board rule says", section=name)
            # A royal piece, which would turn itself to stone, only moves to empty squares.
            notation = (f"({shift_groups(notation)})[p]" if letter in royal
                        else f"({shift_groups(notation)})([p];[e] |[d][*Wall])")
        if walling in ("duck", "arrow", "static") and betza.strip():
            notation = walled_move(walling, shift_groups(notation), lambda: betza_notation(
                name, key, betza, turned, initial="", part="quiet"), walled is not None)
        if walling == "past" and betza.strip():
            # The square the piece leaves becomes a wall: only one of the walling region, if any, may.
            notation = ("[@walling]" if walled is not None else "") + f"[*Wall]({shift_groups(notation)})"
        return notation

    lines = [f"# Imported from a variants.ini section [{name}].", f"name: {board_name(name)}", f"grid: a-{last} x {ranks}-1",
             "N = (0, -1)", "E = (1, 0)", "S = (0, 1)", "W = (-1, 0)", "O = (1, -1)", "M = (-1, -1)",
             "T = (1, 1)", "R = (-1, 1)", "players: White Black",
             "symmetry Black: " + ("N<>S E<>W O<>R M<>T" if turned else "N<>S O<>T M<>R")]
    extinct = extinction_letters(options, pieces)
    # Fairy-Stockfish's checks (the ones dropChecks and checking forbid) are made on its King type only:
    # with none, a pseudo-royal piece (extinctionPseudoRoyal) may be attacked by any move.
    king_checks = any(key == "king" for key, _ in pieces.values())
    for letter, (key, betza) in pieces.items():
        flags = " royal" if letter in royal else ""
        if letter in extinct:
            flags += " extinction"
        if castles and letter == options.get("castlingKingPiece", "k") and letter not in royal:
            flags += " castles"  # castling rights in a FEN name its row's pieces, as for a royal King
        flags += " drop-first" if letter == first else ""
        if drops and options.get("dropNoDoubled", "-").strip() == letter \
                and options.get("dropNoDoubledCount", "1").strip() == "1":
            flags += " no-drop-doubled"
        if drops and not is_true(options.get("dropChecks", "true")) and king_checks:
            flags += " no-drop-check"
        if drops and key == "shogiPawn" and is_true(options.get("shogiPawnDropMateIllegal", "false")):
            flags += " no-drop-mate"
        if drops and is_true(options.get("freeDrops", "false")):
            if letter in royal:
                raise IniError("option freeDrops with a royal piece is not supported: a royal piece is never "
                               "always in hand", section=name)
            flags += " unlimited"  # Fairy-Stockfish drops every piece type from a supply that never ends
        if key == "pawn":
            base = "N[p];OM[e]"
            flags += " resets-clock"
        elif key == "soldier" and betza == PREDEFINED[key] and options.get("soldierPromotionRank", "1").strip() != "1":
            # Xiangqi's soldier steps sideways only from the soldierPromotionRank on (across the river).
            first = rank_number(options, "soldierPromotionRank", "1", name, ranks)
            zones.append(zone("soldier-sideways", {(f, r) for f in range(files) for r in range(first, ranks + 1)},
                              {(f, r) for f in range(files) for r in range(1, ranks - first + 2)}))
            base = "N;[@soldier-sideways]WE"
        elif not betza.strip():
            # An immobile piece (a wall that can be taken): its square, just left, is never occupied.
            base = "[P]"
        elif key == "janggiCannon" and betza == PREDEFINED[key]:
            # Janggi's cannon neither jumps over a cannon nor takes one, of either side.
            base = f"(+)([p]\\1)*[P,!={names[letter]}]\\1([p]\\1)*[!={names[letter]}]"
        else:
            base = betza_notation(name, key, betza, turned, en_passant=letter in ep_types,
                                initial="@double" if double else "")
        base += ini_rules.diagonal_moves(key, betza, names[letter]) if diagonal else ""
        # What promotes, and the en-passant captures, which movegen.cpp makes apart and never promotes.
        plain, taking, apart = base, "", False
        if EN_PASSANT in base:
            # No square to take on (enPassantRegion = -): nothing is taken en passant.
            victims = pieces if ep_w or ep_b else {}
            base = en_passant_victims(base, victims, names, turned, double, ep)
            plain = betza_notation(name, key, betza, turned, True, "@double" if double else "", "plain") or "[P]"
            if en_passant_check(victims, names, turned, double, ep):
                taking = en_passant_victims(betza_notation(name, key, betza, turned, True, "@double" if double else "",
                                                         "en-passant"), victims, names, turned, double, ep)
            if explodes and taking:
                # It explodes where the piece lands, as the pawn's does: made apart from the other captures.
                base, taking = plain, f"({shift_groups(taking)}) {explosion}"
        if letter in mobility:
            zones.append(zone(f"mobility-{letter}", *mobility[letter]))
            base, plain, taking = (f"({shift_groups(b)})[@mobility-{letter}]" if b else "" for b in (base, plain, taking))
        notation = base
        promote_w = promo_w if letter in pawn_w else set()
        promote_b = promo_b if letter in pawn_b else set()
        # One side's choices may be none (promotionPieceTypesWhite = -) while the other's are some.
        choices = choices_w if promote_w and choices_w else choices_b
        own_w, own_b = choices_w, choices_b
        # A pawn with a promotedPieceType also may promote to it, as a shogi piece does ("+").
        both_ways = letter in piece_promotions and (promote_w or promote_b) and bool(choices)
        if both_ways:
            if limited or limits:
                raise IniError(f"option promotionLimit with the piece {letter} promoting both as a pawn and by "
                               "promotedPieceType is not supported: the board offers both promotions as one "
                               "choice, which a count of one of them cannot hold back alone", section=name)
            choices = choices + [f"{names[letter]}Promoted"]
            own_w, own_b = own_w + [f"{names[letter]}Promoted"], own_b + [f"{names[letter]}Promoted"]
        suffix = ""
        # Only Fairy-Stockfish's pawn promotes in place (movegen.cpp), by no step, double ones too; other
        # pawn types promote by moving, as without the option.
        in_place = key == "pawn" and is_true(options.get("sittuyinPromotion", "false"))
        if (promote_w or promote_b) and choices:
            zones.append(zone(f"promotion-{letter}", promote_w, promote_b))
            # promotionLimit counts the mover's pieces of the type: a pawn promoted to it (Q~) and the
            # pieces promoted into it (promotedPieceType) too, each a piece of its own here.
            capped = {promoted.get(c, names[c]): count for c, count in limits.items()}
            counted = {promoted.get(c, names[c]): kin(c) for c in limits}
            if mandatory and not in_place and (limited or all(choice in capped for choice in own_w + own_b)):
                raise IniError("option promotionLimit on every piece promoted to, with promotion compulsory, is not "
                               "supported: its limits reached, a pawn may not enter its promotion zone, yet "
                               "Fairy-Stockfish counts it as attacking the squares there, where a board's attacks "
                               "are its captures", section=name)
            offer = promotion_offer(name, f"promotion-{letter}", choices, limited, capped, counted)
            if promote_w and promote_b and own_w != own_b:
                # Each player his own pieces to promote to, in his own part of the region.
                zones.append(zone(f"promotion-{letter}-white", promote_w, set()))
                zones.append(zone(f"promotion-{letter}-black", set(), promote_b))
                offer = (f"({promotion_offer(name, f'promotion-{letter}-white', own_w, limited, capped, counted)};"
                         f"{promotion_offer(name, f'promotion-{letter}-black', own_b, limited, capped, counted)})")
            suffix = f"([!@promotion-{letter}];{offer})" if mandatory else f"({offer})?"
            notation, apart = f"({shift_groups(plain)}){suffix}", bool(taking)
            if in_place:
                notation, apart = ini_rules.promotion_in_place(name, base, letter, choices, options, pieces, names), False
                suffix = ""
        elif (promote_w or promote_b) and mandatory:
            # Nothing to promote to, and promotion compulsory: the pawn never enters the zone.
            zones.append(zone(f"promotion-{letter}", promote_w, promote_b))
            notation, apart = f"({shift_groups(plain)})[!@promotion-{letter}]", bool(taking)
        if letter in piece_promotions and not both_ways:
            zones.append(zone("promotion", promo_w, promo_b))
            shifted, to, apart = shift_groups(plain), f"[+{names[letter]}Promoted]", bool(taking)
            target = piece_promotions[letter]
            cap = ini_rules.promotion_limits(name, options, pieces).get(target)
            if cap:  # 0: no limit, as Fairy-Stockfish reads it
                if piece_mandatory:
                    raise IniError(f"options mandatoryPiecePromotion and promotionLimit on {target}, promoted into by "
                                   "promotedPieceType, are not supported together: the limit reached, Fairy-Stockfish "
                                   "lets the piece move without promoting, into the zone too, where the board's "
                                   "compulsory promotion keeps it out of the zone",
                                   section=name)
                # promotionLimit: the promotion only while the mover has fewer of the type, those promoted
                # into it counted.
                kinds = [names[target]] + [f"{names[source]}Promoted" for source, into in piece_promotions.items()
                                           if into == target] + ([promoted[target]] if target in promoted else [])
                to = ini_rules.fewer_than(kinds, cap) + to
            if on_capture:
                # piecePromotionOnCapture: a piece changes type when it takes, and only then.
                notation = f"({shifted})([p];[e]{to})" if piece_mandatory else f"({shifted})([p];[e];[e]{to})"
            else:
                # Fairy-Stockfish promotes a piece that moves into, within or out of the zone.
                stay = f"[!@promotion]({shifted})[!@promotion]" if piece_mandatory else f"({shifted})"
                notation = f"{stay};({shifted})[@promotion]{to};[@promotion]({shifted})[!@promotion]{to}"
        if apart or explodes and taking:
            notation += f";{taking}"  # alternatives number their groups alike: it needs no shift
        if key == "pawn":
            if double:
                notation += f";([@double](N[p]){{2}}){suffix}" if double_promotes else ";[@double](N[p]){2}"
            if triple:
                notation += f";([@triple](N[p]){{3}}){suffix}" if triple_promotes else ";[@triple](N[p]){3}"
            # En passant, a step diagonally forward onto a square a pawn's double or triple step, or
            # another piece's initial move, has just passed: movegen.cpp's pawn takes whatever made it.
            check = en_passant_check(pieces, names, turned, double, ep) if ep_w or ep_b else ""
            if check:
                # An exploding en passant explodes where the pawn lands.
                notation += f";OM{check}" + (f" {explosion}" if explodes else "")
        if key in ("king", "fers"):  # makpongRule, cambodianMoves
            notation = ini_rules.first_moves(name, key, betza, notation, options, names, pieces)
        if key == "king" and is_true(options.get("flyingGeneral", "false")):
            # Generals may not face each other: each attacks the other along an open line.
            notation += f";(+)([p]\\1)*[={names[letter]}]"
        if castles and letter == options.get("castlingKingPiece", "k"):
            notation += (shuffled_castling(name, options, files, ranks, names, letter in royal, zones)
                         if is_true(options.get("chess960", "false")) else
                         castling_moves(name, options, castling_layout(name, options, fields, files), files, names,
                                        royal=letter in royal))
        notation = finish(letter, notation)
        lines.append(f"piece {names[letter]} {letter.upper()}{flags}: {notation}")
        notations[letter] = base
    # Fairy-Stockfish's SAN writes its pawn without a letter (e4, exd5), as chess's does.
    lines += [f"name-letter {names[letter]}: -" for letter, (key, _) in pieces.items() if key == "pawn"]
    if double and (any(key == "pawn" for key, _ in pieces.values())
                   or any("[@double]" in notation for notation in notations.values())):
        zones.append(zone("double", double_w, double_b))
    if triple and any(key == "pawn" for key, _ in pieces.values()):
        zones.append(zone("triple", triple_w, triple_b))
    for letter, promoted_name in promoted.items():
        if any(re.search(rf"[+/?]{promoted_name}\b", line) for line in lines):
            lines.append(f"piece {promoted_name} {letter.upper()}~: {finish(letter, notations[letter])}")
    for letter, target in piece_promotions.items():
        # Fairy-Stockfish's promoted piece is a piece of the type it moves as: royal where that one is
        # (Chak's promoted King, a pseudo-royal Divine Lord, may not step into attack).
        flags = " royal" if target in royal else ""
        moves = notations[target]
        if demotes:
            back = f"[+{names[letter]}]"
            shifted = shift_groups(moves)
            if on_capture:
                moves = f"({shifted})([p];[e]{back})" if piece_mandatory else f"({shifted})([p];[e];[e]{back})"
            elif promo_w == every_square and promo_b == every_square and piece_mandatory:
                moves = f"({shifted}){back}"
            else:
                raise IniError("option pieceDemotion outside a promotion region of the whole board is not supported: "
                               "the board turns a promoted piece back after each of its moves, as in Kyoto shogi, "
                               "and not by where it moves", section=name)
        lines.append(f"piece {names[letter]}Promoted +{letter.upper()}{flags}: {finish(target, moves)}")
    if walls:
        lines.append("piece Wall * neutral: [P]")
    lines += duck_lines() if walling == "duck" else []
    lines += ini_rules.gate_lines(name, options, zones, files, ranks)
    if drops:
        lines += drop_lines(name, options, pieces, names, zones, region, files, promo_w, promo_b, turned,
                             piece_promotions, set(mobility), walls)
        lines += placement_lines(name, options, pieces, names, files, ranks, zones, held_royal, royal, castles)
    end_zones, ends, _ = ending_lines(options, pieces, names, royal, region, files, fen, extinct)
    lines[13:13] = sorted(set(zones + end_zones), key=(zones + end_zones).index)
    lines.append("setup: " + " ".join(fields))
    lines += ini_rules.game_rules(options, cambodian, lone) + ini_rules.pass_lines(name, options, pieces, names)
    if is_true(options.get("mustCapture", "false")):
        lines.append("rule: compulsory-capture")
    if not is_true(options.get("checking", "true")) and king_checks:
        lines.append("rule: no-check")
    lines += ["rule: duple-check"] if duple_check(options) and royal else []
    if passing:
        lines.append("rule: pass-when-blocked")
    lines += [line for line in [collect_ending(options, pieces)] if line]
    lines += ends + ["draw: cells", "draw: checkered", "draw: coordinates"] + (["draw: blocks Wall"] if walls else [])
    return "\n".join(lines) + "\n"
