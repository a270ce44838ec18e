"""The Tests panel: the board's tests with pass or fail, run again as a notation is edited; a failing
test's position with its squares marked apart (expected and found, missing, extra); "why not" for a
missing square; and *Record as test*, which writes what the board shows as a test statement at the
end of the board file's text. Its Compare tab is :mod:`~dagaz_studio.gui.docks.compare_tab`.

Every question goes to a worker thread (:class:`~dagaz_studio.gui.worker.runner.QtMoveRunner`);
the window never waits for an answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Signal, Slot
from PySide6.QtGui import QAction, QTextCursor
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.piece_tests import written_test_names
from dagaz_studio.engine import DEFAULT_BUDGET
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.docks.label_text import wrappable
from dagaz_studio.gui.docks.test_marks import MARK_KINDS, QtBoardMarks, SelectedPiece
from dagaz_studio.gui.files.document import QtDocument
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries.run_stopped import LONGER, MOST_WINDOW_BUDGET, longer_than
from dagaz_studio.queries.test_panel import (
    RecordAnswer,
    RecordQuery,
    TestsAnswer,
    TestsQuery,
    WhyAnswer,
    WhyQuery,
    answer_panel,
    panel_failed,
)

if TYPE_CHECKING:
    from dagaz_studio.board import Board
    from dagaz_studio.board.piece_tests import PieceTest
    from dagaz_studio.gui.docks.board_text import QtBoardTextEditor
    from dagaz_studio.gui.docks.compare_tab import QtCompareTab
    from dagaz_studio.gui.docks.notation_editor import QtNotationEditor
    from dagaz_studio.queries.piece_tests import TestResult

#: Shown before each test's name: a shape, not only a colour, says how it went.
PASSED, FAILED = "✓", "✗"


class QtTestsPanel(QWidget):
    """The board's tests and a comparison of two definitions, beside the board."""

    #: The tests were run and their results shown (the answer).
    resultsShown = Signal(object)
    #: A statement was recorded into the board file's text.
    recorded = Signal(str)

    def __init__(self, document: QtDocument, view: QtBoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.view = document, view
        self.explorer: SelectedPiece | None = None
        self.editor: QtNotationEditor | None = None
        self.board_text: QtBoardTextEditor | None = None
        self.board_text_dock: QDockWidget | None = None
        self.answer: TestsAnswer | None = None
        #: The test shown on the board (its index in the answer's board's tests).
        self.shown: int | None = None
        #: What the tests were last asked with: the board, the piece edited and its notation.
        self._asked: tuple[object, str | None, str | None] | None = None
        #: The work each run of a test's piece is given: more once tests that spent it are asked to go on,
        #: until the board or the notation edited changes.
        self.budget = DEFAULT_BUDGET
        #: Whether the detail worker's question is a test to record (not a "why not").
        self._recording = False
        #: Whether the board showed every move, legal or not, when the test being recorded was asked.
        self._every_move_shown = False
        #: Said before "Recorded…": the piece type's edit applied so that the test is of it.
        self._applied_first = ""
        self.marks = QtBoardMarks(view)
        self.runner = QtMoveRunner(self, answer=answer_panel, failure=panel_failed)
        self.runner.replyReady.connect(self._show_results)
        self.detail_runner = QtMoveRunner(self, answer=answer_panel, failure=panel_failed)
        self.detail_runner.replyReady.connect(self._show_detail)

        self.tabs = QTabWidget()
        tests = QWidget()
        self.summary = QLabel("No board")
        self.summary.setWordWrap(True)
        self.test_list = QListWidget()
        self.test_list.setToolTip("Click a test to see its position and squares on the board")
        self.test_list.itemClicked.connect(self._test_clicked)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.mark_list = QListWidget()
        self.mark_list.setToolTip("Right-click a missing square: why the piece does not reach it")
        self.mark_list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.mark_list.customContextMenuRequested.connect(self._mark_menu)
        self.mark_list.itemClicked.connect(self._mark_clicked)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.record_button = QPushButton("Record as test")
        self.record_button.setToolTip("The selected piece's squares in this position, as a test at the end of "
                                      "the board file (Board file panel), to edit and apply")
        self.record_button.clicked.connect(self.record)
        self.run_button = QPushButton("Run again")
        self.run_button.clicked.connect(lambda: self.run_tests())
        self.longer = QPushButton(f"Run {LONGER}× longer")
        self.longer.setObjectName("runLonger")
        self.longer.hide()
        self.longer.clicked.connect(self.run_longer)
        buttons = FlowLayout()
        buttons.addWidget(self.record_button)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.longer)
        legend = QLabel("On the board: disc, as expected; dashed ring, missing; cross, extra; a ring round "
                        "the mark, the piece there is taken.")
        legend.setWordWrap(True)
        layout = QVBoxLayout(tests)
        layout.addWidget(self.summary)
        # Above the lists, which a short dock would otherwise scroll them under.
        layout.addLayout(buttons)
        layout.addWidget(self.test_list, 3)
        layout.addWidget(self.detail)
        layout.addWidget(self.mark_list, 2)
        layout.addWidget(self.why)
        layout.addWidget(legend)
        self.tabs.addTab(tests, "Tests")
        from dagaz_studio.gui.docks.compare_tab import QtCompareTab

        self.compare: QtCompareTab = QtCompareTab(document, self.marks, self)
        self.tabs.addTab(self.compare, "Compare")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.tabs)
        document.boardChanged.connect(self._on_board_changed)
        view.squareClicked.connect(lambda _square: self.marks.set_marks({}))
        # The marks are of the position a test or a comparison was shown on: another position (undone,
        # a move played, a piece placed) does not have them. Showing a test sets its marks after its position.
        document.positionChanged.connect(lambda: self.marks.set_marks({}))

    def attach(self, explorer: SelectedPiece, editor: QtNotationEditor, board_text: QtBoardTextEditor,
               board_text_dock: QDockWidget) -> None:
        """Connect to the window's other parts (built after this panel)."""
        self.explorer, self.editor = explorer, editor
        self.board_text, self.board_text_dock = board_text, board_text_dock
        editor.notationChanged.connect(lambda _notation: self.run_tests(debounce=True))
        editor.targetChanged.connect(lambda _piece: self.run_tests(debounce=True))
        # An edit that does not read has no results: those shown were of an earlier text.
        editor.notationInvalid.connect(lambda _message: self.run_tests(debounce=True))
        self.compare.attach(explorer, editor)
        self.run_tests()

    def shutdown(self) -> None:
        """Stop the worker threads (the window calls this when it closes)."""
        self.runner.shutdown()
        self.detail_runner.shutdown()
        self.compare.shutdown()

    # ------------------------------------------------------------------ tests

    def run_tests(self, debounce: bool = False) -> None:
        """Run the board's tests again, with the notation being edited in place of its piece's."""
        board = self.document.board
        if board is None:
            return
        piece = edit = None
        if self.editor is not None and self.editor.piece is not None:
            piece, edit = self.editor.piece, self.editor.current_notation()
            if edit is None and self.editor.draft(piece) is not None:
                self._edit_unread(piece)
                return
        if edit is None:
            piece = None  # a piece type selected, not edited: the tests run as they did
        last = self._asked
        if debounce and last is not None and last[0] is board and last[1:] == (piece, edit):
            return  # a notation tried on a square, not a piece type's: the tests are as they were
        if last is None or last[0] is not board or last[1:] != (piece, edit):
            self.budget = DEFAULT_BUDGET  # more work was given to the tests of another board or notation
        self._asked = (board, piece, edit)
        self.longer.hide()
        self.summary.setText(f"Running {len(board.tests)} tests…" if board.tests else
                             "This board has no tests: Record as test writes one.")
        self.runner.request(TestsQuery(board, piece, edit, budget=self.budget), debounce=debounce)

    @Slot()
    def run_longer(self) -> bool:
        """Run the tests again, each run of a piece given more work, where a run spent its budget."""
        if not self.longer.isVisible() or self.budget >= MOST_WINDOW_BUDGET:
            return False
        self.budget = longer_than(self.budget, MOST_WINDOW_BUDGET)
        self.run_tests()
        return True

    def _edit_unread(self, piece: str) -> None:
        """The edit of ``piece`` does not read (or is still being read): no results are shown as its."""
        assert self.editor is not None
        self.runner.cancel()
        self._asked = None
        self.answer, self.shown = None, None
        self.test_list.clear()
        self.mark_list.clear()
        self.detail.setText("")
        self.marks.set_marks({})
        error = self.editor.error
        why = "is still being read" if error is None else \
            f"does not read ({error.line}:{error.column}: {error.message}, in the Notation panel)"
        self.summary.setText(f"The {piece}'s edited notation {why}: the tests run again once it reads.")

    @Slot(object)
    def _show_results(self, answer: TestsAnswer) -> None:
        if answer.query.board is not self.document.board:
            return
        self.answer = answer
        self.test_list.clear()
        if answer.error is not None:
            self.summary.setText(f"The tests could not be run: {answer.error}")
            return
        failed = sum(not result.passed for result in answer.results)
        edited = f" (with the {answer.query.piece} being edited)" if answer.query.edit is not None else ""
        board = answer.board
        unread = sum(not test.readable for test in board.tests) if board is not None else 0
        unread_text = f" ({unread} could not be read: see the Board file panel)" if unread else ""
        if answer.query.budget != DEFAULT_BUDGET:
            unread_text += f"; each run given {answer.query.budget:,} units of work"
        self.summary.setText(f"{len(answer.results)} tests{edited}: {len(answer.results) - failed} passed, "
                             f"{failed} failed{unread_text}" if answer.results else "This board has no tests: "
                             "Record as test writes one.")
        for index, result in enumerate(answer.results):
            shown = result.readable()
            item = QListWidgetItem(f"{PASSED if result.passed else FAILED} {shown.name}")
            item.setData(Qt.ItemDataRole.UserRole, index)
            item.setToolTip(("passed: " if result.passed else "FAILED: ") + shown.describe()
                            if not result.passed else f"passed: {shown.piece} {shown.expectation}")
            self.test_list.addItem(item)
        if self.shown is not None and self.shown < len(answer.results):
            self._fill_detail(self.shown)
        budget = answer.query.budget
        offered = budget < MOST_WINDOW_BUDGET and any(result.budget_spent for result in answer.results)
        if offered:
            self.longer.setToolTip(f"Run the tests again with {longer_than(budget, MOST_WINDOW_BUDGET):,} units of "
                                   "work for each run: a piece with a great many ways may end given more")
        self.longer.setVisible(offered)
        self.resultsShown.emit(answer)

    def test_item(self, name: str) -> QListWidgetItem | None:
        """The list's item of the test ``name``."""
        for row in range(self.test_list.count()):
            item = self.test_list.item(row)
            if self.answer is not None and self.answer.results[int(item.data(Qt.ItemDataRole.UserRole))].name == name:
                return item
        return None

    @Slot(QListWidgetItem)
    def _test_clicked(self, item: QListWidgetItem) -> None:
        self.show_test(int(item.data(Qt.ItemDataRole.UserRole)))

    def show_test(self, index: int) -> None:
        """Show test number ``index``: its position on the board, its squares marked apart."""
        answer = self.answer
        if answer is None or answer.board is None or index >= len(answer.results):
            return
        self.shown = index
        test = answer.board.tests[index]
        self._show_position(test)
        self._fill_detail(index)

    def _show_position(self, test: PieceTest) -> None:
        board = self.document.board
        if board is None or not test.readable:  # no position can be trusted: the board is left as it is
            return
        fen = test.fen if test.fen is not None else board.setup
        try:
            if fen:  # a draughts test's PDN FEN too: the document reads it as the test ran it
                self.document.set_fen(fen, f"Show the position of test {test.name}")
            position = self.document.position
            if test.square is not None and test.put_piece is not None and position is not None:
                player = test.put_player if test.put_player is not None else position.turn
                self.document.place(board.index(test.square), player, test.put_piece)
        except ValueError as error:
            self.why.setText(f"The test's position cannot be shown: {error}")

    def _fill_detail(self, index: int) -> None:
        assert self.answer is not None and self.answer.board is not None
        result = self.answer.results[index]
        test = self.answer.board.tests[index]
        shown = result.readable()
        self.detail.setText(wrappable(("Passed: " if result.passed else "Failed: ") + shown.describe()
                                      if not result.passed else f"Passed: {shown.name}: {shown.piece} {shown.expectation}",
                                      most=DETAIL_CHARS))
        self.why.setText(wrappable(result.reason and f"{result.missing[0]}: {result.reason}" or ""))
        marks = _mark_kinds(self.answer.board, test, result)
        self.mark_list.clear()
        words = {"agree": "as expected", "missing": "missing", "extra": "extra"}
        for mark, kind in marks.items():
            item = QListWidgetItem(f"{words[kind]} {mark}")
            item.setData(Qt.ItemDataRole.UserRole, (mark, kind))
            item.setToolTip(MARK_KINDS[kind][1])
            self.mark_list.addItem(item)
        self.marks.set_marks(marks)

    # ------------------------------------------------------------------ why not

    def _shown_test(self) -> tuple[PieceTest, TestResult] | None:
        if self.answer is None or self.answer.board is None or self.shown is None \
                or self.shown >= len(self.answer.results):
            return None
        return self.answer.board.tests[self.shown], self.answer.results[self.shown]

    def why_not(self, mark: str) -> bool:
        """Ask why the shown test's piece misses ``mark``; the answer appears below the squares."""
        shown = self._shown_test()
        if shown is None or self.answer is None or self.answer.board is None:
            return False
        self.why.setText(f"Working out why not {mark}…")
        self._recording = False
        self.detail_runner.request(WhyQuery(self.answer.board, shown[0], mark, budget=self.answer.query.budget))
        return True

    @Slot(QPoint)
    def _mark_menu(self, where: QPoint) -> None:
        item = self.mark_list.itemAt(where)
        if item is None:
            return
        mark, kind = item.data(Qt.ItemDataRole.UserRole)
        menu = QMenu(self)
        action = menu.addAction(f"Why not {mark}?")
        action.setEnabled(kind == "missing")
        action.triggered.connect(lambda: self.why_not(mark))
        menu.exec(self.mark_list.viewport().mapToGlobal(where))
        menu.deleteLater()

    @Slot(QListWidgetItem)
    def _mark_clicked(self, item: QListWidgetItem) -> None:
        mark, kind = item.data(Qt.ItemDataRole.UserRole)
        if kind == "missing":
            self.why_not(mark)

    def square_actions(self, square: int, menu: QMenu) -> None:
        """On the board's square menu: "Why not here (test …)?" for a square the shown test misses."""
        shown = self._shown_test()
        board = self.document.board
        if shown is None or board is None or not self.marks.marks:
            return
        name = board.squares[square]
        for mark in (name, "x" + name):
            if self.marks.marks.get(mark) == "missing":
                action = QAction(f"Why not {mark} (test {shown[0].name})?", menu)
                action.triggered.connect(lambda _checked=False, m=mark: self.why_not(m))
                menu.addAction(action)

    # ------------------------------------------------------------------ record

    def record(self) -> bool:
        """Write what the board shows — the position, the selected piece, its squares — as a test.

        A piece moving by its type's unapplied edit is recorded as a test of the type: the edit is
        applied first (undoably), so the test is written into a text that has it and passes."""
        reply = self.explorer.reply if self.explorer is not None else None
        board = self.document.board
        editor = self.editor
        if editor is not None and editor.piece is not None and editor.draft(editor.piece) is not None \
                and editor.current_notation() is None:
            self.why.setText(f"Nothing recorded: the {editor.piece}'s edited notation does not read yet; correct "
                             "it, or Revert it, first.")
            return False
        if board is None or reply is None or reply.query.board is not board \
                or (reply.query.square is None and reply.query.drop is None):
            self.why.setText("Select a piece on the board, or one in hand, first: its squares become the test.")
            return False
        query = reply.query
        position, notation, applied = query.position, query.notation, ""
        if notation is not None and query.notation_player is not None and query.notation_name in board.pieces:
            refused = self._apply_edit(query.notation_name, notation)
            if refused is not None:
                self.why.setText(f"Nothing recorded: {refused}")
                return False
            board, position, notation = self.document.board, self.document.position, None
            applied = f"The {query.notation_name}'s edited notation was applied first (Edit ▸ Undo takes it back). "
            if board is None or position is None:
                return False
        self.why.setText("Recording…")
        self._recording = True
        self._applied_first = applied
        # Tests recorded and not yet applied are in the text only: a second one takes another name.
        taken = frozenset(written_test_names(self.board_text.text())) if self.board_text is not None else frozenset()
        if query.drop is not None:
            record = RecordQuery(board, position.copy(), None, player=query.drop_player, drop=query.drop,
                                 taken=taken)
        else:
            record = RecordQuery(board, position.copy(), query.square, notation, query.notation_player,
                                 taken=taken)
        self.detail_runner.request(record)
        # A test asks a piece's legal moves: with every move shown, the test may have fewer than the board.
        self._every_move_shown = not query.legal_only
        return True

    def _apply_edit(self, piece: str, text: str) -> str | None:
        """Apply ``piece``'s unapplied edit ``text`` before a test of it is recorded; why not, if it cannot be."""
        if self.editor is None:
            return "the notation editor is not there"
        if self.board_text is not None and self.board_text.has_unapplied_changes():
            # The test would go into a text without the edit: applying that text would take the edit back.
            return (f"the {piece}'s notation and the board file's text both have edits not applied; apply or "
                    "revert the board file's text first.")
        others = [name for name in self.editor.unapplied() if name != piece]
        problem = self.editor.apply_unapplied(leave=others)
        board = self.document.board
        if problem is not None:
            return problem
        if board is None or piece not in board.pieces or board.pieces[piece].notation_text != text:
            return f"the {piece}'s edited notation could not be applied (see the Notation panel)."
        return None

    @Slot(object)
    def _show_detail(self, answer: object) -> None:
        if isinstance(answer, WhyAnswer):
            reason = answer.reason or f"the piece makes {answer.query.mark}"
            self.why.setText(f"{answer.query.mark}: {reason}")
        elif isinstance(answer, RecordAnswer):
            if answer.statement is None:
                self.why.setText(f"Nothing recorded: {answer.error}")
                return
            self._append(answer.statement)

    def _append(self, statement: str) -> None:
        editor = self.board_text
        if editor is None:
            return
        text = editor.text_edit
        cursor = text.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        before = text.toPlainText()
        cursor.insertText(("" if not before or before.endswith("\n") else "\n") + statement + "\n")
        text.setTextCursor(cursor)
        text.ensureCursorVisible()
        if self.board_text_dock is not None:
            self.board_text_dock.show()
            self.board_text_dock.raise_()
        self.why.setText(self._applied_first + "Recorded at the end of the board file: edit it there, then Apply." +
                         (" It has the piece's legal moves, as a test asks them, not every move the board shows "
                          "(Legal moves only is off)." if self._every_move_shown else ""))
        self.recorded.emit(statement)

    @Slot()
    def _on_board_changed(self) -> None:
        self.shown = None
        self.mark_list.clear()
        self.detail.setText("")
        self.why.setText("")
        if self.detail_runner.running:
            # A test recorded, or a "why not" asked, of the board as it was: its answer fits no board
            # shown (a test of another board would be written into this one's text).
            self.detail_runner.cancel()
            self.why.setText("The board changed before the test was worked out: it was not recorded; record it "
                             "again." if self._recording else "The board changed before the answer came: ask again.")
        self.marks.set_marks({})
        if self.explorer is not None:
            self.run_tests()


def _mark_kinds(board: Board, test: PieceTest, result: TestResult) -> dict[str, str]:
    """A reach test's marks on ``board``, each ``agree``, ``missing`` or ``extra``."""
    from dagaz_studio.queries.piece_tests import mark_square

    marks: dict[str, str] = {}
    missing, extra = set(result.missing), set(result.extra)
    if test.expect == "none-of":
        for mark in test.marks:
            marks[mark] = "agree"
        for mark in result.extra:
            # The test's mark a taking stands for: the square under the taking's one x.
            marks.pop(mark_square(board, mark)[0], None)
            marks[mark] = "extra"
        return marks
    for mark in test.marks:
        marks[mark] = "missing" if mark in missing else "agree"
    for mark in result.extra:
        marks[mark] = "extra"
    if test.expect == "exactly":
        for mark in result.found:
            marks.setdefault(mark, "extra" if mark in extra else "agree")
    return marks


def add_tests_dock(window: object, document: QtDocument, view: QtBoardView) -> tuple[QtTestsPanel, QDockWidget]:
    """The Tests dock, added to ``window`` (a :class:`~dagaz_studio.gui.main_window.QtMainWindow`)."""
    from PySide6.QtWidgets import QScrollArea

    panel = QtTestsPanel(document, view)
    # In a scroll area, as the other panels: the dock may be narrower than the panel would ask.
    area = QScrollArea()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    dock = window.add_dock("Tests", "testsDock", area)  # type: ignore[attr-defined]
    return panel, dock


#: The most a test's detail says: every square of a big board missing is more than the line reads.
DETAIL_CHARS = 1_000

