"""Any edits of the document, undone and redone: properties held against the state before them and
against the file on disk."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dagaz_studio.board import shipped_boards
from dagaz_studio.document import Document

#: Notations a chess piece may be given (each a valid notation): a notation edit picks one.
NOTATIONS = ["(+)", "N", "(+)([p]\\1)*", "(+)([p]\\1){0,1}"]
SQUARES = st.integers(0, 63)

edits = st.one_of(
    st.tuples(st.just("place"), SQUARES, st.integers(0, 1), st.integers(0, 5), st.sampled_from([None, True, False])),
    st.tuples(st.just("remove"), SQUARES),
    st.tuples(st.just("move"), SQUARES, SQUARES),
    st.tuples(st.just("turn"), st.integers(0, 1)),
    st.tuples(st.just("moved"), SQUARES, st.booleans()),
    st.tuples(st.just("clear")),
    st.tuples(st.just("reset")),
    st.tuples(st.just("notation"), st.sampled_from(["Rook", "Knight", "Bishop"]), st.sampled_from(NOTATIONS)),
    st.tuples(st.just("note"), st.text("abc ", max_size=5)),
    st.tuples(st.just("setup")),
)


def apply(doc: Document, edit: tuple) -> None:
    """Make one edit; an edit the document refuses (a setup the file cannot hold) changes nothing."""
    kind, *args = edit
    if kind == "place":
        doc.place(*args)
    elif kind == "remove":
        doc.remove(*args)
    elif kind == "move":
        doc.move_piece(*args)
    elif kind == "turn":
        doc.set_turn(*args)
    elif kind == "moved":
        doc.set_moved(*args)
    elif kind == "clear":
        doc.clear()
    elif kind == "reset":
        doc.reset()
    elif kind == "notation":
        doc.set_piece_notation(*args)
    elif kind == "note":
        doc.set_board_text(doc.board_text + f"\n# {args[0]}\n", "Add a note")
    else:
        before = state(doc)
        try:
            doc.use_position_as_setup()
        except ValueError:
            assert state(doc) == before


def state(doc: Document) -> tuple:
    """Everything the document holds that an edit may change, read field by field."""
    p = doc.position
    return (doc.board_text, doc.board.setup, tuple(p.cells), p.turn, p.last_move, p.labels, p.halfmove_clock,
            p.fullmove_number, [list(hand) for hand in p.hands], p.runs, p.passes)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(edits, max_size=12))
def test_undoing_every_edit_gives_back_the_start_and_redoing_replays_them(steps):
    doc = Document()
    doc.open_board("chess")
    position = doc.position
    start = state(doc)
    for step in steps:
        apply(doc, step)
    edited, done = state(doc), doc.history.count
    for _ in range(done):
        doc.history.undo()
    assert state(doc) == start and not doc.history.can_undo and not doc.board_dirty
    assert doc.position is position and doc.position.board is doc.board
    for _ in range(done):
        doc.history.redo()
    assert state(doc) == edited and not doc.history.can_redo
    assert doc.position.board is doc.board


actions = st.one_of(edits, st.sampled_from([("undo",), ("redo",), ("save",)]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions, max_size=14))
def test_the_board_is_dirty_exactly_when_its_text_differs_from_the_file(steps):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "chess.board"
        path.write_text(shipped_boards()["chess"].read_text(encoding="utf-8"), encoding="utf-8")
        doc = Document()
        doc.open_board(path)
        said: list[bool] = []
        doc.dirty_changed.connect(said.append)
        for step in steps:
            if step == ("undo",):
                doc.history.undo()
            elif step == ("redo",):
                doc.history.redo()
            elif step == ("save",):
                doc.save_board()
            else:
                apply(doc, step)
            dirty = doc.board_text != path.read_text(encoding="utf-8")
            assert doc.board_dirty == dirty
            assert doc.unsaved_changes() == [] if not dirty else doc.unsaved_changes() != []
            # Said each time it changes, and only then.
            assert said == [] and not dirty or said[-1] == dirty
            assert all(a != b for a, b in zip(said, said[1:]))
