"""What Qt needs from the process before its first application object: a UTF-8 character
locale, and (for windows) a display it can reach. Both are settled here, without Qt, so that a
user sees one clear line instead of Qt's warnings or an abort."""

from __future__ import annotations

import locale
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.errors import FoebookError

if TYPE_CHECKING:  # loaded by the X display check only (not on Wayland, Windows, macOS)
    import ctypes

# Every locale category LC_ALL stands for, but the character type Qt needs in UTF-8.
_CATEGORIES = (
    "LC_COLLATE",
    "LC_MESSAGES",
    "LC_MONETARY",
    "LC_NUMERIC",
    "LC_TIME",
    "LC_ADDRESS",
    "LC_IDENTIFICATION",
    "LC_MEASUREMENT",
    "LC_NAME",
    "LC_PAPER",
    "LC_TELEPHONE",
)
# Platforms that draw without a display server (or that Foebook cannot check).
_NEEDS_A_SERVER = ("xcb", "wayland")
_probe: tuple[ctypes.CDLL, int] | None = None  # the display check's X connection, still open


def use_utf8_locale() -> None:
    """In a locale whose character set is not UTF-8 (LC_ALL=C), Qt switches itself to C.UTF-8
    and prints a four-line warning on the terminal. Switching first changes the same thing,
    silently: only the character type; messages, numbers and dates stay as the user set them."""
    if locale.nl_langinfo(locale.CODESET).replace("-", "").upper() == "UTF8":
        return
    try:
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    except locale.Error:  # no C.UTF-8 on this system: leave it to Qt
        return
    forced = os.environ.pop("LC_ALL", None)
    if forced:  # LC_ALL overrides LC_CTYPE: spell out what it set, category by category
        for name in _CATEGORIES:
            os.environ[name] = forced
    os.environ["LC_CTYPE"] = "C.UTF-8"


def missing_display() -> str | None:
    """Why Qt would find no display to open windows on (it aborts then), or None when one is
    there or cannot be checked (another system, a platform asked for by name)."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    asked = os.environ.get("QT_QPA_PLATFORM", "").strip()
    if asked:
        names = [name.split(":")[0].strip() for name in asked.split(";") if name.strip()]
    else:  # what Qt tries by itself: Wayland in a Wayland session, then X11
        wayland = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("XDG_SESSION_TYPE") == (
            "wayland"
        )
        names = ["wayland", "xcb"] if wayland else ["xcb"]
    if any(not name.startswith(_NEEDS_A_SERVER) for name in names):
        return None  # offscreen, vnc, eglfs...: Qt needs no display server for those
    reasons = [_x11_problem() if name == "xcb" else _wayland_problem() for name in names]
    if any(reason is None for reason in reasons):
        return None
    return "; ".join(dict.fromkeys(r for r in reasons if r))


def require_display() -> None:
    """Raise the one-line error for a GUI start without a display."""
    reason = missing_display()
    if reason is not None:
        raise FoebookError(
            f"no graphical display was found ({reason}), so the Foebook window cannot open; "
            "`foebook --help` lists the commands that need none"
        )


def _x11_problem() -> str | None:
    display = os.environ.get("DISPLAY", "")
    if not display:
        return "DISPLAY is not set"
    import ctypes

    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None  # cannot check without the X library; Qt will tell
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    if xcb.xcb_connection_has_error(connection):
        xcb.xcb_disconnect(connection)
        return f"cannot connect to the X display '{display}'"
    # Held until Qt has its own connection: an X server resets when its last client leaves
    # (Xvfb, a bare server) and refuses connections meanwhile, Qt's among them.
    global _probe
    release_display_probe()
    _probe = (xcb, connection)
    return None


def release_display_probe() -> None:
    """Close the display check's connection; call once Qt's application object exists."""
    global _probe
    if _probe is not None:
        xcb, connection = _probe
        _probe = None
        xcb.xcb_disconnect(connection)


def _wayland_problem() -> str | None:
    if os.environ.get("WAYLAND_SOCKET"):
        return None  # handed over as an open connection: nothing to check
    name = os.environ.get("WAYLAND_DISPLAY") or "wayland-0"
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    path = Path(name) if os.path.isabs(name) else Path(runtime) / name
    import socket  # here: only this check uses it, and its import is ~3 ms of every start

    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(2)
            probe.connect(str(path))
    except OSError:
        return f"cannot connect to the Wayland display '{name}'"
    return None
