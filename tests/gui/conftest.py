"""Fixtures of the window's tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def chess_window(qtbot):
    """The window on the shipped chess board, shown (see tests/helpers/gui_window.py for more)."""
    from tests.helpers.gui_window import open_window

    return open_window(qtbot, "chess")


@pytest.fixture
def collector_as_after_start_up():
    """The garbage collector as the application leaves it once its window is up: everything alive
    then is frozen out of its passes (``app.run`` calls ``gc.freeze()``). Here that includes what
    earlier tests left (hundreds of thousands of objects in a whole run): a pass over them, set off
    by a worker's allocations, holds every thread for as long as a second, which a test of the
    window's responsiveness would take for the window's own freeze."""
    import gc

    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()
