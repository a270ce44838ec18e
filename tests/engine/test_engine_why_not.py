"""Why a square is not reached: the ways that could have led there come first, and the first line says
it in short. The expectations are the games' own rules (a King castles over an attacked square, a
Horse's leg is blocked, a Cannon needs exactly one piece to jump), not the program's output."""

from __future__ import annotations

import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from dagaz_studio.engine.explain import explain_square
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.why_not import goes_on
from dagaz_studio.notation import parse_notation
from dagaz_studio.queries import ExplainQuery, MovesQuery, answer_explanation, answer_moves
from tests.helpers.engine_helpers import shipped


def _why_not(name: str, fen: str | None, origin: str, square: str, notation: str | None = None):
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
    assert goes_on(text, event) in (True, False)


_RAYS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
# As a run sets it: raised before the property test, not during it (hypothesis warns otherwise).
sys.setrecursionlimit(max(sys.getrecursionlimit(), 60_000))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 63), st.integers(0, 63), st.sets(st.integers(0, 63), max_size=12))
def test_a_rider_s_only_way_to_a_square_is_the_ray_it_lies_on(origin: int, target: int, blockers: set[int]) -> None:
    """A rook-like rider blocked by enemy pieces: of its four rays, the one that could have led to an
    unreached square is the ray the square lies on (worked out from coordinates), and no other."""
    board, rules = shipped("chess")
    blockers -= {origin}
    if target == origin:
        return
    position = Position.from_fen(board, "8/8/8/8/8/8/8/8 w - - 0 1")
    kind = rules.custom_kind(parse_notation("(+)([p]\\1)*"))
    for square in blockers:
        position.cells[square] = Piece(1, rules.kind_index["Pawn"], True)
    position.cells[origin] = Piece(0, kind, True)
    result = rules.run(position, origin, trace=True)
    if any(move.target == target for move in result.moves):
        return
    why = explain_square(board, result.trace, result.moves, target, origin=origin, notation="(+)([p]\\1)*")
    dx = board.column_of[target] - board.column_of[origin]
    # Rows are counted downwards as drawn: north is a smaller row.
    dy = board.row_of[origin] - board.row_of[target]
    on_ray = [name for name, (x, y) in _RAYS.items()
              if (x == 0 and dx == 0 and dy * y > 0) or (y == 0 and dy == 0 and dx * x > 0)]
    heading = [way for way in why.ways if way.heads]
    assert len(heading) == len(on_ray) <= 1
    for way in heading:
        # The way went along that ray and stopped on it, at or before the square.
        x, y = _RAYS[on_ray[0]]
        end = way.path[-1]
        assert (board.column_of[end] - board.column_of[origin]) * y == -(board.row_of[end] - board.row_of[origin]) * x


def test_a_chain_s_next_leg_heads_for_the_square_beyond_its_blocked_step() -> None:
    # The Fanorona stone on d2 approaches to e3, taking f4 and g5; from e3 its chain's next step to d4 is
    # refused by the enemy there, and c5 lies straight on beyond d4: that leg is the closest way to c5.
    board, why = _why_not("fanorona", None, "d2", "c5")
    closest = why.ways[0]
    assert closest.heads and board.squares[closest.stop] == "d4"
    assert closest.legs[-1][0] == (board.index("e3"), board.index("d4"))
    # The failed [p] is the chain's, after the capture's ';' options: no option names it.
    assert closest.alternative is None
    assert _bullets(why.sentence)[0] == "d2-e3 taking f4, g5, then e3-d4: [p] failed on d4: an enemy Stone stands there"


def test_a_chain_s_ways_head_by_the_direction_of_their_own_last_leg() -> None:
    # A way heads for a square only if its last leg steps towards it: the squares the first leg looked
    # at while taking (f4, g5) give the next leg no direction.
    board, why = _why_not("fanorona", None, "d2", "d4")
    square = board.index("d4")
    for way in why.ways:
        route = way.legs[-1][0]
        if way.heads and way.stop != square and len(route) > 1:
            step = [b - a for a, b in zip(_at(board, route[-2]), _at(board, route[-1]))]
            towards = [b - a for a, b in zip(_at(board, way.stop), _at(board, square))]
            assert sum(s * t for s, t in zip(step, towards)) > 0, way.describe(board)
    assert sorted(board.squares[way.stop] for way in why.ways if way.heads) == ["d3", "d4"]


def _at(board, square: int) -> tuple[int, int]:
    return board.column_of[square], board.row_of[square]


def test_the_first_line_says_why_each_square_failed_where_the_reasons_differ() -> None:
    # An enemy stands on d4, a friend on d3: the one check that failed on both says each reason.
    board, why = _why_not("fanorona", None, "d2", "d4")
    assert why.sentence.splitlines()[0] == ("d4 is not reached: [p] failed on d4: an enemy Stone stands there, "
                                            "and on d3: a friendly Stone stands there.")


def test_a_square_beyond_where_a_possessive_rider_must_capture_names_that_capture() -> None:
    # The rider must go as far as it can, then capture: its way north ends taking d5, short of d6 and
    # d8, and no failed way heads there. The capture is named, not only the rays that head elsewhere.
    for square, steps in (("d6", 1), ("d8", 3)):
        board, why = _why_not("chess", "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1", "d2", square, "(+)([p]\\1)*+[ex]")
        assert not any(way.heads for way in why.ways)
        assert why.sentence.splitlines()[1] == (f"The closest move, d2xd5, ends on d5, {steps} step{'s' * (steps > 1)} "
                                                f"from {square}: no way through the notation goes on from there "
                                                "towards it.")


def test_a_square_no_way_comes_to_names_the_move_that_ends_nearest() -> None:
    # The rider's only ray ends capturing on d5: d7 lies beyond, and no way failed anywhere.
    board, why = _why_not("chess", "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1", "d2", "d7", "(N)(\\1[p])*+\\1[x]")
    assert why.sentence.splitlines()[1].startswith("The closest move, d2xd5, ends on d5, 2 steps from d7")


def test_a_square_a_possessive_repetition_passes_over_says_it_had_to_go_on() -> None:
    # (\1[p])*+ must take every pass it can: the rider passes d3 on its way to take d5. Written
    # greedy, (\1[p])*, it may stop anywhere, and nothing is said of a repetition that had to go on.
    fen = "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1"
    board, why = _why_not("chess", fen, "d2", "d3", "(N)(\\1[p])*+\\1[x]")
    assert why.sentence == ("d3 is not reached: the run steps onto it (step N from d2 to d3) but no way through the "
                            "notation ends or acts there: a possessive repetition must go on from there while another "
                            "pass can succeed.")
    board, why = _why_not("chess", fen, "d2", "d3", "(N)(\\1[p])*\\1[x]")
    assert "possessive" not in why.sentence


def test_castling_without_the_right_is_the_way_that_heads_for_the_square_it_went_over() -> None:
    # python-chess: White has lost the right to castle short (the Rook on h1 counts as moved). The
    # castling way steps over g1 to the Rook, where [M] fails: it heads for g1, as the first line says.
    import chess

    fen = "r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1"
    assert not chess.Board(fen).has_kingside_castling_rights(chess.WHITE)
    board, why = _why_not("chess", fen, "e1", "g1")
    first = why.sentence.splitlines()[0]
    assert first.startswith("g1 is not reached: alternative 2 of 3 (") and "[M] failed on h1" in first
    assert why.ways[0].heads and board.squares[why.ways[0].stop] == "h1"


def test_a_fen_without_the_right_to_castle_says_the_king_counts_as_moved_not_that_it_moved() -> None:
    # python-chess: the King stands on its setup square, and only the FEN's castling field withholds
    # the right; nothing says the King has moved.
    import chess

    fen = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"
    assert not chess.Board(fen).has_castling_rights(chess.WHITE)
    board, why = _why_not("chess", fen, "e1", "g1")
    assert "moved before" not in why.sentence
    assert "[M] failed on e1: the piece counts as moved: it has moved, or the position gives it no castling right" \
        in why.sentence
