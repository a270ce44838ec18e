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
