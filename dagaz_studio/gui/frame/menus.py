"""The window's menus: File, Edit, View and Help, built once the board has painted."""

from __future__ import annotations

from typing import Any

# Classes looked up when used: the menus are built after the board's first paint.
from PySide6 import QtGui

#: The main window (:class:`~dagaz_studio.gui.main_window.QtMainWindow`, which imports this module):
#: its docks, panels and actions are its attributes.
Window = Any


def build_menus(window: Window) -> None:
    """File, Edit, View and Help, with their actions kept on ``window`` (``window.open_action`` …)."""
    from dagaz_studio.gui.docks.position_editor import undo_actions
    from dagaz_studio.gui.explorer.move_play import xiangqi_style_menu
    from dagaz_studio.gui.files.new_board import create_new_board

    window.file_menu = file_menu = window.menuBar().addMenu("&File")
    window.open_action = QtGui.QAction("&Open…", window)
    window.open_action.setShortcuts(QtGui.QKeySequence.StandardKey.Open)
    window.open_action.triggered.connect(window.choose_file)
    window.new_board_action = QtGui.QAction("&New board…", window)
    window.new_board_action.setShortcuts(QtGui.QKeySequence.StandardKey.New)
    window.new_board_action.setToolTip("Make a board: grid, directions, players and symmetry")
    window.new_board_action.triggered.connect(lambda: create_new_board(
        window, lambda path: window.files.open_path(path, ask=False), may_go=window.files.maybe_save))
    window.open_game_action = QtGui.QAction("Open a &game…", window)
    window.open_game_action.setShortcut(QtGui.QKeySequence("Ctrl+Shift+O"))
    window.open_game_action.setToolTip("The games that come with Dagaz Studio, by family, with a picture each")
    window.open_game_action.triggered.connect(window.choose_game)
    file_menu.addAction(window.new_board_action)
    file_menu.addAction(window.open_action)
    file_menu.addAction(window.open_game_action)
    file_menu.addMenu(window.files.recent_menu)
    window.import_action = QtGui.QAction("&Import Fairy-Stockfish variants…", window)
    window.import_action.setToolTip("A variants.ini's sections as board files: those that import, and why the "
                                    "others cannot")
    window.import_action.triggered.connect(window.import_variants)
    file_menu.addAction(window.import_action)
    file_menu.addSeparator()
    file_menu.addAction(window.files.save_action)
    file_menu.addAction(window.files.save_as_action)
    file_menu.addSeparator()
    file_menu.addAction(window.files.export_png_action)
    file_menu.addAction(window.files.export_svg_action)
    window.export_fsf_action = QtGui.QAction("Export for &Fairy-Stockfish…", window)
    window.export_fsf_action.setToolTip("The board as a Fairy-Stockfish variants.ini section, to save or copy")
    window.export_fsf_action.triggered.connect(lambda: _export_for_fairy_stockfish(window))
    file_menu.addAction(window.export_fsf_action)
    file_menu.addSeparator()
    window.quit_action = QtGui.QAction("&Quit", window)
    window.quit_action.setShortcuts(QtGui.QKeySequence.StandardKey.Quit)
    window.quit_action.setMenuRole(QtGui.QAction.MenuRole.QuitRole)
    window.quit_action.triggered.connect(window.close)
    file_menu.addAction(window.quit_action)
    window.edit_menu = window.menuBar().addMenu("&Edit")
    window.undo_action, window.redo_action = undo_actions(window.document, window)
    window.edit_menu.addAction(window.undo_action)
    window.edit_menu.addAction(window.redo_action)
    window.edit_menu.addSeparator()
    window.setup_action = window.edit_menu.addAction("Use this position as the &setup",
                                                 window.position_editor.use_as_setup)
    window.setup_action.setToolTip(window.position_editor.setup_button.toolTip())
    window.edit_menu.addSeparator()
    window.edit_menu.addAction(window.files.copy_image_action)
    window.view_menu = window.menuBar().addMenu("&View")
    for dock in window.docks():
        window.view_menu.addAction(dock.toggleViewAction())
    window.view_menu.addSeparator()
    window.reset_layout_action = window.view_menu.addAction("&Reset layout", window.reset_layout)
    window.reset_layout_action.setToolTip("Every panel back in its place and shown")
    window.view_menu.addSeparator()
    from dagaz_studio.gui.board_view.orientation import orientation_actions

    #: Zoom in, Zoom out, Fit board, Flip board (board_view/orientation.py).
    window.orientation_actions = orientation_actions(window.board_view.orientation, window)
    window.view_menu.addActions(list(window.orientation_actions.values()))
    window.view_menu.addSeparator()
    from dagaz_studio.gui.theme import QtTheme, refresh_legend, theme_menu

    #: Light, dark or the system's, and the highlight palette (theme.py).
    window.theme = QtTheme(window)
    window.theme.changed.connect(lambda _dark: (window.board_view.viewport().update(),
                                              refresh_legend(window.moves_panel.legend)))
    window.theme.apply()
    window.theme_menu = theme_menu(window.theme, window)
    window.view_menu.addMenu(window.theme_menu)
    window.xiangqi_names_menu = xiangqi_style_menu(window.move_play, window)
    window.view_menu.addMenu(window.xiangqi_names_menu)
    _build_help_menu(window)

def _build_help_menu(window: Window) -> None:
    from dagaz_studio.gui.docks.help import QtShortcutsDialog, show_about

    window.help_menu = window.menuBar().addMenu("&Help")
    for key, title, shortcut in (("notation", "&Notation guide", QtGui.QKeySequence.StandardKey.HelpContents),
                                 ("boards", "&Board-file guide", None)):
        action = window.help_menu.addAction(title)
        if shortcut is not None:
            action.setShortcuts(shortcut)
        action.triggered.connect(lambda _checked=False, k=key: window.show_guide(k))
    from dagaz_studio.gui.docks.lessons import add_lessons_action

    add_lessons_action(window, window.help_menu)
    window.help_menu.addSeparator()
    window.help_menu.addAction("&Keyboard shortcuts", lambda: QtShortcutsDialog(window.menuBar(), window).exec())
    window.help_menu.addAction("&Welcome", lambda: window.show_welcome(force=True))
    about = window.help_menu.addAction("&About Dagaz Studio", lambda: show_about(window))
    about.setMenuRole(QtGui.QAction.MenuRole.AboutRole)


def _export_for_fairy_stockfish(window: Window) -> None:
    # Imported when asked for: the export reads boards as the parser does, which start-up puts off.
    from dagaz_studio.gui.files.export_fsf import export_for_fairy_stockfish

    export_for_fairy_stockfish(window)
