"""The window on heap and stack boards: pits drawn with their seeds and counts, columns with their
heights, and clicking a pit or a column shows its moves."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.helpers.gui_window import click_and_wait, open_window


def test_a_heap_board_draws_each_pit_and_its_moves(qtbot) -> None:
    window = open_window(qtbot, "oware")
    window.document.set_fen("3,0,5,4,2,6/1,4,12,0,4,4 w 3 5")
    items = window.board_view.piece_items()
    assert items[window.board.index("c1")].toolTip() == "12 pieces"
    assert window.board.index("d1") not in items  # an empty pit
    reply = click_and_wait(qtbot, window, "c1")
    assert [window.board.squares[m.target] for m in reply.moves] == ["d1"]


def test_a_mixed_heap_names_each_types_count(qtbot) -> None:
    window = open_window(qtbot, "two-seeds")
    assert window.board_view.piece_items()[window.board.index("b1")].toolTip() == "2 pieces: 1w 1r"


def test_a_stack_board_draws_columns_from_the_top_down(qtbot) -> None:
    window = open_window(qtbot, "lasca")
    window.document.set_fen("s1(so)1s1s/1s1s1s1/s1s1(Sso)1s/7/S1(Ss)1S1S/1S1S1S1/S1S3S w")
    items = window.board_view.piece_items()
    assert items[window.board.index("e5")].toolTip() == "S / s / o (from the top down)"
    reply = click_and_wait(qtbot, window, "c3")
    assert sorted(window.board.squares[m.target] for m in reply.moves) == ["b4", "d4"]


def test_the_play_field_shows_names_in_the_boards_style(qtbot) -> None:
    window = open_window(qtbot, "oware")
    assert "Nf3" not in window.play_field.field.placeholderText()
    assert "a1-b2" in window.play_field.field.placeholderText()
    window = open_window(qtbot, "chess")
    assert "Nf3" in window.play_field.field.placeholderText()
    window = open_window(qtbot, "xiangqi")
    assert "H2+3" in window.play_field.field.placeholderText()


def test_a_pits_seeds_are_named_by_the_rows_owner_and_the_stores_stand_beside_the_rows(qtbot) -> None:
    window = open_window(qtbot, "oware")
    window.document.set_fen("3,0,5,4,2,6/1,4,12,0,4,4 w 3 5")
    click_and_wait(qtbot, window, "a2")
    summary = window.move_explorer.panel.summary.text()
    assert summary.startswith("North Seed on a2"), summary
    click_and_wait(qtbot, window, "c1")
    assert window.move_explorer.panel.summary.text().startswith("South Seed on c1")
    view = window.board_view
    texts = {item.text(): item for item in view.scene().items() if hasattr(item, "text") and callable(item.text)}
    # Each player's name beside the player's own row, with the store the FEN gives (South 3, North 5).
    for flipped in (False, True):  # the names follow their rows when the board is turned round
        view.orientation.set_flipped(flipped)
        texts = {item.text(): item for item in view.scene().items() if hasattr(item, "text") and callable(item.text)}
        for player, row, store in (("South", "a1", "3"), ("North", "a2", "5")):
            name, count = texts[player], texts[store]
            y = view.square_centre(window.board.index(row)).y()
            assert abs(name.sceneBoundingRect().center().y() - y) < 60
            assert name.sceneBoundingRect().left() > max(view.square_centre(s).x() for s in range(12))
            assert abs(count.sceneBoundingRect().center().y() - y) < 60


def test_a_columns_pieces_and_height_stay_readable_under_the_selection_and_the_marks(qtbot) -> None:
    from PySide6.QtWidgets import QGraphicsEllipseItem

    from dagaz_studio.gui.board_view.style import UNIT, player_colour

    window = open_window(qtbot, "lasca")
    window.document.set_fen("s1(so)1s1s/1s1(ssOS)1s1/s1s1(Sso)1s/7/S1(Ss)1S1S/1S1S1S1/S1S3S w")
    view, board = window.board_view, window.board
    click_and_wait(qtbot, window, "c3")
    # Every piece of the column shows its side's colour, from the bottom disc up to the top one.
    column = view.piece_items()[board.index("d6")]
    faces = [child.brush().color().name() for child in column.childItems()
             if isinstance(child, QGraphicsEllipseItem)]
    expected = [player_colour(board, p).name() for p in (0, 0, 1, 1)]  # S O s s: bottom to top
    assert faces == expected
    marks = [item for item in view.scene().items() if type(item).__name__ == "HighlightItem"]
    assert marks
    for square, height in (("c3", "2"), ("d6", "4"), ("e5", "3")):
        centre = view.square_centre(board.index(square))
        badges = [item for item in view.scene().items()
                  if item.toolTip() == f"a column of {height}" and item.sceneBoundingRect().contains(
                      centre.x() - 40, centre.y() - 40)]
        assert len(badges) == 1, square
        # Above every mark, and large enough to read at the default size.
        assert all(badges[0].zValue() > mark.zValue() for mark in marks)
        assert badges[0].sceneBoundingRect().height() >= 0.25 * UNIT


def test_the_palette_adds_a_seed_to_a_pit_and_puts_a_column_of_one_piece(qtbot) -> None:
    """Placing with the Position panel's palette on a heap board adds one piece to the pit's heap, and
    on a stack board stands a column of that piece: the FEN and the board both show it, and an undo
    takes it back."""
    window = open_window(qtbot, "oware")
    editor, document = window.position_editor, window.document
    # A heap's pieces are nobody's: one button a type, not one for each side.
    assert [tool for tool in editor.tool_buttons if tool.startswith("place:")] == ["place:-1:0"]
    assert editor.tool_buttons["place:-1:0"].toolTip().startswith("Add a Seed")
    editor.set_tool("place:-1:0")
    before = document.fen()
    editor.square_clicked(window.board.index("c1"))
    assert document.fen().split()[0].split("/")[1].split(",")[2] == "5"
    assert window.board_view.piece_items()[window.board.index("c1")].toolTip() == "5 pieces"
    assert document.undo_stack.undoText() == "Add a Seed to c1"
    menu = editor.square_menu(window.board.index("c1"))
    assert [action.text() for action in menu.actions()] == ["Remove"]  # a heap has no first move
    menu.deleteLater()
    document.undo_stack.undo()
    assert document.fen() == before
    window = open_window(qtbot, "lasca")
    editor, document = window.position_editor, window.document
    soldier = list(window.board.pieces).index("Soldier")
    editor.set_tool(f"place:1:{soldier}")
    editor.square_clicked(window.board.index("d4"))
    assert document.fen().split("/")[3] == "3s3"
    assert window.board.index("d4") in window.board_view.piece_items()
    qtbot.waitUntil(lambda: not window.move_explorer.runner.running, timeout=20000)


def _step_to(qtbot, window, reply, test) -> None:
    """Move the stepper to the first step of the run whose event passes ``test``."""
    player = window.trace_player
    qtbot.waitUntil(lambda: bool(player.sequence) and player.current_index() is not None, timeout=20000)
    position = next(p for p, index in enumerate(player.sequence) if test(reply.trace[index]))
    player.go_to(position)


def test_stepping_through_a_sowing_shows_each_pit_gain_a_seed(qtbot) -> None:
    """At each step of a pit's run the board shows the pits as the run has them: the lifted pit empty,
    one seed more on each pit sown so far, drawn as pits with their counts, none taken."""
    window = open_window(qtbot, "oware")
    board, view = window.board, window.board_view
    reply = click_and_wait(qtbot, window, "c1")
    _step_to(qtbot, window, reply, lambda e: e.kind == "put" and board.squares[e.square] == "e1")
    items = view.piece_items()
    assert board.index("c1") not in items
    tips = {square: items[board.index(square)].toolTip() for square in ("d1", "e1", "f1", "f2", "a1")}
    assert tips == {"d1": "5 pieces", "e1": "5 pieces", "f1": "4 pieces", "f2": "4 pieces", "a1": "4 pieces"}
    assert not view.faded_items()
    window.trace_player.go_to_end()
    items = view.piece_items()
    assert [items[board.index(s)].toolTip() for s in ("d1", "e1", "f1", "f2")] == ["5 pieces"] * 4
    assert board.index("c1") not in items and not view.faded_items()


def test_stepping_through_a_column_s_capture_keeps_the_column_under_the_piece_taken(qtbot) -> None:
    """On a stack board a capture takes the top of the column jumped, which stays on its square with
    what was under it, and the taken piece goes under the moving column, drawn as columns."""
    window = open_window(qtbot, "lasca")
    board, view = window.board, window.board_view
    window.document.set_fen("7/7/7/3(so)3/2S4/7/7 w")
    reply = click_and_wait(qtbot, window, "c3")
    capture = next(i for i, m in enumerate(reply.moves) if board.squares[m.target] == "e5")
    window.trace_player.show_move(capture)
    _step_to(qtbot, window, reply, lambda e: e.kind == "capture")
    items = view.piece_items()
    assert items[board.index("d4")].toolTip() == "o (from the top down)"
    assert board.index("c3") not in items and not view.faded_items()
    window.trace_player.go_to_end()
    items = view.piece_items()
    assert items[board.index("e5")].toolTip() == "S / s (from the top down)"
    assert items[board.index("d4")].toolTip() == "o (from the top down)"


def test_stepping_through_a_notation_tried_on_a_stack_board_draws_its_column(qtbot) -> None:
    """A notation tried on an empty square of a stack board moves a typed piece, which is no piece type
    of the board: its column is drawn at each step, lettered as the typed piece."""
    from tests.helpers.gui_window import click, type_and_wait, wait_for_steps

    window = open_window(qtbot, "lasca")
    board, view = window.board, window.board_view
    click(qtbot, window, "d4")
    reply = type_and_wait(qtbot, window, "X")
    assert sorted(board.squares[m.target] for m in reply.moves) == ["c5", "e5"]
    wait_for_steps(qtbot, window, "X")
    window.trace_player.show_move(next(i for i, m in enumerate(reply.moves) if board.squares[m.target] == "e5"))
    window.trace_player.go_to_end()
    # X checks nothing: it lands on the Black Soldier there, its column put on top of that one.
    assert view.piece_items()[board.index("e5")].toolTip() == "? / s (from the top down)"


def test_the_seeds_of_a_store_are_not_named_as_the_side_to_move_s(qtbot) -> None:
    """Kalah's stores lie outside the rows the board gives owners: clicked, a store's seeds are named as
    the nobody's pieces they are, not as the side to move's (North's seeds in South's store)."""
    window = open_window(qtbot, "kalah")
    window.document.set_fen("0,4,4,4,4,4,4,0/0,4,4,4,4,4,4,5 b")
    click_and_wait(qtbot, window, "h1")
    assert window.move_explorer.panel.summary.text().startswith("Seed on h1: 0 legal moves"), \
        window.move_explorer.panel.summary.text()
    click_and_wait(qtbot, window, "b1")
    assert window.move_explorer.panel.summary.text().startswith("South Seed on b1")


def test_a_big_heap_in_hand_is_counted_not_named_seed_by_seed(qtbot) -> None:
    """A pit of twenty seeds lifted: the hand is said as "Seed ×20", on the board and under the step's
    sentence, not as twenty names in a label wider than the board."""
    window = open_window(qtbot, "oware")
    window.document.set_fen("4,4,4,4,4,4/4,4,20,0,4,0 w 0 0")
    reply = click_and_wait(qtbot, window, "c1")
    _step_to(qtbot, window, reply, lambda e: e.kind == "lift")
    assert "in hand: Seed ×20" in window.trace_player.sentence.text()
    view = window.board_view
    labels = [item for item in view.trace_step_items() if item.boundingRect().width() > 0
              and type(item).__name__ == "QGraphicsPathItem" and item.brush().color().name() == "#000000"]
    board_width = max(view.square_centre(s).x() for s in range(12)) - min(view.square_centre(s).x() for s in range(12))
    assert labels and all(label.sceneBoundingRect().width() < board_width for label in labels)


def test_a_wrong_side_to_move_is_told_the_letters_the_fen_field_writes(qtbot) -> None:
    """Oware's FEN writes North to move as 'b', as every two-player board does: a wrong side to move
    typed in the FEN field is told 'w' or 'b' (North's own 'n' is read too), not 'w' or 'n' alone."""
    window = open_window(qtbot, "oware")
    editor = window.position_editor
    window.document.set_turn(1)
    assert window.document.fen().split()[1] == "b"
    editor.fen_field.setText("4,4,4,4,4,4/4,4,4,4,4,4 x 0 0")
    qtbot.keyClick(editor.fen_field, Qt.Key.Key_Return)
    assert "expected 'w' or 'b' or 'n'" in editor.fen_error.text().replace("\u200b", "")
    editor.fen_field.setText("4,4,4,4,4,4/4,4,4,4,4,4 n 0 0")
    qtbot.keyClick(editor.fen_field, Qt.Key.Key_Return)
    assert not editor.fen_error.text() and window.document.position.turn == 1


def test_removing_a_heap_or_a_column_is_named_as_such_in_the_undo_step(qtbot) -> None:
    """The Edit menu names what Remove took: a pit's heap, a column of several pieces, not "the piece"."""
    window = open_window(qtbot, "oware")
    editor = window.position_editor
    editor.set_tool("remove")
    editor.square_clicked(window.board.index("c1"))
    assert window.undo_action.text().replace("&", "") == "Undo Remove the heap on c1"
    window = open_window(qtbot, "lasca")
    window.document.set_fen("7/7/7/3(so)3/2S4/7/7 w")
    editor = window.position_editor
    editor.set_tool("remove")
    editor.square_clicked(window.board.index("d4"))
    assert window.undo_action.text().replace("&", "") == "Undo Remove the column on d4"
    editor.square_clicked(window.board.index("c3"))
    assert window.undo_action.text().replace("&", "") == "Undo Remove the piece on c3"


def test_a_notation_betza_cannot_say_stays_in_dagaz_when_betza_is_chosen(qtbot) -> None:
    """Oware's seed sows, which Betza cannot say: choosing Betza for it keeps its Dagaz notation and
    says why, instead of reading the Dagaz text as Betza, marking the type edited with an error and
    showing no moves."""
    window = open_window(qtbot, "oware")
    editor = window.notation_editor
    click_and_wait(qtbot, window, "c1")
    notation = window.board.pieces["Seed"].notation_text
    editor.set_language("betza")
    assert editor.source_language == "dagaz" and editor.text() == notation
    assert editor.error_label.text() == "The Seed's notation cannot be said in Betza: it stays in Dagaz."
    assert editor.piece == "Seed" and not editor.unapplied()
    assert window.move_explorer.panel.summary.text().startswith("South Seed on c1: 1 legal move")


def test_the_play_field_s_examples_are_the_names_of_the_moves_listed(qtbot) -> None:
    # Shogi names its moves in UCI, whose own examples (e7e8q) are chess's: a piece's moves, once
    # listed, are the examples, as this board names them.
    window = open_window(qtbot, "shogi")
    position = window.document.position
    square = next(window.board.squares[s] for s, piece in enumerate(position.cells)
                  if piece is not None and piece.player == position.turn and window.board.squares[s][1] == "3")
    reply = click_and_wait(qtbot, window, square)
    assert reply.names
    shown = window.play_field.field.placeholderText()
    assert "e7e8q" not in shown and next(iter(reply.names.values())) in shown
