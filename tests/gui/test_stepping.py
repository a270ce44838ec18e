"""Stepping through a run shows the board as the run has it: lifted pieces leave their squares, put
pieces appear, captured ones fade, and a chain's landing points are drawn as stops."""

from __future__ import annotations

from dagaz_studio.gui.board_view.view import HighlightItem
from tests.helpers.gui_window import click, click_and_wait, open_window, type_and_wait, wait_for_steps


def _go_to(player, reply, test) -> int:
    """Move the player to the first step of its sequence whose event passes ``test``; its position."""
    for position, index in enumerate(player.sequence):
        if test(reply.trace[index]):
            player.go_to(position)
            return position
    raise AssertionError("no such step")


def test_castling_step_by_step_moves_the_king_then_the_rook(qtbot, chess_window) -> None:
    window = chess_window
    board, view, player = window.board, window.board_view, window.trace_player
    window.document.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    reply = click_and_wait(qtbot, window, "e1")
    castle = next(i for i, m in enumerate(reply.moves) if m.also and board.squares[m.target] == "g1")
    player.show_move(castle)
    e1, g1, h1, f1 = (board.index(s) for s in ("e1", "g1", "h1", "f1"))
    assert set(view.piece_items()) >= {e1, h1}  # the first step: the position as it was
    _go_to(player, reply, lambda e: e.kind == "lift" and e.square == e1)
    assert e1 not in view.piece_items() and view.step_pieces.hand[1] == "King"
    assert any(item.toolTip() == "in hand: King" for item in view.trace_step_items())
    _go_to(player, reply, lambda e: e.kind == "lift" and e.square == h1)
    assert g1 in view.piece_items() and h1 not in view.piece_items()
    assert view.step_pieces.placement[g1][1] == "King" and view.step_pieces.hand[1] == "Rook"
    player.go_to_end()
    assert view.step_pieces.placement[f1][1] == "Rook" and view.step_pieces.hand is None
    assert {e1, h1}.isdisjoint(view.piece_items())
    # A new position is drawn as it is, not as the last run's step.
    window.document.set_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    assert view.step_pieces is None and {e1, h1} <= set(view.piece_items())


def test_a_fanorona_chain_fades_what_it_takes_and_marks_where_it_lands(qtbot) -> None:
    window = open_window(qtbot, "fanorona")
    board, view, player = window.board, window.board_view, window.trace_player
    window.document.set_fen("9/9/1s7/9/S1s6 w")
    reply = click_and_wait(qtbot, window, "a1")
    b1, b2, c1, b3 = (board.index(s) for s in ("b1", "b2", "c1", "b3"))
    # b1 ends one move and is where the two-step chain lands: a dot inside a stop's outline.
    marks = view.highlight_items()
    assert marks[b1].kind == "move" and marks[b1].stop and not marks[b2].stop
    chain = next(i for i, m in enumerate(reply.moves) if len(m.stops) == 2)
    player.show_move(chain)
    _go_to(player, reply, lambda e: e.kind == "partial")
    assert set(view.faded_items()) == {c1} and c1 not in view.piece_items()
    stops = [item for item in view.trace_step_items() if isinstance(item, HighlightItem) and item.kind == "stop"]
    assert [item.square for item in stops] == [b1]
    player.go_to_end()
    assert set(view.faded_items()) == {c1, b3}
    assert view.step_pieces.placement[b2][1] == "Stone" and b1 not in view.piece_items()


def test_a_tried_notation_shows_its_piece_while_stepping(qtbot, chess_window) -> None:
    window = chess_window
    view, player, board = window.board_view, window.trace_player, window.board
    d4 = board.index("d4")
    click(qtbot, window, "d4")
    reply = type_and_wait(qtbot, window, "N,OM;E,OT;S TR;W,RM")
    assert reply.moves and d4 not in window.document.view_placement()
    player.go_to(0)
    assert view.step_pieces.placement[d4][1] == "typed piece" and d4 in view.piece_items()
    _go_to(player, reply, lambda e: e.kind == "lift")
    assert d4 not in view.piece_items()


def test_a_piece_types_edited_notation_shows_that_piece_while_stepping(qtbot, chess_window) -> None:
    window = chess_window
    view, board = window.board_view, window.board
    e2 = board.index("e2")
    click_and_wait(qtbot, window, "e2")
    reply = type_and_wait(qtbot, window, "N")  # the Pawn's notation, edited: not applied yet
    assert reply.query.notation == "N" and reply.query.notation_player is not None
    assert view.step_pieces is None  # at the first step the run's board is the position
    assert view.piece_items()[e2].toolTip().startswith("Pawn")


def test_a_long_notation_leaves_the_step_s_sentence_in_sight(qtbot, chess_window) -> None:
    """The stepper shows the part of a long notation around the step, not the whole text above the
    sentence: 3,000 characters wrapped over dozens of lines pushed the sentence out of the dock."""
    window = chess_window
    player = window.trace_player
    click(qtbot, window, "e4")
    long = "(+)" + "[p]" * 999
    window.notation_editor.set_text(long)
    wait_for_steps(qtbot, window, long)
    player.go_to(3)
    qtbot.wait(50)  # the layout follows the new texts at the next turn of the event loop
    assert "[p]" in player.notation_label.text() and "background" in player.notation_label.text()
    assert not player.sentence.visibleRegion().isEmpty(), player.notation_label.height()


def test_a_piece_types_edited_notation_carries_that_piece_by_its_name(qtbot, chess_window) -> None:
    """Drawn as the Pawn, the piece an edited Pawn notation lifts is named a Pawn too, in the step's
    words and on the board, not "typed piece"; a notation tried before under the same text keeps
    its own name."""
    window = chess_window
    view, player = window.board_view, window.trace_player
    click(qtbot, window, "d4")
    type_and_wait(qtbot, window, "N")  # tried first: the typed piece
    click_and_wait(qtbot, window, "e2")
    reply = type_and_wait(qtbot, window, "N")
    wait_for_steps(qtbot, window, "N")
    lift = next(p for p, i in enumerate(player.sequence) if player._reply.trace[i].kind == "lift")
    player.go_to(lift)
    assert reply.moves and {move.piece for move in player._reply.moves} == {"Pawn"}
    assert "in hand: Pawn" in player.sentence.text()
    assert any(item.toolTip() == "in hand: Pawn" for item in view.trace_step_items())
    click(qtbot, window, "d4")
    reply = type_and_wait(qtbot, window, "N,OM;E,OT;S TR;W,RM")
    click(qtbot, window, "d5")
    reply = type_and_wait(qtbot, window, "N")
    assert {move.piece for move in reply.moves} == {"typed piece"}
