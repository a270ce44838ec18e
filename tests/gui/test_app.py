"""Starting the window: shipped boards with their initial positions, the remembered board, the command."""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time

import pytest

from dagaz_studio import cli
from dagaz_studio.board import shipped_boards
from dagaz_studio.commands import gui as gui_command
from dagaz_studio.gui import app
from tests.helpers.gui_boards import diagonal_links

# Messages the offscreen platform prints for any window; they say nothing about the program.
_PLATFORM_NOISE = ("propagateSizeHints",)


@pytest.fixture
def make_window(qtbot):
    def make(path):
        window = app.create_window(path)
        qtbot.addWidget(window)
        return window

    return make


def test_default_is_the_shipped_chess_board_with_its_pieces(make_window):
    window = make_window(None)
    assert window.board.name == "chess"
    assert len(window.board_view.square_items()) == 64
    assert len(window.board_view.piece_items()) == 32


def test_the_last_board_opened_is_opened_next_time(make_window):
    xiangqi = str(shipped_boards()["xiangqi"])
    assert make_window(xiangqi).board.name == "xiangqi"
    assert make_window(None).board.name == "xiangqi"


def test_a_remembered_board_that_is_gone_falls_back_to_chess(make_window, tmp_path):
    copy = tmp_path / "mine.board"
    copy.write_text(shipped_boards()["xiangqi"].read_text(encoding="utf-8"), encoding="utf-8")
    make_window(str(copy))
    copy.unlink()
    assert make_window(None).board.name == "chess"


def test_shipped_xiangqi_is_drawn_on_points_with_river_and_palaces(make_window):
    window = make_window(str(shipped_boards()["xiangqi"]))
    view = window.board_view
    assert len(view.square_items()) == 90
    assert len(view.line_items()) == 10 * 8 + (9 * 9 - 7) + 4
    assert len(view.piece_items()) == 32


def test_shipped_fanorona_draws_a_diagonal_for_each_diagonal_link(make_window):
    window = make_window(str(shipped_boards()["fanorona"]))
    view = window.board_view
    board = window.board
    diagonals = [line for line in view.line_items() if line.line().dx() != 0 and line.line().dy() != 0]
    assert len(view.square_items()) == 45
    assert len(diagonals) == diagonal_links(board) > 0
    assert len(view.piece_items()) == 44


def _gui_args(*argv):
    parser = argparse.ArgumentParser()
    gui_command.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["gui", *argv])


@pytest.mark.parametrize("board", ["no-such.board", "no-such-game"])
def test_gui_command_with_a_missing_board_says_so_with_status_2(capsys, board):
    assert gui_command.run(_gui_args(board)) == 2
    err = capsys.readouterr().err
    assert err.startswith("dagaz-studio: error: ") and board in err
    assert "Traceback" not in err


def test_gui_command_with_a_broken_board_lists_its_problems(capsys, tmp_path):
    broken = tmp_path / "broken.board"
    broken.write_text("grid: a-c x 2-1\nfoo bar\n", encoding="utf-8")
    assert gui_command.run(_gui_args(str(broken))) == 2
    assert "broken.board:2:1:" in capsys.readouterr().err


def _cli_complete() -> bool:
    return all(importlib.util.find_spec(f"dagaz_studio.commands.{cli.MODULES.get(name, name)}")
               for name in cli.COMMANDS)


def _run_cli(argv, tmp_path, **env):
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), **env)
    return subprocess.Popen(
        [sys.executable, "-m", "dagaz_studio", *argv],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _meaningful(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip() and not any(n in line for n in _PLATFORM_NOISE)]


@pytest.mark.skipif(not _cli_complete(), reason="the command line needs every subcommand module")
def test_dagaz_studio_alone_opens_the_window_and_stays_up(tmp_path):
    process = _run_cli([], tmp_path, **{app.QUIT_AFTER_ENV: "3000"})
    try:
        time.sleep(2)
        assert process.poll() is None, process.communicate()[1]
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0
    assert _meaningful(stderr) == []


@pytest.mark.skipif(not _cli_complete(), reason="the command line needs every subcommand module")
def test_dagaz_studio_gui_with_a_bad_path_exits_2_without_a_traceback(tmp_path):
    process = _run_cli(["gui", str(tmp_path / "missing.board")], tmp_path)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 2
    assert "missing.board" in stderr and "Traceback" not in stderr


def test_what_start_up_built_is_kept_out_of_the_collector_once_the_window_is_up(qtbot, monkeypatch):
    import gc

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dagaz_studio.gui.main_window import QtMainWindow

    frozen = []

    def freeze() -> None:
        frozen.append(QApplication.topLevelWidgets())
        # Closed once frozen, not after a fixed time: a loaded machine may take seconds to start.
        for widget in frozen[-1]:
            if isinstance(widget, QtMainWindow):
                QTimer.singleShot(0, widget.close)

    monkeypatch.setattr(gc, "freeze", freeze)
    monkeypatch.setattr(QtMainWindow, "show_welcome", lambda self, force=False: None)
    QTimer.singleShot(60000, QApplication.quit)  # never wait for ever, whatever happens
    assert app.run("chess", quit_after_ms=30000) == 0
    assert len(frozen) == 1 and any(isinstance(widget, QtMainWindow) for widget in frozen[0])


_SHOWN_WITHOUT_PARSING = """
import sys
from PySide6.QtWidgets import QApplication
application = QApplication([])
from dagaz_studio.gui import app
window = app.create_window("chess")
window.show()
application.processEvents()
print("lark" in sys.modules)
window.close()
"""


def test_a_board_opened_before_is_shown_without_parsing_it(tmp_path) -> None:
    """The window's first paint waits for no parser: a board read from the cache of parsed boards
    needs neither the board loader nor Lark until a text is edited or a notation typed."""
    environment = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), QT_QPA_PLATFORM="offscreen",
                       PYTHONPATH=os.pathsep.join(sys.path))
    runs = [subprocess.run([sys.executable, "-c", _SHOWN_WITHOUT_PARSING], env=environment, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    first, second = (run.stdout.split()[-1] for run in runs)
    assert first == "True"  # the first start parsed the board, and kept it
    assert second == "False"


_PAINTS_BOARD_FIRST = """
import sys
from PySide6 import QtCore
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
application = QApplication([])
from dagaz_studio.gui import app
seen = []
class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append((window.panels_built, "dagaz_studio.engine.game" in sys.modules,
                         "dagaz_studio.gui.docks.notation_editor" in sys.modules, "lark" in sys.modules,
                         "Qt" in vars(QtCore), "PySide6.QtSvg" in sys.modules, "difflib" in sys.modules))
        return False
window = app.open_window("chess")
watch = Painted()
window.board_view.viewport().installEventFilter(watch)
window.startedUp.connect(lambda: (seen.append((window.panels_built, window.notation_editor.board is window.board)),
                                  application.quit()))
QTimer.singleShot(60000, application.quit)
application.exec()
print(seen)
window.close()
"""


def test_the_application_paints_its_board_before_building_the_panels(tmp_path) -> None:
    """As the application starts, the board is painted first, with neither the panels nor the
    engine behind them loaded, nor Qt's namespace of enums built (gui/lazy_qt.py: about 10 ms), nor
    the picture export; the panels follow by themselves, on the board that is open."""
    environment = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config"),
                       XDG_DATA_HOME=str(tmp_path / "data"), QT_QPA_PLATFORM="offscreen",
                       PYTHONPATH=os.pathsep.join(sys.path))
    runs = [subprocess.run([sys.executable, "-c", _PAINTS_BOARD_FIRST], env=environment, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    painted, started = eval(runs[1].stdout.strip().splitlines()[-1])  # noqa: S307 - our own script's output
    assert painted == (False,) * 7
    assert started == (True, True)


def test_a_window_opened_as_the_application_does_ends_up_as_a_complete_one(qtbot) -> None:
    window = app.open_window("chess")
    qtbot.addWidget(window)
    assert not window.panels_built and window.board is not None  # the board is there from the first paint
    with qtbot.waitSignal(window.startedUp, timeout=20000):
        pass
    complete = app.create_window("chess")
    qtbot.addWidget(complete)
    assert window.panels_built
    assert [dock.objectName() for dock in window.docks()] == [dock.objectName() for dock in complete.docks()]
    assert [menu.title() for menu in window.menuBar().findChildren(type(window.file_menu))
            if menu.parent() is window.menuBar()] == \
        [menu.title() for menu in complete.menuBar().findChildren(type(complete.file_menu)) if menu.parent() is complete.menuBar()]
    assert window.notation_editor.board is window.board
    assert window.windowTitle() == complete.windowTitle()
    assert window.statusBar().currentMessage() == complete.statusBar().currentMessage() != ""
    with qtbot.waitSignal(window.move_explorer.replyShown, timeout=20000) as blocker:
        window.move_explorer.square_clicked(window.board.index("g1"))
    assert {window.board.squares[m.target] for m in blocker.args[0].shown_moves()} == {"f3", "h3"}


def test_missing_x11_libraries_are_named_before_qt_would_abort() -> None:
    from dagaz_studio.gui.display_check import XCB_LIBRARIES, missing_xcb_libraries

    absent = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    loads = lambda name: name not in absent  # noqa: E731
    x11 = {"DISPLAY": ":0"}
    assert set(missing_xcb_libraries(x11, loads, "linux")) == absent
    assert set(missing_xcb_libraries({**x11, "QT_QPA_PLATFORM": "xcb"}, loads, "linux")) == absent
    # Nothing to check where Qt does not load xcb.
    for environ in ({}, {**x11, "QT_QPA_PLATFORM": "offscreen"},
                    {**x11, "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}):
        assert missing_xcb_libraries(environ, loads, "linux") == []
    assert missing_xcb_libraries(x11, loads, "win32") == []
    assert absent <= set(XCB_LIBRARIES)


def test_the_gui_command_names_missing_x11_libraries_in_one_line_with_status_2(capsys, monkeypatch) -> None:
    from dagaz_studio.gui import display_check

    monkeypatch.setattr(display_check, "_loads", lambda name: name != "libxcb-icccm.so.4")
    monkeypatch.setattr(app.QApplication, "instance", staticmethod(lambda: None))
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert gui_command.run(_gui_args("chess")) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("dagaz-studio: error: ")
    assert "libxcb-icccm.so.4" in err[0] and "apt-get install libxcb-icccm4" in err[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 libraries are looked for on Linux")
def test_on_this_machine_a_missing_library_exits_with_status_2_not_an_abort(tmp_path) -> None:
    from dagaz_studio.gui.display_check import missing_xcb_libraries

    missing = missing_xcb_libraries({"DISPLAY": ":0"})
    if not missing:
        pytest.skip("every X11 library Qt needs is installed here")
    environment = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-m", "dagaz_studio", "chess"], capture_output=True, text=True,
                            env={**environment, "DISPLAY": ":0", "XDG_CONFIG_HOME": str(tmp_path)}, timeout=60)
    assert result.returncode == 2, result.stderr[-2000:]
    assert len(result.stderr.strip().splitlines()) == 1 and missing[0] in result.stderr
