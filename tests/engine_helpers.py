"""Shared helpers for the interpreter's tests: boards, rules and move spellings."""

from __future__ import annotations

from functools import lru_cache

from dagaz_studio.board import Board, load_board
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move


@lru_cache(maxsize=None)
def shipped(name: str) -> tuple[Board, Rules]:
    """A shipped board and its interpreter, loaded once per test session."""
    board = load_board(name)
    return board, Rules(board)


def uci(board: Board, rules: Rules, move: Move) -> str:
    """A move as python-chess / pyffish spell it: origin, target, promotion letter."""
    text = board.squares[move.origin] + board.squares[move.target]
    if move.promotion:
        text += rules.kinds[rules.kind_index[move.promotion]].letter.lower()
    return text
