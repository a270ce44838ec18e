"""The window's document without Qt: the open board, its file's text, the position being edited,
whether there are unsaved changes, and the undoable edits.

The model says what changed through plain events (:class:`Event`); the window's ``QtDocument``
(gui/files/document.py) relays them as Qt signals, and the command line or a test uses the model as
it is. Recovery files of unsaved edits: :mod:`dagaz_studio.document.recovery`; the moves played:
:mod:`dagaz_studio.document.record` (each loaded when asked for).
"""

from dagaz_studio.document.document import Document, Placement
from dagaz_studio.document.events import Event
from dagaz_studio.document.history import Change, Command, History
from dagaz_studio.document.positions import initial_position, same

__all__ = ["Change", "Command", "Document", "Event", "History", "Placement", "initial_position", "same"]
