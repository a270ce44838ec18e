"""The path a save dialog chose, with the suffix the file is written under."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget


def with_suffix_asked(parent: QWidget | None, title: str, chosen: str, suffix: str) -> Path | None:
    """``chosen`` ending in ``suffix`` (``.board``, ``.png``), added when it does not; ``None`` when the
    user would not replace the file the added suffix names. The save dialog asked about replacing
    the name typed, not that one. (A folder of that name is not asked about: nothing can replace it,
    and the save says so.)"""
    path = Path(chosen)
    if path.name.lower().endswith(suffix):
        return path
    path = path.with_name(path.name + suffix)
    if path.exists() and not path.is_dir() and QMessageBox.question(
            parent, title, f"{path.name} already exists in {path.parent}.\n\nReplace it?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
        return None
    return path
