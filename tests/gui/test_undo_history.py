"""The document's model seen through Qt: its events as signals, its history as undo actions."""

from __future__ import annotations

from dagaz_studio.document import Document
from dagaz_studio.gui.files.document import QtDocument


def test_edits_made_on_the_model_are_signalled(qtbot):
    model = Document()
    document = QtDocument(model=model)
    with qtbot.waitSignals([document.boardChanged, document.positionChanged], order="strict"):
        model.open_board("chess")
    with qtbot.waitSignal(document.positionChanged):
        model.place(model.board.index("e4"), 0, "Queen")
    with qtbot.waitSignal(document.dirtyChanged) as dirty:
        model.set_piece_notation("Rook", "(+)")
    assert dirty.args == [True] and document.board is model.board and document.position is model.position


def test_undo_actions_follow_the_models_history(qtbot):
    document = QtDocument()
    document.open_board("chess")
    undo = document.undo_stack.createUndoAction(document, "&Undo")
    redo = document.undo_stack.createRedoAction(document, "&Redo")
    assert (undo.text(), undo.isEnabled(), redo.isEnabled()) == ("&Undo", False, False)
    with qtbot.waitSignal(document.undo_stack.canUndoChanged) as can_undo:
        document.place(document.board.index("e4"), 0, "Queen")
    assert can_undo.args == [True] and undo.text() == "&Undo Place White Queen on e4" and undo.isEnabled()
    undo.trigger()
    assert document.position.cells[document.board.index("e4")] is None
    assert (undo.isEnabled(), redo.text(), redo.isEnabled()) == (False, "&Redo Place White Queen on e4", True)
    redo.trigger()
    assert document.position.piece_name(document.board.index("e4")) == "Queen"
    assert document.undo_stack.count() == document.model.history.count == 1
