"""Writing a board as a Fairy-Stockfish variants.ini section.

Two ways. :func:`export_fsf` says every piece in Betza: the board must be a rectangle whose
directions are the usual steps, whose second player sees the board turned (a half turn, or mirrored
top to bottom for pieces that are the same left and right), and whose pieces' notations read as
Betza; anything else fails with a message naming it. :func:`parent_sections` offers sections that
inherit from one of Fairy-Stockfish's built-in variants of the board's size, for boards whose pieces
or rules Betza cannot say (a pawn's double step, castling, drops): which of them, if any, plays as the
board does is for the engine to find (``queries.export``), by importing each and playing it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from dagaz_studio.betza import TranslationError, read_betza
from dagaz_studio.betza.betza_writer import to_betza
from dagaz_studio.betza.dagaz_reader import read_dagaz
from dagaz_studio.board import Board, parse_board
from dagaz_studio.variants_ini.importing import import_file
from dagaz_studio.variants_ini.inheritance import resolve, templates
from dagaz_studio.variants_ini.ini import IniError

_STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0), "O": (1, -1), "M": (-1, -1), "T": (1, 1), "R": (-1, 1)}
_TURNED = {"N": "S", "S": "N", "E": "W", "W": "E", "O": "R", "R": "O", "M": "T", "T": "M"}
_MIRRORED = {"N": "S", "S": "N", "E": "E", "W": "W", "O": "T", "T": "O", "M": "R", "R": "M"}


def _check_geometry(board: Board) -> None:
    if not board.kind_type.holds_pieces:  # seeds in pits, columns of pieces: no single piece to say
        raise IniError(f"board {board.name}: a {board.kind_type.name} board; Fairy-Stockfish plays boards of "
                       "one piece a square only")
    columns, rows = len(board.column_names), len(board.row_names)
    if len(board.squares) != columns * rows or not (columns <= 12 and rows <= 10):
        shape = f"{columns}x{rows}" if len(board.squares) == columns * rows else \
            f"{len(board.squares)} squares, not a {columns}x{rows} rectangle"
        raise IniError(f"board {board.name}: Fairy-Stockfish plays full rectangles up to 12x10 only (this board: "
                       f"{shape})")
    place = {board.row_of[index] * columns + board.column_of[index]: index for index in range(len(board.squares))}
    for letter, (dx, dy) in _STEPS.items():
        targets = board.directions.get(letter)
        if targets is None:
            continue  # a board without diagonals (Clobber) can still be told
        wrong = []
        for index in range(len(board.squares)):
            c, r = board.column_of[index] + dx, board.row_of[index] + dy
            want = place.get(r * columns + c) if 0 <= c < columns and 0 <= r < rows else None
            if targets[index] != want:
                wrong.append((targets[index] is None, index, targets[index], want))
        if wrong:
            # Said by a square where it leads elsewhere if there is one (a step of two), else where it is missing.
            _, index, got, want = min(wrong)
            leads = "nowhere" if got is None else f"to {board.squares[got]}"
            raise IniError(f"board {board.name}: direction {letter} from {board.squares[index]} leads {leads}, not "
                           f"{'off the board' if want is None else 'to ' + board.squares[want]}: Fairy-Stockfish's "
                           "directions are single steps to the next square")


def _symmetry(board: Board) -> str:
    if len(board.players) != 2:
        raise IniError(f"board {board.name}: Fairy-Stockfish plays two players")
    second = board.players[1]
    present = [letter for letter in _STEPS if letter in board.directions]
    seen = {letter: board.symmetries.get(second, {}).get(letter, letter) for letter in present}
    if seen == {letter: _TURNED[letter] for letter in present}:
        return "turned"
    if seen == {letter: _MIRRORED[letter] for letter in present}:
        return "mirrored"
    if seen == {letter: letter for letter in present}:
        return "same"
    raise IniError(f"board {board.name}: {second}'s directions must be White's turned or mirrored top to bottom")


def export_fsf(board: Board) -> str:
    """The board as a variants.ini section. Raises IniError naming what Fairy-Stockfish cannot be told."""
    _check_geometry(board)
    symmetry = _symmetry(board)
    # Shuffled starts are no variant's option in Fairy-Stockfish (its UCI_Chess960 turns them on).
    unsupported = board.rules.words - {"compulsory-capture", "no-check", "shuffled-setup"}
    if unsupported:
        raise IniError(f"board {board.name}: rule {', '.join(sorted(unsupported))} cannot be exported")
    lines = [f"[{section_name(board)}]",
             f"maxRank = {len(board.row_names)}", f"maxFile = {len(board.column_names)}"]
    royal = [p for p in board.pieces.values() if p.royal]
    if len(royal) > 1:
        raise IniError(f"board {board.name}: more than one royal piece type")
    problems: list[str] = []
    slot = 0
    for piece in board.pieces.values():
        betza = _said_in_betza(board, piece.name, symmetry, problems)
        if betza is None:
            continue
        if _initial_refused(piece.name, betza, problems):
            # This section (doubleStep = false) has no double-step region: they would be lost, not said.
            continue
        letter = piece.letter.lower()
        if piece.royal:
            lines.append(f"king = {letter}:{betza}")
        else:
            slot += 1
            if slot > 25:
                problems.append(f"{piece.name}: more than 25 piece types")
                continue
            lines.append(f"customPiece{slot} = {letter}:{betza}")
    if problems:
        raise IniError(f"board {board.name}: pieces Betza cannot say: " + "; ".join(problems))
    lines += _flag_lines(board)
    setup = (board.setup or "").split()
    if not setup:
        raise IniError(f"board {board.name}: no setup to start from")
    fen = [setup[0], setup[1] if len(setup) > 1 else "w", "-", "-", "0", "1"]
    lines += [f"startFen = {' '.join(fen)}", "castling = false", "doubleStep = false",
              "promotionRegionWhite = -", "promotionRegionBlack = -",
              f"mustCapture = {'true' if board.rules.compulsory_capture else 'false'}",
              f"checking = {'false' if board.rules.no_check else 'true'}"]
    return "\n".join(lines) + "\n"


def _said_in_betza(board: Board, name: str, symmetry: str, problems: list[str]) -> str | None:
    """The piece ``name``'s moves in Fairy-Stockfish's Betza, or ``None`` with why not added to ``problems``."""
    piece = board.pieces[name]
    try:
        model = read_dagaz(piece.notation_text)
        betza = to_betza(model, "fsf")
    except TranslationError as error:
        problems.append(f"{name}: {error.message}")
        return None
    # What the text says that Fairy-Stockfish reads no part of: the null move, the cylinder, a
    # chain of legs (a lame leap it checks otherwise, written as its steps).
    unread = read_betza(betza, "fsf").unread
    if unread:
        problems.append(f"{name}: Fairy-Stockfish does not read {unread[0]}")
        return None
    # Fairy-Stockfish turns Black's moves by a half turn: the board's view of them must agree.
    paths = {tuple(leg.vector for leg in s.legs) for s in model.shapes}
    if symmetry == "mirrored" and {tuple((-x, y) for x, y in p) for p in paths} != paths:
        problems.append(f"{name}: not the same left and right, on a board that mirrors Black's view")
        return None
    if symmetry == "same" and {tuple((-x, -y) for x, y in p) for p in paths} != paths:
        problems.append(f"{name}: not the same turned round, on a board where Black sees as White does")
        return None
    return betza


def _initial_refused(name: str, betza: str, problems: list[str]) -> bool:
    """Whether the piece has moves only a piece that has not moved makes (``i``), which Fairy-Stockfish
    gives instead to any piece standing in its side's double-step region, moved or not: then why is
    added to ``problems``."""
    if not any(shape.initial for shape in read_betza(betza, "fsf").shapes):
        return False
    problems.append(f"{name}: moves only a piece that has not moved makes, which Fairy-Stockfish gives by the "
                    f"square a piece stands on (its double-step region), moved or not")
    return True


def section_name(board: Board) -> str:
    """The section's name: the board's, in the letters a section name takes, and not a built-in
    variant's, which Fairy-Stockfish keeps, ignoring a section of its name."""
    name = re.sub(r"[^a-z0-9-]", "-", board.name.lower())
    return f"{name}-exported" if name in templates() else name


#: Fairy-Stockfish's built-in variants read so far, by name, as boards (``None``: one that does not import).
_builtins_read: dict[str, Board | None] = {}


def builtin_boards(stop: Callable[[], bool] | None = None) -> dict[str, Board]:
    """Each of Fairy-Stockfish's built-in variants as the board a section inheriting from it makes.

    They are read once, one at a time, which takes a second or more: ``stop`` is asked between them,
    and when it answers true only those read so far are returned (the next call reads on)."""
    for name in templates():
        if name not in _builtins_read:
            if stop is not None and stop():
                break
            done, _ = import_file(f"[builtin-{name}:{name}]")
            _builtins_read[name] = parse_board(done[0].text) if done else None
    return {name: board for name, board in _builtins_read.items() if board is not None}


def _letters(board: Board) -> set[str]:
    return {piece.letter.upper() for piece in board.pieces.values()}


def parent_sections(board: Board) -> Iterator[tuple[str, str]]:
    """Sections that inherit from a built-in variant of the board's size and players, with the
    board's start and its pieces the parent lacks said in Betza, as (parent, section): first the
    built-in of the board's name, then those that start as the board does, then the simplest (fewest
    options). Which plays as the board does is not known here."""
    _check_geometry(board)
    symmetry = _symmetry(board)
    size = (len(board.column_names), len(board.row_names))
    own_name = re.sub(r"[^a-z0-9-]", "-", board.name.lower())
    ranked = []
    for parent, other in builtin_boards().items():
        if (len(other.column_names), len(other.row_names)) != size or len(other.players) != 2:
            continue
        placement = (other.setup or "").split()[:1] == (board.setup or "").split()[:1]
        # A built-in of the board's own name first: of those that play alike, the one the board is named for
        # keeps what neither board file says (Armageddon's drawn games lost by Black).
        ranked.append((parent != own_name, other.setup != board.setup, not placement, len(resolve(parent, {})[0]), parent))
    for *_, parent in sorted(ranked):
        other = builtin_boards()[parent]
        lines = [f"[{section_name(board)}:{parent}]"]
        if board.setup and board.setup != other.setup:
            lines.append(f"startFen = {board.setup}")
        if "shuffled-setup" in board.rules.words - other.rules.words:
            lines.append("chess960 = true")
        # The board's pieces the parent has no letter for, each in a slot the parent leaves free.
        taken = {key for key in resolve(parent, {})[0] if key.startswith("customPiece")}
        slots = (slot for slot in range(1, 26) if f"customPiece{slot}" not in taken)
        problems: list[str] = []
        for piece in board.pieces.values():
            if piece.letter.upper() in _letters(other):
                continue
            betza = _said_in_betza(board, piece.name, symmetry, problems)
            if betza is not None:
                # The parent's double-step region, not the piece's having moved, would give them.
                _initial_refused(piece.name, betza, problems)
            slot = next(slots, None)
            if piece.royal or slot is None:
                problems.append(piece.name)
            lines.append(f"customPiece{slot} = {piece.letter.lower()}:{betza}")
        if not problems:
            yield parent, "\n".join(lines) + "\n"


def _flag_lines(board: Board) -> list[str]:
    """A board's ``end reach`` as Fairy-Stockfish's flag: one piece type, a region for each player."""
    if any(ending.kind != "reach" for ending in board.ends) or len(board.ends) > 1:
        kinds = sorted({ending.kind for ending in board.ends if ending.kind != "reach"}) or ["reach"]
        raise IniError(f"board {board.name}: end {', '.join(kinds)} cannot be exported"
                       + (" (more than one end reach)" if kinds == ["reach"] else ""))
    if not board.ends:
        return []
    ending = board.ends[0]
    if len(ending.pieces) != 1:
        raise IniError(f"board {board.name}: an end reach of several pieces cannot be exported")
    zone = board.zones[ending.zone]
    rows = len(board.row_names)

    def region(player: str) -> str:
        # Fairy-Stockfish names squares by file letter and rank counted from the bottom row.
        squares = sorted(zone.squares_for(player), key=lambda s: (board.row_of[s], board.column_of[s]))
        return " ".join(f"{chr(ord('a') + board.column_of[s])}{rows - board.row_of[s]}" for s in squares) or "-"

    return [f"flagPiece = {board.pieces[ending.pieces[0]].letter.lower()}",
            f"flagRegionWhite = {region(board.players[0])}", f"flagRegionBlack = {region(board.players[1])}"] + (
            ["flagPieceSafe = true"] if "safe" in ending.options else []) + (
            ["flagMove = true"] if {"answered", "held"} & set(ending.options) else [])
