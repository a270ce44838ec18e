"""``dagaz-studio moves BOARD``: the moves of the side to move, from the shipped board files' notations.

With ``--fen -`` it reads one FEN a line from standard input and writes one result a line, so that
thousands of positions can be checked in one process.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional

from dagaz_studio.board import Board
from dagaz_studio.commands.common import CommandError, open_board, open_position, report, square_index
from dagaz_studio.engine.game import legal_moves, pseudo_legal_moves
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move, RunawayNotation, describe_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.names import STYLES, MoveNames, NameStyleError
from dagaz_studio.notation import NotationError, parse_notation


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the ``moves`` subcommand."""
    parser = subparsers.add_parser(
        "moves",
        help="list the moves of the side to move",
        description="List the moves of the side to move, computed from the board file's notations.",
    )
    parser.add_argument("board", metavar="BOARD", help="a board file or a shipped board's name (e.g. chess)")
    parser.add_argument("--fen", metavar="FEN", help="the position (default: the board's initial one); "
                        "'-' reads one FEN a line from standard input")
    parser.add_argument("--at", metavar="SQUARE", help="only the moves of the piece on this square")
    parser.add_argument("--piece", metavar="NOTATION", help="put a piece of the side to move, moving by this "
                        "notation, on the --at square (replacing what stands there) and list its moves")
    parser.add_argument("--legal", action="store_true", help="apply the game's rules (royal safety, "
                        "compulsory capture); without it, every move the notations make")
    parser.add_argument("--json", action="store_true", help="one JSON object per position")
    parser.add_argument("--names", action="store_true", help="name each move (H2+3, Nf3, d3-e3xc3) in the "
                        "board's style; JSON moves get a \"name\"")
    parser.add_argument("--style", choices=STYLES, help="the style of --names (implies it): wxf (CF+7), "
                        "wxf-prefix (FC+7), wxf-signs (C++7), san, coordinates; default: the board file's")


def move_json(board: Board, move: Move) -> dict[str, Any]:
    """A move as the JSON the command prints."""
    names = board.squares
    return {
        "piece": move.piece,
        "from": names[move.origin],
        "to": names[move.target],
        "captures": [names[s] for s in move.captures],
        "stops": [names[s] for s in move.stops],
        "promotion": move.promotion,
        "also": [{"from": names[a], "to": names[b]} for a, b in move.also],
    }


def moves_for(board: Board, rules: Rules, position: Position, at: Optional[str], piece: Optional[str],
              legal: bool) -> list[Move]:
    """The moves the command lists for one position."""
    square = square_index(board, at) if at is not None else None
    if piece is not None:
        if square is None:
            raise CommandError("--piece needs --at SQUARE: where to put the piece")
        try:
            kind = rules.custom_kind(parse_notation(piece))
        except NotationError as error:
            raise CommandError("bad notation:\n" + error.render()) from None
        position.cells[square] = Piece(position.turn, kind, True)
    try:
        if legal:
            return legal_moves(rules, position, square)
        return pseudo_legal_moves(rules, position, square)
    except RunawayNotation as error:
        raise CommandError(str(error)) from None


def names_for(rules: Rules, position: Position, moves: list[Move], args: argparse.Namespace) -> Optional[list[str]]:
    """The names of the listed moves if asked for (``--names``/``--style``), else ``None``.

    A name tells its move apart from every move of the position, not only the listed ones, so with
    ``--at`` the whole position's moves are named and the listed ones picked out.
    """
    if not (args.names or args.style):
        return None
    try:
        if args.at is not None and args.piece is None:
            everyone = moves_for(rules.board, rules, position, None, None, args.legal)
            named = MoveNames(rules, position, everyone, args.style)
            return [named.name(move) for move in moves]
        return MoveNames(rules, position, moves, args.style).names
    except NameStyleError as error:
        raise CommandError(str(error)) from None


def _print(board: Board, fen: str, moves: list[Move], as_json: bool, names: Optional[list[str]] = None) -> None:
    if as_json:
        listed = [move_json(board, m) for m in moves]
        if names is not None:
            for entry, name in zip(listed, names):
                entry["name"] = name
        print(json.dumps({"fen": fen, "moves": listed}))
        return
    if not moves:
        print("no moves")
    for i, move in enumerate(moves):
        named = f"{names[i]}  " if names is not None else ""
        print(f"{named}{move.piece} {describe_move(board, move)}")


def run(args: argparse.Namespace) -> int:
    """List the moves; user errors are reported with exit status 2."""
    try:
        board = open_board(args.board)
        rules = Rules(board)
        if args.fen != "-":
            position = open_position(board, args.fen)
            moves = moves_for(board, rules, position, args.at, args.piece, args.legal)
            names = names_for(rules, position, moves, args)
            _print(board, position.fen() if args.fen is None else args.fen, moves, args.json, names)
            return 0
        # Mistakes in the options are the same for every line: say so once, before reading any.
        if args.at is not None:
            square_index(board, args.at)
        if args.piece is not None:
            if args.at is None:
                raise CommandError("--piece needs --at SQUARE: where to put the piece")
            try:
                rules.custom_kind(parse_notation(args.piece))
            except NotationError as error:
                raise CommandError("bad notation:\n" + error.render()) from None
    except CommandError as error:
        return report(error)
    return _run_stream(board, rules, args)


def _run_stream(board: Board, rules: Rules, args: argparse.Namespace) -> int:
    status = 0
    for line in sys.stdin:
        fen = line.strip()
        try:
            if not fen:
                raise CommandError("empty line: no FEN")  # still one result per line read
            position = open_position(board, fen)
            moves = moves_for(board, rules, position, args.at, args.piece, args.legal)
            names = names_for(rules, position, moves, args)
        except CommandError as error:
            status = 2
            if args.json:
                print(json.dumps({"fen": fen, "error": error.message}))
            else:
                print(f"error: {error.message}")
            continue
        if args.json:
            _print(board, fen, moves, True, names)
        else:
            print(" ".join(names if names is not None else [describe_move(board, m) for m in moves]) or "no moves")
        sys.stdout.flush()
    return status
