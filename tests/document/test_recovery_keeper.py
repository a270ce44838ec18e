"""Unsaved edits kept in a recovery file and brought back, without the window: the file is read as
JSON, apart from the code that writes it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dagaz_studio.board import shipped_boards
from dagaz_studio.document import Document
from dagaz_studio.document.recovery import Keeper, Recovered, Recovery


@pytest.fixture
def own_chess(tmp_path) -> Path:
    path = tmp_path / "boards" / "chess.board"
    path.parent.mkdir()
    shutil.copy(shipped_boards()["chess"], path)
    return path


@pytest.fixture
def keeper(tmp_path) -> Keeper:
    return Keeper(Recovery(tmp_path / "recovery"))


def kept(keeper: Keeper) -> list[dict]:
    return [json.loads(file.read_text(encoding="utf-8")) for file in sorted(keeper.recovery.folder.glob("*.json"))]


def test_a_changed_text_drafts_and_the_position_are_kept_and_removed_once_clean(keeper, own_chess):
    doc = Document()
    doc.open_board(own_chess)
    assert keeper.keep(doc, {}) is None and kept(keeper) == []
    doc.set_piece_notation("Rook", "(+)")
    doc.place(doc.board.index("e4"), 0, "Queen")
    keeper.keep(doc, {"Knight": "N"})
    [data] = kept(keeper)
    assert data["board"] == str(own_chess.resolve()) and data["text"] == doc.board_text
    assert data["drafts"] == {"Knight": "N"} and data["fen"] == doc.fen()
    doc.history.undo()
    doc.history.undo()
    keeper.keep(doc, {"Knight": "N"})
    assert kept(keeper)[0]["text"] is None  # the text is the file's again: only the draft is kept
    keeper.keep(doc, {})
    assert kept(keeper) == []


def test_another_board_or_closing_removes_what_the_last_one_kept(keeper, own_chess):
    doc = Document()
    doc.open_board(own_chess)
    doc.set_piece_notation("Rook", "(+)")
    keeper.keep(doc, {})
    assert len(kept(keeper)) == 1
    doc.open_board("xiangqi")
    keeper.keep(doc, {})
    assert kept(keeper) == []
    doc.open_board(own_chess)
    keeper.keep(doc, {"Rook": "(+)"})
    keeper.closed()
    assert kept(keeper) == []


def test_an_offer_taken_restores_the_edits_as_undoable_ones(keeper, own_chess):
    doc = Document()
    doc.open_board(own_chess)
    doc.set_piece_notation("Rook", "(+)")
    doc.place(doc.board.index("e4"), 0, "Queen")
    keeper.keep(doc, {"Knight": "N"})
    text, fen = doc.board_text, doc.fen()

    later, opened, drafts = Document(), [], []
    later.open_board("chess")
    notes = Keeper(keeper.recovery).offer(later, lambda state: True, opened.append, drafts.append)
    assert later.board_path == own_chess and opened == [own_chess]
    assert later.board_text == text and later.fen() == fen and later.board_dirty
    assert drafts == [{"Knight": "N"}] and notes[0].startswith("Restored the unsaved changes to chess.board")
    later.history.undo()
    later.history.undo()
    assert not later.board_dirty


def test_the_board_file_panel_s_text_not_applied_is_kept_alone_and_given_back(keeper, own_chess):
    doc = Document()
    doc.open_board(own_chess)
    typed = doc.board_text + "zone centre: d4-e5\n"
    keeper.keep(doc, {}, typed)
    assert [state["panel"] for state in kept(keeper)] == [typed]
    later, panel = Document(), []
    later.open_board(own_chess)
    Keeper(keeper.recovery).offer(later, lambda state: True, lambda path: None, lambda drafts: None, panel.append)
    assert panel == [typed] and not later.board_dirty
    keeper.keep(doc, {}, None)
    assert kept(keeper) == []


def test_an_offer_declined_or_for_a_board_gone_is_forgotten(keeper, own_chess):
    keeper.recovery.write(Recovered(own_chess, "not a board", {}, ""))
    doc = Document()
    doc.open_board("chess")
    asked = []
    assert keeper.offer(doc, lambda state: asked.append(state.board_path) or False, print, print) == []
    assert asked == [own_chess.resolve()] and kept(keeper) == []
    keeper.recovery.write(Recovered(own_chess, "not a board", {}, ""))
    notes = keeper.offer(doc, lambda state: True, print, print)
    assert "could not be restored" in notes[0] and kept(keeper) == []
    gone = own_chess.parent / "gone.board"
    keeper.recovery.write(Recovered(gone, None, {"Rook": "(+)"}, ""))
    assert "could not be restored" in keeper.offer(doc, lambda state: True, print, print)[0]
    assert not doc.board_dirty  # the text that did not load was not put in


def test_an_unreadable_recovery_file_is_dropped(keeper):
    keeper.recovery.folder.mkdir()
    (keeper.recovery.folder / "junk.json").write_text("{not json", encoding="utf-8")
    (keeper.recovery.folder / "wrong.json").write_text('{"board": 3}', encoding="utf-8")
    (keeper.recovery.folder / "list.json").write_text('["chess.board"]', encoding="utf-8")
    (keeper.recovery.folder / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    assert keeper.recovery.pending() == [] and kept(keeper) == []
