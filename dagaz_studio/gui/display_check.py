"""Before Qt starts on an X11 display: are the system libraries its xcb platform plugin loads there?

Without one of them Qt cannot load the plugin and aborts the process (status 134) with a page of
text; the window says instead, in one line, which libraries are missing and how to install them.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

__all__ = ["DisplayLibrariesError", "XCB_LIBRARIES", "missing_xcb_libraries", "check_display_libraries"]

#: The system libraries Qt's xcb platform plugin loads (beyond the X client library itself), and the
#: Debian and Ubuntu package of each.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-util.so.1": "libxcb-util1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
}


class DisplayLibrariesError(ValueError):
    """The window cannot open on this display: ``missing`` are the libraries not found."""

    def __init__(self, missing: list[str]) -> None:
        self.missing = missing
        packages = " ".join(dict.fromkeys(XCB_LIBRARIES.get(name, name) for name in missing))
        super().__init__(f"the window cannot open: Qt's X11 (xcb) platform needs {', '.join(missing)}, not found; "
                         f"on Debian or Ubuntu: sudo apt-get install {packages}")


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_xcb_libraries(environ: Mapping[str, str] | None = None,
                          loads: Callable[[str], bool] = _loads, platform: str = sys.platform) -> list[str]:
    """The xcb plugin's libraries that cannot be loaded, when Qt is about to use xcb (Linux, an X11
    ``DISPLAY``, ``QT_QPA_PLATFORM`` unset or ``xcb``); otherwise (another platform chosen, a Wayland
    session, no display) an empty list: nothing is checked."""
    environ = os.environ if environ is None else environ
    if not platform.startswith("linux") or not environ.get("DISPLAY"):
        return []
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen and not chosen.startswith("xcb"):
        return []
    if not chosen and environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") == "wayland":
        return []  # Qt chooses its Wayland platform there
    # Loading each one is what Qt's own loader would do next; a library found is simply loaded early.
    return [name for name in XCB_LIBRARIES if not loads(name)]


def check_display_libraries(environ: Mapping[str, str] | None = None,
                            loads: Callable[[str], bool] = _loads) -> None:
    """Raise :class:`DisplayLibrariesError` when Qt would fail to load its xcb platform."""
    missing = missing_xcb_libraries(environ, loads)
    if missing:
        raise DisplayLibrariesError(missing)
