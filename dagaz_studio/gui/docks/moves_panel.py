"""The Moves dock's panel: the "legal only" switch, what the selection shows, a busy bar, and the legend."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QCheckBox, QLabel, QProgressBar, QPushButton, QStyleOptionGraphicsItem, QWidget

from dagaz_studio.gui.board_view.view import HIGHLIGHT_KINDS, UNIT, HighlightItem
from dagaz_studio.gui.docks.unsqueezed import QtColumnLayout, QtRowsLayout
from dagaz_studio.gui.lazy_qt import Qt

#: The legend's wording of each highlight kind.
LEGEND_TEXT = {
    "move": "quiet move: the piece can go here",
    "capture": "capture: the piece takes what stands here",
    "removed": "removed: a move takes the piece here without landing on it",
    "destroyed": "destroyed: a move blows the piece here off the board (not a capture)",
    "displaced": "displaced: a second piece moves away from here (castling)",
    "stop": "stop: a chain of partial moves lands here on its way",
    "selected": "the selected piece",
}


def highlight_icon(kind: str, size: int = 28, points: bool = False) -> QIcon:
    """The symbol the board draws for ``kind``, as an icon (drawn by the same code)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(QRectF(1, 1, size - 2, size - 2), Qt.GlobalColor.lightGray)
    painter.translate(size / 2, size / 2)
    painter.scale(size / (UNIT * 1.05), size / (UNIT * 1.05))
    HighlightItem(0, kind, QPointF(0, 0), points).paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return QIcon(pixmap)


class QtLegend(QWidget):
    """What each highlight's colour and symbol mean; the symbols differ, not only the colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtRowsLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setVerticalSpacing(2)
        self.rows: dict[str, QLabel] = {}
        for row, kind in enumerate(HIGHLIGHT_KINDS):
            icon = QLabel()
            icon.setPixmap(highlight_icon(kind).pixmap(28, 28))
            text = QLabel(LEGEND_TEXT.get(kind, HIGHLIGHT_KINDS[kind]))
            text.setWordWrap(True)
            layout.addWidget(icon, row, 0)
            layout.addWidget(text, row, 1)
            self.rows[kind] = text
        layout.setColumnStretch(1, 1)


class QtMovesPanel(QWidget):
    """The "legal only" switch, what the selection shows, the offer to run a piece longer, a busy bar,
    and the legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legal_only = QCheckBox("Legal moves only")
        self.legal_only.setChecked(True)
        self.legal_only.setToolTip("Show only the moves the game allows (off: every move the notation gives)")
        self.summary = QLabel("Click a piece to see its moves.")
        self.summary.setObjectName("movesSummary")
        self.summary.setWordWrap(True)
        self.explanation = QLabel()
        self.explanation.setObjectName("squareExplanation")
        self.explanation.setWordWrap(True)
        for label in (self.summary, self.explanation):
            # A word longer than the panel is wide (a piece type's long name) is cut at its edge
            # rather than widening the panel, whose legend would then be cut instead.
            label.setMinimumWidth(1)
        # Offered where the shown run stopped having spent its budget (the explorer words it).
        self.longer = QPushButton()
        self.longer.setObjectName("runLonger")
        self.longer.hide()
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # a busy bar: how long a run takes is not known in advance
        self.busy.setMaximumHeight(12)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.legend = QtLegend()
        layout = QtColumnLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.legal_only)
        layout.addWidget(self.summary)
        layout.addWidget(self.longer, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.busy)
        layout.addWidget(self.explanation)
        layout.addWidget(self.legend)
        layout.addStretch(1)
