"""Help ▸ Lessons: the course "Teach the notation" in a panel beside the board.

The panel shows the lesson list, the lesson's text, its own board with the lesson's position, the
worked example to step through, and the exercise: as the student types, the board marks each square
the answer agrees on (a disc with a tick), each it misses (a dashed ring) and each it adds (a cross) —
shapes, not colours alone. Check marks the answer by its moves on many positions
(:func:`dagaz_studio.queries.lessons.check_answer`) and, when it is wrong, shows the position where it
differs. Lessons passed are remembered per user (QSettings).

Marking, checking and the example's run are rule work: they are asked of a worker thread
(:func:`dagaz_studio.queries.lesson_questions.answer_lesson` through a
:class:`~dagaz_studio.gui.worker.runner.QtMoveRunner`), so the window never waits for them. The latest
question wins: typing, opening a lesson or checking again cancels the one running and its answer is
dropped; a check shows its progress and can be cancelled.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.engine import Position
from dagaz_studio.gui.board_view.position_view import position_contents, position_placement
from dagaz_studio.gui.board_view.style import HIGHLIGHT_KINDS
from dagaz_studio.gui.board_view.trace_overlay import TraceStep
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.docks.into_view import bring_into_view
from dagaz_studio.gui.docks.lesson_marks import (
    AGREE,
    EXTRA,
    MISSING,
    breakable,
    error_html,
    mark_item,
    marking_html,
    soft,
    step_html,
    step_pieces,
    verdict_html,
)
from dagaz_studio.gui.field_length import hold_at_most, too_long, without_unseen_breaks
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.settings import settings
from dagaz_studio.gui.worker.progress import QtProgressRelay
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries.lesson_questions import (
    CHECK,
    EXAMPLE,
    MARK,
    LessonAnswer,
    LessonQuery,
    answer_lesson,
    lesson_failed,
)
from dagaz_studio.queries.lessons import Lesson, LessonError, LessonPosition, Marking, course, lesson_board, read_lesson

#: The lessons passed, as a list of lesson ids.
DONE_KEY = "lessons/done"
#: The lesson last open.
CURRENT_KEY = "lessons/current"


class QtLessonsPanel(QWidget):
    """The course: choose a lesson, read it, step through its example, answer its exercise. Call
    :meth:`shutdown` before the panel goes (the window does so when it closes)."""

    #: A check's verdict, as it is shown (only the latest check's: a cancelled one shows none).
    checked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonsPanel")
        self.lessons: list[Lesson] = []
        self.lesson: Lesson | None = None
        self.marking: Marking | None = None
        self.place: LessonPosition | None = None
        #: The number of the check running (0: none).
        self.check_serial = 0
        self._asked = MARK
        self._hints_shown = 0
        self._film: Any = None
        self._frame = -1
        self._mark_items: list[QGraphicsItem] = []
        self._marks: dict[int, str] = {}
        self.runner = QtMoveRunner(self, answer=answer_lesson, failure=lesson_failed)
        self.runner.replyReady.connect(self._on_reply)
        self.runner.busyChanged.connect(self._on_busy)
        self._relay = QtProgressRelay(self)
        self._relay.advanced.connect(self._on_progress)

        self.chooser = QComboBox()
        self.chooser.setAccessibleName("Lesson")
        # The longest title would set the panel's width: the list is as wide as the column instead.
        self.chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chooser.setMinimumContentsLength(10)
        self.chooser.setToolTip("The course's lessons; ✔ marks those passed")
        self.chooser.currentIndexChanged.connect(self._on_chosen)
        self.previous_button = QPushButton("◀")
        self.previous_button.setToolTip("The previous lesson (Alt+Left)")
        self.previous_button.setShortcut(QKeySequence("Alt+Left"))
        self.previous_button.clicked.connect(lambda: self.go(self.chooser.currentIndex() - 1))
        self.next_button = QPushButton("▶")
        self.next_button.setToolTip("The next lesson (Alt+Right)")
        self.next_button.setShortcut(QKeySequence("Alt+Right"))
        self.next_button.clicked.connect(lambda: self.go(self.chooser.currentIndex() + 1))
        self.open_button = QPushButton("Open…")
        self.open_button.setToolTip("Open a lesson file (.toml) of your own")
        self.open_button.clicked.connect(self._open_file)
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        top.addWidget(self.previous_button)
        top.addWidget(self.next_button)

        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self.text.setMinimumHeight(80)
        self.text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        self.board_view = QtBoardView(self)
        self.board_view.setMinimumSize(160, 170)
        self.board_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.legend = QLabel("● ✓ agrees   ◌ missing   ✕ extra")
        self.legend.setToolTip("Marks on the board: a disc with a tick where the answer agrees with the solution, "
                               "a dashed ring where it misses a square, a cross where it goes too far")

        self.example_label = QLabel()
        self.example_label.setWordWrap(True)
        self.example_label.setTextFormat(Qt.TextFormat.RichText)
        self.example_back = QPushButton("◀")
        self.example_back.setToolTip("The example's previous step")
        self.example_back.clicked.connect(lambda: self.step_example(-1))
        self.example_forward = QPushButton("▶")
        self.example_forward.setToolTip("The example's next step")
        self.example_forward.clicked.connect(lambda: self.step_example(1))
        self.example_reset = QPushButton("Example")
        self.example_reset.setToolTip("Show the example's moves again, from its first step")
        self.example_reset.clicked.connect(self.show_example)
        for button in (self.previous_button, self.next_button, self.example_back, self.example_forward):
            button.setFixedWidth(button.fontMetrics().horizontalAdvance("◀") * 3 + 8)
        # Rows of buttons wrap in a narrow column rather than widening the panel past it, cut at its side.
        stepper = FlowLayout()
        stepper.addWidget(self.example_reset)
        stepper.addWidget(self.example_back)
        stepper.addWidget(self.example_forward)
        stepper.addWidget(self.open_button)

        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.answer = without_unseen_breaks(hold_at_most(QLineEdit()))
        self.answer.setPlaceholderText("Your answer: the piece's move")
        self.answer.setAccessibleName("Answer")
        self.answer.textChanged.connect(lambda _text: self.mark(debounce=True))
        self.answer.returnPressed.connect(self.check)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.check_button = QPushButton("&Check")
        self.check_button.setToolTip("Mark the answer by its moves on many positions (Enter)")
        self.check_button.clicked.connect(self.check)
        self.hint_button = QPushButton("&Hint")
        self.hint_button.setToolTip("Show the next hint")
        self.hint_button.clicked.connect(self.show_hint)
        self.solution_button = QPushButton("&Solution")
        self.solution_button.setToolTip("Show the solution")
        self.solution_button.clicked.connect(self.show_solution)
        buttons = FlowLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.hint_button)
        buttons.addWidget(self.solution_button)
        self.progress = QProgressBar()
        self.progress.setAccessibleName("Check progress")
        self.progress.setFormat("%v of %m positions")
        self.progress.setToolTip("Positions the answer has been compared on so far")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop checking (Esc)")
        # Esc within the panel only: elsewhere in the window it is not this panel's to take.
        QShortcut(QKeySequence("Esc"), self, self.cancel_check, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.cancel_button.clicked.connect(self.cancel_check)
        self.check_row = QWidget()
        running = QHBoxLayout(self.check_row)
        running.setContentsMargins(0, 0, 0, 0)
        running.addWidget(self.progress, 1)
        running.addWidget(self.cancel_button)
        self.check_row.hide()
        self.hints = QLabel()
        self.hints.setWordWrap(True)
        self.hints.setTextFormat(Qt.TextFormat.RichText)
        self.hints.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.text, 2)
        layout.addWidget(self.board_view, 3)
        layout.addWidget(self.legend)
        layout.addLayout(stepper)
        layout.addWidget(self.example_label)
        layout.addWidget(self.prompt)
        layout.addWidget(self.answer)
        layout.addLayout(buttons)
        layout.addWidget(self.check_row)
        layout.addWidget(self.verdict)
        layout.addWidget(self.hints)

        self.setTabOrder(self.chooser, self.answer)
        self.load_course()

    # ------------------------------------------------------------------ the course

    def load_course(self) -> None:
        """Read the shipped lessons into the list; open the one last open."""
        try:
            self.lessons = course()
        except LessonError as error:
            self.lessons = []
            self.text.setPlainText(f"The course could not be read: {error}")
        self._fill_chooser()
        current = str(settings().value(CURRENT_KEY, "") or "")
        ids = [lesson.id for lesson in self.lessons]
        self.go(ids.index(current) if current in ids else 0)

    def done(self) -> set[str]:
        """The ids of the lessons passed."""
        value = settings().value(DONE_KEY, [])
        if isinstance(value, str):
            value = [value]
        return {str(item) for item in (value or [])}

    def _fill_chooser(self) -> None:
        done = self.done()
        self.chooser.blockSignals(True)
        index = self.chooser.currentIndex()
        self.chooser.clear()
        for lesson in self.lessons:
            self.chooser.addItem(("✔ " if lesson.id in done else "    ") + f"{lesson.id.split('-')[0]}  {lesson.title}",
                                 lesson.id)
        self.chooser.setCurrentIndex(index)
        self.chooser.blockSignals(False)

    def go(self, index: int) -> None:
        """Open lesson number ``index`` of the list (clamped)."""
        if not self.lessons:
            return
        index = max(0, min(index, len(self.lessons) - 1))
        if index != self.chooser.currentIndex():
            self.chooser.setCurrentIndex(index)  # opens it, by the signal
        elif self.lesson is not self.lessons[index]:
            self.open_lesson(self.lessons[index])

    @Slot(int)
    def _on_chosen(self, index: int) -> None:
        if 0 <= index < len(self.lessons):
            self.open_lesson(self.lessons[index])

    def _open_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, "Open a lesson", "", "Lessons (*.toml)")
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> bool:
        """Open a lesson file; a malformed one is refused with its line and reason. Returns success."""
        try:
            lesson = read_lesson(path)
        except LessonError as error:
            self.verdict.setText(f"<b>This lesson cannot be used</b>: {soft(str(error))}")
            return False
        self.lessons.append(lesson)
        self._fill_chooser()
        self.go(len(self.lessons) - 1)
        return True

    def open_lesson(self, lesson: Lesson) -> None:
        """Show ``lesson``: its text, its position with the exercise's squares, the exercise."""
        self.lesson = lesson
        settings().setValue(CURRENT_KEY, lesson.id)
        self._hints_shown = 0
        paragraphs = "".join(f"<p>{soft(' '.join(p.split()))}</p>" for p in lesson.text.split("\n\n") if p.strip())
        done = " ✔ passed" if lesson.id in self.done() else ""
        self.text.setHtml(f"<h3>{html.escape(lesson.title)}{done}</h3>{paragraphs}"
                          f"<p><b>Example</b>: <code>{breakable(lesson.example)}</code> — "
                          f"{soft(lesson.example_text)}</p>")
        language = {"dagaz": "the Dagaz notation", "betza": "Betza", "parlett": "Parlett"}[lesson.notation]
        self.prompt.setText(f"<b>Exercise</b> (in {language}): {soft(lesson.prompt)}")
        self.hints.setText("")
        self.verdict.setText("")
        self.hint_button.setEnabled(bool(lesson.hints))
        self.previous_button.setEnabled(self.chooser.currentIndex() > 0)
        self.next_button.setEnabled(self.chooser.currentIndex() < len(self.lessons) - 1)
        self._film = None
        self._frame = -1
        self.answer.blockSignals(True)
        self.answer.clear()
        self.answer.blockSignals(False)
        self.show_position(lesson.position)
        self.mark()

    # ------------------------------------------------------------------ the board

    def show_position(self, place: LessonPosition) -> None:
        """Draw the lesson's board with ``place``'s position (its square framed)."""
        assert self.lesson is not None
        board = lesson_board(self.lesson.board)
        position = Position.initial(board) if place.fen is None else Position.from_fen(board, place.fen)
        self.place = place
        self.board_view.set_step_pieces(None)
        self.board_view.set_trace_step(None)
        self.board_view.set_contents(position_contents(position))
        self.board_view.set_board(board, position_placement(position))
        self.board_view.set_highlights({board.index(place.square): "selected"} if "selected" in HIGHLIGHT_KINDS else {})
        self._marks = {}  # the marks belong to the position shown before
        self._draw_marks()

    def set_marks(self, marks: dict[int, str]) -> None:
        """Mark squares ``agree``, ``missing`` or ``extra`` on the lesson's board."""
        self._marks = dict(marks)
        self._draw_marks()

    def marks(self) -> dict[str, str]:
        """The marks on the board now, by square name (for tests and the curious)."""
        board = self.board_view.board
        return {board.squares[square]: kind for square, kind in self._marks.items()} if board else {}

    def _draw_marks(self) -> None:
        scene = self.board_view.scene()
        for item in self._mark_items:
            try:
                if item.scene() is scene:
                    scene.removeItem(item)
            except RuntimeError:  # gone with the scene's items when the board was drawn again
                pass
        self._mark_items = []
        if self.board_view.board is None:
            return
        for square, kind in self._marks.items():
            item = mark_item(kind, self.board_view.square_centre(square))
            scene.addItem(item)
            self._mark_items.append(item)

    # ------------------------------------------------------------------ the example

    def show_example(self) -> None:
        """Ask for the example's run; it is put on the board, from its first step, when it comes."""
        if self.lesson is not None:
            self._ask(EXAMPLE)

    def _show_film(self, film: Any) -> None:
        assert self.lesson is not None
        self.show_position(self.lesson.example_position)
        self._film = film
        self._frame = -1
        self.step_example(1)

    def step_example(self, delta: int) -> None:
        """Go ``delta`` steps through the example's run."""
        if self._film is None:
            self.show_example()
            return
        frames = self._film.frames
        if not frames:
            return
        self._frame = max(0, min(self._frame + delta, len(frames) - 1))
        frame = frames[self._frame]
        self.board_view.set_step_pieces(step_pieces(self._film, frame))
        self.board_view.set_trace_step(TraceStep.from_event(frame.event))
        self.example_label.setText(step_html(self._film.notation, frame.span, frame.event.ok, frame.sentence,
                                             self._frame, len(frames)))
        self.example_back.setEnabled(self._frame > 0)
        self.example_forward.setEnabled(self._frame < len(frames) - 1)

    # ------------------------------------------------------------------ the exercise

    @property
    def running(self) -> bool:
        """Whether a question (marking, check or example) is waiting for the worker or being answered."""
        return self.runner.running

    @property
    def checking(self) -> bool:
        """Whether a check is running."""
        return self.check_serial != 0

    def mark(self, debounce: bool = False) -> None:
        """Mark the answer as typed against the solution on the exercise's position (on the worker;
        the board shows the marks when they come). Cancels a check under way: it checked other text."""
        if self.lesson is not None:
            self._ask(MARK, debounce)

    @Slot()
    def check(self) -> None:
        """Mark the answer by its moves on the lesson's positions and generated ones (on the worker; a
        check under way is cancelled and its result never shown)."""
        lesson = self.lesson
        if lesson is None or not self._ask(CHECK):
            return
        self.check_row.show()
        bring_into_view(self.check_row)
        self.progress.setRange(0, 0)  # busy until the first report says how many positions
        self.setCursor(Qt.CursorShape.BusyCursor)
        self.verdict.setText("Checking the answer by its moves…")

    @Slot()
    def cancel_check(self) -> None:
        """Stop the check under way; its result is never shown."""
        if not self.checking:
            return
        self.runner.cancel()
        self._end_check()
        self.verdict.setText("Check cancelled. Check (Enter) starts it again.")

    def shutdown(self) -> None:
        """Cancel any question and stop the worker thread, waiting for it to end."""
        self.runner.shutdown()
        self._end_check()

    def _ask(self, what: str, debounce: bool = False) -> bool:
        """Ask the worker to mark or check the answer; ``False`` when the answer is refused here, as
        too long to have been pasted whole (its length, cut by the field, would be said wrong)."""
        assert self.lesson is not None
        if self.checking:
            self._end_check()
        refused = too_long(self.answer, "The answer")
        if refused is not None:
            self.runner.cancel()
            self.set_marks({})
            self.verdict.setText(error_html(refused))
            return False
        relay = self._relay
        serial = self.runner.request(LessonQuery(self.lesson, what, self.answer.text(),
                                                 relay.report if what == CHECK else None), debounce=debounce)
        self._asked = what
        if what == CHECK:
            self.check_serial = serial
        return True

    def _end_check(self) -> None:
        self.check_serial = 0
        self.check_row.hide()
        self.unsetCursor()

    @Slot(int, int, int)
    def _on_progress(self, serial: int, done: int, total: int) -> None:
        if serial != self.check_serial or serial != self.runner.serial:
            return  # a report of a check nobody waits for any more
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(min(done, total))

    @Slot(bool)
    def _on_busy(self, busy: bool) -> None:
        if busy and self._asked == MARK:
            self.verdict.setText("Working out the answer's squares…")

    @Slot(object)
    def _on_reply(self, reply: LessonAnswer) -> None:
        lesson = self.lesson
        if lesson is None or reply.query.lesson is not lesson or reply.cancelled:
            return
        what = reply.query.what
        if what == EXAMPLE:
            if reply.error is not None:
                self._film = None
                self.example_label.setText(html.escape(reply.error))
            else:
                self._show_film(reply.film)
            return
        if self.place != lesson.position or self._film is not None:
            self._film = None
            self.example_label.setText("")
            self.show_position(lesson.position)
        if what == CHECK:
            self._end_check()
            self._show_check(lesson, reply)
        else:
            self._show_mark(lesson, reply)

    def _show_mark(self, lesson: Lesson, reply: LessonAnswer) -> None:
        board = lesson_board(lesson.board)
        marking = reply.marking
        self.marking = marking
        if reply.error is not None:  # the interpreter failed: say so rather than mark nothing
            self.set_marks({})
            self.verdict.setText(error_html(reply.error))
            return
        if marking is None:
            self.set_marks({board.index(name): MISSING for name in reply.targets or []})
            self.verdict.setText("The marked squares are where the piece should go. Type its move.")
            return
        if marking.error is None:
            self._show_marking(marking)
        else:
            self.set_marks({})
        self.verdict.setText(marking_html(marking))

    def _show_marking(self, marking: Marking) -> None:
        board = lesson_board(self.lesson.board) if self.lesson else None
        if board is None:
            return
        marks = {board.index(name): AGREE for name in marking.agree}
        marks.update({board.index(name): MISSING for name in marking.missing})
        marks.update({board.index(name): EXTRA for name in marking.extra})
        self.set_marks(marks)

    def _show_check(self, lesson: Lesson, reply: LessonAnswer) -> None:
        verdict = reply.verdict
        if verdict is None:
            self.verdict.setText(error_html(reply.error or "the answer was not checked"))
            return
        if verdict.passed:
            settings().setValue(DONE_KEY, sorted(self.done() | {lesson.id}))
            self._fill_chooser()
            if reply.marking is not None:
                self.marking = reply.marking
                self._show_marking(reply.marking)
        elif verdict.fen is not None and verdict.square is not None:
            self.show_position(LessonPosition(verdict.fen, verdict.square))
            if verdict.marking is not None:
                self._show_marking(verdict.marking)
        self.verdict.setText(verdict_html(verdict))
        bring_into_view(self.verdict)
        self.checked.emit(verdict)

    def show_hint(self) -> None:
        """Reveal the next hint."""
        lesson = self.lesson
        if lesson is None or self._hints_shown >= len(lesson.hints):
            return
        self._hints_shown += 1
        self.hints.setText("<br>".join(f"<b>Hint {n}</b>: {soft(hint)}"
                                       for n, hint in enumerate(lesson.hints[:self._hints_shown], 1)))
        self.hint_button.setEnabled(self._hints_shown < len(lesson.hints))

    def show_solution(self) -> None:
        """Show the solution beneath the hints."""
        lesson = self.lesson
        if lesson is None:
            return
        shown = self.hints.text()
        solution = f"<b>Solution</b>: <code>{breakable(lesson.solution)}</code>"
        if solution not in shown:
            self.hints.setText((shown + "<br>" if shown else "") + solution)


def add_lessons_action(window: Any, menu: Any) -> Any:
    """Add Help ▸ Lessons to ``menu``: it opens the course in a dock beside ``window``'s board."""
    action = menu.addAction("&Lessons")
    action.setShortcut(QKeySequence("Ctrl+L"))
    action.setToolTip("The course that teaches the notation, beside the board")
    action.triggered.connect(lambda _checked=False: show_lessons(window))
    return action


def show_lessons(window: Any) -> Any:
    """The Lessons dock of ``window``, made on first use, shown and raised; returns it."""
    dock = getattr(window, "lessons_dock", None)
    if dock is None:
        panel = QtLessonsPanel(window)
        scroller = QScrollArea()
        scroller.setWidget(panel)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        # Its text wraps to the column's width; only a short window scrolls it, up and down.
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        dock = window.add_dock("Lessons", "lessonsDock", scroller, Qt.DockWidgetArea.RightDockWidgetArea)
        beside = getattr(window, "position_dock", None)
        if beside is not None and not beside.isFloating():
            window.tabifyDockWidget(beside, dock)  # a tab of the right column: the column's whole height
        window.lessons_dock = dock
        window.lessons_panel = panel
    dock.show()
    dock.raise_()
    if not dock.isFloating():
        window.resizeDocks([dock], [max(340, min(440, window.width() * 2 // 5))], Qt.Orientation.Horizontal)
    window.lessons_panel.chooser.setFocus()
    return dock
