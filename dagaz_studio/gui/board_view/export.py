"""Pictures of the board with its pieces and highlights: PNG, SVG, and the clipboard.

Everything is drawn from the view's scene, not grabbed from the screen, so the pictures are the same
with or without a window, at any window size.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication

from dagaz_studio.board.model import Board
from dagaz_studio.engine import Position
from dagaz_studio.gui.board_view.position_view import position_contents, position_hands, position_placement
from dagaz_studio.gui.board_view.view import QtBoardView

#: Image pixels per scene unit (a square is 100 units: 64 pixels).
DEFAULT_SCALE = 0.64
#: The most pixels a picture drawn outside the window may have (an image of 4 bytes a pixel: 160 MB),
#: and its longest side (Qt's painter works in 16-bit device coordinates, and paints nothing past them).
MAX_PIXELS = 40_000_000
MAX_SIDE = 32_000


class PictureTooLarge(ValueError):
    """A picture the asked scale would make larger than :data:`MAX_PIXELS` or :data:`MAX_SIDE`."""

    def __init__(self, width: int, height: int, largest: float) -> None:
        super().__init__(f"the picture would be {width:,} × {height:,} pixels; at most {MAX_PIXELS:,} pixels, "
                         f"{MAX_SIDE:,} a side, are drawn")
        self.width, self.height, self.largest = width, height, largest


def largest_scale(view: QtBoardView) -> float:
    """The largest scale at which the picture of ``view`` stays within the limits."""
    rect = view.sceneRect()
    width, height = max(rect.width(), 1.0), max(rect.height(), 1.0)
    # A little under the exact bound, so rounding the size never takes it over.
    return min(MAX_SIDE / width, MAX_SIDE / height, (MAX_PIXELS / (width * height)) ** 0.5) * 0.999


def image_size(view: QtBoardView, scale: float = DEFAULT_SCALE) -> QSize:
    """The pixel size of the picture of ``view`` at ``scale``: the whole board with its margin."""
    rect = view.sceneRect()
    return QSize(max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale)))


def render_image(view: QtBoardView, scale: float = DEFAULT_SCALE) -> QImage:
    """The board, pieces and highlights of ``view`` as an image."""
    size = image_size(view, scale)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(view.backgroundBrush().color())
    painter = QPainter(image)
    try:
        _paint(view, painter, QRectF(0, 0, size.width(), size.height()))
    finally:
        painter.end()
    return image


def save_png(view: QtBoardView, path: str | Path, scale: float = DEFAULT_SCALE) -> None:
    """Write the picture of ``view`` as a PNG file; raises ``OSError`` when it cannot be written."""
    if not render_image(view, scale).save(str(path), "PNG"):
        raise OSError(f"could not write {path}")


def png_bytes(view: QtBoardView, scale: float = DEFAULT_SCALE) -> bytes:
    """The picture of ``view`` as a PNG file's content."""
    image = render_image(view, scale)
    if image.isNull():
        raise MemoryError("no memory for the picture")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise MemoryError("the picture could not be encoded")
    buffer.close()
    return bytes(data.data())


def svg_bytes(view: QtBoardView, title: str = "", scale: float = DEFAULT_SCALE) -> bytes:
    """The picture of ``view`` as an SVG document."""
    size = image_size(view, scale)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(title or (view.board.name if view.board is not None else "board"))
    generator.setDescription("Drawn by Dagaz Studio")
    painter = QPainter(generator)
    try:
        painter.fillRect(QRectF(0, 0, size.width(), size.height()), view.backgroundBrush())
        _paint(view, painter, QRectF(0, 0, size.width(), size.height()))
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def save_svg(view: QtBoardView, path: str | Path, scale: float = DEFAULT_SCALE) -> None:
    """Write the picture of ``view`` as an SVG file; raises ``OSError`` when it cannot be written."""
    Path(path).write_bytes(svg_bytes(view, scale=scale))


def copy_image(view: QtBoardView, scale: float = DEFAULT_SCALE) -> QImage:
    """Put the picture of ``view`` on the clipboard; returns it."""
    image = render_image(view, scale)
    QGuiApplication.clipboard().setImage(image)
    return image


def _paint(view: QtBoardView, painter: QPainter, target: QRectF) -> None:
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                           | QPainter.RenderHint.SmoothPixmapTransform)
    view.scene().render(painter, target, view.sceneRect())


def draw_position(view: QtBoardView, board: Board, position: Position, highlights: Mapping[int, str]) -> None:
    """Put ``board`` with the pieces of ``position`` (heaps and columns, and in hand too) and ``highlights``
    in ``view``, as the window shows them."""
    view.set_contents(position_contents(position))
    view.set_board(board, position_placement(position))
    view.set_hands(position_hands(position))
    view.set_highlights(highlights)


def picture(board: Board, position: Position, highlights: Mapping[int, str], suffix: str,
            scale: float | None = None) -> tuple[bytes, float]:
    """The picture of ``board`` with ``position`` and ``highlights`` as a ``.png`` or ``.svg`` file's
    content, drawn without a window, and the scale it was drawn at.

    ``scale``: image pixels per scene unit; raises :class:`PictureTooLarge` when it would make the
    picture too large. ``None``: :data:`DEFAULT_SCALE`, or less for a board too large to fit the limits
    at it. Needs a Qt platform (``QT_QPA_PLATFORM=offscreen`` serves).
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = QtBoardView()
    try:
        draw_position(view, board, position, highlights)
        largest = largest_scale(view)
        if scale is None:
            scale = min(DEFAULT_SCALE, largest)
        elif scale > largest:
            size = image_size(view, scale)
            raise PictureTooLarge(size.width(), size.height(), largest)
        data = png_bytes(view, scale) if suffix.lower() == ".png" else svg_bytes(view, scale=scale)
        return data, scale
    finally:
        view.deleteLater()
        app.processEvents()


def render_board(board: Board, position: Position, highlights: Mapping[int, str], out: str | Path,
                 scale: float = DEFAULT_SCALE) -> None:
    """Draw ``board`` with ``position`` and ``highlights`` into ``out`` (``.png`` or ``.svg``), no window.

    Needs a Qt platform (``QT_QPA_PLATFORM=offscreen`` serves). Raises ``OSError`` when the file
    cannot be written, ``ValueError`` for another file type.
    """
    suffix = Path(out).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(f"{out}: the file name must end in .png or .svg")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = QtBoardView()
    try:
        draw_position(view, board, position, highlights)
        if suffix == ".png":
            save_png(view, out, scale)
        else:
            save_svg(view, out, scale)
    finally:
        view.deleteLater()
        app.processEvents()
