"""Status marker icons: each status's look (desktop/rulesets/marker_looks.py) as vectors, crisp
at any scale, in the roster, on tokens and in the legend alike."""

from __future__ import annotations

import logging
from functools import cache

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from ui.marker_looks import UNKNOWN, MarkerLook, icon_svg

log = logging.getLogger(__name__)

ICON_SIZE = 16


@cache
def _renderer(look: MarkerLook) -> QSvgRenderer:
    renderer = QSvgRenderer(QByteArray(icon_svg(look)))
    if not renderer.isValid():  # a broken file must not break the roster
        log.warning("status icon %s.svg is not valid SVG; using the plain marker", look.icon)
        renderer = QSvgRenderer(QByteArray(icon_svg(MarkerLook(UNKNOWN.icon, look.colour))))
    return renderer


def paint_status_icon(painter: QPainter, rect: QRectF, look: MarkerLook) -> None:
    """Draw the marker into `rect` as vectors: sharp whatever the device pixel ratio."""
    _renderer(look).render(painter, rect)


def status_pixmap(look: MarkerLook, size: int, ratio: float = 1.0) -> QPixmap:
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_status_icon(painter, QRectF(pixmap.rect()), look)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


@cache
def status_icon(look: MarkerLook) -> QIcon:
    """A QIcon for buttons and lists (pixmaps up to 3x scale)."""
    icon = QIcon()
    for size in (ICON_SIZE, 24, 32):
        for ratio in (1.0, 2.0, 3.0):
            icon.addPixmap(status_pixmap(look, size, ratio))
    return icon
