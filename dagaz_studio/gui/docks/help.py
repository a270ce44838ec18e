"""Help at hand: the guides rendered in the window and searchable, keyboard shortcuts, About, and a
short welcome on the first start.

The guides are the project's own Markdown files (``docs/*.md``), shown by Qt's Markdown renderer, so
the window and the repository never say different things.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSettings, QUrl, Signal, Slot
from PySide6.QtGui import QAction, QColor, QKeySequence, QShowEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QMessageBox,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio import __version__
from dagaz_studio.gui.docks.flow_layout import FlowLayout
from dagaz_studio.gui.lazy_qt import Qt

_PACKAGE = Path(__file__).resolve().parents[2]  # dagaz_studio/

#: The guides the Help menu offers: key -> (title, file in docs/).
GUIDES: dict[str, tuple[str, str]] = {
    "notation": ("Notation guide", "notation.md"),
    "boards": ("Board-file guide", "boards.md"),
    "interpreter": ("How a notation becomes moves", "interpreter.md"),
    "names": ("Move names", "names.md"),
}
#: Keys that act without a menu entry, for the shortcuts list.
OTHER_KEYS: tuple[tuple[str, str], ...] = (
    ("Left / Right", "Step the trace back and forward"),
    ("Ctrl+Return", "Apply the board file's text (in the Board file panel)"),
    ("Right-click a square", "Ask why a piece can or cannot get there"),
    ("Drag a piece", "Move it while editing the position"),
)
#: Remembered once the welcome is dismissed: it is not shown at start again.
WELCOME_DISMISSED_KEY = "help/welcome-dismissed"
WELCOME_TEXT = """<h2>Welcome to Dagaz Studio</h2>
<p>See how board-game pieces move: click a piece, type its move in the Dagaz notation, and watch the
squares it reaches light up. Three things to try:</p>
<ol>
<li><b>Click a piece</b> (the King on e1 in chess): its moves light up. Step through how its notation
ran with the Left and Right keys, and right-click any square to ask why it can or cannot get there.</li>
<li><b>Type a notation</b> in the Notation panel, such as <code>(+)([p]\\1)*</code> (a rook), and see it
move from the selected square as you type. Help ▸ Notation guide explains every construct.</li>
<li><b>Make your own game</b>: File ▸ New board… for a grid, then New… in the Piece types panel for a
piece, placed from the Position palette. Save, and it is a board file like the shipped ones.</li>
</ol>
"""
_MATCH_COLOUR = QColor("#ffe680")
#: The most matches marked at once: a letter typed alone matches thousands of times in the notation
#: guide, and marking each is slow enough to hold up the next key.
MOST_MARKED = 200


def docs_dir() -> Path:
    """The folder of the guides: inside the installed package, or at the top of a source checkout."""
    for candidate in (_PACKAGE / "_data" / "docs", _PACKAGE.parent / "docs"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the docs folder of Dagaz Studio is missing")


class QtHelpBrowser(QWidget):
    """The guides rendered from Markdown, with a guide chooser and a search field.

    Links between the guides open here; links to the web open in the user's browser.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.guide_box = QComboBox()
        for key, (title, _file) in GUIDES.items():
            self.guide_box.addItem(title, key)
        self.guide_box.activated.connect(lambda index: self.show_guide(self.guide_box.itemData(index)))
        self.search_field = QLineEdit()
        self.search_field.setPlaceholderText("Search the guide")
        self.search_field.setClearButtonEnabled(True)
        self.search_field.textChanged.connect(self._on_search_changed)
        self.search_field.returnPressed.connect(self.find_next)
        self.previous_button = QToolButton()
        self.previous_button.setText("▲")
        self.previous_button.setToolTip("Previous match (Shift+Enter)")
        self.previous_button.clicked.connect(self.find_previous)
        self.next_button = QToolButton()
        self.next_button.setText("▼")
        self.next_button.setToolTip("Next match (Enter)")
        self.next_button.clicked.connect(self.find_next)
        self.match_label = QLabel()
        # The chooser and the search share a line where there is room, and wrap where there is not; the
        # search field keeps its arrows beside it, on one line, rather than leaving one on the next.
        self.guide_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.guide_box.setMinimumContentsLength(10)
        self.search_field.setMinimumWidth(80)
        self.search_row = QWidget()
        self.search_row.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        search = QHBoxLayout(self.search_row)
        search.setContentsMargins(0, 0, 0, 0)
        search.setSpacing(2)
        search.addWidget(self.search_field, 1)
        search.addWidget(self.previous_button)
        search.addWidget(self.next_button)
        top = FlowLayout()
        top.addWidget(self.guide_box)
        top.addWidget(self.search_row)
        top.addWidget(self.match_label)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setOpenLinks(True)
        self.browser.sourceChanged.connect(self._on_source_changed)
        previous = QAction(self)
        previous.setShortcut(QKeySequence("Shift+Return"))
        previous.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        previous.triggered.connect(self.find_previous)
        self.search_field.addAction(previous)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.browser, 1)
        self.matches: list[QTextCursor] = []
        #: Whether there are more matches than :data:`MOST_MARKED`, the ones marked.
        self.more_matches = False

    def show_guide(self, key: str) -> None:
        """Show one of :data:`GUIDES` by its key."""
        _title, name = GUIDES[key]
        self.browser.setSource(QUrl.fromLocalFile(str(docs_dir() / name)), QTextDocument.ResourceType.MarkdownResource)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """Shown with no guide yet (its tab raised, not a guide chosen from the menu): the guide the
        chooser names, rather than a blank page under it. Read then, not at start, which it would slow."""
        super().showEvent(event)
        if self.browser.source().isEmpty():
            self.show_guide(self.guide_box.currentData())

    def current_guide(self) -> str | None:
        """The key of the guide shown, if it is one of :data:`GUIDES`."""
        return _guide_key(self.browser.source())

    def search(self, text: str) -> int:
        """Mark the matches of ``text`` (case-insensitive; the first :data:`MOST_MARKED` of them) and go
        to the first after the cursor. Returns how many are marked."""
        self.search_field.setText(text)
        return len(self.matches)

    @Slot()
    def find_next(self) -> bool:
        """Go to the next match, wrapping round at the end; whether there is one."""
        return self._find(backward=False)

    @Slot()
    def find_previous(self) -> bool:
        """Go to the previous match, wrapping round at the start; whether there is one."""
        return self._find(backward=True)

    # ------------------------------------------------------------------ private

    def _find(self, backward: bool) -> bool:
        text = self.search_field.text()
        if not text:
            return False
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        if self.browser.find(text, flags):
            self._update_label()
            return True
        # Wrap round: start again from the other end.
        cursor = self.browser.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start)
        self.browser.setTextCursor(cursor)
        found = self.browser.find(text, flags)
        self._update_label()
        return found

    @Slot(str)
    def _on_search_changed(self, text: str) -> None:
        self._mark_matches(text)
        if text:
            cursor = self.browser.textCursor()
            cursor.setPosition(cursor.selectionStart())
            self.browser.setTextCursor(cursor)
            self._find(backward=False)
        self._update_label()

    def _mark_matches(self, text: str) -> None:
        self.matches = []
        self.more_matches = False
        selections = []
        if text:
            document = self.browser.document()
            cursor = document.find(text, 0)
            while not cursor.isNull():
                if len(self.matches) == MOST_MARKED:
                    self.more_matches = True
                    break
                self.matches.append(cursor)
                selection = QTextEdit.ExtraSelection()
                selection.cursor = cursor
                selection.format.setBackground(_MATCH_COLOUR)
                selections.append(selection)
                cursor = document.find(text, cursor)
        self.browser.setExtraSelections(selections)

    def _update_label(self) -> None:
        text = self.search_field.text()
        if not text:
            self.match_label.clear()
            return
        if not self.matches:
            self.match_label.setText("no match")
            return
        here = self.browser.textCursor().selectionStart()
        index = next((i for i, match in enumerate(self.matches) if match.selectionStart() == here), None)
        # Beyond the matches marked, Enter still steps through the rest, unnumbered.
        count = f"{MOST_MARKED}+" if self.more_matches else f"{len(self.matches)}"
        self.match_label.setText(f"{index + 1} of {count}" if index is not None else f"{count} matches")

    @Slot(QUrl)
    def _on_source_changed(self, url: QUrl) -> None:
        # The browser's source() may still be the old one while this signal is delivered.
        key = _guide_key(url)
        if key is not None:
            self.guide_box.setCurrentIndex(self.guide_box.findData(key))
        self._mark_matches(self.search_field.text())
        self._update_label()


def _guide_key(url: QUrl) -> str | None:
    name = Path(url.toLocalFile()).name
    return next((key for key, (_title, file) in GUIDES.items() if file == name), None)


def action_shortcuts(menu_bar: QMenuBar) -> list[tuple[str, str, str]]:
    """(menu, action, keys) for every action in the menus that has a shortcut, in menu order."""
    found: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{path} ▸ {action.menu().title().replace('&', '')}")
            elif action.shortcuts():
                named = (shortcut.toString(QKeySequence.SequenceFormat.NativeText) for shortcut in action.shortcuts())
                keys = ", ".join(dict.fromkeys(named))
                found.append((path, action.text().replace("&", "").rstrip("…").strip(), keys))

    for action in menu_bar.actions():
        if action.menu() is not None:
            walk(action.menu(), action.menu().title().replace("&", ""))
    return found


class QtShortcutsDialog(QDialog):
    """Every keyboard shortcut: the menus' (read from the menus themselves) and the other keys."""

    def __init__(self, menu_bar: QMenuBar | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        rows = [(keys, f"{text} ({menu})") for menu, text, keys in (action_shortcuts(menu_bar) if menu_bar else [])]
        rows += list(OTHER_KEYS)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Keys", "What they do"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (keys, what) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(keys))
            self.table.setItem(row, 1, QTableWidgetItem(what))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 420)


def about_text() -> str:
    """What the About box says: the name, the version, what it is for, and what it runs on."""
    return (f"<h3>Dagaz Studio {__version__}</h3>"
            "<p>See how board-game pieces move: a workbench to design, teach and debug piece moves "
            "written in the Dagaz notation, for chess, Xiangqi, shogi, Fanorona, draughts and their "
            "variants.</p>"
            f"<p>PySide6 {pyside_version}. MIT licence.</p>")


def show_about(parent: QWidget | None) -> None:
    """Help ▸ About."""
    QMessageBox.about(parent, "About Dagaz Studio", about_text())


class QtWelcomeDialog(QDialog):
    """The first start's welcome: three things to try. Closing it remembers it was seen, unless
    "Show this at start" is ticked again."""

    #: The user asked to read the notation guide from the welcome.
    guideRequested = Signal(str)

    def __init__(self, store: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Welcome to Dagaz Studio")
        self._store = store
        self.text_label = QLabel(WELCOME_TEXT)
        self.text_label.setWordWrap(True)
        self.text_label.setTextFormat(Qt.TextFormat.RichText)
        self.show_again_box = QCheckBox("Show this at start")
        self.show_again_box.setChecked(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.guide_button = buttons.addButton("Open the notation guide", QDialogButtonBox.ButtonRole.ActionRole)
        self.guide_button.clicked.connect(lambda: (self.guideRequested.emit("notation"), self.accept()))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text_label)
        layout.addWidget(self.show_again_box)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        self.finished.connect(self._remember)

    @Slot(int)
    def _remember(self, _result: int) -> None:
        self._store.setValue(WELCOME_DISMISSED_KEY, not self.show_again_box.isChecked())
        self._store.sync()


def show_welcome(parent: QWidget, store: QSettings, open_guide: Callable[[str], None],
                 force: bool = False) -> QtWelcomeDialog | None:
    """Show the welcome beside ``parent`` if it is due (or ``force``), without blocking; returns it."""
    if not force and not welcome_due(store):
        return None
    dialog = QtWelcomeDialog(store, parent)
    dialog.guideRequested.connect(open_guide)
    # Never the reason the application stays open once the window is closed.
    dialog.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    dialog.show()
    return dialog


def welcome_due(store: QSettings) -> bool:
    """Whether the welcome should be shown at start: until it has been dismissed once."""
    value = store.value(WELCOME_DISMISSED_KEY, False)
    return not (value is True or str(value).lower() == "true")
