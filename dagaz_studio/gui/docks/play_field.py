"""The "Play move" field: a move's name typed in any spelling, and the reader's message beside it."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dagaz_studio.gui.docks.label_text import unbroken, wrappable
from dagaz_studio.gui.field_length import hold_at_most, without_unseen_breaks
from dagaz_studio.gui.lazy_qt import Qt

#: The placeholder of the field for each way a board names its moves (the board file's ``names:``).
PLACEHOLDERS = {
    "san": "Nf3, O-O, exd6, e2e4…",
    "wxf": "H2+3, C2=5, h2e2…",
    "uci": "e2e4, e7e8q, P@e5…",
    "numbers": "11-15, 22x15…",
    "algebraic": "c3-d4, c3:e5:g7…",
    "coordinates": "a1-b2, d3-e3xc3…",
}


class QtPlayField(QWidget):
    """"Play move": a field for a move's name, and the reader's message beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel("&Play move:")
        self.field = without_unseen_breaks(hold_at_most(QLineEdit()))
        self.field.setObjectName("playMoveField")
        self.field.setPlaceholderText("Nf3, O-O, H2+3, e2e4…")
        self.field.setToolTip("Type a move's name in any spelling (SAN, WXF, coordinates, UCI) and press "
                              "Enter to play it on the board")
        self.field.setClearButtonEnabled(True)
        self.label.setBuddy(self.field)
        self.message = QLabel()
        self.message.setObjectName("playMoveMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        self._failed = False
        row = QHBoxLayout()
        row.addWidget(self.label)
        row.addWidget(self.field, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.addLayout(row)
        layout.addWidget(self.message)
        #: Offered under a message that the name could not be read within the run's budget: reads it
        #: again with more (see :meth:`offer_longer`).
        self.longer = QPushButton()
        self.longer.setObjectName("playMoveLonger")
        self.longer.hide()
        layout.addWidget(self.longer, 0, Qt.AlignmentFlag.AlignLeft)

    def set_style(self, style: str) -> None:
        """Show example names in the style the board names its moves (``names:`` in its file)."""
        self.field.setPlaceholderText(PLACEHOLDERS.get(style.split("-")[0], PLACEHOLDERS["coordinates"]))

    def set_examples(self, names: list[str]) -> None:
        """Show ``names``, moves of the position, as the example names."""
        if names:
            self.field.setPlaceholderText(", ".join(names) + "…")

    def show_error(self, text: str) -> None:
        """Say why nothing was played (red)."""
        self._say(text, "#b00020")

    def show_note(self, text: str) -> None:
        """Say what happened (plain); an empty text hides the message."""
        self._say(text, "")

    @property
    def error(self) -> str | None:
        """The error shown, if any."""
        return unbroken(self.message.text()) if self._failed and self.message.text() else None

    def offer_longer(self, text: str, tip: str) -> None:
        """Show the :attr:`longer` button, labelled ``text``, under the message (until the next one)."""
        self.longer.setText(text)
        self.longer.setToolTip(tip)
        self.longer.show()

    def _say(self, text: str, colour: str) -> None:
        self.longer.hide()
        self._failed = bool(colour)
        self.message.setStyleSheet(f"color: {colour};" if colour else "")
        self.message.setText(wrappable(text))
        self.message.setVisible(bool(text))
