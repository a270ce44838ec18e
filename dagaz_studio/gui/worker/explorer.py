"""Seeing moves: the selected square's moves on the board, the legend, the trace, "why (not) here?".

:class:`QtMoveExplorer` ties the document, the board view, the notation editor, the trace player and
the interpreter's worker together. It does no rule work: every answer comes from the worker (the
interpreter, legality) or from :mod:`dagaz_studio.engine.explain` over the reply.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from dagaz_studio.board.model import Board
from dagaz_studio.engine.explain import SquareExplanation, explain_square
from dagaz_studio.engine.highlights import move_highlights
from dagaz_studio.gui.board_view.trace_overlay import TraceStep
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.docks.moves_panel import QtMovesPanel
from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
from dagaz_studio.gui.docks.trace_player import QtTracePlayer
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.worker.name_styles import DEFAULT_XIANGQI_STYLE, window_style
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries import MovesAnswer, MovesQuery

class QtMoveExplorer(QObject):
    """Runs the selected square's piece (or the typed notation there) and shows what comes back."""

    #: A reply was shown (tests and the status bar listen).
    replyShown = Signal(object)

    def __init__(self, document: QtDocument, view: QtBoardView, editor: QtNotationEditor,
                 player: QtTracePlayer, panel: QtMovesPanel, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self.document, self.view, self.editor, self.player, self.panel = document, view, editor, player, panel
        self.runner = QtMoveRunner(self)
        self.selected: Optional[int] = None
        self.reply: Optional[MovesAnswer] = None
        self.explanation: Optional[SquareExplanation] = None
        self._notation: Optional[str] = editor.current_notation()
        #: How the move list names Xiangqi moves (see :data:`~dagaz_studio.gui.worker.move_play.XIANGQI_STYLE_LABELS`).
        self.xiangqi_style = DEFAULT_XIANGQI_STYLE
        self.runner.replyReady.connect(self._show_reply)
        self.runner.busyChanged.connect(self._on_busy)
        document.boardChanged.connect(self._on_board_changed)
        document.positionChanged.connect(lambda: self.refresh())
        editor.notationChanged.connect(self._on_notation_changed)
        editor.notationInvalid.connect(self._on_notation_invalid)
        editor.pieceNotationApplied.connect(self._apply_piece_notation)
        player.stepChanged.connect(self._show_step)
        panel.legal_only.toggled.connect(lambda _on: self.refresh())

    # ------------------------------------------------------------------ public API

    @Slot(int)
    def square_clicked(self, square: int) -> None:
        """Select the clicked square's piece (or, with a typed notation, any square); again: deselect."""
        position = self.document.position
        if position is None:
            return
        if square == self.selected:
            self.select(None)
        elif position.cells[square] is not None or self._notation is not None:
            self.select(square)
        else:
            self.select(None)

    def select(self, square: Optional[int]) -> None:
        """Show the moves of the piece on ``square`` (``None``: nothing selected)."""
        self.selected = square
        self.refresh()

    def refresh(self, debounce: bool = False) -> None:
        """Ask the worker again for the selected square (after any change)."""
        board, position = self.document.board, self.document.position
        self.explanation = None
        self.panel.explanation.setText("")
        if board is None or position is None or self.selected is None or self.selected >= len(board.squares):
            self.selected = None
            self.runner.cancel()
            self._clear()
            return
        if position.cells[self.selected] is None and self._notation is None:
            self.selected = None
            self.runner.cancel()
            self._clear()
            return
        query = MovesQuery(board, position.copy(), self.selected, notation=self._notation,
                           legal_only=self.panel.legal_only.isChecked(),
                           # A typed notation's piece is hypothetical: its coordinates say it all.
                           names=self._notation is None,
                           name_style=window_style(board, self.xiangqi_style), any_turn=True, trace=True)
        self.runner.request(query, debounce=debounce)

    def set_xiangqi_style(self, style: str) -> None:
        """Name Xiangqi moves in ``style`` from now on (the list is named again)."""
        if style != self.xiangqi_style:
            self.xiangqi_style = style
            self.refresh()

    def square_actions(self, square: int, menu: QMenu) -> None:
        """Add "Why (not) here?" for ``square`` to a square's context menu."""
        action = QAction("Why (not) here?", menu)
        action.setEnabled(self.reply is not None and self.reply.query.square != square)
        action.setToolTip("Explain why the selected piece reaches this square, or what stops it")
        action.triggered.connect(lambda: self.explain(square))
        menu.addAction(action)

    def explain(self, square: int) -> Optional[SquareExplanation]:
        """Explain ``square`` for the last run: say why, and replay the steps that show it."""
        reply, board = self.reply, self.document.board
        if reply is None or board is None or reply.query.board is not board:
            return None
        explanation = explain_square(board, reply.trace, reply.moves, square, reply.tree,
                                     allowed=reply.allowed, origin=reply.query.square)
        self.explanation = explanation
        self.panel.explanation.setText(explanation.sentence)
        if explanation.events:
            self.player.show_events(explanation.events, f"Why {'' if explanation.reachable else 'not '}{board.squares[square]}?")
        return explanation

    def shutdown(self) -> None:
        """Stop the worker thread (the window calls this when it closes)."""
        self.runner.shutdown()

    # ------------------------------------------------------------------ private

    def _clear(self) -> None:
        self.reply = None
        self.view.clear_highlights()
        self.view.set_trace_step(None)
        self.editor.set_step_span(None)
        self.player.set_run(None, None)
        self.panel.summary.setText("Click a piece to see its moves." if self._notation is None
                                   else "Click a square: the typed notation moves a piece from there.")

    @Slot()
    def _on_board_changed(self) -> None:
        self.selected = None
        self.editor.set_board(self.document.board)
        self.refresh()

    @Slot(object)
    def _on_notation_changed(self, notation: Optional[str]) -> None:
        self.editor.set_external_error(None)
        if notation == self._notation:
            return
        self._notation = notation
        self.refresh(debounce=True)

    @Slot(str)
    def _on_notation_invalid(self, _message: str) -> None:
        # The last valid notation stays applied, so the board does not flicker while the user types.
        self.runner.cancel()

    @Slot(str, str)
    def _apply_piece_notation(self, piece: str, text: str) -> None:
        try:
            self.document.set_piece_notation(piece, text)
        except ValueError as error:
            self.editor.set_external_error(str(error))

    @Slot(bool)
    def _on_busy(self, busy: bool) -> None:
        self.panel.busy.setVisible(busy)
        if busy:
            self.panel.summary.setText("Working…")

    @Slot(object)
    def _show_reply(self, reply: MovesAnswer) -> None:
        board = self.document.board
        if board is None or reply.query.board is not board:
            return
        self.reply = reply
        origin = reply.query.square
        name = board.squares[origin]
        if reply.error is not None:
            self.view.set_highlights({origin: "selected"})
            self.editor.set_external_error(reply.error)
            self.player.set_run(None, None)
            self.panel.summary.setText(f"{name}: {reply.error}")
            self.replyShown.emit(reply)
            return
        self.view.set_highlights(move_highlights(reply.shown_moves(), origin))
        text = reply.query.notation
        if text is None:
            piece = reply.query.position.cells[origin]
            text = board.pieces[list(board.pieces)[piece.kind]].notation_text if piece is not None and piece.kind < len(board.pieces) else ""
        self.player.set_run(reply, board, text)
        self.panel.summary.setText(self._summary(board, reply))
        self.replyShown.emit(reply)

    def _summary(self, board: Board, reply: MovesAnswer) -> str:
        request = reply.query
        origin = request.square
        player = board.players[reply.player] if reply.player < len(board.players) else "?"
        if request.notation is not None:
            what = f"The typed notation, as a {player} piece on {board.squares[origin]}"
        else:
            piece = request.position.cells[origin]
            kind = list(board.pieces)[piece.kind] if piece is not None and piece.kind < len(board.pieces) else "piece"
            what = f"{player} {kind} on {board.squares[origin]}"
        total, shown = len(reply.moves), len(reply.allowed)
        if request.legal_only and shown != total:
            counted = f"{shown} legal move{'s' if shown != 1 else ''} ({total} by its notation)"
        elif request.legal_only:
            counted = f"{shown} legal move{'s' if shown != 1 else ''}"
        else:
            counted = f"{total} move{'s' if total != 1 else ''} by its notation"
        text = f"{what}: {counted}."
        position = self.document.position
        if position is not None and reply.player != position.turn:
            text += f" ({player} is not to move: shown as if it were.)"
        if reply.stopped:
            text += f" The run {reply.stopped}."
        if reply.trace_truncated:
            text += f" The trace was cut at {len(reply.trace):,} steps."
        if reply.names_error:
            text += f" The {reply.names_error}."
        return text

    @Slot(object)
    def _show_step(self, event) -> None:
        if event is None:
            self.view.set_trace_step(None)
            self.editor.set_step_span(None)
            return
        self.view.set_trace_step(TraceStep.from_event(event))
        # The span belongs to the notation that ran; mark it only if the editor shows that text.
        ran = self.player.notation_text
        self.editor.set_step_span(event.span if ran and ran == self.editor.text() else None)
