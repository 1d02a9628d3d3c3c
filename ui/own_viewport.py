"""A scroll area's viewport made from Python, set up as Qt sets up the one it makes itself.

The first time Qt hands Python a widget that Qt made (a view's `viewport()`, the `widget` a
graphics item is painted on), PySide works out its class by building every QWidget subclass
it binds, the dialogs and editors the window never shows among them (~6 ms at start). A
viewport made here is one PySide already knows: the board's and the steps' are handed
over before the first paint, and the roster's once it is laid out."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView, QGraphicsView, QScrollArea, QWidget


def own_viewport(area: QGraphicsView | QScrollArea | QAbstractItemView) -> QWidget:
    """Give `area`, just made, a viewport of our own in place of Qt's; returns it."""
    viewport = QWidget()
    if isinstance(area, QGraphicsView):
        # QGraphicsView's constructor replaces the first viewport with a plain QWidget, set
        # up by setViewport (setupViewport), then takes input method events on it.
        area.setViewport(viewport)
        viewport.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
    else:
        # QAbstractScrollArea names its viewport and fills its background; QScrollArea then
        # leaves the colour role to the parent (NoRole, as a new QWidget has it), an item
        # view sets Base and takes touch events on it.
        viewport.setObjectName("qt_scrollarea_viewport")
        viewport.setAutoFillBackground(True)
        if isinstance(area, QAbstractItemView):
            viewport.setBackgroundRole(QPalette.ColorRole.Base)
            viewport.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)
        area.setViewport(viewport)
    return viewport
