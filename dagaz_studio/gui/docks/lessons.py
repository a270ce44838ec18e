"""Help ▸ Lessons: the course "Teach the notation" in a panel beside the board.

The panel shows the lesson list, the lesson's text, its own board with the lesson's position, the
worked example to step through, and the exercise: as the student types, the board marks each square
the answer agrees on (a disc with a tick), each it misses (a dashed ring) and each it adds (a cross) —
shapes, not colours alone. Check marks the answer by its moves on many positions
(:func:`dagaz_studio.queries.lessons.check_answer`) and, when it is wrong, shows the position where it
differs. Lessons passed are remembered per user (QSettings).
"""

from __future__ import annotations

import html
from typing import Any, Optional

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Slot
from PySide6.QtGui import QBrush, QColor, QKeySequence, QPainterPath, QPen
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QGraphicsItem,
    QGraphicsPathItem,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.engine.position import Position
from dagaz_studio.gui.board_view.export import position_placement
from dagaz_studio.gui.board_view.style import UNIT
from dagaz_studio.gui.board_view.trace_overlay import StepPieces, TraceStep
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.files.document import position_contents
from dagaz_studio.gui.settings import settings
from dagaz_studio.queries.lessons import (
    AnswerError,
    Lesson,
    LessonError,
    LessonPosition,
    Marking,
    check_answer,
    course,
    lesson_board,
    mark_answer,
    read_lesson,
    solution_targets,
)

#: The lessons passed, as a list of lesson ids.
DONE_KEY = "lessons/done"
#: The lesson last open.
CURRENT_KEY = "lessons/current"
#: Above the highlights and pieces, below the trace overlay.
Z_MARKS = 18

_AGREE, _MISSING, _EXTRA = "agree", "missing", "extra"
_INK = {_AGREE: QColor("#1e7a3c"), _MISSING: QColor("#c05800"), _EXTRA: QColor("#b00020")}
_SAID = {_AGREE: "the answer reaches it, as the solution does", _MISSING: "the solution reaches it; the answer does not",
         _EXTRA: "the answer reaches it; the solution does not"}


def mark_item(kind: str, centre: QPointF) -> QGraphicsItem:
    """One square's mark: a disc with a tick (agrees), a dashed ring (missing), a cross (extra)."""
    radius = UNIT * 0.22
    path = QPainterPath()
    pen = QPen(_INK[kind], UNIT * 0.06)
    brush: Any = Qt.BrushStyle.NoBrush
    if kind == _AGREE:
        path.addEllipse(QRectF(-radius, -radius, 2 * radius, 2 * radius))
        path.moveTo(-radius * 0.5, 0)
        path.lineTo(-radius * 0.1, radius * 0.45)
        path.lineTo(radius * 0.55, -radius * 0.45)
        pen = QPen(QColor("#ffffff"), UNIT * 0.05)
        brush = QBrush(_INK[kind])
    elif kind == _MISSING:
        path.addEllipse(QRectF(-radius, -radius, 2 * radius, 2 * radius))
        pen.setStyle(Qt.PenStyle.DashLine)
    else:
        path.moveTo(-radius, -radius)
        path.lineTo(radius, radius)
        path.moveTo(radius, -radius)
        path.lineTo(-radius, radius)
        pen.setWidthF(UNIT * 0.09)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setBrush(brush)
    item.setPos(centre)
    item.setZValue(Z_MARKS)
    item.setToolTip(_SAID[kind])
    item.setData(0, kind)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    if kind == _AGREE:  # the disc's edge: the tick is white, the ring in the colour
        ring = QGraphicsPathItem(path, item)
        ring.setPen(QPen(_INK[kind], UNIT * 0.02))
        ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


class QtLessonsPanel(QWidget):
    """The course: choose a lesson, read it, step through its example, answer its exercise."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonsPanel")
        self.lessons: list[Lesson] = []
        self.lesson: Optional[Lesson] = None
        self.marking: Optional[Marking] = None
        self.place: Optional[LessonPosition] = None
        self._hints_shown = 0
        self._film: Any = None
        self._frame = -1
        self._mark_items: list[QGraphicsItem] = []
        self._marks: dict[int, str] = {}

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
        stepper = QHBoxLayout()
        stepper.addWidget(self.example_reset)
        stepper.addWidget(self.example_back)
        stepper.addWidget(self.example_forward)
        stepper.addStretch(1)
        stepper.addWidget(self.open_button)

        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.answer = QLineEdit()
        self.answer.setPlaceholderText("Your answer: the piece's move")
        self.answer.setAccessibleName("Answer")
        self.answer.textChanged.connect(lambda _text: self._mark_timer.start())
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
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.hint_button)
        buttons.addWidget(self.solution_button)
        buttons.addStretch(1)
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
        layout.addWidget(self.verdict)
        layout.addWidget(self.hints)

        self._mark_timer = QTimer(self)
        self._mark_timer.setSingleShot(True)
        self._mark_timer.setInterval(120)
        self._mark_timer.timeout.connect(self.mark)
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
            self.verdict.setText(f"<b>This lesson cannot be used</b>: {_soft(str(error))}")
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
        paragraphs = "".join(f"<p>{_soft(' '.join(p.split()))}</p>" for p in lesson.text.split("\n\n") if p.strip())
        done = " ✔ passed" if lesson.id in self.done() else ""
        self.text.setHtml(f"<h3>{html.escape(lesson.title)}{done}</h3>{paragraphs}"
                          f"<p><b>Example</b>: <code>{breakable(lesson.example)}</code> — "
                          f"{_soft(lesson.example_text)}</p>")
        language = {"dagaz": "the Dagaz notation", "betza": "Betza", "parlett": "Parlett"}[lesson.notation]
        self.prompt.setText(f"<b>Exercise</b> (in {language}): {_soft(lesson.prompt)}")
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
        self.board_view.set_highlights({board.index(place.square): "selected"} if "selected" in _kinds() else {})
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
        """Put the example's position on the board, ready to step through from its first step."""
        if self.lesson is None:
            return
        from dagaz_studio.engine.rules import Rules
        from dagaz_studio.queries.trace_frames import FilmError, film_of_run

        lesson = self.lesson
        self.show_position(lesson.example_position)
        board = lesson_board(lesson.board)
        position = Position.initial(board) if lesson.example_position.fen is None else \
            Position.from_fen(board, lesson.example_position.fen)
        try:
            self._film = film_of_run(Rules(board), position, board.index(lesson.example_position.square),
                                     lesson.example)
        except (FilmError, ValueError) as error:
            self._film = None
            self.example_label.setText(html.escape(str(error)))
            return
        self.set_marks({})
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
        film = self._film
        kinds = list(film.board.pieces.values())

        def drawn(piece: Any) -> tuple[int, str, str]:
            if 0 <= piece.kind < len(kinds):
                return piece.player, kinds[piece.kind].name, kinds[piece.kind].letter
            return piece.player, "example piece", "?"

        at = frame.board
        self.board_view.set_step_pieces(StepPieces(
            placement={square: drawn(piece) for square, piece in enumerate(at.cells) if piece is not None},
            captured={square: drawn(piece) for square, piece in at.captured},
            hand=drawn(at.hand[-1][0]) if at.hand else None, stops=at.stops))
        self.board_view.set_trace_step(TraceStep.from_event(frame.event))
        text = film.notation
        start, end = frame.span if frame.span is not None else (0, 0)
        shown = (f"<code>{breakable(text[:start])}<span style='background:#fff1a8; color:#000000; "
                 f"font-weight:bold; text-decoration:underline'>{breakable(text[start:end])}</span>"
                 f"{breakable(text[end:])}</code>")
        mark = "✔" if frame.event.ok else "✘"
        self.example_label.setText(f"Step {self._frame + 1} of {len(frames)}: {shown}<br>{mark} "
                                   f"{html.escape(frame.sentence)}")
        self.example_back.setEnabled(self._frame > 0)
        self.example_forward.setEnabled(self._frame < len(frames) - 1)

    # ------------------------------------------------------------------ the exercise

    @Slot()
    def mark(self) -> None:
        """Mark the answer as typed against the solution on the exercise's position."""
        lesson = self.lesson
        if lesson is None:
            return
        if self.place != lesson.position or self._film is not None:
            self._film = None
            self.example_label.setText("")
            self.show_position(lesson.position)
        board = lesson_board(lesson.board)
        text = self.answer.text()
        if not text.strip():
            self.marking = None
            self.set_marks({board.index(name): _MISSING for name in solution_targets_of(lesson)})
            self.verdict.setText("The marked squares are where the piece should go. Type its move.")
            return
        marking = mark_answer(lesson, text)
        self.marking = marking
        if marking.error is not None:
            self.set_marks({})
            self.verdict.setText(f"<span style='color:#b00020'>✘</span> {_soft(marking.error.splitlines()[-1])}"
                                 if "\n" not in marking.error else
                                 f"<span style='color:#b00020'>✘</span> <code>{breakable(_last_lines(marking.error))}"
                                 "</code>")
            return
        self._show_marking(marking)
        self.verdict.setText(f"Here: {len(marking.agree)} agree, {len(marking.missing)} missing, "
                             f"{len(marking.extra)} extra. Check (Enter) tries many more positions.")

    def _show_marking(self, marking: Marking) -> None:
        board = lesson_board(self.lesson.board) if self.lesson else None
        if board is None:
            return
        marks = {board.index(name): _AGREE for name in marking.agree}
        marks.update({board.index(name): _MISSING for name in marking.missing})
        marks.update({board.index(name): _EXTRA for name in marking.extra})
        self.set_marks(marks)

    @Slot()
    def check(self) -> None:
        """Mark the answer by its moves on the lesson's positions and generated ones."""
        lesson = self.lesson
        if lesson is None:
            return
        # A second or two of comparisons: the cursor says so.
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            verdict = check_answer(lesson, self.answer.text())
        except AnswerError as error:
            self.verdict.setText(f"<span style='color:#b00020'>✘</span> <code>{breakable(_last_lines(error.message))}"
                                 "</code>")
            return
        finally:
            QApplication.restoreOverrideCursor()
        if verdict.passed:
            done = self.done() | {lesson.id}
            settings().setValue(DONE_KEY, sorted(done))
            self._fill_chooser()
            self.mark()
            self.verdict.setText(f"<b>✔ Right</b>: it moves as the solution on {verdict.positions} positions.")
            return
        if verdict.fen is None or verdict.square is None:
            self.verdict.setText(f"✘ {html.escape(verdict.error or 'it moves otherwise')}")
            return
        self.show_position(LessonPosition(verdict.fen, verdict.square))
        if verdict.marking is not None:
            self._show_marking(verdict.marking)
        only_a = " ".join(verdict.only_answer[:8]) or "—"
        only_b = " ".join(verdict.only_solution[:8]) or "—"
        self.verdict.setText(
            f"<b>✘ Not yet</b>: here it moves otherwise (the piece on {html.escape(verdict.square)}; "
            f"position <code>{breakable(verdict.fen)}</code>).<br>Only your answer: {_soft(only_a)}"
            f"<br>Only the solution: {_soft(only_b)}<br>Edit the answer to go back to the exercise.")

    def show_hint(self) -> None:
        """Reveal the next hint."""
        lesson = self.lesson
        if lesson is None or self._hints_shown >= len(lesson.hints):
            return
        self._hints_shown += 1
        self.hints.setText("<br>".join(f"<b>Hint {n}</b>: {_soft(hint)}"
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


def solution_targets_of(lesson: Lesson) -> list[str]:
    """The solution's squares on the exercise's position (none if it cannot run)."""
    try:
        return solution_targets(lesson)
    except (AnswerError, ValueError):
        return []


def breakable(text: str) -> str:
    """``text`` escaped for rich text, with a place to break after each of its characters: a long
    notation, which has no spaces, wraps in a narrow panel instead of widening it."""
    return "\u200b".join(html.escape(character) for character in text)


def _last_lines(message: str) -> str:
    lines = [line for line in message.splitlines() if line.strip()]
    return "\n".join(lines[-3:])


def _soft(text: str) -> str:
    """Prose escaped for rich text, its long words (notations) breakable."""
    return " ".join(breakable(word) if len(word) > 16 else html.escape(word) for word in text.split(" "))


def _kinds() -> dict[str, str]:
    from dagaz_studio.gui.board_view.style import HIGHLIGHT_KINDS

    return HIGHLIGHT_KINDS


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
