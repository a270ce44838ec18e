"""The installed Qt binding must not corrupt Python: PySide6 6.12.0 released a reference to None on
every call returning nothing, which aborts the interpreter after a few thousand calls."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF


def test_void_qt_calls_keep_none_alive() -> None:
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(200):
        point.setX(1.0)
    assert sys.getrefcount(None) - before > -50
