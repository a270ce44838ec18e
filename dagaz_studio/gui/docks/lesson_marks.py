"""What the Lessons panel draws: the marks on its board (shapes, not colours alone) and notations in
rich text that wrap in a narrow column."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from dagaz_studio.gui.board_view.style import UNIT
from dagaz_studio.gui.board_view.trace_overlay import StepPieces
from dagaz_studio.gui.lazy_qt import Qt
from dagaz_studio.queries.lessons import Marking, Verdict

#: Above the highlights and pieces, below the trace overlay.
Z_MARKS = 18

AGREE, MISSING, EXTRA = "agree", "missing", "extra"
_INK = {AGREE: QColor("#1e7a3c"), MISSING: QColor("#c05800"), EXTRA: QColor("#b00020")}
_SAID = {AGREE: "the answer reaches it, as the solution does", MISSING: "the solution reaches it; the answer does not",
         EXTRA: "the answer reaches it; the solution does not"}


def mark_item(kind: str, centre: QPointF) -> QGraphicsItem:
    """One square's mark: a disc with a tick (agrees), a dashed ring (missing), a cross (extra)."""
    radius = UNIT * 0.22
    path = QPainterPath()
    pen = QPen(_INK[kind], UNIT * 0.06)
    brush: Any = Qt.BrushStyle.NoBrush
    if kind == AGREE:
        path.addEllipse(QRectF(-radius, -radius, 2 * radius, 2 * radius))
        path.moveTo(-radius * 0.5, 0)
        path.lineTo(-radius * 0.1, radius * 0.45)
        path.lineTo(radius * 0.55, -radius * 0.45)
        pen = QPen(QColor("#ffffff"), UNIT * 0.05)
        brush = QBrush(_INK[kind])
    elif kind == MISSING:
        path.addEllipse(QRectF(-radius, -radius, 2 * radius, 2 * radius))
        pen.setStyle(Qt.PenStyle.DashLine)
    else:
        path.moveTo(-radius, -radius)
        path.lineTo(radius, radius)
        path.moveTo(radius, -radius)
        path.lineTo(-radius, radius)
        pen.setWidthF(UNIT * 0.09)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setBrush(brush)
    item.setPos(centre)
    item.setZValue(Z_MARKS)
    item.setToolTip(_SAID[kind])
    item.setData(0, kind)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    if kind == AGREE:  # the disc's edge: the tick is white, the ring in the colour
        ring = QGraphicsPathItem(path, item)
        ring.setPen(QPen(_INK[kind], UNIT * 0.02))
        ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    return item


def breakable(text: str) -> str:
    """``text`` escaped for rich text, with a place to break after each of its characters: a long
    notation, which has no spaces, wraps in a narrow panel instead of widening it."""
    return "\u200b".join(html.escape(character) for character in text)


def last_lines(message: str) -> str:
    """The last three lines of ``message`` that are not empty (where a long error says what is wrong)."""
    lines = [line for line in message.splitlines() if line.strip()]
    return "\n".join(lines[-3:])


def soft(text: str) -> str:
    """Prose escaped for rich text, its long words (notations) breakable."""
    return " ".join(breakable(word) if len(word) > 16 else html.escape(word) for word in text.split(" "))


def error_html(message: str) -> str:
    """An answer that does not read or run: its message's last lines, as code (a caret under the
    answer's text and where); a message of one line (an answer too long) is a sentence, as prose."""
    if "\n" not in message:
        return f"<span style='color:#b00020'>✘</span> {soft(message)}"
    return f"<span style='color:#b00020'>✘</span> <code>{breakable(last_lines(message))}</code>"


def marking_html(marking: Marking) -> str:
    """What the marks on the board say, counted; or why the answer cannot be marked."""
    if marking.error is not None:
        return error_html(marking.error)
    return (f"Here: {len(marking.agree)} agree, {len(marking.missing)} missing, {len(marking.extra)} extra. "
            "Check (Enter) tries many more positions.")


def verdict_html(verdict: Verdict) -> str:
    """A check's verdict: right, or the position where the answer moves otherwise and how."""
    # How the answer was read, where readers differ (Betza's dialects): said whatever the verdict.
    warned = "".join(f"<br>⚠ {html.escape(warning)}" for warning in verdict.warnings)
    if verdict.passed:
        return f"<b>✔ Right</b>: it moves as the solution on {verdict.positions} positions.{warned}"
    if verdict.fen is None or verdict.square is None:
        return f"✘ {html.escape(verdict.error or 'it moves otherwise')}{warned}"
    if verdict.error:
        # Its moves are not known there: nothing is "only" the answer's or the solution's.
        whose = "Your answer" if verdict.which != "solution" else "The lesson's solution"
        return (f"<b>✘ {whose} runs away</b> here (the piece on {html.escape(verdict.square)}; position "
                f"<code>{breakable(verdict.fen)}</code>): {html.escape(verdict.error)}{warned}"
                "<br>Edit the answer to go back to the exercise.")
    only_a = " ".join(verdict.only_answer[:8]) or "—"
    only_b = " ".join(verdict.only_solution[:8]) or "—"
    # What the position holds that its FEN cannot say, and the difference needs (a piece unmoved).
    unsaid = "".join(f"<br>Unsaid by the FEN: {html.escape(line)}" for line in verdict.unsaid)
    return (f"<b>✘ Not yet</b>: here it moves otherwise (the piece on {html.escape(verdict.square)}; "
            f"position <code>{breakable(verdict.fen)}</code>).{unsaid}<br>Only your answer: {soft(only_a)}"
            f"<br>Only the solution: {soft(only_b)}{warned}<br>Edit the answer to go back to the exercise.")


def step_html(notation: str, span: tuple[int, int] | None, ok: bool, sentence: str, index: int,
              count: int) -> str:
    """Step ``index`` (0-based) of ``count`` of the example's run: the notation with the part executed
    highlighted, and the step's sentence."""
    start, end = span if span is not None else (0, 0)
    shown = (f"<code>{breakable(notation[:start])}<span style='background:#fff1a8; color:#000000; "
             f"font-weight:bold; text-decoration:underline'>{breakable(notation[start:end])}</span>"
             f"{breakable(notation[end:])}</code>")
    return f"Step {index + 1} of {count}: {shown}<br>{'✔' if ok else '✘'} {html.escape(sentence)}"


def step_pieces(film: Any, frame: Any) -> StepPieces:
    """The pieces as the example's run has them at ``frame`` of ``film``: standing, captured, in hand."""
    return StepPieces.at_step(frame.board, film.board, "example piece")
