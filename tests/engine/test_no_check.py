"""``rule: no-check``: no move may leave another player's royal piece attacked (checkless chess,
racing kings), on the full path and on perft's light one alike."""

from __future__ import annotations

from pathlib import Path

from dagaz_studio.board import load_board
from dagaz_studio.engine import Rules
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move, unmake_move
from dagaz_studio.engine.position import Position
from tests.helpers.paths import REPO

CHESS = REPO / "boards" / "chess" / "chess.board"


def _board(tmp_path: Path, rule: bool):
    text = CHESS.read_text(encoding="utf-8") + ("\nrule: no-check\n" if rule else "")
    path = tmp_path / "checkless.board"
    path.write_text(text, encoding="utf-8")
    return load_board(str(path))


def _count(rules: Rules, position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in legal_moves(rules, position):
        undo = make_move(position, move)
        total += _count(rules, position, depth - 1)
        unmake_move(position, undo)
    return total


def test_checks_are_left_out_and_both_paths_agree(tmp_path: Path) -> None:
    fen = "r3k2r/p6p/8/3N4/8/8/P6P/R3K2R w KQkq - 0 1"
    plain, checkless = (Rules(_board(tmp_path, rule)) for rule in (False, True))
    board = checkless.board
    position = Position.from_fen(board, fen)
    names = {board.squares[m.origin] + board.squares[m.target] for m in legal_moves(checkless, position)}
    every = {board.squares[m.origin] + board.squares[m.target] for m in legal_moves(plain, position)}
    # The Knight's two checks, from c7 and f6, are gone; every other move stays.
    assert every - names == {"d5c7", "d5f6"}
    assert _count(checkless, position, 2) == perft(checkless, position, 2)
    assert perft(checkless, position, 2) < perft(plain, position, 2)
