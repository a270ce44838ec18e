"""The window survives PySide6 builds whose void methods take references away from None."""

from __future__ import annotations

import subprocess
import sys

CALLS = 300_000

SCRIPT = f"""
import dagaz_studio.gui
from PySide6.QtCore import QPointF
point = QPointF()
for _ in range({CALLS}):
    point.setX(1.0)
print("alive")
"""


def test_many_void_qt_calls_do_not_free_none():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "alive"
