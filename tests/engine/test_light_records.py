"""perft's light records against full moves: the same moves, made and unmade to the same positions.

Castling and capture chains are kept as rich light records (where their earlier partial moves ended,
where the last began, the pieces they displaced); :func:`make_record` must leave exactly what
:func:`make_move` leaves for the move the record stands for, and :func:`unmake_move` put it back.
"""

from __future__ import annotations

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.light_path import light_legal_moves
from dagaz_studio.engine.making import make_move, make_record, unmake_move
from dagaz_studio.engine.position import Position
from dagaz_studio.engine.records import RichRecord
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move
from tests.helpers.paths import REPO
from tests.helpers.run_comparison import played

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def _state(position: Position) -> tuple:
    return (list(position.cells), position.turn, position.last_move, position.halfmove_clock,
            position.fullmove_number, [list(hand) for hand in position.hands], position.checks_remaining,
            position.checks_pending)


def _positions(name: str, fen: str | None, plies: int) -> list[Position]:
    """The position, and positions reached from it by random legal play."""
    return [position.copy() for position in played(name, 3, plies, fen)]


@pytest.mark.parametrize("name, fen", [("chess", KIWIPETE), ("fanorona", None), ("chess", None),
                                       ("3check", KIWIPETE.replace("- 0 1", "- 2+3 0 1"))])
def test_light_records_make_what_their_moves_make(name: str, fen: str | None) -> None:
    rich = 0
    for position in _positions(name, fen, 12):
        rules = Rules(position.board)
        entries = light_legal_moves(rules, position)
        moves = [entry if isinstance(entry, Move) else rules.record_move(position, entry.origin, entry.piece, entry.record)
                 for entry in entries]
        assert moves == legal_moves(rules, position)
        before = _state(position)
        for entry, move in zip(entries, moves):
            if isinstance(entry, Move):
                continue
            rich += type(entry.record) is RichRecord
            expected = position.copy()
            make_move(expected, move)
            undo = make_record(rules, position, entry)
            assert _state(position) == _state(expected), move
            unmake_move(position, undo)
            assert _state(position) == before
    # Castling (Kiwipete) and capture chains (Fanorona) were kept as rich records, not built whole.
    assert rich or (name, fen) == ("chess", None)


def test_interpreters_made_on_several_threads_at_once_share_one_board_share() -> None:
    """What interpreters of a board share is kept with the board: those made on several threads at
    once all find the one share the first kept, and a board pickled carries none of it."""
    import pickle
    import threading

    board = load_board("chess")
    start = threading.Barrier(4)
    made: list[Rules] = []

    def make() -> None:
        start.wait()
        made.append(Rules(board))

    workers = [threading.Thread(target=make) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=10)
    assert len(made) == 4 and all(rules.written is made[0].written for rules in made)
    assert Rules(pickle.loads(pickle.dumps(board))).written is not made[0].written


def test_a_move_two_parts_of_a_notation_find_is_listed_once_where_it_was_found_first() -> None:
    """A notation run in parts (castling's, which lifts and puts, beside the King's steps) whose parts
    find the same move: perft's light records list it once, in the order full moves list it."""
    text = (REPO / "boards" / "chess" / "chess.board").read_text(encoding="utf-8")
    assert "royal: *[FA];" in text
    board = parse_board(text.replace("royal: *[FA];", "royal: [F]N; *[FA];"))
    for position in [Position.from_fen(board, KIWIPETE), Position.from_fen(board, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")]:
        rules = Rules(board)
        entries = light_legal_moves(rules, position)
        moves = [rules.record_move(position, entry.origin, entry.piece, entry.record) for entry in entries]
        assert moves == legal_moves(rules, position)
        assert len({move.key() for move in moves}) == len(moves)
