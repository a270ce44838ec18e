"""Moves by name in the window: the "Play move" field, playing a listed move, the Xiangqi name style.

A typed name is read by the core (:class:`dagaz_studio.names.MoveNames`) on a worker thread, since
naming every legal move of a Xiangqi position can take tens of milliseconds; the move it selects is
made by the document (:meth:`QtDocument.play_move`), one undoable step. A move double-clicked in the
move list is already known to be legal: the explorer's worker found it and named it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from dagaz_studio.engine import Move, Position, describe_move
from dagaz_studio.gui.docks.play_field import QtPlayField
from dagaz_studio.gui.explorer.explorer import QtMoveExplorer
from dagaz_studio.gui.explorer.name_styles import XIANGQI_STYLE_LABELS, remembered_xiangqi_style, window_style
from dagaz_studio.gui.explorer.run_budget import LONGER, MOST_WINDOW_BUDGET, reading_sentence
from dagaz_studio.gui.field_length import too_long
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.settings import XIANGQI_NAMES_KEY, settings
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries import MoveNameAnswer, MoveNameQuery, read_move_name


def _read_failed(query: MoveNameQuery, message: str) -> MoveNameAnswer:
    return MoveNameAnswer(query, error=message)


class QtMovePlay(QObject):
    """Plays moves on the document: typed names (read off the GUI thread) and listed moves."""

    #: A move was played: its name.
    played = Signal(str)
    #: A name or a listed move could not be played: why (also shown beside the field).
    refused = Signal(str)
    #: The Xiangqi name style changed (its key in :data:`XIANGQI_STYLE_LABELS`).
    xiangqiStyleChanged = Signal(str)

    def __init__(self, document: QtDocument, explorer: QtMoveExplorer, field: QtPlayField,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.explorer, self.field = document, explorer, field
        self.runner = QtMoveRunner(self, answer=read_move_name, failure=_read_failed)
        self.runner.replyReady.connect(self._on_reply)
        self.xiangqi_style = remembered_xiangqi_style()
        explorer.set_xiangqi_style(self.xiangqi_style)
        field.field.returnPressed.connect(self._play_typed)
        field.longer.clicked.connect(self.read_longer)
        #: The name last read and the budget it was given, while its run may be given more.
        self._stopped: MoveNameQuery | None = None
        field.field.textEdited.connect(lambda _text: field.show_note(""))
        explorer.player.moveActivated.connect(self.play_listed)
        self._opening = document.openings  # the document's count of boards opened, at the last board change
        document.boardChanged.connect(self._on_board_changed)
        document.boardChanged.connect(self._show_style)
        explorer.replyShown.connect(self._show_examples)

    def _show_style(self) -> None:
        board = self.document.board
        if board is not None:
            self.field.set_style(board.names)

    @Slot(object)
    def _show_examples(self, reply: object) -> None:
        """The names of the moves just listed as the field's examples: names of this board, in its style
        (shogi's b2h8+ rather than chess's e7e8q), where the style's own examples are only a guess."""
        names, query, position = getattr(reply, "names", None), getattr(reply, "query", None), self.document.position
        if (names and query is not None and query.notation is None and query.board is self.document.board
                and position is not None and getattr(reply, "player", None) == position.turn):
            self.field.set_examples(list(names.values())[:3])  # a side not to move has no move to play

    @property
    def reading(self) -> bool:
        """Whether a typed name is being read."""
        return self.runner.running

    @Slot()
    def _play_typed(self) -> None:
        refused = too_long(self.field.field, "The move's name")
        if refused is not None:
            self.field.show_error(refused)
            return
        self.play_text(self.field.field.text())

    def play_text(self, text: str, budget: int | None = None) -> None:
        """Read ``text`` as a move's name on the document's position and play it when it names one move;
        each piece's run may spend ``budget`` (by default, what the user gave the selected piece)."""
        board, position = self.document.board, self.document.position
        if board is None or position is None or not text.strip():
            return
        # Read-only, not disabled: the field keeps the focus, and a second Enter cannot race the first.
        self.field.field.setReadOnly(True)
        self.field.longer.hide()
        # The position's moves were listed with the work the user gave a piece: a name is read with it too.
        self.runner.request(MoveNameQuery(board, position.copy(), text.strip(),
                                          window_style(board, self.xiangqi_style),
                                          budget=self.explorer.budget.given() if budget is None else budget))

    @Slot()
    def read_longer(self) -> bool:
        """Read the name whose reading spent its budget again, with :data:`LONGER` times more work, if
        the position and the name are still the ones it was read on; returns whether it asked."""
        stopped, position = self._stopped, self.document.position
        self._stopped = None
        if (stopped is None or position is None or stopped.board is not self.document.board
                or position.fen() != stopped.position.fen() or self.field.field.text().strip() != stopped.text):
            self.field.longer.hide()
            return False
        self.play_text(stopped.text, budget=min(stopped.budget * LONGER, MOST_WINDOW_BUDGET))
        return True

    @Slot(int)
    def play_listed(self, index: int) -> None:
        """Play move ``index`` of the explorer's reply (the move list's row), if it may be played now."""
        reply, position = self.explorer.reply, self.document.position
        if reply is None or position is None or not 0 <= index < len(reply.moves):
            return
        board = reply.query.board
        move = reply.moves[index]
        coordinates = describe_move(board, move)
        legal = index in reply.names or (reply.query.legal_only and index in reply.allowed
                                         and reply.names_error is not None)
        if reply.query.notation is not None:
            self._refuse(f"{coordinates} is a move of a notation not on the board (tried, or edited and not applied)")
        elif reply.player != position.turn:
            self._refuse(f"{coordinates}: {board.players[reply.player]} is not to move")
        elif not legal:
            self._refuse(f"{coordinates} is not a legal move")
        else:
            self._play(move, reply.names.get(index, coordinates), reply.query.position)

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

    @Slot()
    def _on_board_changed(self) -> None:
        self.field.show_note("")
        if self.document.openings != self._opening:
            # A name typed for the board closed: Enter would play it, read anew, on this one.
            self._opening = self.document.openings
            self.field.field.clear()
        if self.reading:
            # A name read against the board as it was: the move it finds is not this board's to play.
            self.runner.cancel()
            self.field.field.setReadOnly(False)
            self._refuse("Not played: the board changed while the move's name was read.")

    @Slot(object)
    def _on_reply(self, reply: MoveNameAnswer) -> None:
        self.field.field.setReadOnly(False)
        if reply.error is not None or reply.move is None:
            message = reply.error or f"no legal move matches {reply.query.text!r}"
            if reply.budget_spent:
                message = f"{message}. {reading_sentence(reply.query.budget)}"
            self._refuse(message)
            self._stopped = None
            if reply.budget_spent and reply.query.budget < MOST_WINDOW_BUDGET:
                self._stopped = reply.query
                self.field.offer_longer(f"Run {LONGER}× longer", "Read the name again, each piece's run given "
                                        f"{min(reply.query.budget * LONGER, MOST_WINDOW_BUDGET):,} units of work")
            self.field.field.selectAll()
            return
        if self._play(reply.move, reply.name, reply.query.position):
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
