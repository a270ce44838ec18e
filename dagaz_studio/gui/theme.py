"""The window's theme: light or dark (following the system's colour scheme by default), and the
palette the move highlights are drawn in.

Every highlight palette offered stays readable for colour-blind users (Okabe and Ito's, the default,
and Paul Tol's *bright* and *vibrant*), and each highlight kind keeps its own symbol, so that no kind
is told by colour alone. Both choices are kept in the settings; View ▸ Theme sets them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QMenu, QWidget

from dagaz_studio.gui.board_view.style import DEFAULT_HIGHLIGHT_COLOURS, HIGHLIGHT_KINDS, set_highlight_colours
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.gui.settings import settings

#: The theme chosen: ``system`` (follow the system's colour scheme), ``light`` or ``dark``.
THEME_KEY = "view/theme"
#: The highlight palette chosen: a key of :data:`HIGHLIGHT_PALETTES`.
PALETTE_KEY = "view/highlight-palette"
THEMES = {"system": "Follow the system", "light": "Light", "dark": "Dark"}

#: Highlight palettes, each for every kind of :data:`HIGHLIGHT_KINDS`: (label, kind -> colour).
HIGHLIGHT_PALETTES: dict[str, tuple[str, dict[str, str]]] = {
    "okabe-ito": ("Okabe–Ito (colour-blind safe)", dict(DEFAULT_HIGHLIGHT_COLOURS)),
    "tol-bright": ("Tol bright (colour-blind safe)", {
        "move": "#228833", "capture": "#EE6677", "removed": "#AA3377", "destroyed": "#66CCEE",
        "displaced": "#CCBB44", "stop": "#4477AA", "selected": "#BBBBBB"}),
    "tol-vibrant": ("Tol vibrant (colour-blind safe)", {
        "move": "#009988", "capture": "#CC3311", "removed": "#EE3377", "destroyed": "#33BBEE",
        "displaced": "#EE7733", "stop": "#0077BB", "selected": "#BBBBBB"}),
}


#: The application's palette as the platform gave it, kept the first time a theme is applied.
_PLATFORM_PALETTE: QPalette | None = None


def dark_palette() -> QPalette:
    """A dark palette for the widgets, for platforms that have none of their own."""
    palette = QPalette()
    base, window, text = QColor("#1e1f22"), QColor("#2b2d31"), QColor("#e6e6e6")
    for role, colour in ((QPalette.ColorRole.Window, window), (QPalette.ColorRole.WindowText, text),
                         (QPalette.ColorRole.Base, base), (QPalette.ColorRole.AlternateBase, window),
                         (QPalette.ColorRole.ToolTipBase, window), (QPalette.ColorRole.ToolTipText, text),
                         (QPalette.ColorRole.Text, text), (QPalette.ColorRole.Button, window),
                         (QPalette.ColorRole.ButtonText, text), (QPalette.ColorRole.BrightText, QColor("#ff6b6b")),
                         (QPalette.ColorRole.Link, QColor("#7aa7ff")), (QPalette.ColorRole.Highlight, QColor("#3d6dcc")),
                         (QPalette.ColorRole.HighlightedText, QColor("#ffffff")),
                         (QPalette.ColorRole.PlaceholderText, QColor("#9a9a9a"))):
        palette.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def system_is_dark() -> bool:
    """Whether the system asks for a dark colour scheme (Qt 6.5's ``QStyleHints.colorScheme``)."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


class QtTheme(QObject):
    """Applies the chosen theme and highlight palette, and follows the system's colour scheme."""

    #: The widgets' colours changed: whether they are dark now.
    changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        store = settings()
        theme, palette = store.value(THEME_KEY, "system"), store.value(PALETTE_KEY, "okabe-ito")
        self.theme = theme if theme in THEMES else "system"
        self.palette = palette if palette in HIGHLIGHT_PALETTES else "okabe-ito"
        self.dark = False
        self._applying = False
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_changed)

    def apply(self) -> None:
        """Set the widgets' palette for the theme, and the highlight colours for the palette."""
        if self._applying:
            return
        self._applying = True
        try:
            self._apply()
        finally:
            self._applying = False

    def _apply(self) -> None:
        app = QApplication.instance()
        hints = QGuiApplication.styleHints()
        # Asked of Qt too (6.8): native styles that draw with the platform's colours follow it.
        if self.theme == "system":
            hints.unsetColorScheme()
        else:
            hints.setColorScheme(Qt.ColorScheme.Dark if self.theme == "dark" else Qt.ColorScheme.Light)
        dark = self.theme == "dark" or (self.theme == "system" and system_is_dark())
        if isinstance(app, QApplication):
            global _PLATFORM_PALETTE
            if _PLATFORM_PALETTE is None:  # before any theme changed it, in any window
                _PLATFORM_PALETTE = app.palette()
            light = _PLATFORM_PALETTE
            if light.color(QPalette.ColorRole.Window).lightnessF() < 0.5:
                light = app.style().standardPalette()  # a dark platform's own is no light theme
            app.setPalette(dark_palette() if dark else light)
        self.dark = dark
        set_highlight_colours(HIGHLIGHT_PALETTES[self.palette][1])
        self.changed.emit(dark)

    def set_theme(self, theme: str) -> None:
        """Use ``theme`` (a key of :data:`THEMES`) and remember it."""
        if theme in THEMES:
            self.theme = theme
            self._remember(THEME_KEY, theme)
            self.apply()

    def set_palette(self, palette: str) -> None:
        """Draw highlights in ``palette`` (a key of :data:`HIGHLIGHT_PALETTES`) and remember it."""
        if palette in HIGHLIGHT_PALETTES:
            self.palette = palette
            self._remember(PALETTE_KEY, palette)
            self.apply()

    def _on_system_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self.theme == "system":
            self.apply()

    @staticmethod
    def _remember(key: str, value: str) -> None:
        store = settings()
        store.setValue(key, value)
        store.sync()


def refresh_legend(legend: QWidget) -> None:
    """Draw a highlight legend's symbols again in the current colours (its icons are in column 0)."""
    from dagaz_studio.gui.docks.moves_panel import highlight_icon

    layout = legend.layout()
    if not isinstance(layout, QGridLayout):
        return
    for row, kind in enumerate(HIGHLIGHT_KINDS):
        item = layout.itemAtPosition(row, 0)
        label = item.widget() if item is not None else None
        if isinstance(label, QLabel):
            label.setPixmap(highlight_icon(kind).pixmap(28, 28))


def theme_menu(theme: QtTheme, parent: QWidget) -> QMenu:
    """View ▸ Theme: light, dark or the system's, and the highlight palette; both checked as chosen."""
    menu = QMenu("&Theme", parent)
    menu.setToolTipsVisible(True)
    actions: dict[str, QAction] = {}
    for options, current, choose, tip in (
            ({key: label for key, label in THEMES.items()}, theme.theme, theme.set_theme,
             "The window's colours; the system's follows its dark mode"),
            ({key: label for key, (label, _c) in HIGHLIGHT_PALETTES.items()}, theme.palette, theme.set_palette,
             "The colours of the move highlights; each kind keeps its symbol too")):
        group = QActionGroup(menu)
        group.setExclusive(True)
        for key, label in options.items():
            action = QAction(label, menu)
            action.setCheckable(True)
            action.setChecked(key == current)
            action.setToolTip(tip)
            action.triggered.connect(lambda _checked=False, k=key, f=choose: f(k))
            group.addAction(action)
            menu.addAction(action)
            actions[key] = action
        menu.addSeparator()
    menu.theme_actions = actions  # type: ignore[attr-defined]  # for tests
    return menu
