"""File ▸ Open a game…: the shipped games grouped by family, each with a picture of its start.

The boards are loaded on a worker (:func:`~dagaz_studio.queries.gallery.answer_gallery`); until they
come, each game shows its name on a plain tile, then the picture of its starting position, drawn by
the same board view as the window's.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSize, Signal, Slot
from PySide6.QtGui import QIcon, QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dagaz_studio.board.shipped import shipped_family
from dagaz_studio.gui.board_view.export import render_image
from dagaz_studio.gui.board_view.position_view import position_contents, position_placement
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.worker.runner import QtMoveRunner
from dagaz_studio.queries.gallery import GalleryAnswer, GalleryEntry, GalleryQuery, answer_gallery, gallery_paths

#: The side of a game's picture, in pixels.
PICTURE = 132
#: Families in the order a newcomer looks for them; others follow alphabetically.
_FAMILY_ORDER = ("chess", "fairy-chess", "chess-goals", "drop-chess", "large-chess", "regional-chess", "xiangqi",
                 "shogi", "draughts", "mancala", "others")
_FAMILY_TITLES = {"others": "Other games", "fairy-chess": "Chess with other pieces",
                  "chess-goals": "Chess with other goals", "drop-chess": "Chess with drops",
                  "large-chess": "Chess on larger boards", "regional-chess": "Regional and historic chess"}


def family_title(family: str) -> str:
    """How a family folder is shown: ``draughts`` → ``Draughts``."""
    return _FAMILY_TITLES.get(family, family.replace("-", " ").replace("_", " ").capitalize())


def _family_key(family: str) -> tuple[int, str]:
    return (_FAMILY_ORDER.index(family) if family in _FAMILY_ORDER else len(_FAMILY_ORDER), family)


def _gallery_failed(query: GalleryQuery, message: str) -> GalleryAnswer:
    return GalleryAnswer(query)


def game_picture(entry: GalleryEntry, size: int = PICTURE) -> QPixmap:
    """The starting position of ``entry``'s game, drawn to fit a ``size`` square."""
    if entry.board is None or entry.position is None:
        return QPixmap()
    view = QtBoardView()
    try:
        view.set_contents(position_contents(entry.position))
        view.set_board(entry.board, position_placement(entry.position))
        rect = view.sceneRect()
        return QPixmap.fromImage(render_image(view, size / max(rect.width(), rect.height(), 1.0)))
    finally:
        view.deleteLater()


class QtGameGallery(QDialog):
    """The shipped games by family; choosing one emits :attr:`gameChosen` with its file's path."""

    gameChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None, paths: tuple[Path, ...] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a game")
        self.resize(760, 560)
        self._paths = tuple(paths) if paths is not None else gallery_paths()
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter games by name or family")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        # Enter opens the best match; Down goes to the pictures.
        self.filter.returnPressed.connect(self._open_best)
        self.filter.installEventFilter(self)
        self._chosen = False
        content = QWidget()
        self._content_layout = QVBoxLayout(content)
        self.lists: dict[str, QListWidget] = {}
        self.headers: dict[str, QLabel] = {}
        self.items: dict[Path, QListWidgetItem] = {}
        #: Each game's place in its family as listed without a filter.
        self._order: dict[str, int] = {}
        for path in self._paths:
            family = shipped_family(path) or "others"
            self._list_for(family).addItem(self._item(path))
        for family in sorted(self.lists, key=_family_key):
            self._content_layout.addWidget(self.headers[family])
            self._content_layout.addWidget(self.lists[family])
        self._content_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(content)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self._open_selected)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.buttons)
        self.loader = QtMoveRunner(self, answer=answer_gallery, failure=_gallery_failed)
        self.loader.replyReady.connect(self._show_pictures)
        self.loaded = False
        self.loader.request(GalleryQuery(self._paths), debounce=False)

    # ------------------------------------------------------------------ building

    def _list_for(self, family: str) -> QListWidget:
        found = self.lists.get(family)
        if found is not None:
            return found
        header = QLabel(f"<b>{family_title(family)}</b>")
        games = QListWidget()
        games.setObjectName(f"family-{family}")
        games.setViewMode(QListView.ViewMode.IconMode)
        games.setIconSize(QSize(PICTURE, PICTURE))
        games.setGridSize(QSize(PICTURE + 28, PICTURE + 40))
        games.setResizeMode(QListView.ResizeMode.Adjust)
        games.setMovement(QListView.Movement.Static)
        games.setWrapping(True)
        games.setWordWrap(True)
        games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        games.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        games.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        games.itemActivated.connect(self._open_item)
        games.installEventFilter(self)
        games.itemSelectionChanged.connect(lambda g=games: self._selected_in(g))
        self.lists[family] = games
        self.headers[family] = header
        return games

    def _item(self, path: Path) -> QListWidgetItem:
        item = QListWidgetItem(path.stem)
        item.setData(Qt.ItemDataRole.UserRole, str(path))
        self._order[str(path)] = len(self._order)
        item.setToolTip(str(path))
        item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.items[path] = item
        return item

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_lists()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fit_lists()

    def _fit_lists(self) -> None:
        """Each family's list as tall as its rows of pictures: one scroll bar for the whole gallery."""
        for games in self.lists.values():
            shown = [games.item(i) for i in range(games.count()) if not games.item(i).isHidden()]
            per_row = max(1, (games.viewport().width() or self.width()) // games.gridSize().width())
            rows = (len(shown) + per_row - 1) // per_row
            games.setFixedHeight(rows * games.gridSize().height() + 2 * games.frameWidth() + 4)
            games.setVisible(bool(shown))
            self.headers[self._family_of(games)].setVisible(bool(shown))

    def _family_of(self, games: QListWidget) -> str:
        return next(family for family, known in self.lists.items() if known is games)

    # ------------------------------------------------------------------ answers and choices

    @Slot(object)
    def _show_pictures(self, answer: GalleryAnswer) -> None:
        for entry in answer.entries:
            item = self.items.get(entry.path)
            if item is None:
                continue
            item.setText(entry.name)
            if entry.error:
                item.setToolTip(f"{entry.path}\n{entry.error}")
                continue
            item.setToolTip(f"{entry.name} ({family_title(entry.family)})\n{entry.path}")
            item.setIcon(QIcon(game_picture(entry)))
        self.loaded = True

    @Slot(str)
    def _apply_filter(self, text: str) -> None:
        words = text.casefold().split()
        for path, item in self.items.items():
            haystack = f"{item.text()} {path.stem} {family_title(shipped_family(path))}".casefold()
            item.setHidden(not all(word in haystack for word in words))
        # The closest matches first: a game named as typed, then those whose name begins so.
        wanted = " ".join(words)
        for games in self.lists.values():
            items = [games.item(row) for row in range(games.count())]
            ranked = sorted(items, key=lambda item: (self._rank(item, wanted), self._order[item.data(Qt.ItemDataRole.UserRole)]))
            if ranked != items:
                current = games.currentItem()
                for _ in range(games.count()):
                    games.takeItem(0)
                for item in ranked:
                    games.addItem(item)
                if current is not None:
                    games.setCurrentItem(current)
        self._fit_lists()

    @staticmethod
    def _rank(item: QListWidgetItem, wanted: str) -> int:
        if not wanted:
            return 0
        names = {item.text().casefold(), Path(str(item.data(Qt.ItemDataRole.UserRole))).stem.casefold()}
        if wanted in names:
            return 0
        return 1 if any(name.startswith(wanted) for name in names) else 2

    def shown_items(self) -> list[QListWidgetItem]:
        """The games shown, in order: by family, the closest matches to the filter first in each."""
        lists = [self.lists[family] for family in sorted(self.lists, key=_family_key)]
        return [games.item(row) for games in lists for row in range(games.count()) if not games.item(row).isHidden()]

    def best_match(self) -> QListWidgetItem | None:
        """The game Enter in the filter opens: the selected one, else the closest match to the filter."""
        wanted = " ".join(self.filter.text().casefold().split())
        shown = self.shown_items()
        selected = [item for item in shown if item.isSelected()]
        if selected:
            return selected[0]
        return min(shown, key=lambda item: self._rank(item, wanted), default=None)

    @Slot()
    def _open_best(self) -> None:
        item = self.best_match()
        if item is not None:
            self._open_item(item)

    def _focus_item(self, item: QListWidgetItem) -> None:
        games = item.listWidget()
        for other in self.lists.values():
            if other is not games:
                other.clearSelection()
        games.setFocus()
        games.setCurrentItem(item)
        item.setSelected(True)
        games.scrollToItem(item)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Arrows from the filter into the pictures, and from one family's pictures to the next."""
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        key = event.key()
        shown = self.shown_items()
        if watched is self.filter and key == Qt.Key.Key_Down and shown:
            self._focus_item(self.best_match() or shown[0])
            return True
        if isinstance(watched, QListWidget) and shown:
            current = watched.currentItem()
            if current is not None and current in shown:
                index = shown.index(current)
                own = [item for item in shown if item.listWidget() is watched]
                if key in (Qt.Key.Key_Right, Qt.Key.Key_Down) and current is own[-1] and index + 1 < len(shown):
                    self._focus_item(shown[index + 1])
                    return True
                if key in (Qt.Key.Key_Left, Qt.Key.Key_Up) and current is own[0]:
                    if index > 0:
                        self._focus_item(shown[index - 1])
                    elif key == Qt.Key.Key_Up:
                        self.filter.setFocus()
                    return True
        return super().eventFilter(watched, event)

    def _selected_in(self, games: QListWidget) -> None:
        if games.selectedItems():
            for other in self.lists.values():
                if other is not games:
                    other.clearSelection()
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(self.selected_path() is not None)

    def selected_path(self) -> str | None:
        """The chosen game's file, if one is selected."""
        for games in self.lists.values():
            for item in games.selectedItems():
                return str(item.data(Qt.ItemDataRole.UserRole))
        return None

    @Slot(QListWidgetItem)
    def _open_item(self, item: QListWidgetItem) -> None:
        self._choose(str(item.data(Qt.ItemDataRole.UserRole)))

    @Slot()
    def _open_selected(self) -> None:
        path = self.selected_path()
        if path is not None:
            self._choose(path)

    def _choose(self, path: str) -> None:
        # Enter reaches the list (or the filter) and then the dialog's Open button: one game, once.
        if self._chosen:
            return
        self._chosen = True
        self.gameChosen.emit(path)
        self.accept()

    def done(self, result: int) -> None:
        """Closing stops the loading worker."""
        self.loader.shutdown()
        super().done(result)
