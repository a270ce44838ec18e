"""The Tests panel's Compare tab: a second definition beside the selected piece's own — typed, another
piece type's, or the piece's own read back from its Betza — with both definitions' squares drawn on
the board (A only, B only, both, each its own shape); *Find a difference* searches positions on a
worker thread, with a progress bar and Cancel, and opens the counterexample on the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.docks.label_text import wrappable
from dagaz_studio.gui.docks.test_marks import QtBoardMarks, SelectedPiece
from dagaz_studio.gui.field_length import hold_at_most, too_long, without_unseen_breaks
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries import MAX_NOTATION_CHARS
from dagaz_studio.queries.compare import no_difference_said
from dagaz_studio.queries.run_stopped import LONGER, MOST_WINDOW_BUDGET, longer_than
from dagaz_studio.queries.test_panel import (
    CompareAnswer,
    CompareQuery,
    FindAnswer,
    FindQuery,
    answer_panel,
    panel_failed,
)

if TYPE_CHECKING:
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.queries.moves import MovesAnswer

TYPED, BETZA = "typed", "betza-reading"
#: What A is called when it moves by a notation typed in the editor, not by its type's own.
TYPED_PIECE = "typed piece"
#: How often the progress bar looks at the search's progress.
PROGRESS_MS = 100


class QtBreakingLabel(QLabel):
    """A word-wrapped label whose text may break within a long run without spaces (a FEN, a notation):
    word wrap alone finds no place there, and such a line widened the panel past its dock, cutting
    every line off at the side."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        """Show ``text``, whole, with unseen breaks in its long runs."""
        super().setText(wrappable(text, len(text)))


class QtCompareTab(QWidget):
    """Compare the selected piece (A) with a second definition (B)."""

    def __init__(self, document: QtDocument, marks: QtBoardMarks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.marks = document, marks
        self.explorer: SelectedPiece | None = None
        #: A: the selected piece's notation (Dagaz), its name, its square.
        self.a_text: str | None = None
        self.a_name = ""
        self.a_square: int | None = None
        #: Whether A moves by the notation editor's text (an edit or a notation tried), not a type's own.
        self._a_edited = False
        self.answer: CompareAnswer | None = None
        #: A line said before the comparison's own: what Find a difference found.
        self._lead = ""
        self.found: FindAnswer | None = None
        self._find: FindQuery | None = None
        self._opening = document.openings  # the document's count of boards opened, at the last board change
        #: The work each run is given: more once a run that spent it is asked to go on, until A or B changes.
        self.budget = DEFAULT_BUDGET
        #: Which run "Run longer" runs again: the comparison here or the search.
        self._longer_of = ""
        self.runner = QtMoveRunner(self, answer=answer_panel, failure=panel_failed)
        self.runner.replyReady.connect(self._show_compare)
        self.find_runner = QtMoveRunner(self, answer=answer_panel, failure=panel_failed)
        self.find_runner.replyReady.connect(self._show_found)
        self.a_label = QtBreakingLabel("A: select a piece on the board")
        self.source = QComboBox()
        self.source.setToolTip("B: a notation typed here, another piece type's, or A read back from its Betza")
        self.source.currentIndexChanged.connect(self._on_source_changed)
        # The dock may be narrow: a long piece name is cut rather than widening the panel.
        self.source.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.source.setMinimumContentsLength(6)
        self.language = QComboBox()
        self.language.addItem("Dagaz", "dagaz")
        self.language.addItem("Betza", "betza")
        self.b_text = without_unseen_breaks(hold_at_most(QLineEdit(), MAX_NOTATION_CHARS))
        self.b_text.setPlaceholderText("B's notation, e.g. (+)([p]\\1)* or R4")
        self.b_text.textEdited.connect(lambda _text: self._compare_anew())
        self.language.currentIndexChanged.connect(lambda _index: self._compare_anew())
        self.compare_button = QPushButton("Compare here")
        self.compare_button.setToolTip("A's and B's squares from the selected square, drawn on the board")
        self.compare_button.clicked.connect(self.compare_here)
        self.result = QtBreakingLabel()
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.positions = QSpinBox()
        self.positions.setRange(100, 100_000)
        self.positions.setSingleStep(500)
        self.positions.setValue(2000)
        self.find_button = QPushButton("Find a difference")
        self.find_button.setToolTip("Search positions (the setup, random play, sparse placements) for one where "
                                    "A and B move differently; the smallest found opens on the board")
        self.find_button.clicked.connect(self.find_difference)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.longer = QPushButton(f"Run {LONGER}× longer")
        self.longer.setObjectName("runLonger")
        self.longer.hide()
        self.longer.clicked.connect(self.run_longer)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self._timer = QTimer(self)
        self._timer.setInterval(PROGRESS_MS)
        self._timer.timeout.connect(self._advance)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow("B:", self.source)
        form.addRow("Read as:", self.language)
        form.addRow("Notation:", self.b_text)
        search = QFormLayout()
        search.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        search.addRow("Positions:", self.positions)
        buttons = FlowLayout()
        buttons.addWidget(self.compare_button)
        buttons.addWidget(self.find_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.longer)
        legend = QLabel("On the board: triangle up, only A; triangle down, only B; square, both; a ring round "
                        "the mark, the piece there is taken.")
        legend.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.a_label)
        layout.addLayout(form)
        # Under B, where it is read as B is typed: below the search's rows a short dock scrolled it away.
        layout.addWidget(self.result)
        layout.addLayout(search)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(legend)
        layout.addStretch(1)
        # A is let go of first: the sources filled again compare A and B anew, and a stale A is
        # compared on the board it does not belong to.
        document.boardChanged.connect(self._on_board_changed)
        document.boardChanged.connect(self._fill_sources)
        self._fill_sources()

    def attach(self, explorer: SelectedPiece, editor: QtNotationEditor | None = None) -> None:
        """Follow the explorer's selected piece: it is A; and the notation editor, whose text A may be."""
        self.explorer = explorer
        explorer.replyShown.connect(self._on_reply)
        if editor is not None:
            editor.notationInvalid.connect(self._on_edit_unread)

    @Slot(str)
    def _on_edit_unread(self, message: str) -> None:
        # A moving by the editor's text: that text no longer reads, so A and what was compared are gone.
        if self.a_text is None or not self._a_edited:
            return
        self.runner.cancel()
        self.a_text, self.a_name, self.a_square, self.answer = None, "", None, None
        self.a_label.setText(f"A: the notation being edited cannot be compared: {message} (see the Notation "
                             "panel).")
        self.result.setText("")
        self._clear_comparison()

    def shutdown(self) -> None:
        """Stop the worker threads."""
        self._timer.stop()
        self.runner.shutdown()
        self.find_runner.shutdown()

    @Slot()
    def _on_board_changed(self) -> None:
        # A search, and A itself, belong to the board as it was: the answer would fit no board shown.
        searching = self.find_runner.running
        if searching:
            self.find_runner.cancel()
            self._done()
            self.result.setText("Search stopped: the board changed.")
        board = self.document.board
        opening, self._opening = self._opening, self.document.openings
        if self.a_text is None:
            return
        if board is None or opening != self._opening:
            stale = True  # another board: A's square is not its square
        elif self.a_name == TYPED_PIECE:
            stale = False
        else:  # A piece type's own notation: gone with the type, or changed
            stale = self.a_name not in board.pieces or board.pieces[self.a_name].notation_text != self.a_text
        if stale:
            # What was compared goes with A: its answer, drawn or to come, is of a board no longer shown.
            self.runner.cancel()
            self.a_text, self.a_name, self.a_square, self.answer = None, "", None, None
            self.a_label.setText("A: select a piece on the board")
            if not searching:
                self.result.setText("")
            self._clear_comparison()

    # ------------------------------------------------------------------ the definitions

    @Slot()
    def _fill_sources(self) -> None:
        self.source.blockSignals(True)
        keep = self.source.currentData()
        self.source.clear()
        self.source.addItem("Typed notation", TYPED)
        self.source.addItem("A's Betza, read back", BETZA)
        board = self.document.board
        for name in (board.pieces if board is not None else ()):
            self.source.addItem(f"Piece type: {name}", name)
        index = self.source.findData(keep)
        self.source.setCurrentIndex(max(0, index))
        self.source.blockSignals(False)
        self._on_source_changed()

    @Slot()
    def _on_source_changed(self) -> None:
        source = self.source.currentData()
        typed = source == TYPED
        self.b_text.setReadOnly(not typed)
        self.language.setEnabled(typed)
        board = self.document.board
        if board is not None and source in board.pieces:
            self.b_text.setText(board.pieces[source].notation_text)
            self.language.setCurrentIndex(0)
        elif source == BETZA:
            self.b_text.setText(self._betza() or "")
            self.language.setCurrentIndex(1)
        self._compare_anew()

    def _betza(self) -> str | None:
        if self.a_text is None:
            return None
        from dagaz_studio.translation import TranslationError, translate

        try:
            return translate(self.a_text, "dagaz", "betza").text
        except TranslationError as error:
            self.result.setText(f"A has no Betza: {error.message}")
            return None

    def b_notation(self) -> str | None:
        """B in the Dagaz notation, or ``None`` (and why, in the result line)."""
        refused = too_long(self.b_text, "B's notation")
        if refused is not None:
            self.result.setText(refused)
            return None
        text = self.b_text.text().strip()
        if not text:
            return None
        if self.language.currentData() == "dagaz":
            return text
        from dagaz_studio.translation import TranslationError, translate

        try:
            return translate(text, "betza", "dagaz").text
        except TranslationError as error:
            self.result.setText(f"B does not read: {error.message}")
            return None

    @Slot(object)
    def _on_reply(self, reply: MovesAnswer) -> None:
        board = self.document.board
        query = reply.query
        if board is None or query.board is not board or query.square is None or query.drop is not None:
            return
        text, name = query.notation, TYPED_PIECE
        if text is None:
            piece = query.position.cells[query.square]
            if piece is None or piece.kind >= len(board.pieces):
                return
            name = list(board.pieces)[piece.kind]
            text = board.pieces[name].notation_text
        self.a_text, self.a_name, self.a_square = text, name, query.square
        self._a_edited = query.notation is not None
        self.a_label.setText(f"A: the {name} on {board.squares[query.square]}, {text}")
        if self.source.currentData() == BETZA:
            self.b_text.setText(self._betza() or "")
        self.budget = DEFAULT_BUDGET
        if self.isVisible():
            self.compare_here()

    def _compare_anew(self) -> bool:
        """Compare B as it now is, with the usual budget: more was given to what was compared before."""
        self.budget = DEFAULT_BUDGET
        return self.compare_here()

    # ------------------------------------------------------------------ compare here

    def compare_here(self) -> bool:
        """A's and B's squares from A's square in the position shown, drawn on the board."""
        self._lead = ""
        self.longer.hide()
        position, board = self.document.position, self.document.board
        b = self.b_notation()
        if board is None or position is None or self.a_text is None or self.a_square is None or b is None:
            # Whatever was compared before no longer stands: its answer, still to come or drawn, is not
            # that of A and B as they are now (B emptied, or no longer read).
            self.runner.cancel()
            if b is None and not self.b_text.text().strip() and self.source.currentData() == TYPED:
                self.result.setText("")  # (A's Betza read back says itself why it is empty)
            self._clear_comparison()
            return False
        self.runner.request(CompareQuery(board, position.copy(), self.a_square, self.a_text, b, budget=self.budget),
                            debounce=True)
        return True

    def _clear_comparison(self) -> None:
        """Take the comparison's marks off the board (a failing test's, shown meanwhile, stay)."""
        if any(kind in ("a", "b", "both") for kind in self.marks.marks.values()):
            self.marks.set_marks({})

    @Slot(object)
    def _show_compare(self, answer: CompareAnswer) -> None:
        board = self.document.board
        if board is None or answer.query.board is not board:
            return
        self.answer = answer
        where = board.squares[answer.query.square]
        if answer.error is not None:
            # Under what the search said of its own position, the position this line is of is named too.
            of = f" of {answer.query.position.fen()}" if self._lead else ""
            self._say(f"{answer.which} on {where}{of}: {answer.error}")
            self.marks.set_marks({})
            self._offer_longer(answer.budget_spent, answer.query.budget, "compare")
            return
        only_a = [mark for mark, kind in answer.marks.items() if kind == "a"]
        only_b = [mark for mark, kind in answer.marks.items() if kind == "b"]
        if only_a or only_b:
            text = (f"From {where}: only A {' '.join(only_a) or '—'}; only B {' '.join(only_b) or '—'}; "
                    f"both {sum(kind == 'both' for kind in answer.marks.values())}")
        elif answer.only_a or answer.only_b:
            text = (f"From {where}, A and B reach the same squares here, but not by the same moves: only A "
                    f"{', '.join(answer.only_a) or '—'}; only B {', '.join(answer.only_b) or '—'}")
        else:
            text = f"From {where}, A and B move alike here."
        self._say(text)
        self.marks.set_marks({mark: "both" if kind == "both" else kind for mark, kind in answer.marks.items()})

    def _offer_longer(self, spent: bool, budget: int, run: str) -> None:
        """Offer to run ``run`` ("compare" or "find") again with more work where it spent ``budget``."""
        offered = spent and budget < MOST_WINDOW_BUDGET
        if offered:
            self._longer_of = run
            self.longer.setToolTip(f"Run it again with {longer_than(budget, MOST_WINDOW_BUDGET):,} units of work "
                                   "for each run: kept until A or B changes")
        self.longer.setVisible(offered)

    @Slot()
    def run_longer(self) -> bool:
        """Run again, with more work each run, the comparison or search whose run spent its budget."""
        if not self.longer.isVisible() or self.budget >= MOST_WINDOW_BUDGET:
            return False
        self.budget = longer_than(self.budget, MOST_WINDOW_BUDGET)
        self.longer.hide()
        return self.find_difference() if self._longer_of == "find" else self.compare_here()

    def _say(self, text: str) -> None:
        """Show ``text``, what was compared, under what Find a difference last said."""
        self.result.setText(f"{self._lead}\n{text}" if self._lead else text)

    # ------------------------------------------------------------------ find a difference

    def find_difference(self) -> bool:
        """Search positions for a difference on the worker; the progress bar follows it."""
        board = self.document.board
        if board is None or self.a_text is None:
            self.result.setText("Select a piece (A) on the board first.")
            return False
        b = self.b_notation()  # a B that does not read says why in the result line
        if b is None:
            # (A read back from a Betza it has not: the reading says why, again.)
            if not self.b_text.text().strip() and (self.source.currentData() != BETZA or self._betza() is not None):
                self.result.setText("Give B first: type its notation.")
            return False
        self.longer.hide()
        self._find = FindQuery(board, self.a_text, b, self.positions.value(), budget=self.budget)
        self.find_runner.request(self._find)
        self.progress.setRange(0, self.positions.value())
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.find_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.result.setText("Searching…")
        self._timer.start()
        return True

    @Slot()
    def cancel(self) -> None:
        """Stop the search."""
        self.find_runner.cancel()
        self._done()
        self.result.setText("Search cancelled.")

    def _done(self) -> None:
        self._timer.stop()
        self.progress.setVisible(False)
        self.find_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    @Slot()
    def _advance(self) -> None:
        if self._find is not None:
            self.progress.setValue(self._find.progress.done)

    @Slot(object)
    def _show_found(self, answer: FindAnswer) -> None:
        self._done()
        self.found = answer
        board = self.document.board
        if board is None or answer.query.board is not board:
            return
        result = answer.comparison
        if answer.error is not None or result is None:
            self._report(f"The search stopped: {answer.error}")
            return
        if result.error:
            self._report(f"{result.which} on {result.square} of {result.fen}: {result.error}")
            self._offer_longer(result.budget_spent, answer.query.budget, "find")
            return
        if not result.differ:
            said = no_difference_said(result, answer.query.positions)
            self._report(f"{said[0].upper()}{said[1:]}.")
            return
        try:
            self.document.set_fen(result.fen, "Show the position where A and B differ")
            square = board.index(result.square)
            position = self.document.position
            if self.a_name in board.pieces and position is not None:
                self.document.place(square, position.turn, self.a_name)
        except ValueError as error:
            self.result.setText(f"The counterexample cannot be shown: {error}")
            return
        self.a_square = square
        self.a_label.setText(f"A: the {self.a_name} on {result.square}, {self.a_text}")
        found = (f"A and B differ (position {result.positions:,}, {result.pieces} other pieces): "
                 f"from {result.square} only A {', '.join(result.only_a) or '—'}; "
                 f"only B {', '.join(result.only_b) or '—'}.")
        self.result.setText(found)
        self.compare_here()
        # Kept above the comparison on the board, which says the moves again, until B or A changes.
        self._lead = f"A and B differ (position {result.positions:,}, {result.pieces} other pieces):"

    def _report(self, text: str) -> None:
        """Say what the search found where it opens nothing on the board. A comparison of A and B as
        they were when it began may still be on its way: it comes under this line, not in its place
        (a runaway's position and square replaced by what B does on the position shown)."""
        self.result.setText(text)
        self._lead = text
