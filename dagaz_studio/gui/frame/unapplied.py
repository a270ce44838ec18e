"""Before the open board goes (closing the window, opening another board): what to do with edits
not applied yet, in the Board file panel's text and in the notations being edited."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDockWidget, QMessageBox, QWidget

from dagaz_studio.gui.docks.notation_editor import STILL_READING

if TYPE_CHECKING:
    from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor


def ask_about_unapplied_edits(parent: QWidget, title: str, board_text: QtBoardTextEditor,
                              notation_editor: QtNotationEditor, notation_dock: QDockWidget,
                              save: Callable[[], bool]) -> bool:
    """Save, Discard or Cancel edited notations (and the board file's text); ``save`` saves the board
    file. Returns whether the board may go."""
    if not board_text.ask_unapplied():
        return False
    broken = notation_editor.broken_drafts()
    if broken:
        # A notation with an error is never applied: keep editing it, or let it go.
        problems = "\n".join(f"{name}: {message}" for name, message in broken.items())
        # A long draft still being read has no error yet: it is not called one.
        reading = all(message == STILL_READING for message in broken.values())
        why = "is still being read and cannot be applied yet" if reading else "has an error and cannot be applied"
        box = QMessageBox(
            QMessageBox.Icon.Warning, title,
            f"The notation of {', '.join(broken)} {why}:\n\n{problems}\n\n"
            "Keep editing it, or discard the edit?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel, parent)
        keep = box.button(QMessageBox.StandardButton.Cancel)
        keep.setText("Keep editing")
        box.setDefaultButton(keep)
        if box.exec() != QMessageBox.StandardButton.Discard:
            notation_editor.edit_draft(next(iter(broken)))
            notation_dock.show()
            notation_dock.raise_()
            return False
        notation_editor.discard_unapplied(list(broken))
    drafts = notation_editor.unapplied()
    if not drafts:
        return True
    names = ", ".join(drafts)
    answer = QMessageBox.question(
        parent, title,
        f"The notation of {names} has been edited but not applied.\n\nApply it and save the board file?",
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Save,
    )
    if answer == QMessageBox.StandardButton.Discard:
        notation_editor.discard_unapplied()
        return True
    if answer != QMessageBox.StandardButton.Save:
        return False
    problem = notation_editor.apply_unapplied()
    if problem is not None:
        QMessageBox.warning(parent, title, problem)
        return False
    return save()
