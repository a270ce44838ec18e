"""The shared test set-up itself: a test that leaves a thread running, or a variant loaded in pyffish, is
reported."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")


def test_a_thread_left_running_is_reported(pytester):
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        """
        from PySide6.QtCore import QThread

        class Spinner(QThread):
            def run(self):
                while not self.isInterruptionRequested():
                    self.msleep(5)

        kept = []

        def test_leaks_a_thread():
            thread = Spinner()
            thread.start()
            kept.append(thread)

        def test_stops_its_thread():
            thread = Spinner()
            thread.start()
            thread.requestInterruption()
            thread.wait()
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*left 1 QThread(s) running*"])


def test_the_loop_ticks_see_a_thread_that_keeps_the_window_from_the_interpreter_lock(qtbot):
    import sys
    import threading
    import time

    from tests.helpers.gui_window import LoopTicks

    def hold_the_lock() -> None:
        spent = time.thread_time()
        while time.thread_time() - spent < 0.4:
            pass  # pure Python: with a long switch interval, the lock is not asked back in time

    ticks = LoopTicks()
    interval = sys.getswitchinterval()
    # Far longer than the holder can take even on a crowded machine: the interval counts wall time,
    # so a shorter one (a second) let the window take the lock back while the holder, waiting for a
    # core, had run only a part of its 0.4 s.
    sys.setswitchinterval(60.0)
    try:
        qtbot.wait(50)
        holder = threading.Thread(target=hold_the_lock)
        holder.start()
        qtbot.waitUntil(lambda: not holder.is_alive(), timeout=30000)
        holder.join()
        qtbot.wait(50)
    finally:
        sys.setswitchinterval(interval)
        ticks.stop()
    waits = ticks.waits_for_own_threads()
    if not waits:
        import pytest

        pytest.skip("this system keeps no per-thread scheduler statistics")
    assert max(waits) >= 0.3
    try:
        ticks.assert_answering()
    except AssertionError as error:
        assert "waited" in str(error)
    else:
        raise AssertionError("a window kept from the interpreter lock for 0.4 s passed as answering")


def test_a_variant_left_loaded_in_pyffish_is_reported(pytester):
    pytest.importorskip("pyffish")
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        """
        import pyffish as sf

        def test_loads_a_variant():
            sf.load_variant_config("[mychess:chess]\\n")

        def test_only_asks():
            assert "chess" in sf.variants()
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*left variants loaded in pyffish: mychess*"])
