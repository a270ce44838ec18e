"""The ``extinction`` flag: a player left with none of a flagged piece type has lost, and nobody moves.

Atomic chess flags its King so: a capture that blows up the enemy King ends the game, as in
Fairy-Stockfish, which these tests ask. A capture-the-King game, whose King is not royal (it may be
left attacked and is taken like any piece), is the flag's other use.
"""

from __future__ import annotations

import pytest

from dagaz_studio.board.loader import parse_board
from dagaz_studio.board.piece_edits import update_piece
from dagaz_studio.engine.game import legal_moves, pseudo_legal_moves
from dagaz_studio.engine.light_path import perft
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.names import MoveNames
from tests.helpers.engine_helpers import shipped
from tests.helpers.games_oracle import comparable, fairy_game, fairy_perft, from_fairy, legal_uci, our_perft, sf

ATOMIC = fairy_game("atomic-chess")

# A capture beside the enemy King, and the move that makes it (Fairy-Stockfish's FEN and move string).
EXPLOSIONS = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1", "e2e7"),  # the Queen takes e7
    ("4k3/3p4/8/8/8/p7/8/3RK3 w - - 0 1", "d1d7"),  # a Rook takes a Pawn beside the King
    ("8/5k2/8/3Pp3/8/8/7p/4K3 w - e6 0 2", "d5e6"),  # en passant: the explosion centred on e6
    ("rk6/1P5p/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"),  # a promotion taking a Rook, the King beside blown up
    ("4k3/8/8/8/8/8/3n4/4KB1R b K - 0 1", "d2f1"),  # Black's Knight takes the Bishop beside White's King
]


@pytest.mark.parametrize(("fen", "move"), EXPLOSIONS)
def test_after_a_capture_beside_the_king_atomic_moves_as_fairy_stockfish(fen: str, move: str) -> None:
    board, rules = shipped("atomic-chess")
    position = Position.from_fen(board, from_fairy(board, fen))
    names = MoveNames(rules, position, style="uci")
    assert move in names.names
    make_move(position, names.read(move))
    after = sf.get_fen(ATOMIC.variant, fen, [move])
    assert comparable(position.fen()) == comparable(from_fairy(board, after))
    expected = set(sf.legal_moves(ATOMIC.variant, fen, [move]))
    assert set(MoveNames(rules, position, legal_moves(rules, position), style="uci").names) == expected
    assert legal_uci(ATOMIC, from_fairy(board, after)) == expected


def test_a_blown_up_king_leaves_no_move_and_perft_counts_none_after_it() -> None:
    fen = "4k3/3p4/8/8/8/p7/8/3RK3 w - - 0 1"
    board, rules = shipped("atomic-chess")
    assert set(sf.legal_moves(ATOMIC.variant, fen, ["d1d7"])) == set()
    assert our_perft(ATOMIC, 3, from_fairy(board, fen)) == fairy_perft(ATOMIC, fen, 3)
    # The full moves (not the perft's light path) agree with the count.
    position = Position.from_fen(board, fen)
    assert sum(1 for _ in legal_moves(rules, position)) == perft(rules, position, 1)


CAPTURE_THE_KING = """
capture-the-king
grid: a-d x 4-1
N = (0, -1)
E = (1, 0)
S = (0, 1)
W = (-1, 0)
players: White Black
piece Rook R: (+)([p]\\1)*
piece King K extinction: N;E;S;W
setup: 3k/4/4/R2K w - - 0 1
"""


def test_capture_the_king_ends_when_a_king_is_taken_and_the_king_may_be_left_attacked() -> None:
    board = parse_board(CAPTURE_THE_KING, "capture-the-king.board")
    assert board.pieces["King"].extinction and not board.pieces["King"].royal
    rules = Rules(board)
    position = Position.initial(board)
    names = MoveNames(rules, position, legal_moves(rules, position))
    # White's King steps as its notation says.
    assert {"d1-d2", "d1-c1", "a1-a4"} <= set(names.names)
    make_move(position, names.read("a1-a4"))
    # Black's King is attacked and may stay so: it may step to c4, still on the Rook's row.
    black = MoveNames(rules, position, legal_moves(rules, position))
    assert "d4-c4" in black.names
    make_move(position, black.read("d4-c4"))
    make_move(position, MoveNames(rules, position).read("a4xc4"))
    assert legal_moves(rules, position) == []
    assert perft(rules, position, 2) == 0


def test_a_player_without_a_flagged_piece_has_lost_whoever_is_to_move() -> None:
    board = parse_board(CAPTURE_THE_KING, "capture-the-king.board")
    rules = Rules(board)
    for fen in ("4/4/4/R2K w - - 0 1", "4/4/4/R2K b - - 0 1", "3k/4/4/R3 w - - 0 1"):
        position = Position.from_fen(board, fen)
        assert legal_moves(rules, position) == [] and perft(rules, position, 1) == 0
        # The pieces still move by their notations (what the window shows a designer): only the game is over.
        assert pseudo_legal_moves(rules, position) or position.turn == 1
    assert perft(rules, Position.initial(board), 1) > 0


def test_editing_a_piece_keeps_its_extinction_flag() -> None:
    board = parse_board(CAPTURE_THE_KING, "capture-the-king.board")
    edited = update_piece(CAPTURE_THE_KING, board, "King", new_name="Chief", royal=True)
    piece = parse_board(edited, "capture-the-king.board").pieces["Chief"]
    assert piece.extinction and piece.royal


def _chess_with_a_king(flags: str) -> str:
    """The shipped chess board, its King flagged ``flags`` instead of ``royal``."""
    board, _ = shipped("chess")
    assert board.source is not None
    with open(board.source, encoding="utf-8") as handle:
        text = handle.read()
    return text.replace("piece King K royal:", f"piece King K {flags}:")


@pytest.mark.parametrize(("fen", "castlings"), [
    ("r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1", set()),
    ("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1", {"e1c1"}),
    ("r3k2r/8/8/8/8/8/8/R3K2R b k - 0 1", {"e8g8"}),
])
def test_a_king_flagged_castles_keeps_the_castling_rights_a_fen_gives(fen: str, castlings: set[str]) -> None:
    # A capture-the-King game's King is not royal; 'castles' says the FEN's rights name its row.
    board = parse_board(_chess_with_a_king("extinction castles"), "capture-chess.board")
    assert board.pieces["King"].castles and not board.pieces["King"].royal
    rules = Rules(board)
    position = Position.from_fen(board, fen)
    names = set(MoveNames(rules, position, style="uci").names)
    assert {name for name in names if name in {"e1c1", "e1g1", "e8c8", "e8g8"}} == castlings
    assert position.fen().split()[2] == fen.split()[2]


def test_without_the_flag_a_king_that_is_not_royal_reads_no_castling_rights() -> None:
    board = parse_board(_chess_with_a_king("extinction"), "capture-chess.board")
    with pytest.raises(ValueError, match="castling right"):
        Position.from_fen(board, "r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1")


def test_editing_a_piece_keeps_its_castles_flag() -> None:
    text = _chess_with_a_king("extinction castles")
    board = parse_board(text, "capture-chess.board")
    edited = update_piece(text, board, "King", new_name="Chief")
    piece = parse_board(edited, "capture-chess.board").pieces["Chief"]
    assert piece.castles and piece.extinction
