"""Fixtures of the window's tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def chess_window(qtbot):
    """The window on the shipped chess board, shown (see tests/helpers/gui_window.py for more)."""
    from tests.helpers.gui_window import open_window

    return open_window(qtbot, "chess")


def _tear_down_closed_windows() -> None:
    """Delete now the widgets closed tests left to Qt's next turn of the event loop, then collect
    their Python side."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture(autouse=True, scope="module")
def _earlier_modules_frozen():
    """What the tests of earlier modules left alive is kept out of the garbage collector's passes while
    this module's tests run, as the application keeps what start-up built (``app.run`` calls
    ``gc.freeze()``): late in a run it is hundreds of thousands of objects, and each pass over them
    would hold every thread. Unfrozen after the module, and collected before the next one freezes
    what is left."""
    import gc

    _tear_down_closed_windows()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def _earlier_windows_torn_down():
    """The windows earlier tests closed are torn down before this test starts. Left to the event loop's
    next turn and the collector's next pass, their teardown (a quarter of a second of processor time
    for a main window) fell inside this test's own waits, and on a crowded machine, where a process
    gets a tenth of a core, a window's worker missed a ten-second wait for its answer."""
    _tear_down_closed_windows()


@pytest.fixture
def collector_as_after_start_up():
    """The garbage collector as the application leaves it once its window is up: everything alive
    then is frozen out of its passes (``app.run`` calls ``gc.freeze()``), here including what the
    module's earlier tests left, which a test of the window's responsiveness would take for the
    window's own freeze. Unfrozen with the module's (:func:`_earlier_modules_frozen`)."""
    import gc

    gc.collect()
    gc.freeze()
