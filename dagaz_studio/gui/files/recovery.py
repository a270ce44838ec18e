"""Where the recovery files of unsaved edits are kept: the platform's application-data folder
(the files and what they hold: :mod:`dagaz_studio.document.recovery`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

from dagaz_studio.document import recovery
from dagaz_studio.document.recovery import Recovered
from dagaz_studio.gui.settings import APPLICATION, ORGANIZATION

__all__ = ["Recovered", "Recovery", "recovery_folder"]


def recovery_folder() -> Path:
    """Where recovery files are kept: ``recovery`` in the application's data folder (named here, not
    after the running program, so that every way of starting the window finds the same folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(base or Path.home() / ".local" / "share") / ORGANIZATION / APPLICATION / "recovery"


class Recovery(recovery.Recovery):
    """The recovery files in ``folder``, by default :func:`recovery_folder`."""

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__(folder if folder is not None else recovery_folder())
