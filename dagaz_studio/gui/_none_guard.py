"""A guard against a reference-counting fault of some PySide6 builds on Python 3.11.

With those builds (seen with PySide6 6.12.0) every call of a Qt method that returns nothing takes one
reference away from ``None`` instead of leaving its count alone. Python 3.12 and later never free
``None``, but on 3.11 a window that draws a few thousand items runs the count down to zero and the
interpreter aborts ("Fatal Python error: none_dealloc"), at exit or in the middle of a session.
"""

from __future__ import annotations

import ctypes
import sys

# As many references as no session could take away; the count is a signed machine word.
_RESERVE = 1 << 40
_PROBE_CALLS = 64


def void_calls_drop_none() -> bool:
    """Whether calling a Qt method that returns nothing takes a reference away from ``None``."""
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(_PROBE_CALLS):
        point.setX(1.0)
    return sys.getrefcount(None) <= before - _PROBE_CALLS


def guard_none() -> bool:
    """Keep ``None`` alive for the whole session where the fault is present; returns whether it was."""
    if sys.version_info >= (3, 12) or not void_calls_drop_none():
        return False
    # Python 3.12 makes None immortal in the same way: a count far beyond anything that can be released.
    ctypes.c_ssize_t.from_address(id(None)).value += _RESERVE
    return True
