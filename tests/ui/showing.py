"""Putting a widget on screen as a user sees it: shown, exposed and the active window.

On a real X server without a window manager (Xvfb) a shown window does not become active
by itself, unlike the offscreen platform; window shortcuts and keyboard focus need it.
"""

from __future__ import annotations


def show_active(qtbot, widget) -> None:
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitActive(widget)
