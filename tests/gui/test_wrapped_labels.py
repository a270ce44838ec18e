"""Word-wrapped text in the panels keeps the height of its lines, and counters show their counts whole,
however long the text said just before."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel

from dagaz_studio.engine import DEFAULT_TRACE_LIMIT
from dagaz_studio.gui.docks.trace_player import MOST_STEPS
from tests.helpers.gui_window import click_and_wait, open_window

#: Frisian kings whose runs stop at the budget, their trace cut at the limit: the Moves panel's status
#: runs to a dozen lines and offers to run longer, and the stepper counts the longest trace there is.
RUNAWAY_FEN = "B:W11,12,20,22,25,31,35,37,K1,K13,K14,K27,K44,K49,K5,K9:B26,K3,K40,K8"


class PaintedHeights(QObject):
    """Each label's height and the height its lines need, whenever it is painted."""

    def __init__(self, labels: list[QLabel]) -> None:
        super().__init__()
        self.painted: list[tuple[str, int, int]] = []
        for label in labels:
            label.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint and isinstance(watched, QLabel):
            self.painted.append((watched.text(), watched.height(), watched.heightForWidth(watched.width())))
        return False


def runaway_window(qtbot, size: tuple[int, int]):
    window = open_window(qtbot, "frisian", size)
    window.document.set_fen(RUNAWAY_FEN)
    return window


def assert_lines_whole(labels: list[QLabel]) -> None:
    for label in labels:
        assert label.height() >= label.heightForWidth(label.width()), f"{label.text()!r} squeezed"
    for i, first in enumerate(labels):
        for second in labels[i + 1:]:
            assert not first.geometry().intersects(second.geometry()), f"{first.text()!r} over {second.text()!r}"


@pytest.mark.parametrize("size", [(1000, 700), (800, 600)])
def test_the_legend_keeps_its_lines_below_a_long_status(qtbot, size: tuple[int, int]) -> None:
    window = runaway_window(qtbot, size)
    panel = window.moves_panel
    labels = list(panel.legend.rows.values())
    spy = PaintedHeights(labels)
    reply = click_and_wait(qtbot, window, "e9")
    assert reply.stopped and not panel.longer.isHidden()
    assert panel.summary.heightForWidth(panel.summary.width()) > 8 * panel.summary.fontMetrics().height()
    # As the panel is when the moves are shown, before any more turns of the event loop, and as it was
    # whenever a label was painted: the scroll bar takes what does not fit.
    assert_lines_whole(labels)
    squeezed = [(text, height, needed) for text, height, needed in spy.painted if height < needed]
    assert spy.painted and not squeezed
    area = window.moves_dock.widget()
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0)
    assert_lines_whole(labels)


def test_the_step_counter_shows_the_longest_trace_whole(qtbot) -> None:
    window = runaway_window(qtbot, (1000, 700))
    player = window.trace_player
    reply = click_and_wait(qtbot, window, "e9")
    # The trace is cut at the limit, and past it the step that says why the run stopped.
    assert reply.trace_truncated and DEFAULT_TRACE_LIMIT < len(reply.trace) <= MOST_STEPS
    counter = player.counter

    def whole() -> bool:
        return counter.width() >= counter.fontMetrics().horizontalAdvance(counter.text())

    assert counter.text() == f"step 1 of {len(reply.trace):,}" and whole()
    player.go_to_end()
    assert counter.text() == f"step {len(reply.trace):,} of {len(reply.trace):,}" and whole()
    widest = f"step {MOST_STEPS:,} of {MOST_STEPS:,}"
    assert counter.minimumWidth() >= counter.fontMetrics().horizontalAdvance(widest)
