"""File ▸ Open a game: every shipped game, grouped by family, each with a picture of its start."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from dagaz_studio.board import load_board, shipped_boards
from dagaz_studio.board.shipped import shipped_family
from dagaz_studio.gui.files.gallery import QtGameGallery, family_title
from tests.helpers.gui_window import open_window


def _gallery(qtbot, window=None) -> QtGameGallery:
    gallery = QtGameGallery(window)
    qtbot.addWidget(gallery)
    gallery.show()
    qtbot.waitExposed(gallery)
    qtbot.waitUntil(lambda: gallery.loaded, timeout=60000)
    return gallery


def test_every_shipped_game_is_shown_under_its_family_with_a_picture(qtbot) -> None:
    gallery = _gallery(qtbot)
    shipped = shipped_boards()
    shown = {}
    for family, games in gallery.lists.items():
        assert gallery.headers[family].text() == f"<b>{family_title(family)}</b>"
        for row in range(games.count()):
            item = games.item(row)
            shown[item.data(Qt.ItemDataRole.UserRole)] = (family, item)
    assert set(shown) == {str(path) for path in shipped.values()}
    for name, path in shipped.items():
        family, item = shown[str(path)]
        assert family == (shipped_family(path) or "others")
        assert item.text() == (load_board(path).name or name)  # the game's own name, once loaded
        icon = item.icon().pixmap(64, 64).toImage()
        assert not icon.isNull()
        # A picture, not a blank tile: the board's squares and pieces give it many colours.
        colours = {icon.pixel(x, y) for x in range(0, icon.width(), 4) for y in range(0, icon.height(), 4)}
        assert len(colours) > 3, f"{name}: a blank picture"
    gallery.close()


def test_the_families_come_in_a_newcomers_order() -> None:
    from dagaz_studio.gui.files.gallery import _family_key

    families = sorted({shipped_family(path) or "others" for path in shipped_boards().values()}, key=_family_key)
    assert families[0] == "chess" and families[-1] == "others"


def test_filtering_keeps_the_matching_games_and_their_families(qtbot) -> None:
    gallery = _gallery(qtbot)
    qtbot.keyClicks(gallery.filter, "shogi")
    visible = [games.item(row).data(Qt.ItemDataRole.UserRole) for games in gallery.lists.values()
               for row in range(games.count()) if not games.item(row).isHidden()]
    assert visible and all("shogi" in path for path in visible)
    assert not gallery.lists["chess"].isVisible() and gallery.lists["shogi"].isVisible()
    gallery.filter.clear()
    assert gallery.lists["chess"].isVisible()
    gallery.close()


def test_choosing_a_game_opens_it_in_the_window(qtbot) -> None:
    window = open_window(qtbot, "chess")
    window.open_game_action.trigger()
    gallery = window.findChild(QtGameGallery)
    assert gallery is not None and gallery.isVisible()
    qtbot.waitUntil(lambda: gallery.loaded, timeout=60000)
    games = gallery.lists["xiangqi"]
    target = next(games.item(row) for row in range(games.count())
                  if games.item(row).data(Qt.ItemDataRole.UserRole) == str(shipped_boards()["xiangqi"]))
    open_button = gallery.buttons.button(QDialogButtonBox.StandardButton.Open)
    assert not open_button.isEnabled()
    target.setSelected(True)
    assert open_button.isEnabled()
    with qtbot.waitSignal(window.boardFileOpened, timeout=20000):
        qtbot.mouseClick(open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.findChild(QtGameGallery) is None)  # closed, and gone with its worker
    assert window.board.name == load_board("xiangqi").name


def test_a_board_that_cannot_be_read_is_shown_with_its_error(qtbot, tmp_path) -> None:
    broken = tmp_path / "broken.board"
    broken.write_text("name: broken\ngrid: a-c x 3-1\nplayers: white black\npiece Rook R: (Q\n", encoding="utf-8")
    gallery = QtGameGallery(None, (broken, shipped_boards()["chess"]))
    qtbot.addWidget(gallery)
    qtbot.waitUntil(lambda: gallery.loaded, timeout=60000)
    item = gallery.items[broken]
    assert item.icon().isNull() and "broken.board" in item.toolTip() and "\n" in item.toolTip()
    assert not gallery.items[shipped_boards()["chess"]].icon().isNull()
    gallery.done(0)


def test_the_gallery_is_used_with_the_keyboard_and_puts_the_closest_match_first(qtbot) -> None:
    shipped = shipped_boards()
    gallery = QtGameGallery()
    qtbot.addWidget(gallery)
    gallery.show()
    with qtbot.waitActive(gallery):
        gallery.activateWindow()
    chosen = []
    gallery.gameChosen.connect(chosen.append)
    gallery.filter.setFocus()
    qtbot.keyClicks(gallery.filter, "chess")
    shown = [item.data(Qt.ItemDataRole.UserRole) for item in gallery.shown_items()]
    assert len(shown) > 2 and shown[0] == str(shipped["chess"])  # before atomic-chess and the others
    # Down to the pictures, Right along them (across families too), Enter opens the one reached.
    qtbot.keyClick(gallery.filter, Qt.Key.Key_Down)
    assert gallery.selected_path() == shown[0]
    for expected in shown[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
        assert gallery.selected_path() == expected
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert chosen == [shown[-1]] and not gallery.isVisible()


def test_enter_in_the_filter_opens_the_one_game_that_matches(qtbot) -> None:
    gallery = QtGameGallery()
    qtbot.addWidget(gallery)
    gallery.show()
    with qtbot.waitActive(gallery):
        gallery.activateWindow()
    chosen = []
    gallery.gameChosen.connect(chosen.append)
    qtbot.keyClicks(gallery.filter, "raumsch")
    assert len(gallery.shown_items()) == 1
    qtbot.keyClick(gallery.filter, Qt.Key.Key_Return)
    assert chosen == [str(shipped_boards()["raumschach"])]
