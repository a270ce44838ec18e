"""A layout that lays its widgets out in lines, like words in a paragraph: as many on a line as fit.

Qt ships no such layout for widgets (its documentation carries one as an example, which this follows).
A panel of buttons in a narrow dock then wraps onto more lines instead of widening the dock, which
would take its room from the board. Widgets whose horizontal size policy expands share what is left
of their line, so a field beside a label still fills a wide dock.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QMargins, QPoint, QRect, QSize
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QWidget

from dagaz_studio.gui.lazy_qt import Qt

_EXPANDING = (QSizePolicy.Policy.Expanding, QSizePolicy.Policy.MinimumExpanding)
#: Pixels between neighbours, sideways and between lines, unless set otherwise.
DEFAULT_SPACING = 4


class FlowLayout(QLayout):
    """Widgets in lines, left to right, wrapping onto a new line when the next one would not fit.

    Qt asks a layout for its heights many times in one pass (hundreds, for a window of docks), and
    every question is a call into Python that must take the interpreter lock from the worker thread
    running a notation. So the items' sizes are read once after each invalidation, and each width's
    height is worked out once: the answers then cost no calls back into Qt, each of which could
    hand the lock to the worker and wait to get it back.
    """

    def __init__(self, parent: QWidget | None = None, spacing: int = DEFAULT_SPACING) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._measured: list[_Measured] | None = None
        self._heights: dict[int, int] = {}
        self.setSpacing(spacing)
        if parent is None:
            self.setContentsMargins(QMargins(0, 0, 0, 0))

    # ------------------------------------------------------------------ QLayout's interface

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt's name
        """Take ``item`` as the last of the flow (``addWidget`` comes here)."""
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        """How many items the flow holds."""
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt's name
        """The item at ``index``, or ``None`` past the end."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt's name
        """Remove and return the item at ``index`` (``None`` past the end)."""
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self.invalidate()
        return item

    def invalidate(self) -> None:
        """Forget the items' sizes: a widget changed its size hint, was shown or hidden."""
        self._measured = None
        self._heights.clear()
        super().invalidate()

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt's name
        """The flow grows in neither direction by itself: its height follows from its width."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        """Yes: the narrower the flow, the more lines it takes."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """The height the items take when laid out in ``width`` pixels."""
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._lay_out(QRect(0, 0, width, 0), move=False)
        return height

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        """Lay the items out in ``rect``."""
        super().setGeometry(rect)
        self._lay_out(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """All the items on one line."""
        margins = self.contentsMargins()
        measured = self._measure()
        width = sum(m.hint.width() for m in measured) + self.spacing() * max(0, len(measured) - 1)
        height = max((m.hint.height() for m in measured), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt's name
        """As narrow as the widest item: one item on each line."""
        size = QSize()
        for measured in self._measure():
            size = size.expandedTo(measured.minimum)
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # ------------------------------------------------------------------ laying out

    def _measure(self) -> list[_Measured]:
        """The shown items with their sizes, read from Qt once after each invalidation."""
        if self._measured is None:
            self._measured = [_Measured(item, item.sizeHint(), item.minimumSize(), _expands(item))
                              for item in self._items if not item.isEmpty()]
        return self._measured

    def _lay_out(self, rect: QRect, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); returns the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        room = area.width()
        spacing = self.spacing()
        lines: list[list[tuple[_Measured, int]]] = []
        used = 0
        for measured in self._measure():
            width = min(measured.hint.width(), max(room, measured.minimum.width()))
            if lines and lines[-1] and used + spacing + width > room:
                lines.append([])
                used = 0
            if not lines:
                lines.append([])
            used += (spacing if lines[-1] else 0) + width
            lines[-1].append((measured, width))
        y = area.y()
        for line in lines:
            widths = [width for _, width in line]
            left_over = max(0, room - sum(widths) - spacing * (len(line) - 1))
            growing = [i for i, (measured, _) in enumerate(line) if measured.expands]
            for n, i in enumerate(growing):
                widths[i] += left_over // len(growing) + (1 if n < left_over % len(growing) else 0)
            height = max(measured.hint.height() for measured, _ in line)
            if move:
                x = area.x()
                for (measured, _), width in zip(line, widths):
                    hint = measured.hint.height()
                    measured.item.setGeometry(QRect(QPoint(x, y + (height - hint) // 2), QSize(width, hint)))
                    x += width + spacing
            y += height + spacing
        if lines:
            y -= spacing
        return y - rect.y() + margins.bottom()


class _Measured(NamedTuple):
    """A shown item and its sizes as Qt gave them at the last measuring."""

    item: QLayoutItem
    hint: QSize
    minimum: QSize
    expands: bool


def _expands(item: QLayoutItem) -> bool:
    widget = item.widget()
    if widget is None:
        return False
    return widget.sizePolicy().horizontalPolicy() in _EXPANDING
