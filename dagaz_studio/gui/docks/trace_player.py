"""Step by step: replay a run's trace forward and back, all of it or only the steps behind one move.

The player holds a *sequence* of trace events: the whole trace, the branch that built one chosen move
(:func:`dagaz_studio.engine.explain.move_branch`), or the events that explain a square. It emits
:attr:`QtTracePlayer.stepChanged` with the event it is at; the window draws that event on the board and
in the notation editor.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import cast

from PySide6.QtCore import QEvent, QModelIndex, QObject, QRect, QTimer, Signal, Slot
from PySide6.QtGui import QPainter, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QSlider,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.model import Board
from dagaz_studio.engine import DEFAULT_TRACE_LIMIT, TraceEvent, describe_move, move_branch
from dagaz_studio.gui.docks.label_text import wrappable
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.queries import MovesAnswer

#: Narrower than this, the player stacks its controls in two rows above its list of moves.
STACKED_WIDTH = 420
#: Steps per second when playing, unless changed.
DEFAULT_SPEED = 4
#: The most of a notation the stepper shows above the step's sentence: a longer one is cut to the
#: part around the step, or the wrapped text pushes the sentence out of the dock (the whole text is
#: in the Notation panel).
NOTATION_SHOWN_CHARS = 240
#: The most steps a run's trace holds: the engine's limit, and past it the step that says why the run
#: stopped.
MOST_STEPS = DEFAULT_TRACE_LIMIT + 1
_ALL = -1
_EXPLANATION = -2
#: A listed move's name and coordinates, drawn in two columns (the item's text holds both for search).
_NAME_ROLE = Qt.ItemDataRole.UserRole + 2
_COORDINATES_ROLE = Qt.ItemDataRole.UserRole + 3
#: An explanation's better words for some of its events, by trace index.
_NOTES_ROLE = Qt.ItemDataRole.UserRole + 4


class _NamedMoveDelegate(QStyledItemDelegate):
    """Draws a named move as its name, then its coordinates in a muted colour, in aligned columns."""

    def __init__(self, parent: QListWidget) -> None:
        super().__init__(parent)
        #: Where the coordinates column starts, in pixels from the item's left edge.
        self.column = 0

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # noqa: D401
        """Paint the item; a named move in two columns, anything else as usual."""
        name, coordinates = index.data(_NAME_ROLE), index.data(_COORDINATES_ROLE)
        if not name:
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        option.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        palette = option.palette
        text_colour = palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        muted = palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.PlaceholderText)
        rect = option.rect.adjusted(4, 0, -4, 0)
        painter.save()
        painter.setFont(option.font)
        painter.setPen(text_colour)
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.drawText(rect, align, name)
        painter.setPen(muted)
        painter.drawText(QRect(rect.left() + self.column, rect.top(), max(0, rect.width() - self.column), rect.height()),
                         align, coordinates)
        painter.restore()


class QtTracePlayer(QWidget):
    """Controls, a slider and a move list over a run's trace."""

    #: The event the player is at (a :class:`TraceEvent`), or ``None`` when there is none.
    stepChanged = Signal(object)
    #: A move of the list was double-clicked: its index in the reply's moves.
    moveActivated = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._reply: MovesAnswer | None = None
        self._board: Board | None = None
        self._notation_text = ""
        self._sequence: list[int] = []
        self._position = -1
        self._notes: dict[int, str] = {}

        self.start_button = self._button(QStyle.StandardPixmap.SP_MediaSkipBackward, "Go to the first step (Home)", self.go_to_start)
        self.back_button = self._button(QStyle.StandardPixmap.SP_MediaSeekBackward, "Step back (←)", self.step_back)
        self.play_button = self._button(QStyle.StandardPixmap.SP_MediaPlay, "Play or pause (Space)", self.toggle_play)
        self.play_button.setCheckable(True)
        self.forward_button = self._button(QStyle.StandardPixmap.SP_MediaSeekForward, "Step forward (→)", self.step_forward)
        self.end_button = self._button(QStyle.StandardPixmap.SP_MediaSkipForward, "Go to the last step (End)", self.go_to_end)
        self.speed = QSpinBox()
        self.speed.setRange(1, 60)
        self.speed.setValue(DEFAULT_SPEED)
        self.speed.setSuffix(" steps/s")
        self.speed.setToolTip("How fast Play goes through the steps")
        self.speed.setAccessibleName("Speed")
        self.speed.valueChanged.connect(self._on_speed_changed)
        self.loop_button = QToolButton()
        self.loop_button.setText("⟲")
        self.loop_button.setCheckable(True)
        self.loop_button.setToolTip("Loop: Play starts again from the first step at the end")
        self.loop_button.setAccessibleName("Loop")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Drag through the steps")
        self.slider.valueChanged.connect(self._on_slider)
        self.counter = QLabel("no run")

        self.sentence = QLabel()
        self.sentence.setObjectName("traceSentence")
        self.sentence.setWordWrap(True)
        self.sentence.setTextFormat(Qt.TextFormat.RichText)
        self.sentence.setMinimumHeight(40)
        self.notation_label = QLabel()
        self.notation_label.setObjectName("traceNotation")
        self.notation_label.setTextFormat(Qt.TextFormat.RichText)
        self.notation_label.setWordWrap(True)

        self.moves = QListWidget()
        self.moves.setToolTip("Choose a move to replay only the steps that built it")
        self._delegate = _NamedMoveDelegate(self.moves)
        self.moves.setItemDelegate(self._delegate)
        self.moves.currentRowChanged.connect(self._on_move_chosen)
        # Not itemActivated: on some platforms a double-click emits both, which would play twice.
        self.moves.itemDoubleClicked.connect(self._on_move_activated)

        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._on_speed_changed(self.speed.value())

        buttons = QHBoxLayout()
        for button in (self.start_button, self.back_button, self.play_button, self.forward_button, self.end_button):
            buttons.addWidget(button)
        rest = QHBoxLayout()
        rest.addWidget(self.speed)
        rest.addWidget(self.loop_button)
        rest.addStretch(1)
        #: The buttons, the counter and the rest of the controls in one row, or one above another in a
        #: narrow panel; the list of moves beside the controls, or below them (:meth:`follow_width_of`).
        self._rows = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._rows.addLayout(buttons)
        # A row of its own when the controls are stacked: beside the buttons it was 20 pixels long.
        self._rows.addWidget(self.slider, 1)
        self._rows.addWidget(self.counter)
        self._rows.addLayout(rest)
        left = QVBoxLayout()
        left.addLayout(self._rows)
        left.addWidget(self.notation_label)
        left.addWidget(self.sentence)
        left.addStretch(1)
        self._sides = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._sides.setContentsMargins(4, 4, 4, 4)
        self._sides.addLayout(left, 3)
        self._sides.addWidget(self.moves, 1)
        self._update_controls()

    # ------------------------------------------------------------------ public API

    @property
    def sequence(self) -> list[int]:
        """The trace indexes being replayed, in order."""
        return list(self._sequence)

    @property
    def position(self) -> int:
        """Where in :attr:`sequence` the player is (``-1``: nowhere)."""
        return self._position

    @property
    def notation_text(self) -> str:
        """The notation whose run is being replayed."""
        return self._notation_text

    @property
    def playing(self) -> bool:
        """Whether Play is on."""
        return self._timer.isActive()

    def current_index(self) -> int | None:
        """The index in the reply's trace of the event the player is at."""
        if self._reply is None or not 0 <= self._position < len(self._sequence):
            return None
        return self._sequence[self._position]

    def current_event(self) -> TraceEvent | None:
        """The event the player is at."""
        if self._reply is None or not 0 <= self._position < len(self._sequence):
            return None
        return self._reply.trace[self._sequence[self._position]]

    def set_run(self, reply: MovesAnswer | None, board: Board | None, notation_text: str = "") -> None:
        """Replay ``reply``'s trace (``None``: nothing); ``notation_text`` is the notation that ran. A
        reply whose trace is still being recorded (``tracing``) lists its moves, without steps."""
        self.pause()
        self._notes = {}
        self._reply, self._board, self._notation_text = reply, board, notation_text
        self.moves.blockSignals(True)
        self.moves.clear()
        if reply is not None and board is not None and (reply.trace or reply.tracing):
            metrics = self.moves.fontMetrics()
            widest = max((metrics.horizontalAdvance(name) for name in reply.names.values()), default=0)
            self._delegate.column = widest + metrics.horizontalAdvance("MM")
            allowed = set(reply.allowed)
            item = QListWidgetItem("All steps (recording…)" if reply.tracing else
                                   f"All steps ({len(reply.trace):,})" if not reply.stopped else
                                   f"All steps ({len(reply.trace):,}), partial")
            if reply.stopped:
                item.setToolTip("The run stopped before it was done: the moves below are those it found "
                                "until then, and there may be more")
            item.setData(Qt.ItemDataRole.UserRole, _ALL)
            self.moves.addItem(item)
            for index, move in enumerate(reply.moves):
                coordinates = describe_move(board, move)
                name = reply.names.get(index)
                text = coordinates if name is None or name == coordinates else f"{name}    {coordinates}"
                tip = "Replay only the steps that built this move"
                if index in allowed and reply.player == reply.query.position.turn:
                    tip += "; double-click to play it"
                if name is not None and name != coordinates:
                    tip = f"{name} ({coordinates})\n{tip}"
                if index not in allowed:
                    text += "  (not allowed)"
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, index)
                if name is not None and name != coordinates and index in allowed:
                    item.setData(_NAME_ROLE, name)
                    item.setData(_COORDINATES_ROLE, coordinates)
                if index not in allowed:
                    item.setForeground(Qt.GlobalColor.gray)
                item.setToolTip(tip)
                self.moves.addItem(item)
            self.moves.setCurrentRow(0)
        self.moves.blockSignals(False)
        sequence = list(range(len(reply.trace))) if reply is not None else []
        self._set_sequence(sequence, 0 if sequence else -1)

    def chosen_move(self) -> int | None:
        """The index in the reply's moves of the move chosen in the list, if one is."""
        item = self.moves.currentItem()
        key = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return key if isinstance(key, int) and key >= 0 else None

    def show_move(self, move_index: int) -> None:
        """Replay only the steps that built move ``move_index`` (from its first step)."""
        for row in range(self.moves.count()):
            if self.moves.item(row).data(Qt.ItemDataRole.UserRole) == move_index:
                self.moves.setCurrentRow(row)
                return

    def show_events(self, events: Sequence[int], title: str, notes: Mapping[int, str] | None = None) -> None:
        """Replay the given trace events (an explanation), at the last of them. ``notes`` say some
        events better than the trace does (by trace index: a failed ``[A]`` naming its attacker)."""
        if self._reply is None:
            return
        self.pause()
        self.moves.blockSignals(True)
        for row in range(self.moves.count() - 1, -1, -1):
            if self.moves.item(row).data(Qt.ItemDataRole.UserRole) == _EXPLANATION:
                self.moves.takeItem(row)
        item = QListWidgetItem(title)
        item.setData(Qt.ItemDataRole.UserRole, _EXPLANATION)
        item.setData(Qt.ItemDataRole.UserRole + 1, list(events))
        item.setData(_NOTES_ROLE, dict(notes or {}))
        self.moves.addItem(item)
        self.moves.setCurrentItem(item)
        self.moves.blockSignals(False)
        self._notes = dict(notes or {})
        self._set_sequence(list(events), len(events) - 1)

    @Slot()
    def go_to_start(self) -> None:
        """Go to the first step."""
        self.go_to(0)

    @Slot()
    def go_to_end(self) -> None:
        """Go to the last step."""
        self.pause()
        self.go_to(len(self._sequence) - 1)

    @Slot()
    def step_forward(self) -> None:
        """One step on."""
        self.go_to(self._position + 1)

    @Slot()
    def step_back(self) -> None:
        """One step back."""
        self.go_to(self._position - 1)

    def go_to(self, position: int) -> None:
        """Go to step ``position`` of the sequence (clamped)."""
        if not self._sequence:
            return
        position = max(0, min(position, len(self._sequence) - 1))
        if position != self._position:
            self._position = position
            self._show()

    @Slot()
    def toggle_play(self) -> None:
        """Play, or pause if playing."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        """Go through the steps at the chosen speed (from the start if at the end)."""
        if not self._sequence:
            self._sync_play_button()
            return
        if self._position >= len(self._sequence) - 1:
            self.go_to(0)
        self._timer.start()
        self._sync_play_button()

    def pause(self) -> None:
        """Stop playing."""
        self._timer.stop()
        self._sync_play_button()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Arrow keys step, Home/End jump, Space plays or pauses."""
        keys = {
            Qt.Key.Key_Right: self.step_forward,
            Qt.Key.Key_Left: self.step_back,
            Qt.Key.Key_Home: self.go_to_start,
            Qt.Key.Key_End: self.go_to_end,
            Qt.Key.Key_Space: self.toggle_play,
        }
        action = keys.get(Qt.Key(event.key()))
        if action is None:
            super().keyPressEvent(event)
            return
        action()
        event.accept()

    # ------------------------------------------------------------------ private

    def _button(self, icon: QStyle.StandardPixmap, tip: str, slot) -> QToolButton:
        button = QToolButton()
        button.setIcon(self.style().standardIcon(icon))
        button.setToolTip(tip)
        # An icon says nothing to a screen reader: the tip's words before the key do.
        button.setAccessibleName(tip.split(" (")[0])
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _set_sequence(self, sequence: list[int], position: int) -> None:
        self._sequence = sequence
        self._position = -1
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, len(sequence) - 1))
        self.slider.blockSignals(False)
        if position >= 0:
            self.go_to(position)
        else:
            self._show()

    @Slot(int)
    def _on_move_chosen(self, row: int) -> None:
        if row < 0 or self._reply is None:
            return
        item = self.moves.item(row)
        key = item.data(Qt.ItemDataRole.UserRole)
        self.pause()
        self._notes = dict(item.data(_NOTES_ROLE) or {}) if key == _EXPLANATION else {}
        if key == _ALL:
            self._set_sequence(list(range(len(self._reply.trace))), 0)
        elif key == _EXPLANATION:
            events = item.data(Qt.ItemDataRole.UserRole + 1) or []
            self._set_sequence(list(events), len(events) - 1)
        else:
            tree = self._reply.tree
            events = move_branch(self._reply.trace, tree, key) if tree is not None else []
            self._set_sequence(events, 0 if events else -1)

    @Slot(QListWidgetItem)
    def _on_move_activated(self, item: QListWidgetItem) -> None:
        key = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(key, int) and key >= 0:
            self.moveActivated.emit(key)

    @Slot(int)
    def _on_slider(self, value: int) -> None:
        self.go_to(value)

    @Slot(int)
    def _on_speed_changed(self, speed: int) -> None:
        self._timer.setInterval(max(15, int(1000 / max(1, speed))))

    @Slot()
    def _tick(self) -> None:
        if self._position >= len(self._sequence) - 1:
            if self.loop_button.isChecked() and len(self._sequence) > 1:
                self.go_to(0)
                return
            self.pause()
            return
        self.step_forward()

    def _sync_play_button(self) -> None:
        playing = self._timer.isActive()
        self.play_button.blockSignals(True)
        self.play_button.setChecked(playing)
        self.play_button.blockSignals(False)
        icon = QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        self.play_button.setIcon(self.style().standardIcon(icon))

    def _show(self) -> None:
        event = self.current_event()
        self.slider.blockSignals(True)
        self.slider.setValue(max(0, self._position))
        self.slider.blockSignals(False)
        self._update_controls()
        if event is None:
            self.sentence.setText("" if self._reply is None else "Recording the steps…" if self._reply.tracing
                                  else "No steps recorded.")
            self.notation_label.setText("")
        else:
            self.sentence.setText(self._sentence(event))
            self.notation_label.setText(self._notation_html(event))
        self.stepChanged.emit(event)

    def _update_controls(self) -> None:
        count = len(self._sequence)
        has = count > 0
        for button in (self.start_button, self.back_button):
            button.setEnabled(has and self._position > 0)
        for button in (self.forward_button, self.end_button):
            button.setEnabled(has and self._position < count - 1)
        self.play_button.setEnabled(has)
        self.slider.setEnabled(has)
        text = (f"step {self._position + 1:,} of {count:,}" if has
                else "recording…" if self._reply is not None and self._reply.tracing else "no steps")
        self.counter.setText(text)
        # As wide as the longest count a trace can have, from the start: a counter as wide as its text
        # was laid out at its old width for a frame (cut to "step 1 of 50,00"), and moved the slider
        # along at each added digit.
        metrics = self.counter.fontMetrics()
        digit = max("0123456789", key=metrics.horizontalAdvance)
        most = "".join(digit if c.isdigit() else c for c in f"{MOST_STEPS:,}")
        widest = max(metrics.horizontalAdvance(f"step {most} of {most}"), metrics.horizontalAdvance(text))
        margins = self.counter.contentsMargins()
        self.counter.setMinimumWidth(widest + margins.left() + margins.right() + 2 * self.counter.margin() + 2)

    def follow_width_of(self, room: QWidget) -> None:
        """Lay the controls out for the width of ``room`` (the dock the player is in): in a narrow
        one (one column of tabs beside the board) they take two rows and the list of moves goes below
        them, where side by side they ran past the panel's edge. The player's own width cannot say
        so: a scroll area keeps it at least as wide as it asks."""
        room.installEventFilter(self)
        self._room = room
        self.lay_out_for(room.width())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Follow the width of the dock the player is in (:meth:`follow_width_of`)."""
        if watched is getattr(self, "_room", None) and event.type() == QEvent.Type.Resize:
            frame = watched.parentWidget()
            below = (isinstance(watched, QDockWidget) and isinstance(frame, QMainWindow) and not watched.isFloating()
                     and frame.dockWidgetArea(watched) == Qt.DockWidgetArea.BottomDockWidgetArea)
            # Below the board the player is only narrow on the way to the window's new size (its rows,
            # stacked for a moment, would leave it that tall).
            self.lay_out_for(STACKED_WIDTH if below else cast(QResizeEvent, event).size().width())
        return super().eventFilter(watched, event)

    def lay_out_for(self, width: int) -> None:
        """The controls and the list of moves laid out for a panel ``width`` wide (see :meth:`follow_width_of`)."""
        direction = QBoxLayout.Direction.TopToBottom if width < STACKED_WIDTH else QBoxLayout.Direction.LeftToRight
        if self._sides.direction() != direction:
            self._sides.setDirection(direction)
            self._rows.setDirection(direction)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """Say the step again in the colours of a new theme."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            step = self.current_event()
            if step is not None:
                self.sentence.setText(self._sentence(step))

    def _sentence(self, event: TraceEvent) -> str:
        # Each mark in a colour that stands out from the theme's background, light or dark.
        dark = self.palette().color(QPalette.ColorRole.Window).lightnessF() < 0.5
        colour = ("#6fd08c" if dark else "#1e7a3c") if event.ok else ("#ff7b72" if dark else "#b00020")
        mark = "✔" if event.ok else "✘"
        if event.kind in ("branch", "repeat", "backtrack", "start"):
            colour, mark = self.palette().color(QPalette.ColorRole.WindowText).name(), "•"
        said = self._notes.get(self.current_index() or 0, event.text)
        text = f"<span style='color:{colour}; font-weight:bold'>{mark}</span> {html.escape(said)}"
        details = []
        board = self._board
        if event.hand:
            # Loaded with the step's overlay, which a step shown has already drawn.
            from dagaz_studio.gui.board_view.trace_overlay import held_words

            details.append("in hand: " + held_words(event.hand))
        if event.captures and board is not None:
            details.append("captured so far: " + ", ".join(board.squares[s] for s in event.captures))
        if self._reply is not None and self._reply.trace_truncated and self._sequence and self._position == len(self._sequence) - 1:
            details.append(f"the trace was cut at {len(self._reply.trace):,} steps")
        if details:
            muted = "#a0a0a0" if dark else "#555555"
            text += f"<br><span style='color:{muted}'>" + html.escape("; ".join(details)) + "</span>"
        return text

    def _notation_html(self, event: TraceEvent) -> str:
        text = self._notation_text
        span = event.span
        if not text:
            return ""
        if span is None or span.end > len(text):
            shown = notation_excerpt(text, 0, 0)[2]
            return f"<code>{html.escape(wrappable(shown, len(shown)))}</code>"
        before, part, after = notation_excerpt(text, span.start, span.end)
        # Breakable: a notation without spaces would set the label's width, widening the stepper.
        before, part, after = (html.escape(wrappable(piece, len(piece))) for piece in (before, part, after))
        return (f"<code>{before}<span style='background:#fff1a8; color:#000000; font-weight:bold'>"
                f"{part}</span>{after}</code>")


def notation_excerpt(text: str, start: int, end: int, most: int = NOTATION_SHOWN_CHARS) -> tuple[str, str, str]:
    """``text`` as the parts before, within and after ``start:end``, cut to about ``most`` characters
    around that part, each cut marked by "…"."""
    if len(text) <= most:
        return text[:start], text[start:end], text[end:]
    part = text[start:end]
    if len(part) > most:
        part = part[:most // 2] + "…" + part[len(part) - most // 2:]
    room = max(0, most - len(part))
    first = max(0, start - room // 2)
    last = min(len(text), end + room - (start - first))
    first = max(0, first - (room - (start - first) - (last - end)))
    before = ("…" if first > 0 else "") + text[first:start]
    after = text[end:last] + ("…" if last < len(text) else "")
    return before, part, after
