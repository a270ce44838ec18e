"""A layout that lays its widgets out in lines, like words in a paragraph: as many on a line as fit.

Qt ships no such layout for widgets (its documentation carries one as an example, which this follows).
A panel of buttons in a narrow dock then wraps onto more lines instead of widening the dock, which
would take its room from the board. Widgets whose horizontal size policy expands share what is left
of their line, so a field beside a label still fills a wide dock.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QWidget

_EXPANDING = (QSizePolicy.Policy.Expanding, QSizePolicy.Policy.MinimumExpanding)
#: Pixels between neighbours, sideways and between lines, unless set otherwise.
DEFAULT_SPACING = 4


class FlowLayout(QLayout):
    """Widgets in lines, left to right, wrapping onto a new line when the next one would not fit."""

    def __init__(self, parent: Optional[QWidget] = None, spacing: int = DEFAULT_SPACING) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        if parent is None:
            self.setContentsMargins(QMargins(0, 0, 0, 0))

    # ------------------------------------------------------------------ QLayout's interface

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt's name
        """Take ``item`` as the last of the flow (``addWidget`` comes here)."""
        self._items.append(item)

    def count(self) -> int:
        """How many items the flow holds."""
        return len(self._items)

    def itemAt(self, index: int) -> Optional[QLayoutItem]:  # noqa: N802 - Qt's name
        """The item at ``index``, or ``None`` past the end."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> Optional[QLayoutItem]:  # noqa: N802 - Qt's name
        """Remove and return the item at ``index`` (``None`` past the end)."""
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt's name
        """The flow grows in neither direction by itself: its height follows from its width."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        """Yes: the narrower the flow, the more lines it takes."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """The height the items take when laid out in ``width`` pixels."""
        return self._lay_out(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        """Lay the items out in ``rect``."""
        super().setGeometry(rect)
        self._lay_out(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """All the items on one line."""
        margins = self.contentsMargins()
        hints = [item.sizeHint() for item in self._visible()]
        width = sum(hint.width() for hint in hints) + self.spacing() * max(0, len(hints) - 1)
        height = max((hint.height() for hint in hints), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt's name
        """As narrow as the widest item: one item on each line."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # ------------------------------------------------------------------ laying out

    def _visible(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _lay_out(self, rect: QRect, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); returns the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        spacing = self.spacing()
        lines: list[list[QLayoutItem]] = []
        used = 0
        for item in self._visible():
            width = min(item.sizeHint().width(), max(area.width(), item.minimumSize().width()))
            if lines and lines[-1] and used + spacing + width > area.width():
                lines.append([])
                used = 0
            if not lines:
                lines.append([])
            used += (spacing if lines[-1] else 0) + width
            lines[-1].append(item)
        y = area.y()
        for line in lines:
            widths = [min(item.sizeHint().width(), max(area.width(), item.minimumSize().width())) for item in line]
            left_over = area.width() - sum(widths) - spacing * (len(line) - 1)
            growing = [i for i, item in enumerate(line) if _expands(item)]
            for n, i in enumerate(growing):
                share = max(0, left_over) // len(growing) + (1 if n < max(0, left_over) % len(growing) else 0)
                widths[i] += share
            height = max(item.sizeHint().height() for item in line)
            if move:
                x = area.x()
                for item, width in zip(line, widths):
                    hint = item.sizeHint().height()
                    item.setGeometry(QRect(QPoint(x, y + (height - hint) // 2), QSize(width, hint)))
                    x += width + spacing
            y += height + spacing
        if lines:
            y -= spacing
        return y - rect.y() + margins.bottom()


def _expands(item: QLayoutItem) -> bool:
    widget = item.widget()
    if widget is None:
        return False
    return widget.sizePolicy().horizontalPolicy() in _EXPANDING
