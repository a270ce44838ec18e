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
        if not _or_keep_editing(parent, title, "Keep editing it, or discard the edit?", QMessageBox.StandardButton.Discard,
                                broken, notation_editor, notation_dock):
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


def apply_before_saving(parent: QWidget, title: str, board_text: QtBoardTextEditor, board_text_dock: QDockWidget,
                        notation_editor: QtNotationEditor, notation_dock: QDockWidget) -> bool:
    """Before the board file is saved: apply the Board file panel's text and the edited notations, so
    that the file holds what the panels show. Returns whether to go on saving: a text that does not
    load is shown with its problems, and a notation that cannot be applied is asked about (save
    without it, the edit staying in the editor, or keep editing it)."""
    if not board_text.apply():
        if not board_text.problems:
            return False  # asked about a line changed both there and elsewhere, the user kept editing
        count = len(board_text.problems)
        first = board_text.problems[0] if board_text.problems else None
        where = f"\n\n{first.line}:{first.column}: {first.message}" if first is not None else ""
        QMessageBox.warning(parent, title, f"The board file's text has {count} problem{'' if count == 1 else 's'} "
                            f"and cannot be applied, so the board file is not saved:{where}\n\n"
                            "Mend the text in the Board file panel (or Revert it), then save.")
        board_text_dock.show()
        board_text_dock.raise_()
        return False
    broken = notation_editor.broken_drafts()
    if broken and not _or_keep_editing(
            parent, title, "Save the board file without it? The edit stays in the notation editor.",
            QMessageBox.StandardButton.Save, broken, notation_editor, notation_dock):
        return False
    problem = notation_editor.apply_unapplied(leave=broken)
    if problem is not None:
        QMessageBox.warning(parent, title, problem)
        return False
    return True


def has_unapplied_edits(board_text: QtBoardTextEditor, notation_editor: QtNotationEditor) -> bool:
    """Whether the Board file panel's text or a piece type's notation is edited and not applied."""
    return board_text.has_unapplied_changes() or bool(notation_editor.unapplied())


def _or_keep_editing(parent: QWidget, title: str, question: str, choice: QMessageBox.StandardButton,
                     broken: dict[str, str], notation_editor: QtNotationEditor, notation_dock: QDockWidget) -> bool:
    """Whether the user takes ``choice`` for the notations that cannot be applied; else (Keep editing,
    the default) the first of them is shown in the editor to mend."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, f"{_not_applicable(broken)}\n\n{question}",
                      choice | QMessageBox.StandardButton.Cancel, parent)
    keep = box.button(QMessageBox.StandardButton.Cancel)
    keep.setText("Keep editing")
    box.setDefaultButton(keep)
    if box.exec() == choice:
        return True
    notation_editor.edit_draft(next(iter(broken)))
    notation_dock.show()
    notation_dock.raise_()
    return False


def _not_applicable(broken: dict[str, str]) -> str:
    """Says which edited notations cannot be applied, and why."""
    problems = "\n".join(f"{name}: {message}" for name, message in broken.items())
    # A long draft still being read has no error yet: it is not called one.
    reading = all(message == STILL_READING for message in broken.values())
    why = "is still being read and cannot be applied yet" if reading else "has an error and cannot be applied"
    return f"The notation of {', '.join(broken)} {why}:\n\n{problems}"
