"""The interpreter's semantics: typed notations against python-chess, runaway notations, cancelling,
and the trace."""

from __future__ import annotations

import random
import threading

import chess
import pytest

from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import DEFAULT_BUDGET
from dagaz_studio.notation import parse_notation
from tests.helpers.engine_helpers import CountingFlag, shipped
from tests.oracle.rules import OracleRules

ARTICLE = {
    chess.ROOK: "(+)([p]\\1)*",
    chess.BISHOP: "(X)([p]\\1)*",
    chess.QUEEN: "(*)([p]\\1)*",
    chess.KNIGHT: "N,OM;E,OT;S TR;W,RM",
}


def _random_fens(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        game = chess.Board()
        for _ in range(rng.randrange(4, 80)):
            moves = list(game.legal_moves)
            if not moves:
                break
            game.push(rng.choice(moves))
        fens.append(game.fen())
    return fens


@pytest.mark.parametrize("piece_type", list(ARTICLE))
def test_article_pieces_move_as_python_chess_pieces(piece_type: int) -> None:
    board, _ = shipped("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation(ARTICLE[piece_type]))
    rng = random.Random(piece_type)
    for fen in _random_fens(150, seed=piece_type):
        reference = chess.Board(fen)
        square = rng.choice([s for s in chess.SQUARES
                             if reference.piece_at(s) is None or reference.color_at(s) == reference.turn
                             and reference.piece_type_at(s) != chess.KING])
        reference.set_piece_at(square, chess.Piece(piece_type, reference.turn))
        expected = {chess.square_name(m.to_square)
                    for m in reference.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[square])}
        position = Position.from_fen(board, fen)
        index = board.index(chess.square_name(square))
        position.cells[index] = Piece(position.turn, kind, True)
        result = rules.run(position, index)
        assert result.stopped is None
        assert {board.squares[m.target] for m in result.moves} == expected, (fen, chess.square_name(square))


@pytest.mark.parametrize("notation", ["((+)*)*", "(N;S)*", "(^|)*", "(N*S*)*"])
def test_runaway_notations_end_with_a_message(notation: str) -> None:
    board, _ = shipped("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation(notation))
    position = Position(board, [None] * len(board.squares))
    position.cells[board.index("d4")] = Piece(0, kind, True)
    result = rules.run(position, board.index("d4"))
    # Within its budget of work (how soon that is in seconds: tests/benchmarks/measure_runaway.py).
    assert result.work <= DEFAULT_BUDGET + 1_000
    if notation == "(^|)*":
        # Lifting and putting back changes nothing, so the repetition ends by itself.
        assert result.stopped is None
    else:
        assert result.stopped is not None and result.stopped.startswith("stopped after")
    assert position.cells[board.index("d4")] == Piece(0, kind, True)


def test_empty_repetitions_end_without_a_budget() -> None:
    board, _ = shipped("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation("(N?)*[p]"))
    position = Position(board, [None] * len(board.squares))
    position.cells[board.index("a1")] = Piece(0, kind, True)
    result = rules.run(position, board.index("a1"))
    assert result.stopped is None
    assert sorted(board.squares[m.target] for m in result.moves) == [f"a{r}" for r in range(2, 9)]


def test_a_run_is_cancelled_promptly_from_another_thread() -> None:
    board, _ = shipped("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation("(*){12}"))
    position = Position(board, [None] * len(board.squares))
    position.cells[board.index("d4")] = Piece(0, kind, True)
    cancel = CountingFlag(on_look=20)
    outcome: dict[str, object] = {}

    def work() -> None:
        outcome["result"] = rules.run(position, board.index("d4"), budget=10**9, cancel=cancel)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    assert cancel.under_way.wait(60), "the run should look at its cancel flag while it goes"
    cancel.set()
    thread.join(60)  # a guard against a hang: the run ends at its next look at the flag
    assert not thread.is_alive()
    assert outcome["result"].stopped == "cancelled"  # type: ignore[attr-defined]
    assert cancel.looks_after == 1


def test_trace_follows_the_rook_and_explains_the_block() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/8/3p4/8/8/3R4 w - - 0 1")
    result = rules.run(position, board.index("d1"), trace=True)
    notation = rules.kinds[rules.kind_index["Rook"]].notation_text
    kinds = {event.kind for event in result.trace}
    assert {"start", "lift", "step", "check", "move", "put"} <= kinds
    failed = [e for e in result.trace if e.kind == "check" and not e.ok and e.square == board.index("d4")]
    assert failed and "[p] failed on d4" in failed[0].text and "enemy Pawn" in failed[0].text
    assert notation[failed[0].span.start:failed[0].span.end] == "p"
    completed = [e for e in result.trace if e.kind == "move"]
    assert len(completed) == len(result.moves)
    assert {board.squares[m.target] for m in result.moves} == {"d2", "d3", "d4", "a1", "b1", "c1", "e1", "f1", "g1", "h1"}
    capture = next(m for m in result.moves if board.squares[m.target] == "d4")
    assert capture.captures == (board.index("d4"),)


def test_castling_moves_the_rook_too() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    result = rules.run(position, board.index("e1"))
    castles = {board.squares[m.target]: [(board.squares[a], board.squares[b]) for a, b in m.also]
               for m in result.moves if m.also}
    assert castles == {"g1": [("h1", "f1")], "c1": [("a1", "d1")]}


def test_promotion_offers_each_choice_as_its_own_move() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/4P3/8/8/8/8/8/k6K w - - 0 1")
    result = rules.run(position, board.index("e7"))
    assert sorted(m.promotion for m in result.moves) == ["Bishop", "Knight", "Queen", "Rook"]


def test_trace_marks_each_alternative_entered_and_left() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/8/3N4/8/8/8 w - - 0 1")
    result = rules.run(position, board.index("d4"), trace=True)
    branches = [e for e in result.trace if e.kind == "branch"]
    backtracks = [e for e in result.trace if e.kind == "backtrack"]
    assert len(branches) == len(backtracks) > 0
    # Leaving an alternative puts the cursor back where the alternative began.
    assert all(e.cursor == board.index("d4") for e in backtracks if e.depth == 0 and "of 4" in e.text)
    notation = rules.kinds[rules.kind_index["Knight"]].notation_text
    assert {notation[e.span.start:e.span.end] for e in branches if "of 4" in e.text} == {"N,OM", "E,OT", "S TR", "W,RM"}


def test_kiwipete_perft_3() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    from dagaz_studio.engine.light_path import perft

    assert perft(rules, position, 3) == 97862


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("notation", ["(*[s]){30}", "((*)[A]){30}"])
def test_attack_questions_spend_the_runs_budget_and_say_so(notation: str, fast: bool) -> None:
    board, _ = shipped("chess")
    rules = Rules(board) if fast else OracleRules(board)
    kind = rules.custom_kind(parse_notation(notation))
    position = Position.from_fen(board, "rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1")
    position.cells[board.index("d4")] = Piece(0, kind, True)
    result = rules.run(position, board.index("d4"))
    assert result.stopped is not None and result.stopped.startswith(f"stopped after {DEFAULT_BUDGET:,} steps")
    assert DEFAULT_BUDGET < result.work <= DEFAULT_BUDGET + 1_000


def test_a_runaway_attacker_is_reported_not_taken_as_harmless() -> None:
    from dagaz_studio.engine.game import legal_moves
    from dagaz_studio.engine.values import RunawayNotation

    board, _ = shipped("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation("(N;S)*"))
    position = Position.from_fen(board, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    position.cells[board.index("d5")] = Piece(1, kind, True)  # an enemy that never finishes
    with pytest.raises(RunawayNotation, match="stopped after"):
        legal_moves(rules, position)
