"""The shared test set-up itself: a test that leaves a thread running is reported."""

from __future__ import annotations

from pathlib import Path

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
