"""A run drawn frame by frame: the board at each step, with the notation's executed part highlighted
and the step's sentence as a caption beneath — for ``render --trace`` (an animated PNG, or SVG frames).

The frames come from :func:`dagaz_studio.queries.trace_frames.film_of_run`; the board is drawn by the
same view and overlay as the window's stepper.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication

from dagaz_studio.gui.board_view.export import DEFAULT_SCALE, image_size
from dagaz_studio.gui.board_view.position_view import position_placement
from dagaz_studio.gui.board_view.trace_overlay import StepPieces, TraceStep
from dagaz_studio.gui.board_view.view import QtBoardView
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.queries.trace_frames import Film, Frame

#: The caption's height, in lines of its text, under the board.
CAPTION_LINES = 3
_HIGHLIGHT = QColor("#fff1a8")


def _show(view: QtBoardView, film: Film, frame: Frame) -> None:
    view.set_step_pieces(StepPieces.at_step(frame.board, film.board, "typed piece"))
    view.set_trace_step(TraceStep.from_event(frame.event))


def caption_lines(film: Film, number: int) -> tuple[str, str]:
    """The two lines under frame ``number``: the notation (its executed part is highlighted when drawn)
    and the step's sentence."""
    frame = film.frames[number]
    return " ".join(film.notation.split("\n")), frame.sentence


def _caption(painter: QPainter, film: Film, number: int, rect: QRectF) -> None:
    frame = film.frames[number]
    notation = film.notation.replace("\n", " ")
    painter.fillRect(rect, QColor("#ffffff"))
    font = QFont("monospace")
    font.setStyleHint(QFont.StyleHint.TypeWriter)
    size = max(7.0, rect.height() / (CAPTION_LINES + 1))
    font.setPixelSize(int(size))
    metrics = QFontMetricsF(font)
    # The notation shrinks to fit the width, down to a size still read; past it, a window around the part.
    while size > 7 and metrics.horizontalAdvance(notation) > rect.width() - 8:
        size -= 0.5
        font.setPixelSize(int(size))
        metrics = QFontMetricsF(font)
    start, end = frame.span if frame.span is not None and frame.span[1] <= len(notation) else (0, 0)
    shown, offset = notation, 0
    if metrics.horizontalAdvance(notation) > rect.width() - 8:
        room = max(10, int((rect.width() - 8) / max(1.0, metrics.horizontalAdvance("M"))) - 2)
        offset = max(0, min(len(notation) - room, start - room // 3))
        shown = notation[offset:offset + room]
    painter.setFont(font)
    x, y = rect.left() + 4, rect.top() + 4
    line = metrics.height()
    before, part, after = shown[:max(0, start - offset)], shown[max(0, start - offset):max(0, end - offset)], \
        shown[max(0, end - offset):]
    painter.setPen(QColor("#000000"))
    painter.drawText(QRectF(x, y, rect.width(), line), Qt.AlignmentFlag.AlignLeft, before)
    x += metrics.horizontalAdvance(before)
    if part:
        width = metrics.horizontalAdvance(part)
        painter.fillRect(QRectF(x, y, width, line), _HIGHLIGHT)
        painter.drawRect(QRectF(x, y + line - 1, width, 0.5))  # underlined too: not by colour alone
        painter.drawText(QRectF(x, y, width + 2, line), Qt.AlignmentFlag.AlignLeft, part)
        x += width
    painter.drawText(QRectF(x, y, rect.width(), line), Qt.AlignmentFlag.AlignLeft, after)
    sentence_font = QFont()
    sentence_font.setPixelSize(max(8, int(rect.height() / (CAPTION_LINES + 0.5))))
    painter.setFont(sentence_font)
    painter.setPen(QColor("#1e7a3c") if frame.event.ok else QColor("#b00020"))
    mark = "✔" if frame.event.ok else "✘"
    painter.drawText(QRectF(rect.left() + 4, y + line + 2, 40, rect.height()), Qt.AlignmentFlag.AlignLeft, mark)
    painter.setPen(QColor("#000000"))
    painter.drawText(QRectF(rect.left() + 24, y + line + 2, rect.width() - 28, rect.height() - line - 6),
                     int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
                     frame.sentence)


def _paint_frame(view: QtBoardView, film: Film, number: int, painter: QPainter, width: float, board_height: float,
                 caption_height: float) -> None:
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                           | QPainter.RenderHint.SmoothPixmapTransform)
    _show(view, film, film.frames[number])
    painter.fillRect(QRectF(0, 0, width, board_height), view.backgroundBrush())
    view.scene().render(painter, QRectF(0, 0, width, board_height), view.sceneRect())
    _caption(painter, film, number, QRectF(0, board_height, width, caption_height))


def film_pictures(film: Film, suffix: str, scale: float | None = None) -> list[bytes]:
    """Each frame of ``film`` as a ``.png`` or ``.svg`` file's content, drawn without a window."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    view = QtBoardView()
    pictures = []
    try:
        view.set_board(film.board, position_placement(film.start))
        size = image_size(view, scale or DEFAULT_SCALE)
        width, board_height = size.width(), size.height()
        caption_height = max(60, round(width * 0.12))
        for number in range(len(film.frames)):
            data = QByteArray()
            buffer = QBuffer(data)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            if suffix == ".svg":
                generator = QSvgGenerator()
                generator.setOutputDevice(buffer)
                generator.setSize(QSize(width, board_height + caption_height))
                generator.setViewBox(QRectF(0, 0, width, board_height + caption_height))
                generator.setTitle(f"{film.board.name}: step {number + 1} of {len(film.frames)}")
                generator.setDescription(film.frames[number].sentence)
                painter = QPainter(generator)
                try:
                    _paint_frame(view, film, number, painter, width, board_height, caption_height)
                finally:
                    painter.end()
            else:
                image = QImage(width, board_height + caption_height, QImage.Format.Format_ARGB32_Premultiplied)
                if image.isNull():
                    raise MemoryError("no memory for the picture")
                image.fill(QColor("#ffffff"))
                painter = QPainter(image)
                try:
                    _paint_frame(view, film, number, painter, width, board_height, caption_height)
                finally:
                    painter.end()
                if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
                    raise MemoryError("the picture could not be encoded")
            buffer.close()
            pictures.append(bytes(data.data()))
        return pictures
    finally:
        view.deleteLater()
        app.processEvents()
