"""Crash-safe edits: what is not saved yet is written to a recovery file per open board, in the
platform's application-data folder, and offered back at the next start if the window did not close.

A recovery file is JSON: the board file's path, its unsaved text (when it differs from the file), the
piece notations edited but not applied, and the position. It is written whole or not at all, a moment
after each change, and removed once the changes are saved or dropped, or the window closes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from dagaz_studio.board.text_file import read_text_file
from dagaz_studio.board.writer import SaveError, write_atomically
from dagaz_studio.gui.settings import APPLICATION, ORGANIZATION

#: A recovery file larger than this is not one the window wrote: it is dropped unread.
MAX_RECOVERY_BYTES = 4_000_000


@dataclass
class Recovered:
    """The unsaved state of one board, as a recovery file kept it."""

    board_path: Path
    board_text: str | None = None
    drafts: dict[str, str] = field(default_factory=dict)
    fen: str = ""
    file: Path | None = None


def recovery_folder() -> Path:
    """Where recovery files are kept: ``recovery`` in the application's data folder (named here, not
    after the running program, so that every way of starting the window finds the same folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(base or Path.home() / ".local" / "share") / ORGANIZATION / APPLICATION / "recovery"


class Recovery:
    """Writes, lists and removes the recovery files in ``folder`` (default: :func:`recovery_folder`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else recovery_folder()

    def file_for(self, board_path: Path) -> Path:
        """The recovery file of one board file."""
        key = hashlib.sha1(str(board_path.resolve()).encode("utf-8")).hexdigest()[:16]
        return self.folder / f"{key}.json"

    def write(self, state: Recovered) -> str | None:
        """Keep ``state``; returns why not when it cannot be written (the window goes on regardless)."""
        data = {"board": str(state.board_path.resolve()), "text": state.board_text, "drafts": state.drafts,
                "fen": state.fen}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(self.file_for(state.board_path), json.dumps(data, ensure_ascii=False))
        except (OSError, SaveError) as error:
            return str(error)
        return None

    def remove(self, board_path: Path) -> None:
        """Forget the recovery file of ``board_path`` (its changes were saved or dropped)."""
        self.file_for(board_path).unlink(missing_ok=True)

    def pending(self) -> list[Recovered]:
        """Every recovery file left by a window that did not close; unreadable ones are removed."""
        found: list[Recovered] = []
        if not self.folder.is_dir():
            return found
        for file in sorted(self.folder.glob("*.json")):
            try:
                data = json.loads(read_text_file(file, MAX_RECOVERY_BYTES, what="recovery file"))
                text, drafts, fen = data.get("text"), data.get("drafts") or {}, data.get("fen") or ""
                if not isinstance(data.get("board"), str) or not (text is None or isinstance(text, str)) \
                        or not isinstance(drafts, dict) or not isinstance(fen, str):
                    raise ValueError("not a recovery file")
                found.append(Recovered(Path(data["board"]), text,
                                       {str(k): str(v) for k, v in drafts.items()}, fen, file))
            except (OSError, ValueError):
                file.unlink(missing_ok=True)
        return found
