"""Crash-safe edits: what is not saved yet is written to a recovery file per open board, and offered
back at the next start if the window did not close.

A recovery file is JSON: the board file's path, its unsaved text (when it differs from the file), the
piece notations edited but not applied, the Board file panel's text edited but not applied, and the
position. It is written whole or not at all, a moment
after each change, and removed once the changes are saved or dropped, or the window closes.
:class:`Recovery` reads and writes the files of one folder; :class:`Keeper` decides, for a
:class:`~dagaz_studio.document.Document`, what to keep, what to remove and how to bring it back.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from dagaz_studio.board.text_file import read_text_file
from dagaz_studio.board.writer import SaveError, write_atomically

if TYPE_CHECKING:
    from dagaz_studio.document.document import Document

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
    #: The Board file panel's text, edited and not applied (``None``: it shows the board's own).
    panel_text: str | None = None


class Recovery:
    """Writes, lists and removes the recovery files in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def file_for(self, board_path: Path) -> Path:
        """The recovery file of one board file."""
        key = hashlib.sha1(str(board_path.resolve()).encode("utf-8")).hexdigest()[:16]
        return self.folder / f"{key}.json"

    def write(self, state: Recovered) -> str | None:
        """Keep ``state``; returns why not when it cannot be written (the window goes on regardless)."""
        data = {"board": str(state.board_path.resolve()), "text": state.board_text, "drafts": state.drafts,
                "fen": state.fen, "panel": state.panel_text}
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
                if not isinstance(data, dict):
                    raise ValueError("not a recovery file")
                text, drafts, fen = data.get("text"), data.get("drafts") or {}, data.get("fen") or ""
                panel = data.get("panel")
                if not isinstance(data.get("board"), str) or not (text is None or isinstance(text, str)) \
                        or not isinstance(drafts, dict) or not isinstance(fen, str) \
                        or not (panel is None or isinstance(panel, str)):
                    raise ValueError("not a recovery file")
                found.append(Recovered(Path(data["board"]), text,
                                       {str(k): str(v) for k, v in drafts.items()}, fen, file, panel))
            except (OSError, ValueError, RecursionError):
                # RecursionError: JSON nested thousands deep, which only a damaged file holds.
                file.unlink(missing_ok=True)
        return found


class Keeper:
    """Keeps a document's unsaved edits in its recovery file, and brings them back after a run that did
    not close. The window calls :meth:`keep` a moment after each change and :meth:`closed` once the
    user has answered for the changes."""

    def __init__(self, recovery: Recovery) -> None:
        self.recovery = recovery
        #: The board whose recovery file holds edits of this run.
        self.recovering: Path | None = None

    def keep(self, document: Document, drafts: dict[str, str], panel_text: str | None = None) -> str | None:
        """Keep the open board's unsaved edits (its text when changed, ``drafts``: notations edited but
        not applied, ``panel_text``: the Board file panel's text edited but not applied, the position),
        or remove its recovery file when there are none. Returns why the edits could not be kept, if
        they could not."""
        path = document.board_path
        if self.recovering is not None and self.recovering != path:
            # The user answered for the last board's changes when it was closed.
            self.recovery.remove(self.recovering)
            self.recovering = None
        if path is None:
            return None
        dirty = document.board_dirty
        if not dirty and not drafts and panel_text is None:
            self.recovery.remove(path)
            self.recovering = None
            return None
        problem = self.recovery.write(Recovered(path, document.board_text if dirty else None, drafts,
                                                document.fen(), panel_text=panel_text))
        self.recovering = path
        return problem

    def closed(self) -> None:
        """The window closed, its changes answered for: nothing is left to recover."""
        if self.recovering is not None:
            self.recovery.remove(self.recovering)
            self.recovering = None

    def offer(self, document: Document, ask: Callable[[Recovered], bool], opened: Callable[[Path], None],
              drafts: Callable[[dict[str, str]], None],
              panel: Callable[[str], None] | None = None) -> list[str]:
        """Offer each board's unsaved changes back (``ask``: whether the user wants them); returns what
        happened, in sentences for the user. ``opened`` is told of a board file opened to restore its
        edits, ``drafts`` given the notations that were not applied, ``panel`` the Board file panel's
        text that was not applied."""
        notes: list[str] = []
        for state in self.recovery.pending():
            if not ask(state):
                self.recovery.remove(state.board_path)
                continue
            name = state.board_path.name
            if not state.board_path.is_file() or not self.restore(document, state, opened):
                notes.append(f"The unsaved changes to {name} could not be restored: the board file is gone or "
                             "no longer loads.")
                self.recovery.remove(state.board_path)
                continue
            drafts(state.drafts)
            if state.panel_text is not None and panel is not None:
                panel(state.panel_text)
            notes.append(f"Restored the unsaved changes to {name}; save them with File ▸ Save board.")
            self.recovering = state.board_path
        return notes

    @staticmethod
    def restore(document: Document, state: Recovered, opened: Callable[[Path], None]) -> bool:
        """Put ``state``'s board text and position in ``document`` (opening its board file first unless
        open; ``opened`` is then told), as edits to undo. Whether it could: not when the file no longer
        loads or no longer fits the kept edits."""
        current = document.board_path
        if current is None or current.resolve() != state.board_path.resolve():
            try:
                document.open_board(state.board_path)
            except ValueError:
                return False
            opened(state.board_path)
        try:
            if state.board_text is not None:
                document.set_board_text(state.board_text, "Restore unsaved changes")
            if state.fen:
                document.set_fen(state.fen)
        except ValueError:  # BoardFileError, FenError: the file changed since
            return False
        return True
