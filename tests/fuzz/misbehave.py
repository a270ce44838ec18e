"""Commands that break the rule on purpose, so that the watchdog's classes can be seen to work."""

from __future__ import annotations

import sys
import time


def main(argv: list[str]) -> int:
    """``hang``, ``memory``, ``raise``, ``exit3``, ``noisy``, ``refuse`` or ``accept``."""
    what = argv[0]
    if what == "hang":
        while True:
            time.sleep(0.05)
    if what == "memory":
        hoard = []
        while True:
            hoard.append(bytearray(2**24))
    if what == "raise":
        raise KeyError((0, 0))
    if what == "exit3":
        return 3
    if what == "noisy":
        print("dagaz-studio: error: bad text:\n" + "9" * 5000, file=sys.stderr)
        return 2
    if what == "refuse":
        print("dagaz-studio: error: 1: a distance of 0 goes nowhere", file=sys.stderr)
        return 2
    return 0
