"""Putting a widget on screen as a user sees it: shown, exposed and the active window.

On a real X server without a window manager (Xvfb) a shown window does not become active
by itself, unlike the offscreen platform; window shortcuts and keyboard focus need it.
"""

from __future__ import annotations

from PySide6.QtGui import QCursor, QGuiApplication


def park_pointer() -> None:
    """Put the X server's own pointer in the screen's far corner. QTest's pointer events do
    not move it, and a window appearing under it would get real motion events there,
    interleaved with the test's (a hover on the wrong cell)."""
    corner = QGuiApplication.primaryScreen().geometry().bottomRight()
    QCursor.setPos(corner)


def show_active(qtbot, widget) -> None:
    park_pointer()
    # qtbot.waitExposed / waitActive wait only as context managers around the request.
    with qtbot.waitExposed(widget):
        widget.show()
    with qtbot.waitActive(widget):
        widget.activateWindow()
