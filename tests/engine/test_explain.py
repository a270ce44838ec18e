"""Reading traces: the branch that built each move, why a square is (not) reached; highlights of
en passant, castling and Fanorona chains."""

from __future__ import annotations

import pytest

from dagaz_studio.board import load_board, parse_board
from dagaz_studio.board.writer import replace_piece_notation
from dagaz_studio.engine.explain import attack_reason, board_at, build_tree, explain_square, move_branch
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.highlights import move_highlights
from dagaz_studio.engine.making import make_move
from dagaz_studio.engine.position import Piece, Position
from dagaz_studio.engine.rules import Rules
from dagaz_studio.notation import parse_notation
from tests.helpers.engine_helpers import shipped

#: Chess's King as it castled before shuffled starts: from e1 only, in fixed steps. The explanations
#: below are of its three alternatives.
CLASSIC_KING = "*[FA];[MA](E[pA]){2}|E[f,=Rook,M]^W{2};[MA](W[pA]){2}|W[p]W[f,=Rook,M]^E{3}"


def classic_chess():
    """The chess board with the classic King."""
    source = load_board("chess").source
    assert source is not None
    with open(source, encoding="utf-8") as file:
        board = parse_board(replace_piece_notation(file.read(), "King", CLASSIC_KING))
    return board, Rules(board)


def _branch_is_a_run(board, trace, branch, move) -> None:
    """The branch replays as one way through the notation: each step starts where the last event left
    the cursor, and its captures are exactly the move's."""
    assert trace[branch[0]].kind == "start"
    assert trace[branch[-1]].kind == "move" and trace[branch[-1]].move is not None
    taken: list[int] = []
    cursor = trace[branch[0]].cursor
    for before, after in zip(branch, branch[1:]):
        a, b = trace[before], trace[after]
        assert a.kind not in ("blocked", "fail", "backtrack") and (a.ok or a.kind in ("branch", "repeat"))
        if b.kind == "partial":
            cursor = b.cursor
        assert b.cursor == cursor, (a.text, b.text)
        if b.kind == "step":
            cursor = b.square  # a step's event is recorded before the cursor moves
        if b.kind not in ("capture", "put", "partial"):
            assert b.captures == a.captures, (a.text, b.text)
        else:
            taken.extend(b.captures[len(a.captures):])
    assert tuple(taken) == move.captures
    assert trace[branch[-1]].square == move.target


CASES = [
    ("chess", "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R w KQkq d6 0 1"),
    ("chess", "8/4P3/8/8/3N4/8/8/k6K w - - 0 1"),
    ("xiangqi", None),
    ("fanorona", None),
    ("fanorona", "9/9/1sS1sS3/9/4S4 w"),
]


@pytest.mark.parametrize("name, fen", CASES)
def test_every_moves_branch_replays_that_move(name: str, fen) -> None:
    board, rules = shipped(name)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    checked = 0
    for square, piece in enumerate(position.cells):
        if piece is None or piece.player != position.turn:
            continue
        result = rules.run(position, square, trace=True)
        tree = build_tree(result.trace)
        for index, move in enumerate(result.moves):
            _branch_is_a_run(board, result.trace, move_branch(result.trace, tree, index), move)
            checked += 1
    assert checked > 0


def test_the_rook_branch_is_exactly_the_steps_that_built_it() -> None:
    board, rules = shipped("chess")
    kind = rules.custom_kind(parse_notation("(+)([p]\\1)*"))
    position = Position(board, [None] * len(board.squares))
    position.cells[board.index("a1")] = Piece(0, kind, True)
    result = rules.run(position, board.index("a1"), trace=True)
    tree = build_tree(result.trace)
    index = next(i for i, m in enumerate(result.moves) if board.squares[m.target] == "a3")
    texts = [result.trace[i].text for i in move_branch(result.trace, tree, index)]
    assert texts[:3] == ["start on a1", "lift a White Piece from a1", "step N from a1 to a2"]
    assert "pass 1" in texts and "trying to leave after 0 passes" not in texts
    assert any(t.startswith("[p] passed on a2") for t in texts)
    assert any("step N to a3" in t for t in texts)
    assert texts[-1].startswith("move completed: a1-a3")
    # Other rays are not on this branch.
    assert not any("a1 to b1" in t for t in texts)


def test_why_here_and_why_not() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/8/3p4/8/8/3R4 w - - 0 1")
    origin = board.index("d1")
    result = rules.run(position, origin, trace=True)
    tree = build_tree(result.trace)
    here = explain_square(board, result.trace, result.moves, board.index("d4"), tree, origin=origin)
    assert here.reachable and "d1xd4" in here.sentence and "captures there" in here.sentence
    assert result.trace[here.events[-1]].kind == "move"
    beyond = explain_square(board, result.trace, result.moves, board.index("d5"), tree, origin=origin)
    assert not beyond.reachable
    assert "[p] failed on d4" in beyond.sentence and "enemy Pawn" in beyond.sentence
    failed = result.trace[beyond.events[-1]]
    assert failed.square == board.index("d4") and not failed.ok
    off_ray = explain_square(board, result.trace, result.moves, board.index("e2"), tree, origin=origin)
    # Each way says how far it got, the closest to e2 first: up the file to the pawn, then the edges.
    assert not off_ray.reachable
    assert [board.squares[way.path[-1]] for way in off_ray.ways] == ["d4", "h1", "a1"]
    assert "d1-d2-d3-d4: [p] failed on d4" in off_ray.sentence.splitlines()[2]
    assert off_ray.events == tuple(tree.path(off_ray.ways[0].event))
    assert "stands on d1" in explain_square(board, result.trace, result.moves, origin, tree, origin=origin).sentence


def test_a_square_reached_only_by_a_forbidden_move_is_explained() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "4r3/8/8/8/8/8/4B3/4K3 w - - 0 1")  # the bishop is pinned
    origin = board.index("e2")
    result = rules.run(position, origin, trace=True)
    legal = {m.key() for m in legal_moves(rules, position, origin)}
    allowed = [i for i, m in enumerate(result.moves) if m.key() in legal]
    assert allowed == []
    why = explain_square(board, result.trace, result.moves, board.index("d3"), allowed=allowed, origin=origin)
    assert not why.reachable and "forbid" in why.sentence and why.moves


def test_highlights_tell_each_part_of_a_move() -> None:
    board, rules = shipped("chess")
    # En passant on d6, castling both ways, and a capture on c6.
    position = Position.from_fen(board, "r3k2r/pppq1ppp/2n5/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1")
    e5 = board.index("e5")
    pawn = move_highlights(rules.run(position, e5).moves, e5)
    assert pawn[board.index("d6")] == "move" and pawn[board.index("d5")] == "removed"
    assert pawn[e5] == "selected"
    king = move_highlights(rules.run(position, board.index("e1")).moves)
    assert king[board.index("g1")] == "move" and king[board.index("h1")] == "displaced" and king[board.index("a1")] == "displaced"
    board, rules = shipped("fanorona")
    position = Position.from_fen(board, "9/9/1sS1sS3/9/4S4 w")
    moves = rules.run(position, board.index("e1")).moves
    lights = move_highlights(moves)
    assert "removed" in lights.values()
    assert all(lights[s] in ("stop", "move", "capture", "removed") for m in moves for s in m.stops)


def test_chess_highlights_are_the_legal_moves() -> None:
    board, rules = shipped("chess")
    position = Position.initial(board)
    make_move(position, next(m for m in legal_moves(rules, position) if board.squares[m.target] == "e4"))
    moves = legal_moves(rules, position, board.index("d7"))
    assert set(move_highlights(moves)) == {board.index("d6"), board.index("d5")}


def _opened_after_the_last_closed(trace) -> None:
    """Each option of a ``;`` is closed by its backtrack event before the next is entered, however the
    run ended: what :func:`build_tree` reads to close an option."""
    entered: list[tuple[object, tuple[int, int]]] = []  # the options entered and not closed, innermost last
    closed: list[tuple[int, int] | None] = [None]  # the last option closed inside each of them
    for event in trace:
        if event.kind == "branch":
            index, count = event.branch
            assert closed[-1] == ((index - 1, count) if index > 1 else closed[-1]), event
            entered.append((event.span, event.branch))
            closed.append(None)
        elif event.kind == "backtrack":
            assert entered.pop() == (event.span, event.branch), event
            closed.pop()
            closed[-1] = event.branch


@pytest.mark.parametrize("name, square", [("chess", "g1"), ("fanorona", "e2"), ("xiangqi", "b3")])
def test_every_option_but_the_first_follows_a_backtrack_event(name: str, square: str) -> None:
    board, rules = shipped(name)
    result = rules.run(Position.initial(board), board.index(square), trace=True)
    assert any(event.kind == "backtrack" for event in result.trace)
    _opened_after_the_last_closed(result.trace)


def test_the_tree_of_a_runaway_trace_is_built() -> None:
    # How long it takes (linear in the trace) is measured by tests/benchmarks/measure_runaway.py.
    board, _ = shipped("chess")
    rules = Rules(board)
    kind = rules.custom_kind(parse_notation("(N;S)*"))
    position = Position(board, [None] * len(board.squares))
    position.cells[board.index("e3")] = Piece(0, kind, True)
    result = rules.run(position, board.index("e3"), trace=True)
    assert result.stopped and len(result.trace) > 20_000
    _opened_after_the_last_closed(result.trace)
    tree = build_tree(result.trace)
    assert len(tree.parents) == len(result.trace)
    assert all(parent is None or parent < index for index, parent in enumerate(tree.parents))
    assert result.trace[-1].kind == "stopped"


def test_why_not_names_the_attacker_and_goes_to_the_closest_failed_check() -> None:
    board, rules = classic_chess()
    position = Position.from_fen(board, "r3k3/8/8/8/8/8/5r2/R3K2R w KQq - 0 1")
    origin = board.index("e1")
    result = rules.run(position, origin, trace=True)
    tree = build_tree(result.trace)
    why = explain_square(board, result.trace, result.moves, board.index("g1"), tree, origin=origin,
                         reason=attack_reason(rules, position.copy(), result.trace, tree))
    assert not why.reachable
    lines = why.sentence.splitlines()
    # The two ways over f1 (the King's step and castling) come first, one square from g1.
    assert lines[2].startswith("• e1-f1") and lines[3].startswith("• e1-f1")
    assert "[A] failed on f1: the Black Rook on f2 attacks it" in lines[2]
    assert {way.alternative for way in why.ways[:2]} == {"alternative 1 of 3", "alternative 2 of 3"}
    last = result.trace[why.events[-1]]
    assert last.kind == "check" and not last.ok and last.square == board.index("f1")
    # Without a reason to ask, the trace's own words stay.
    plain = explain_square(board, result.trace, result.moves, board.index("g1"), tree, origin=origin)
    assert "an enemy piece could capture there" in plain.sentence


def test_a_defender_is_named_for_a_failed_S() -> None:
    board, rules = shipped("chess")
    kind = rules.custom_kind(parse_notation("+[S]"))
    position = Position.from_fen(board, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1")
    position.cells[board.index("e3")] = Piece(0, kind, True)
    result = rules.run(position, board.index("e3"), trace=True)
    tree = build_tree(result.trace)
    reason = attack_reason(rules, position.copy(), result.trace, tree)
    failed = [i for i, e in enumerate(result.trace) if e.kind == "check" and not e.ok and e.check == "[S]"]
    assert failed
    said = {result.trace[i].square: reason(i) for i in failed}
    assert said[board.index("f3")] == "[S] failed on f3: the White Knight on g1 defends it"


@pytest.mark.parametrize("name, fen", CASES)
def test_the_board_at_each_completed_move_is_the_position_after_it(name: str, fen) -> None:
    """Replaying lifts, puts, captures and partial moves along a move's branch gives exactly what the
    move changes (the runner records those changes on its own), with nothing left in hand."""
    board, rules = shipped(name)
    position = Position.from_fen(board, fen) if fen else Position.initial(board)
    checked = 0
    for square, piece in enumerate(position.cells):
        if piece is None or piece.player != position.turn:
            continue
        result = rules.run(position, square, trace=True)
        tree = build_tree(result.trace)
        for index, move in enumerate(result.moves):
            end = move_branch(result.trace, tree, index)[-1]
            at = board_at(position.cells, result.trace, tree, end, rules.kind_names)
            expected = list(position.cells)
            for changed, content in move.changes:
                expected[changed] = content
            strip = [None if p is None else (p.player, p.kind) for p in expected]
            assert [None if p is None else (p.player, p.kind) for p in at.cells] == strip, move
            assert at.hand == () and at.stops == move.stops[:-1]
            assert sorted(s for s, _ in at.captured) == sorted(move.captures)
            checked += 1
    assert checked > 0


def test_the_board_at_a_lift_has_the_piece_in_hand() -> None:
    board, rules = classic_chess()
    position = Position.from_fen(board, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    origin = board.index("e1")
    result = rules.run(position, origin, trace=True)
    tree = build_tree(result.trace)
    rook_lift = next(i for i, e in enumerate(result.trace) if e.kind == "lift" and e.square == board.index("h1"))
    at = board_at(position.cells, result.trace, tree, rook_lift, rules.kind_names)
    assert at.cells[board.index("h1")] is None and [square for _, square in at.hand] == [board.index("h1")]
    assert at.cells[board.index("g1")] is not None  # the King, put down before the Rook is lifted
    assert at.cells[origin] is None and position.cells[origin] is not None  # the start is left as it was


def test_a_chain_s_way_says_where_each_partial_move_landed_not_the_squares_looked_at_beyond() -> None:
    board, rules = shipped("fanorona")
    position = Position.initial(board)
    origin = board.index("d2")
    result = rules.run(position, origin, trace=True)
    explanation = explain_square(board, result.trace, result.moves, board.index("d4"), origin=origin)
    lines = explanation.sentence.splitlines()
    # d2-e3 approaches f4 and takes f4 and g5; the chain goes on from e3, where the stone landed.
    # The failed [p] stands after the capture's ';' options, so the way is named by none of them.
    assert "• d2-e3 taking f4, g5, then e3-d4: [p] failed on d4: an enemy Stone stands there" in lines
    assert not any("g5-d4" in line or "g5-e4" in line for line in lines)
    closest = explanation.ways[0]
    assert closest.legs[0] == ((origin, board.index("e3")), (board.index("f4"), board.index("g5")))
    assert closest.legs[-1][0] == (board.index("e3"), board.index("d4"))


def _contents(cell) -> object:
    """What a square holds, compared alike for a piece, a heap (by its counts) and a column (by its pieces)."""
    if cell is None:
        return None
    counts = getattr(cell, "counts", None)
    if counts is not None:
        return ("heap", tuple(counts))
    pieces = getattr(cell, "height", None) and cell.pieces
    return ("column", tuple(pieces)) if pieces else (cell.player, cell.kind)


@pytest.mark.parametrize("name, fen", [
    ("oware", "3,0,5,4,2,6/1,4,12,0,4,4 w 3 5"),
    ("kalah", "0,4,4,4,4,4,4,2/0,1,4,0,9,4,4,3 w"),
    ("lasca", "7/7/7/3(so)3/2S4/7/7 w"),
    ("lasca", "s1(so)1s1s/1s1(ssOS)1s1/s1s1(Sso)1s/7/S1(Ss)1S1S/1S1S1S1/S1S3S w"),
    ("bashni", "8/8/8/2m1m3/3M4/8/8/8 w"),
])
def test_the_board_at_a_moves_last_step_is_the_position_after_it(name: str, fen: str) -> None:
    """On heap and stack boards too: a heap is sown seed by seed into the pits it passes, a column
    put on a column stacks on it, and a capture takes only the top of the column jumped."""
    board, rules = shipped(name)
    position = Position.from_fen(board, fen)
    checked = 0
    for square, cell in enumerate(position.cells):
        if cell is None:
            continue
        result = rules.run(position, square, trace=True)
        tree = build_tree(result.trace)
        for index, move in enumerate(result.moves):
            at = board_at(position.cells, result.trace, tree, move_branch(result.trace, tree, index)[-1],
                          rules.kind_names)
            after = position.copy()
            make_move(after, move)
            assert [_contents(c) for c in at.cells] == [_contents(c) for c in after.cells], board.squares[square]
            checked += 1
    assert checked > 0
