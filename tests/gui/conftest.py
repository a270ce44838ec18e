"""Fixtures of the window's tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def chess_window(qtbot):
    """The window on the shipped chess board, shown (see tests/helpers/gui_window.py for more)."""
    from tests.helpers.gui_window import open_window

    return open_window(qtbot, "chess")


@pytest.fixture(autouse=True, scope="module")
def _earlier_modules_frozen():
    """What the tests of earlier modules left alive is kept out of the garbage collector's passes while
    this module's tests run, as the application keeps what start-up built (``app.run`` calls
    ``gc.freeze()``). Left in, it is hundreds of thousands of objects late in a run: a pass over them,
    set off by a worker's allocations, holds every thread for a second of processor time, ten seconds
    and more on a crowded machine, and a window's worker then misses a test's wait for its answer.
    Unfrozen after the module, and collected before the next one freezes what is left."""
    import gc

    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture
def collector_as_after_start_up():
    """The garbage collector as the application leaves it once its window is up: everything alive
    then is frozen out of its passes (``app.run`` calls ``gc.freeze()``), here including what the
    module's earlier tests left, which a test of the window's responsiveness would take for the
    window's own freeze. Unfrozen with the module's (:func:`_earlier_modules_frozen`)."""
    import gc

    gc.collect()
    gc.freeze()
