"""Status marker icons: SVG files under resources/icons/status, rendered crisp at any scale."""

from __future__ import annotations

import logging
from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

log = logging.getLogger(__name__)

FALLBACK = "marker"  # drawn for a status whose ruleset names no icon file that exists
ICON_SIZE = 16


def _icon_dir():
    return resources.files("resources").joinpath("icons", "status")


@cache
def has_icon(icon_id: str) -> bool:
    return bool(icon_id) and _icon_dir().joinpath(f"{icon_id}.svg").is_file()


@cache
def _renderer(icon_id: str) -> QSvgRenderer:
    name = icon_id if has_icon(icon_id) else FALLBACK
    data = _icon_dir().joinpath(f"{name}.svg").read_bytes()
    renderer = QSvgRenderer(QByteArray(data))
    if not renderer.isValid():  # a broken file must not break the roster
        log.warning("status icon %s.svg is not valid SVG; using the plain marker", name)
        renderer = QSvgRenderer(QByteArray(_icon_dir().joinpath(f"{FALLBACK}.svg").read_bytes()))
    return renderer


def paint_status_icon(painter: QPainter, rect: QRectF, icon_id: str) -> None:
    """Draw the icon into `rect` as vectors: sharp whatever the device pixel ratio."""
    _renderer(icon_id).render(painter, rect)


def _pixmap(icon_id: str, size: int, ratio: float) -> QPixmap:
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_status_icon(painter, QRectF(pixmap.rect()), icon_id)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


@cache
def status_icon(icon_id: str) -> QIcon:
    """A QIcon for buttons and lists (pixmaps up to 3x scale); plain marker for unknown ids."""
    icon = QIcon()
    for size in (ICON_SIZE, 24, 32):
        for ratio in (1.0, 2.0, 3.0):
            icon.addPixmap(_pixmap(icon_id, size, ratio))
    return icon
