"""File ▸ Open a game…: the shipped games grouped by family, each with a picture of its start.

The boards are loaded on a worker (:func:`~dagaz_studio.queries.gallery.answer_gallery`); until they
come, each game shows its name on a plain tile, then the picture of its starting position, drawn by
the same board view as the window's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QIcon, QPixmap
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
from dagaz_studio.gui.board_view.export import position_placement, render_image
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.files.document import position_contents
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

    def __init__(self, parent: Optional[QWidget] = None, paths: Optional[tuple[Path, ...]] = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a game")
        self.resize(760, 560)
        self._paths = tuple(paths) if paths is not None else gallery_paths()
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter games by name or family")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        content = QWidget()
        self._content_layout = QVBoxLayout(content)
        self.lists: dict[str, QListWidget] = {}
        self.headers: dict[str, QLabel] = {}
        self.items: dict[Path, QListWidgetItem] = {}
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
        games.itemSelectionChanged.connect(lambda g=games: self._selected_in(g))
        self.lists[family] = games
        self.headers[family] = header
        return games

    def _item(self, path: Path) -> QListWidgetItem:
        item = QListWidgetItem(path.stem)
        item.setData(Qt.ItemDataRole.UserRole, str(path))
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
        self._fit_lists()

    def _selected_in(self, games: QListWidget) -> None:
        if games.selectedItems():
            for other in self.lists.values():
                if other is not games:
                    other.clearSelection()
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(self.selected_path() is not None)

    def selected_path(self) -> Optional[str]:
        """The chosen game's file, if one is selected."""
        for games in self.lists.values():
            for item in games.selectedItems():
                return str(item.data(Qt.ItemDataRole.UserRole))
        return None

    @Slot(QListWidgetItem)
    def _open_item(self, item: QListWidgetItem) -> None:
        self.gameChosen.emit(str(item.data(Qt.ItemDataRole.UserRole)))
        self.accept()

    @Slot()
    def _open_selected(self) -> None:
        path = self.selected_path()
        if path is not None:
            self.gameChosen.emit(path)
            self.accept()

    def done(self, result: int) -> None:
        """Closing stops the loading worker."""
        self.loader.shutdown()
        super().done(result)
