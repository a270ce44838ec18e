"""Test set-up shared by every test: Qt runs offscreen, settings stay in a temporary folder, and no
test may leave a thread running or a variant loaded in pyffish. The run may be split between processes
(``-n 2``): each has its own temporary folders, and no test may depend on another having run before it."""

from __future__ import annotations

import os
import sys
import weakref

# Before anything imports PySide6: no test needs (or may pop up on) a real display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ("pytester",)

# A property test checks what its examples give, not how fast: Hypothesis's deadline of 200 ms an
# example and its health check of slow data generation count wall time, which a loaded machine
# stretches (a first board parsed, building its parser, took half a second there and failed the test
# as "unreliable timings").
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


@pytest.fixture(scope="session")
def _cache_home(tmp_path_factory):
    """One cache folder for the whole run: boards parsed once stay cached, as on a user's machine."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch, _cache_home):
    """Keep QSettings (and subprocesses' settings), application data and the cache of parsed boards out
    of the user's own."""
    settings_dir = tmp_path / "settings"
    settings_dir.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(settings_dir))
    # Recovery files and other application data stay in the test's folder too.
    monkeypatch.setenv("XDG_DATA_HOME", str(settings_dir / "data"))
    # Parsed boards are cached outside the user's own cache (a test may set its own).
    monkeypatch.setenv("XDG_CACHE_HOME", str(_cache_home))
    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QSettings

        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(QSettings.Format.IniFormat, scope, str(settings_dir))
            QSettings.setPath(QSettings.Format.NativeFormat, scope, str(settings_dir))
    yield settings_dir


_started_threads: weakref.WeakSet = weakref.WeakSet()


def _track_thread_starts() -> None:
    from PySide6.QtCore import QThread

    if getattr(QThread.start, "_tracked", False):
        return
    original = QThread.start

    def start(self, *args, **kwargs):
        _started_threads.add(self)
        return original(self, *args, **kwargs)

    start._tracked = True
    QThread.start = start


@pytest.fixture(autouse=True)
def _no_threads_left_running():
    """Fail a test that leaves a QThread (or a thread-pool task) running."""
    if "PySide6.QtCore" in sys.modules:
        _track_thread_starts()
    yield
    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QThreadPool

    running = [thread for thread in list(_started_threads) if _is_running(thread)]
    pool_busy = not QThreadPool.globalInstance().waitForDone(1000)
    for thread in running:
        # Stop it so that one leak does not break the tests after it.
        thread.requestInterruption()
        thread.quit()
        thread.wait(2000)
    _started_threads.clear()
    if running:
        pytest.fail(f"test left {len(running)} QThread(s) running")
    if pool_busy:
        pytest.fail("test left tasks running in the global QThreadPool")


def _is_running(thread) -> bool:
    try:
        return thread.isRunning()
    except RuntimeError:  # the C++ object is already gone, so the thread is too
        return False


def _pyffish_variants() -> frozenset[str] | None:
    module = sys.modules.get("pyffish")
    return None if module is None else frozenset(module.variants())


@pytest.fixture(autouse=True)
def _no_variants_left_loaded():
    """Fail a test that loads a variants.ini into this process's pyffish (ask Fairy-Stockfish in a child
    process instead): pyffish cannot unload a variant, so every later test in the process would see
    it, and which tests those are depends on how the run is split between processes."""
    before = _pyffish_variants()
    yield
    after = _pyffish_variants()
    if before is not None and after is not None and after != before:
        pytest.fail(f"test left variants loaded in pyffish: {', '.join(sorted(after ^ before))}")


@pytest.fixture(autouse=True)
def _no_modal_questions(monkeypatch):
    """A message box must never wait for a click that no test makes: questions are answered Discard
    (closing a window with edits at the end of a test), notices are acknowledged. A test about a
    question sets its own answers with monkeypatch."""
    if "PySide6.QtWidgets" not in sys.modules:
        yield
        return
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: QMessageBox.StandardButton.Discard)
    # A box built with buttons of its own (such as "Keep editing") is answered the same way.
    monkeypatch.setattr(QMessageBox, "exec", lambda *args, **kwargs: QMessageBox.StandardButton.Discard)
    for name in ("warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, lambda *args, **kwargs: QMessageBox.StandardButton.Ok)
    yield
