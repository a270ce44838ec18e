"""The window is usable at 800 x 600 and 1280 x 720 on every shipped board, and a closed panel can
always be brought back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractScrollArea, QDockWidget, QPushButton

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app
from dagaz_studio.gui.board_view.view import UNIT
from dagaz_studio.gui.docks.flow_layout import FlowLayout

BOARDS = sorted(shipped_boards())
#: The smallest square (or point spacing) on screen a board counts as usable with: a piece's
#: letter or glyph can still be read and the square clicked.
USABLE_SQUARE_PX = 20


def open_window(qtbot, board: str, width: int, height: int, reset: bool = True):
    window = app.create_window(str(shipped_boards()[board]))
    qtbot.addWidget(window)
    window.resize(width, height) if reset else window.resize(1280, 900)
    if reset:
        window.reset_layout()
    window.show()
    qtbot.waitExposed(window)
    if not reset:
        # As a person does: the window opens at its own size and is then made smaller.
        qtbot.wait(50)
        window.resize(width, height)
    qtbot.wait(150)
    return window


def shown_as_made(qtbot, board: str, width: int, height: int):
    """The window as the app makes it, its saved layout restored, shown at ``width`` × ``height``
    without that layout's own size (a smaller screen), its layout not reset."""
    window = app.create_window(str(shipped_boards()[board]))
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


def clipped_sideways(dock: QDockWidget) -> bool:
    area = dock.widget()
    return isinstance(area, QAbstractScrollArea) and area.horizontalScrollBar().isVisible()


def square_px(window) -> float:
    """How many pixels a square of the board takes on screen."""
    return window.board_view.transform().m11() * UNIT


def assert_usable(window, width: int, height: int) -> None:
    # No panel's minimum pushes the window past the size asked for.
    assert (window.width(), window.height()) == (width, height)
    view = window.board_view
    assert min(view.width(), view.height()) >= 300, (view.width(), view.height())
    assert square_px(window) >= USABLE_SQUARE_PX
    assert window.trace_dock.isVisible() and not clipped_sideways(window.trace_dock)
    visible = [dock for dock in window.docks() if dock.isVisible()]
    assert window.moves_dock in visible and window.notation_dock in visible and window.position_dock in visible
    on_screen = [dock for dock in visible if not dock.visibleRegion().isEmpty()]
    assert [(dock.windowTitle(), dock.width()) for dock in on_screen if dock.width() < 150] == []
    # Every panel in view fits its width: nothing to scroll sideways to.
    assert [dock.windowTitle() for dock in on_screen if clipped_sideways(dock)] == []


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("width, height", [(800, 600), (1280, 720)])
def test_the_board_and_the_panels_have_room_on_every_board(qtbot, board: str, width: int, height: int) -> None:
    window = open_window(qtbot, board, width, height)
    # Qt lays out and shows scroll bars a few turns of the event loop after a resize.
    qtbot.waitUntil(lambda: assert_usable(window, width, height), timeout=10000)


@pytest.mark.parametrize("board", ["chess", "shogi", "raumschach"])
def test_a_window_made_smaller_takes_the_room_from_the_panels_not_the_board(qtbot, board: str) -> None:
    window = open_window(qtbot, board, 800, 600, reset=False)
    qtbot.waitUntil(lambda: assert_usable(window, 800, 600), timeout=10000)


@pytest.mark.parametrize("board", ["chess", "fanorona"])
def test_a_window_made_small_and_then_larger_gives_the_panels_their_room_back(qtbot, board: str) -> None:
    """Made as small as it goes and then 800×600 again, the window gave all the room back to the board,
    which left most of it empty round a square board, while the panels stayed cut off at the side."""
    window = open_window(qtbot, board, 800, 600)
    qtbot.waitUntil(lambda: assert_usable(window, 800, 600), timeout=10000)
    smallest = window.minimumSizeHint()
    window.resize(smallest)
    qtbot.waitUntil(lambda: window.moves_dock.width() < 150, timeout=10000)
    window.resize(800, 600)
    qtbot.waitUntil(lambda: assert_usable(window, 800, 600), timeout=10000)


@pytest.mark.parametrize("board", ["fanorona", "raumschach", "chess"])
def test_a_wide_board_leaves_the_panels_beside_it_readable_in_a_large_window(qtbot, board: str) -> None:
    """A board wider than tall does not squeeze the columns beside it to their narrowest, where the
    notation editor and the FEN are cut short."""
    from dagaz_studio.gui.frame.docks import SIDE_READABLE

    window = open_window(qtbot, board, 1280, 900)
    qtbot.waitUntil(lambda: assert_usable(window, 1280, 900), timeout=10000)
    assert window.moves_dock.width() >= SIDE_READABLE and window.position_dock.width() >= SIDE_READABLE


def test_the_piece_palette_wraps_in_a_narrow_panel(qtbot) -> None:
    window = open_window(qtbot, "shogi", 800, 600)
    editor = window.position_editor
    palette = [b for tool, b in editor.tool_buttons.items() if tool.startswith("place:")]
    assert len(palette) == 2 * len(window.board.pieces)
    assert max(b.geometry().right() for b in palette) <= editor.width()
    assert len({b.y() for b in palette}) > 2  # more lines than one for each side
    # Each side's pieces begin a line of their own.
    first_of_second_side = editor.tool_buttons["place:1:0"]
    assert first_of_second_side.x() == min(b.x() for b in palette)


def test_a_flow_layout_lays_out_in_lines_and_grows_its_expanding_items(qtbot) -> None:
    from PySide6.QtWidgets import QLineEdit, QWidget

    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    buttons = [QPushButton(f"button {n}") for n in range(6)]
    field = QLineEdit()
    for widget in [*buttons, field]:
        flow.addWidget(widget)
    one_line = flow.sizeHint().width()
    host.resize(one_line + 200, 200)
    host.show()
    qtbot.waitExposed(host)
    assert len({widget.y() for widget in [*buttons, field]}) == 1
    assert field.width() > field.sizeHint().width()  # the expanding field takes the line's spare room
    host.resize(one_line // 2, 400)
    qtbot.wait(20)
    assert len({widget.y() for widget in [*buttons, field]}) > 1
    assert all(widget.geometry().right() < host.width() for widget in [*buttons, field])
    assert flow.heightForWidth(one_line // 2) > flow.heightForWidth(one_line + 200)


def test_a_flow_layout_reads_its_items_sizes_once_however_often_it_is_asked(qtbot) -> None:
    """Qt asks a layout for heights hundreds of times in a pass; each read of an item's size is a call
    into Qt that may hand the interpreter lock to a running notation and wait to get it back."""
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QWidget, QWidgetItem

    reads = []

    class CountedItem(QWidgetItem):
        def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
            reads.append(self)
            return super().sizeHint()

    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    buttons = [QPushButton(f"button {n}", host) for n in range(5)]
    items = [CountedItem(button) for button in buttons]
    for item in items:
        flow.addItem(item)
    narrow = flow.heightForWidth(120)
    wide = flow.heightForWidth(2000)
    first = len(reads)
    for _ in range(20):
        for width in (120, 300, 2000):
            flow.heightForWidth(width)
    flow.sizeHint()
    flow.minimumSize()
    assert len(reads) == first
    assert narrow > wide
    # Sizes that change are read again: the button tells its layout, which forgets the old ones.
    buttons[0].setText("a much, much longer caption than before")
    assert flow.sizeHint().width() > buttons[0].sizeHint().width() + 4 * buttons[1].sizeHint().width()
    assert len(reads) > first
    shown = flow.sizeHint().width()
    buttons[1].hide()
    assert flow.sizeHint().width() == shown - buttons[1].sizeHint().width() - flow.spacing()


def test_view_reopens_any_closed_panel_and_reset_layout_brings_all_back(qtbot) -> None:
    window = open_window(qtbot, "chess", 800, 600)
    listed = set(window.view_menu.actions())
    assert all(dock.toggleViewAction() in listed for dock in window.findChildren(QDockWidget))
    for dock in window.docks():
        dock.close()
    window.notation_dock.toggleViewAction().trigger()
    assert window.notation_dock.isVisible()
    window.moves_dock.show()
    window.moves_dock.setFloating(True)
    window.reset_layout_action.trigger()
    assert all(dock.isVisible() or window.tabifiedDockWidgets(dock) for dock in window.docks())
    assert not any(dock.isFloating() for dock in window.docks())
    assert all(not dock.isHidden() for dock in window.docks())


def test_reset_layout_gives_the_board_its_room_back_after_the_panels_were_widened(qtbot) -> None:
    from PySide6.QtCore import Qt

    window = open_window(qtbot, "chess", 800, 600)
    window.resizeDocks([window.moves_dock, window.position_dock], [300, 300], Qt.Orientation.Horizontal)
    # Laid out at a later turn of the event loop: waited for, not given a fixed 50 ms that a loaded
    # machine may spend before the loop turns at all.
    qtbot.waitUntil(lambda: window.board_view.width() < 300, timeout=10000)
    window.reset_layout_action.trigger()
    qtbot.waitUntil(lambda: assert_usable(window, 800, 600), timeout=10000)


def assert_usable_in_one_column(qtbot, window, width: int, height: int, closed: tuple[str, ...] = ()) -> None:
    """Every panel a tab of one column beside the board, each whole at the column's width; the panels
    titled ``closed`` closed."""
    assert (window.width(), window.height()) == (width, height)
    from dagaz_studio.gui.frame.docks import ONE_COLUMN

    layout = window.layout_of_docks
    names = {dock.objectName() for dock in window.docks() if dock.windowTitle() in closed}
    wanted = {(name, "closed", frozenset()) if name in names else (name, place, tabs - names)
              for name, place, tabs in layout.arrangement_for(ONE_COLUMN)}
    assert as_seen(layout.arrangement()) == wanted
    view = window.board_view
    assert min(view.width(), view.height()) >= 240 and square_px(window) >= USABLE_SQUARE_PX
    shown = [dock for dock in window.docks() if dock.windowTitle() not in closed]
    shown[0].raise_()
    qtbot.waitUntil(lambda: not shown[0].visibleRegion().isEmpty(), timeout=5000)
    assert view.geometry().right() < shown[0].geometry().left()
    for dock in shown:
        dock.raise_()
        qtbot.waitUntil(lambda dock=dock: not dock.visibleRegion().isEmpty(), timeout=5000)
        assert dock.width() >= 180, (dock.windowTitle(), dock.width())
        qtbot.waitUntil(lambda dock=dock: not clipped_sideways(dock), timeout=5000)
    # Nine titles cut to their first letters ("M…", "N…") name no panel: whole, the bar scrolls.
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTabBar

    bars = [bar for bar in window.findChildren(QTabBar) if bar.parent() is window and bar.isVisible()]
    assert bars and all(bar.elideMode() == Qt.TextElideMode.ElideNone for bar in bars)


def as_seen(arrangement: set[tuple[str, str, frozenset[str]]]) -> set[tuple[str, str, frozenset[str]]]:
    """An arrangement as the user sees it: a closed dock with no tabs (Qt may or may not keep its place
    among them)."""
    closed = {name for name, place, _tabs in arrangement if place == "closed"}
    return {(name, place, frozenset() if place == "closed" else tabs - closed) for name, place, tabs in arrangement}


@pytest.mark.parametrize("board", ["chess", "shogi", "oware"])
@pytest.mark.parametrize("width, height", [(481, 371), (640, 480)])
def test_a_very_small_window_has_its_panels_in_one_column_of_tabs(qtbot, board: str, width: int, height: int) -> None:
    """At 481×371 two columns of tabs and the stepper below left the panels 80 and 123 pixels wide,
    each scrolled sideways, and the arranging made the window 800 pixels high."""
    window = open_window(qtbot, board, width, height)
    assert_usable_in_one_column(qtbot, window, width, height)


def test_a_window_made_very_small_and_large_again_gets_its_layout_back(qtbot) -> None:
    """The arranged layout for each width, and a layout of the user's own given back as it was."""
    from PySide6.QtCore import Qt

    from dagaz_studio.gui.frame.docks import WIDE

    window = open_window(qtbot, "shogi", 481, 371, reset=False)
    layout = window.layout_of_docks
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, 481, 371), timeout=10000)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: layout.arrangement() == layout.arrangement_for(WIDE), timeout=10000)
    # The user's own: the notation editor below the position, the help closed.
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, window.notation_dock)
    window.help_dock.close()
    own = as_seen(layout.arrangement())
    window.resize(640, 480)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, 640, 480, closed=("Help",)), timeout=10000)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: as_seen(layout.arrangement()) == own, timeout=10000)
    qtbot.waitUntil(lambda: assert_usable(window, 1280, 800), timeout=10000)


def test_the_lessons_panel_open_is_the_front_tab_of_the_one_column(qtbot) -> None:
    """Left where it was, the open Lessons panel took the top of the column from the panels beside it,
    which it cut to a sliver; back in the wide window its tabs kept running down the column's side."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTabWidget

    from dagaz_studio.gui.frame.docks import ONE_COLUMN

    window = open_window(qtbot, "chess", 1280, 800)
    lessons = window.show_lessons()
    layout = window.layout_of_docks
    window.resize(640, 480)
    qtbot.waitUntil(lambda: layout.arrangement() == layout.arrangement_for(ONE_COLUMN), timeout=10000)
    assert lessons in window.tabifiedDockWidgets(window.moves_dock)
    qtbot.waitUntil(lambda: not lessons.visibleRegion().isEmpty() and lessons.width() >= 240, timeout=10000)
    assert window.board_view.width() >= 240
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.dockWidgetArea(window.moves_dock) == Qt.DockWidgetArea.LeftDockWidgetArea,
                    timeout=10000)
    assert set(window.tabifiedDockWidgets(lessons)) == {window.position_dock, window.board_text_dock,
                                                        window.help_dock, window.tests_dock}
    assert window.tabPosition(Qt.DockWidgetArea.RightDockWidgetArea) == QTabWidget.TabPosition.South
    qtbot.waitUntil(lambda: assert_usable(window, 1280, 800), timeout=10000)


def test_the_one_column_keeps_its_width_in_a_window_reopened_with_it_and_made_small(qtbot) -> None:
    """A window closed while small opens with its one column; made small from a larger size, the column
    was narrowed as a side column of two is, to where its panels scrolled sideways."""
    window = open_window(qtbot, "shogi", 481, 371)
    assert_usable_in_one_column(qtbot, window, 481, 371)
    assert window.close()
    again = open_window(qtbot, "shogi", 640, 480, reset=False)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, again, 640, 480), timeout=10000)
    again.resize(520, 400)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, again, 520, 400), timeout=10000)


def test_a_one_column_with_panels_closed_gets_its_layout_back_when_made_wide(qtbot) -> None:
    """Panels closed by their × in the one column left it matching no layout: made wide again, the
    window kept its one narrow column of tabs beside a board with empty room about it."""
    from dagaz_studio.gui.frame.docks import ONE_COLUMN, WIDE

    window = open_window(qtbot, "chess", 1280, 800)
    layout = window.layout_of_docks
    window.resize(481, 371)
    qtbot.waitUntil(lambda: layout.arrangement() == layout.arrangement_for(ONE_COLUMN), timeout=10000)
    closed = [window.moves_dock, window.notation_dock, window.position_dock]
    for dock in closed:
        dock.close()
    window.resize(1280, 800)
    names = {dock.objectName() for dock in closed}
    wanted = {(name, "closed", frozenset()) if name in names else (name, place, tabs - names)
              for name, place, tabs in layout.arrangement_for(WIDE)}
    qtbot.waitUntil(lambda: as_seen(layout.arrangement()) == wanted, timeout=10000)
    assert all(dock.isHidden() for dock in closed)


def test_a_window_first_shown_very_small_has_its_one_column_whole(qtbot) -> None:
    """Arranged wide and then shown at 481×371, the window made its one column as Qt laid it out on
    the way, 154 pixels wide: the stepper's buttons ran past its edge and every panel scrolled sideways."""
    window = shown_as_made(qtbot, "chess", 481, 371)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, 481, 371), timeout=10000)


def test_the_stepper_s_slider_is_as_long_as_its_buttons_in_the_one_column(qtbot) -> None:
    """Stacked in the narrow column, the slider stayed beside the five buttons, about 20 pixels long:
    too short to drag through a trace's steps."""
    window = open_window(qtbot, "chess", 481, 371)
    player = window.trace_player
    window.trace_dock.raise_()
    qtbot.waitUntil(lambda: not window.trace_dock.visibleRegion().isEmpty(), timeout=5000)
    buttons = player.end_button.geometry().right() - player.start_button.geometry().left()
    qtbot.waitUntil(lambda: player.slider.isVisible() and player.slider.width() >= buttons, timeout=5000)


@pytest.mark.parametrize("board", ["chess", "shogi"])
def test_a_layout_restored_for_a_wide_window_and_shown_very_small_is_one_column(qtbot, board: str) -> None:
    """A layout saved wide and restored into a window shown at 481×371 (its saved size not given
    back, as on a smaller screen) kept its two columns, each panel squeezed and scrolled sideways."""
    window = open_window(qtbot, board, 1280, 800)
    assert window.close()
    again = shown_as_made(qtbot, board, 481, 371)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, again, 481, 371), timeout=10000)


def test_a_layout_restored_in_one_column_and_shown_wide_is_arranged_wide(qtbot) -> None:
    """A layout saved in the one column of a very small window and restored into one shown wide
    kept every panel a tab of that one column beside a board with room to spare."""
    from dagaz_studio.gui.frame.docks import WIDE

    window = open_window(qtbot, "chess", 481, 371)
    assert_usable_in_one_column(qtbot, window, 481, 371)
    assert window.close()
    again = shown_as_made(qtbot, "chess", 1280, 800)
    layout = again.layout_of_docks
    qtbot.waitUntil(lambda: layout.arrangement() == layout.arrangement_for(WIDE), timeout=10000)


def test_a_window_dragged_smaller_than_its_one_column_can_serve_stops_at_the_smallest_usable(qtbot) -> None:
    """Qt let the window go down to 352×281, where the one column was 80 pixels wide and every panel
    in it cut off at the side."""
    from dagaz_studio.gui.frame.docks import MIN_BOARD_SIZE, ONE_COLUMN_SIDE

    window = open_window(qtbot, "chess", 1280, 800)
    window.resize(200, 150)
    smallest = window.minimumSize()
    assert smallest.width() >= MIN_BOARD_SIZE.width() + ONE_COLUMN_SIDE and smallest.height() >= MIN_BOARD_SIZE.height()
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, smallest.width(), smallest.height()), timeout=10000)


def test_lessons_opened_in_the_one_column_come_in_front_with_the_titles_whole(qtbot) -> None:
    """Help ▸ Lessons in a window already in one column made the Lessons panel the column's last tab:
    the bar scrolled down to it, the tab above it cut to "…cord"."""
    from PySide6.QtWidgets import QTabBar

    window = open_window(qtbot, "chess", 640, 480)
    lessons = window.show_lessons()
    assert lessons in window.tabifiedDockWidgets(window.moves_dock)
    qtbot.waitUntil(lambda: not lessons.visibleRegion().isEmpty() and lessons.width() >= 240, timeout=10000)
    assert window.board_view.width() >= 240
    bars = [bar for bar in window.findChildren(QTabBar) if bar.parent() is window and bar.isVisible()]
    assert [bar.tabText(0) for bar in bars] == ["Lessons"]
    bar = bars[0]
    assert bar.currentIndex() == 0
    # Scrolled to no tab but the first, every title the bar shows starts whole at its top.
    assert bar.tabRect(0).top() >= 0


@pytest.mark.parametrize("board", ["chess", "shogi"])
def test_panels_closed_stay_closed_in_the_one_column_and_view_opens_them_there(qtbot, board: str) -> None:
    """Made very small, the window opened in its one column every panel the user had closed by its ×;
    one opened there from View stays open when the window is made wide again."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTabBar

    from dagaz_studio.gui.frame.docks import WIDE

    window = open_window(qtbot, board, 1280, 800)
    layout = window.layout_of_docks
    window.help_dock.close()
    window.record_dock.close()
    window.resize(640, 480)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, 640, 480, closed=("Help", "Game record")),
                    timeout=10000)
    # The front tab closed too: the column is still the column, sized as one, Lessons opened in front.
    window.moves_dock.close()
    window.resize(481, 371)
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, 481, 371, closed=("Help", "Game record", "Moves")),
                    timeout=10000)
    lessons = window.show_lessons()
    bars = [bar for bar in window.findChildren(QTabBar) if bar.parent() is window and bar.isVisible()]
    assert [bar.tabText(0) for bar in bars] == ["Lessons"]
    lessons.close()
    window.moves_dock.toggleViewAction().trigger()
    window.help_dock.toggleViewAction().trigger()
    qtbot.waitUntil(lambda: assert_usable_in_one_column(qtbot, window, 481, 371, closed=("Game record",)), timeout=10000)
    window.resize(1280, 800)
    # The layout given back, the help back among the position's tabs where it was closed.
    wanted = {(name, "closed", frozenset()) if name == "recordDock" else (name, place, tabs - {"recordDock"})
              for name, place, tabs in layout.arrangement_for(WIDE)}
    qtbot.waitUntil(lambda: as_seen(layout.arrangement()) == wanted, timeout=10000)
    assert window.record_dock.isHidden() and not window.help_dock.isHidden()
    assert window.dockWidgetArea(window.moves_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
