"""Editing the position: a palette of the board's pieces, a remove tool, side to move, FEN, undo.

The editor changes nothing itself: every edit goes through the :class:`QtDocument`, which records it
for undo and announces it. The board view forwards clicks, drags and context-menu requests here.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.model import Board
from dagaz_studio.board.placement import NEUTRAL
from dagaz_studio.engine import MAX_FEN_LENGTH, FenError
from dagaz_studio.gui.board_view.piece_items import can_draw
from dagaz_studio.gui.board_view.view import player_colour
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.docks.label_text import wrappable
from dagaz_studio.gui.field_length import hold_at_most, too_long, without_unseen_breaks
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.resources import piece_face
from dagaz_studio.pdn import PdnError

#: The tool that only selects squares (clicks place nothing).
SELECT_TOOL = "select"
#: The tool that takes pieces off the squares clicked.
REMOVE_TOOL = "remove"


class QtPositionEditor(QWidget):
    """Palette, tools, side to move, FEN field, and undo/redo/reset/clear for a document's position."""

    #: The tool changed: ``select``, ``remove``, or ``place:PLAYER:KIND`` (indices).
    toolChanged = Signal(str)

    def __init__(self, document: QtDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._tool = SELECT_TOOL
        self.tool_buttons: dict[str, QToolButton] = {}
        #: Each place tool's side and piece type name.
        self._tool_pieces: dict[str, tuple[int, str]] = {}
        self._tools = QButtonGroup(self)
        self._tools.setExclusive(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        tools_row = FlowLayout()
        for tool, text, tip in ((SELECT_TOOL, "Select", "Clicks select squares; drag pieces to move them"),
                                (REMOVE_TOOL, "Remove", "Click pieces to take them off the board")):
            button = self._tool_button(tool, text, tip)
            tools_row.addWidget(button)
        layout.addLayout(tools_row)
        # One flow of buttons for each side, wrapping in a narrow dock rather than widening it.
        self._palette = QVBoxLayout()
        self._palette.setSpacing(2)
        self._palette_rows: list[FlowLayout] = []
        layout.addLayout(self._palette)

        turn_row = FlowLayout()
        turn_row.addWidget(QLabel("To move:"))
        self.turn_box = QComboBox()
        self.turn_box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.turn_box.activated.connect(self._on_turn_chosen)
        turn_row.addWidget(self.turn_box)
        layout.addLayout(turn_row)

        fen_label = QLabel("FEN (press Enter to set up):")
        fen_label.setWordWrap(True)
        layout.addWidget(fen_label)
        # Room for the longest FEN read, and a longer one pasted refused rather than cut to fit.
        self.fen_field = without_unseen_breaks(hold_at_most(QLineEdit(), MAX_FEN_LENGTH))
        self.fen_field.setClearButtonEnabled(True)
        self.fen_field.returnPressed.connect(self._on_fen_entered)
        self.fen_field.textEdited.connect(lambda _text: self.fen_error.setText(too_long(self.fen_field, "The FEN") or ""))
        layout.addWidget(self.fen_field)
        self.fen_error = QLabel()
        self.fen_error.setWordWrap(True)
        self.fen_error.setStyleSheet("color: #c0392b;")
        self.fen_error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.fen_error)

        buttons = FlowLayout()
        self.undo_button = QPushButton("Undo")
        self.redo_button = QPushButton("Redo")
        self.reset_button = QPushButton("Initial position")
        self.clear_button = QPushButton("Clear board")
        self.setup_button = QPushButton("Use as the setup")
        self.setup_button.setToolTip("Make this position the board's initial one: the board file's setup: line "
                                     "says it once saved (undo with Edit ▸ Undo)")
        self.setup_button.clicked.connect(self.use_as_setup)
        self.undo_button.clicked.connect(document.undo_stack.undo)
        self.redo_button.clicked.connect(document.undo_stack.redo)
        document.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        document.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.reset_button.clicked.connect(self._reset)
        self.clear_button.clicked.connect(self._clear)
        for button in (self.undo_button, self.redo_button):
            button.setEnabled(False)
        for button in (self.undo_button, self.redo_button, self.reset_button, self.clear_button, self.setup_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        #: Says when the position is not the board's setup: the board file does not hold it.
        self.setup_note = QLabel("This position is not the board's setup: the board file keeps its own "
                                 "setup unless you use this one.")
        self.setup_note.setWordWrap(True)
        self.setup_note.setStyleSheet("color: #8a5a00;")
        self.setup_note.setVisible(False)
        layout.addWidget(self.setup_note)
        layout.addStretch(1)

        document.boardChanged.connect(self._on_board_changed)
        document.positionChanged.connect(self._on_position_changed)
        if document.board is not None:
            self._on_board_changed()
            self._on_position_changed()

    # ------------------------------------------------------------------ public

    @property
    def tool(self) -> str:
        """The current tool: ``select``, ``remove`` or ``place:PLAYER:KIND``."""
        return self._tool

    def set_tool(self, tool: str) -> None:
        """Choose a tool (see :attr:`tool`); an unknown tool falls back to ``select``."""
        if tool not in self.tool_buttons:
            tool = SELECT_TOOL
        self.tool_buttons[tool].setChecked(True)
        if tool != self._tool:
            self._tool = tool
            self.toolChanged.emit(tool)

    @Slot(int)
    def square_clicked(self, square: int) -> None:
        """Apply the current tool to a clicked square."""
        if self.document.position is None:
            return
        if self._tool == REMOVE_TOOL:
            self.document.remove(square)
        elif self._tool.startswith("place:"):
            _, player, kind = self._tool.split(":")
            # A heap that would hold more than a FEN may write: refused, saying why.
            self._hand_edit(lambda: self.document.place(square, int(player), int(kind)))

    @Slot(int, int)
    def piece_dragged(self, origin: int, target: int) -> None:
        """A piece was dragged on the board: move it there."""
        if self.document.position is not None:
            self.document.move_piece(origin, target)

    def square_menu(self, square: int) -> QMenu | None:
        """The context menu for a square with a piece (moved/unmoved, but for a heap; remove), or ``None``."""
        position = self.document.position
        if position is None or position.cells[square] is None:
            return None
        piece = position.cells[square]
        assert piece is not None
        menu = QMenu(self)
        if not position.board.kind_type.holds_heaps:  # a heap has no first move to keep
            moved = menu.addAction("Has moved")
            moved.setCheckable(True)
            moved.setChecked(piece.moved)
            moved.setToolTip("Unmoved pieces may make first moves such as castling or a pawn's double step")
            moved.toggled.connect(lambda checked: self.document.set_moved(square, checked))
        remove = menu.addAction("Remove")
        remove.triggered.connect(lambda: self.document.remove(square))
        return menu

    @Slot(int, QPoint)
    def show_square_menu(self, square: int, global_pos: QPoint) -> None:
        """Pop up :meth:`square_menu` at a screen position."""
        menu = self.square_menu(square)
        if menu is not None:
            menu.exec(global_pos)
            menu.deleteLater()

    @Slot(int, str)
    def hand_clicked(self, player: int, name: str) -> None:
        """A piece held in ``player``'s hand was clicked: the Remove tool takes one of it, a piece
        chosen in the palette goes into that hand."""
        if self.document.position is None:
            return
        if self._tool == REMOVE_TOOL:
            self._hand_edit(lambda: self.document.take_from_hand(player, name))
        else:
            self.hand_tray_clicked(player)

    @Slot(int)
    def hand_tray_clicked(self, player: int) -> None:
        """``player``'s hand was clicked: the piece chosen in the palette, if any, goes into it (it
        is held by the hand's owner, whichever side's button chose it)."""
        if self.document.position is None or not self._tool.startswith("place:"):
            return
        kind = int(self._tool.split(":")[2])
        self._hand_edit(lambda: self.document.add_to_hand(player, kind))

    def hand_menu(self, player: int, name: str) -> QMenu:
        """The context menu for a piece held in hand: add one more of it, remove one."""
        menu = QMenu(self)
        add = menu.addAction("Add one")
        add.setToolTip(f"One more {name} in this hand")
        add.triggered.connect(lambda: self._hand_edit(lambda: self.document.add_to_hand(player, name)))
        remove = menu.addAction("Remove one")
        remove.setToolTip(f"One {name} fewer in this hand")
        remove.triggered.connect(lambda: self._hand_edit(lambda: self.document.take_from_hand(player, name)))
        always = any((held, kind, count) == (player, name, -1) for held, kind, _letter, count in self.document.view_hands())
        add.setEnabled(not always)
        remove.setEnabled(not always)
        return menu

    @Slot(int, str, QPoint)
    def show_hand_menu(self, player: int, name: str, global_pos: QPoint) -> None:
        """Pop up :meth:`hand_menu` at a screen position."""
        menu = self.hand_menu(player, name)
        menu.exec(global_pos)
        menu.deleteLater()

    # ------------------------------------------------------------------ private

    def _hand_edit(self, edit: Callable[[], None]) -> None:
        """Make an edit of a hand or a heap; one the position refuses (a royal piece, an empty hand, a heap
        too big) says why."""
        try:
            edit()
        except ValueError as error:
            self.fen_error.setText(wrappable(f"Not changed: {error}."))

    def _tool_button(self, tool: str, text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setCheckable(True)
        button.setAutoRaise(False)
        button.clicked.connect(lambda _checked=False, t=tool: self.set_tool(t))
        self._tools.addButton(button)
        self.tool_buttons[tool] = button
        if tool == self._tool:
            button.setChecked(True)
        return button

    @Slot()
    def _on_board_changed(self) -> None:
        board = self.document.board
        # The piece type being placed, by name: kept where the edited board still has it (a notation
        # applied, another type added, this one renamed), whatever its index now.
        placing = self._tool_pieces.get(self._tool)
        if placing is not None:  # a type renamed is the same type
            placing = (placing[0], self.document.renamed.get(placing[1], placing[1]))
        self._tool_pieces = {}
        for tool in [t for t in self.tool_buttons if t.startswith("place:")]:
            button = self.tool_buttons.pop(tool)
            self._tools.removeButton(button)
            button.deleteLater()
        for row in self._palette_rows:
            self._palette.removeItem(row)
            row.deleteLater()
        self._palette_rows = []
        self.set_tool(SELECT_TOOL)
        if board is None:
            return
        for player, player_name in enumerate(board.players):
            row = FlowLayout(spacing=2)
            self._palette.addLayout(row)
            self._palette_rows.append(row)
            for kind, piece in enumerate(board.pieces.values()):
                if piece.neutral or board.kind_type.holds_heaps:
                    continue  # nobody's (a heap's pieces too): in a row of its own, below
                # Drawn as the board draws it, so the palette and the board look alike.
                face = piece_face(board, piece.name, piece.letter, player)
                if face.kind == "stone":
                    # Plain stones: hollow for a light side, solid for a dark one.
                    label = "○" if player_colour(board, player).lightnessF() > 0.55 else "●"
                elif face.kind == "letter" or face.kind == "character" and not can_draw(face.text):
                    # Letters where the fonts lack the characters (a Xiangqi piece without a CJK font),
                    # as the board draws them.
                    label = piece.letter.upper() if player == 0 else piece.letter.lower()
                else:
                    label = face.text
                self._tool_pieces[f"place:{player}:{kind}"] = (player, piece.name)
                button = self._piece_button(f"place:{player}:{kind}", label,
                                            f"Place a {player_name} {piece.name} ({piece.letter}) on the squares you "
                                            f"click{' or in the hand you click' if board.has_hands else ''}")
                colour = player_colour(board, player)
                if face.kind != "glyph" and colour.lightnessF() <= 0.55:
                    # Characters and letters look alike for both sides; the side's colour tells them apart.
                    button.setStyleSheet(f"color: {colour.name()};")
                row.addWidget(button)
        self._add_neutral_row(board)
        self.turn_box.clear()
        self.turn_box.addItems(list(board.players))
        kept = next((tool for tool, piece in self._tool_pieces.items() if piece == placing), None)
        if kept is not None:
            self.set_tool(kept)

    def _add_neutral_row(self, board: Board) -> None:
        """One button for each neutral piece type (an arrow, a wall), or each type of a heap board's
        pieces: nobody's, so shown once."""
        heaps = board.kind_type.holds_heaps
        neutral = [(kind, piece) for kind, piece in enumerate(board.pieces.values()) if piece.neutral or heaps]
        if not neutral:
            return
        row = FlowLayout(spacing=2)
        self._palette.addLayout(row)
        self._palette_rows.append(row)
        for kind, piece in neutral:
            self._tool_pieces[f"place:{NEUTRAL}:{kind}"] = (NEUTRAL, piece.name)
            face = piece_face(board, piece.name, piece.letter, NEUTRAL)
            label = face.text if face.kind in ("glyph", "character") else piece.letter
            tip = (f"Add a {piece.name} ({piece.letter}) to the heap of each square you click" if heaps
                   else f"Place a {piece.name} ({piece.letter}), nobody's piece, on the squares you click")
            row.addWidget(self._piece_button(f"place:{NEUTRAL}:{kind}", label, tip))

    def _piece_button(self, key: str, label: str, tip: str) -> QToolButton:
        """A palette button for placing one piece type, its symbol drawn larger than text."""
        button = self._tool_button(key, label, tip)
        font = button.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        button.setFont(font)
        button.setMinimumWidth(34)
        return button

    @Slot()
    def _on_position_changed(self) -> None:
        position = self.document.position
        if position is None:
            return
        self.turn_box.setCurrentIndex(position.turn)
        self.fen_field.setText(self.document.fen())
        self.fen_field.setCursorPosition(0)
        self.fen_error.clear()
        differs = not self.document.at_initial_position()
        self.setup_button.setEnabled(differs)
        self.setup_note.setVisible(differs)

    @Slot(int)
    def _on_turn_chosen(self, index: int) -> None:
        if self.document.position is not None and index >= 0:
            self.document.set_turn(index)

    @Slot()
    def _on_fen_entered(self) -> None:
        if self.document.position is None:
            return
        refused = too_long(self.fen_field, "The FEN")
        if refused is not None:
            self.fen_error.setText(refused)
            return
        try:
            self.document.set_fen(self.fen_field.text())
        except FenError as error:
            # What is wrong and where, without the FEN quoted back: it stands in the field just above.
            where = f" ({error.field})" if error.field else ""
            self.fen_error.setText(wrappable(f"bad FEN{where}: {error.message}"))
            return
        except PdnError as error:
            self.fen_error.setText(wrappable(str(error)))
            return
        self.fen_error.clear()

    @Slot()
    def _reset(self) -> None:
        if self.document.position is not None:
            self.document.reset()

    @Slot()
    def use_as_setup(self) -> None:
        """Make the position the board's setup (undoable); a board file that cannot hold it says why."""
        try:
            self.document.use_position_as_setup()
        except ValueError as error:  # BoardFileError, BoardWriteError: for the user to read
            self.fen_error.setText(f"Not made the setup: {error}")

    @Slot()
    def _clear(self) -> None:
        if self.document.position is not None:
            self.document.clear()


def undo_actions(document: QtDocument, parent: QWidget) -> tuple[QAction, QAction]:
    """Edit ▸ Undo and Redo actions for the document's undo stack, on the platform's keys for them
    (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y)."""
    undo = document.undo_stack.createUndoAction(parent, "&Undo")
    undo.setShortcuts(QKeySequence.StandardKey.Undo)
    redo = document.undo_stack.createRedoAction(parent, "&Redo")
    # Every key the platform has for it, each once: a key bound twice is ambiguous and does nothing.
    redo.setShortcuts(QKeySequence.StandardKey.Redo)
    return undo, redo
