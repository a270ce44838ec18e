"""The theme: the system's dark mode followed, light or dark chosen, and highlight palettes that
colour-blind readers can tell apart, remembered for the next start."""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from dagaz_studio.gui.board_view.style import HIGHLIGHT_KINDS, HIGHLIGHT_QCOLOURS
from dagaz_studio.gui.theme import HIGHLIGHT_PALETTES, QtTheme
from tests.helpers.gui_window import open_window


def _window_is_dark() -> bool:
    return QApplication.instance().palette().color(QPalette.ColorRole.Window).lightnessF() < 0.4


def _contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours."""
    def luminance(colour: QColor) -> float:
        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_dark_light_and_following_the_system(qtbot, monkeypatch) -> None:
    window = open_window(qtbot, "chess")
    theme = window.theme
    try:
        window.theme_menu.theme_actions["dark"].trigger()
        assert theme.dark and _window_is_dark()
        palette = QApplication.instance().palette()
        assert _contrast(palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)) >= 7
        window.theme_menu.theme_actions["light"].trigger()
        assert not theme.dark and not _window_is_dark()
        # Following the system: its colour scheme says which.
        window.theme_menu.theme_actions["system"].trigger()
        monkeypatch.setattr("dagaz_studio.gui.theme.system_is_dark", lambda: True)
        theme._on_system_changed(Qt.ColorScheme.Dark)
        assert theme.dark and _window_is_dark()
        monkeypatch.setattr("dagaz_studio.gui.theme.system_is_dark", lambda: False)
        theme._on_system_changed(Qt.ColorScheme.Light)
        assert not theme.dark
        # A chosen theme does not follow the system.
        window.theme_menu.theme_actions["dark"].trigger()
        theme._on_system_changed(Qt.ColorScheme.Light)
        assert theme.dark
        # The choice is back at the next start.
        assert QtTheme().theme == "dark"
    finally:
        theme.set_theme("system")


def test_the_system_colour_scheme_is_read_from_qt() -> None:
    from dagaz_studio.gui.theme import system_is_dark

    assert system_is_dark() == (QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark)


def _simulate_deuteranopia(colour: QColor) -> tuple[float, float, float]:
    """The colour as a deuteranope sees it (Machado, Oliveira and Fernandes 2009, severity 1), linear RGB."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())
    return (0.367322 * r + 0.860646 * g - 0.227968 * b,
            0.280085 * r + 0.672501 * g + 0.047413 * b,
            -0.011820 * r + 0.042940 * g + 0.968881 * b)


def test_every_palette_colours_every_kind_apart_even_for_a_deuteranope() -> None:
    for name, (_label, colours) in HIGHLIGHT_PALETTES.items():
        assert set(colours) == set(HIGHLIGHT_KINDS), name
        seen = [_simulate_deuteranopia(QColor(colours[kind])) for kind in HIGHLIGHT_KINDS]
        # The kinds a move can show on one board together differ visibly as a deuteranope sees them.
        for (a, ca), (b, cb) in itertools.combinations(zip(HIGHLIGHT_KINDS, seen), 2):
            distance = sum((x - y) ** 2 for x, y in zip(ca, cb)) ** 0.5
            assert distance > 0.05, (name, a, b)


def test_choosing_a_palette_recolours_the_highlights_and_is_remembered(qtbot) -> None:
    window = open_window(qtbot, "chess")
    try:
        window.theme_menu.theme_actions["tol-bright"].trigger()
        assert HIGHLIGHT_QCOLOURS["capture"].name().upper() == HIGHLIGHT_PALETTES["tol-bright"][1]["capture"].upper()
        assert QtTheme().palette == "tol-bright"
    finally:
        window.theme.set_palette("okabe-ito")
    assert HIGHLIGHT_QCOLOURS["move"].name().upper() == "#009E73"


def test_light_is_light_even_where_the_platform_s_palette_is_dark(qtbot) -> None:
    import dagaz_studio.gui.theme as theme_module

    window = open_window(qtbot, "chess")
    saved = theme_module._PLATFORM_PALETTE
    theme_module._PLATFORM_PALETTE = theme_module.dark_palette()
    try:
        window.theme.set_theme("light")
        assert not _window_is_dark()
    finally:
        theme_module._PLATFORM_PALETTE = saved
        window.theme.set_theme("system")


def test_the_notation_s_colours_and_the_step_s_words_read_on_the_dark_theme(qtbot) -> None:
    """Every token of the notation (its ";" and "," included) and every mark of the step's sentence
    stands out from the dark theme's background as from the light one's."""
    import re

    from PySide6.QtGui import QTextFormat

    from tests.helpers.gui_window import click_and_wait

    window = open_window(qtbot, "chess")
    editor, player = window.notation_editor, window.trace_player
    try:
        window.document.set_fen("4k3/8/8/8/8/8/3PP3/3QK2R w K - 0 1")
        click_and_wait(qtbot, window, "e1")
        for theme in ("dark", "light", "dark"):
            window.theme_menu.theme_actions[theme].trigger()
            # The King's run, its piece lifted first, and not an earlier answer still being shown (a
            # busy machine answers the click later).
            # Events are let run first and not after the wait: a later answer arriving between the wait and
            # the reading below would be read half-shown.
            qtbot.wait(50)
            qtbot.waitUntil(lambda: bool(player.sequence) and not player._reply.tracing
                            and any(player._reply.trace[i].kind == "lift" for i in player.sequence), timeout=20000)
            base = editor.text_edit.palette().color(QPalette.ColorRole.Base)
            text = editor.text_edit.palette().color(QPalette.ColorRole.Text)
            block = editor.text_edit.document().firstBlock()
            for token in block.layout().formats():
                brush = token.format.foreground() if token.format.hasProperty(QTextFormat.Property.ForegroundBrush) else None
                colour = brush.color() if brush is not None else text
                shown = block.text()[token.start:token.start + token.length]
                assert _contrast(colour, base) >= 3, (theme, shown, colour.name())
            background = player.palette().color(QPalette.ColorRole.Window)
            lift = next(p for p, i in enumerate(player.sequence) if player._reply.trace[i].kind == "lift")
            for position in (0, lift, len(player.sequence) - 1):
                player.go_to(position)
                for colour in re.findall(r"color:\s*(#[0-9a-fA-F]{6})", player.sentence.text()):
                    assert _contrast(QColor(colour), background) >= 3, (theme, player.sentence.text())
                # The part of the notation the step is at, marked in the editor.
                for mark in editor.text_edit.extraSelections():
                    if mark.format.hasProperty(QTextFormat.Property.BackgroundBrush):
                        ink = mark.format.foreground().color() if mark.format.hasProperty(
                            QTextFormat.Property.ForegroundBrush) else text
                        assert _contrast(ink, mark.format.background().color()) >= 3, theme
    finally:
        window.theme.set_theme("system")


def test_a_new_theme_colours_the_notation_again_without_running_it_again(qtbot) -> None:
    """Switching the theme while stepping through a run re-colours the notation and leaves the run
    where it was: its step, the part of the notation marked, and no new question to the worker (the
    re-colouring changes the text's formats, not its text, and was taken for an edit that ran the
    piece again, from its first step)."""
    from tests.helpers.gui_window import click_and_wait

    window = open_window(qtbot, "chess")
    editor, player, explorer = window.notation_editor, window.trace_player, window.move_explorer
    try:
        window.document.set_fen("4k3/8/8/8/8/8/3PP3/3QK2R w K - 0 1")
        reply = click_and_wait(qtbot, window, "e1")
        player.go_to(3)
        marked, asked = editor.step_selection(), explorer.runner.serial
        assert marked is not None
        for theme in ("dark", "light"):
            window.theme_menu.theme_actions[theme].trigger()
            # The widgets hear of the new palette by events posted to them: those are let run.
            QApplication.sendPostedEvents()
            QApplication.processEvents()
            assert (editor.text_edit.palette().color(QPalette.ColorRole.Base).lightnessF() < 0.5) == (theme == "dark")
            assert explorer.runner.serial == asked and not explorer.runner.running, theme
            assert player._reply is reply and player.position == 3 and editor.step_selection() == marked, theme
    finally:
        window.theme.set_theme("system")
