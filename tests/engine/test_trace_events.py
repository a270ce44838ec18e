"""Trace events are structured: an enum kind, the alternative's index and count, the check tested."""

from __future__ import annotations

from dagaz_studio.engine.position import Position
from dagaz_studio.engine.values import EventKind
from tests.helpers.engine_helpers import shipped


def test_every_event_kind_is_an_event_kind_member() -> None:
    board, rules = shipped("chess")
    position = Position.initial(board)
    result = rules.run(position, board.index("b1"), trace=True)
    assert result.trace and all(isinstance(e.kind, EventKind) for e in result.trace)
    assert EventKind.STEP == "step"  # kinds still compare equal to their names


def test_alternatives_carry_their_index_and_count() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/8/3N4/8/8/8 w - - 0 1")
    result = rules.run(position, board.index("d4"), trace=True)
    top = [e for e in result.trace if e.kind is EventKind.BRANCH and e.depth == 0 and e.branch
           and e.branch[1] == 4]
    assert [e.branch[0] for e in top if e.branch] == [1, 2, 3, 4]
    assert all(e.branch is None for e in result.trace if e.kind not in (EventKind.BRANCH, EventKind.BACKTRACK))


def test_check_events_name_the_check_they_tested() -> None:
    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/8/3R4/8/8/8 w - - 0 1")
    notation = rules.kinds[rules.kind_index["Rook"]].notation_text
    result = rules.run(position, board.index("d4"), trace=True)
    checks = [e for e in result.trace if e.kind is EventKind.CHECK]
    assert checks and all(e.check for e in checks)
    # The check's text is the notation's own text where the span says it is.
    for event in checks:
        if event.span is not None and event.check.startswith("["):
            assert event.check in notation


def test_the_square_actions_say_what_they_did_and_why_they_failed() -> None:
    from dagaz_studio.notation import parse_notation

    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/3p4/3R4/3P4/8/8 w - - 0 1")
    d4 = board.index("d4")

    def texts(notation: str) -> list[str]:
        program = rules.program(parse_notation(notation), 0)
        return [e.text for e in rules.run(position, d4, program, trace=True).trace
                if e.kind in (EventKind.CHECK, EventKind.CAPTURE)]

    assert texts("N[x]") == ["capture a Black Pawn on d5"]
    assert "[x] failed on e4: nothing to capture" in texts("E[x]")
    assert any("is destroyed" in text and "d3" in text for text in texts("S[d]N"))
    assert "[d] failed on e4: nothing to destroy" in texts("E[d]")
    assert any("changes to the White side" in text for text in texts("N[w]S"))
    assert any(text.startswith("[w] failed on d3: a friendly") for text in texts("S[w]"))


def test_the_previous_moves_checks_say_in_plain_english_where_it_did_not_start_or_end() -> None:
    from dagaz_studio.notation import parse_notation

    board, rules = shipped("chess")
    position = Position.from_fen(board, "8/8/8/8/3R4/8/8/8 w - - 0 1")  # no previous move

    def texts(notation: str) -> list[str]:
        program = rules.program(parse_notation(notation), 0)
        return [e.text for e in rules.run(position, board.index("d4"), program, trace=True).trace
                if e.kind is EventKind.CHECK]

    assert "[t] failed on e4: the previous move did not end there" in texts("E[t]")
    assert "[l] failed on e4: the previous move did not start there" in texts("E[l]")


def test_a_negated_look_that_fails_names_the_square_it_looked_at() -> None:
    # [!(e)>N] from d4 looks at d5, where an enemy stands: the look fails, and says so of d5, not of d4.
    board, rules = shipped("chess")
    from dagaz_studio.engine.position import Piece
    from dagaz_studio.notation import parse_notation

    position = Position.from_fen(board, "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1")
    position.cells[board.index("d4")] = Piece(0, rules.custom_kind(parse_notation("[!(e)>N]N")), True)
    result = rules.run(position, board.index("d4"), trace=True)
    failed = [e for e in result.trace if e.kind is EventKind.CHECK and not e.ok]
    assert [e.text for e in failed] == ["!(…) failed from d4: the checks all hold on d5"]


def test_a_promotion_says_an_before_a_vowel_and_a_before_a_consonant() -> None:
    board, rules = shipped("lasca")
    result = rules.run(Position.from_fen(board, "7/1S5/7/7/7/7/7 w"), board.index("b6"), trace=True)
    assert {e.text for e in result.trace if e.kind is EventKind.PROMOTE} == {"the piece in hand becomes an Officer"}
    board, rules = shipped("chess")
    result = rules.run(Position.from_fen(board, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), board.index("b7"), trace=True)
    assert "the piece in hand becomes a Queen" in {e.text for e in result.trace if e.kind is EventKind.PROMOTE}


def _leavings(board_name: str, fen: str, square: str, notation: str | None = None) -> list[str]:
    from dagaz_studio.queries.moves import MovesQuery, answer_moves

    board, rules = shipped(board_name)
    answer = answer_moves(rules, MovesQuery(board, Position.from_fen(board, fen), board.index(square),
                                            notation=notation, legal_only=False, trace=True))
    return [e.text for e in answer.trace if e.text.startswith("leaving after")]


def test_a_possessive_rider_says_where_and_why_its_next_pass_fails_as_python_chess_ends_its_rays() -> None:
    import re

    import chess

    for fen in ("4k3/8/8/8/3p4/8/8/2B1K3 w - - 0 1", "4k3/8/8/5p2/8/8/3P4/2B1K3 w - - 0 1",
                "4k3/8/8/8/8/1n6/8/2B1K3 w - - 0 1"):
        reference = chess.Board(fen)
        reached = reference.attacks(chess.C1)
        # The last square of each ray python-chess sees from c1: the piece that blocks it, or the edge.
        ends = {}
        for file_step, rank_step in ((1, 1), (-1, 1)):
            file, rank, last = chess.square_file(chess.C1), chess.square_rank(chess.C1), None
            while 0 <= file + file_step < 8 and 0 <= rank + rank_step < 8 \
                    and chess.square(file + file_step, rank + rank_step) in reached:
                file, rank = file + file_step, rank + rank_step
                last = chess.square(file, rank)
            if last is not None:
                ends[chess.square_name(last)] = reference.piece_at(last) is not None
        said = {}
        for text in _leavings("chess", fen, "c1", "(X)([p]\\1)*+"):
            found = re.fullmatch(r"leaving after \d+ pass(?:es)?: no further pass from (\w+) can succeed \((.*)\)", text)
            assert found, text
            said[found.group(1)] = found.group(2)
        assert set(said) == set(ends), (fen, said, ends)
        for name, blocked in ends.items():
            assert said[name].startswith(f"[p] failed on {name}" if blocked else "\\1: no square"), (fen, name, said)


def test_a_fanorona_capture_says_what_ends_its_line_of_stones() -> None:
    # Approaching from d2 to e3 takes f4 and g5, and the line ends at the board's corner.
    assert "leaving after 2 passes: no further pass from g5 can succeed (\\1: no square O of g5)" in _leavings(
        "fanorona", "sssssssss/sssssssss/sSsS1sSsS/SSSSSSSSS/SSSSSSSSS w", "d2")


def test_a_possessive_repetition_at_its_most_passes_says_so_not_that_a_pass_fails() -> None:
    # Two passes up the long diagonal are all {,2} allows, though the ray goes on to h6.
    assert "leaving after 2 passes: the most it may make" in _leavings(
        "chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1", "(X)([p]\\1){,2}+")
