"""Moves by name in the window: the "Play move" field, playing a listed move, the Xiangqi name style.

A typed name is read by the core (:class:`dagaz_studio.names.MoveNames`) on a worker thread, since
naming every legal move of a Xiangqi position can take tens of milliseconds; the move it selects is
made by the document (:meth:`QtDocument.play_move`), one undoable step. A move double-clicked in the
move list is already known to be legal: the explorer's worker found it and named it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QMenu, QVBoxLayout, QWidget

from dagaz_studio.board.model import Board
from dagaz_studio.engine.game import legal_moves
from dagaz_studio.engine.rules import Rules
from dagaz_studio.engine.values import Move, RunawayNotation, describe_move
from dagaz_studio.engine.position import Position
from dagaz_studio.gui.qt_document import QtDocument
from dagaz_studio.gui.qt_settings import XIANGQI_NAMES_KEY, settings
from dagaz_studio.gui.qt_worker import QtMoveRunner
from dagaz_studio.names import MoveNameError, MoveNames, default_style
from dagaz_studio.names.wxf import STYLES as WXF_STYLES

if TYPE_CHECKING:
    from dagaz_studio.gui.qt_move_explorer import QtMoveExplorer

#: The Xiangqi name styles the window offers, as its menu words them.
XIANGQI_STYLE_LABELS = {
    "wxf": "Front/back after the letter (CF+7)",
    "wxf-prefix": "Front/back before the letter (FC+7)",
    "wxf-signs": "WXF signs (C++7)",
}
DEFAULT_XIANGQI_STYLE = "wxf"


def window_style(board: Optional[Board], xiangqi_style: str = DEFAULT_XIANGQI_STYLE) -> Optional[str]:
    """The style the window names ``board``'s moves in: the board's own, with the chosen variant
    for a board named in WXF (``None`` without a board)."""
    if board is None:
        return None
    style = default_style(board)
    return xiangqi_style if style in WXF_STYLES and xiangqi_style in WXF_STYLES else style


def remembered_xiangqi_style() -> str:
    """The Xiangqi name style chosen last time (the default when none was, or it is unknown)."""
    value = settings().value(XIANGQI_NAMES_KEY)
    return value if isinstance(value, str) and value in XIANGQI_STYLE_LABELS else DEFAULT_XIANGQI_STYLE


@dataclass(frozen=True)
class PlayRequest:
    """A typed move name to read on ``position`` (whose side to move plays it), named in ``style``."""

    board: Board
    position: Position
    text: str
    style: Optional[str] = None
    serial: int = 0


@dataclass
class PlayReply:
    """The move a :class:`PlayRequest`'s text names and its name, or the reader's ``error``."""

    request: PlayRequest
    move: Optional[Move] = None
    name: str = ""
    error: Optional[str] = None
    candidates: tuple[str, ...] = ()

    @property
    def serial(self) -> int:
        """The number of the request answered."""
        return self.request.serial


def read_request(rules: Rules, request: PlayRequest, cancel: Optional[threading.Event] = None) -> PlayReply:
    """Read ``request.text`` against the legal moves of its position. Qt-free."""
    reply = PlayReply(request)
    position = request.position.copy()
    try:
        legal = legal_moves(rules, position, None, cancel)
    except RunawayNotation as error:
        reply.error = f"the legal moves cannot be worked out: {error}"
        return reply
    names = MoveNames(rules, position, legal, request.style)
    try:
        move = names.read(request.text)
    except MoveNameError as error:
        reply.error, reply.candidates = error.message, error.candidates
        return reply
    reply.move, reply.name = move, names.name(move)
    return reply


def _read_failed(request: PlayRequest, message: str) -> PlayReply:
    return PlayReply(request, error=message)


class QtPlayField(QWidget):
    """"Play move": a field for a move's name, and the reader's message beside it."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.label = QLabel("&Play move:")
        self.field = QLineEdit()
        self.field.setObjectName("playMoveField")
        self.field.setPlaceholderText("Nf3, O-O, H2+3, e2e4…")
        self.field.setToolTip("Type a move's name in any spelling (SAN, WXF, coordinates, UCI) and press "
                              "Enter to play it on the board")
        self.field.setClearButtonEnabled(True)
        self.label.setBuddy(self.field)
        self.message = QLabel()
        self.message.setObjectName("playMoveMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        self._failed = False
        row = QHBoxLayout()
        row.addWidget(self.label)
        row.addWidget(self.field, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.addLayout(row)
        layout.addWidget(self.message)

    def show_error(self, text: str) -> None:
        """Say why nothing was played (red)."""
        self._say(text, "#b00020")

    def show_note(self, text: str) -> None:
        """Say what happened (plain); an empty text hides the message."""
        self._say(text, "")

    @property
    def error(self) -> Optional[str]:
        """The error shown, if any."""
        return self.message.text() if self._failed and self.message.text() else None

    def _say(self, text: str, colour: str) -> None:
        self._failed = bool(colour)
        self.message.setStyleSheet(f"color: {colour};" if colour else "")
        self.message.setText(text)
        self.message.setVisible(bool(text))


class QtMovePlay(QObject):
    """Plays moves on the document: typed names (read off the GUI thread) and listed moves."""

    #: A move was played: its name.
    played = Signal(str)
    #: A name or a listed move could not be played: why (also shown beside the field).
    refused = Signal(str)
    #: The Xiangqi name style changed (its key in :data:`XIANGQI_STYLE_LABELS`).
    xiangqiStyleChanged = Signal(str)

    def __init__(self, document: QtDocument, explorer: "QtMoveExplorer", field: QtPlayField,
                 parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.document, self.explorer, self.field = document, explorer, field
        self.runner = QtMoveRunner(self, answer=read_request, failure=_read_failed)
        self.runner.replyReady.connect(self._on_reply)
        self.xiangqi_style = remembered_xiangqi_style()
        explorer.set_xiangqi_style(self.xiangqi_style)
        field.field.returnPressed.connect(lambda: self.play_text(field.field.text()))
        field.field.textEdited.connect(lambda _text: field.show_note(""))
        explorer.player.moveActivated.connect(self.play_listed)
        document.boardChanged.connect(lambda: field.show_note(""))

    @property
    def reading(self) -> bool:
        """Whether a typed name is being read."""
        return self.runner.running

    def play_text(self, text: str) -> None:
        """Read ``text`` as a move's name on the document's position and play it when it names one move."""
        board, position = self.document.board, self.document.position
        if board is None or position is None or not text.strip():
            return
        # Read-only, not disabled: the field keeps the focus, and a second Enter cannot race the first.
        self.field.field.setReadOnly(True)
        self.runner.request(PlayRequest(board, position.copy(), text.strip(),
                                        window_style(board, self.xiangqi_style)))

    @Slot(int)
    def play_listed(self, index: int) -> None:
        """Play move ``index`` of the explorer's reply (the move list's row), if it may be played now."""
        reply, position = self.explorer.reply, self.document.position
        if reply is None or position is None or not 0 <= index < len(reply.moves):
            return
        board = reply.request.board
        move = reply.moves[index]
        coordinates = describe_move(board, move)
        legal = index in reply.names or (reply.request.legal_only and index in reply.allowed
                                         and reply.names_error is not None)
        if reply.request.notation is not None:
            self._refuse(f"{coordinates} is a move of the typed notation's piece, which is not on the board")
        elif reply.player != position.turn:
            self._refuse(f"{coordinates}: {board.players[reply.player]} is not to move")
        elif not legal:
            self._refuse(f"{coordinates} is not a legal move")
        else:
            self._play(move, reply.names.get(index, coordinates), reply.request.position)

    def set_xiangqi_style(self, style: str) -> None:
        """Name Xiangqi moves in ``style`` (a key of :data:`XIANGQI_STYLE_LABELS`), and remember it."""
        if style not in XIANGQI_STYLE_LABELS or style == self.xiangqi_style:
            return
        self.xiangqi_style = style
        store = settings()
        store.setValue(XIANGQI_NAMES_KEY, style)
        store.sync()
        self.explorer.set_xiangqi_style(style)
        self.xiangqiStyleChanged.emit(style)

    def shutdown(self) -> None:
        """Stop the reading thread (the window calls this when it closes)."""
        self.runner.shutdown()
        self.field.field.setReadOnly(False)

    # ------------------------------------------------------------------ private

    @Slot(object)
    def _on_reply(self, reply: PlayReply) -> None:
        self.field.field.setReadOnly(False)
        if reply.error is not None or reply.move is None:
            self._refuse(reply.error or f"no legal move matches {reply.request.text!r}")
            self.field.field.selectAll()
            return
        if self._play(reply.move, reply.name, reply.request.position):
            self.field.field.clear()

    def _play(self, move: Move, name: str, found_on: Position) -> bool:
        try:
            self.document.play_move(move, name, on=found_on)
        except ValueError as error:  # the position changed while the name was read
            self._refuse(str(error))
            return False
        self.field.show_note(f"Played {name}.")
        self.played.emit(name)
        return True

    def _refuse(self, message: str) -> None:
        self.field.show_error(message)
        self.refused.emit(message)


class _StopOnClose(QObject):
    """Stops the reading thread when the window closes."""

    def __init__(self, play: QtMovePlay, window: QObject) -> None:
        super().__init__(window)
        self._play, self._window = play, window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """On the window's Close, stop the thread (it starts again by itself if the close is refused)."""
        if watched is self._window and event.type() == QEvent.Type.Close:
            self._play.shutdown()
        return super().eventFilter(watched, event)


def xiangqi_style_menu(play: QtMovePlay, parent: QWidget) -> QMenu:
    """A menu of the Xiangqi name styles, one checked, that sets :attr:`QtMovePlay.xiangqi_style`."""
    menu = QMenu("&Xiangqi move names", parent)
    menu.setToolTipsVisible(True)
    group = QActionGroup(menu)
    group.setExclusive(True)
    actions: dict[str, QAction] = {}
    for style, label in XIANGQI_STYLE_LABELS.items():
        action = QAction(label, menu)
        action.setCheckable(True)
        action.setChecked(style == play.xiangqi_style)
        action.setData(style)
        action.setToolTip("How two pieces of one kind on one file are told apart in WXF names")
        action.triggered.connect(lambda _checked=False, s=style: play.set_xiangqi_style(s))
        group.addAction(action)
        menu.addAction(action)
        actions[style] = action
    play.xiangqiStyleChanged.connect(lambda style: actions[style].setChecked(True))
    menu.style_actions = actions  # type: ignore[attr-defined]  # for tests and the window
    return menu


def install_move_play(window) -> QtMovePlay:  # type: ignore[no-untyped-def]
    """Give ``window`` (a :class:`QtMainWindow` with its move explorer) the "Play move" field at the
    top of the Moves dock, double-click-to-play in the move list, and View ▸ Xiangqi move names."""
    field = QtPlayField(window.moves_panel)
    window.moves_panel.layout().insertWidget(0, field)
    window.play_field = field
    play = QtMovePlay(window.document, window.move_explorer, field, window)
    play.played.connect(lambda name: window.statusBar().showMessage(f"Played {name}", 5000))
    play._stop_on_close = _StopOnClose(play, window)  # kept alive with the controller
    app = QCoreApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(play.shutdown)
    view_menu = next((action.menu() for action in window.menuBar().actions()
                      if action.menu() is not None and action.text().replace("&", "") == "View"), None)
    if view_menu is None:
        view_menu = window.menuBar().addMenu("&View")
    window.xiangqi_names_menu = xiangqi_style_menu(play, window)
    view_menu.addMenu(window.xiangqi_names_menu)
    return play
