"""Why a square is not reached: the ways that could have led there come first, and the first line says
it in short. The expectations are the games' own rules (a King castles over an attacked square, a
Horse's leg is blocked, a Cannon needs exactly one piece to jump), not the program's output."""

from __future__ import annotations

from typing import Optional

from hypothesis import given, settings, strategies as st

from dagaz_studio.engine.position import Position
from dagaz_studio.engine.why_not import goes_on
from dagaz_studio.queries import ExplainQuery, MovesQuery, answer_explanation, answer_moves
from engine_helpers import shipped


def _why_not(name: str, fen: Optional[str], origin: str, square: str, notation: Optional[str] = None):
    board, rules = shipped(name)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    moves = answer_moves(rules, MovesQuery(board, position, board.index(origin), notation=notation, trace=True,
                                           any_turn=True))
    answer = answer_explanation(rules, ExplainQuery(board, moves, board.index(square)))
    assert answer.explanation is not None and not answer.explanation.reachable
    return board, answer.explanation


def _bullets(sentence: str) -> list[str]:
    return [line[2:] for line in sentence.splitlines() if line.startswith("• ")]


def test_castling_over_an_attacked_square_leads_and_the_king_s_steps_do_not() -> None:
    # f1, which castling crosses, is attacked by the Rook on f8; the King's own steps go elsewhere.
    board, why = _why_not("chess", "5r2/8/8/8/8/8/3PP3/3QK2R w K - 0 1", "e1", "g1")
    first = why.sentence.splitlines()[0]
    assert first.startswith("g1 is not reached: alternative 2 of 3 (")
    assert "[A] failed on f1: the Black Rook on f8 attacks it" in first
    bullets = _bullets(why.sentence)
    assert bullets and bullets[0].startswith("e1-f1 (alternative 2 of 3")
    # None of the King's single steps is offered as a way to g1, and castling is the closest way.
    assert not any(b.startswith(("e1-d1 ", "e1-e2 ", "e1-f2 ", "e1-d2 ")) for b in bullets)
    assert why.ways[0].heads and why.ways[0].alternative.startswith("alternative 2 of 3")
    assert all(not way.heads for way in why.ways if way.alternative.startswith("alternative 1 of 3"))
    assert "could never lead there" in why.sentence


def test_a_blocked_horse_leg_is_the_reason_and_the_other_leg_is_not_listed() -> None:
    # The Horse on b1 goes to d2 over c1, where its own Elephant stands; its leg over a1 leads elsewhere.
    board, why = _why_not("xiangqi", None, "b1", "d2")
    assert "[p] failed on c1: a friendly Elephant stands there" in why.sentence.splitlines()[0]
    bullets = _bullets(why.sentence)
    assert bullets[0].startswith("b1-c1 ")
    assert not any(b.startswith("b1-a1") for b in bullets)
    assert "b1-a1" not in why.sentence.splitlines()[0]


def test_a_cannon_without_a_piece_to_jump_says_the_squares_between_are_empty() -> None:
    # Nothing stands between the Cannon on b3 and the Chariot on b9: it cannot capture it.
    board, why = _why_not("xiangqi", "3k5/1r7/9/9/9/9/9/1C7/9/5K3 w", "b3", "b9")
    first = why.sentence.splitlines()[0]
    assert "[P] failed on b8, b7, b6, b5, b4: it is empty" in first
    assert "no square" not in first
    bullets = _bullets(why.sentence)
    assert not any("no square N of b10" in b for b in bullets)
    assert any("[P] failed on b8: it is empty" in b for b in bullets)
    # With a piece between, the way over it captures: the square is reached.
    board, rules = shipped("xiangqi")
    position = Position.from_fen(board, "3k5/1r7/9/9/1P7/9/9/1C7/9/5K3 w")
    moves = answer_moves(rules, MovesQuery(board, position, board.index("b3"), trace=True))
    assert answer_explanation(rules, ExplainQuery(board, moves, board.index("b9"))).explanation.reachable


def test_a_rook_s_rays_all_head_away_from_a_square_off_them() -> None:
    board, why = _why_not("chess", "8/8/8/8/3p4/8/8/3R4 w - - 0 1", "d1", "e2")
    assert "no way through the notation heads for it" in why.sentence.splitlines()[0]
    assert [board.squares[way.path[-1]] for way in why.ways] == ["d4", "h1", "a1"]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="NESW[]pPfF()*+{}2;\\1", max_size=12), st.integers(0, 12))
def test_goes_on_never_fails_on_any_text(text: str, cut: int) -> None:
    """Reading the rest of any text after any point answers yes or no (never raises)."""
    from dagaz_studio.engine.values import TraceEvent
    from dagaz_studio.notation.nodes import Span

    at = min(cut, len(text))
    event = TraceEvent("check", "", Span(max(at - 1, 0), at), 0, False, 0, (), (), None, 0)
    assert goes_on(text, [event], [0], 0) in (True, False)
