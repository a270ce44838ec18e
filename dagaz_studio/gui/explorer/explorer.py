"""Seeing moves: the selected square's moves on the board, the legend, the trace, "why (not) here?".

:class:`QtMoveExplorer` ties the document, the board view, the notation editor, the trace player and
the interpreter's worker together. It does no rule work: every answer comes from the worker (the
interpreter, legality) or from :mod:`dagaz_studio.engine.explain` over the reply.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from dagaz_studio.board.model import Board
from dagaz_studio.engine import DEFAULT_BUDGET, SquareExplanation, board_at, move_highlights
from dagaz_studio.gui.board_view.trace_overlay import StepPieces, TraceStep
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.docks.moves_panel import QtMovesPanel
from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
from dagaz_studio.gui.docks.trace_player import QtTracePlayer
from dagaz_studio.gui.explorer.name_styles import DEFAULT_XIANGQI_STYLE, window_style
from dagaz_studio.gui.explorer.run_budget import LONGER, RunBudget, budget_sentence, can_run_longer, longer_budget
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries import ExplainAnswer, ExplainQuery, MovesAnswer, MovesQuery, answer_explanation
from dagaz_studio.queries.moves import TYPED_PIECE


class QtMoveExplorer(QObject):
    """Runs the selected square's piece (or the typed notation there) and shows what comes back."""

    #: A reply was shown, trace and all (tests and the status bar listen).
    replyShown = Signal(object)
    #: A reply's moves were put on the board: the moves of a run whose trace is still being recorded
    #: (its whole reply follows, with :attr:`replyShown`), or of a whole reply.
    movesShown = Signal(object)
    #: An explanation of a square was shown (a :class:`SquareExplanation`).
    explanationShown = Signal(object)

    def __init__(self, document: QtDocument, view: QtBoardView, editor: QtNotationEditor,
                 player: QtTracePlayer, panel: QtMovesPanel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.view, self.editor, self.player, self.panel = document, view, editor, player, panel
        # The moves come first, the trace after them: a new notation's traced code takes a while.
        self.runner = QtMoveRunner(self, early=True)
        # Explaining runs other pieces' notations (who attacks a square): on a worker of its own, so
        # that asking never cancels the moves being worked out, nor waits for them.
        self.explainer = QtMoveRunner(self, answer=answer_explanation,
                                      failure=lambda query, message: ExplainAnswer(query, error=message))
        self.selected: int | None = None
        #: The piece in hand whose drops are shown: (player, piece name), or ``None``.
        self.hand_selected: tuple[int, str] | None = None
        self.reply: MovesAnswer | None = None
        self.explanation: SquareExplanation | None = None
        #: A square "why (not) here?" was asked about while the run's trace was being recorded.
        self._explain_after: int | None = None
        self._board_path = document.board_path
        self._board = document.board  # the board at the last board change
        #: How the move list names Xiangqi moves (see :data:`~dagaz_studio.gui.explorer.move_play.XIANGQI_STYLE_LABELS`).
        self.xiangqi_style = DEFAULT_XIANGQI_STYLE
        #: The work the selected piece's run is given: more once the user asks for it.
        self.budget = RunBudget()
        #: The budget of the question last asked (the busy status says when it is more than usual).
        self._asked_budget = DEFAULT_BUDGET
        self.runner.replyReady.connect(self._show_reply)
        self.explainer.replyReady.connect(self._show_explanation)
        self.runner.busyChanged.connect(self._on_busy)
        document.boardChanged.connect(self._on_board_changed)
        document.positionChanged.connect(self._on_position_changed)
        editor.notationChanged.connect(self._on_notation_changed)
        editor.notationInvalid.connect(self._on_notation_invalid)
        editor.pieceNotationApplied.connect(self._apply_piece_notation)
        editor.targetChanged.connect(self._on_target_changed)
        player.stepChanged.connect(self._show_step)
        panel.legal_only.toggled.connect(lambda _on: self.refresh())
        panel.longer.clicked.connect(self.run_longer)

    # ------------------------------------------------------------------ public API

    @Slot(int)
    def square_clicked(self, square: int) -> None:
        """Select the clicked square: a piece shows its moves and its type's notation; an empty square
        is where a notation is tried. The selected square again: deselect."""
        position, board = self.document.position, self.document.board
        if position is None or board is None:
            return
        self._select_hand(None)
        if square == self.selected:
            self.select(None)
            return
        self.selected = square
        standing = position.cells[square]
        # The editor follows the selection: the piece's own notation, or the notation to try.
        name = self._kind_name(board, standing.kind) if standing is not None else None
        if self.editor.piece == name:
            self.refresh()
        else:
            self.editor.select_piece(name)  # refreshes through targetChanged

    @Slot(int, str)
    def hand_clicked(self, player: int, name: str) -> None:
        """Show the drops of a piece held in hand (the same piece again: deselect)."""
        held = (player, name)
        self.selected = None
        self._select_hand(None if held == self.hand_selected else held)
        if self.hand_selected is not None and self.editor.piece != name:
            # The editor follows the selection, as for a piece on the board.
            self.editor.select_piece(name)  # refreshes through targetChanged
        else:
            self.refresh()

    def _select_hand(self, held: tuple[int, str] | None) -> None:
        self.hand_selected = held
        self.view.set_hand_selected(held)

    def select(self, square: int | None) -> None:
        """Show the moves of the piece on ``square`` (``None``: nothing selected)."""
        self.selected = square
        self.refresh()

    def refresh(self, debounce: bool = False) -> None:
        """Ask the worker again for the selected square (after any change)."""
        board, position = self.document.board, self.document.position
        self.explanation = None
        self._explain_after = None
        self.explainer.cancel()
        self.panel.explanation.setText("")
        self.panel.longer.hide()
        editor = self.editor
        budget = self._asked_budget = self.budget.for_selection(self._selection())
        if board is not None and position is not None and self.selected is None and self.hand_selected is not None:
            player, name = self.hand_selected
            if player < len(position.hands) and name in board.pieces \
                    and (position.hands[player][list(board.pieces).index(name)] > 0 or board.pieces[name].unlimited):
                self.runner.request(MovesQuery(board, position.copy(), None, drop=name, drop_player=player,
                                               legal_only=self.panel.legal_only.isChecked(), names=True,
                                               name_style=window_style(board, self.xiangqi_style), budget=budget),
                                    debounce=debounce)
                return
            self._select_hand(None)
        if board is None or position is None or self.selected is None or self.selected >= len(board.squares):
            self._stop(None)
            return
        square = self.selected
        where = board.squares[square]
        standing = position.cells[square]
        editor.set_try_square(where if editor.trying else None)
        if editor.trying:
            if editor.error is not None or editor.reading_pending:
                self._no_moves(square, f"The notation to try on {where} has an error: no moves are shown."
                               if not editor.reading_pending else "Reading the notation…")
                return
            notation = editor.current_notation()
            if notation is None:
                self._no_moves(square, f"Type a notation: it is tried on {where}, as a piece of the side to move.")
                return
            query = MovesQuery(board, position.copy(), square, notation=notation,
                               legal_only=self.panel.legal_only.isChecked(), any_turn=True, trace=True,
                               budget=budget)
        else:
            if standing is None:
                self._stop(None)
                return
            name = self._kind_name(board, standing.kind)
            draft = editor.draft(name)
            if draft is not None and editor.piece == name and (editor.error is not None or editor.reading_pending):
                self._no_moves(square, f"The {name}'s notation being edited has an error: no moves are shown."
                               if not editor.reading_pending else "Reading the notation…")
                return
            query = MovesQuery(board, position.copy(), square, notation=draft, notation_player=standing.player,
                               notation_name=name,
                               legal_only=self.panel.legal_only.isChecked(),
                               # A notation not on the board moves a hypothetical piece: coordinates say it all.
                               names=draft is None,
                               name_style=window_style(board, self.xiangqi_style), any_turn=True, trace=True,
                               budget=budget)
        self.runner.request(query, debounce=debounce)

    @Slot()
    def run_longer(self) -> bool:
        """Ask the shown run's question again with more work, where it stopped having spent its budget
        (the status offers this); returns whether it asked."""
        reply = self.reply
        if reply is None or reply.query.board is not self.document.board \
                or not self.budget.give_longer(self._selection(), reply):
            return False
        self.refresh()
        return True

    def _selection(self) -> tuple[int | None, tuple[int, str] | None]:
        """What is selected (a square, or a piece in hand): a larger budget is given to it alone."""
        return self.selected, self.hand_selected

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

    def explain(self, square: int) -> bool:
        """Explain ``square`` for the last run: the worker says why, then the explanation is shown
        (:attr:`explanationShown`) and the steps that show it are replayed. Returns whether it asked."""
        reply, board = self.reply, self.document.board
        if reply is None or board is None or reply.query.board is not board:
            return False
        if reply.query.drop is not None:
            # Drops are not run step by step: the worker says what forbids one, naming attackers.
            self.explanation = None
            self.panel.explanation.setText(f"Working out why {board.squares[square]}…")
            self.explainer.request(ExplainQuery(board, reply, square))
            return True
        if not (reply.trace or reply.tracing):
            return False
        self.explanation = None
        self.panel.explanation.setText(f"Working out why {board.squares[square]}…")
        if reply.tracing:
            self._explain_after = square  # asked once the trace has come
            return True
        self.explainer.request(ExplainQuery(board, reply, square))
        return True

    def shutdown(self) -> None:
        """Stop the worker threads (the window calls this when it closes)."""
        self.runner.shutdown()
        self.explainer.shutdown()

    # ------------------------------------------------------------------ private

    @staticmethod
    def _kind_name(board: Board, kind: int) -> str:
        names = list(board.pieces)
        return names[kind] if kind < len(names) else "piece"

    def _stop(self, summary: str | None) -> None:
        """Nothing selected: no run, no moves."""
        self.selected = None
        self.editor.set_try_square(None)
        self.runner.cancel()
        self._clear(summary)

    def _no_moves(self, square: int, summary: str) -> None:
        """A square is selected but no moves are current (no notation yet, or one with an error)."""
        self.runner.cancel()
        self._clear(summary)
        self.view.set_highlights({square: "selected"})

    def _clear(self, summary: str | None = None) -> None:
        self.reply = None
        self._explain_after = None
        self.view.clear_highlights()
        self.view.set_trace_step(None)
        self.view.set_step_pieces(None)
        self.editor.set_step_span(None)
        self.player.set_run(None, None)
        self.panel.longer.hide()
        self.panel.summary.setText(summary or "Click a piece to see its moves, or an empty square to try a "
                                   "notation there.")

    @Slot()
    def _on_position_changed(self) -> None:
        # The run's pieces belong to the position it ran on: until the new answer, show the position.
        self.view.set_step_pieces(None)
        self.budget.forget()
        self.refresh()

    @Slot()
    def _on_board_changed(self) -> None:
        self.budget.forget()
        path, board = self.document.board_path, self.document.board
        earlier, self._board = self._board, board
        if path != self._board_path:
            # Another board: nothing of the last one's selection carries over.
            self._board_path = path
            self.selected = None
        elif self.selected is not None and earlier is not None and board is not None \
                and earlier.squares != board.squares:
            # The grid changed: the position is carried over by square name, and so is the selection.
            name = earlier.squares[self.selected] if self.selected < len(earlier.squares) else None
            self.selected = board.index(name) if name is not None and board.has_square(name) else None
        self.editor.set_board(board, self.document.renamed)
        self.refresh()

    @Slot(object)
    def _on_target_changed(self, piece: str | None) -> None:
        board, position = self.document.board, self.document.position
        if self.selected is not None and piece is not None and board is not None and position is not None:
            standing = position.cells[self.selected]
            if standing is None or self._kind_name(board, standing.kind) != piece:
                # Another type's notation in the editor: the selected piece is not what it edits.
                self.selected = None
        self.refresh()

    @Slot(object)
    def _on_notation_changed(self, _notation: str | None) -> None:
        self.editor.set_external_error(None)
        self.budget.forget()
        self.refresh(debounce=True)

    @Slot(str)
    def _on_notation_invalid(self, _message: str) -> None:
        # No moves stay on the board as if they were the text's: refresh says why there are none.
        self.refresh()

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
            longer = self._asked_budget != DEFAULT_BUDGET and self.selected is not None
            # A longer run may take a minute: what stops it is said while it works.
            self.panel.summary.setText(f"Working with {self._asked_budget:,} units of work… Click its square "
                                       "again to stop." if longer else "Working…")

    @Slot(object)
    def _show_reply(self, reply: MovesAnswer) -> None:
        board = self.document.board
        if board is None or reply.query.board is not board:
            return
        # A move chosen in the list while the trace was being recorded stays chosen when it comes.
        earlier, chosen = self.reply, self.player.chosen_move()
        kept = earlier.moves[chosen].key() if earlier is not None and earlier.tracing and chosen is not None \
            and earlier.serial == reply.serial and chosen < len(earlier.moves) else None
        self.reply = reply
        if reply.query.drop is not None:
            self._show_drops(board, reply)
            return
        origin = reply.query.square
        name = board.squares[origin]
        if reply.error is not None:
            self.view.set_highlights({origin: "selected"})
            self.editor.set_external_error(reply.error)
            self.player.set_run(None, None)
            self.panel.summary.setText(f"{name}: {reply.error}")
            self._shown(reply)
            return
        shown = reply.shown_moves()
        self.view.set_highlights(move_highlights(shown, origin, heaps=board.kind_type.holds_heaps), stops={s for move in shown for s in move.stops[:-1]})
        text = reply.query.notation
        if text is None:
            piece = reply.query.position.cells[origin]
            text = board.pieces[list(board.pieces)[piece.kind]].notation_text if piece is not None and piece.kind < len(board.pieces) else ""
        # A reply still tracing lists its moves; its steps come with the whole reply, whose
        # highlights are drawn again from the traced run's own moves: the two never disagree.
        self.player.set_run(reply, board, text)
        if kept is not None:
            self.player.show_move(next((i for i, move in enumerate(reply.moves) if move.key() == kept), -1))
        self.panel.summary.setText(self._summary(board, reply))
        self._offer(reply)
        self._shown(reply)

    def _shown(self, reply: MovesAnswer) -> None:
        """Say that ``reply`` is on show (its moves; and, unless still tracing, the whole of it)."""
        self.movesShown.emit(reply)
        if reply.tracing:
            return
        self.replyShown.emit(reply)
        if self._explain_after is not None:
            square, self._explain_after = self._explain_after, None
            self.explain(square)

    def _show_drops(self, board: Board, reply: MovesAnswer) -> None:
        """The drops of a piece in hand: their squares marked, the count in the summary."""
        self.view.set_highlights(move_highlights(reply.shown_moves()))
        self.player.set_run(None, None)
        player = board.players[reply.player] if reply.player < len(board.players) else "?"
        shown = len(reply.allowed)
        what = "legal drop" if reply.query.legal_only else "drop"
        text = f"{player} {reply.query.drop} in hand: {shown} {what}{'s' if shown != 1 else ''}."
        position = self.document.position
        if position is not None and reply.player != position.turn:
            text += f" ({player} is not to move: shown as if it were.)"
        if reply.error or reply.stopped:
            text += f" {reply.error or stopped_sentence(reply)}."
        if said := budget_sentence(reply):
            text += f" {said}"
        self.panel.summary.setText(text)
        self._offer(reply)
        self._shown(reply)

    def _offer(self, reply: MovesAnswer) -> None:
        """Offer to run ``reply``'s question longer where its run stopped having spent its budget."""
        offered = can_run_longer(reply) and not reply.tracing
        if offered:
            self.panel.longer.setText(f"Run {LONGER}× longer")
            self.panel.longer.setToolTip(f"Run it again with {longer_budget(reply):,} units of work: kept for "
                                         "this piece until the position, the board or the notation changes")
        self.panel.longer.setVisible(offered)

    def _step_pieces(self) -> StepPieces | None:
        """The pieces as the run has them at the player's step (worked out by the core from the trace)."""
        reply, board, index = self.reply, self.document.board, self.player.current_index()
        if reply is None or board is None or reply.start is None or reply.tree is None or index is None:
            return None
        at = board_at(reply.start.cells, reply.trace, reply.tree, index, reply.kind_names)
        # A piece type's edited notation moves that type's piece: drawn as the piece it stands for; a
        # tried notation's piece as the typed piece.
        standing = reply.query.position.cells[reply.query.square] if reply.query.square is not None else None
        stands_for = standing.kind if standing is not None and reply.query.notation_player is not None else None
        return StepPieces.at_step(at, board, TYPED_PIECE, stands_for)

    def _summary(self, board: Board, reply: MovesAnswer) -> str:
        request = reply.query
        origin = request.square
        player = board.players[reply.player] if reply.player < len(board.players) else "?"
        piece = request.position.cells[origin]
        kind = self._kind_name(board, piece.kind) if piece is not None else "piece"
        # Where the board says whose a square is (a mancala row), its pieces are named by it.
        owner = board.owner(origin) if origin is not None else None
        if owner is not None and (request.notation is None or request.notation_player is not None):
            player = owner
        if request.notation is not None and request.notation_player is None:
            what = f"Trying a notation on {board.squares[origin]}, as a {player} piece"
        elif request.notation is not None:
            what = f"{player} {kind} on {board.squares[origin]}, by its edited notation (not applied yet)"
        elif piece is not None and piece.player < 0 and owner is None:
            what = f"{kind} on {board.squares[origin]}"  # nobody's (a heap off the owned rows): no side named
        else:
            what = f"{player} {kind} on {board.squares[origin]}"
        total, shown = len(reply.moves), len(reply.allowed)
        if request.legal_only and reply.stopped and shown == total:
            # The rules judge a run's whole list: a stopped run's moves were found, not judged.
            counted = f"{total} move{'s' if total != 1 else ''} by its notation (not judged legal)"
        elif request.legal_only and shown != total:
            counted = f"{shown} legal move{'s' if shown != 1 else ''} ({total} by its notation)"
        elif request.legal_only:
            counted = f"{shown} legal move{'s' if shown != 1 else ''}"
        else:
            counted = f"{total} move{'s' if total != 1 else ''} by its notation"
        if reply.stopped:
            # What a stopped run found is not all its notation gives.
            counted += ", found before the run stopped: the list is partial"
        text = f"{what}: {counted}."
        position = self.document.position
        if position is not None and reply.player != position.turn:
            text += f" ({player} is not to move: shown as if it were.)"
        if reply.stopped:
            text += f" The run {stopped_sentence(reply)}."
        if reply.trace_truncated:
            text += f" The trace was cut at {len(reply.trace):,} steps."
        if reply.names_error:
            text += f" The {reply.names_error}."
        if said := budget_sentence(reply):
            text += f" {said}"
        return text

    @Slot(object)
    def _show_explanation(self, answer: ExplainAnswer) -> None:
        board = self.document.board
        if answer.query.moves is not self.reply or board is None:
            return  # asked about a run no longer shown
        explanation = answer.explanation
        if explanation is None:
            self.panel.explanation.setText(f"No explanation: {answer.error}.")
            return
        self.explanation = explanation
        self.panel.explanation.setText(explanation.sentence)
        if explanation.events:
            name = board.squares[explanation.square]
            notes = {way.event: way.reason for way in explanation.ways if way.reason != answer.query.moves.trace[way.event].text}
            self.player.show_events(explanation.events, f"Why {'' if explanation.reachable else 'not '}{name}?", notes)
        self.explanationShown.emit(explanation)

    @Slot(object)
    def _show_step(self, event) -> None:
        if event is None:
            self.view.set_trace_step(None)
            self.view.set_step_pieces(None)
            self.editor.set_step_span(None)
            return
        self.view.set_step_pieces(self._step_pieces())
        self.view.set_trace_step(TraceStep.from_event(event))
        # The span belongs to the notation that ran; mark it only if the editor shows that text.
        ran = self.player.notation_text
        self.editor.set_step_span(event.span if ran and ran == self.editor.text() else None)


_STOPPED_AFTER = re.compile(r"stopped after [\d,]+ steps")


def stopped_sentence(reply: MovesAnswer) -> str:
    """Why ``reply``'s run stopped, counting its steps as the trace player does: the interpreter's own
    count takes in work the trace does not show as steps, and two counts of "steps" side by side
    would disagree."""
    said = reply.stopped or ""
    if reply.trace and not reply.trace_truncated:
        said = _STOPPED_AFTER.sub(f"stopped after {len(reply.trace):,} steps", said, count=1)
    return said
