"""The window is usable at 800 x 600 and 1280 x 720, and a closed panel can always be brought back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractScrollArea, QDockWidget

from dagaz_studio.board import shipped_boards
from dagaz_studio.gui import app


def open_window(qtbot, width: int, height: int):
    window = app.create_window(str(shipped_boards()["chess"]))
    qtbot.addWidget(window)
    window.resize(width, height)
    window.reset_layout()
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(100)
    return window


def clipped_sideways(dock: QDockWidget) -> bool:
    area = dock.widget()
    return isinstance(area, QAbstractScrollArea) and area.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("width, height", [(800, 600), (1280, 720)])
def test_the_board_and_the_stepper_have_room(qtbot, width: int, height: int) -> None:
    window = open_window(qtbot, width, height)
    assert (window.width(), window.height()) == (width, height)
    view = window.board_view
    assert min(view.width(), view.height()) >= 300
    assert window.trace_dock.isVisible() and not clipped_sideways(window.trace_dock)
    visible = [dock for dock in window.docks() if dock.isVisible()]
    assert window.moves_dock in visible and window.notation_dock in visible and window.position_dock in visible
    assert all(dock.width() >= 150 for dock in visible if not dock.visibleRegion().isEmpty())


def test_view_reopens_any_closed_panel_and_reset_layout_brings_all_back(qtbot) -> None:
    window = open_window(qtbot, 800, 600)
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
