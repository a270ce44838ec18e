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
from dagaz_studio.engine.interpreter import Move, Rules, RunawayNotation, describe_move
from dagaz_studio.engine.position import Piece, Position
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


def _print(board: Board, fen: str, moves: list[Move], as_json: bool) -> None:
    if as_json:
        print(json.dumps({"fen": fen, "moves": [move_json(board, m) for m in moves]}))
        return
    if not moves:
        print("no moves")
    for move in moves:
        print(f"{move.piece} {describe_move(board, move)}")


def run(args: argparse.Namespace) -> int:
    """List the moves; user errors are reported with exit status 2."""
    try:
        board = open_board(args.board)
        rules = Rules(board)
        if args.fen != "-":
            position = open_position(board, args.fen)
            moves = moves_for(board, rules, position, args.at, args.piece, args.legal)
            _print(board, position.fen() if args.fen is None else args.fen, moves, args.json)
            return 0
    except CommandError as error:
        return report(error)
    return _run_stream(board, rules, args)


def _run_stream(board: Board, rules: Rules, args: argparse.Namespace) -> int:
    status = 0
    for line in sys.stdin:
        fen = line.strip()
        if not fen:
            continue
        try:
            position = open_position(board, fen)
            moves = moves_for(board, rules, position, args.at, args.piece, args.legal)
        except CommandError as error:
            status = 2
            if args.json:
                print(json.dumps({"fen": fen, "error": error.message}))
            else:
                print(f"error: {error.message}")
            continue
        if args.json:
            _print(board, fen, moves, True)
        else:
            print(" ".join(describe_move(board, m) for m in moves) or "no moves")
        sys.stdout.flush()
    return status
